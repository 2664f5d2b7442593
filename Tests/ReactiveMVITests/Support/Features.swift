import ReactiveMVI

/// The simplest feature: intents reduced directly.
struct Counter: Feature {
  struct State: Equatable, Codable {
    var count = 0
    var label = ""
  }

  enum Intent: Equatable, Codable {
    case increment
    case decrement
    case setLabel(String)
  }

  func reduce(_ state: State, _ intent: Intent) -> State {
    var state = state
    switch intent {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    case .setLabel(let label): state.label = label
    }
    return state
  }
}

/// The movie search of the article: an async effect, loading -> loaded | empty | error.
struct MovieSearch: Feature {
  enum State: Equatable {
    case idle
    case loading(query: String)
    case loaded([String])
    case empty(query: String)
    case error(String)
  }

  enum Intent: Equatable {
    case search(String)
    case clear
    case open(String)
  }

  enum Result: Equatable {
    case started(String)
    case found(query: String, movies: [String])
    case failed(String)
    case cleared
  }

  enum Event: Equatable {
    case showDetail(String)
  }

  struct SearchError: Error, CustomStringConvertible {
    var description: String { "offline" }
  }

  var search: @Sendable (String) async throws -> [String]

  func handle(_ intent: Intent, state: State) -> Effect<Result, Event> {
    switch intent {
    case .search(let query):
      let search = self.search
      return .merge(
        .result(.started(query)),
        .task { .found(query: query, movies: try await search(query)) }
          .cancellable(id: "search", cancelInFlight: true))
    case .clear:
      return .merge(.cancel(id: "search"), .result(.cleared))
    case .open(let movie):
      return .event(.showDetail(movie))
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

  func result(for error: any Error) -> Result? { .failed("\(error)") }
}

/// A feature whose effects are observables the test controls.
struct Remote: Feature {
  struct State: Equatable {
    var values: [Int] = []
    var errors: [String] = []
  }

  enum Intent {
    case listen(id: String, Observable<Int>, cancelInFlight: Bool = false)
    case stop(id: String)
    case fire(Observable<Int>)
    case local(Int)
  }

  enum Result: Equatable {
    case value(Int)
    case failed(String)
  }

  func handle(_ intent: Intent, state: State) -> Effect<Result, Never> {
    switch intent {
    case .listen(let id, let source, let cancelInFlight):
      return .observable(source.map { Result.value($0) })
        .cancellable(id: id, cancelInFlight: cancelInFlight)
    case .stop(let id):
      return .cancel(id: id)
    case .fire(let source):
      return .observable(source.map { Result.value($0) }).catch { .failed("\($0)") }
    case .local(let value):
      return .result(.value(value))
    }
  }

  func reduce(_ state: State, _ result: Result) -> State {
    var state = state
    switch result {
    case .value(let value): state.values.append(value)
    case .failed(let message): state.errors.append(message)
    }
    return state
  }
}
