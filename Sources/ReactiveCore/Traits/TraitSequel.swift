/// What a trait operator that may continue with a second sequence does with each event of its
/// source: the traits' `catch` (`CatchSequel`), `flatMap` (`FlatMapSequel`) and `andThen`
/// (`AndThenSequel`). `SequelSink` runs it.
///
/// Its state lives in the conforming struct, touched only by the source's (serial) events.
@usableFromInline
protocol SequelPolicy {
  associatedtype Source
  associatedtype Element
  /// What `event` of the source does; a thrown error ends the result with it.
  mutating func step(_ event: Event<Source>) throws -> SequelStep<Element>
}

/// What `SequelSink` does with one event of its source.
@usableFromInline
enum SequelStep<Element> {
  /// Forwards the event: an element passes, a terminal event ends the result.
  case forward(Event<Element>)
  /// Drops the event.
  case ignore
  /// Subscribes to the sequel, whose events become the result's.
  case sequel(Observable<Element>)
}

extension Observable {
  /// The result of `policy` applied to `source`: each subscription gets a `SequelSink` with its
  /// own copy of `policy`.
  @inlinable
  static func sequel<Policy: SequelPolicy>(of source: Observable<Policy.Source>, _ policy: Policy)
    -> Observable<Element> where Policy.Element == Element
  {
    Observable(subscribeHandler: { downstream in
      let sink = SequelSink(downstream: downstream, policy: policy)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink
    })
  }
}

/// The one sink of the trait operators that continue with a second sequence (see
/// `SequelPolicy`), on the `PairedSink` skeleton: `upstream` holds the source, `second` the
/// sequel, and every terminal event goes through `terminate(_:)`.
///
/// Thread safety: the source's events are serial, and the sequel is subscribed from one of them,
/// after which the source sends nothing the policy forwards, so `policy` is touched by one event
/// at a time; `dispose()` may run on any thread (the holders are thread-safe).
@usableFromInline
final class SequelSink<Policy: SequelPolicy>: PairedSink, @unchecked Sendable {
  @usableFromInline let downstream: AnyObserver<Policy.Element>
  // Only touched by the serial event path, so the dynamic exclusivity check is not needed.
  @exclusivity(unchecked) @usableFromInline var policy: Policy
  /// The source; its `terminated` bit also marks that a terminal event went downstream.
  @usableFromInline let upstream = SingleAssignmentDisposable()
  /// The sequel, once subscribed.
  @usableFromInline let second = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Policy.Element>, policy: Policy) {
    self.downstream = downstream
    self.policy = policy
  }

  @inlinable
  func on(_ event: Event<Policy.Source>) {
    guard !upstream.isStopped else { return }
    let step: SequelStep<Policy.Element>
    do { step = try policy.step(event) } catch {
      terminate(.error(error))
      return
    }
    switch step {
    case .forward(let event): deliver(event)
    case .ignore: return
    case .sequel(let sequel):
      second.setDisposable(sequel.subscribe(AnyObserver(eventHandler: forwardSecond)))
    }
  }
}
