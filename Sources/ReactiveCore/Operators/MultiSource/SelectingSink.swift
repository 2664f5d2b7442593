/// What a selecting multi-source sink delivers: a snapshot of source values for its result
/// selector, or a terminal event.
@usableFromInline
enum SelectingItem<Values> {
  case values(Values)
  case error(any Swift.Error)
  case completed
}

/// The delivery half shared by the sinks that combine several sources through a result selector
/// (`combineLatest`, `zip`, `withLatestFrom`).
///
/// A conforming sink decides each state change under `lock` and hands the resulting item to
/// `delivery.enter(_:)` in the same critical section; the caller that gets the item back calls
/// `drain(_:)` after unlocking. `drain` delivers items one at a time in decision order, runs the
/// result selector outside the lock, and turns a selector error into the terminal error (dropping
/// whatever was decided after it). `dispose()` stops the sink and disposes every source.
@usableFromInline
protocol SelectingSink: AnyObject, Cancelable {
  associatedtype Values
  associatedtype Result

  var downstream: AnyObserver<Result> { get }
  var lock: Lock { get }
  /// Guarded by `lock`.
  var delivery: DeliveryQueue<SelectingItem<Values>> { get set }

  /// Turns a snapshot into the result (user code: called without the lock).
  func result(for values: Values) throws -> Result
  /// Marks the sink stopped so that no further source event is accepted. Called with `lock` held.
  func markStopped()
  /// Disposes every source subscription (after which `isDisposed` is `true`).
  func disposeSources()
}

extension SelectingSink {
  /// Delivers `first`, then every item queued meanwhile, until the queue is empty.
  @inlinable
  func drain(_ first: SelectingItem<Values>) {
    var item = first
    while true {
      switch item {
      case .values(let values):
        do {
          downstream.on(.next(try result(for: values)))
        } catch {
          // The error replaces whatever was decided after these values.
          lock.lock()
          markStopped()
          delivery.removeAll()
          lock.unlock()
          if !isDisposed {
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
  func dispose() {
    lock.lock()
    markStopped()
    delivery.removeAll()
    lock.unlock()
    disposeSources()
  }
}
