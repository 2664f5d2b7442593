import Dispatch
import ReactiveEngine
import Synchronization

@testable import ReactiveCore

/// Wraps observables to count subscriptions and disposals, and logs them in order.
final class SubscriptionLog: @unchecked Sendable {  // `entries` has its own lock
  private let entries = Locked<[String]>([])

  var log: [String] { entries.withLock { $0 } }

  func count(_ prefix: String) -> Int { log.filter { $0 == prefix }.count }

  /// `source`, logging "subscribe <name>" before subscribing and "dispose <name>" on disposal.
  func track<Element>(_ name: String, _ source: Observable<Element>) -> Observable<Element> {
    Observable.create { observer in
      self.entries.withLock { $0.append("subscribe \(name)") }
      let subscription = source.subscribe(observer)
      return Disposables.create {
        self.entries.withLock { $0.append("dispose \(name)") }
        subscription.dispose()
      }
    }
  }

  func append(_ entry: String) { entries.withLock { $0.append(entry) } }
}

/// An observer that fails the test when two events overlap, and counts them.
final class OverlapCheckingObserver<Element>: ObserverType, @unchecked Sendable {
  // Atomics only; `elements` has its own lock.
  let busy = Atomic<Bool>(false)
  let overlaps = Atomic<Int>(0)
  let nextCount = Atomic<Int>(0)
  let terminalCount = Atomic<Int>(0)
  private let recorded = Locked<[Element]>([])

  func on(_ event: Event<Element>) {
    if busy.exchange(true, ordering: .acquiringAndReleasing) { overlaps.add(1, ordering: .relaxed) }
    switch event {
    case .next(let element):
      recorded.withLock { $0.append(element) }
      nextCount.add(1, ordering: .relaxed)
    case .error, .completed:
      terminalCount.add(1, ordering: .relaxed)
    }
    busy.store(false, ordering: .releasing)
  }

  var elements: [Element] { recorded.withLock { $0 } }
}

/// Runs `body(index)` on `count` threads at once and waits for all of them.
func runConcurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  let start = Atomic<Int>(0)
  for index in 0..<count {
    DispatchQueue.global().async(group: group) {
      // Rough start barrier so the threads really overlap.
      start.add(1, ordering: .relaxed)
      var round = 0
      while start.load(ordering: .relaxed) < count && round < 100_000 { round += 1 }
      body(index)
    }
  }
  group.wait()
}
