import ReactiveEngine
import Synchronization

/// The bookkeeping a `CombiningSink` runs on its drainer (see `CombineLatestStateMachine` and
/// `ZipStateMachine`): plain state, no locking or I/O. Both go through the same phases
/// (`CombiningPhase`), and stopping and completing are the same for both (below); they differ
/// only in when an element forms a snapshot (`next`).
@usableFromInline
protocol CombiningStateMachine {
  /// The machine for `arity` sources, as the two- to eight-source forms use it.
  init(arity: Int)
  /// The phase of the result.
  var state: CombiningPhase { get set }
  /// Which sources completed.
  var completions: SourceSet { get set }
  /// How many sources there are.
  var arity: Int { get }
  /// Whether the result of an empty collection of sources emits one (empty) snapshot before it
  /// completes: `combineLatest` does (every one of no sources has a value), `zip` does not
  /// (as RxSwift).
  static var emitsWithoutSources: Bool { get }
  /// Source `index` emits an element: what the sink does with it (`ignore` once stopped). The
  /// sink stores the element after this, unless it completes the result or is ignored.
  mutating func next(_ index: Int) -> CombiningNextAction
}

/// The phase of a `combineLatest` or `zip` result.
@usableFromInline
enum CombiningPhase: Equatable {
  /// Not every source has a value yet (`combineLatest` only): elements are stored, nothing is
  /// emitted.
  case collecting
  /// Elements form snapshots: `combineLatest` emits one for each element, `zip` (which starts
  /// here) one whenever every source has one queued.
  case combining
  /// The result terminated (it completed or failed, or the selector threw): every later event
  /// is ignored. (A disposal stops the sink, which checks that itself.)
  case stopped
}

extension CombiningStateMachine {
  /// Whether the result terminated.
  @inlinable var isStopped: Bool { state == .stopped }

  /// An error or a throwing selector: `true` for the first one, which ends the result.
  @inlinable
  mutating func stop() -> Bool {
    guard !isStopped else { return false }
    state = .stopped
    return true
  }

  /// Source `index` completed: `true` when the result completes now, that is when every source
  /// completed.
  @inlinable
  mutating func completed(_ index: Int) -> Bool {
    guard !isStopped, completions.insert(index) else { return false }
    state = .stopped
    return true
  }
}

/// What a `CombiningSink` keeps of one source's elements until they form a snapshot:
/// `combineLatest` keeps the latest (`LatestValue`), `zip` every one not yet paired (`FIFO`).
/// The state machine says when a snapshot forms; the slot only stores and takes.
@usableFromInline
protocol CombiningSlot<Value> {
  associatedtype Value
  /// Stores an element of the source.
  mutating func store(_ value: Value)
  /// The source's part of a snapshot, taken only when the state machine emits (so there is
  /// one): the latest value, kept for the next snapshot, or the oldest queued one, removed.
  mutating func take() -> Value
}

/// A `combineLatest` slot: the source's latest value, `nil` until it has one.
@usableFromInline
struct LatestValue<Value>: CombiningSlot {
  @usableFromInline var value: Value?

  @inlinable init() {}

  @inlinable mutating func store(_ value: Value) { self.value = value }

  @inlinable func take() -> Value { value! }
}

/// A `zip` slot: the source's elements not yet paired, oldest first.
extension FIFO: CombiningSlot {
  @inlinable mutating func store(_ value: Element) { append(value) }

  @inlinable mutating func take() -> Element { popFirst()! }
}

/// A set of the sources of a `combineLatest` or `zip`, counted: the ones that completed, or
/// (`combineLatest`) the ones that have a value.
@usableFromInline
struct SourceSet {
  @usableFromInline var contains: [Bool]
  /// How many sources are in the set.
  @usableFromInline var count = 0

  @usableFromInline
  init(arity: Int) {
    contains = Array(repeating: false, count: arity)
  }

  /// Whether every source but one is in the set.
  @inlinable var allButOne: Bool { count == contains.count - 1 }

  /// Adds source `index`: `true` when that puts every source in the set (adding a source that
  /// is in already changes nothing).
  @inlinable @inline(__always)
  mutating func insert(_ index: Int) -> Bool {
    guard !contains[index] else { return false }
    contains[index] = true
    count += 1
    return count == contains.count
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

/// The sink of every `combineLatest` and `zip` form: the two differ only in `Machine`
/// (`CombineLatestStateMachine`, `ZipStateMachine`) and in the slots `Storage` is made of (a
/// tuple of them for the 2…8 forms, an array for the collection form): `LatestValue` keeps a
/// source's latest value, `FIFO` its unpaired elements. When `machine` says so, `select` takes
/// the snapshot out of the slots and turns it into the result, in arrival order.
///
/// Each source's observer is a closure written in `ObservableType.combining` (one per arity,
/// one for collections), calling `on(_:_:_:_:)` with the operator's `select` and the source's
/// `store`, both local functions there: inlined, an uncontended element calls neither through a closure (no context
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
/// `storage` are drainer-owned (`DrainerOwned`).
@usableFromInline
final class CombiningSink<Machine: CombiningStateMachine, Storage, Result>:
  Cancelable, DrainerOwner, @unchecked Sendable
{
  @usableFromInline let downstream: Downstream<Result>
  /// The operator's `select`, for elements handled from the queue.
  @usableFromInline let select: (inout Storage) throws -> Result
  @usableFromInline let drainer = Drainer<Queued>()
  @usableFromInline @exclusivity(unchecked) var machine: DrainerOwned<Machine>
  @usableFromInline @exclusivity(unchecked) var storage: DrainerOwned<Storage>
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
    machine: Machine, storage: Storage, downstream: Downstream<Result>,
    select: @escaping (inout Storage) throws -> Result
  ) {
    let arity = machine.arity
    self.downstream = downstream
    self.select = select
    self.machine = DrainerOwned(machine)
    self.storage = DrainerOwned(storage)
    self.subscriptions = (0..<arity).map { _ in SingleAssignmentDisposable() }
    self.arity = arity
    queuedStores = .allocate(capacity: arity)
    queuedStores.initialize(repeating: nil, count: arity)
  }

  deinit {
    queuedStores.deinitialize(count: arity)
    queuedStores.deallocate()
    let words = downstream.observer.layoutWords
    Trampoline.releaseDownstream(of: self, expecting: words)
  }

  @inlinable
  var isDisposed: Bool { disposed.load(ordering: .acquiring) }

  /// An event queued behind the drainer's turn, with the role of the turn that handles it.
  @usableFromInline typealias Queued = (borrowing DrainerRole) -> Void

  /// Runs a queued event (see `on(_:_:_:_:)`).
  @inlinable @inline(__always)
  func handle(_ queued: Queued, _ role: borrowing DrainerRole) { queued(role) }

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
      handle(event, index: index, select: select, store: store, role)
      drainer.leave(role, for: self)
      return
    }
    drainer.submitContended({ [self] in handleQueued(event, index: index, $0) }, to: self)
  }

  /// Handles an element that was queued, with the closures the sink keeps.
  @inlinable
  func handleQueued<Element>(
    _ event: Event<Element>, index: Int, _ role: borrowing DrainerRole
  ) {
    let store = (queuedStores + index).pointee as! (inout Storage, Int, Element) -> Void
    handle(event, index: index, select: select, store: store, role)
  }

  /// Runs the state machine for one event and delivers what it decides.
  @inlinable @inline(__always)
  func handle<Element>(
    _ event: Event<Element>, index: Int, select: (inout Storage) throws -> Result,
    store: (inout Storage, Int, Element) -> Void, _ role: borrowing DrainerRole
  ) {
    guard !isDisposed else { return }
    switch event {
    case .next(let element):
      // The machine decides before the element is stored: one test of its phase in the steady
      // state, which also ignores an element after the end.
      switch machine.modify(role, { $0.next(index) }) {
      case .emit: storage.modify(role) { store(&$0, index, element) }
      case .wait:
        storage.modify(role) { store(&$0, index, element) }
        return
      case .complete:
        finish(.completed)
        return
      case .ignore: return
      }
      let result: Result
      do {
        // The selector is user code; it may call out (what it sends here is queued).
        result = try storage.modify(role) { try select(&$0) }
      } catch {
        _ = machine.modify(role) { $0.stop() }
        finish(.error(error))
        return
      }
      downstream.onNextWithinDelivery(result)
    case .error(let error):
      if machine.modify(role, { $0.stop() }) { finish(.error(error)) }
    case .completed:
      guard !machine.read(role, { $0.isStopped }) else { return }
      // A finished source is released at once, not when the result ends (as RxSwift).
      if machine.modify(role, { $0.completed(index) }) {
        finish(.completed)
      } else {
        subscriptions[index].dispose()
      }
    }
  }

  /// Sends the terminal event and disposes every source; on the drainer's turn.
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
