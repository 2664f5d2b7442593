import Testing

@testable import ReactiveCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An integer clock in whole seconds, to check `VirtualTimeScheduler` with a converter of our own.
struct SecondsConverter: VirtualTimeConverterType {
  func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
    Date(timeIntervalSince1970: TimeInterval(virtualTime))
  }
  func convertToVirtualTime(_ time: RxTime) -> Int { Int(time.timeIntervalSince1970.rounded()) }
  func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval {
    TimeInterval(virtualTimeInterval)
  }
  func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int { Int(timeInterval) }
  func offsetVirtualTime(_ time: Int, offset: Int) -> Int { time + offset }
  func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
    lhs < rhs ? .lessThan : lhs == rhs ? .equal : .greaterThan
  }
}

/// Runs work scheduled for "now" one second later, as RxTest's processing delay does.
final class DelayingScheduler: VirtualTimeScheduler<SecondsConverter>, @unchecked Sendable {
  init() { super.init(initialClock: 0, converter: SecondsConverter()) }
  override func adjustScheduledTime(_ time: Int) -> Int { max(time, clock + 1) }
}

@Suite struct VirtualTimeSchedulerTests {
  @Test func runsWorkInTimeOrderTiesFirstInFirstOut() {
    expectNoLeaks {
      let scheduler = VirtualTimeScheduler(initialClock: 0, converter: SecondsConverter())
      let log = Shared<[String]>([])
      func at(_ time: Int, _ name: String) {
        _ = scheduler.scheduleAbsoluteVirtual((), time: time) { _ in
          log.mutate { $0.append("\(name)@\(scheduler.clock)") }
          return Disposables.create()
        }
      }
      at(20, "b")
      at(10, "a")
      at(20, "c")
      _ = scheduler.scheduleRelativeVirtual((), dueTime: 5) { _ in
        at(scheduler.clock, "now")  // scheduled during a run, due at once
        return Disposables.create()
      }
      let cancelled = scheduler.scheduleAbsoluteVirtual((), time: 15) { _ in
        log.mutate { $0.append("cancelled") }
        return Disposables.create()
      }
      cancelled.dispose()
      #expect(scheduler.debugDescription == "[5, 10, 20, 20]")
      scheduler.start()
      #expect(log.value == ["now@5", "a@10", "b@20", "c@20"])
      #expect(scheduler.clock == 20)
      #expect(scheduler.now == Date(timeIntervalSince1970: 20))
    }
  }

  @Test func advanceToSleepAndStop() {
    expectNoLeaks {
      let scheduler = VirtualTimeScheduler(initialClock: 100, converter: SecondsConverter())
      let seen = Shared<[Int]>([])
      for time in [110, 120, 130, 140] {
        _ = scheduler.scheduleAbsoluteVirtual((), time: time) { _ in
          seen.mutate { $0.append(time) }
          if time == 130 { scheduler.stop() }
          return Disposables.create()
        }
      }
      scheduler.advanceTo(115)
      #expect(seen.value == [110])
      #expect(scheduler.clock == 115)
      scheduler.sleep(3)
      #expect(scheduler.clock == 118)
      #expect(seen.value == [110])
      scheduler.start()
      #expect(seen.value == [110, 120, 130])  // stopped after 130
      scheduler.start()
      #expect(seen.value == [110, 120, 130, 140])
    }
  }

  @Test func operatorsRunOnTheVirtualClock() {
    expectNoLeaks {
      let scheduler = VirtualTimeScheduler(initialClock: 0, converter: SecondsConverter())
      let seen = Shared<[String]>([])
      let subscription = Observable<Int>.interval(.seconds(10), scheduler: scheduler)
        .take(3)
        .delay(.seconds(1), scheduler: scheduler)
        .subscribe(
          onNext: { value in seen.mutate { $0.append("\(value)@\(scheduler.clock)") } },
          onCompleted: { seen.mutate { $0.append("done@\(scheduler.clock)") } })
      scheduler.start()
      #expect(seen.value == ["0@11", "1@21", "2@31", "done@31"])
      subscription.dispose()
    }
  }

  @Test func periodicWorkCarriesItsStateUntilDisposed() {
    expectNoLeaks {
      let scheduler = VirtualTimeScheduler(initialClock: 0, converter: SecondsConverter())
      let seen = Shared<[String]>([])
      let periodic = scheduler.schedulePeriodic(1, startAfter: .seconds(5), period: .seconds(10)) {
        state in
        seen.mutate { $0.append("\(state)@\(scheduler.clock)") }
        return state * 2
      }
      scheduler.advanceTo(40)
      periodic.dispose()
      scheduler.start()
      #expect(seen.value == ["1@5", "2@15", "4@25", "8@35"])
      #expect(scheduler.clock == 40)
    }
  }

  @Test func adjustScheduledTimeMovesNowWork() {
    expectNoLeaks {
      let scheduler = DelayingScheduler()
      let seen = Shared<[String]>([])
      scheduler.advanceTo(200)
      _ = Observable.of(1, 2, scheduler: scheduler).subscribe(
        onNext: { value in seen.mutate { $0.append("\(value)@\(scheduler.clock)") } })
      scheduler.start()
      #expect(seen.value == ["1@201", "2@202"])
    }
  }

  @Test func historicalSchedulerRunsOnDates() {
    expectNoLeaks {
      let start = Date(timeIntervalSince1970: 1_000)
      let scheduler = HistoricalScheduler(initialClock: start)
      #expect(HistoricalScheduler().now == Date(timeIntervalSince1970: 0))
      let seen = Shared<[TimeInterval]>([])
      _ = Observable.just(1).delay(.seconds(5), scheduler: scheduler)
        .concat(Observable.timer(.milliseconds(1_500), scheduler: scheduler))
        .subscribe(onNext: { _ in seen.mutate { $0.append(scheduler.now.timeIntervalSince1970) } })
      scheduler.start()
      #expect(seen.value == [1_005, 1_006.5])
      scheduler.sleep(10)
      #expect(scheduler.clock == Date(timeIntervalSince1970: 1_016.5))
      let converter = HistoricalSchedulerTimeConverter()
      #expect(converter.compareVirtualTime(start, scheduler.clock) == .lessThan)
      #expect(converter.offsetVirtualTime(start, offset: 2) == Date(timeIntervalSince1970: 1_002))
      #expect(converter.convertFromVirtualTimeInterval(3) == 3)
    }
  }

  @Test func cancelledWorkReleasesItsAction() {
    expectNoLeaks {
      let scheduler = VirtualTimeScheduler(initialClock: 0, converter: SecondsConverter())
      final class Probe: Sendable {}
      weak var weakProbe: Probe?
      let item: Disposable = {
        let probe = Probe()
        weakProbe = probe
        return scheduler.scheduleRelative(probe, dueTime: .seconds(10)) { _ in
          Disposables.create()
        }
      }()
      #expect(weakProbe != nil)
      item.dispose()
      #expect(weakProbe == nil)
      scheduler.start()
    }
  }
}
