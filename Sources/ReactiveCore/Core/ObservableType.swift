/// A type that can be converted to an `Observable`.
public protocol ObservableConvertibleType<Element> {
  /// The type of elements in the sequence.
  associatedtype Element

  /// This sequence as an `Observable`.
  func asObservable() -> Observable<Element>
}

/// A push-based sequence of events that observers can subscribe to.
///
/// Conform your own types by implementing `subscribe(_:)`; every operator is then available.
/// A conforming type must deliver events to each observer serially, obey the grammar
/// `next* (error | completed)?`, and stop delivering once the returned disposable is disposed.
public protocol ObservableType<Element>: ObservableConvertibleType {
  /// Subscribes `observer` to the events of this sequence.
  ///
  /// - Returns: a disposable that cancels the subscription.
  func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element
}

extension ObservableType {
  /// This sequence as an `Observable`.
  ///
  /// As in RxSwift, the subscription goes through `Observable.create`'s guard: it enforces the
  /// grammar and disposes the subscription to this sequence as soon as it sends a terminal event.
  @inlinable
  public func asObservable() -> Observable<Element> {
    Observable.create { self.subscribe($0) }
  }
}
