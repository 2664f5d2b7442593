/// One item of the list.
public struct Todo: Codable, Equatable, Identifiable, Sendable {
  /// A stable number, shown in the list and used by `toggle` and `delete`.
  public var id: Int
  public var title: String
  public var isDone: Bool

  public init(id: Int, title: String, isDone: Bool = false) {
    self.id = id
    self.title = title
    self.isDone = isDone
  }
}

/// Which items the list shows.
public enum Filter: String, CaseIterable, Codable, Sendable {
  case all, active, done

  /// Whether `todo` is shown under this filter.
  public func includes(_ todo: Todo) -> Bool {
    switch self {
    case .all: true
    case .active: !todo.isDone
    case .done: todo.isDone
    }
  }
}
