import ReactiveMVI

/// The hero selector as a ReactiveMVI `Feature`: intents are reduced directly (no side effects).
///
/// `handle` lets through only the intents that change the state (`HeroReducer.reduce` returns
/// non-nil), so the store emits nothing for a move past an edge or an intent the alert blocks;
/// `reduce` applies an intent with the same pure function.
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
  public typealias Result = HeroIntent

  public let reducer: HeroReducer

  public init(roster: Roster) { reducer = HeroReducer(roster: roster) }

  public func handle(_ intent: HeroIntent, state: HeroState) -> Effect<HeroIntent, Never> {
    reducer.reduce(state, intent) == nil ? .none : .result(intent)
  }

  public func reduce(_ state: HeroState, _ intent: HeroIntent) -> HeroState {
    guard let next = reducer.reduce(state, intent) else {
      preconditionFailure(
        "Internal inconsistency: handle let through an intent that changes nothing")
    }
    return next
  }
}
