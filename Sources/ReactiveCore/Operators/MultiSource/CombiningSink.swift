import Synchronization

/// The bookkeeping a `CombiningSink` runs on its drainer (see `CombineLatestStateMachine` and
/// `ZipStateMachine`): plain state, no locking or I/O. Each keeps its phase in an `enum State`
/// that ends in a stopped phase; stopping and completing are the same for both (below).
@usableFromInline
protocol CombiningStateMachine {
  associatedtype State: Equatable
  /// The phase of the result.
  var state: State { get set }
  /// The last phase: the result terminated, and every later source event is ignored (so are
  /// events after disposal, which the sink checks itself).
  static var stopped: State { get }
  /// Which sources completed.
  var completions: SourceCompletions { get set }
  /// Source `index` emits an element: what the sink does with it (`ignore` once stopped). The
  /// sink stores the element after this, unless it completes the result or is ignored.
  mutating func next(_ index: Int) -> CombiningNextAction
}

extension CombiningStateMachine {
  /// Whether the result terminated.
  @inlinable var isStopped: Bool { state == Self.stopped }

  /// An error or a throwing selector: `true` for the first one, which ends the result.
  @inlinable
  mutating func stop() -> Bool {
    guard !isStopped else { return false }
    state = Self.stopped
    return true
  }

  /// Source `index` completed: `true` when the result completes now, that is when every source
  /// completed.
  @inlinable
  mutating func completed(_ index: Int) -> Bool {
    guard !isStopped, completions.complete(index) else { return false }
    state = Self.stopped
    return true
  }
}

/// Which sources of a `combineLatest` or `zip` completed.
@usableFromInline
struct SourceCompletions {
  @usableFromInline var isDone: [Bool]
  /// How many sources completed.
  @usableFromInline var count = 0

  @usableFromInline
  init(arity: Int) {
    isDone = Array(repeating: false, count: arity)
  }

  /// Whether every source but one completed.
  @inlinable var allButOne: Bool { count == isDone.count - 1 }

  /// Records that source `index` completed: `true` when that makes every source complete
  /// (a second completion of the same source changes nothing).
  @inlinable
  mutating func complete(_ index: Int) -> Bool {
    guard !isDone[index] else { return false }
    isDone[index] = true
    count += 1
    return count == isDone.count
  }
}

/// What an element of one source of `combineLatest` or `zip` asks the sink to do.
@usableFromInline
enum CombiningNextAction: Equatable {
  /// Store the element and emit a snapshot.
  case emit
  /// Store the element and wait for the other sources.
  case wait
  /// No snapshot can ever be formed: the result completes now (the element is dropped).
  case complete
  /// The result already ended: the element is dropped.
  case ignore
}

/// The sink of every `combineLatest` and `zip` form (see `CombineLatestSink` and `ZipSink`).
/// `Storage` holds what the sources emitted (their latest values, or one buffer per source);
/// when `machine` says so, `select` takes the snapshot out of it and turns it into the result, in
/// arrival order.
///
/// Each source's observer is a closure written where the operator is defined, calling
/// `on(_:_:_:_:)` with the operator's `select` and the source's `store`, both local
/// functions there: inlined, an uncontended element calls neither through a closure (no context
/// to unpack, no call besides the user's selector). A queued element, handled later on the
/// drainer's turn, uses the same two as closures the sink keeps (`select`, `queuedStores`), made
/// once per subscription; `store` takes the source's index as an argument, so the collection
/// forms need one function for all sources.
///
/// Thread safety: the sources may emit from different threads. Every event runs on the sink's
/// `Drainer`: the thread that finds it idle (one compare-exchange) handles its event (state
/// machine, snapshot, selector, delivery) and then every event that arrived meanwhile, then
/// leaves (one compare-exchange). Everyone else, including a re-entrant event from inside the
/// delivery, queues its event as a closure (a small allocation, only then). So an uncontended
/// event takes no lock, downstream never receives two events at once, events are handled in
/// arrival order, and no lock is held while the selector or downstream runs. `machine` and
/// `storage` are touched by the drainer only.
@usableFromInline
final class CombiningSink<Machine: CombiningStateMachine, Storage, Result>:
  Cancelable, @unchecked Sendable
{
  @usableFromInline let downstream: Downstream<Result>
  /// The operator's `select`, for elements handled from the queue.
  @usableFromInline let select: (inout Storage) throws -> Result
  @usableFromInline let drainer = Drainer<() -> Void>()
  @usableFromInline @exclusivity(unchecked) var machine: Machine
  @usableFromInline @exclusivity(unchecked) var storage: Storage
  @usableFromInline let subscriptions: [SingleAssignmentDisposable]
  /// Each source's `store` as a closure of type `(inout Storage, Int, Element) -> Void`, for its
  /// elements handled from the queue. Slot `index` is written once, by `subscribe` before that
  /// source is subscribed, and read by the drainer only for an element of that source (which
  /// the source's subscription orders after the write); slots are separate memory, so writing
  /// one while another is read is no race.
  @usableFromInline let queuedStores: UnsafeMutablePointer<Any?>
  @usableFromInline let arity: Int
  /// Set by `dispose()`, from any thread.
  @usableFromInline let disposed = Atomic<Bool>(false)
  @usableFromInline let token = ResourceToken()

  @usableFromInline
  init(
    arity: Int, machine: Machine, storage: Storage, downstream: Downstream<Result>,
    select: @escaping (inout Storage) throws -> Result
  ) {
    self.downstream = downstream
    self.select = select
    self.machine = machine
    self.storage = storage
    self.subscriptions = (0..<arity).map { _ in SingleAssignmentDisposable() }
    self.arity = arity
    queuedStores = .allocate(capacity: arity)
    queuedStores.initialize(repeating: nil, count: arity)
  }

  deinit {
    queuedStores.deinitialize(count: arity)
    queuedStores.deallocate()
  }

  @inlinable
  var isDisposed: Bool { disposed.load(ordering: .acquiring) }

  /// Subscribes source `index` with `observer`, a closure that calls `on(_:_:_:_:)` with `store`,
  /// which writes one of the source's elements into `storage`.
  @inlinable
  func subscribe<Source: ObservableConvertibleType>(
    _ source: Source, index: Int,
    store: @escaping (inout Storage, Int, Source.Element) -> Void,
    _ observer: @escaping (Event<Source.Element>) -> Void
  ) {
    (queuedStores + index).pointee = store
    subscriptions[index].setDisposable(
      source.asObservable().subscribe(AnyObserver(eventHandler: observer)))
  }

  /// An event of source `index`: handled now by a new drainer, or queued behind the current one.
  /// `select` (the one the sink keeps) takes a snapshot out of `storage` and makes the result;
  /// `store` (the one given to `subscribe`) writes the source's element into `storage`. Inlined
  /// into the source's observer closure, its only caller, where both are local functions: an
  /// uncontended element calls neither through a closure. A queued element is handled later
  /// with the closures the sink keeps, so that nothing is allocated for the fast path (a
  /// closure made here per element would be, wherever the compiler does not specialize).
  @inlinable @inline(__always)
  func on<Element>(
    _ event: Event<Element>, _ index: Int, _ select: (inout Storage) throws -> Result,
    _ store: (inout Storage, Int, Element) -> Void
  ) {
    if let role = drainer.tryEnter() {
      handle(event, index: index, select: select, store: store)
      if let role = drainer.tryLeave(role) { drainer.drain(role) { $0() } }
      return
    }
    drainer.send({ [self] in handleQueued(event, index: index) }) { $0() }
  }

  /// Handles an element that was queued, with the closures the sink keeps. Drainer only.
  @inlinable
  func handleQueued<Element>(_ event: Event<Element>, index: Int) {
    let store = (queuedStores + index).pointee as! (inout Storage, Int, Element) -> Void
    handle(event, index: index, select: select, store: store)
  }

  /// Runs the state machine for one event and delivers what it decides. Drainer only.
  @inlinable @inline(__always)
  func handle<Element>(
    _ event: Event<Element>, index: Int, select: (inout Storage) throws -> Result,
    store: (inout Storage, Int, Element) -> Void
  ) {
    guard !isDisposed else { return }
    switch event {
    case .next(let element):
      // The machine decides before the element is stored: one test of its phase in the steady
      // state, which also ignores an element after the end.
      switch machine.next(index) {
      case .emit: store(&storage, index, element)
      case .wait:
        store(&storage, index, element)
        return
      case .complete:
        finish(.completed)
        return
      case .ignore: return
      }
      let result: Result
      do {
        result = try select(&storage)
      } catch {
        _ = machine.stop()
        finish(.error(error))
        return
      }
      downstream.onNextWithinDelivery(result)
    case .error(let error):
      if machine.stop() { finish(.error(error)) }
    case .completed:
      guard !machine.isStopped else { return }
      // A finished source is released at once, not when the result ends (as RxSwift).
      if machine.completed(index) { finish(.completed) } else { subscriptions[index].dispose() }
    }
  }

  /// Sends the terminal event and disposes every source. Drainer only.
  @inlinable
  func finish(_ terminal: Event<Result>) {
    downstream.on(terminal)
    disposeSources()
  }

  /// Stops the result: every source is disposed and later source events are ignored.
  @inlinable
  func dispose() {
    disposeSources()
  }

  @inlinable
  func disposeSources() {
    disposed.store(true, ordering: .releasing)
    for subscription in subscriptions { subscription.dispose() }
  }
}
