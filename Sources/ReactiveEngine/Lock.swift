#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Initializes the mutex at `mutex` (uninitialized memory of a `ManagedBuffer` tail).
@inlinable
func initializeMutex(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
  mutex.initialize(to: pthread_mutex_t())
  let rc = pthread_mutex_init(mutex, nil)
  precondition(rc == 0, "pthread_mutex_init failed: \(rc)")
}

/// A value guarded by a lock: the one lock of the package (the drainer's queue is the same
/// storage), and the one way to pair a lock with what it protects.
///
/// The value is reachable only inside `withLock`, so no field can be touched without the lock and
/// none is named only in a comment. The value and the mutex live in one object (a
/// `LockedStorage`), so a sink that keeps its state in a `Locked` stored inline allocates one
/// object for both. Copies share the storage.
///
/// Built on pthreads rather than `Synchronization.Mutex` because ThreadSanitizer understands
/// pthread hand-offs (it reports a false race on `Mutex` under contention on Linux), so the same
/// code is checked under `--sanitize=thread` with no special flags.
///
/// Rule for every user: a `withLock` body never calls user closures, downstream observers or
/// `dispose()`, and never releases what may run user code in its deinitializer. Take what you
/// need, unlock, then act.
@frozen @usableFromInline
package struct Locked<State>: @unchecked Sendable {  // `storage` guards its value itself
  @usableFromInline let storage: LockedStorage<State>

  @inlinable
  package init(_ state: State) { storage = .make(state) }

  @inlinable @inline(__always)
  package func withLock<T: ~Copyable>(_ body: (inout State) throws -> T) rethrows -> T {
    try storage.withLock(body)
  }
}

/// The object behind `Locked`: the value in the header, the mutex tail-allocated after it (a
/// stable address for its whole life, initialized in `make` and destroyed in `deinit`).
@usableFromInline
package final class LockedStorage<State>: ManagedBuffer<State, pthread_mutex_t> {
  @inlinable
  static func make(_ state: State) -> LockedStorage<State> {
    let buffer = LockedStorage<State>.create(minimumCapacity: 1) { _ in state }
    let storage = unsafeDowncast(buffer, to: LockedStorage<State>.self)
    storage.withUnsafeMutablePointerToElements(initializeMutex)
    return storage
  }

  deinit {
    _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
  }

  @inlinable @inline(__always)
  func withLock<T: ~Copyable>(_ body: (inout State) throws -> T) rethrows -> T {
    // Unchecked exclusivity through the pointers: the mutex already makes every access
    // exclusive, so a dynamic check would only add cost on every access.
    let (state, mutex) = withUnsafeMutablePointers { ($0, $1) }
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state.pointee)
  }

  /// Takes the mutex, for an owner that must interleave its own atomic operations with the
  /// locked section (the drainer's queue); pair with `unlock()`. Everyone else uses `withLock`.
  @inlinable @inline(__always)
  func lock() { _ = withUnsafeMutablePointerToElements { pthread_mutex_lock($0) } }

  /// Gives back the mutex taken by `lock()`.
  @inlinable @inline(__always)
  func unlock() { _ = withUnsafeMutablePointerToElements { pthread_mutex_unlock($0) } }
}
