// The hand-written closure peers of the `*-closure` scenarios: the same shapes as the benchmark
// package's closure baseline (Benchmarks/Benchmarks/Streams/ClosureBaseline.swift), so callgrind
// gives the instruction ratio of each ReactiveCore scenario to its peer. `@inline(never)` keeps
// the calls real, as there.

/// Closures in an array (`relay`, `fanout`, `chain`, `combine-latest` peers).
final class PeerRelay<Element> {
  var sinks: [(Element) -> Void] = []

  @inline(never)
  func accept(_ element: Element) {
    for sink in sinks { sink(element) }
  }

  @inline(never)
  func subscribe(_ sink: @escaping (Element) -> Void) { sinks.append(sink) }
}

/// Closures keyed by a token (`subscribe-dispose` peer).
final class PeerRegistry<Element> {
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
  func dispose(_ token: Int) { sinks[token] = nil }
}

/// A current value and closures (`behavior` peer).
final class PeerValue<Element> {
  var value: Element
  var sinks: [(Element) -> Void] = []

  init(_ value: Element) { self.value = value }

  @inline(never)
  func accept(_ element: Element) {
    value = element
    for sink in sinks { sink(element) }
  }
}

/// Two latest values, emitting once both are known (`combine-latest` peer).
final class PeerCombineLatest {
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
