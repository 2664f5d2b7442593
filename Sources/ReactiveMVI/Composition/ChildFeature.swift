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
      .embedded(result: embedResult, event: embedEvent, scope: { scope })
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
      .embedded(result: embedResult, event: embedEvent, scope: { scope })
  }

  /// The scope of this embedding's cancellation ids: its state's key path, so two embeddings of
  /// one child (`\.push`, `\.email`) never cancel each other's effects.
  @usableFromInline
  var scope: AnyHashable { AnyHashable(EmbeddingScope(state: state)) }

  /// Cancels this embedding's running effects marked with `id` (the id the child gave them with
  /// ``Effect/cancellable(id:cancelInFlight:)``): the parent's own `.cancel(id:)` does not reach
  /// into a child, whose ids are its own.
  public func cancel(id: some Hashable & Sendable) -> Effect<Parent.Result, Parent.Event> {
    .cancel(id: id, inScope: scope)
  }

  /// Cancels every running effect of this embedding, whatever its id.
  public func cancelAll() -> Effect<Parent.Result, Parent.Event> { .cancelAll(inScope: scope) }
}

/// The scope of one embedding of a child feature: the key path of its state in the parent's.
@usableFromInline
struct EmbeddingScope: Hashable, @unchecked Sendable, CustomStringConvertible {
  // @unchecked: a key path is an immutable value (see the note on ChildFeature's Sendable).
  let state: AnyKeyPath

  @usableFromInline init(state: AnyKeyPath) { self.state = state }

  @usableFromInline var description: String { "child \(state)" }
}

/// The scope of one row of a ``ChildFeatures``: its id within its list (the list's key path in
/// the parent's state).
@usableFromInline
struct RowScope: Hashable, @unchecked Sendable, CustomStringConvertible {
  // @unchecked: the id is `Hashable & Sendable` (ChildFeatures' `ID`); a key path is an
  // immutable value (see the note on ChildFeature's Sendable).
  let list: AnyKeyPath
  let id: AnyHashable

  @usableFromInline init(list: AnyKeyPath, id: AnyHashable) {
    self.list = list
    self.id = id
  }

  @usableFromInline var description: String { "row \(id)" }
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
// (and `ChildFeatures`' two row accessors, which capture nothing but key paths and an id reader
// that applies one or reads `Identifiable.id`): a key path is an immutable value; Swift does not
// call it Sendable because a key path through a subscript could capture non-Sendable arguments.
// The other closures are @Sendable.
extension ChildFeature: @unchecked Sendable where Child: Sendable {}
extension OptionalChildFeature: @unchecked Sendable where Child: Sendable {}
extension ChildFeatures: @unchecked Sendable where Child: Sendable {}

/// How a ``ChildFeatures`` reads and changes a row by its id.
@usableFromInline
struct RowAccessors<Root, Row, ID> {
  /// The row with an id, if it is there.
  @usableFromInline let row: (Root, ID) -> Row?
  /// Changes the row with an id in place by `change`; `false` when it is not there.
  @usableFromInline let update: (inout Root, ID, (inout Row) -> Void) -> Bool

  @inlinable
  init(
    row: @escaping (Root, ID) -> Row?,
    update: @escaping (inout Root, ID, (inout Row) -> Void) -> Bool
  ) {
    self.row = row
    self.update = update
  }
}

extension RowAccessors where ID: Hashable {
  /// The accessors of the rows at `state` by their id, which `key` names and `readID` reads
  /// (the two must agree: `readID` is `key` applied, or `Identifiable.id` for `\.id`).
  ///
  /// Built where the caller's types are known (the inits are `@inlinable`), so that a row intent
  /// runs code specialized for them: a ``PersistentArray`` is recognized by a cast made once
  /// here, and its accessors apply `state` once per access and read ids without a key path;
  /// any other ``IDIndexedCollection`` is asked by `key`; any other collection is scanned.
  @inlinable
  static func accessors<Rows: MutableCollection>(
    state: WritableKeyPath<Root, Rows>, id key: KeyPath<Row, ID>,
    readingID readID: @escaping (Row) -> ID
  ) -> Self where Rows.Element == Row {
    if let state = state as? WritableKeyPath<Root, PersistentArray<Row>> {
      return RowAccessors(
        row: { parent, rowID in
          parent[keyPath: state].element(withID: rowID, indexedBy: key, readingID: readID)
        },
        update: { parent, rowID, change in
          parent[keyPath: state].changeElement(by: change) {
            $0.firstIndex(indexingID: rowID, indexedBy: key, readingID: readID)
          }
        })
    }
    if let indexed = (Rows.self as? any IDIndexedCollection.Type)?.rowAccessors(
      state: state, id: key, of: (Root, Row, ID).self)
    {
      return indexed
    }
    return RowAccessors(
      row: { parent, rowID in parent[keyPath: state].first { readID($0) == rowID } },
      update: { parent, rowID, change in
        parent[keyPath: state].changeElement(by: change) { $0.firstIndex { readID($0) == rowID } }
      })
  }
}

extension MutableCollection {
  /// Changes the element at the position `find` returns in place (one access to this
  /// collection, without copying the element out and back); `false` when `find` returns `nil`.
  @inlinable
  mutating func changeElement(
    by change: (inout Element) -> Void, at find: (inout Self) -> Index?
  ) -> Bool {
    guard let index = find(&self) else { return false }
    change(&self[index])
    return true
  }
}

extension IDIndexedCollection {
  /// The accessors of the rows at `state` (a collection of this type) by `id`, asking this
  /// collection for a row's position rather than scanning; `nil` unless `state` and `id` are key
  /// paths of `Root` to this type and of its elements, and `Row` is its `Element` (what the
  /// caller, generic over any `MutableCollection`, cannot say to the compiler).
  @usableFromInline
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
        parent[keyPath: state].changeElement(by: change) {
          $0.firstIndex(indexingID: rowID, at: id)
        }
      })
    return accessors as? RowAccessors<Root, Row, ID>
  }
}

/// The function from an impossible value: a child without events has none to embed.
@Sendable func absurd<Value>(_ never: Never) -> Value {}

/// The same, for a row's event (its id comes first).
@usableFromInline @Sendable func absurdRow<ID, Value>(_ id: ID, _ never: Never) -> Value {}

extension ChildFeatures where Child.Event == Never {
  /// Embeds one `child` (a feature without events) per element of the array at `state`.
  @inlinable
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
  @inlinable
  public init<Rows: MutableCollection>(
    _ child: Child, state: WritableKeyPath<Parent.State, Rows>,
    intent: @escaping @Sendable (Parent.Intent) -> (ID, Child.Intent)?,
    result: @escaping @Sendable (ID, Child.Result) -> Parent.Result,
    extractResult: @escaping @Sendable (Parent.Result) -> (ID, Child.Result)?
  ) where Rows.Element == Child.State {
    self.init(
      child, state: state, intent: intent, result: result, extractResult: extractResult,
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
  /// Whether the child has effects running (what ``endingEffects(in:)`` ends).
  @usableFromInline let live: LiveEffects

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
    self.live = LiveEffects(embedding: state)
  }

  /// The child's effect for `intent` (``Effect/none`` while its state is `nil`); nil when
  /// `intent` is not the child's.
  @inlinable
  public func handle(_ intent: Parent.Intent, state: Parent.State) -> Effect<
    Parent.Result, Parent.Event
  >? {
    guard let childIntent = extractIntent(intent) else { return nil }
    guard let childState = state[keyPath: self.state] else { return Effect.none }
    return live.tracking(
      child.handle(childIntent, state: childState)
        .embedded(result: embedResult, event: embedEvent, scope: { scope }), in: { scope })
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
    return live.tracking(
      child.effect(after: childResult, state: childState)
        .embedded(result: embedResult, event: embedEvent, scope: { scope }), in: { scope })
  }

  /// The scope of its cancellation ids, as ``ChildFeature``'s: its state's key path.
  @usableFromInline var scope: AnyHashable { AnyHashable(EmbeddingScope(state: state)) }

  /// Cancels the child's running effects marked with `id`; ``cancelAll()`` cancels them all.
  public func cancel(id: some Hashable & Sendable) -> Effect<Parent.Result, Parent.Event> {
    .cancel(id: id, inScope: scope)
  }

  /// Cancels every running effect of the optional child.
  public func cancelAll() -> Effect<Parent.Result, Parent.Event> { .cancelAll(inScope: scope) }

  /// Cancels the child's running effects once its state is `nil` (the sheet closed), as a
  /// ``ChildFeatureComposition`` does after every result; nil when there is nothing to cancel.
  public func endingEffects(in state: Parent.State) -> Effect<Parent.Result, Parent.Event>? {
    guard state[keyPath: self.state] == nil, live.contains(scope) else { return nil }
    return cancelAll()
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
  /// Changes the row with an id in place by `change`; `false` when it is not there.
  @usableFromInline let update: (inout Parent.State, ID, (inout Child.State) -> Void) -> Bool
  @usableFromInline let extractIntent: @Sendable (Parent.Intent) -> (ID, Child.Intent)?
  @usableFromInline let embedResult: @Sendable (ID, Child.Result) -> Parent.Result
  @usableFromInline let extractResult: @Sendable (Parent.Result) -> (ID, Child.Result)?
  @usableFromInline let embedEvent: @Sendable (ID, Child.Event) -> Parent.Event
  /// The rows with effects running (what ``endingEffects(in:)`` checks), and the key path of
  /// the rows in the parent's state (what keeps two lists' row scopes apart).
  @usableFromInline let live: LiveEffects

  /// Embeds one `child` per element of the array at `state`, identified by `id`.
  @inlinable
  public init<Rows: MutableCollection>(
    _ child: Child, state: WritableKeyPath<Parent.State, Rows>, id: KeyPath<Child.State, ID>,
    intent: @escaping @Sendable (Parent.Intent) -> (ID, Child.Intent)?,
    result: @escaping @Sendable (ID, Child.Result) -> Parent.Result,
    extractResult: @escaping @Sendable (Parent.Result) -> (ID, Child.Result)?,
    event: @escaping @Sendable (ID, Child.Event) -> Parent.Event
  ) where Rows.Element == Child.State {
    self.init(
      child, list: state, rows: .accessors(state: state, id: id) { $0[keyPath: id] },
      intent: intent, result: result, extractResult: extractResult, event: event)
  }

  /// Embeds one `child` per row that `rows` reads and changes in the collection at `list`.
  @inlinable
  init(
    _ child: Child, list: AnyKeyPath, rows: RowAccessors<Parent.State, Child.State, ID>,
    intent: @escaping @Sendable (Parent.Intent) -> (ID, Child.Intent)?,
    result: @escaping @Sendable (ID, Child.Result) -> Parent.Result,
    extractResult: @escaping @Sendable (Parent.Result) -> (ID, Child.Result)?,
    event: @escaping @Sendable (ID, Child.Event) -> Parent.Event
  ) {
    self.child = child
    self.live = LiveEffects(embedding: list)
    self.row = rows.row
    self.update = rows.update
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
    _ = update(&state, rowID) { $0 = child.reduce($0, childResult) }
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

  /// A row's effect in the parent's terms, its cancellation ids scoped to the row, and its
  /// running work counted as the row's.
  ///
  /// What a row's `handle` returns on almost every intent (no effect, one result, one event) is
  /// converted here, inlined, with no closure made for the row's id: only an effect with a body
  /// pays for the embedding closures, its scope and its tracking.
  @inlinable
  func inRow(_ rowID: ID, _ effect: Effect<Child.Result, Child.Event>) -> Effect<
    Parent.Result, Parent.Event
  > {
    switch effect.storage {
    case .none: return Effect(storage: .none)
    case .result(let value): return Effect(storage: .result(embedResult(rowID, value)))
    case .event(let value): return Effect(storage: .event(embedEvent(rowID, value)))
    case .body: return inRowBody(rowID, effect)
    }
  }

  /// ``inRow(_:_:)`` for an effect with a body: compiled once, not inlined.
  @usableFromInline
  func inRowBody(_ rowID: ID, _ effect: Effect<Child.Result, Child.Event>) -> Effect<
    Parent.Result, Parent.Event
  > {
    let embedded = effect.embedded(
      result: { [embedResult] in embedResult(rowID, $0) },
      event: { [embedEvent] in embedEvent(rowID, $0) }, scope: { scope(ofRow: rowID) })
    return live.tracking(embedded, in: { scope(ofRow: rowID) })
  }

  /// The scope of a row's cancellation ids: the row's id within this list, so two lists whose
  /// rows share ids keep their rows' effects apart.
  @usableFromInline
  func scope(ofRow rowID: ID) -> AnyHashable {
    AnyHashable(RowScope(list: live.embedding, id: AnyHashable(rowID)))
  }

  /// Cancels every effect of the row `id` that was marked with `effectID`.
  public func cancel(_ effectID: some Hashable & Sendable, inRow rowID: ID)
    -> Effect<Parent.Result, Parent.Event>
  {
    .cancel(id: effectID, inScope: scope(ofRow: rowID))
  }

  /// Cancels every running effect of the row `id`, whatever its id (TCA's `forEach` does this
  /// when a row leaves the list; so does ``endingEffects(in:)``).
  public func cancelAll(inRow rowID: ID) -> Effect<Parent.Result, Parent.Event> {
    .cancelAll(inScope: scope(ofRow: rowID))
  }

  /// Cancels the running effects of every row no longer in `state` (removed, or filtered out of
  /// the collection), as TCA's `forEach` does; nil when no such row has effects running. A
  /// ``ChildFeatureComposition`` calls it after every result; a parent that composes by hand
  /// returns it from its `effect(after:state:)`.
  ///
  /// Cost: one lookup per row with effects running, and nothing while no row has any.
  public func endingEffects(in state: Parent.State) -> Effect<Parent.Result, Parent.Event>? {
    let gone = live.scopes.compactMap { scope -> AnyHashable? in
      guard let rowID = (scope.base as? RowScope)?.id.base as? ID, row(state, rowID) == nil
      else { return nil }
      return scope
    }
    guard !gone.isEmpty else { return nil }
    return .merge(gone.map { .cancelAll(inScope: $0) })
  }
}

extension ChildFeatures where Child.State: Identifiable, Child.State.ID == ID {
  /// Embeds one `child` per element of the array at `state`, identified by its `id`.
  @inlinable
  public init<Rows: MutableCollection>(
    _ child: Child, state: WritableKeyPath<Parent.State, Rows>,
    intent: @escaping @Sendable (Parent.Intent) -> (ID, Child.Intent)?,
    result: @escaping @Sendable (ID, Child.Result) -> Parent.Result,
    extractResult: @escaping @Sendable (Parent.Result) -> (ID, Child.Result)?,
    event: @escaping @Sendable (ID, Child.Event) -> Parent.Event
  ) where Rows.Element == Child.State {
    self.init(
      child, list: state, rows: .accessors(state: state, id: \.id) { $0.id }, intent: intent,
      result: result, extractResult: extractResult, event: event)
  }
}
