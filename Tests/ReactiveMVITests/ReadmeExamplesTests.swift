import ReactiveMVI
import ReactiveTesting
import Testing

/// The README's code, compiled and run, so the README stays true.
@Suite struct ReadmeExamplesTests {
  @Test func coreQuickStart() {
    var printed: [String] = []
    func print(_ items: String...) { printed.append(items.joined(separator: " ")) }

    let bag = DisposeBag()
    let query = PublishRelay<String>()

    query
      .map { $0.trimmingPrefix(while: \.isWhitespace) }
      .filter { !$0.isEmpty }
      .distinctUntilChanged()
      .subscribe(onNext: { print("search:", String($0)) })
      .disposed(by: bag)

    query.accept("  swift")
    query.accept("swift")
    query.accept("   ")
    query.accept("rx")
    #expect(printed == ["search: swift", "search: rx"])
  }

  struct Counter: Feature {
    struct State: Equatable { var count = 0 }
    enum Intent { case increment, decrement }

    func reduce(_ state: State, _ intent: Intent) -> State {
      var state = state
      switch intent {
      case .increment: state.count += 1
      case .decrement: state.count -= 1
      }
      return state
    }
  }

  @Test func storeQuickStart() {
    var log: [String] = []
    var counts: [Int] = []
    let plusTaps = PublishRelay<Void>()

    let store = Store(
      initialState: Counter.State(), feature: Counter(),
      middleware: [.logging(prefix: "[counter] ", sink: { log.append($0) })])
    let bag = DisposeBag()
    store.states
      .subscribe(onNext: { counts.append($0.count) })
      .disposed(by: bag)
    plusTaps.map { Counter.Intent.increment }.bind(to: store).disposed(by: bag)
    store.send(.increment)
    plusTaps.accept(())

    #expect(counts == [0, 1, 2])
    #expect(store.state.count == 2)
    #expect(log.count == 2)
    #expect(log.allSatisfy { $0.hasPrefix("[counter] ") })
  }

  @Test func virtualTimeQuickStart() {
    let scheduler = TestScheduler(initialClock: 0)
    let query = scheduler.createHotObservable([
      .next(210, "re"), .next(220, "rea"), .next(300, "react"), .completed(400),
    ])
    let res = scheduler.start { query.debounce(.seconds(30), scheduler: scheduler) }
    #expect(res.events == [.next(250, "rea"), .next(330, "react"), .completed(400)])
    #expect(query.subscriptions == [Subscription(200, 400)])
  }
}
