/// `share(replay:scope: .whileConnected)`: one `Hub` per connection; the connection ends when
/// the last subscriber leaves or the source terminates.
///
/// Thread safety: `connection` and each connection's `count` are guarded by `lock`; the hub
/// serializes delivery. Disposables are disposed after unlocking.
@usableFromInline
final class ShareWhileConnected<Element>: @unchecked Sendable {
  @usableFromInline
  final class Connection: @unchecked Sendable {
    // `count` is guarded by the parent's lock; the rest is immutable or thread-safe.
    @usableFromInline let hub: Hub<Element>
    @usableFromInline let upstream = SingleAssignmentDisposable()
    @usableFromInline var count = 0
    @usableFromInline let token = ResourceToken()

    @usableFromInline
    init(hub: Hub<Element>) { self.hub = hub }
  }

  @usableFromInline let source: Observable<Element>
  @usableFromInline let kind: Hub<Element>.Kind
  @usableFromInline let lock = Lock.make()
  @usableFromInline var connection: Connection?

  @usableFromInline
  init(source: Observable<Element>, kind: Hub<Element>.Kind) {
    self.source = source
    self.kind = kind
  }

  @inlinable
  func subscribe(_ observer: AnyObserver<Element>) -> Disposable {
    lock.lock()
    let connection: Connection
    let isNew: Bool
    if let current = self.connection {
      connection = current
      isNew = false
    } else {
      connection = Connection(hub: Hub(kind: kind))
      self.connection = connection
      isNew = true
    }
    connection.count += 1
    lock.unlock()
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
      lock.lock()
      if self.connection === connection { self.connection = nil }
      lock.unlock()
      connection.hub.send(event)
      connection.upstream.dispose()
    } else {
      connection.hub.send(event)
    }
  }

  @inlinable
  func release(_ subscription: Disposable, connection: Connection) {
    subscription.dispose()
    lock.lock()
    var disconnect = false
    if self.connection === connection {
      connection.count -= 1
      if connection.count == 0 {
        self.connection = nil
        disconnect = true
      }
    }
    lock.unlock()
    if disconnect { connection.upstream.dispose() }
  }
}
