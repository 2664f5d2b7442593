extension ConnectableObservableType {
  /// An observable that connects this connectable sequence when the first subscriber arrives and
  /// disconnects it when the last one leaves (or the source terminates).
  ///
  /// ```swift
  /// let shared = Observable.of(1, 2).publish().refCount()
  /// _ = shared.subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 2
  /// ```
  @inlinable
  public func refCount() -> Observable<Element> {
    let state = RefCount(source: self)
    return Observable(subscribeHandler: state.subscribe)
  }
}

/// The state behind `refCount()`.
///
/// Thread safety: `count`, `connectionID` and `connection` are guarded by `lock`; subscribing,
/// connecting and disposing happen after unlocking. `connectionID` tells a subscriber whether the
/// connection it counted on is still the current one.
@usableFromInline
final class RefCount<Source: ConnectableObservableType>: @unchecked Sendable {
  @usableFromInline let source: Source
  @usableFromInline let lock = Lock.make()
  @usableFromInline var count = 0
  @usableFromInline var connectionID = 0
  @usableFromInline var connection: Disposable?

  @usableFromInline
  init(source: Source) { self.source = source }

  @inlinable
  func subscribe(_ observer: AnyObserver<Source.Element>) -> Disposable {
    lock.lock()
    count += 1
    let id = connectionID
    let shouldConnect = count == 1
    lock.unlock()
    let subscription = source.subscribe(
      AnyObserver(eventHandler: { [self] event in
        if event.isStopEvent { reset(id: id) }
        observer.on(event)
      }))
    if shouldConnect {
      let connection = source.connect()
      lock.lock()
      let current = connectionID == id && self.connection == nil
      if current { self.connection = connection }
      lock.unlock()
      if !current { connection.dispose() }
    }
    return ShareSubscription(release: { [self] in release(subscription, id: id) })
  }

  /// The source terminated: the next subscriber connects anew.
  @inlinable
  func reset(id: Int) {
    lock.lock()
    var finished: Disposable?
    if connectionID == id {
      finished = connection
      connection = nil
      count = 0
      connectionID &+= 1
    }
    lock.unlock()
    finished?.dispose()
  }

  @inlinable
  func release(_ subscription: Disposable, id: Int) {
    subscription.dispose()
    lock.lock()
    var disconnect: Disposable?
    if connectionID == id {
      count -= 1
      if count == 0 {
        disconnect = connection
        connection = nil
        connectionID &+= 1
      }
    }
    lock.unlock()
    disconnect?.dispose()
  }
}
