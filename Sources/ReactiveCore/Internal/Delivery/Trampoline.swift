import CReactiveCoreSupport
import ReactiveEngine
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The per-thread trampoline (RxSwift's current-thread scheduler): work that starts while the
/// trampoline is active on this thread is queued and runs after the current work, in order,
/// before the outermost activation returns.
///
/// An activation runs:
/// - around every subscription made while none runs on the thread: the outermost
///   `Observable.subscribe` starts one (as RxSwift's producers do), so everything subscribed
///   inside it (the sources of every operator, `flatMap`'s inner observables, what a `create`
///   closure subscribes) is subscribed with the trampoline active, and what was queued runs before
///   that `subscribe` returns;
/// - around a `CurrentThreadScheduler` action (its `schedule` is `Trampoline.activate(_:)` or
///   queues).
///
/// What queues on it:
/// - The synchronous generators (`from`, `of`, `range`, `repeatElement`, `generate`) and the
///   steps of anything scheduled recursively on `CurrentThreadScheduler`: a generator subscribed
///   while the trampoline is active returns its disposable at once and emits once the work before
///   it ran, so an operator that can end a sequence early (`take`, `element(at:)`, …) holds every
///   disposable before the first element flows and stops a generator nested anywhere below it.
/// - Queued generators take turns: while other work waits, a generator yields after each element
///   (it queues itself again), so `merge(.of(1, 2, 3), .of(10, 20, 30))` emits
///   `1, 10, 2, 20, 3, 30` and `zip(from(1...), from(1...)).take(3)` pairs the two. A generator
///   alone on the queue emits in a loop, which gives the same order as queueing each element.
/// - Long chains of operators defer their subscription beyond `SubscribeDepth.bound` nested
///   levels (`deferSubscription(_:)`), behind the queued work.
///
/// - Long chains of sinks and observables are freed in bounded stack (`release(_:)`): a dying
///   object hands the reference through which it held the next one to `release(_:)`, which drops
///   it at once up to `releaseBound` nested levels and parks it beyond, for the outermost level to
///   drop in a loop; so freeing a chain of a million sinks takes constant stack.
///
/// Thread safety: each thread has its own trampoline, kept in a pthread key and touched only by
/// that thread, with its state flags in C thread-locals (`reactive_core_trampoline`); work never
/// moves to another thread. It is created on first use and released when the thread exits.
@usableFromInline
final class Trampoline {
  // Touched only by its own thread, and never by two overlapping accesses (the tests run with
  // the dynamic exclusivity checks of a debug build), so those checks are not needed; they would
  // run several times per released sink.
  /// The queued work; append with `enqueue(_:)`, which flags it for the outermost activation.
  @usableFromInline @exclusivity(unchecked) var queue = FIFO<any TrampolineItem>()
  /// The references parked by `release(_:)` beyond `releaseBound` nested levels (counted in the
  /// thread-local `reactive_core_release.parked`), dropped by the outermost level.
  @usableFromInline @exclusivity(unchecked) var parkedReleases = ContiguousArray<
    ReleasedReference
  >()
  /// The disposables parked by `dispose(_:)` beyond `releaseBound` nested levels (counted with
  /// the parked references), disposed by the outermost level.
  @usableFromInline @exclusivity(unchecked) var parkedDisposals = ContiguousArray<Disposable>()

  @usableFromInline init() {}

  /// How many `release(_:)` calls nest on a stack before the next reference is parked. A level
  /// takes a few frames (the dying object's deinit, `release(_:)`, `drop(_:)`, the runtime's
  /// release): 128 levels stay far inside a 512 KiB stack in a debug build, and ordinary chains
  /// are shorter, so they are freed by plain recursion.
  @usableFromInline static var releaseBound: Int { 128 }

  /// Drops `reference`, the last one a dying object held, in bounded stack: a long chain of
  /// objects each holding the next (the sinks of a chain, through their downstream observers; the
  /// observables of a chain, through their sources) is freed by recursion up to `releaseBound`
  /// nested calls on this thread, and beyond that in a loop: a reference handed over deeper is
  /// parked, and the outermost call drops the parked ones one at a time, each again with up to
  /// `releaseBound` levels below it. So whoever frees the first object of a chain (a disposal, a
  /// source that drops its observer inside `subscribe`, the last reference to an observable going
  /// away) needs no loop of its own. Call it from `deinit` with the reference moved out of the
  /// object (the object must not hold it any more, or freeing the object would drop it after
  /// this call returned, outside the count).
  ///
  /// The fast path (below the bound) touches only C thread-locals: no lookup of this thread's
  /// trampoline, no allocation.
  @inlinable
  static func release(_ reference: consuming ReleasedReference) {
    guard enterRelease() else { return park(reference) }
    drop(reference)
    leaveRelease()
  }

  /// What every sink's `deinit` calls: frees the next sink of the chain in bounded stack (see
  /// `release(_:)`), whoever frees the first one. The sink's first stored property is its
  /// downstream observer, which holds the next sink; it is moved out of the dying `sink` and
  /// released here (see `ReleasedReference.init(takingObserverAt:expecting:)`), with `words` the
  /// observer's `layoutWords` to check the layout against.
  ///
  /// Read `layoutWords` in a statement of its own before this call
  /// (`let words = downstream.layoutWords`): an argument expression may hold a copy of the
  /// observer until this call returns (the debug build does), and that copy would free the next
  /// sink afterwards, outside the bounded release.
  @inlinable @inline(__always)
  static func releaseDownstream(of sink: AnyObject, expecting words: (UInt, UInt)) {
    release(
      ReleasedReference(
        takingObserverAt: Unmanaged.passUnretained(sink).toOpaque(), expecting: words))
  }

  /// Disposes `disposable`, held by a disposable being disposed, in bounded stack: like
  /// `release(_:)`, nested up to `releaseBound` levels (disposals and releases count together) and
  /// parked beyond for the outermost level, which disposes it before it returns. So disposing a
  /// chain of any depth of subscriptions (each holding the next) runs in constant stack, and the
  /// outermost `dispose()` still returns with everything disposed. The containers call it for
  /// what they hold (`SingleAssignmentDisposable`, `SerialDisposable`, `CompositeDisposable`).
  @inlinable
  static func dispose(_ disposable: Disposable) {
    guard enterRelease() else { return park(disposal: disposable) }
    disposable.dispose()
    leaveRelease()
  }

  /// Enters a level of release on this thread: `false` beyond `releaseBound` nested levels (then
  /// park what would be dropped, `park(_:)`); otherwise drop it, then call `leaveRelease()`.
  @inlinable @inline(__always)
  static func enterRelease() -> Bool {
    let state = reactive_core_release_state_pointer()
    guard state.pointee.depth < releaseBound else { return false }
    state.pointee.depth += 1
    return true
  }

  /// Enters a level of release that the caller leaves with `leaveRelease()` in every case, for an
  /// object whose fields are dropped after its `deinit`'s body (`Observable`, see its `deinit`):
  /// `false` beyond `releaseBound` nested levels, where the caller parks copies of what the
  /// fields hold (`park(_:)`), so that dropping the fields frees nothing.
  @inlinable @inline(__always)
  static func enterReleaseLevel() -> Bool {
    let state = reactive_core_release_state_pointer()
    state.pointee.depth += 1
    return state.pointee.depth <= releaseBound
  }

  /// The number of release levels nested on this thread's stack now (for tests).
  static var releaseDepth: Int { reactive_core_release_state_pointer().pointee.depth }

  /// Leaves a level entered by `enterRelease()` or `enterReleaseLevel()`; the outermost level
  /// drops the parked references.
  @inlinable @inline(__always)
  static func leaveRelease() {
    let state = reactive_core_release_state_pointer()
    state.pointee.depth -= 1
    if state.pointee.depth == 0 && state.pointee.parked != 0 { dropParked() }
  }

  /// Drops `reference` inside this call, so that whatever its release frees runs between the
  /// caller's increment and decrement of the depth.
  @usableFromInline @inline(never)
  static func drop(_ reference: consuming ReleasedReference) { _ = consume reference }

  /// Beyond the bound: keeps `reference` for the outermost `release(_:)` of this thread.
  @usableFromInline @inline(never)
  static func park(_ reference: consuming ReleasedReference) {
    current.parkedReleases.append(reference)
    reactive_core_release_state_pointer().pointee.parked += 1
  }

  /// Beyond the bound: keeps `disposable` for the outermost level of this thread to dispose.
  @usableFromInline @inline(never)
  static func park(disposal disposable: Disposable) {
    current.parkedDisposals.append(disposable)
    reactive_core_release_state_pointer().pointee.parked += 1
  }

  /// The outermost level of release of this thread drops the parked references and disposes the
  /// parked disposables one at a time, each with the depth counted from 1 (what it frees or
  /// disposes may park more), until none is left.
  @usableFromInline @inline(never)
  static func dropParked() {
    let trampoline = current
    let state = reactive_core_release_state_pointer()
    state.pointee.depth = 1
    while state.pointee.parked != 0 {
      state.pointee.parked -= 1
      if let reference = trampoline.parkedReleases.popLast() {
        drop(reference)
      } else {
        trampoline.parkedDisposals.removeLast().dispose()
      }
    }
    state.pointee.depth = 0
  }

  @usableFromInline
  static let key: pthread_key_t = {
    var key = pthread_key_t()
    let rc = pthread_key_create(&key) { pointer in
      #if canImport(Darwin)
        Unmanaged<Trampoline>.fromOpaque(pointer).release()
      #else
        if let pointer { Unmanaged<Trampoline>.fromOpaque(pointer).release() }
      #endif
    }
    precondition(rc == 0, "pthread_key_create failed: \(rc)")
    return key
  }()

  /// This thread's trampoline.
  @inlinable
  static var current: Trampoline {
    if let pointer = pthread_getspecific(key) {
      return Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue()
    }
    return makeCurrent()
  }

  @usableFromInline
  static func makeCurrent() -> Trampoline {
    let trampoline = Trampoline()
    pthread_setspecific(key, Unmanaged.passRetained(trampoline).toOpaque())
    return trampoline
  }

  /// This thread's activation state (a C thread-local: no look-up of the trampoline object).
  @inlinable @inline(__always)
  static var state: UnsafeMutablePointer<reactive_core_trampoline_state> {
    reactive_core_trampoline_state_pointer()
  }

  /// `true` while an activation runs on this thread (work started now would be queued).
  @inlinable
  static var isActive: Bool { state.pointee.active != 0 }

  /// Starts an activation if none runs on this thread: `true` when it did, and then the caller
  /// must call `endActivation()` once its work returned.
  @inlinable @inline(__always)
  static func beginActivation() -> Bool {
    let state = state
    guard state.pointee.active == 0 else { return false }
    state.pointee.active = 1
    return true
  }

  /// Ends the activation begun by `beginActivation()`: runs the queued work, if any, until the
  /// queue is empty, then deactivates. Without queued work it touches only the thread-local.
  @inlinable @inline(__always)
  static func endActivation() {
    let state = state
    if state.pointee.queued != 0 { current.drain() }
    state.pointee.active = 0
  }

  /// Runs `body` with the trampoline active; if this is the outermost activation on this thread,
  /// runs the queued work once `body` returned, until the queue is empty.
  @inlinable
  static func activate<T>(_ body: () -> T) -> T {
    guard beginActivation() else { return body() }
    let result = body()
    endActivation()
    return result
  }

  /// Queues `item` behind the running work of this thread's active trampoline.
  @inlinable
  func enqueue(_ item: any TrampolineItem) {
    queue.append(item)
    Trampoline.state.pointee.queued = 1
  }

  /// Queues `item` behind the running work while an activation runs; otherwise runs it now,
  /// without activating (a subscription made outside `Observable.subscribe`, where nothing
  /// else can take turns with it).
  @inlinable
  static func startOrQueue(_ item: some TrampolineItem) {
    if isActive {
      current.enqueue(item)
    } else {
      item.run(on: nil)
    }
  }

  /// Defers `step` (subscribing a source of a long chain, see `SubscribeDepth`) behind the
  /// queued work; the step runs with the subscribe depth counted from 1. Called inside
  /// `Observable.subscribe`, where an activation always runs, so the outermost activation runs
  /// the step before it returns.
  @usableFromInline
  static func deferSubscription(_ step: @escaping () -> Void) {
    let work = TrampolineWork { SubscribeDepth.runDeferred(step) }
    guard isActive else { return activate { work.run(on: nil) } }
    current.enqueue(work)
  }

  /// Runs the queued items in order (items may queue more) until the queue is empty.
  @usableFromInline
  func drain() {
    while let next = queue.popFirst() {
      next.run(on: self)
    }
    Trampoline.state.pointee.queued = 0
  }

  /// `true` when other work waits: a generator running on the trampoline then yields.
  @inlinable
  var hasWaitingWork: Bool { !queue.isEmpty }
}

/// Something the trampoline can run later.
@usableFromInline
protocol TrampolineItem: AnyObject {
  /// Runs the item. `trampoline` is the active trampoline of this thread that runs it, or `nil`
  /// when it runs outside any activation (then it must not yield).
  func run(on trampoline: Trampoline?)
}

/// What a dying object hands to `Trampoline.release(_:)`: the reference through which it held the
/// next object of a chain.
@usableFromInline
enum ReleasedReference {
  /// An object (the box of a freed observable's handlers, `ParkedHandlers`).
  case object(AnyObject)
  /// A type-erased observer: a sink's downstream, which holds the next sink in its event
  /// handler's context. Only released, never called, so its element type is erased (see `init`).
  case observer(AnyObserver<Never>)

  /// Takes the observer stored as the first stored property of the dying object at `object`,
  /// leaving there a handler without a context, so that the object's own destruction releases
  /// nothing. `expected` is that property's `layoutWords`.
  ///
  /// The one place that reads a class's stored property through its address (the one unsafe
  /// layout assumption of the package): an `AnyObserver` is its event handler, a function value
  /// stored at the most general abstraction whatever `Element` is (a function pointer, then a
  /// reference-counted context or null), so `AnyObserver<Element>` and `AnyObserver<Never>` have
  /// one layout; and a class's first stored property starts right after the object header (two
  /// words). So the handler is moved out as an `AnyObserver<Never>` (only released, never
  /// called), without a box or a generic metadata look-up (a sink's `deinit` runs
  /// unspecialized). Both words at that address are compared with `expected` in every build
  /// (two loads and two compares): a layout that breaks the assumption — a property added
  /// before the observer, a compiler that lays the object out differently — stops the program at
  /// the first sink freed, instead of corrupting memory (`OperatorDepthTests` and
  /// `ChainReleaseTests` free each kind of sink that uses it, in the optimized build too).
  @inlinable @inline(__always)
  init(takingObserverAt object: UnsafeMutableRawPointer, expecting expected: (UInt, UInt)) {
    let word = MemoryLayout<UnsafeRawPointer>.stride
    let field = object + 2 * word
    precondition(
      expected.0 == field.load(as: UInt.self)
        && expected.1 == field.load(fromByteOffset: word, as: UInt.self),
      "ReleasedReference: the observer is not the object's first stored property")
    let observer = field.withMemoryRebound(to: AnyObserver<Never>.self, capacity: 1) {
      $0.move()
    }
    // The function pointer stays; a null context makes the field's own release a no-op.
    field.storeBytes(of: nil, toByteOffset: word, as: UnsafeRawPointer?.self)
    self = .observer(observer)
  }
}

extension AnyObserver {
  /// The observer's two words (its handler's function pointer and context), for
  /// `Trampoline.releaseDownstream(of:expecting:)` to check a sink's layout against. A bit cast,
  /// not `withUnsafeBytes`: no generic call, so no metadata look-up of `AnyObserver<Element>` in
  /// an unspecialized `deinit`.
  @inlinable @inline(__always)
  var layoutWords: (UInt, UInt) { unsafeBitCast(self, to: (UInt, UInt).self) }
}

/// A closure queued on the trampoline (a deferred subscription step).
@usableFromInline
final class TrampolineWork: TrampolineItem {
  @usableFromInline let work: () -> Void

  @inlinable init(_ work: @escaping () -> Void) { self.work = work }

  @inlinable func run(on trampoline: Trampoline?) { work() }
}

/// The trampoline of one sink that subscribes sources one after another (`concat`, `catch`,
/// `retry`): `run(_:)` requested while the loop runs — a source that terminates inside its own
/// `subscribe` — adds one turn to the running loop instead of recursing, on any thread.
@usableFromInline
struct SubscribeLoop: ~Copyable, Sendable {
  /// Requested turns not yet run; the caller that raises it from 0 runs the loop.
  @usableFromInline let pending = Atomic<Int>(0)

  @inlinable init() {}

  /// Runs `turn` now, or once more after the turn running on some thread.
  @inlinable
  func run(_ turn: () -> Void) {
    guard pending.add(1, ordering: .acquiringAndReleasing).newValue == 1 else { return }
    repeat { turn() } while pending.subtract(1, ordering: .acquiringAndReleasing).newValue != 0
  }
}
