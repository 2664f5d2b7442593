// A child feature's effect in its parent's terms, as the composition helpers return it.

extension Effect {
  /// This effect with its results transformed by `result` and its events by `event`, and, when
  /// `scope` is given, its cancellation ids placed inside that scope (a row of a collection).
  ///
  /// What a child's `handle` returns on almost every intent (no effect, one result, one event)
  /// is converted in place, with no scope to apply (it has no ids); anything else goes through
  /// ``map(_:)``, ``mapEvents(_:)`` and `scopingIDs(_:)`, which keep its whole structure.
  @inlinable
  func embedded<NewResult, NewEvent>(
    result: @escaping (Result) -> NewResult, event: @escaping (Event) -> NewEvent,
    scope: () -> AnyHashable? = { nil }
  ) -> Effect<NewResult, NewEvent> {
    switch storage {
    case .none: return Effect<NewResult, NewEvent>(storage: .none)
    case .result(let value): return Effect<NewResult, NewEvent>(storage: .result(result(value)))
    case .event(let value): return Effect<NewResult, NewEvent>(storage: .event(event(value)))
    case .body: return embeddedBody(result: result, event: event, scope: scope())
    }
  }

  /// ``embedded(result:event:scope:)`` for an effect with a body: compiled once, not inlined.
  @usableFromInline
  func embeddedBody<NewResult, NewEvent>(
    result: @escaping (Result) -> NewResult, event: @escaping (Event) -> NewEvent,
    scope: AnyHashable?
  ) -> Effect<NewResult, NewEvent> {
    (scope.map(scopingIDs) ?? self).map(result).mapEvents(event)
  }
}
