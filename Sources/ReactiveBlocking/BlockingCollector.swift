import Dispatch
import Foundation
import ReactiveCore
import ReactiveEngine

/// One blocking subscription: collects elements until the sequence ends, `max` elements matched,
/// the predicate threw or the deadline passed, and wakes the waiting thread.
///
/// Thread safety: `state` is reachable only under its lock; the predicate runs outside it. Events arrive serially (the observable contract), possibly on another thread than
/// the waiting one. Whoever sets `isDone` first (an event or the timeout) decides the result.
final class BlockingCollector<Element>: @unchecked Sendable {
  private let max: Int?
  private let predicate: (Element) throws -> Bool
  private struct State {
    var elements: [Element] = []
    var error: (any Error)?
    /// The wait ended (one bit: nothing is collected after it).
    var isDone = false
  }

  private let state = Locked(State())
  private let subscription = SingleAssignmentDisposable()
  private let done = DispatchSemaphore(value: 0)

  init(max: Int?, predicate: @escaping (Element) throws -> Bool) {
    self.max = max
    self.predicate = predicate
  }

  /// Subscribes to `source` (inside a `CurrentThreadScheduler` action, as RxBlocking, so that
  /// work the source queues on the trampoline runs before the wait) and blocks until done or
  /// until `timeout` seconds have passed; the subscription is disposed before it returns.
  func run(_ source: Observable<Element>, timeout: TimeInterval?) {
    guard let deadline = Self.deadline(after: timeout) else {
      // NaN: no deadline can be meant; nothing is subscribed, so nothing is lost.
      finish(RxError.argumentOutOfRange)
      return
    }
    let subscribe = {
      self.subscription.setDisposable(source.subscribe(AnyObserver(eventHandler: self.on)))
    }
    if CurrentThreadScheduler.isScheduleRequired {
      _ = CurrentThreadScheduler.instance.schedule(()) { _ in
        subscribe()
        return Disposables.create()
      }
    } else {
      subscribe()
    }
    if !wait(until: deadline) { finish(RxError.timeout) }
    subscription.dispose()
  }

  /// The deadline `timeout` seconds from now, clamped as Dispatch clamps: `nil`, `+infinity` or a
  /// timeout past what `DispatchTime` can count waits without a deadline (`.some(nil)`); zero, a
  /// negative timeout or `-infinity` has already passed, so only what the source delivers while
  /// it is subscribed counts. `nil` for NaN, which names no time at all.
  static func deadline(after timeout: TimeInterval?, now: DispatchTime = .now()) -> DispatchTime?? {
    guard let timeout else { return .some(nil) }
    if timeout.isNaN { return nil }
    guard timeout > 0 else { return .some(now) }
    let nanoseconds = timeout * 1e9
    let remaining = Double(UInt64.max - now.uptimeNanoseconds)
    // `remaining` rounds to a Double at or above the true count; `<` keeps the conversion exact.
    guard nanoseconds < remaining, nanoseconds < Double(Int.max) else { return .some(nil) }
    return .some(now + .nanoseconds(Int(nanoseconds.rounded(.up))))
  }

  /// The elements collected and the error that ended the wait, if any.
  func result() -> (elements: [Element], error: (any Error)?) {
    state.withLock { ($0.elements, $0.error) }
  }

  private func on(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      // A synchronous source may go on after the collector finished (the subscription is not
      // assigned yet): what follows is not shown to the predicate.
      guard !state.withLock({ $0.isDone }) else { return }
      let matches: Bool
      do { matches = try predicate(element) } catch {
        finish(error)
        return
      }
      guard matches else { return }
      let isFull = state.withLock { state -> Bool in
        guard !state.isDone else { return false }
        state.elements.append(element)
        return max.map { state.elements.count >= $0 } ?? false
      }
      if isFull { finish(nil) }
    case .error(let error):
      finish(error)
    case .completed:
      finish(nil)
    }
  }

  /// Ends the wait with `error` (or none), unless it already ended.
  private func finish(_ error: (any Error)?) {
    let isFirst = state.withLock { state -> Bool in
      guard !state.isDone else { return false }
      state.isDone = true
      state.error = error
      return true
    }
    guard isFirst else { return }
    subscription.dispose()
    done.signal()
  }

  /// Waits for `done`; `false` when `deadline` passed first. On the main thread it runs the
  /// current run loop meanwhile, so main-queue work the source depends on can run.
  private func wait(until deadline: DispatchTime?) -> Bool {
    if Thread.isMainThread {
      while true {
        if done.wait(timeout: .now() + .milliseconds(1)) == .success { return true }
        if let deadline, DispatchTime.now() >= deadline { return false }
        _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
      }
    }
    guard let deadline else {
      done.wait()
      return true
    }
    return done.wait(timeout: deadline) == .success
  }
}
