import ExampleTerminal
import Foundation
import Observation
import ReactiveMVI

/// The todo screen's view model, driven by a ``ViewStore``: what a SwiftUI view would read,
/// rendered here as text (or JSON) so the example runs in a terminal.
///
/// Everything it reads goes through the view store, so in SwiftUI a view reading `rows` would
/// update when the list or the filter changes, and one reading `status` when saving progresses.
@MainActor
public final class TodoViewModel {
  /// One visible line of the list.
  public struct Row: Equatable, Sendable {
    public var id: Int
    public var title: String
    public var isDone: Bool
  }

  public let viewStore: ViewStore<Store<TodoFeature>>

  public init(store: Store<TodoFeature>) {
    viewStore = ViewStore(store)
  }

  /// The items the current filter shows.
  public var rows: [Row] {
    let filter = viewStore.filter
    return viewStore.todos.filter(filter.includes).map {
      Row(id: $0.id, title: $0.title, isDone: $0.isDone)
    }
  }

  /// The header: filter and how many are left.
  public var title: String {
    let todos = viewStore.todos
    let left = todos.count(where: { !$0.isDone })
    return "Todos (\(viewStore.filter.rawValue)): \(left) of \(todos.count) left"
  }

  /// The save status line, or nil when there is nothing to say.
  public var status: String? {
    switch viewStore.persistence {
    case .idle: nil
    case .saving: "saving…"
    case .saved(let count): "saved \(count) item\(count == 1 ? "" : "s")"
    case .failed(let message): "not saved: \(message)"
    }
  }

  public func send(_ intent: TodoFeature.Intent) { viewStore.send(intent) }

  /// Waits until the view shows the store's latest state (event-driven: each applied state is an
  /// Observation change).
  public func caughtUp() async {
    while viewStore.state != viewStore.store.state {
      await withCheckedContinuation { continuation in
        withObservationTracking({ _ = viewStore.state }, onChange: { continuation.resume() })
      }
    }
  }

  /// Waits until no save is waiting or running.
  public func saved() async {
    await caughtUp()
    while viewStore.persistence == .saving {
      await withCheckedContinuation { continuation in
        withObservationTracking({ _ = viewStore.persistence }, onChange: { continuation.resume() })
      }
    }
  }

  /// The screen as text, for a terminal: titles (which may come from a list file that anyone
  /// edited) have their control characters made visible (`\u{1B}`), so they cannot drive the
  /// terminal.
  public func renderText() -> String {
    var lines = [title]
    let rows = rows
    if rows.isEmpty { lines.append("  (nothing here)") }
    for row in rows {
      lines.append(
        "  \(row.isDone ? "[x]" : "[ ]") \(row.id). \(row.title.escapingControlCharacters)")
    }
    if let status { lines.append(status) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The screen as one line of JSON. Control characters in titles are escaped (`\u001b`): the
  /// encoder escapes those below U+0020, and DEL and the C1 controls (U+0080–U+009F, CSI among
  /// them), which JSON allows raw, are escaped here, so the line is safe to show in a terminal.
  public func renderJSON() -> String {
    struct Screen: Encodable {
      var filter: String
      var items: [Item]
      var left: Int
      var status: String
      var error: String?
    }
    struct Item: Encodable {
      var id: Int
      var title: String
      var done: Bool
    }
    let (status, error): (String, String?) =
      switch viewStore.persistence {
      case .idle: ("idle", nil)
      case .saving: ("saving", nil)
      case .saved: ("saved", nil)
      case .failed(let message): ("failed", message)
      }
    let screen = Screen(
      filter: viewStore.filter.rawValue,
      items: rows.map { Item(id: $0.id, title: $0.title, done: $0.isDone) },
      left: viewStore.todos.count(where: { !$0.isDone }), status: status, error: error)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(screen)) ?? Data("{}".utf8)
    var line = ""
    // These scalars can only be inside strings: everything else the encoder writes is ASCII.
    for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
      if scalar.isControlCharacter {
        line += "\\u00" + String(scalar.value, radix: 16).uppercased()
      } else {
        line.unicodeScalars.append(scalar)
      }
    }
    return line + "\n"
  }
}
