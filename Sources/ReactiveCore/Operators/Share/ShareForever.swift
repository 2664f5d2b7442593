/// `share(replay:scope: .forever)`: one `Hub` for good, connected to the source while anyone is
/// subscribed (RxSwift's `multicast(subject).refCount()`).
///
/// After the source terminates, the hub keeps its replay buffer and terminal event for good, and
/// the source is never subscribed again: later subscribers get the replay and the terminal event
/// (as RxSwift, whose `refCount` does not connect a terminated subject). When the last subscriber
/// leaves before that, the connection is dropped and the next subscriber connects again.
///
/// Thread safety: `count`, `connectionID`, `terminated` and `upstream` are guarded by `lock`; the
/// hub serializes delivery. Disposables are disposed after unlocking.
@usableFromInline
final class ShareForever<Element>: @unchecked Sendable {
  @usableFromInline let source: Observable<Element>
  @usableFromInline let hub: Hub<Element>
  @usableFromInline let lock = Lock.make()
  @usableFromInline var count = 0
  @usableFromInline var connectionID = 0
  @usableFromInline var upstream: SingleAssignmentDisposable?
  @usableFromInline var terminated = false

  @usableFromInline
  init(source: Observable<Element>, hub: Hub<Element>) {
    self.source = source
    self.hub = hub
  }

  @inlinable
  func subscribe(_ observer: AnyObserver<Element>) -> Disposable {
    let subscription = hub.subscribe(observer)
    lock.lock()
    if terminated {
      lock.unlock()
      return subscription
    }
    count += 1
    let id = connectionID
    var connect: SingleAssignmentDisposable?
    if count == 1 {
      connect = SingleAssignmentDisposable()
      upstream = connect
    }
    lock.unlock()
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
    lock.lock()
    var finished: SingleAssignmentDisposable?
    if connectionID == id {
      finished = upstream
      upstream = nil
      count = 0
      connectionID &+= 1
      terminated = true
    }
    lock.unlock()
    hub.send(event)
    finished?.dispose()
  }

  @inlinable
  func release(_ subscription: Disposable, id: Int) {
    subscription.dispose()
    lock.lock()
    var disconnect: SingleAssignmentDisposable?
    if connectionID == id {
      count -= 1
      if count == 0 {
        disconnect = upstream
        upstream = nil
        connectionID &+= 1
      }
    }
    lock.unlock()
    disconnect?.dispose()
  }
}
