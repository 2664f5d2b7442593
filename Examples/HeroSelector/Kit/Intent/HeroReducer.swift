/// The hero selector's state machine as a pure function: `reduce(state, intent)` returns the next
/// state, or nil when the intent changes nothing (so nothing is emitted).
///
/// - `next` / `previous` move only when an arrow is available;
/// - `select` shows the alert for the current hero;
/// - while the alert shows, only `dismiss` acts (it presents the same hero again);
/// - `quit` never produces a state: the program stops.
///
/// ```swift
/// let reducer = HeroReducer(roster: .default)
/// let state = reducer.reduce(reducer.initialState, .next)
/// print(state?.hero.name ?? "nothing")
/// // Prints: YoRHa 2B
/// ```
public struct HeroReducer: Sendable {
  public let roster: Roster

  public init(roster: Roster) { self.roster = roster }

  /// Presenting the first hero.
  public var initialState: HeroState { HeroSelector(roster: roster).presentingState }

  /// The state after `intent`, or nil if `intent` does not change `state`.
  ///
  /// The state holds the hero, and names are unique in a `Roster`, so the cursor is recovered
  /// from the state (by the roster's index of names): the reducer keeps no state of its own.
  /// - Complexity: O(1) in the number of heroes (a hash of the hero's name).
  public func reduce(_ state: HeroState, _ intent: HeroIntent) -> HeroState? {
    switch (state, intent) {
    case (.presenting(let hero, _, _), .next):
      var selector = HeroSelector(roster: roster, positionedOn: hero)
      return selector.moveToNext() ? selector.presentingState : nil
    case (.presenting(let hero, _, _), .previous):
      var selector = HeroSelector(roster: roster, positionedOn: hero)
      return selector.moveToPrevious() ? selector.presentingState : nil
    case (.presenting(let hero, _, _), .select):
      return .selected(hero)
    case (.selected(let hero), .dismiss):
      return HeroSelector(roster: roster, positionedOn: hero).presentingState
    case (.presenting, .dismiss), (.selected, .next), (.selected, .previous),
      (.selected, .select), (_, .quit):
      return nil
    }
  }
}
