import Dispatch
import ReactiveCore
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Timer callbacks on a concurrent queue racing with upstream events from another thread: delivery
/// stays serial, ordered and grammar-correct, with exact results where the semantics fix them.
@Suite struct TimeOperatorStressTests {
  static let count = 5_000

  /// A source emitting `0..<count` from a background thread, in small bursts.
  static func source() -> Observable<Int> {
    Observable.create { observer in
      // Used by the one background thread only.
      nonisolated(unsafe) let observer = observer
      DispatchQueue.global().async {
        for i in 0..<count {
          observer.onNext(i)
          if i.isMultiple(of: 500) { usleep(200) }
        }
        observer.onCompleted()
      }
      return Disposables.create()
    }
  }

  static func expectOrderedGrammar(_ events: [Event<Int>], endingWith last: Int?) {
    let elements = events.compactMap(\.element)
    #expect(zip(elements, elements.dropFirst()).allSatisfy { $0 < $1 }, "out of order")
    #expect(events.last == .completed)
    #expect(events.filter(\.isStopEvent).count == 1)
    if let last { #expect(elements.last == last) }
  }

  @Test func throttleKeepsTheLastElement() async {
    let events = await allEvents(
      of: Self.source().throttle(.microseconds(50), scheduler: DispatchTestScheduler()))
    Self.expectOrderedGrammar(events, endingWith: Self.count - 1)
    #expect(events.first == .next(0))
  }

  @Test func debounceFlushesTheLastElement() async {
    let events = await allEvents(
      of: Self.source().debounce(.microseconds(20), scheduler: DispatchTestScheduler()))
    Self.expectOrderedGrammar(events, endingWith: Self.count - 1)
  }

  @Test func delayDeliversEverythingInOrder() async {
    let events = await allEvents(
      of: Self.source().delay(.microseconds(30), scheduler: DispatchTestScheduler()))
    #expect(events.compactMap(\.element) == Array(0..<Self.count))
    Self.expectOrderedGrammar(events, endingWith: Self.count - 1)
  }

  @Test func bufferLosesNothing() async {
    let events = await allEvents(
      of: Self.source().buffer(
        timeSpan: .microseconds(40), count: 7, scheduler: DispatchTestScheduler()))
    #expect(events.compactMap(\.element).flatMap { $0 } == Array(0..<Self.count))
    #expect(events.compactMap(\.element).allSatisfy { $0.count <= 7 })
    #expect(events.last == .completed)
  }
}
