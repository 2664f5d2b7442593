/// The skeleton of the sinks that hold two subscriptions: the source's (`upstream`, whose flags
/// also say that the whole sink ended) and a second one (`second`): the sequel of the traits'
/// `catch`, `flatMap` and `andThen` (`SequelSink`), `take(until:)`'s and `skip(until:)`'s other
/// sequence.
///
/// Every terminal path goes through `terminate(_:)` (or, for a sink that may end without a
/// terminal event, `SingleAssignmentDisposable.terminate(_:)` on `upstream` with an empty body):
/// the terminate-once guard lives in `upstream`, so a second terminal event, or one after
/// disposal, is never forwarded.
///
/// Thread safety: a conforming sink receives its events serially (the source's, then the second
/// sequence's, or both through a `Drainer`); the two holders are thread-safe, so `dispose()` may
/// run on any thread.
@usableFromInline
protocol PairedSink: AnyObject, Disposable {
  associatedtype Element

  var downstream: AnyObserver<Element> { get }
  /// The source subscription; its terminated bit marks a terminal event sent downstream.
  var upstream: SingleAssignmentDisposable { get }
  /// The second subscription.
  var second: SingleAssignmentDisposable { get }
}

extension PairedSink {
  /// Forwards a terminal `event` (unless one was forwarded or the sink disposed), then disposes
  /// both subscriptions.
  @inlinable
  func terminate(_ event: Event<Element>) {
    guard upstream.terminate({ downstream.on(event) }) else { return }
    second.dispose()
  }

  /// Forwards an event of the second sequence: elements pass, a terminal event ends the sink.
  @inlinable
  func forwardSecond(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    deliver(event)
  }

  /// Sends `event` on: an element passes, a terminal event ends the sink (the caller checked that
  /// the sink has not ended).
  @inlinable
  func deliver(_ event: Event<Element>) {
    if case .next = event { downstream.on(event) } else { terminate(event) }
  }

  @inlinable
  func dispose() {
    upstream.dispose()
    second.dispose()
  }
}
