// The code blocks of README.md. Regions are shown verbatim in the README (see
// SnippetCheckTests); the lines around them set up what a reader's app would have and check
// what the README says happens.
import Foundation
import Observation
import ReactiveCore
import ReactiveMVI
import ReactiveMVITesting
import ReactiveTesting
import Testing

@Suite struct ReadmeSnippets {
  @Test func streamsQuickStart() {
    var printed: [String] = []
    func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
    // snippet: readme-streams
    // snippet.import: ReactiveCore

    let bag = DisposeBag()
    let query = PublishRelay<String>()

    query
      .map { $0.trimmingPrefix(while: \.isWhitespace) }
      .filter { !$0.isEmpty }
      .distinctUntilChanged()
      .subscribe(onNext: { print("search:", String($0)) })
      .disposed(by: bag)

    query.accept("  swift")
    // Prints: search: swift
    // end snippet
    #expect(printed == ["search: swift"])
  }

  @Test func storeQuickStart() {
    var printed: [Int] = []
    func print(_ count: Int) { printed.append(count) }
    let plusTaps = PublishRelay<Void>()
    // snippet: readme-store
    // snippet.import: ReactiveMVI   // re-exports ReactiveCore

    struct Counter: Feature {
      struct State: Equatable { var count = 0 }
      enum Intent { case increment, decrement }

      func reduce(_ state: State, _ intent: Intent) -> State {  // a simple feature: no effects
        var state = state
        switch intent {
        case .increment: state.count += 1
        case .decrement: state.count -= 1
        }
        return state
      }
    }

    let store = Store(
      initialState: Counter.State(), feature: Counter(),
      middleware: [.logging(prefix: "[counter] ")])
    let bag = DisposeBag()
    store.states
      .subscribe(onNext: { print($0.count) })  // on the thread that drains the store
      .disposed(by: bag)
    plusTaps.map { Counter.Intent.increment }.bind(to: store).disposed(by: bag)
    store.send(.increment)  // from any thread
    // end snippet
    plusTaps.accept(())
    #expect(printed == [0, 1, 2])
  }

  struct Movie: Equatable, Sendable { var title: String }
  struct MovieAPI: Sendable {
    func search(_ query: String) async throws -> [Movie] { [Movie(title: query)] }
  }

  struct SearchFeature: Feature {
    struct State: Equatable { var movies: [Movie] = [] }
    enum Intent {
      case search(String)
      case open(Movie)
    }
    enum Result: Equatable {
      case started(String)
      case found([Movie])
    }
    enum Event: Equatable { case showDetail(Movie) }
    let api: MovieAPI

    // snippet: readme-handle
    func handle(_ intent: Intent, state: State) -> Effect<Result, Event> {
      switch intent {
      case .search(let query):
        return .merge(
          .result(.started(query)),
          .task { .found(try await api.search(query)) }
            .cancellable(id: "search", cancelInFlight: true))
      case .open(let movie):
        return .event(.showDetail(movie))
      }
    }
    // end snippet

    func reduce(_ state: State, _ result: Result) -> State {
      var state = state
      if case .found(let movies) = result { state.movies = movies }
      return state
    }
  }

  @Test func theHandleExampleSearchesAndOpens() async throws {
    let store = TestStore(
      initialState: SearchFeature.State(), feature: SearchFeature(api: MovieAPI()))
    store.send(.search("Up"))
    await store.receive(.found([Movie(title: "Up")]), timeout: .seconds(300)) {
      $0.movies = [Movie(title: "Up")]
    }
    store.send(.open(Movie(title: "Up")))
    store.receiveEvent(.showDetail(Movie(title: "Up")))
    // The search task ends on its own thread just after its result: wait for it.
    await store.finish(timeout: .seconds(300))
  }

  @Test func stopwatchTest() {
    let scheduler = TestScheduler(initialClock: 0)
    // snippet: readme-teststore
    let store = TestStore(
      initialState: Stopwatch.State(), feature: Stopwatch(scheduler: scheduler),
      scheduler: scheduler)
    store.send(.start) { $0.isRunning = true }
    store.advance(by: 10)
    store.receive(.tick) { $0.seconds = 1 }
    store.send(.stop) { $0.isRunning = false }
    store.finish()  // fails on unasserted changes, results, events, or effects still running
    // end snippet
  }

  @Test func virtualTimeQuickStart() {
    // snippet: readme-virtual-time
    let scheduler = TestScheduler(initialClock: 0)
    let query = scheduler.createHotObservable([
      .next(210, "re"), .next(220, "rea"), .next(300, "react"), .completed(400),
    ])
    let res = scheduler.start { query.debounce(.seconds(30), scheduler: scheduler) }
    #expect(res.events == [.next(250, "rea"), .next(330, "react"), .completed(400)])
    #expect(query.subscriptions == [Subscription(200, 400)])
    // end snippet
  }

  struct User: Sendable { var name: String }
  struct UserAPI {
    func user(id: Int) -> Single<User> { .just(User(name: "Ada")) }
  }

  @Test func traits() {
    var printed: [String] = []
    func print(_ item: Any) { printed.append("\(item)") }
    let api = UserAPI()
    let bag = DisposeBag()
    let relay = PublishRelay<Int>()
    let source = Observable<[Int]>.error(RxError.noElements)
    // snippet: readme-traits
    api.user(id: 7)
      .subscribe(onSuccess: { print($0.name) }, onFailure: { print($0) })
      .disposed(by: bag)

    let one = Observable.of(1, 2).asSingle()  // fails with RxError.moreThanOneElement
    let numbers = relay.asInfallible()  // relays never fail
    let lists = source.asInfallible(onErrorJustReturn: [])
    // end snippet
    #expect(printed == ["Ada"])
    _ = one.subscribe(onFailure: { print($0) })
    #expect(printed.last == "\(RxError.moreThanOneElement)")
    _ = numbers.subscribe()
    _ = lists.subscribe(onNext: { print($0) })
    #expect(printed.last == "[]")
  }

  /// Compiled, not run: `store.states` never completes.
  func asyncAwait(store: Store<Stopwatch>, api: UserAPI, someAsyncSequence: AsyncStream<Int>)
    async throws
  {
    func render(_ state: Stopwatch.State) {}
    struct Database { func save() async throws {} }
    let db = Database()
    // snippet: readme-async
    // Ends on completion, throws the error.
    for try await state in store.states.values { render(state) }
    let user = try await api.user(id: 7).value  // Maybe → value?; Completable → Void
    let rx = someAsyncSequence.asObservable()  // disposing cancels the task
    let save = Completable.async { try await db.save() }
    // end snippet
    _ = (user, rx, save)
  }
}

/// The stopwatch of the README and Docs/Store.md: `start` begins an effect that ticks every 10
/// seconds on the injected scheduler, `stop` cancels it, `announce` publishes the time as an event.
struct Stopwatch: Feature {
  struct State: Equatable {
    var isRunning = false
    var seconds = 0
  }

  enum Intent: Equatable { case start, stop, tick, announce }
  enum Event: Equatable { case announced(Int) }

  let scheduler: any SchedulerType

  func handle(_ intent: Intent, state: State) -> Effect<Intent, Event> {
    switch intent {
    case .start:
      let ticks = Observable<Int>.interval(.seconds(10), scheduler: scheduler).map { _ in
        Intent.tick
      }
      return .merge(
        .result(.start), Effect.observable(ticks).cancellable(id: "timer", cancelInFlight: true))
    case .stop:
      return .merge(.cancel(id: "timer"), .result(.stop))
    case .tick:
      return .result(.tick)
    case .announce:
      return .event(.announced(state.seconds))
    }
  }

  func reduce(_ state: State, _ intent: Intent) -> State {
    var state = state
    switch intent {
    case .start: state.isRunning = true
    case .stop: state.isRunning = false
    case .tick: state.seconds += 1
    case .announce: break
    }
    return state
  }
}

/// The README's counter, for the SwiftUI and UIKit sections; also the `Counter` that doc-comment
/// examples use after `Feature`'s example declared it (its intents are `Codable` for the example of
/// intent recording, its state too for session recording).
struct Counter: Feature {
  struct State: Equatable, Codable { var count = 0 }
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

// snippet: readme-first-feature
// snippet.import: ReactiveMVI

struct Ticker: Feature {
  struct State: Equatable {
    var count = 0
    var isTicking = false
  }
  enum Intent: Equatable { case increment, startStop, tick }

  let scheduler: any SchedulerType  // MainScheduler.instance in the app, a TestScheduler in tests

  // Side effects: what an intent starts. Here `startStop` starts or cancels a one-second timer.
  func handle(_ intent: Intent, state: State) -> Effect<Intent, Never> {
    switch intent {
    case .startStop where state.isTicking:
      return .merge(.cancel(id: "ticks"), .result(.startStop))
    case .startStop:
      let ticks = Observable<Int>.interval(.seconds(1), scheduler: scheduler)
        .map { _ in Intent.tick }
      return .merge(.result(.startStop), Effect.observable(ticks).cancellable(id: "ticks"))
    case .increment, .tick:
      return .result(intent)
    }
  }

  // The state change: pure, one result at a time, whatever thread the intent came from.
  func reduce(_ state: State, _ intent: Intent) -> State {
    var state = state
    switch intent {
    case .increment, .tick: state.count += 1
    case .startStop: state.isTicking.toggle()
    }
    return state
  }
}
// end snippet

// snippet: readme-first-view
@MainActor
final class TickerModel {  // a SwiftUI view holds the ViewStore the same way, in @State
  let viewStore = ViewStore(
    Store(initialState: Ticker.State(), feature: Ticker(scheduler: MainScheduler.instance)))

  var title: String { "Count: \(viewStore.count)" }  // re-rendered only when `count` changes
  var button: String { viewStore.isTicking ? "Stop" : "Start" }
  func plusTapped() { viewStore.send(.increment) }
  func startStopTapped() { viewStore.send(.startStop) }
}
// end snippet

@Suite struct ReadmeFirstScreen {
  @Test func theTickerCountsOnVirtualTime() {
    // snippet: readme-first-test
    // snippet.import: ReactiveMVITesting  // TestStore
    // snippet.import: ReactiveTesting  // TestScheduler

    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Ticker.State(), feature: Ticker(scheduler: scheduler),
      scheduler: scheduler)
    store.send(.increment) { $0.count = 1 }
    store.send(.startStop) { $0.isTicking = true }
    store.advance(by: .seconds(2))  // two virtual seconds, at once
    store.receive(.tick) { $0.count = 2 }
    store.receive(.tick) { $0.count = 3 }
    store.send(.startStop) { $0.isTicking = false }
    store.finish()  // fails on unasserted changes, results, or effects still running
    // end snippet
  }

  @MainActor @Test func theTickerModelShowsTheCount() {
    let model = TickerModel()
    #expect(model.title == "Count: 0" && model.button == "Start")
    model.plusTapped()  // handled synchronously on the main actor: applied before `send` returns
    #expect(model.title == "Count: 1")
    model.startStopTapped()
    #expect(model.button == "Stop")
    model.startStopTapped()
    #expect(model.button == "Start")
  }
}

// snippet: readme-swiftui
@MainActor
final class CounterModel {
  let viewStore = ViewStore(Store(initialState: Counter.State(), feature: Counter()))

  var title: String { "Count: \(viewStore.count)" }  // Observation tracks `count` only
  func plusTapped() { viewStore.send(.increment) }
}
// end snippet

// snippet: readme-uikit
final class Label { var text = "" }  // stands in for a UILabel

@MainActor
final class CounterController {
  let store = Store(initialState: Counter.State(), feature: Counter())
  let countLabel = Label()
  let plusTaps = PublishRelay<Void>()  // a button's taps
  let bag = DisposeBag()

  func bind() {
    store.states
      .asDriver(onErrorJustReturn: Counter.State())  // main thread, shared, never fails
      .map { "Count: \($0.count)" }
      .drive(Binder(countLabel) { label, text in label.text = text })
      .disposed(by: bag)
    plusTaps.asSignal()
      .map { Counter.Intent.increment }
      .emit(to: store)
      .disposed(by: bag)
  }
}
// end snippet

// The waits fail after `localDeadline` (TestSupport); the time limit is the safety net for a hang
// anywhere else, long enough for ThreadSanitizer's slowdown.
@Suite(.timeLimit(.minutes(5)))
@MainActor
struct ReadmeUISnippets {
  @Test func theSwiftUIModelTracksTheCount() async {
    let model = CounterModel()
    #expect(model.title == "Count: 0")
    await withCheckedContinuation { continuation in
      withObservationTracking({ _ = model.title }, onChange: { continuation.resume() })
      model.plusTapped()
    }
    #expect(model.title == "Count: 1")
  }

  @Test func theUIKitControllerShowsTheCount() async {
    let controller = CounterController()
    controller.bind()
    controller.plusTaps.accept(())
    controller.plusTaps.accept(())
    // The label is updated on the main queue: let it run until the label shows the count (the
    // suite's time limit is the safety net; the label may only be read on the main actor).
    while controller.countLabel.text != "Count: 2" { await Task.yield() }
    #expect(controller.countLabel.text == "Count: 2")
  }
}
