import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lets synchronous generators (`range`, `repeatElement`, `generate`) and retry loops (`retry`,
/// `retry(when:)`) start only once the operator that may stop them early (`take`, `element(at:)`,
/// ...) holds their disposable.
///
/// An operator that can end a sequence before its source does subscribes inside `wiring(_:)`.
/// A generator subscribed (directly or through other operators) while a wiring is in progress on
/// the same thread queues its emission loop with `run(_:)` and returns its disposable at once; the
/// outermost wiring runs the queued loops when its subscription is in place. So
/// `Observable.repeatElement(1).take(3)` ends after three elements instead of looping forever.
/// This plays the part of RxSwift's current-thread trampoline for these cases. Outside a wiring,
/// `run(_:)` runs the loop at once (the generator emits synchronously inside `subscribe`).
///
/// The state is per thread (a pthread key): no lock, no shared mutable state.
@usableFromInline
enum DeferredEmission {
  /// Per-thread slot: `nil` (no wiring), `marker` (wiring, nothing queued) or a retained `Pending`.
  @usableFromInline
  static let key: pthread_key_t = {
    var key = pthread_key_t()
    let rc = pthread_key_create(&key, nil)
    precondition(rc == 0, "pthread_key_create failed: \(rc)")
    return key
  }()

  @usableFromInline
  static var marker: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 1)! }

  /// Emission loops queued during the current wiring, in subscription order.
  @usableFromInline
  final class Pending {
    @usableFromInline var work: [() -> Void] = []
    @usableFromInline init() {}
  }

  /// Runs `body` (which subscribes to sources); emission loops of generators subscribed inside it
  /// run after it returns, unless an outer wiring on this thread runs them later still.
  @inlinable
  static func wiring<T>(_ body: () -> T) -> T {
    if pthread_getspecific(key) != nil { return body() }
    pthread_setspecific(key, marker)
    let result = body()
    let slot = pthread_getspecific(key)
    pthread_setspecific(key, nil)
    if let slot, slot != marker {
      let pending = Unmanaged<Pending>.fromOpaque(slot).takeRetainedValue()
      for work in pending.work { work() }
    }
    return result
  }

  /// Runs `work` now, or queues it behind the wiring in progress on this thread.
  @inlinable
  static func run(_ work: @escaping () -> Void) {
    guard let slot = pthread_getspecific(key) else {
      work()
      return
    }
    if slot == marker {
      let pending = Pending()
      pending.work.append(work)
      pthread_setspecific(key, Unmanaged.passRetained(pending).toOpaque())
    } else {
      Unmanaged<Pending>.fromOpaque(slot).takeUnretainedValue().work.append(work)
    }
  }
}

/// The disposable of a synchronous generator: its emission loop checks `isDisposed` before every
/// element.
@usableFromInline
final class GeneratorDisposable: Cancelable, Sendable {
  @usableFromInline let flag = Atomic<Bool>(false)
  @usableFromInline let token = ResourceToken()

  @inlinable init() {}

  @inlinable var isDisposed: Bool { flag.load(ordering: .acquiring) }

  @inlinable func dispose() { flag.store(true, ordering: .releasing) }
}
