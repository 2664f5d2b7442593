/// The skeleton of the sinks whose events need no state of their own, only the grammar (nothing
/// after a terminal event or disposal): `timer`/`interval`, the scheduled sequences (`from`, `of`,
/// `range`, `just` on a scheduler) and `subscribe(on:)`. One holder guards the events: its
/// terminate-once bit is claimed by the terminal event, and disposing it stops the events.
///
/// Thread safety: the events are serial (by the observable contract, or because each scheduled
/// step runs after the previous one); `downstream` is immutable and `holder` thread-safe.
@usableFromInline
class GuardedSink<Element>: @unchecked Sendable {
  @usableFromInline let downstream: AnyObserver<Element>
  /// What guards the events: the scheduled work, or the subscription it leads to.
  @usableFromInline let holder = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  deinit {
    let words = downstream.layoutWords
    Trampoline.releaseDownstream(of: self, expecting: words)
  }

  @inlinable
  init(downstream: AnyObserver<Element>) {
    self.downstream = downstream
  }

  /// Forwards `event` unless the sink stopped; a terminal event stops it.
  @inlinable
  final func forward(_ event: Event<Element>) {
    holder.forward(event, to: downstream)
  }

  /// Emits `last` (if any) and completes, unless the sink stopped.
  @inlinable
  final func complete(after last: Element?) {
    holder.terminate {
      if let last { downstream.on(.next(last)) }
      downstream.on(.completed)
    }
  }
}
