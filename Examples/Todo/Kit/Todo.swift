/// One item of the list.
public struct Todo: Codable, Equatable, Identifiable, Sendable {
  /// A stable number, shown in the list and used by `toggle` and `delete`: one of ``validIDs``.
  public var id: Int
  public var title: String
  public var isDone: Bool

  /// The ids an item may have: whole numbers from 1 to 2^53 − 1.
  ///
  /// Positive, because `toggle` and `delete` take a positive number; at most 2^53 − 1, so that
  /// every id stays exact in tools that read JSON numbers as doubles (JavaScript, older jq), and
  /// so that counting on from the largest id can never overflow `Int`. A list file with another
  /// id is rejected on load (nothing is renumbered behind the user's back: scripts refer to
  /// items by number).
  public static let validIDs = 1...(1 << 53) - 1

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
