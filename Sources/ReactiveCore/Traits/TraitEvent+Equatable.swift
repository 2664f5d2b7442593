// Equality of the events traits deliver, so that recorded trait events can be compared in tests
// (RxTest's Event+Equatable). Errors compare as in `Event`'s `==`: same type, then `==` for
// `Equatable` errors, otherwise the same reflected description.

extension MaybeEvent: Equatable where Element: Equatable {
  /// Elements compare with `==`, errors as in `Event`'s `==`.
  public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.success(let l), .success(let r)): return l == r
    case (.completed, .completed): return true
    case (.error(let l), .error(let r)): return errorsEqual(l, r)
    default: return false
    }
  }
}

extension CompletableEvent: Equatable {
  /// Completions are equal; errors compare as in `Event`'s `==`.
  public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
    switch (lhs, rhs) {
    case (.completed, .completed): return true
    case (.error(let l), .error(let r)): return errorsEqual(l, r)
    default: return false
    }
  }
}

/// Compares two `SingleEvent`s: values with `==`, errors as in `Event`'s `==`.
///
/// `SingleEvent` is `Result<Element, any Error>`, which cannot be `Equatable` (`any Error` is
/// not), so this operator and the array form stand in for the conformance:
///
/// ```swift
/// var events: [SingleEvent<Int>] = []
/// _ = Single.just(1).subscribe { events.append($0) }
/// #expect(events == [.success(1)])
/// ```
public func == <Element: Equatable>(lhs: SingleEvent<Element>, rhs: SingleEvent<Element>) -> Bool {
  switch (lhs, rhs) {
  case (.success(let l), .success(let r)): return l == r
  case (.failure(let l), .failure(let r)): return errorsEqual(l, r)
  default: return false
  }
}

/// `!(lhs == rhs)` for `SingleEvent`s.
public func != <Element: Equatable>(lhs: SingleEvent<Element>, rhs: SingleEvent<Element>) -> Bool {
  !(lhs == rhs)
}

/// Compares two arrays of `SingleEvent`s element by element (see `==` for `SingleEvent`).
public func == <Element: Equatable>(lhs: [SingleEvent<Element>], rhs: [SingleEvent<Element>])
  -> Bool
{
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
}

/// `!(lhs == rhs)` for arrays of `SingleEvent`s.
public func != <Element: Equatable>(lhs: [SingleEvent<Element>], rhs: [SingleEvent<Element>])
  -> Bool
{
  !(lhs == rhs)
}
