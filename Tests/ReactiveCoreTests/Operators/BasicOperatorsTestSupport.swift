import Synchronization

@testable import ReactiveCore

/// A mutable value shared between a test and the closures it hands to operators.
final class TestBox<Value>: @unchecked Sendable {  // `locked` guards the value
  private let locked: Locked<Value>
  init(_ value: Value) { locked = Locked(value) }
  var value: Value {
    get { locked.withLock { $0 } }
    set { locked.withLock { $0 = newValue } }
  }
  func update(_ body: (inout Value) -> Void) { locked.withLock { body(&$0) } }
}

/// Records events and counts overlapping deliveries (two threads inside `on` at once).
final class OverlapDetector<Element>: ObserverType, @unchecked Sendable {  // atomics + Recorder
  let recorder = Recorder<Element>()
  private let inside = Atomic<Int>(0)
  let overlaps = Atomic<Int>(0)
  let delivered = Atomic<Int>(0)

  func on(_ event: Event<Element>) {
    if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
      overlaps.add(1, ordering: .relaxed)
    }
    recorder.on(event)
    delivered.add(1, ordering: .releasing)
    inside.subtract(1, ordering: .acquiringAndReleasing)
  }
}
