import Synchronization

@testable import ReactiveCore

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
