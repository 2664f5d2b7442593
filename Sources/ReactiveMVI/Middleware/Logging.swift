extension Middleware {
  /// A middleware that prints each transition as `cause -> changes`.
  ///
  /// The cause is the intent being handled, or `result <r>` for a result from a running effect.
  /// For struct states only the stored properties that changed are printed
  /// (`name: old → new`, compared by their descriptions, strings quoted); other states (enums, classes)
  /// print the whole new state. A result the feature calls unchanged is not published, so it
  /// prints nothing (see ``Feature/stateHasChanged(from:to:)``); a published state that looks
  /// the same as the old one prints `(no change)`.
  /// Events print as `event <e>`, unmapped effect errors as `effect failed: <error>`.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: Counter.State(), feature: Counter(),
  ///   middleware: [.logging(prefix: "[counter] ")])
  /// store.send(.increment)
  /// // Prints (to standard output): [counter] increment -> count: 0 → 1
  /// ```
  ///
  /// - Parameters:
  ///   - prefix: put in front of every line.
  ///   - sink: receives each line (default: `print`). Tests inject a sink to assert the text.
  public static func logging(
    prefix: String = "", sink: @escaping (String) -> Void = { print($0) }
  ) -> Middleware {
    var cause = ""
    return Middleware { activity, _ in
      switch activity {
      case .intent(let intent):
        cause = String(describing: intent)
      case .result(let result, let origin):
        if origin == .effect { cause = "result \(String(describing: result))" }
      case .stateChanged(let old, let new):
        sink(prefix + cause + " -> " + describeChange(from: old, to: new))
      case .event(let event, _):
        sink(prefix + "event \(String(describing: event))")
      case .effectFailed(let error):
        sink(prefix + "effect failed: \(String(describing: error))")
      }
    }
  }
}

/// The changed stored properties of a struct (`a: 1 → 2, b: "x" → "y"`), the whole new value for
/// other types, or `(no change)`.
package func describeChange<Value>(from old: Value, to new: Value) -> String {
  let oldMirror = Mirror(reflecting: old)
  let newMirror = Mirror(reflecting: new)
  if oldMirror.displayStyle == .struct, newMirror.displayStyle == .struct {
    var changes: [String] = []
    for (oldChild, newChild) in zip(oldMirror.children, newMirror.children) {
      let before = show(oldChild.value)
      let after = show(newChild.value)
      if before != after {
        changes.append("\(newChild.label ?? "_"): \(before) → \(after)")
      }
    }
    return changes.isEmpty ? "(no change)" : changes.joined(separator: ", ")
  }
  let before = show(old)
  let after = show(new)
  return before == after ? "(no change)" : after
}

/// A value as the log shows it: strings quoted, everything else as `String(describing:)`.
func show(_ value: Any) -> String {
  if let string = value as? String { return String(reflecting: string) }
  return String(describing: value)
}
