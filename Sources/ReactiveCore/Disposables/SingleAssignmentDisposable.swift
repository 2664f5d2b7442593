import Synchronization

/// Holds a disposable that is set exactly once, possibly after `dispose()` was already called.
///
/// Setting the disposable after `dispose()` disposes it at once. Setting it twice is a programming
/// error (caught in debug builds). Lock-free.
///
/// ```swift
/// let holder = SingleAssignmentDisposable()
/// holder.dispose()
/// holder.setDisposable(Disposables.create { print("disposed at once") })
/// // Prints: disposed at once
/// ```
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
  // `inner` is written by `setDisposable` before it publishes `isSetBit` (release) and read or
  // cleared only by the one caller that observes both bits first (acquire). The flags decide who,
  // so the dynamic exclusivity check is not needed.
  @usableFromInline static var disposedBit: Int { 1 }
  @usableFromInline static var isSetBit: Int { 2 }
  /// Set by `terminate(_:)`, when an operator sink ends its sequence.
  @usableFromInline static var terminatedBit: Int { 4 }

  @usableFromInline let bits = Atomic<Int>(0)
  @usableFromInline @exclusivity(unchecked) var inner: Disposable?

  /// Creates an empty holder.
  @inlinable
  public init() {}

  /// `true` once `dispose()` was called.
  @inlinable
  public var isDisposed: Bool { bits.load(ordering: .acquiring) & Self.disposedBit != 0 }

  /// Sets the disposable; disposes it at once when this holder is already disposed.
  @inlinable
  public func setDisposable(_ disposable: Disposable) {
    inner = disposable
    let old = bits.bitwiseOr(Self.isSetBit, ordering: .acquiringAndReleasing).oldValue
    assert(old & Self.isSetBit == 0, "SingleAssignmentDisposable: setDisposable called twice")
    if old & Self.disposedBit != 0 {
      let toDispose = inner
      inner = nil
      if let toDispose { Trampoline.dispose(toDispose) }
    }
  }

  /// `true` once disposed or terminated: an operator sink holding this as its upstream forwards
  /// nothing more.
  @inlinable @inline(__always)
  var isStopped: Bool {
    bits.load(ordering: .acquiring) & (Self.disposedBit | Self.terminatedBit) != 0
  }

  /// Ends the sequence this holder guards, once: the first caller while the holder is not
  /// disposed marks it terminated, runs `end` (which forwards the terminal event, or moves on to
  /// what comes next: `catch`'s handler, `concat`'s next source, `retry`'s next attempt), then
  /// disposes the holder. Returns whether it ran.
  ///
  /// The one owner of the terminate-once rule: nothing else sets the terminated bit, so a sink
  /// whose terminal paths all go through here (or through a skeleton that does: `OperatorSink`,
  /// `SerializedSink`) cannot forward a second terminal event, nor one after disposal.
  @inlinable @discardableResult
  func terminate(_ end: () -> Void) -> Bool {
    let old = bits.bitwiseOr(Self.terminatedBit, ordering: .acquiringAndReleasing).oldValue
    guard old & (Self.disposedBit | Self.terminatedBit) == 0 else { return false }
    end()
    dispose()
    return true
  }

  /// Passes `event` on to `downstream` under the grammar this holder guards: nothing once it is
  /// stopped; a terminal event through `terminate(_:)`.
  @inlinable
  func forward<Element>(_ event: Event<Element>, to downstream: AnyObserver<Element>) {
    guard !isStopped else { return }
    if case .next = event {
      downstream.on(event)
    } else {
      terminate { downstream.on(event) }
    }
  }

  /// Disposes the held disposable, now or as soon as it is set.
  ///
  /// A chain of holders (each operator sink of a long `map` chain holds the next one's) is
  /// disposed in a loop, not recursively, and any other held disposable in bounded stack
  /// (`Trampoline.dispose(_:)`), so disposing a chain of any depth runs in constant stack.
  @inlinable
  public func dispose() {
    var holder = self
    while true {
      let old = holder.bits.bitwiseOr(Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
      guard old & Self.disposedBit == 0, old & Self.isSetBit != 0 else { return }
      let toDispose = holder.inner
      holder.inner = nil
      guard let next = toDispose as? SingleAssignmentDisposable else {
        if let toDispose { Trampoline.dispose(toDispose) }
        return
      }
      holder = next
    }
  }
}
