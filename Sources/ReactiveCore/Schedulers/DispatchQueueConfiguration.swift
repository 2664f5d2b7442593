import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The scheduling logic shared by the dispatch-queue schedulers: immediate work with `async`,
/// delayed and periodic work with a `DispatchSourceTimer` that is cancelled on disposal.
///
/// Actions are not `@Sendable` (RxSwift style). Dispatch requires `@Sendable` blocks, so each
/// action travels inside a `ScheduledAction` / `PeriodicAction`, an `@unchecked Sendable` box whose
/// payload only the thread chosen by its `RunGate` touches. The action then runs on the queue:
/// the caller promises, as in RxSwift, that what the action touches may be used from that queue.
struct DispatchQueueConfiguration: Sendable {
  let queue: DispatchQueue
  let leeway: DispatchTimeInterval

  func schedule<State>(_ state: State, action: @escaping (State) -> Disposable) -> Disposable {
    let work = ScheduledAction(state, action: action)
    queue.async { work.run() }
    return work
  }

  func scheduleRelative<State>(
    _ state: State, dueTime: RxTimeInterval, action: @escaping (State) -> Disposable
  ) -> Disposable {
    guard let nanoseconds = dueTime.nanosecondsValue else { return Disposables.create() }
    let timer = DispatchSource.makeTimerSource(queue: queue)
    let work = ScheduledAction(state, action: action, timer: timer)
    timer.setEventHandler { work.run() }
    timer.schedule(deadline: deadline(after: nanoseconds), leeway: leeway)
    timer.resume()
    return work
  }

  func schedulePeriodic<State>(
    _ state: State, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (State) -> State
  ) -> Disposable {
    guard let start = startAfter.nanosecondsValue else { return Disposables.create() }
    let timer = DispatchSource.makeTimerSource(queue: queue)
    let work = PeriodicAction(state, action: action, timer: timer)
    timer.setEventHandler { work.tick() }
    if let periodNanoseconds = period.nanosecondsValue {
      timer.schedule(
        deadline: deadline(after: start), repeating: .nanoseconds(Int(max(periodNanoseconds, 1))),
        leeway: leeway)
    } else {
      timer.schedule(deadline: deadline(after: start), repeating: .never, leeway: leeway)
    }
    timer.resume()
    return work
  }

  func deadline(after nanoseconds: Int64) -> DispatchTime {
    let now = DispatchTime.now()
    guard nanoseconds > 0 else { return now }
    let (sum, overflow) = now.uptimeNanoseconds.addingReportingOverflow(UInt64(nanoseconds))
    return overflow ? .distantFuture : DispatchTime(uptimeNanoseconds: sum)
  }
}
