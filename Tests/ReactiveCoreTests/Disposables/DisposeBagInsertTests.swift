import ReactiveCore
import Testing

@Suite struct DisposeBagInsertTests {
  @Test func insertsArraysAndBuilderBlocksInOrder() {
    let order = Shared<[Int]>([])
    var bag: DisposeBag? = DisposeBag()
    bag?.insert([
      Disposables.create { order.mutate { $0.append(1) } },
      Disposables.create { order.mutate { $0.append(2) } },
    ])
    bag?.insert {
      Disposables.create { order.mutate { $0.append(3) } }
      Disposables.create { order.mutate { $0.append(4) } }
    }
    #expect(order.read(\.isEmpty))
    bag = nil
    #expect(order.value == [1, 2, 3, 4])
  }

  @Test func builderSnippetDisposesWithTheBag() {
    let relay = PublishRelay<Int>()
    var bag: DisposeBag? = DisposeBag()
    // Snippet from DisposeBag.insert(builder:)'s doc comment.
    bag?.insert {
      relay.subscribe(onNext: { print($0) })
    }
    #expect(relay.hasObservers)
    bag = nil
    #expect(!relay.hasObservers)
  }
}
