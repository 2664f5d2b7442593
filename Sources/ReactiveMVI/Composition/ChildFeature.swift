/// A child feature embedded in a parent feature: the child's state lives at a key path of the
/// parent's state, its intents, results and events are cases of the parent's, and the parent
/// delegates to it in its own `handle`, `reduce` and `effect(after:state:)`.
///
/// The child is embedded by the parent's enum cases (`intent: Intent.counter`, and `result:`
/// and `event:` when they differ); the helper derives from those constructors how to extract a
/// child's intent or result from the parent's (by reflection, see the long form below for a
/// path without it).
///
/// ```swift
/// struct Screen: Feature {
///   struct State { var counter = Counter.State(); var title = "" }
///   enum Intent { case counter(Counter.Intent), rename(String) }
///
///   static let counter = ChildFeature<Screen, Counter>(Counter(), state: \.counter, intent: Intent.counter)
///
///   func handle(_ intent: Intent, state: State) -> Effect<Intent, Never> {
///     Self.counter.handle(intent, state: state) ?? .result(intent)
///   }
///   func reduce(_ state: State, _ result: Intent) -> State {
///     if let state = Self.counter.reduce(state, result) { return state }
///     guard case .rename(let title) = result else { return state }
///     var state = state
///     state.title = title
///     return state
///   }
/// }
/// ```
///
/// Everything runs inside the parent's store, in its single order: a child intent is handled
/// and reduced like any parent intent. (TCA's `Scope` does the same with reducers; here the
/// parent calls the child explicitly, so the order of parent and child logic is visible in the
/// parent's code.) The child's `effect(after:state:)` runs too, through ``effect(after:state:)``.
public struct ChildFeature<Parent: Feature, Child: Feature> {
  /// The embedded feature.
  public let child: Child
  @usableFromInline let state: WritableKeyPath<Parent.State, Child.State>
  @usableFromInline let extractIntent: @Sendable (Parent.Intent) -> Child.Intent?
  @usableFromInline let embedResult: @Sendable (Child.Result) -> Parent.Result
  @usableFromInline let extractResult: @Sendable (Parent.Result) -> Child.Result?
  @usableFromInline let embedEvent: @Sendable (Child.Event) -> Parent.Event

  /// Embeds `child`, whose state is at `state`, with hand-written extraction closures (the long
  /// form: no reflection on the store's path).
  ///
  /// - Parameters:
  ///   - child: the feature to embed.
  ///   - state: where the child's state lives in the parent's state.
  ///   - intent: the child intent a parent intent carries, or nil for the parent's own intents.
  ///   - result: a child result as a parent result.
  ///   - extractResult: the child result a parent result carries, or nil.
  ///   - event: a child event as a parent event.
  public init(
    _ child: Child, state: WritableKeyPath<Parent.State, Child.State>,
    intent: @escaping @Sendable (Parent.Intent) -> Child.Intent?,
    result: @escaping @Sendable (Child.Result) -> Parent.Result,
    extractResult: @escaping @Sendable (Parent.Result) -> Child.Result?,
    event: @escaping @Sendable (Child.Event) -> Parent.Event
  ) {
    self.child = child
    self.state = state
    self.extractIntent = intent
    self.embedResult = result
    self.extractResult = extractResult
    self.embedEvent = event
  }

  /// The child's effect for `intent`, in the parent's terms; nil when `intent` is not the child's.
  @inlinable
  public func handle(_ intent: Parent.Intent, state: Parent.State) -> Effect<
    Parent.Result, Parent.Event
  >? {
    guard let childIntent = extractIntent(intent) else { return nil }
    return child.handle(childIntent, state: state[keyPath: self.state])
      .embedded(result: embedResult, event: embedEvent)
  }

  /// The parent state with the child's part reduced; nil when `result` is not the child's.
  @inlinable
  public func reduce(_ state: Parent.State, _ result: Parent.Result) -> Parent.State? {
    guard let childResult = extractResult(result) else { return nil }
    var state = state
    state[keyPath: self.state] = child.reduce(state[keyPath: self.state], childResult)
    return state
  }

  /// The child's ``Feature/effect(after:state:)`` for `result`, in the parent's terms; nil when
  /// `result` is not the child's.
  @inlinable
  public func effect(after result: Parent.Result, state: Parent.State) -> Effect<
    Parent.Result, Parent.Event
  >? {
    guard let childResult = extractResult(result) else { return nil }
    return child.effect(after: childResult, state: state[keyPath: self.state])
      .embedded(result: embedResult, event: embedEvent)
  }
}

extension ChildFeature where Child.Event == Never {
  /// Embeds a child without events.
  public init(
    _ child: Child, state: WritableKeyPath<Parent.State, Child.State>,
    intent: @escaping @Sendable (Parent.Intent) -> Child.Intent?,
    result: @escaping @Sendable (Child.Result) -> Parent.Result,
    extractResult: @escaping @Sendable (Parent.Result) -> Child.Result?
  ) {
    self.init(
      child, state: state, intent: intent, result: result, extractResult: extractResult,
      event: absurd)
  }
}

// Sendable so that parents can keep them in `static let`s. @unchecked only for the key paths
// (and `ChildFeatures`' two row accessors, which capture nothing else): a key path is an
// immutable value; Swift does not call it Sendable because a key path through a subscript could
// capture non-Sendable arguments. The other closures are @Sendable.
extension ChildFeature: @unchecked Sendable where Child: Sendable {}
extension OptionalChildFeature: @unchecked Sendable where Child: Sendable {}
extension ChildFeatures: @unchecked Sendable where Child: Sendable {}

/// How a ``ChildFeatures`` reads and replaces a row by its id.
struct RowAccessors<Root, Row, ID> {
  /// The row with an id, if it is there.
  let row: (Root, ID) -> Row?
  /// Replaces the row with an id by what `change` makes of it; `false` when it is not there.
  let update: (inout Root, ID, (Row) -> Row) -> Bool
}

extension IDIndexedCollection {
  /// The accessors of the rows at `state` (a collection of this type) by `id`, asking this
  /// collection for a row's position rather than scanning; `nil` unless `state` and `id` are key
  /// paths of `Root` to this type and of its elements, and `Row` is its `Element` (what the
  /// caller, generic over any `MutableCollection`, cannot say to the compiler).
  static func rowAccessors<Root, Row, ID: Hashable>(
    state: AnyKeyPath, id: AnyKeyPath, of _: (Root, Row, ID).Type
  ) -> RowAccessors<Root, Row, ID>? {
    guard let state = state as? WritableKeyPath<Root, Self>,
      let id = id as? KeyPath<Element, ID>
    else { return nil }
    let accessors = RowAccessors<Root, Element, ID>(
      row: { parent, rowID in
        let rows = parent[keyPath: state]
        return rows.firstIndex(ofID: rowID, at: id).map { rows[$0] }
      },
      update: { parent, rowID, change in
        guard let index = parent[keyPath: state].firstIndex(indexingID: rowID, at: id) else {
          return false
        }
        parent[keyPath: state][index] = change(parent[keyPath: state][index])
        return true
      })
    return accessors as? RowAccessors<Root, Row, ID>
  }
}

/// The function from an impossible value: a child without events has none to embed.
@Sendable func absurd<Value>(_ never: Never) -> Value {}

/// The same, for a row's event (its id comes first).
@Sendable func absurdRow<ID, Value>(_ id: ID, _ never: Never) -> Value {}

extension ChildFeatures where Child.Event == Never {
  /// Embeds one `child` (a feature without events) per element of the array at `state`.
  public init<Rows: MutableCollection>(
    _ child: Child, state: WritableKeyPath<Parent.State, Rows>, id: KeyPath<Child.State, ID>,
    intent: @escaping @Sendable (Parent.Intent) -> (ID, Child.Intent)?,
    result: @escaping @Sendable (ID, Child.Result) -> Parent.Result,
    extractResult: @escaping @Sendable (Parent.Result) -> (ID, Child.Result)?
  ) where Rows.Element == Child.State {
    self.init(
      child, state: state, id: id, intent: intent, result: result, extractResult: extractResult,
      event: absurdRow)
  }
}

extension ChildFeatures
where Child.Event == Never, Child.State: Identifiable, Child.State.ID == ID {
  /// Embeds one `child` (a feature without events) per element of the array at `state`,
  /// identified by its `id`.
  public init<Rows: MutableCollection>(
    _ child: Child, state: WritableKeyPath<Parent.State, Rows>,
    intent: @escaping @Sendable (Parent.Intent) -> (ID, Child.Intent)?,
    result: @escaping @Sendable (ID, Child.Result) -> Parent.Result,
    extractResult: @escaping @Sendable (Parent.Result) -> (ID, Child.Result)?
  ) where Rows.Element == Child.State {
    self.init(
      child, state: state, id: \.id, intent: intent, result: result, extractResult: extractResult,
      event: absurdRow)
  }
}

/// A child feature whose state may be absent (a sheet, a detail screen): like ``ChildFeature``
/// with the child's state at an optional key path (TCA's `ifLet`). While the state is `nil`,
/// the child's intents are ignored (their `handle` returns ``Effect/none``) and its results
/// leave the parent state unchanged (a result of an effect that outlived the child's state is
/// dropped; its ``effect(after:state:)`` starts nothing then).
public struct OptionalChildFeature<Parent: Feature, Child: Feature> {
  /// The embedded feature.
  public let child: Child
  @usableFromInline let state: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let extractIntent: @Sendable (Parent.Intent) -> Child.Intent?
  @usableFromInline let embedResult: @Sendable (Child.Result) -> Parent.Result
  @usableFromInline let extractResult: @Sendable (Parent.Result) -> Child.Result?
  @usableFromInline let embedEvent: @Sendable (Child.Event) -> Parent.Event

  /// Embeds `child`, whose state (when present) is at `state`; see ``ChildFeature/init(_:state:intent:result:extractResult:event:)``.
  public init(
    _ child: Child, state: WritableKeyPath<Parent.State, Child.State?>,
    intent: @escaping @Sendable (Parent.Intent) -> Child.Intent?,
    result: @escaping @Sendable (Child.Result) -> Parent.Result,
    extractResult: @escaping @Sendable (Parent.Result) -> Child.Result?,
    event: @escaping @Sendable (Child.Event) -> Parent.Event
  ) {
    self.child = child
    self.state = state
    self.extractIntent = intent
    self.embedResult = result
    self.extractResult = extractResult
    self.embedEvent = event
  }

  /// The child's effect for `intent` (``Effect/none`` while its state is `nil`); nil when
  /// `intent` is not the child's.
  @inlinable
  public func handle(_ intent: Parent.Intent, state: Parent.State) -> Effect<
    Parent.Result, Parent.Event
  >? {
    guard let childIntent = extractIntent(intent) else { return nil }
    guard let childState = state[keyPath: self.state] else { return Effect.none }
    return child.handle(childIntent, state: childState)
      .embedded(result: embedResult, event: embedEvent)
  }

  /// The parent state with the child's part reduced (unchanged while it is `nil`); nil when
  /// `result` is not the child's.
  @inlinable
  public func reduce(_ state: Parent.State, _ result: Parent.Result) -> Parent.State? {
    guard let childResult = extractResult(result) else { return nil }
    guard let childState = state[keyPath: self.state] else { return state }
    var state = state
    state[keyPath: self.state] = child.reduce(childState, childResult)
    return state
  }

  /// The child's ``Feature/effect(after:state:)`` for `result`, in the parent's terms
  /// (``Effect/none`` while its state is `nil`); nil when `result` is not the child's.
  @inlinable
  public func effect(after result: Parent.Result, state: Parent.State) -> Effect<
    Parent.Result, Parent.Event
  >? {
    guard let childResult = extractResult(result) else { return nil }
    guard let childState = state[keyPath: self.state] else { return Effect.none }
    return child.effect(after: childResult, state: childState)
      .embedded(result: embedResult, event: embedEvent)
  }
}

/// A collection of child features keyed by id (rows of a list; TCA's `forEach`): each child's
/// state is an element of a collection at a key path of the parent's state (an `Array`, or a
/// ``PersistentArray`` for a long list: a row's change then copies O(log n)), identified by `id`;
/// the parent's intents, results and events carry the row's id.
///
/// Finding the row an intent names: over an ``IDIndexedCollection`` (``PersistentArray``) the
/// row's reducer indexes the ids once (O(n), again after the list changed length) and every
/// later intent finds its row in O(log n); over any other collection each intent scans the
/// rows, O(n). Ids are unique within the collection.
///
/// A row's effects are cancelled by their ids *within that row*: the same `cancellable(id:)` in
/// two rows are two different ids. An intent or result for an id that is no longer in the array
/// is ignored (``Effect/none`` / the state unchanged), so an effect that outlives its row cannot
/// resurrect it. A row's ``Feature/effect(after:state:)`` runs through
/// ``effect(after:state:)``, with the row's new state and its ids scoped to the row.
public struct ChildFeatures<Parent: Feature, Child: Feature, ID: Hashable & Sendable> {
  /// The feature of each row.
  public let child: Child
  /// The row with an id, if it is there.
  @usableFromInline let row: (Parent.State, ID) -> Child.State?
  /// Replaces the row with an id by what `change` makes of it; `false` when it is not there.
  @usableFromInline let update: (inout Parent.State, ID, (Child.State) -> Child.State) -> Bool
  @usableFromInline let extractIntent: @Sendable (Parent.Intent) -> (ID, Child.Intent)?
  @usableFromInline let embedResult: @Sendable (ID, Child.Result) -> Parent.Result
  @usableFromInline let extractResult: @Sendable (Parent.Result) -> (ID, Child.Result)?
  @usableFromInline let embedEvent: @Sendable (ID, Child.Event) -> Parent.Event

  /// Embeds one `child` per element of the array at `state`, identified by `id`.
  public init<Rows: MutableCollection>(
    _ child: Child, state: WritableKeyPath<Parent.State, Rows>, id: KeyPath<Child.State, ID>,
    intent: @escaping @Sendable (Parent.Intent) -> (ID, Child.Intent)?,
    result: @escaping @Sendable (ID, Child.Result) -> Parent.Result,
    extractResult: @escaping @Sendable (Parent.Result) -> (ID, Child.Result)?,
    event: @escaping @Sendable (ID, Child.Event) -> Parent.Event
  ) where Rows.Element == Child.State {
    self.child = child
    let lookup = (Rows.self as? any IDIndexedCollection.Type)?.rowAccessors(
      state: state, id: id, of: (Parent.State, Child.State, ID).self)
    if let lookup {
      row = lookup.row
      update = lookup.update
    } else {
      row = { parent, rowID in parent[keyPath: state].first { $0[keyPath: id] == rowID } }
      update = { parent, rowID, change in
        guard let index = parent[keyPath: state].firstIndex(where: { $0[keyPath: id] == rowID })
        else {
          return false
        }
        parent[keyPath: state][index] = change(parent[keyPath: state][index])
        return true
      }
    }
    self.extractIntent = intent
    self.embedResult = result
    self.extractResult = extractResult
    self.embedEvent = event
  }

  /// The row's effect for `intent`, in the parent's terms with its cancellation ids scoped to the
  /// row (``Effect/none`` when the row is gone); nil when `intent` is not a row's.
  @inlinable
  public func handle(_ intent: Parent.Intent, state: Parent.State) -> Effect<
    Parent.Result, Parent.Event
  >? {
    guard let (rowID, childIntent) = extractIntent(intent) else { return nil }
    guard let row = row(state, rowID) else { return Effect.none }
    return inRow(rowID, child.handle(childIntent, state: row))
  }

  /// The parent state with the row reduced (unchanged when the row is gone); nil when `result`
  /// is not a row's.
  @inlinable
  public func reduce(_ state: Parent.State, _ result: Parent.Result) -> Parent.State? {
    guard let (rowID, childResult) = extractResult(result) else { return nil }
    var state = state
    _ = update(&state, rowID) { child.reduce($0, childResult) }
    return state
  }

  /// The row's ``Feature/effect(after:state:)`` for `result`, given the row's new state, in the
  /// parent's terms with its cancellation ids scoped to the row (``Effect/none`` when the row is
  /// gone); nil when `result` is not a row's.
  @inlinable
  public func effect(after result: Parent.Result, state: Parent.State) -> Effect<
    Parent.Result, Parent.Event
  >? {
    guard let (rowID, childResult) = extractResult(result) else { return nil }
    guard let row = row(state, rowID) else { return Effect.none }
    return inRow(rowID, child.effect(after: childResult, state: row))
  }

  /// A row's effect in the parent's terms, its cancellation ids scoped to the row.
  @inlinable
  func inRow(_ rowID: ID, _ effect: Effect<Child.Result, Child.Event>) -> Effect<
    Parent.Result, Parent.Event
  > {
    effect.embedded(
      result: { [embedResult] in embedResult(rowID, $0) },
      event: { [embedEvent] in embedEvent(rowID, $0) }, scope: { AnyHashable(rowID) })
  }

  /// Cancels every effect of the row `id` that was marked with `effectID`.
  public static func cancel(_ effectID: some Hashable & Sendable, inRow rowID: ID)
    -> Effect<Parent.Result, Parent.Event>
  {
    Effect<Parent.Result, Parent.Event>.cancel(id: effectID).scopingIDs(AnyHashable(rowID))
  }
}

extension ChildFeatures where Child.State: Identifiable, Child.State.ID == ID {
  /// Embeds one `child` per element of the array at `state`, identified by its `id`.
  public init<Rows: MutableCollection>(
    _ child: Child, state: WritableKeyPath<Parent.State, Rows>,
    intent: @escaping @Sendable (Parent.Intent) -> (ID, Child.Intent)?,
    result: @escaping @Sendable (ID, Child.Result) -> Parent.Result,
    extractResult: @escaping @Sendable (Parent.Result) -> (ID, Child.Result)?,
    event: @escaping @Sendable (ID, Child.Event) -> Parent.Event
  ) where Rows.Element == Child.State {
    self.init(
      child, state: state, id: \.id, intent: intent, result: result, extractResult: extractResult,
      event: event)
  }
}
