extension ObservableType {
  /// Pairs every element with `object`, held weakly, through `resultSelector`; completes as soon
  /// as `object` has been deallocated when an element arrives.
  ///
  /// Lets a subscription use its owner without a retain cycle. A throwing `resultSelector` sends
  /// its error downstream.
  ///
  /// ```swift
  /// final class Screen { var title = "" }
  /// let screen = Screen()
  /// _ = Observable.of("Home").withUnretained(screen) { screen, title in (screen, title) }
  ///   .subscribe(onNext: { screen, title in screen.title = title })
  /// ```
  public func withUnretained<Object: AnyObject, Out>(
    _ object: Object, resultSelector: @escaping (Object, Element) throws -> Out
  ) -> Observable<Out> {
    let box = WeakBox(object)
    return map { element -> Out in
      guard let object = box.object else { throw UnretainedError.released }
      return try resultSelector(object, element)
    }
    .catch { error in
      guard error is UnretainedError else { return .error(error) }
      return .empty()
    }
  }

  /// Pairs every element with `object`, held weakly; completes as soon as `object` has been
  /// deallocated when an element arrives.
  ///
  /// ```swift
  /// final class Counter { var total = 0 }
  /// let counter = Counter()
  /// _ = Observable.of(1, 2).withUnretained(counter)
  ///   .subscribe(onNext: { counter, value in counter.total += value })
  /// ```
  public func withUnretained<Object: AnyObject>(_ object: Object)
    -> Observable<(Object, Element)>
  {
    withUnretained(object) { ($0, $1) }
  }
}

/// The weak reference shared by every subscription of one `withUnretained` operator.
final class WeakBox<Object: AnyObject>: @unchecked Sendable {  // `weak` loads are atomic
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}

/// Marks "the unretained object is gone" so only that failure turns into completion.
enum UnretainedError: Swift.Error {
  case released
}
