/// The differences between two values, field by field and element by element, as lines like
/// `todos[1].isDone: expected false, actual true`, for `TestStore` failure messages. Structs, classes and
/// tuples are compared by their stored properties, arrays by index (with added and removed
/// elements), dictionaries by key, enums by case and then payload; anything else by its
/// description. At most `limit` lines, then a count of the rest.
package func describeDifference<Value>(expected: Value, actual: Value, limit: Int = 20) -> String {
  let lines = differences(expected, actual).map {
    "\($0.path): expected \($0.old), actual \($0.new)"
  }
  if lines.isEmpty { return "  (no visible difference)" }
  var shown = lines.prefix(limit).map { "  " + $0 }
  if lines.count > limit { shown.append("  … and \(lines.count - limit) more") }
  return shown.joined(separator: "\n")
}

/// One field or element that differs between two values: its path (`todos[1].isDone`, or
/// `state` for the whole value) and both sides as text (strings quoted).
package struct FieldDifference: Equatable, Sendable {
  package var path: String
  package var old: String
  package var new: String
}

/// The fields and elements that differ from `old` to `new`, in declaration (and index) order:
/// the comparison `describeDifference(expected:actual:limit:)` prints, and the changed fields of a
/// time-travel step.
package func differences<Value>(_ old: Value, _ new: Value) -> [FieldDifference] {
  var lines: [FieldDifference] = []
  collectDifferences(old, new, path: "", into: &lines)
  return lines
}

private func collectDifferences(
  _ expected: Any, _ actual: Any, path: String, into lines: inout [FieldDifference]
) {
  let left = Mirror(reflecting: expected)
  let right = Mirror(reflecting: actual)
  let label = path.isEmpty ? "state" : path
  guard left.displayStyle == right.displayStyle, let style = left.displayStyle else {
    let (a, b) = (describe(expected), describe(actual))
    if a != b { lines.append(differs(label, a, b)) }
    return
  }
  switch style {
  case .struct, .class, .tuple:
    let rightChildren = Array(right.children)
    for (index, child) in left.children.enumerated() where index < rightChildren.count {
      let name = child.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? "\(index)"
      collectDifferences(
        child.value, rightChildren[index].value, path: path.isEmpty ? name : "\(path).\(name)",
        into: &lines)
    }
  case .collection, .set:
    let a = left.children.map(\.value)
    let b = right.children.map(\.value)
    for index in 0..<min(a.count, b.count) {
      collectDifferences(a[index], b[index], path: "\(label)[\(index)]", into: &lines)
    }
    for index in b.count..<max(b.count, a.count) {
      lines.append(differs("\(label)[\(index)]", describe(a[index]), "(none)"))
    }
    for index in a.count..<max(a.count, b.count) {
      lines.append(differs("\(label)[\(index)]", "(none)", describe(b[index])))
    }
  case .optional:
    switch (left.children.first, right.children.first) {
    case (nil, nil): break
    case (let l?, let r?): collectDifferences(l.value, r.value, path: path, into: &lines)
    case (let l, let r):
      lines.append(
        differs(label, l.map { describe($0.value) } ?? "nil", r.map { describe($0.value) } ?? "nil")
      )
    }
  case .enum:
    let (caseA, caseB) = (enumCase(expected), enumCase(actual))
    if caseA != caseB || left.children.count != right.children.count {
      lines.append(differs(label, describe(expected), describe(actual)))
    } else if let l = left.children.first, let r = right.children.first {
      collectDifferences(l.value, r.value, path: "\(label).\(caseA)", into: &lines)
    }
  default:  // dictionaries and anything else: by description
    let (a, b) = (describe(expected), describe(actual))
    if a != b { lines.append(differs(label, a, b)) }
  }
}

private func enumCase(_ value: Any) -> String {
  let text = String(describing: value)
  return String(text.prefix(while: { $0 != "(" }))
}

private func describe(_ value: Any) -> String {
  if let string = value as? String { return String(reflecting: string) }
  return String(describing: value)
}

private func differs(_ label: String, _ expected: String, _ actual: String) -> FieldDifference {
  FieldDifference(path: label, old: expected, new: actual)
}
