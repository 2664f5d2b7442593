#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one lock of ReactiveCore: a `pthread_mutex_t` tail-allocated in a single object.
///
/// Built on pthreads rather than `Synchronization.Mutex` because ThreadSanitizer understands
/// pthread hand-offs (it reports a false race on `Mutex` under contention on Linux), so the same
/// code is checked under `--sanitize=thread` with no special flags.
///
/// Rule for every user of this lock: never call user closures, downstream observers or
/// `dispose()` while holding it. Take what you need, unlock, then act.
@usableFromInline
package final class Lock: ManagedBuffer<Void, pthread_mutex_t> {
  /// Creates an unlocked lock (one allocation).
  @inlinable
  package static func make() -> Lock {
    let buffer = Lock.create(minimumCapacity: 1) { _ in () }
    let lock = unsafeDowncast(buffer, to: Lock.self)
    lock.withUnsafeMutablePointerToElements(initializeMutex)
    return lock
  }

  deinit {
    _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
  }

  @inlinable @inline(__always)
  package func lock() {
    _ = withUnsafeMutablePointerToElements { pthread_mutex_lock($0) }
  }

  @inlinable @inline(__always)
  package func unlock() {
    _ = withUnsafeMutablePointerToElements { pthread_mutex_unlock($0) }
  }

  /// Runs `body` with the lock held. `body` must not call user code.
  @inlinable @inline(__always)
  package func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// Initializes the mutex at `mutex` (uninitialized memory of a `ManagedBuffer` tail).
@inlinable
func initializeMutex(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
  mutex.initialize(to: pthread_mutex_t())
  let rc = pthread_mutex_init(mutex, nil)
  precondition(rc == 0, "pthread_mutex_init failed: \(rc)")
}

/// A value guarded by a `Lock`. `withLock` bodies must not call user code.
// @unchecked Sendable: `state` is only touched with `lock` held.
@usableFromInline
package final class Locked<State>: @unchecked Sendable {
  @usableFromInline let lock = Lock.make()
  // Unchecked exclusivity: the lock already makes every access exclusive, so a dynamic check
  // would only add cost on every access (the Store takes this lock per intent).
  @usableFromInline @exclusivity(unchecked) var state: State

  @inlinable
  package init(_ state: State) { self.state = state }

  @inlinable @inline(__always)
  package func withLock<T>(_ body: (inout State) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
