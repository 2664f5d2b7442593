import ReactiveMVI

/// The hero selector as a ReactiveMVI `Feature`, with no side effects: a simple feature that
/// reduces its intents directly.
///
/// `handle` is the default of a feature whose `Result` is its `Intent`: each intent becomes its
/// own result, and `reduce` is the pure `HeroReducer`. An intent that changes nothing (a move
/// past an edge, an intent the alert blocks, `quit`) reduces to the state it was given, and the
/// store publishes no state equal to the current one (`HeroState` is `Equatable`; see
/// `Feature.stateHasChanged(from:to:)`), so nothing is emitted.
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

  public let reducer: HeroReducer

  public init(roster: Roster) { reducer = HeroReducer(roster: roster) }

  /// The state after `intent`: the reducer's next state, or `state` itself when the intent
  /// changes nothing.
  @inlinable
  public func reduce(_ state: HeroState, _ intent: HeroIntent) -> HeroState {
    reducer.reduce(state, intent) ?? state
  }
}
