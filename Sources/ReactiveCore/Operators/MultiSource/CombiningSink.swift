import Synchronization

/// The bookkeeping a `CombiningSink` runs under its lock (see `CombineLatestStateMachine` and
/// `ZipStateMachine`): plain state, no locking or I/O.
@usableFromInline
protocol CombiningStateMachine {
  /// Set once the result terminated or was disposed; every later source event is ignored.
  var stopped: Bool { get set }
  /// Source `index` emitted (its element is already stored): `true` when a snapshot is emitted.
  mutating func emitsAfterNext(_ index: Int) -> Bool
  /// Source `index` completed: `true` when the result completes now.
  mutating func completed(_ index: Int) -> Bool
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
/// `take` turns it into the snapshot to emit when `machine` says so, and `select` turns that
/// snapshot into the result outside the lock, in delivery order.
///
/// Thread safety: `machine`, `storage` and `delivery` are guarded by `lock`; the rest is
/// immutable or thread-safe.
@usableFromInline
final class CombiningSink<Machine: CombiningStateMachine, Storage, Values, Result>:
  SelectingSink, @unchecked Sendable
{
  @usableFromInline let downstream: AnyObserver<Result>
  @usableFromInline let take: (inout Storage) -> Values
  @usableFromInline let select: (Values) throws -> Result
  @usableFromInline let lock = Lock.make()
  @usableFromInline @exclusivity(unchecked) var machine: Machine
  @usableFromInline @exclusivity(unchecked) var storage: Storage
  @usableFromInline @exclusivity(unchecked) var delivery = DeliveryQueue<SelectingItem<Values>>()
  @usableFromInline let deliveryState = Atomic<Int>(0)
  @usableFromInline let subscriptions: [SingleAssignmentDisposable]
  @usableFromInline let disposed = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @usableFromInline
  init(
    arity: Int, machine: Machine, storage: Storage, downstream: AnyObserver<Result>,
    take: @escaping (inout Storage) -> Values, select: @escaping (Values) throws -> Result
  ) {
    self.downstream = downstream
    self.take = take
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

  @inlinable
  func on<Element>(
    _ event: Event<Element>, index: Int, store: (inout Storage, Element) -> Void
  ) {
    lock.lock()
    guard !machine.stopped else {
      lock.unlock()
      return
    }
    var first: SelectingItem<Values>?
    switch event {
    case .next(let element):
      store(&storage, element)
      if machine.emitsAfterNext(index) {
        first = delivery.enter(.values(take(&storage)), deliveryState)
      }
    case .error(let error):
      if machine.stop() { first = delivery.enter(.error(error), deliveryState) }
    case .completed:
      if machine.completed(index) { first = delivery.enter(.completed, deliveryState) }
    }
    lock.unlock()
    if let first { drain(first) }
  }

  @inlinable
  func result(for values: Values) throws -> Result { try select(values) }

  @inlinable
  func stopLocked() -> Bool { machine.stop() }

  @inlinable
  func disposeSources() {
    disposed.dispose()
    for subscription in subscriptions { subscription.dispose() }
  }
}
