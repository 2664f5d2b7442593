import ReactiveEngine

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
/// Thread safety: `phase` is touched only inside its `RefCount`'s `state.withLock` (one object per
/// subscription, so it cannot live in that state without an allocation per subscriber).
@usableFromInline
final class RefCountSubscriber: @unchecked Sendable {
  @usableFromInline
  enum Phase {
    /// Subscribing to the connectable: not counted yet.
    case subscribing
    /// Counted on connection `id`.
    case counted(id: Int)
    /// Received a terminal event (then it is not counted).
    case ended
  }

  @usableFromInline var phase = Phase.subscribing
  @inlinable init() {}
}

/// The state behind `refCount()`.
///
/// Thread safety: `state` is reachable only under its lock; subscribing, connecting and disposing
/// happen after unlocking.
@usableFromInline
final class RefCount<Source: ConnectableObservableType>: @unchecked Sendable {
  @usableFromInline
  struct State: CountedConnection {
    @usableFromInline var count = 0
    @usableFromInline var connectionID = 0
    @usableFromInline var connection: Disposable?

    @inlinable init() {}
  }

  @usableFromInline let source: Source
  @usableFromInline let state = Locked(State())

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
          let finished = state.withLock { state -> Disposable? in
            let phase = subscriber.phase
            subscriber.phase = .ended
            guard case .counted(let id) = phase else { return nil }
            return state.endConnection(id)
          }
          finished?.dispose()
        }
        observer.on(event)
      }))
    let counted: (id: Int, connects: Bool)? = state.withLock { state in
      if case .ended = subscriber.phase { return nil }
      state.count += 1
      subscriber.phase = .counted(id: state.connectionID)
      return (state.connectionID, state.count == 1)
    }
    guard let (id, connects) = counted else {
      subscription.dispose()
      return Disposables.create()
    }
    if connects {
      let connection = source.connect()
      let current = state.withLock { state in
        guard state.connectionID == id && state.connection == nil else { return false }
        state.connection = connection
        return true
      }
      if !current { connection.dispose() }
    }
    return ShareSubscription(release: { [self] in release(subscription, id: id) })
  }

  @inlinable
  func release(_ subscription: Disposable, id: Int) {
    subscription.dispose()
    state.withLock { $0.release(id) }?.dispose()
  }
}
