/// Whether `take(while:behavior:)` and `take(until:behavior:)` emit the element that ends them.
public enum TakeBehavior: Sendable {
  /// Emit the element that ends the sequence, then complete.
  case inclusive
  /// Complete without emitting the element that ends the sequence.
  case exclusive
}

extension ObservableType {
  /// Emits elements while `predicate` holds, then completes and disposes the source.
  ///
  /// With `.inclusive`, the first element that fails `predicate` is emitted before completing.
  /// A throwing `predicate` becomes an error.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3, 1).take(while: { $0 < 3 }).subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 2
  /// ```
  /// - Complexity: O(1) per element plus the cost of `predicate`.
  @inlinable
  public func take(
    while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
  ) -> Observable<Element> {
    takeWithPredicate(predicate, stopWhen: false, behavior: behavior)
  }

  /// Shared by `take(while:)` and `take(until: predicate)`: completes on the first element for
  /// which `predicate` returns `stopWhen`.
  @inlinable
  func takeWithPredicate(
    _ predicate: @escaping (Element) throws -> Bool, stopWhen: Bool, behavior: TakeBehavior
  ) -> Observable<Element> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = TakeWhileSink(
        downstream: downstream, predicate: predicate, stopWhen: stopWhen,
        inclusive: behavior == .inclusive)
      return Trampoline.activate {
        sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
        return sink.upstream
      }
    })
  }
}

@usableFromInline
final class TakeWhileSink<Element>: @unchecked Sendable {  // events are serial by contract
  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let predicate: (Element) throws -> Bool
  @usableFromInline let stopWhen: Bool
  @usableFromInline let inclusive: Bool
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(
    downstream: AnyObserver<Element>, predicate: @escaping (Element) throws -> Bool,
    stopWhen: Bool, inclusive: Bool
  ) {
    self.downstream = downstream
    self.predicate = predicate
    self.stopWhen = stopWhen
    self.inclusive = inclusive
  }

  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next(let element):
      let stops: Bool
      do { stops = try predicate(element) == stopWhen } catch {
        terminate(.error(error))
        return
      }
      if !stops {
        downstream.on(event)
        return
      }
      guard upstream.tryTerminate() else { return }
      if inclusive { downstream.on(event) }
      downstream.on(.completed)
      upstream.dispose()
    case .error, .completed: terminate(event)
    }
  }

  @inlinable
  func terminate(_ event: Event<Element>) {
    guard upstream.tryTerminate() else { return }
    downstream.on(event)
    upstream.dispose()
  }
}
