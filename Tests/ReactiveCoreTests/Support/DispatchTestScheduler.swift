import Dispatch
import ReactiveEngine

@testable import ReactiveCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A minimal real-time scheduler on a concurrent dispatch queue, so that the time operators'
/// timer callbacks really race with upstream events on other threads (ReactiveCore's own
/// dispatch schedulers are tested elsewhere).
final class DispatchTestScheduler: SchedulerType, Sendable {
  let queue = DispatchQueue(label: "DispatchTestScheduler", attributes: .concurrent)

  var now: RxTime { Date() }

  func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
  {
    scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
  }

  func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let work = Work { action(state) }
    queue.asyncAfter(deadline: .now() + dueTime) { work.run() }
    return work
  }

  func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    let serial = SerialDisposable()
    let box = UnsafeBox(state)
    func tick(after delay: RxTimeInterval) {
      serial.disposable = scheduleRelative((), dueTime: delay) { _ in
        tick(after: period)
        box.value = action(box.value)
        return Disposables.create()
      }
    }
    tick(after: startAfter)
    return serial
  }
}

/// One scheduled action; disposing it before it runs cancels it.
/// The lock is ReactiveCore's pthread-based `Locked`, not `Synchronization.Mutex`: TSan cannot see
/// `Mutex`'s contended hand-off on Linux and reports a false race (TOOLCHAIN.md).
private final class Work: Disposable, @unchecked Sendable {  // `action` is behind `lock`
  private let lock = Locked(false)
  private var action: (() -> Disposable)?
  private let result = SingleAssignmentDisposable()

  init(_ action: @escaping () -> Disposable) { self.action = action }

  func run() {
    let action: (() -> Disposable)? = lock.withLock { disposed in
      if disposed { return nil }
      defer { self.action = nil }
      return self.action
    }
    guard let action else { return }
    result.setDisposable(action())
  }

  func dispose() {
    lock.withLock { disposed in
      disposed = true
      action = nil
    }
    result.dispose()
  }
}

/// Periodic state, touched by one timer callback at a time (each schedules the next first, but
/// the next one runs a whole period later).
private final class UnsafeBox<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// The first element of `source`, waiting on real time; the subscription is then disposed.
func firstElement<Element: Sendable>(of source: Observable<Element>) async -> Element? {
  let state = Locked<(done: Bool, subscription: Disposable?)>((false, nil))
  return await withCheckedContinuation { (continuation: CheckedContinuation<Element?, Never>) in
    let finish: @Sendable (Element?) -> Void = { element in
      let subscription: Disposable?? = state.withLock { state in
        if state.done { return nil }
        state.done = true
        return .some(state.subscription)
      }
      guard let subscription else { return }
      subscription?.dispose()
      continuation.resume(returning: element)
    }
    let subscription = source.subscribe(
      onNext: { finish($0) }, onError: { _ in finish(nil) }, onCompleted: { finish(nil) })
    let disposeNow = state.withLock { state -> Bool in
      if state.done { return true }
      state.subscription = subscription
      return false
    }
    if disposeNow { subscription.dispose() }
  }
}

/// Every event of `source` up to its terminal event, waiting on real time.
func allEvents<Element: Sendable>(of source: Observable<Element>) async -> [Event<Element>] {
  let recorder = Recorder<Element>()
  let state = Locked<(done: Bool, continuation: CheckedContinuation<Void, Never>?)>((false, nil))
  let subscription = source.subscribe { event in
    recorder.on(event)
    guard event.isStopEvent else { return }
    let continuation: CheckedContinuation<Void, Never>? = state.withLock { state in
      state.done = true
      return state.continuation.take()
    }
    continuation?.resume()
  }
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    let resumeNow = state.withLock { state -> Bool in
      if state.done { return true }
      state.continuation = continuation
      return false
    }
    if resumeNow { continuation.resume() }
  }
  subscription.dispose()
  return recorder.events
}
