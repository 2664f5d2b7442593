/// One embedded child as a ``ChildFeatureComposition`` sees it: a ``ChildFeature``, an
/// ``OptionalChildFeature`` or a ``ChildFeatures`` list, in the parent's terms.
///
/// An embedding kept in a `static let` must be `Sendable`, which it is when the child feature
/// is (a `public` feature declares it; an internal struct of `Sendable` properties is inferred).
public protocol EmbeddedChild<Parent> {
  /// The feature the child is embedded in.
  associatedtype Parent: Feature

  /// The child's effect for `intent`; nil when `intent` is not the child's.
  func handle(_ intent: Parent.Intent, state: Parent.State) -> Effect<
    Parent.Result, Parent.Event
  >?

  /// The parent state with the child's part reduced; nil when `result` is not the child's.
  func reduce(_ state: Parent.State, _ result: Parent.Result) -> Parent.State?

  /// The child's effect after `result`; nil when `result` is not the child's.
  func effect(after result: Parent.Result, state: Parent.State) -> Effect<
    Parent.Result, Parent.Event
  >?

  /// What ends the effects of the child's parts that `state` no longer has (a removed row, a
  /// closed sheet); nil when there are none.
  func endingEffects(in state: Parent.State) -> Effect<Parent.Result, Parent.Event>?
}

extension EmbeddedChild {
  /// A child that is always there has nothing to end.
  public func endingEffects(in state: Parent.State) -> Effect<Parent.Result, Parent.Event>? {
    nil
  }
}

extension ChildFeature: EmbeddedChild {}
extension OptionalChildFeature: EmbeddedChild {}
extension ChildFeatures: EmbeddedChild {}

/// A feature made of children declared once, in ``children``: its `handle`, `reduce` and
/// `effect(after:state:)` all follow from that list, so no child can be left out of one of them.
///
/// - `handle` gives an intent to the child it belongs to, else to ``handleOwn(_:state:)`` (by
///   default, when `Result` is `Intent`, the intent is its own result: nothing is dropped).
/// - `reduce` reduces a child's result in the child, then gives every result, the children's
///   included, to ``reduceOwn(_:_:)``: a child reports to its parent with a result the parent
///   reduces (a row's `.delete`, a delegate result), and the parent reacts after the child.
/// - `effect(after:state:)` runs the child's effect after its result and
///   ``effectOwn(after:state:)``, and ends the effects of every row that left its list (and of
///   an optional child whose state became `nil`), as TCA's `forEach` and `ifLet` do.
///
/// ```swift
/// struct Toggle: Feature {
///   struct State: Equatable { var isOn = false }
///   enum Intent: Equatable { case flip }
///   func reduce(_ state: State, _ intent: Intent) -> State { State(isOn: !state.isOn) }
/// }
///
/// struct Settings: ChildFeatureComposition {
///   struct State: Equatable { var push = Toggle.State(); var email = Toggle.State() }
///   enum Intent: Equatable { case push(Toggle.Intent), email(Toggle.Intent) }
///
///   let children: [any EmbeddedChild<Settings>] = [
///     ChildFeature(Toggle(), state: \.push, intent: Intent.push),
///     ChildFeature(Toggle(), state: \.email, intent: Intent.email),
///   ]
///
///   func reduceOwn(_ state: State, _ result: Intent) -> State { state }
/// }
///
/// let store = Store(initialState: Settings.State(), feature: Settings())
/// store.send(.email(.flip))
/// print(store.state.email.isOn)
/// // Prints: true
/// ```
///
/// Each embedding keeps its cancellation ids apart (two embeddings of one child, or two rows,
/// never cancel each other's effects); ``ChildFeature/cancelAll()`` and
/// ``ChildFeatures/cancelAll(inRow:)`` end everything of one child or row.
public protocol ChildFeatureComposition: Feature {
  /// The embedded children, in the order they are asked.
  var children: [any EmbeddedChild<Self>] { get }

  /// Handles an intent that is no child's. The default, when `Result` is `Intent`, returns the
  /// intent as its result.
  func handleOwn(_ intent: Intent, state: State) -> Effect<Result, Event>

  /// The parent's own reducer: called with every result, after the child it belongs to (if
  /// any) has reduced it. Return `state` for results it does not react to.
  func reduceOwn(_ state: State, _ result: Result) -> State

  /// The parent's own effect after a result (children's included). The default starts nothing.
  func effectOwn(after result: Result, state: State) -> Effect<Result, Event>
}

extension ChildFeatureComposition {
  /// No effect of the parent's own after a result.
  public func effectOwn(after result: Result, state: State) -> Effect<Result, Event> { .none }

  /// The child's effect for a child's intent, else ``handleOwn(_:state:)``'s.
  public func handle(_ intent: Intent, state: State) -> Effect<Result, Event> {
    childOrOwnEffect(for: intent, state: state)
  }

  /// The state with a child's result reduced by the child, then by ``reduceOwn(_:_:)``.
  public func reduce(_ state: State, _ result: Result) -> State {
    for child in children {
      if let reduced = child.reduce(state, result) { return reduceOwn(reduced, result) }
    }
    return reduceOwn(state, result)
  }

  /// The child's effect after its result, ``effectOwn(after:state:)``, and the end of the
  /// effects of rows no longer in `state`.
  public func effect(after result: Result, state: State) -> Effect<Result, Event> {
    var effects: [Effect<Result, Event>] = []
    for child in children {
      if let effect = child.effect(after: result, state: state) {
        effects.append(effect)
        break
      }
    }
    effects.append(effectOwn(after: result, state: state))
    for child in children {
      if let ending = child.endingEffects(in: state) { effects.append(ending) }
    }
    effects.removeAll { if case .none = $0.storage { true } else { false } }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return .merge(effects)
    }
  }
}

extension ChildFeatureComposition {
  /// The effect of the child `intent` belongs to, else of ``handleOwn(_:state:)``.
  func childOrOwnEffect(for intent: Intent, state: State) -> Effect<Result, Event> {
    for child in children {
      if let effect = child.handle(intent, state: state) { return effect }
    }
    return handleOwn(intent, state: state)
  }
}

extension ChildFeatureComposition where Result == Intent {
  /// An intent that is no child's is its own result: reduced by ``reduceOwn(_:_:)``.
  public func handleOwn(_ intent: Intent, state: State) -> Effect<Result, Event> {
    .result(intent)
  }

  /// The child's effect for a child's intent, else ``handleOwn(_:state:)``'s.
  public func handle(_ intent: Intent, state: State) -> Effect<Result, Event> {
    childOrOwnEffect(for: intent, state: state)
  }
}
