import ReactiveMVI

/// The hero selector as a ReactiveMVI `Feature`, with no side effects.
///
/// `handle` runs the pure `HeroReducer` once per intent: an intent that changes nothing (a move
/// past an edge, an intent the alert blocks) has no effect, so the store emits nothing; otherwise
/// its result *is* the next state, which `reduce` installs. (Reducing in `handle` is right here
/// because the decision "does this intent change anything?" needs the next state; the state
/// machine still runs exactly once per intent.)
///
/// ```swift
/// let store = Store(initialState: HeroReducer(roster: .default).initialState,
///                   feature: HeroFeature(roster: .default))
/// store.send(.next)
/// print(store.state.hero.name)
/// // Prints: YoRHa 2B
/// ```
public struct HeroFeature: Feature, Sendable {
  public typealias State = HeroState
  public typealias Intent = HeroIntent
  public typealias Result = HeroState

  public let reducer: HeroReducer

  public init(roster: Roster) { reducer = HeroReducer(roster: roster) }

  @inlinable
  public func handle(_ intent: HeroIntent, state: HeroState) -> Effect<HeroState, Never> {
    guard let next = reducer.reduce(state, intent) else { return .none }
    return .result(next)
  }

  @inlinable
  public func reduce(_ state: HeroState, _ next: consuming HeroState) -> HeroState { next }
}
