/// Writes a recorded session as Swift Testing source: a `TestStore` over `RecordedEffects`
/// that sends each recorded intent and asserts the state change as field assignments
/// (`$0.count = 2`), receives each recorded effect result and event, and finishes. It compiles
/// against the feature's own types and passes against the feature as recorded; when `reduce`
/// changes, the test store fails naming the step and the differing fields.
///
/// Values are written as Swift expressions read from the values themselves: strings, numbers
/// and booleans as literals, collections as array and dictionary literals, structs by their
/// memberwise initializer (`Todo(id: 1, title: "Milk", isDone: false)`), enums by case
/// (`.presenting(…, previousAvailable: false, nextAvailable: true)`). A state that is a struct is
/// asserted field by field (the fields that changed); any other state as a whole (`$0 = …`).
/// A type whose stored properties are not its memberwise initializer's parameters needs that
/// initializer (or the exported source edited).
///
/// The source uses `TestStore` and `RecordedEffects` of ReactiveMVITesting; writing it needs only
/// ReactiveMVI, so an app can export its sessions without linking a test framework.
public enum SessionTestExport {
  /// The source of one Swift Testing test of `session`.
  ///
  /// - Parameters:
  ///   - session: the session (its intents, results and events).
  ///   - feature: the feature whose `reduce` computes the states the test asserts.
  ///   - testName: the test function's name.
  ///   - featureExpression: Swift source that makes the feature in the test
  ///     (`"HeroFeature(roster: .default)"`). The test calls a function `replay<TestName>(_:reporter:)`,
  ///     generic over the feature, that holds the assertions: a test can run them against
  ///     another feature of the same types (a changed reducer) and collect the failures.
  ///   - imports: the modules the test imports, besides ReactiveMVI, ReactiveMVITesting and
  ///     Testing (`"@testable import HeroSelectorKit"`, written as given).
  public static func swiftTesting<F: Feature>(
    session: Session<F>, feature: F, testName: String, featureExpression: String,
    imports: [String]
  ) -> String where F.State: Equatable {
    var lines = [
      "// swift-format-ignore-file",
      "// Generated from a recorded session of \(session.featureName) by SessionTestExport.",
      "// Regenerate it rather than edit it.",
      "import ReactiveMVI",
      "import ReactiveMVITesting",
      "import Testing",
      "",
    ]
    lines += imports
    let types = [
      "F.State == \(typeName(F.State.self))", "F.Intent == \(typeName(F.Intent.self))",
      "F.Result == \(typeName(F.Result.self))", "F.Event == \(typeName(F.Event.self))",
    ]
    let replay = "replay" + testName.prefix(1).uppercased() + testName.dropFirst()
    lines += [
      "",
      "@Test func \(testName)() {",
      "  \(replay)(\(featureExpression))",
      "}",
      "",
      "/// The session's intents sent to `feature` (its effects replaced by the recorded outputs),",
      "/// asserting the recorded states; failures go to `reporter`.",
      "func \(replay)<F: Feature>(",
      "  _ feature: F, reporter: TestStoreReporter = .default",
      ") where \(types.joined(separator: ", ")) {",
      "  let store = TestStore(",
      "    initialState: \(swiftExpression(session.initialState)),",
      "    feature: RecordedEffects(",
      "      feature,",
      "      steps: [",
    ]
    for step in session.steps {
      let intent = step.intent.map { swiftExpression($0) } ?? "nil"
      let outputs = step.outputs.map { output -> String in
        switch output {
        case .result(let result): ".result(\(swiftExpression(result)))"
        case .event(let event): ".event(\(swiftExpression(event)))"
        }
      }
      lines.append(
        "        .init(number: \(step.number), intent: \(intent), outputs: ["
          + outputs.joined(separator: ", ") + "]),")
    }
    lines += ["      ]),", "    reporter: reporter)"]
    var state = session.initialState
    func apply(_ result: F.Result) {
      let new = feature.reduce(state, result)
      if feature.stateHasChanged(from: state, to: new) { state = new }
    }
    func assertion(from old: F.State) -> String {
      let changes = assignments(from: old, to: state)
      switch changes.count {
      case 0: return ""
      case 1: return " { \(changes[0]) }"
      default: return " {\n" + changes.map { "    " + $0 + "\n" }.joined() + "  }"
      }
    }
    for step in session.steps {
      if let intent = step.intent {
        let old = state
        for result in step.results { apply(result) }
        lines.append("  store.send(\(swiftExpression(intent)))" + assertion(from: old))
        for event in step.events { lines.append("  store.receiveEvent(\(swiftExpression(event)))") }
      } else {
        for output in step.outputs {
          switch output {
          case .result(let result):
            let old = state
            apply(result)
            lines.append("  store.receive(\(swiftExpression(result)))" + assertion(from: old))
          case .event(let event):
            lines.append("  store.receiveEvent(\(swiftExpression(event)))")
          }
        }
      }
    }
    lines += ["  store.finish()", "}", ""]
    return lines.joined(separator: "\n")
  }

  /// `$0.field = value` for each field of a struct state that changed, or `$0 = value`.
  static func assignments<State>(from old: State, to new: State) -> [String] {
    let before = Mirror(reflecting: old)
    let after = Mirror(reflecting: new)
    guard before.displayStyle == .struct, after.displayStyle == .struct else {
      return differences(old, new).isEmpty ? [] : ["$0 = \(swiftExpression(new))"]
    }
    return zip(before.children, after.children).compactMap { old, new in
      guard let label = old.label, !differences(old.value, new.value).isEmpty else { return nil }
      return "$0.\(label) = \(swiftExpression(new.value))"
    }
  }
}

/// `value` as a Swift expression (see ``SessionTestExport``).
func swiftExpression(_ value: Any) -> String {
  switch value {
  case let string as String: return String(reflecting: string)
  case let character as Character: return String(reflecting: String(character))
  case is Bool, is Int, is Int8, is Int16, is Int32, is Int64, is UInt, is UInt8, is UInt16,
    is UInt32, is UInt64, is Double, is Float:
    return "\(value)"
  default: break
  }
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .optional:
    return mirror.children.first.map { swiftExpression($0.value) } ?? "nil"
  case .collection, .set:
    return "[" + mirror.children.map { swiftExpression($0.value) }.joined(separator: ", ") + "]"
  case .dictionary:
    let pairs = mirror.children.map { child -> String in
      let pair = Array(Mirror(reflecting: child.value).children)
      return swiftExpression(pair[0].value) + ": " + swiftExpression(pair[1].value)
    }
    return pairs.isEmpty ? "[:]" : "[" + pairs.joined(separator: ", ") + "]"
  case .enum:
    guard let payload = mirror.children.first else { return ".\(value)" }
    let name = payload.label ?? "\(value)"
    let inner = Mirror(reflecting: payload.value)
    if inner.displayStyle == .tuple {
      return ".\(name)(" + arguments(inner) + ")"
    }
    return ".\(name)(\(swiftExpression(payload.value)))"
  case .tuple:
    return "(" + arguments(mirror) + ")"
  case .struct, .class:
    // A collection type that is not an `Array` (a `PersistentArray`, say) is written as an
    // array literal: its stored properties are its storage, not its elements.
    if let sequence = value as? any Sequence {
      return "[" + sequence.map { swiftExpression($0) }.joined(separator: ", ") + "]"
    }
    return typeName(of: value) + "(" + arguments(mirror) + ")"
  default:
    return "\(value)"
  }
}

/// `a, label: b` from the children of a tuple or the stored properties of a struct.
private func arguments(_ mirror: Mirror) -> String {
  mirror.children.map { child -> String in
    let label = child.label.map { $0.hasPrefix(".") ? "" : $0 + ": " } ?? ""
    return label + swiftExpression(child.value)
  }.joined(separator: ", ")
}

/// The value's type name as code outside its module writes it (`TodoFeature.State`).
private func typeName(of value: Any) -> String { typeName(type(of: value)) }

/// The type's name without its module (`TodoFeature.State`, `Never`).
private func typeName(_ type: Any.Type) -> String {
  let full = String(reflecting: type)
  guard let dot = full.firstIndex(of: "."), !full[..<dot].contains("<") else { return full }
  return String(full[full.index(after: dot)...])
}
