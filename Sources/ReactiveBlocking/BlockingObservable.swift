import ReactiveCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An observable with blocking operators, for tests and command-line tools: RxBlocking's
/// `BlockingObservable`.
///
/// Each operator subscribes, blocks the calling thread until the sequence has given its answer,
/// and disposes the subscription before it returns. Blocking in production code is usually a sign
/// the design should be rethought.
///
/// ```swift
/// let elements = try Observable.of(1, 2, 3).toBlocking().toArray()
/// print(elements)
/// // Prints: [1, 2, 3]
/// ```
///
/// Thread safety: a value; each operator call is one independent subscription and may be made
/// from any thread. On the main thread the operators run the current run loop while they wait,
/// as RxBlocking does, so work the source sends to the main queue (`MainScheduler`) still runs
/// where the run loop drains it.
public struct BlockingObservable<Element> {
  /// How long an operator may block, in seconds; `nil` waits as long as it takes.
  let timeout: TimeInterval?
  let source: Observable<Element>
}

extension ObservableConvertibleType {
  /// This sequence with blocking operators (`toArray()`, `first()`, `last()`, `single()`,
  /// `materialize()`).
  ///
  /// ```swift
  /// let first = try Observable.of(1, 2, 3).toBlocking(timeout: 1).first()
  /// print(first as Any)
  /// // Prints: Optional(1)
  /// ```
  ///
  /// - Parameter timeout: the longest an operator may block, in seconds; when it runs out the
  ///   operator fails with `RxError.timeout` (`materialize()` returns `.failed`). `nil`,
  ///   `.infinity` or a timeout longer than the system clock can count waits for as long as the
  ///   sequence takes; zero or a negative timeout keeps only what the sequence delivers while it
  ///   is subscribed. A NaN timeout fails with `RxError.argumentOutOfRange` without subscribing.
  public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
    BlockingObservable(timeout: timeout, source: asObservable())
  }
}
