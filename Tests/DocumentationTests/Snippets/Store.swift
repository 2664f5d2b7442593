// The code blocks of Docs/Store.md.
import ReactiveMVI
import ReactiveMVITesting
import ReactiveTesting
import Testing

@Suite struct StoreDocSnippets {
  @Test func theStoreInBrief() {
    var printed: [Int] = []
    func print(_ count: Int) { printed.append(count) }
    let buttonTaps = PublishRelay<Void>()
    // snippet: store-brief
    // snippet.import: ReactiveMVI

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

    let store = Store(initialState: Counter.State(), feature: Counter())
    let bag = DisposeBag()
    store.states.subscribe(onNext: { print($0.count) }).disposed(by: bag)
    // Prints: 0
    store.send(.increment)
    // Prints: 1
    buttonTaps.map { Counter.Intent.increment }.bind(to: store).disposed(by: bag)
    // end snippet
    #expect(printed == [0, 1])
    buttonTaps.accept(())
    #expect(printed == [0, 1, 2])
  }

  /// A counter whose intents are `Codable`, so they can be recorded.
  struct Counter: Feature {
    struct State: Equatable { var count = 0 }
    enum Intent: Codable { case increment, decrement }

    func reduce(_ state: State, _ intent: Intent) -> State {
      var state = state
      switch intent {
      case .increment: state.count += 1
      case .decrement: state.count -= 1
      }
      return state
    }
  }

  @Test func logging() {
    // snippet: store-logging
    let store = Store(
      initialState: Counter.State(), feature: Counter(),
      middleware: [.logging(prefix: "[counter] ")])
    store.send(.increment)
    // Prints: [counter] increment -> count: 0 → 1
    // end snippet
    #expect(store.state.count == 1)
  }

  @Test func recordAndReplay() throws {
    // snippet: store-record-replay
    var lines: [String] = []
    let store = Store(
      initialState: Counter.State(), feature: Counter(),
      middleware: [.recordingIntents { lines.append($0) }])  // {"increment":{}}
    store.send(.increment)
    store.send(.increment)

    let copy = Store(initialState: Counter.State(), feature: Counter())
    try copy.replay(jsonLines: lines.joined(separator: "\n"))  // same states
    // end snippet
    #expect(lines == [#"{"increment":{}}"#, #"{"increment":{}}"#])
    #expect(copy.state == store.state)
  }

  @Test func testStore() {
    // snippet: store-teststore
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Stopwatch.State(),
      feature: Stopwatch(scheduler: scheduler), scheduler: scheduler)
    store.send(.start) { $0.isRunning = true }  // state after handling the intent
    store.advance(by: 10)  // virtual time: the effect ticks
    store.receive(.tick) { $0.seconds = 1 }  // each effect result, in order
    store.send(.announce)
    store.receiveEvent(.announced(1))  // each one-off event
    store.send(.stop) { $0.isRunning = false }
    store.finish()  // nothing unasserted, no effect running
    // end snippet
  }

  @Test func movieSearchOnVirtualTime() async {
    // snippet: store-movie-search-test
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)  // a tick is a millisecond
    let search: @Sendable (String) async throws -> [String] = { query in
      if query == "offline" { throw MovieSearch.Offline() }
      return ["\(query) 1", "\(query) 2"]
    }
    let store = TestStore(
      initialState: MovieSearch.State.idle,
      feature: MovieSearch(search: search, scheduler: scheduler),
      scheduler: scheduler)
    store.send(.queryChanged("ali")) { $0 = .loading(query: "ali") }
    store.advance(by: .milliseconds(100))
    store.send(.queryChanged("alien")) { $0 = .loading(query: "alien") }  // "ali" never runs
    store.advance(by: .milliseconds(300))
    await store.receive(
      .found(query: "alien", movies: ["alien 1", "alien 2"]), timeout: .seconds(300)
    ) {
      $0 = .loaded(["alien 1", "alien 2"])
    }
    store.send(.open("alien 1"))
    store.receiveEvent(.showDetail("alien 1"))
    store.send(.queryChanged("offline")) { $0 = .loading(query: "offline") }
    store.advance(by: .milliseconds(300))
    await store.receive(.failed("offline"), timeout: .seconds(300)) { $0 = .error("offline") }
    store.finish()
    // end snippet
  }
}

// snippet: store-movie-search
struct MovieSearch: Feature {
  enum State: Equatable {
    case idle
    case loading(query: String)
    case loaded([String])
    case empty(query: String)
    case error(String)
  }
  enum Intent {
    case queryChanged(String)
    case clear
    case open(String)
  }
  enum Result: Equatable {
    case started(String)
    case found(query: String, movies: [String])
    case failed(String)
    case cleared
  }
  enum Event: Equatable { case showDetail(String) }
  struct SearchID: Hashable, Sendable {}

  var search: @Sendable (String) async throws -> [String]  // the API, injected
  var scheduler: any SchedulerType  // real time in the app, virtual in tests

  func handle(_ intent: Intent, state: State) -> Effect<Result, Event> {
    switch intent {
    case .queryChanged(let query):
      let search = self.search
      return .merge(
        .result(.started(query)),  // loading, at once
        .task { .found(query: query, movies: try await search(query)) }
          // The latest query wins.
          .debounce(id: SearchID(), for: .milliseconds(300), scheduler: scheduler))
    case .clear: return .merge(.cancel(id: SearchID()), .result(.cleared))
    case .open(let movie): return .event(.showDetail(movie))  // navigation: an event
    }
  }

  func reduce(_ state: State, _ result: Result) -> State {
    switch result {
    case .started(let query): return .loading(query: query)
    case .found(let query, let movies):
      return movies.isEmpty ? .empty(query: query) : .loaded(movies)
    case .failed(let message): return .error(message)
    case .cleared: return .idle
    }
  }

  func result(for error: any Error) -> Result? { .failed("\(error)") }  // error is state
}
// end snippet

/// Docs/Store.md's rendering advice, on a view object.
final class StoreDocView {
  let bag = DisposeBag()
  func render(_ state: StoreDocSnippets.Counter.State) {}

  func bind(_ store: Store<StoreDocSnippets.Counter>) {
    // snippet: store-observe-on-main
    store.states
      .observe(on: MainScheduler.instance)
      .subscribe(with: self, onNext: { view, state in view.render(state) })
      .disposed(by: bag)
    // end snippet
  }
}

extension MovieSearch {
  /// The search's failure in the example test.
  struct Offline: Error, CustomStringConvertible {
    var description: String { "offline" }
  }
}
