import Synchronization

/// The bookkeeping a `CombiningSink` runs on its drainer (see `CombineLatestStateMachine` and
/// `ZipStateMachine`): plain state, no locking or I/O.
@usableFromInline
protocol CombiningStateMachine {
  /// Set once the result terminated; every later source event is ignored (so are events after
  /// disposal, which the sink checks itself).
  var stopped: Bool { get set }
  /// Source `index` emitted (its element is already stored): what the sink does now.
  mutating func afterNext(_ index: Int) -> CombiningNextAction
  /// Source `index` completed: `true` when the result completes now.
  mutating func completed(_ index: Int) -> Bool
}

/// What an element of one source of `combineLatest` or `zip` asks the sink to do.
@usableFromInline
enum CombiningNextAction {
  /// Emit a snapshot.
  case emit
  /// Nothing yet: wait for the other sources.
  case wait
  /// No snapshot can ever be formed: the result completes now.
  case complete
}

extension CombiningStateMachine {
  /// An error or a disposal: `true` for the first one.
  @inlinable
  mutating func stop() -> Bool {
    guard !stopped else { return false }
    stopped = true
    return true
  }
}

/// The sink of every `combineLatest` and `zip` form (see `CombineLatestSink` and `ZipSink`).
/// `Storage` holds what the sources emitted (their latest values, or one buffer per source);
/// when `machine` says so, `select` takes the snapshot out of it and turns it into the result, in
/// arrival order. (One closure per emission: the snapshot goes straight from the storage into the
/// user's selector, without a generic tuple copy in between.)
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
  @usableFromInline let select: (inout Storage) throws -> Result
  @usableFromInline let drainer = Drainer<() -> Void>()
  @usableFromInline @exclusivity(unchecked) var machine: Machine
  @usableFromInline @exclusivity(unchecked) var storage: Storage
  @usableFromInline let subscriptions: [SingleAssignmentDisposable]
  @usableFromInline let disposed = SingleAssignmentDisposable()
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
  }

  @inlinable
  var isDisposed: Bool { disposed.isDisposed }

  /// Subscribes source `index`; `store` writes one of its elements into `storage`.
  @inlinable
  func subscribe<Source: ObservableConvertibleType>(
    _ source: Source, index: Int, store: @escaping (inout Storage, Source.Element) -> Void
  ) {
    subscriptions[index].setDisposable(
      source.asObservable().subscribe(
        AnyObserver(eventHandler: { [self] event in on(event, index: index, store: store) })))
  }

  /// An event of source `index`: handled now by a new drainer, or queued behind the current one.
  /// (Inlined into the source's observer closure, its only caller: one call less per event.)
  @inlinable @inline(__always)
  func on<Element>(
    _ event: Event<Element>, index: Int, store: @escaping (inout Storage, Element) -> Void
  ) {
    if let role = drainer.tryEnter() {
      handle(event, index: index, store: store)
      if let role = drainer.tryLeave(role) { drainer.drain(role) { $0() } }
      return
    }
    drainer.send({ [self] in handle(event, index: index, store: store) }) { $0() }
  }

  /// Runs the state machine for one event and delivers what it decides. Drainer only.
  @inlinable @inline(__always)
  func handle<Element>(
    _ event: Event<Element>, index: Int, store: (inout Storage, Element) -> Void
  ) {
    guard !machine.stopped, !isDisposed else { return }
    switch event {
    case .next(let element):
      store(&storage, element)
      switch machine.afterNext(index) {
      case .emit: break
      case .wait: return
      case .complete:
        finish(.completed)
        return
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
    disposed.dispose()
    for subscription in subscriptions { subscription.dispose() }
  }
}
