import CReactiveCoreSupport

/// Constant-stack subscription of long chains of single-source operators.
///
/// Subscribing a `lift` operator subscribes its source on the stack, so a chain of a million
/// `map`s would nest a million subscribe calls. Each thread counts the `lift` subscriptions nested
/// on its stack (a C thread-local, see `SubscribeDepth.h`); one entered deeper than `bound` does
/// not subscribe its source but defers that step (`Trampoline.deferSubscription`) and returns its
/// `SingleAssignmentDisposable` at once (which already handles a dispose before the upstream
/// disposable is set). Deferred steps run in a loop, each with the depth counted from 1 again, so
/// the stack holds at most about `bound` levels at a time:
/// - while the trampoline is idle, by the outermost `lift` subscription on the thread (depth 1)
///   before it returns, so a user's `subscribe` still returns with everything subscribed;
/// - while the trampoline is active (inside `take`'s subscription, a `CurrentThreadScheduler`
///   action, a generator's turn), on the trampoline queue, behind the work already queued, before
///   the outermost activation returns: a `take` above a deep chain still holds every disposable
///   before a synchronous generator below it starts.
///
/// Below the bound nothing changes: one increment and one decrement of the thread-local per `lift`
/// subscription, and one test of the deferred count by the outermost one.
@usableFromInline
enum SubscribeDepth {
  /// How many `lift` subscriptions nest on a stack before the next one is deferred. A level takes
  /// about three frames (the `lift` handler, `Observable.subscribe`, the sink's subscribe; 724
  /// bytes in a debug build on x86-64 Linux): 128 levels take under 100 KiB, and a deferred step
  /// run by a trampoline activation adds at most as much again, well inside a 512 KiB stack; and
  /// no ordinary program nests 128 operator subscriptions on one stack.
  @usableFromInline static var bound: Int { 128 }

  /// The calling thread's depth counter.
  @inlinable @inline(__always)
  static func counter() -> UnsafeMutablePointer<Int> { reactive_core_subscribe_depth_counter() }

  /// The calling thread's count of deferred steps waiting for the outermost subscription.
  @inlinable @inline(__always)
  static func deferredCounter() -> UnsafeMutablePointer<Int> {
    reactive_core_subscribe_deferred_counter()
  }

  /// Enters a `lift` subscription: returns the thread's counter (pass it to `leave(_:)`) and
  /// whether this level is beyond the bound (then defer the source's subscription).
  @inlinable @inline(__always)
  static func enter() -> (counter: UnsafeMutablePointer<Int>, defers: Bool) {
    let counter = counter()
    counter.pointee += 1
    return (counter, counter.pointee > bound)
  }

  /// Leaves a `lift` subscription; the outermost one first runs the deferred steps.
  @inlinable @inline(__always)
  static func leave(_ counter: UnsafeMutablePointer<Int>) {
    if counter.pointee == 1 && deferredCounter().pointee != 0 {
      Trampoline.runDeferredSubscriptions()
    }
    counter.pointee -= 1
  }

  /// Runs a deferred subscription step with the depth counted from 1 (as if the draining
  /// subscription held it), then restores the caller's depth.
  @usableFromInline
  static func runDeferred(_ step: () -> Void) {
    let counter = counter()
    let saved = counter.pointee
    counter.pointee = 1
    step()
    counter.pointee = saved
  }
}
