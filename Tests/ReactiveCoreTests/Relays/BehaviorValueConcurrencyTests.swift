import Dispatch
import Synchronization
import Testing

@testable import ReactiveCore

/// `value` of a behavior relay or subject read on other threads while one or several threads
/// write: every read is a whole value that was accepted (never torn, also for an element that is
/// not trivially copyable), a single writer's values are seen in order, and once the writers are
/// done `value` is the last value delivered.
@Suite struct BehaviorValueConcurrencyTests {
  static let readers = 2
  static let reads = 20_000
  static let writes = 20_000

  /// An element whose halves must agree: an `Int` and a heap-allocated `String` (too long for the
  /// small-string form), so a torn or half-released copy shows as a mismatch or a crash.
  struct Pair: Sendable, Equatable {
    let number: Int
    let text: String

    init(_ number: Int) {
      self.number = number
      text = "value number \(number) of the test"
    }

    var isWhole: Bool { text == "value number \(number) of the test" }
  }

  /// What the readers saw.
  final class ReadLog: Sendable {
    let torn = Atomic<Int>(0)
    let backwards = Atomic<Int>(0)
  }

  /// Runs `readers` threads reading `read()` and `writers` threads calling `write(thread, index)`
  /// at once; with one writer, a reader must also never see an older value after a newer one.
  static func race(
    writers: Int, read: @escaping @Sendable () -> Pair,
    write: @escaping @Sendable (_ thread: Int, _ index: Int) -> Void
  ) -> ReadLog {
    let log = ReadLog()
    let group = DispatchGroup()
    for _ in 0..<readers {
      DispatchQueue.global().async(group: group) {
        var last = Int.min
        for _ in 0..<reads {
          let pair = read()
          if !pair.isWhole { log.torn.add(1, ordering: .relaxed) }
          if writers == 1 && pair.number < last { log.backwards.add(1, ordering: .relaxed) }
          last = pair.number
        }
      }
    }
    for thread in 0..<writers {
      DispatchQueue.global().async(group: group) {
        for index in 0..<(writes / writers) { write(thread, index) }
      }
    }
    group.wait()
    return log
  }

  /// The last value each subscriber received.
  final class LastSeen: @unchecked Sendable {  // `value` is written by the hub's drainer only
    var value: Pair?
  }

  @Test(arguments: [1, 3])
  func relayValueIsNeverTornAndAgreesWithDelivery(writers: Int) {
    let relay = BehaviorRelay(value: Pair(-1))
    let seen = LastSeen()
    let subscription = relay.subscribe(onNext: { seen.value = $0 })
    let log = Self.race(
      writers: writers, read: { relay.value },
      write: { thread, index in relay.accept(Pair(thread * 1_000_000 + index)) })
    subscription.dispose()
    #expect(log.torn.load(ordering: .relaxed) == 0)
    #expect(log.backwards.load(ordering: .relaxed) == 0)
    #expect(relay.value.isWhole)
    #expect(seen.value == relay.value, "the last value set is the last one delivered")
  }

  @Test(arguments: [1, 3])
  func subjectValueIsNeverTornAndAgreesWithDelivery(writers: Int) throws {
    let subject = BehaviorSubject(value: Pair(-1))
    let seen = LastSeen()
    let subscription = subject.subscribe(onNext: { seen.value = $0 })
    let log = Self.race(
      writers: writers, read: { (try? subject.value()) ?? Pair(-2) },
      write: { thread, index in subject.onNext(Pair(thread * 1_000_000 + index)) })
    subscription.dispose()
    #expect(log.torn.load(ordering: .relaxed) == 0)
    #expect(log.backwards.load(ordering: .relaxed) == 0)
    #expect(try subject.value().isWhole)
    #expect(try seen.value == subject.value(), "the last value set is the last one delivered")
  }

  /// A value released by `accept` (the one displaced from the two slots) may run user code in its
  /// deinitializer, here an `accept` on the same relay: it runs after the writer lock is given up.
  @Test func releasingAnOldValueMayAcceptOnTheSameRelay() {
    final class Token: Sendable {
      let onDeinit: @Sendable () -> Void
      init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
      deinit { onDeinit() }
    }
    let other = BehaviorRelay<Int>(value: 0)
    let relay = BehaviorRelay<Token?>(value: nil)
    relay.accept(
      Token(onDeinit: {
        relay.accept(nil)
        other.accept(1)
      }))
    relay.accept(nil)
    relay.accept(nil)  // displaces the token
    #expect(other.value == 1)
    #expect(relay.value == nil)
  }

  /// The documented lifetime (README, deliberate difference 7): the value before the current one
  /// stays alive until the next write, then is released; nothing older is kept.
  @Test func theValueBeforeTheCurrentOneLivesUntilTheNextWrite() {
    final class Box {}
    weak var first: Box?
    weak var second: Box?
    let relay = BehaviorRelay<Box?>(value: nil)
    do {
      let a = Box()
      let b = Box()
      first = a
      second = b
      relay.accept(a)
      relay.accept(b)
    }
    #expect(first != nil)  // the slot not in use still holds it
    #expect(second === relay.value)
    relay.accept(nil)
    #expect(first == nil)
    #expect(second != nil)
    relay.accept(nil)
    #expect(second == nil)

    weak var subjectFirst: Box?
    let subject = BehaviorSubject<Box?>(value: nil)
    do {
      let a = Box()
      subjectFirst = a
      subject.onNext(a)
      subject.onNext(nil)
    }
    #expect(subjectFirst != nil)
    subject.onNext(nil)
    #expect(subjectFirst == nil)
  }
}
