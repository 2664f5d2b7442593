import CReactiveCoreSupport

/// Constant-stack subscription of long chains of operators, of any kind.
///
/// Subscribing an operator subscribes its sources on the stack, so a chain of a million operators
/// would nest a million subscribe calls. Each thread counts the subscriptions nested on its stack
/// (`Observable.subscribe`, a C thread-local, see `SubscribeDepth.h`); one entered deeper than
/// `bound` does not run but is deferred (`deferred(_:)`, through
/// `Trampoline.deferSubscription`) and returns a `SingleAssignmentDisposable` at once (which
/// already handles a dispose before the real disposable is set). The trampoline always runs
/// inside `Observable.subscribe` (its outermost level starts an activation), so a deferred step
/// is queued behind the work already queued and runs, with the depth counted from 1 again, before
/// the outermost activation returns: the stack holds at most about `bound` levels at a time, a
/// user's `subscribe` still returns with everything subscribed, and a `take` above a deep chain
/// still holds every disposable before a synchronous generator below it starts.
///
/// Below the bound nothing changes: one increment and one decrement of the thread-local per
/// subscription.
@usableFromInline
enum SubscribeDepth {
  /// How many subscriptions nest on a stack before the next one is deferred. A level takes a few
  /// frames (`Observable.subscribe`, the operator's subscribe handler, its sink's set-up), a few
  /// KiB for the heavier operators in a debug build (unspecialized generic code): 32 levels stay
  /// far inside a 512 KiB stack, twice over when a trampoline activation runs a deferred step;
  /// and ordinary programs rarely nest 32 operator subscriptions on one stack, where deferring
  /// costs one small allocation per 32 levels.
  @usableFromInline static var bound: Int { 32 }

  /// The calling thread's depth counter.
  @inlinable @inline(__always)
  static func counter() -> UnsafeMutablePointer<Int> { reactive_core_subscribe_depth_counter() }

  /// Enters a subscription: returns the thread's counter (pass it to `leave(_:)`) and
  /// whether this level is beyond the bound (then defer the source's subscription).
  @inlinable @inline(__always)
  static func enter() -> (counter: UnsafeMutablePointer<Int>, defers: Bool) {
    let counter = counter()
    // Bounded by the stack, far from `Int.max`: wrapping, with no overflow check.
    counter.pointee &+= 1
    return (counter, counter.pointee > bound)
  }

  /// Leaves a subscription.
  @inlinable @inline(__always)
  static func leave(_ counter: UnsafeMutablePointer<Int>) { counter.pointee &-= 1 }

  /// Runs a deferred subscription step with the depth counted from 1, then restores the
  /// caller's depth.
  @usableFromInline
  static func runDeferred(_ step: () -> Void) {
    let counter = counter()
    let saved = counter.pointee
    counter.pointee = 1
    step()
    counter.pointee = saved
  }

  /// Defers `subscription` (a level beyond the bound): returns a holder that receives its
  /// disposable once it ran; disposed before, the subscription is skipped.
  @usableFromInline
  static func deferred(_ subscription: @escaping () -> Disposable) -> Disposable {
    let holder = SingleAssignmentDisposable()
    Trampoline.deferSubscription {
      guard !holder.isDisposed else { return }
      holder.setDisposable(subscription())
    }
    return holder
  }
}
