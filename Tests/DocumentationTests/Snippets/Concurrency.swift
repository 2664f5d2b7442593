// The code blocks of Docs/Concurrency.md and Docs/Schedulers.md.
import ReactiveCore
import ReactiveMVI
import TestSupport
import Testing

@Suite struct ConcurrencyDocSnippets {
  struct User: Sendable { var name: String }
  struct Record: Sendable {}
  struct API { func user(id: Int) -> Single<User> { .just(User(name: "Ada")) } }
  struct Cache {
    func lookup(_ key: String) -> Maybe<Int> { .empty() }
    subscript(key: String) -> Int? { get async { nil } }
  }
  struct Database { func save(_ record: Record) -> Completable { .empty() } }
  struct RecordStore { func save() async throws {} }

  /// Compiled, not run: the loops end only when their sources do.
  func fromRxToAsync(
    store: Store<Stopwatch>, api: API, cache: Cache, database: Database,
    counter: BehaviorRelay<Int>
  ) async throws {
    let key = "k"
    let record = Record()
    func show(_ value: Any) {}
    // snippet: concurrency-to-async
    // Every element; ends on completion, throws the error.
    for try await event in store.events.values { show(event) }

    // One result.
    let user = try await api.user(id: 7).value  // Single<User>
    let cached = try await cache.lookup(key).value  // Maybe<Value>: nil when empty
    try await database.save(record).value  // Completable

    // Relays never fail: no `try`.
    for await count in counter.asInfallible().values { show(count) }
    // end snippet
    show((user, cached))
  }

  @Test func fromAsyncToRx() async throws {
    struct AsyncAPI: Sendable { func user(id: Int) async throws -> User { User(name: "Ada") } }
    let api = AsyncAPI()
    let cache = Cache()
    let store = RecordStore()
    let someAsyncSequence = AsyncStream<Int> {
      $0.yield(1)
      $0.finish()
    }
    @Sendable func compute() async throws -> Int { 42 }
    // snippet: concurrency-from-async
    let ticks = someAsyncSequence.asObservable()  // a Task iterates it per subscription
    let user = Single.async { try await api.user(id: 7) }  // a Task runs it per subscription
    let save = Completable.async { try await store.save() }
    let hit = Maybe.async { await cache[key] }  // nil completes empty
    let numbers = Observable.async { try await compute() }  // one element, then completed
    // end snippet
    #expect(try await ticks.toArray().value == [1])
    #expect(try await user.value.name == "Ada")
    try await save.value
    #expect(try await hit.value == nil)
    #expect(try await numbers.toArray().value == [42])
  }

  /// On the main actor, so that the test suspends on the main queue while it waits: the main
  /// queue then runs what `observe(on:)` scheduled there.
  @Test @MainActor func observeOnTheMainScheduler() async {
    struct Service {
      let results = Observable.of(1, 2, scheduler: ConcurrentDispatchQueueScheduler(qos: .default))
    }
    struct View {
      let rendered = Shared<[(value: Int, onMainThread: Bool)]>([])
      func render(_ value: Int) {
        rendered.mutate { $0.append((value, MainScheduler.isMainThread)) }
      }
    }
    let service = Service()
    let view = View()
    let bag = DisposeBag()
    // snippet: schedulers-observe-on-main
    service.results  // emits on some background queue
      .observe(on: MainScheduler.instance)
      .subscribe(onNext: { view.render($0) })
      .disposed(by: bag)
    // end snippet
    #expect(await eventually { view.rendered.value.count == 2 })
    #expect(view.rendered.value.map(\.value) == [1, 2])
    #expect(view.rendered.value.map(\.onMainThread) == [true, true])
  }
}

private let key = "k"
