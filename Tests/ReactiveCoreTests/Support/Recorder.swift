import ReactiveEngine

@testable import ReactiveCore

/// Records every event it receives; thread-safe so concurrency tests can read it.
final class Recorder<Element>: ObserverType, @unchecked Sendable {  // `recorded` has its own lock
  private let recorded = Locked<[Event<Element>]>([])

  init() {}

  func on(_ event: Event<Element>) {
    recorded.withLock { $0.append(event) }
  }

  var events: [Event<Element>] { recorded.withLock { $0 } }
  var elements: [Element] { events.compactMap(\.element) }
}
