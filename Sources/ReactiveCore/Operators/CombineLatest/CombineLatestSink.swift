/// The sink of every `combineLatest` form. `Values` holds the latest value of each source (a
/// tuple of optionals for the 2…4 forms, an array for the collection form); `select` turns a
/// complete snapshot into the result and runs outside the lock, in delivery order.
///
/// Thread safety: `machine`, `values` and `delivery` are guarded by `lock`; the rest is immutable
/// or thread-safe.
@usableFromInline
final class CombineLatestSink<Values, Result>: Cancelable, @unchecked Sendable {
  @usableFromInline
  enum Item {
    case values(Values)
    case error(any Swift.Error)
    case completed
  }

  @usableFromInline let downstream: AnyObserver<Result>
  @usableFromInline let select: (Values) throws -> Result
  @usableFromInline let lock = Lock.make()
  @usableFromInline var machine: CombineLatestStateMachine
  @usableFromInline var values: Values
  @usableFromInline var delivery = DeliveryQueue<Item>()
  @usableFromInline let subscriptions: [SingleAssignmentDisposable]
  @usableFromInline let disposed = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @usableFromInline
  init(
    arity: Int, values: Values, downstream: AnyObserver<Result>,
    select: @escaping (Values) throws -> Result
  ) {
    self.downstream = downstream
    self.select = select
    self.values = values
    self.machine = CombineLatestStateMachine(arity: arity)
    self.subscriptions = (0..<arity).map { _ in SingleAssignmentDisposable() }
  }

  @inlinable
  var isDisposed: Bool { disposed.isDisposed }

  /// Subscribes source `index`; `store` writes one of its elements into `values`.
  @inlinable
  func subscribe<Source: ObservableConvertibleType>(
    _ source: Source, index: Int, store: @escaping (inout Values, Source.Element) -> Void
  ) {
    subscriptions[index].setDisposable(
      source.asObservable().subscribe(
        AnyObserver(eventHandler: { [self] event in on(event, index: index, store: store) })))
  }

  @inlinable
  func on<Element>(
    _ event: Event<Element>, index: Int, store: (inout Values, Element) -> Void
  ) {
    lock.lock()
    guard !machine.stopped else {
      lock.unlock()
      return
    }
    var first: Item?
    switch event {
    case .next(let element):
      store(&values, element)
      if machine.next(index) == .emit { first = delivery.enter(.values(values)) }
    case .error(let error):
      if machine.stop() { first = delivery.enter(.error(error)) }
    case .completed:
      if machine.completed(index) { first = delivery.enter(.completed) }
    }
    lock.unlock()
    if let first { drain(first) }
  }

  @inlinable
  func drain(_ first: Item) {
    var item = first
    while true {
      switch item {
      case .values(let values):
        do {
          downstream.on(.next(try select(values)))
        } catch {
          // The error replaces whatever was decided after this snapshot.
          lock.lock()
          machine.stopped = true
          delivery.removeAll()
          lock.unlock()
          if !disposed.isDisposed {
            downstream.on(.error(error))
            disposeSources()
          }
        }
      case .error(let error):
        downstream.on(.error(error))
        disposeSources()
      case .completed:
        downstream.on(.completed)
        disposeSources()
      }
      lock.lock()
      let next = delivery.next()
      lock.unlock()
      guard let next else { return }
      item = next
    }
  }

  @inlinable
  func disposeSources() {
    disposed.dispose()
    for subscription in subscriptions { subscription.dispose() }
  }

  @inlinable
  func dispose() {
    lock.lock()
    _ = machine.stop()
    delivery.removeAll()
    lock.unlock()
    disposeSources()
  }
}
