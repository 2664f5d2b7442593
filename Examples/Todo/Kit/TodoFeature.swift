import ReactiveMVI

/// The todo list of the article, as a ReactiveMVI feature: intents are handled into results
/// (and one-off events), results are reduced into a new state, and saving is an effect that
/// runs after every change of the list.
///
/// Saving: after each result that changed the list, ``effect(after:state:)`` starts a save of
/// the new list: it waits `saveDelay` on `scheduler` (a simulated slow disk, and a debounce: a
/// newer change cancels the save in flight) and then writes the list through `storage`. A failed
/// save becomes state (``Persistence/failed(_:)``), so the view shows it. ``Intent/saveNow``
/// writes a change still waiting out its delay at once (the program sends it before it stops on
/// an error, so no change shown as saving is lost).
public struct TodoFeature: Feature {
  public struct State: Equatable, Sendable {
    /// The items, in order. A `PersistentArray`, not an `Array`: every state the store publishes
    /// is kept by someone (the view, a subscriber), so a change of one item of an `Array` would
    /// copy the whole list; here it copies O(log n) (Docs/Store.md, "Large lists in state").
    public var todos: PersistentArray<Todo>
    public var filter: Filter = .all
    public var nextID: Int
    public var persistence: Persistence = .idle

    /// The id of the next item added to `todos`: one more than the largest id, or, once the
    /// largest is the last of ``Todo/validIDs``, the smallest one not in use (there is always
    /// one: a list cannot hold 2^53 items). Never overflows, whatever ids `todos` holds.
    ///
    /// - Complexity: O(n) in the number of items.
    static func nextID(after todos: PersistentArray<Todo>) -> Int {
      let largest = todos.lazy.map(\.id).max() ?? 0
      if largest < Todo.validIDs.upperBound { return max(largest, 0) + 1 }
      let used = Set(todos.lazy.map(\.id))
      return Todo.validIDs.first { !used.contains($0) } ?? Todo.validIDs.upperBound
    }

    /// The items the filter shows, in order.
    public var visible: [Todo] { todos.filter(filter.includes) }
    /// How many items are not done.
    public var remaining: Int { todos.count(where: { !$0.isDone }) }
  }

  /// Where the list stands with the storage.
  public enum Persistence: Equatable, Sendable {
    /// Nothing changed since the list was loaded.
    case idle
    /// A save is waiting or running.
    case saving
    /// The last change was saved (`count` items).
    case saved(count: Int)
    /// The last save failed; the next change tries again.
    case failed(String)
  }

  public enum Intent: Equatable, Sendable {
    case add(String)
    case toggle(id: Int)
    case delete(id: Int)
    case setFilter(Filter)
    case clearCompleted
    /// Saves at once a change still waiting out the save delay (nothing when no save waits).
    case saveNow
  }

  public enum Result: Equatable, Sendable {
    case added(String)
    case toggled(id: Int)
    case deleted(id: Int)
    case filterChanged(Filter)
    case clearedCompleted
    case saveStarted
    case saved(count: Int)
    case saveFailed(String)
  }

  /// One-off messages for the user.
  public enum Event: Equatable, Sendable {
    /// `toggle` or `delete` named an id that is not in the list.
    case notFound(id: Int)
  }

  /// The id of the save effect (a newer save cancels the one in flight).
  struct SaveID: Hashable, Sendable {}

  public let storage: any TodoStorage
  public let scheduler: any SchedulerType
  public let saveDelay: RxTimeInterval

  public init(storage: any TodoStorage, scheduler: any SchedulerType, saveDelay: RxTimeInterval) {
    self.storage = storage
    self.scheduler = scheduler
    self.saveDelay = saveDelay
  }

  public func handle(_ intent: Intent, state: State) -> Effect<Result, Event> {
    switch intent {
    case .add(let title):
      return .result(.added(title))
    case .toggle(let id):
      return state.todos.contains(where: { $0.id == id })
        ? .result(.toggled(id: id)) : .event(.notFound(id: id))
    case .delete(let id):
      return state.todos.contains(where: { $0.id == id })
        ? .result(.deleted(id: id)) : .event(.notFound(id: id))
    case .setFilter(let filter):
      return .result(.filterChanged(filter))
    case .clearCompleted:
      return .result(.clearedCompleted)
    case .saveNow:
      // Started with the waiting save's id, so it replaces that save instead of running twice.
      return state.persistence == .saving
        ? save(state.todos).cancellable(id: SaveID(), cancelInFlight: true) : .none
    }
  }

  /// After a change of the list: mark it as saving, and save the new list once `saveDelay` has
  /// passed without another change.
  public func effect(after result: Result, state: State) -> Effect<Result, Event> {
    switch result {
    case .added, .toggled, .deleted, .clearedCompleted:
      return .merge(
        .result(.saveStarted),
        save(state.todos).debounce(id: SaveID(), for: saveDelay, scheduler: scheduler))
    case .filterChanged, .saveStarted, .saved, .saveFailed:
      return .none
    }
  }

  /// Writes `todos` through `storage` when started; a failure becomes ``Result/saveFailed(_:)``.
  private func save(_ todos: PersistentArray<Todo>) -> Effect<Result, Event> {
    let storage = storage
    return Effect<Result, Event>.observable(
      Observable.deferred { () -> Observable<Result> in
        try storage.save(Array(todos))
        return .just(.saved(count: todos.count))
      }
    ).catch { .saveFailed("\($0)") }
  }

  public func reduce(_ state: State, _ result: Result) -> State {
    var state = state
    switch result {
    case .added(let title):
      state.todos.append(Todo(id: state.nextID, title: title))
      state.nextID = State.nextID(after: state.todos)
    case .toggled(let id):
      if let index = state.todos.firstIndex(where: { $0.id == id }) {
        state.todos[index].isDone.toggle()
      }
    case .deleted(let id):
      // Ids are unique (checked on load, assigned by `nextID`): one item at most.
      if let index = state.todos.firstIndex(where: { $0.id == id }) {
        state.todos.remove(at: index)
      }
    case .filterChanged(let filter):
      state.filter = filter
    case .clearedCompleted:
      state.todos.removeAll(where: \.isDone)
    case .saveStarted:
      state.persistence = .saving
    case .saved(let count):
      state.persistence = .saved(count: count)
    case .saveFailed(let message):
      state.persistence = .failed(message)
    }
    return state
  }
}

// Codable for recorded sessions (`todo --record`, Docs/TimeTravel.md): a session holds the
// intents, the results `reduce` saw, the events and the states.
extension TodoFeature.State: Codable {}
extension TodoFeature.Persistence: Codable {}
extension TodoFeature.Intent: Codable {}
extension TodoFeature.Result: Codable {}
extension TodoFeature.Event: Codable {}

// In an extension, so that the struct keeps its memberwise initializer (all four fields), with
// which an exported session test writes its states.
extension TodoFeature.State {
  /// A list starting from `todos` (new ids continue after the largest one).
  public init(todos: some Sequence<Todo> = [], filter: Filter = .all) {
    self.todos = PersistentArray(todos)
    self.filter = filter
    self.nextID = Self.nextID(after: self.todos)
  }
}
