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
    let inclusive = behavior == .inclusive
    return lift {
      TakeWhileOperator(predicate: predicate, stopWhen: stopWhen, inclusive: inclusive)
    }
  }
}

@usableFromInline
struct TakeWhileOperator<Element>: SingleSourceOperator {
  @usableFromInline let predicate: (Element) throws -> Bool
  /// The predicate result that ends the sequence (`false` for `take(while:)`).
  @usableFromInline let stopWhen: Bool
  @usableFromInline let inclusive: Bool

  @inlinable
  init(predicate: @escaping (Element) throws -> Bool, stopWhen: Bool, inclusive: Bool) {
    self.predicate = predicate
    self.stopWhen = stopWhen
    self.inclusive = inclusive
  }

  @inlinable
  func next(_ element: Element, _ downstream: AnyObserver<Element>) throws -> Bool {
    let stops = try predicate(element) == stopWhen
    if !stops || inclusive { downstream.on(.next(element)) }
    return !stops
  }
}
