import ReactiveMVI
import Testing

@testable import ReactiveCore

@Suite struct EventsAndDisposalTests {
  let feature = MovieSearch(search: { _ in [] })

  @Test func eventsAreBufferedUntilTheFirstSubscriberAndDeliveredOnce() {
    expectNoLeaks {
      let store = Store(initialState: MovieSearch.State.idle, feature: feature)
      store.send(.open("a"))
      store.send(.open("b"))
      let first = Shared<[MovieSearch.Event]>([])
      let second = Shared<[MovieSearch.Event]>([])
      let a = store.events.subscribe(onNext: { first.append($0) })
      let b = store.events.subscribe(onNext: { second.append($0) })
      #expect(first.value == [.showDetail("a"), .showDetail("b")])
      #expect(second.value == [])
      store.send(.open("c"))
      #expect(first.value == [.showDetail("a"), .showDetail("b"), .showDetail("c")])
      #expect(second.value == [.showDetail("c")])
      a.dispose()
      b.dispose()
      store.send(.open("d"))
      let late = Shared<[MovieSearch.Event]>([])
      let c = store.events.subscribe(onNext: { late.append($0) })
      #expect(late.value == [.showDetail("d")])
      c.dispose()
    }
  }

  @Test func disposingCancelsEffectsReleasesResourcesAndIgnoresIntents() {
    expectNoLeaks {
      let store = Store(initialState: Remote.State(), feature: Remote())
      let source = PublishSubject<Int>()
      let states = store.states.subscribe(onNext: { _ in })
      store.send(.listen(id: "a", source.asObservable()))
      store.send(.fire(source.asObservable()))
      #expect(store.runningEffectCount == 2)
      store.dispose()
      #expect(store.isDisposed)
      #expect(!source.hasObservers)
      #expect(store.runningEffectCount == 0)
      store.send(.local(1))
      #expect(store.state.values == [])
      states.dispose()
    }
  }

  @Test func releasingTheStoreCancelsEverythingWithNoRetainCycle() {
    let source = PublishSubject<Int>()
    weak var weakStore: Store<Remote>?
    let live = Resources.tracking {
      let bag = DisposeBag()
      var store: Store<Remote>? = Store(
        initialState: Remote.State(), feature: Remote(),
        middleware: [.logging(sink: { _ in }), Middleware { _, context in _ = context.state }])
      weakStore = store
      store?.states.subscribe(onNext: { _ in }).disposed(by: bag)
      store?.events.subscribe(onNext: { _ in }).disposed(by: bag)
      let intents = PublishRelay<Remote.Intent>()
      intents.bind(to: store!).disposed(by: bag)
      intents.accept(.listen(id: "a", source.asObservable()))
      source.onNext(1)
      #expect(store?.state.values == [1])
      store = nil
      // The binding holds the store until the bag goes.
      #expect(weakStore != nil)
      _ = bag
    }.live
    #expect(weakStore == nil)
    #expect(!source.hasObservers)
    #expect(live == 0)
  }

  @Test func releasingTheStoreCancelsItsTasks() async {
    let search = MovieSearch(search: { _ in
      try await Task.sleep(for: .seconds(3600))
      return []
    })
    let scope = ResourceScope()
    weak var weakStore: Store<MovieSearch>?
    Resources.$scope.withValue(scope) {
      var store: Store<MovieSearch>? = Store(initialState: .idle, feature: search)
      weakStore = store
      store?.send(.search("slow"))
      #expect(store?.runningEffectCount == 1)
      #expect(scope.live > 0)
      store = nil
    }
    #expect(weakStore == nil)
    // The cancelled task ends on its own thread; wait for its subscription to go.
    #expect(await eventually { scope.live == 0 })
  }
}
