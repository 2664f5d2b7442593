/// What a selecting multi-source sink delivers: a snapshot of source values for its result
/// selector, or a terminal event.
@usableFromInline
enum SelectingItem<Values> {
  case values(Values)
  case error(any Swift.Error)
  case completed
}

/// A `SerialDeliverySink` that combines several sources through a result selector
/// (`withLatestFrom`). The selector runs outside the lock, in delivery
/// order; its error becomes the terminal error and drops whatever was decided after it.
@usableFromInline
protocol SelectingSink: SerialDeliverySink where Item == SelectingItem<Values> {
  associatedtype Values
  associatedtype Result

  var downstream: AnyObserver<Result> { get }

  /// Turns a snapshot into the result (user code: called without the lock).
  func result(for values: Values) throws -> Result
}

extension SelectingSink {
  @inlinable
  func deliver(_ item: SelectingItem<Values>) {
    switch item {
    case .values(let values):
      do {
        downstream.on(.next(try result(for: values)))
      } catch {
        // The error replaces whatever was decided after these values.
        lock.lock()
        _ = stopLocked()
        delivery.removeAll(deliveryState)
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
  }
}
