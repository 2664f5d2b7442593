// The short form of the child-feature helpers: the child is embedded by the parent's enum cases
// (`intent: Intent.counter`), and the extraction each helper needs is derived from those
// constructors (see `EnumCase`). The long form, with extraction closures, stays for features
// that want no reflection on their path.

extension ChildFeature {
  /// Embeds `child`, whose state is at `state`, by the cases of the parent's enums that carry
  /// the child's intents, results and events: `ChildFeature<Screen, Counter>(Counter(),
  /// state: \.counter, intent: Intent.counter, result: Result.counter, event: Event.counter)`.
  public init(
    _ child: Child, state: WritableKeyPath<Parent.State, Child.State>,
    intent: @escaping @Sendable (Child.Intent) -> Parent.Intent,
    result: @escaping @Sendable (Child.Result) -> Parent.Result,
    event: @escaping @Sendable (Child.Event) -> Parent.Event
  ) {
    self.init(
      child, state: state, intent: EnumCase(intent).extract, result: result,
      extractResult: EnumCase(result).extract, event: event)
  }
}

extension ChildFeature where Child.Event == Never {
  /// Embeds `child` (a feature without events) by the parent's cases for its intents and results.
  public init(
    _ child: Child, state: WritableKeyPath<Parent.State, Child.State>,
    intent: @escaping @Sendable (Child.Intent) -> Parent.Intent,
    result: @escaping @Sendable (Child.Result) -> Parent.Result
  ) {
    self.init(child, state: state, intent: intent, result: result, event: absurd)
  }
}

extension ChildFeature
where Child.Event == Never, Child.Result == Child.Intent, Parent.Result == Parent.Intent {
  /// Embeds `child` (whose intents are its results, without events) by the parent's case for
  /// its intents: `ChildFeature<Screen, Counter>(Counter(), state: \.counter, intent: Intent.counter)`.
  public init(
    _ child: Child, state: WritableKeyPath<Parent.State, Child.State>,
    intent: @escaping @Sendable (Child.Intent) -> Parent.Intent
  ) {
    self.init(child, state: state, intent: intent, result: intent, event: absurd)
  }
}

extension OptionalChildFeature {
  /// Embeds `child`, whose state (when present) is at `state`, by the cases of the parent's
  /// enums that carry the child's intents, results and events.
  public init(
    _ child: Child, state: WritableKeyPath<Parent.State, Child.State?>,
    intent: @escaping @Sendable (Child.Intent) -> Parent.Intent,
    result: @escaping @Sendable (Child.Result) -> Parent.Result,
    event: @escaping @Sendable (Child.Event) -> Parent.Event
  ) {
    self.init(
      child, state: state, intent: EnumCase(intent).extract, result: result,
      extractResult: EnumCase(result).extract, event: event)
  }
}

extension OptionalChildFeature where Child.Event == Never {
  /// Embeds `child` (a feature without events) by the parent's cases for its intents and results.
  public init(
    _ child: Child, state: WritableKeyPath<Parent.State, Child.State?>,
    intent: @escaping @Sendable (Child.Intent) -> Parent.Intent,
    result: @escaping @Sendable (Child.Result) -> Parent.Result
  ) {
    self.init(child, state: state, intent: intent, result: result, event: absurd)
  }
}

extension OptionalChildFeature
where Child.Event == Never, Child.Result == Child.Intent, Parent.Result == Parent.Intent {
  /// Embeds `child` (whose intents are its results, without events) by the parent's case for
  /// its intents.
  public init(
    _ child: Child, state: WritableKeyPath<Parent.State, Child.State?>,
    intent: @escaping @Sendable (Child.Intent) -> Parent.Intent
  ) {
    self.init(child, state: state, intent: intent, result: intent, event: absurd)
  }
}

extension ChildFeatures {
  /// Embeds one `child` per element of the array at `state`, identified by `id`, by the cases
  /// of the parent's enums that carry a row's id with its intents, results and events
  /// (`case row(id: Int, Row.Intent)`).
  public init<Rows: MutableCollection>(
    _ child: Child, state: WritableKeyPath<Parent.State, Rows>, id: KeyPath<Child.State, ID>,
    intent: @escaping @Sendable (ID, Child.Intent) -> Parent.Intent,
    result: @escaping @Sendable (ID, Child.Result) -> Parent.Result,
    event: @escaping @Sendable (ID, Child.Event) -> Parent.Event
  ) where Rows.Element == Child.State {
    self.init(
      child, state: state, id: id, intent: RowCase(intent).extract, result: result,
      extractResult: RowCase(result).extract, event: event)
  }
}

extension ChildFeatures where Child.Event == Never {
  /// Embeds one `child` (a feature without events) per row, by the parent's cases for a row's
  /// intents and results.
  public init<Rows: MutableCollection>(
    _ child: Child, state: WritableKeyPath<Parent.State, Rows>, id: KeyPath<Child.State, ID>,
    intent: @escaping @Sendable (ID, Child.Intent) -> Parent.Intent,
    result: @escaping @Sendable (ID, Child.Result) -> Parent.Result
  ) where Rows.Element == Child.State {
    self.init(child, state: state, id: id, intent: intent, result: result, event: absurdRow)
  }
}

extension ChildFeatures
where Child.Event == Never, Child.Result == Child.Intent, Parent.Result == Parent.Intent {
  /// Embeds one `child` (whose intents are its results, without events) per row, by the
  /// parent's case for a row's intents.
  public init<Rows: MutableCollection>(
    _ child: Child, state: WritableKeyPath<Parent.State, Rows>, id: KeyPath<Child.State, ID>,
    intent: @escaping @Sendable (ID, Child.Intent) -> Parent.Intent
  ) where Rows.Element == Child.State {
    self.init(child, state: state, id: id, intent: intent, result: intent, event: absurdRow)
  }
}

extension ChildFeatures where Child.State: Identifiable, Child.State.ID == ID {
  /// Embeds one `child` per element of the array at `state`, identified by its `id`, by the
  /// parent's cases for a row's intents, results and events.
  public init<Rows: MutableCollection>(
    _ child: Child, state: WritableKeyPath<Parent.State, Rows>,
    intent: @escaping @Sendable (ID, Child.Intent) -> Parent.Intent,
    result: @escaping @Sendable (ID, Child.Result) -> Parent.Result,
    event: @escaping @Sendable (ID, Child.Event) -> Parent.Event
  ) where Rows.Element == Child.State {
    self.init(
      child, state: state, intent: RowCase(intent).extract, result: result,
      extractResult: RowCase(result).extract, event: event)
  }
}

extension ChildFeatures
where Child.State: Identifiable, Child.State.ID == ID, Child.Event == Never {
  /// Embeds one `child` (a feature without events) per element of the array at `state`,
  /// identified by its `id`, by the parent's cases for a row's intents and results.
  public init<Rows: MutableCollection>(
    _ child: Child, state: WritableKeyPath<Parent.State, Rows>,
    intent: @escaping @Sendable (ID, Child.Intent) -> Parent.Intent,
    result: @escaping @Sendable (ID, Child.Result) -> Parent.Result
  ) where Rows.Element == Child.State {
    self.init(child, state: state, id: \.id, intent: intent, result: result, event: absurdRow)
  }
}

extension ChildFeatures
where
  Child.State: Identifiable, Child.State.ID == ID, Child.Event == Never,
  Child.Result == Child.Intent, Parent.Result == Parent.Intent
{
  /// Embeds one `child` (whose intents are its results, without events) per element of the
  /// array at `state`, identified by its `id`, by the parent's case for a row's intents:
  /// `ChildFeatures<Counters, CounterRow, Int>(CounterRow(), state: \.rows, intent: Intent.row)`.
  public init<Rows: MutableCollection>(
    _ child: Child, state: WritableKeyPath<Parent.State, Rows>,
    intent: @escaping @Sendable (ID, Child.Intent) -> Parent.Intent
  ) where Rows.Element == Child.State {
    self.init(child, state: state, id: \.id, intent: intent, result: intent, event: absurdRow)
  }
}
