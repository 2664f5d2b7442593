import ReactiveMVI
import Testing

@Suite struct EffectTests {
  @Test func cancelByIDStopsTheEffect() {
    expectNoLeaks {
      let store = Store(initialState: Remote.State(), feature: Remote())
      let source = PublishSubject<Int>()
      store.send(.listen(id: "a", source.asObservable()))
      source.onNext(1)
      #expect(store.runningEffectCount == 1)
      store.send(.stop(id: "a"))
      #expect(!source.hasObservers)
      #expect(store.runningEffectCount == 0)
      source.onNext(2)
      #expect(store.state.values == [1])
    }
  }

  @Test func cancelInFlightReplacesTheRunningEffect() {
    expectNoLeaks {
      let store = Store(initialState: Remote.State(), feature: Remote())
      let first = PublishSubject<Int>()
      let second = PublishSubject<Int>()
      let other = PublishSubject<Int>()
      store.send(.listen(id: "a", first.asObservable()))
      store.send(.listen(id: "b", other.asObservable()))
      store.send(.listen(id: "a", second.asObservable(), cancelInFlight: true))
      #expect(!first.hasObservers)
      #expect(second.hasObservers && other.hasObservers)
      first.onNext(1)
      second.onNext(2)
      other.onNext(3)
      #expect(store.state.values == [2, 3])
      store.dispose()
      #expect(!second.hasObservers && !other.hasObservers)
    }
  }

  @Test func outputsOfACancelledEffectStillQueuedAreDropped() {
    // The middleware queues `.stop` while `.listen` is being handled, so `.stop` runs before the
    // three outputs the source emitted synchronously; they must not be reduced.
    let stopper = Middleware<Remote> { activity, context in
      if case .intent(.listen) = activity { context.send(.stop(id: "a")) }
    }
    let store = Store(initialState: Remote.State(), feature: Remote(), middleware: [stopper])
    store.send(.listen(id: "a", Observable.of(1, 2, 3)))
    store.send(.local(9))
    #expect(store.state.values == [9])
    #expect(store.runningEffectCount == 0)
  }

  @Test func anEffectErrorBecomesAResultAndTheStoreGoesOn() {
    let store = Store(initialState: Remote.State(), feature: Remote())
    store.send(.fire(Observable.error(TestError(id: 1))))
    store.send(.local(5))
    #expect(store.state == Remote.State(values: [5], errors: ["TestError(1)"]))
    #expect(store.runningEffectCount == 0)
  }

  @Test func anUnmappedEffectErrorIsReportedToMiddlewareOnly() {
    let failures = Shared<[String]>([])
    let watcher = Middleware<Remote> { activity, _ in
      if case .effectFailed(let error) = activity { failures.append("\(error)") }
    }
    let store = Store(initialState: Remote.State(), feature: Remote(), middleware: [watcher])
    let source = PublishSubject<Int>()
    store.send(.listen(id: "a", source.asObservable()))
    source.onNext(1)
    source.onError(TestError(id: 2))
    store.send(.local(3))
    #expect(failures.value == ["TestError(2)"])
    #expect(store.state == Remote.State(values: [1, 3]))
  }

  @Test func asyncSearchGoesFromLoadingToLoadedEmptyOrError() async {
    let feature = MovieSearch(search: { query in
      switch query {
      case "dune": return ["Dune", "Dune: Part Two"]
      case "offline": throw MovieSearch.SearchError()
      default: return []
      }
    })
    let store = Store(initialState: MovieSearch.State.idle, feature: feature)
    let states = Shared<[MovieSearch.State]>([])
    let subscription = store.states.subscribe(onNext: { states.append($0) })

    store.send(.search("dune"))
    #expect(await eventually { store.state == .loaded(["Dune", "Dune: Part Two"]) })
    store.send(.search("zzz"))
    #expect(await eventually { store.state == .empty(query: "zzz") })
    store.send(.search("offline"))
    #expect(await eventually { store.state == .error("offline") })
    #expect(
      states.value == [
        .idle, .loading(query: "dune"), .loaded(["Dune", "Dune: Part Two"]),
        .loading(query: "zzz"), .empty(query: "zzz"),
        .loading(query: "offline"), .error("offline"),
      ])
    subscription.dispose()
  }

  @Test func clearingCancelsTheSearchTask() async {
    let feature = MovieSearch(search: { _ in
      try await Task.sleep(for: .seconds(3600))
      return ["never"]
    })
    let store = Store(initialState: MovieSearch.State.idle, feature: feature)
    store.send(.search("slow"))
    #expect(store.state == .loading(query: "slow"))
    #expect(store.runningEffectCount == 1)
    store.send(.clear)
    #expect(store.state == .idle)
    #expect(store.runningEffectCount == 0)
  }

  @Test func runEffectSendsSeveralResultsAndEvents() async {
    struct Steps: Feature {
      typealias State = [Int]
      enum Intent { case go }
      typealias Result = Int
      typealias Event = String
      func handle(_ intent: Intent, state: State) -> Effect<Int, String> {
        .run { send in
          send(1)
          send.event("halfway")
          send(2)
        }
      }
      func reduce(_ state: State, _ result: Int) -> State { state + [result] }
    }
    let store = Store(initialState: [], feature: Steps())
    let events = Shared<[String]>([])
    store.send(.go)
    #expect(await eventually { store.state == [1, 2] && store.runningEffectCount == 0 })
    let subscription = store.events.subscribe(onNext: { events.append($0) })
    #expect(events.value == ["halfway"])
    subscription.dispose()
  }

  @Test func aSingleIsAOneShotEffect() {
    struct Fetch: Feature {
      typealias State = [String]
      enum Intent { case fetch(Single<String>) }
      typealias Result = String
      func handle(_ intent: Intent, state: State) -> Effect<String, Never> {
        guard case .fetch(let single) = intent else { return .none }
        return .observable(single).catch { "error: \($0)" }
      }
      func reduce(_ state: State, _ result: String) -> State { state + [result] }
    }
    expectNoLeaks {
      let store = Store(initialState: [], feature: Fetch())
      store.send(.fetch(.just("one")))
      store.send(.fetch(.error(TestError(id: 5))))
      #expect(store.state == ["one", "error: TestError(5)"])
      #expect(store.runningEffectCount == 0)
    }
  }
}
