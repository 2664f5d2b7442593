import Synchronization

/// One case of an enum, as a pair of functions built from the case's constructor alone: `embed`
/// is the constructor (`Intent.counter`), `extract` gives back its payload from a value of that
/// case and `nil` from any other case. What swift-case-paths' `CasePath` did before macros, here
/// only to build the child-feature helpers (``ChildFeature``, ``OptionalChildFeature``,
/// ``ChildFeatures``) from `Intent.counter` instead of a hand-written `if case` closure.
///
/// How `extract` reads a value: until it has seen a value of its case, with `Mirror` (the case's
/// name and payload), checking that embedding the payload again gives the same case, so two
/// cases with the same payload type are told apart; that case is then remembered by the address
/// of its name in the enum's reflection metadata (cases are told apart by name). From then on a
/// value of another case is rejected by comparing that address (one runtime call, no
/// allocation), and only a value of this case has its payload read with `Mirror` (a few
/// allocations, orders of magnitude slower than a hand-written `if case` closure). A feature on
/// a hot path passes the
/// extraction closures itself (the helpers' long form). Works for cases whose payload is one
/// value or, for rows, an id and one value, of enums compiled with reflection metadata (the
/// default). Without it (`-disable-reflection-metadata`) no case has a name, and the first
/// value `extract` is given stops the program with a message naming the long form: never a
/// child that silently matches nothing.
///
/// Thread safety: immutable but for the remembered case, an atomic written with the same value by
/// whichever thread gets there first.
struct EnumCase<Root, Value>: Sendable {
  let embed: @Sendable (Value) -> Root
  private let knownCase = KnownCase()

  init(_ embed: @escaping @Sendable (Value) -> Root) { self.embed = embed }

  /// The payload of `root` when it is this case, else `nil`.
  func extract(from root: Root) -> Value? {
    knownCase.extract(from: root) { payload in
      guard let value = payload as? Value ?? labelledSingleValue(payload) as? Value else {
        return nil
      }
      return (value, embed(value))
    }
  }
}

/// A case whose payload is an id and a value (`.row(id: 3, .increment)`), as ``EnumCase``.
struct RowCase<Root, ID, Value>: Sendable {
  let embed: @Sendable (ID, Value) -> Root
  private let knownCase = KnownCase()

  init(_ embed: @escaping @Sendable (ID, Value) -> Root) { self.embed = embed }

  /// The id and payload of `root` when it is this case, else `nil`.
  func extract(from root: Root) -> (ID, Value)? {
    knownCase.extract(from: root) { payload in
      // A two-value payload is a tuple (labelled or not): read its elements, not its type.
      let elements = Mirror(reflecting: payload).children.map(\.value)
      guard elements.count == 2, let id = elements[0] as? ID, let value = elements[1] as? Value
      else { return nil }
      return ((id, value), embed(id, value))
    }
  }
}

/// The case an ``EnumCase`` or ``RowCase`` stands for, once a value of it has been seen: the
/// address of the case's name in the enum's reflection metadata (0 until then).
private final class KnownCase: Sendable {
  let nameAddress = Atomic<Int>(0)

  /// The payload of `root` when it is the known case. `decode` reads a payload and returns it with
  /// its embedding (which tells, the first time, whether `root` is this case), or `nil`.
  func extract<Root, Payload>(from root: Root, decode: (Any) -> (Payload, Root)?) -> Payload? {
    let known = nameAddress.load(ordering: .relaxed)
    let address = caseNameAddress(root)
    // Every case of an enum compiled with reflection metadata has a name, so none means the
    // metadata was stripped (or the constructor is not an enum case): fail here, never match
    // nothing in silence.
    if address == 0 { missingCaseNames(Root.self) }
    if known != 0 {
      guard address == known, let (_, payload) = caseNameAndPayload(root) else { return nil }
      return decode(payload)?.0
    }
    guard address != 0, let (_, payload) = caseNameAndPayload(root),
      let (value, embedded) = decode(payload), caseNameAddress(embedded) == address
    else { return nil }
    nameAddress.store(address, ordering: .relaxed)
    return value
  }
}

/// The runtime's name of the case of an enum value (what `String(describing:)` prints for a
/// case without payload): a pointer into the enum's reflection metadata, so one address per case,
/// or nil when the value is not an enum or the metadata has no names.
@_silgen_name("swift_EnumCaseName")
private func enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

/// Stops the program: the short form of the child-feature helpers cannot tell `Root`'s cases
/// apart. A child would otherwise silently do nothing.
func missingCaseNames(_ root: Any.Type) -> Never {
  fatalError(
    "ReactiveMVI: the cases of \(root) have no names at run time (reflection metadata stripped,"
      + " or not an enum): embed the child with extraction closures (ChildFeature's long form)")
}

/// The address of the name of `value`'s case, 0 when there is none.
private func caseNameAddress<T>(_ value: T) -> Int {
  enumCaseName(value).map { Int(bitPattern: $0) } ?? 0
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
