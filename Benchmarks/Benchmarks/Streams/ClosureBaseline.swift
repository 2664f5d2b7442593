// The hand-written closure baseline ("the physical limit"): what a developer would write with no
// library at all. Same work as the other peers, no serialization, no re-entrancy handling, no
// grammar enforcement; `@inline(never)` keeps the call sites honest (no peer is inlined away).

/// A mutable box the subscribers of every peer write into, consumed with `blackHole`.
final class Sink: @unchecked Sendable {  // benchmark-local, single-threaded
  var value = 0
}

/// Closures in an array: `accept` calls each one.
final class ClosureRelay<Element> {
  var sinks: [(Element) -> Void] = []

  @inline(never)
  func accept(_ element: Element) {
    for sink in sinks { sink(element) }
  }

  @inline(never)
  func subscribe(_ sink: @escaping (Element) -> Void) {
    sinks.append(sink)
  }
}

/// Closures keyed by a token: what subscribe/dispose needs without a library.
final class ClosureRegistry<Element> {
  var sinks: [Int: (Element) -> Void] = [:]
  var nextToken = 0

  @inline(never)
  func subscribe(_ sink: @escaping (Element) -> Void) -> Int {
    let token = nextToken
    nextToken += 1
    sinks[token] = sink
    return token
  }

  @inline(never)
  func dispose(_ token: Int) {
    sinks[token] = nil
  }

  @inline(never)
  func accept(_ element: Element) {
    for sink in sinks.values { sink(element) }
  }
}

/// A value plus closures: the hand-written BehaviorRelay.
final class ClosureValue<Element> {
  var value: Element
  var sinks: [(Element) -> Void] = []

  init(_ value: Element) { self.value = value }

  @inline(never)
  func accept(_ element: Element) {
    value = element
    for sink in sinks { sink(element) }
  }
}

/// The hand-written combineLatest: two latest values, emitting once both are known.
final class ClosureCombineLatest {
  var left: Int?
  var right: Int?
  let downstream: (Int, Int) -> Void

  init(_ downstream: @escaping (Int, Int) -> Void) { self.downstream = downstream }

  @inline(never)
  func acceptLeft(_ value: Int) {
    left = value
    if let right { downstream(value, right) }
  }

  @inline(never)
  func acceptRight(_ value: Int) {
    right = value
    if let left { downstream(left, value) }
  }
}

/// The hand-written zip: one queue per source (an array, as a developer would keep one), a pair
/// emitted, oldest first, once both have an element.
final class ClosureZip {
  var left: [Int] = []
  var right: [Int] = []
  let downstream: (Int, Int) -> Void

  init(_ downstream: @escaping (Int, Int) -> Void) { self.downstream = downstream }

  @inline(never)
  func acceptLeft(_ value: Int) {
    left.append(value)
    if !right.isEmpty { downstream(left.removeFirst(), right.removeFirst()) }
  }

  @inline(never)
  func acceptRight(_ value: Int) {
    right.append(value)
    if !left.isEmpty { downstream(left.removeFirst(), right.removeFirst()) }
  }
}
