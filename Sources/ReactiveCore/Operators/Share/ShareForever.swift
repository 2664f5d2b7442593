import ReactiveEngine

/// `share(replay:scope: .forever)`: one `Hub` for good, connected to the source while anyone is
/// subscribed (RxSwift's `multicast(subject).refCount()`).
///
/// After the source terminates, the hub keeps its replay buffer and terminal event for good, and
/// the source is never subscribed again: later subscribers get the replay and the terminal event
/// (as RxSwift, whose `refCount` does not connect a terminated subject). When the last subscriber
/// leaves before that, the connection is dropped and the next subscriber connects again.
///
/// Thread safety: `state` is reachable only under its lock; the hub serializes delivery.
/// Disposables are disposed after unlocking.
@usableFromInline
final class ShareForever<Element>: @unchecked Sendable {
  /// The connection to the source.
  @usableFromInline
  struct State: CountedConnection {
    @usableFromInline var count = 0
    @usableFromInline var connectionID = 0
    /// The source subscription.
    @usableFromInline var connection: SingleAssignmentDisposable?
    /// The source terminated: never connect again (one bit, the end of every other state).
    @usableFromInline var terminated = false

    @inlinable init() {}
  }

  @usableFromInline let source: Observable<Element>
  @usableFromInline let hub: Hub<Element>
  @usableFromInline let state = Locked(State())

  @usableFromInline
  init(source: Observable<Element>, hub: Hub<Element>) {
    self.source = source
    self.hub = hub
  }

  @inlinable
  func subscribe(_ observer: AnyObserver<Element>) -> Disposable {
    let subscription = hub.subscribe(observer)
    let counted: (id: Int, connect: SingleAssignmentDisposable?)? = state.withLock { state in
      if state.terminated { return nil }
      state.count += 1
      var connect: SingleAssignmentDisposable?
      if state.count == 1 {
        connect = SingleAssignmentDisposable()
        state.connection = connect
      }
      return (state.connectionID, connect)
    }
    guard let (id, connect) = counted else { return subscription }
    if let connect {
      connect.setDisposable(
        source.subscribe(AnyObserver(eventHandler: { [self] event in forward(event, id: id) })))
    }
    return ShareSubscription(release: { [self] in release(subscription, id: id) })
  }

  @inlinable
  func forward(_ event: Event<Element>, id: Int) {
    guard event.isStopEvent else {
      hub.send(event)
      return
    }
    let finished = state.withLock { state -> SingleAssignmentDisposable? in
      guard state.connectionID == id else { return nil }
      state.terminated = true
      return state.endConnection(id)
    }
    hub.send(event)
    finished?.dispose()
  }

  @inlinable
  func release(_ subscription: Disposable, id: Int) {
    subscription.dispose()
    state.withLock { $0.release(id) }?.dispose()
  }
}
