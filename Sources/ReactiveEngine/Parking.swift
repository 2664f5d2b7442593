import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way a thread of the package waits for another: a relay's or subject's writer for the
/// writer lock or for readers' copies (`PublishedState`), `dispose()` for a callback running on
/// another thread (`DisposeBarrier`, `Drainer.closeAndWaitForTurn()`), a producer for a full
/// backlog (`Drainer`). The waiter checks a few times, giving the CPU away between checks
/// (`spin(_:)`), then blocks in the kernel until the party it waits for wakes it. It never polls,
/// so a waiting thread (the main thread included) takes no CPU from the thread it waits for.
///
/// The protocol, the same at every site:
/// 1. What the waiter waits for is a condition on one atomic word.
/// 2. Before parking, the waiter records in that word that it waits, with a compare-exchange that
///    also checks the condition still holds (a bit, or a count of waiters).
/// 3. It parks with `park(on:while:)`, passing the word's address and the condition.
/// 4. The party that ends the condition changes the word with one read-modify-write; when the
///    value it replaced carries the record, it calls `unpark(_:)` with the same address.
///
/// Why no wake is lost: the record and the change are in one word, so the waker's
/// read-modify-write either comes after the record (and sees it) or before (and the recording
/// compare-exchange fails, so the waiter re-checks). `park` checks the condition with its
/// bucket's mutex held and sleeps on the bucket's condition variable, which releases the mutex
/// atomically; `unpark` takes the same mutex before it broadcasts. So a waiter that checked
/// before the change is already asleep when the broadcast comes, and one that checks after it
/// sees the change and does not sleep.
///
/// Why the uncontended paths cost nothing more: the waker reads the record from the value its
/// read-modify-write returns anyway (a test and a branch, no extra atomic), and calls `unpark`
/// only when someone parked.
///
/// The waiters of all words share `bucketCount` buckets (a mutex and a condition variable each),
/// chosen by address: `unpark` wakes every waiter of the bucket, and each re-checks its own
/// condition (a waiter woken for another word sleeps again). A waiter's condition variable names
/// no thread it waits for, so the OS cannot lend it the waiter's priority: a high-priority waiter
/// waits for a lower-priority thread as long as the scheduler keeps that thread off the CPU, but
/// it never competes with it for the CPU.
@usableFromInline
package enum Parking {
  /// Buckets of waiters (a power of two).
  @usableFromInline static var bucketCount: Int { 64 }
  /// How many times a waiter checks, yielding the CPU in between, before it parks.
  @usableFromInline static var spinRounds: Int { 8 }

  /// The buckets: `bucketCount` mutexes, then as many condition variables, made on first use and
  /// never freed (a stable address for the life of the process). `nonisolated(unsafe)`: the
  /// pointers never change, and what they point to is touched only through pthread calls.
  nonisolated(unsafe) static let buckets:
    (
      mutexes: UnsafeMutablePointer<pthread_mutex_t>,
      conditions: UnsafeMutablePointer<pthread_cond_t>
    ) = {
      let mutexes = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: bucketCount)
      let conditions = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: bucketCount)
      for index in 0..<bucketCount {
        initializeMutex(mutexes + index)
        (conditions + index).initialize(to: pthread_cond_t())
        let rc = pthread_cond_init(conditions + index, nil)
        precondition(rc == 0, "pthread_cond_init failed: \(rc)")
      }
      return (mutexes, conditions)
    }()

  static func bucket(_ address: UnsafeRawPointer) -> Int {
    // Fibonacci hashing of the address: neighbouring words land in different buckets.
    Int(truncatingIfNeeded: (UInt(bitPattern: address) &* 0x9E37_79B9_7F4A_7C15) >> 58)
      & (bucketCount - 1)
  }

  /// One round of the short spin before parking: `true` (after giving the CPU away) while the
  /// waiter should check again, `false` once it should record itself and park. Start `round`
  /// at 0 and increment it after each `true`.
  @inlinable
  package static func spin(_ round: Int) -> Bool {
    guard round < spinRounds else { return false }
    sched_yield()
    return true
  }

  /// Waits until `isDone` holds for `word`: a short spin, then parked with `record` (a bit of
  /// `word`) set, which the party that ends the wait must clear or see in the value its
  /// read-modify-write of `word` returns, and then `unpark` (see the type's notes).
  @usableFromInline
  package static func wait(
    on word: borrowing Atomic<Int>, recording record: Int, until isDone: (Int) -> Bool
  ) {
    var round = 0
    while true {
      let current = word.load(ordering: .sequentiallyConsistent)
      if isDone(current) { return }
      if spin(round) {
        round += 1
        continue
      }
      if current & record == 0
        && !word.compareExchange(
          expected: current, desired: current | record, ordering: .sequentiallyConsistent
        ).exchanged
      {
        continue
      }
      park(on: address(of: word)) { !isDone(word.load(ordering: .sequentiallyConsistent)) }
    }
  }

  /// Blocks while `waiting()` is `true`, woken by `unpark(address)`; checks `waiting()` with the
  /// bucket's mutex held, so it must be a cheap look that takes no lock held by a thread calling
  /// `unpark`. Record yourself in the word at `address` first (see the type's notes). May
  /// return while `waiting()` is still true (a wake for another word): re-check.
  @usableFromInline
  package static func park(on address: UnsafeRawPointer, while waiting: () -> Bool) {
    let index = bucket(address)
    let mutex = buckets.mutexes + index
    pthread_mutex_lock(mutex)
    if waiting() { pthread_cond_wait(buckets.conditions + index, mutex) }
    pthread_mutex_unlock(mutex)
  }

  /// `park(on:while:)` that also returns once `deadline` has passed. For a waiter that gives up
  /// (a test tool's safety net), never for the core's waits.
  package static func park(
    on address: UnsafeRawPointer, until deadline: ContinuousClock.Instant,
    while waiting: () -> Bool
  ) {
    let left = ContinuousClock.now.duration(to: deadline)
    guard left > .zero else { return }
    // The condition variable's clock is the real-time one: the deadline in its terms.
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let nanoseconds = Int(now.tv_nsec) + Int(left.components.attoseconds / 1_000_000_000)
    var until = timespec()
    until.tv_sec = now.tv_sec + time_t(left.components.seconds) + nanoseconds / 1_000_000_000
    until.tv_nsec = nanoseconds % 1_000_000_000
    let index = bucket(address)
    let mutex = buckets.mutexes + index
    pthread_mutex_lock(mutex)
    if waiting() { pthread_cond_timedwait(buckets.conditions + index, mutex, &until) }
    pthread_mutex_unlock(mutex)
  }

  /// The address of `word` (an atomic stored in a class or a global, which never moves), the
  /// key under which its waiters park.
  @inlinable @inline(__always)
  package static func address<Word: ~Copyable>(of word: borrowing Word) -> UnsafeRawPointer {
    withUnsafePointer(to: word) { UnsafeRawPointer($0) }
  }

  /// Wakes the threads parked on `address` (and any other thread of its bucket, which re-checks).
  /// Call it after the read-modify-write that ended their wait, when that write saw them recorded.
  @usableFromInline
  package static func unpark(_ address: UnsafeRawPointer) {
    let index = bucket(address)
    let mutex = buckets.mutexes + index
    pthread_mutex_lock(mutex)
    pthread_cond_broadcast(buckets.conditions + index)
    pthread_mutex_unlock(mutex)
  }
}
