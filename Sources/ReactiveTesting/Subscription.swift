/// The virtual times at which an observer subscribed to and unsubscribed from a testable
/// observable (`TestableObservable.subscriptions`).
///
/// ```swift
/// let xs = scheduler.createHotObservable([.next(150, 1)])   // never completes
/// _ = scheduler.start { xs }
/// #expect(xs.subscriptions == [Subscription(200, 1000)])
/// ```
public struct Subscription: Hashable, Sendable, CustomDebugStringConvertible {
  /// When the subscription was made.
  public let subscribe: TestTime
  /// When it was disposed; `Int.max` while still subscribed.
  public let unsubscribe: TestTime

  /// A subscription made at `subscribe` and not yet disposed.
  public init(_ subscribe: TestTime) {
    self.subscribe = subscribe
    self.unsubscribe = .max
  }

  /// A subscription made at `subscribe` and disposed at `unsubscribe`.
  public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
    self.subscribe = subscribe
    self.unsubscribe = unsubscribe
  }

  /// "(SUBSCRIBE: UNSUBSCRIBE)", with "Infinity" for a subscription never disposed.
  public var debugDescription: String {
    let end = unsubscribe == .max ? "Infinity" : String(unsubscribe)
    return "(\(subscribe): \(end))"
  }
}
