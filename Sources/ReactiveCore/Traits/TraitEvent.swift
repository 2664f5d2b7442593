/// The event type of a trait (`SingleEvent`, `MaybeEvent`, `CompletableEvent`,
/// `InfallibleEvent`) as the `Observable` event it stands for: the one mapping behind the traits'
/// `create` and their events' `==` (and, through `TraitOutcome`, their one-callback
/// `subscribe(_:)`).
///
/// A trait is an `Observable` that obeys the trait's grammar; its event type only renames the
/// events (`.success` is `.next`, `.failure` is `.error`). Each trait says the renaming once here,
/// and whether its element ends it (a `Single`'s or `Maybe`'s success is its element followed by
/// completion, an `Infallible`'s `.next` is one element among others).
@usableFromInline
protocol TraitEvent {
  associatedtype Element
  /// The event of the underlying sequence this event stands for (a success is `.next`).
  var event: Event<Element> { get }
  /// Whether the trait ends with its element: sending a success sends the element, then
  /// completion. True unless the trait says otherwise.
  static var endsWithElement: Bool { get }
}

/// A trait event that a subscriber receives as the trait's one outcome (`SingleEvent`,
/// `MaybeEvent`): the mapping back from the underlying sequence's events.
@usableFromInline
protocol TraitOutcome: TraitEvent {
  /// The outcome a subscriber of the trait receives for `event` of the underlying sequence, or
  /// `nil` when the trait does not report it (a `Single`'s completion after its element).
  init?(_ event: Event<Element>)
}

extension TraitEvent {
  @inlinable
  static var endsWithElement: Bool { true }

  /// Sends this event to `observer`, the observer of the trait's underlying sequence: what every
  /// trait's `create` does with a reported event. Each `create` calls it from its own concrete
  /// context, so the subscribe function is not wrapped again for a generic helper.
  @inlinable
  func send(to observer: AnyObserver<Element>) {
    let event = self.event
    observer.on(event)
    if Self.endsWithElement, case .next = event { observer.on(.completed) }
  }
}

extension Result: TraitEvent, TraitOutcome where Failure == any Swift.Error {
  @usableFromInline typealias Element = Success

  @inlinable
  init?(_ event: Event<Success>) {
    switch event {
    case .next(let element): self = .success(element)
    case .error(let error): self = .failure(error)
    case .completed: return nil
    }
  }

  @inlinable
  var event: Event<Success> {
    switch self {
    case .success(let element): return .next(element)
    case .failure(let error): return .error(error)
    }
  }
}

extension MaybeEvent: TraitOutcome {
  @inlinable
  init?(_ event: Event<Element>) {
    switch event {
    case .next(let element): self = .success(element)
    case .error(let error): self = .error(error)
    case .completed: self = .completed
    }
  }

  @inlinable
  var event: Event<Element> {
    switch self {
    case .success(let element): return .next(element)
    case .error(let error): return .error(error)
    case .completed: return .completed
    }
  }
}

extension CompletableEvent: TraitEvent {
  @usableFromInline typealias Element = Never

  @inlinable
  var event: Event<Never> {
    switch self {
    case .error(let error): return .error(error)
    case .completed: return .completed
    }
  }
}

extension InfallibleEvent: TraitEvent {
  @inlinable
  var event: Event<Element> {
    switch self {
    case .next(let element): return .next(element)
    case .completed: return .completed
    }
  }

  @inlinable
  static var endsWithElement: Bool { false }
}
