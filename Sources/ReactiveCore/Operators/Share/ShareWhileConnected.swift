import ReactiveEngine

/// `share(replay:scope: .whileConnected)`: one `Hub` per connection; the connection ends when
/// the last subscriber leaves or the source terminates.
///
/// Thread safety: `state` (the current connection and its subscriber count) is reachable only
/// under its lock; the hub serializes delivery. Disposables are disposed after unlocking.
@usableFromInline
final class ShareWhileConnected<Element>: @unchecked Sendable {
  /// One connection: immutable or thread-safe (its count lives in the parent's `state`).
  @usableFromInline
  final class Connection: @unchecked Sendable {
    @usableFromInline let hub: Hub<Element>
    @usableFromInline let upstream = SingleAssignmentDisposable()
    @usableFromInline let token = ResourceToken()

    @usableFromInline
    init(hub: Hub<Element>) { self.hub = hub }
  }

  @usableFromInline
  struct State {
    @usableFromInline var connection: Connection?
    /// Subscribers of `connection`.
    @usableFromInline var count = 0

    @inlinable init() {}
  }

  @usableFromInline let source: Observable<Element>
  @usableFromInline let kind: Hub<Element>.Kind
  @usableFromInline let state = Locked(State())

  @usableFromInline
  init(source: Observable<Element>, kind: Hub<Element>.Kind) {
    self.source = source
    self.kind = kind
  }

  @inlinable
  func subscribe(_ observer: AnyObserver<Element>) -> Disposable {
    let (connection, isNew) = state.withLock { state -> (Connection, Bool) in
      if let current = state.connection {
        state.count += 1
        return (current, false)
      }
      let connection = Connection(hub: Hub(kind: kind))
      state.connection = connection
      state.count = 1
      return (connection, true)
    }
    let subscription = connection.hub.subscribe(observer)
    if isNew {
      connection.upstream.setDisposable(
        source.subscribe(
          AnyObserver(eventHandler: { [self] event in forward(event, connection: connection) })))
    }
    return ShareSubscription(release: { [self] in release(subscription, connection: connection) })
  }

  @inlinable
  func forward(_ event: Event<Element>, connection: Connection) {
    if event.isStopEvent {
      // Dropped before the terminal event goes out, so a subscriber reacting to it reconnects.
      state.withLock { state in
        if state.connection === connection { state.connection = nil }
      }
      connection.hub.send(event)
      connection.upstream.dispose()
    } else {
      connection.hub.send(event)
    }
  }

  @inlinable
  func release(_ subscription: Disposable, connection: Connection) {
    subscription.dispose()
    let disconnect = state.withLock { state -> Bool in
      guard state.connection === connection else { return false }
      state.count -= 1
      guard state.count == 0 else { return false }
      state.connection = nil
      return true
    }
    if disconnect { connection.upstream.dispose() }
  }
}
