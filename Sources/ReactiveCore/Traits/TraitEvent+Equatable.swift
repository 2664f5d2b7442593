// Equality of the events traits deliver, so that recorded trait events can be compared in tests
// (RxTest's Event+Equatable): each compares as the `Event` it stands for (`TraitEvent.event`), so
// errors compare as in `Event`'s `==`: same type, then `==` for `Equatable` errors, otherwise the
// same reflected description.

extension MaybeEvent: Equatable where Element: Equatable {
  /// Elements compare with `==`, errors as in `Event`'s `==`.
  public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
    lhs.event == rhs.event
  }
}

extension CompletableEvent: Equatable {
  /// Completions are equal; errors compare as in `Event`'s `==`.
  public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
    lhs.event == rhs.event
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
  lhs.event == rhs.event
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
