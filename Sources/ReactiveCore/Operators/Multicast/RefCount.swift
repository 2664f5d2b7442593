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

/// One `refCount()` subscriber's view of the connection.
///
/// Thread safety: guarded by the `RefCount`'s lock. `id` is the connection it counted on (set
/// when it is counted); `ended` says that it received a terminal event (then it is not counted).
@usableFromInline
final class RefCountSubscriber: @unchecked Sendable {
  @usableFromInline var id: Int?
  @usableFromInline var ended = false
  @inlinable init() {}
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
    // As RxSwift: subscribe to the connectable first. A subject that has already terminated
    // answers at once with its terminal event; then nothing is counted and the source is not
    // connected (it would only be subscribed and disposed again).
    let subscriber = RefCountSubscriber()
    let subscription = source.subscribe(
      AnyObserver(eventHandler: { [self] event in
        if event.isStopEvent {
          let id = lock.withLock {
            subscriber.ended = true
            return subscriber.id
          }
          if let id { reset(id: id) }
        }
        observer.on(event)
      }))
    lock.lock()
    if subscriber.ended {
      lock.unlock()
      subscription.dispose()
      return Disposables.create()
    }
    count += 1
    let id = connectionID
    subscriber.id = id
    let shouldConnect = count == 1
    lock.unlock()
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
