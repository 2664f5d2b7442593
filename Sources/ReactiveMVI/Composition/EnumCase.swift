/// One case of an enum, as a pair of functions built from the case's constructor alone: `embed`
/// is the constructor (`Intent.counter`), `extract` gives back its payload from a value of that
/// case and `nil` from any other case. What swift-case-paths' `CasePath` did before macros, here
/// only to build the child-feature helpers (``ChildFeature``, ``OptionalChildFeature``,
/// ``ChildFeatures``) from `Intent.counter` instead of a hand-written `if case` closure.
///
/// `extract` reads the value with `Mirror`: the case's name and payload, then checks that
/// embedding that payload gives the same case (so two cases with the same payload type are told
/// apart). That costs a few allocations per call, paid once per intent or result per embedded
/// child; a feature on a hot path can pass the extraction closures itself (the helpers' long
/// form). Works for cases whose payload is one value or, for rows, an id and one value.
struct EnumCase<Root, Value>: Sendable {
  let embed: @Sendable (Value) -> Root

  init(_ embed: @escaping @Sendable (Value) -> Root) { self.embed = embed }

  /// The payload of `root` when it is this case, else `nil`.
  func extract(from root: Root) -> Value? {
    guard let (name, payload) = caseNameAndPayload(root),
      let value = payload as? Value ?? labelledSingleValue(payload) as? Value,
      caseNameAndPayload(embed(value))?.name == name
    else { return nil }
    return value
  }
}

/// A case whose payload is an id and a value (`.row(id: 3, .increment)`), as ``EnumCase``.
struct RowCase<Root, ID, Value>: Sendable {
  let embed: @Sendable (ID, Value) -> Root

  init(_ embed: @escaping @Sendable (ID, Value) -> Root) { self.embed = embed }

  /// The id and payload of `root` when it is this case, else `nil`.
  func extract(from root: Root) -> (ID, Value)? {
    guard let (name, payload) = caseNameAndPayload(root) else { return nil }
    // A two-value payload is a tuple (labelled or not): read its elements, not its type.
    let elements = Mirror(reflecting: payload).children.map(\.value)
    guard elements.count == 2, let id = elements[0] as? ID, let value = elements[1] as? Value,
      caseNameAndPayload(embed(id, value))?.name == name
    else { return nil }
    return (id, value)
  }
}

/// The case name and payload of an enum value; `nil` for a case without payload or a value that
/// is not an enum.
private func caseNameAndPayload(_ value: Any) -> (name: String, payload: Any)? {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum, let child = mirror.children.first, let name = child.label
  else { return nil }
  return (name, child.value)
}

/// The value of a labelled one-value payload (`case detail(intent: X)` reflects as `(intent: x)`).
private func labelledSingleValue(_ payload: Any) -> Any? {
  let mirror = Mirror(reflecting: payload)
  guard mirror.displayStyle == .tuple, mirror.children.count == 1 else { return nil }
  return mirror.children.first?.value
}
