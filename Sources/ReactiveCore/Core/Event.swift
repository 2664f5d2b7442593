/// A notification from an observable sequence: an element, or one of the two terminal events.
///
/// Sequences obey the grammar `next* (error | completed)?`: any number of elements, then at most
/// one terminal event, then nothing.
///
/// ```swift
/// let event: Event<Int> = .next(42)
/// print(event.element ?? -1, event.isStopEvent)
/// // Prints: 42 false
/// ```
@frozen
public enum Event<Element> {
  /// The next element of the sequence.
  case next(Element)
  /// The sequence failed; nothing follows.
  case error(any Swift.Error)
  /// The sequence ended normally; nothing follows.
  case completed
}

extension Event {
  /// The element of a `.next` event, otherwise `nil`.
  @inlinable
  public var element: Element? {
    if case .next(let value) = self { return value }
    return nil
  }

  /// The error of an `.error` event, otherwise `nil`.
  @inlinable
  public var error: (any Swift.Error)? {
    if case .error(let error) = self { return error }
    return nil
  }

  /// `true` for `.error` and `.completed`.
  @inlinable
  public var isStopEvent: Bool {
    if case .next = self { return false }
    return true
  }

  /// `true` for `.completed`.
  @inlinable
  public var isCompleted: Bool {
    if case .completed = self { return true }
    return false
  }

  /// Transforms the element of a `.next` event; a throwing `transform` yields `.error`.
  @inlinable
  public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
    switch self {
    case .next(let element):
      do { return .next(try transform(element)) } catch { return .error(error) }
    case .error(let error): return .error(error)
    case .completed: return .completed
    }
  }
}

extension Event: CustomDebugStringConvertible {
  /// The event as `next(value)`, `error(error)` or `completed`.
  public var debugDescription: String {
    switch self {
    case .next(let value): return "next(\(value))"
    case .error(let error): return "error(\(error))"
    case .completed: return "completed"
    }
  }
}

extension Event: Sendable where Element: Sendable {}

extension Event: Equatable where Element: Equatable {
  /// Elements compare with `==`; errors compare equal when they have the same type and are equal
  /// (for `Equatable` errors) or describe themselves identically (for all others).
  public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.next(let l), .next(let r)): return l == r
    case (.completed, .completed): return true
    case (.error(let l), .error(let r)): return errorsEqual(l, r)
    default: return false
    }
  }
}

/// Compares two errors: same dynamic type, then `==` when the type is `Equatable`, otherwise the
/// reflected descriptions.
package func errorsEqual(_ lhs: any Swift.Error, _ rhs: any Swift.Error) -> Bool {
  guard type(of: lhs) == type(of: rhs) else { return false }
  if let equatable = lhs as? any Equatable {
    return equatable.isEqual(to: rhs)
  }
  return String(reflecting: lhs) == String(reflecting: rhs)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
