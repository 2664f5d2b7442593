/// How long the subject behind `share(replay:scope:)` lives.
public enum SubjectLifetimeScope: Sendable, Equatable {
  /// The subject, its connection to the source and its replay buffer live while at least one
  /// subscriber is connected and the source has not terminated. When the last subscriber leaves,
  /// or the source terminates, they are dropped: the next subscriber subscribes to the source
  /// again, with an empty buffer.
  case whileConnected
  /// One subject for good. Its connection to the source is dropped when the last subscriber
  /// leaves (and re-made for the next one), but the subject stays: after the source terminated,
  /// new subscribers get its replay buffer and the terminal event, and the source is never
  /// subscribed again.
  case forever
}

extension ObservableType {
  /// Shares one subscription to this sequence among all subscribers, replaying the last
  /// `replay` elements to each new subscriber.
  ///
  /// The source is subscribed when the first subscriber arrives and disposed when the last one
  /// leaves. With `.whileConnected` (the default) the sharing also ends when the source
  /// terminates, so a later subscriber starts afresh; with `.forever` late subscribers get the
  /// replayed elements and the terminal event (see `SubjectLifetimeScope`). Delivery to the
  /// subscribers is serialized, and a re-entrant event is queued, as for subjects.
  ///
  /// ```swift
  /// let subject = PublishSubject<Int>()
  /// let shared = subject.share(replay: 1)
  /// _ = shared.subscribe(onNext: { print("a", $0) })
  /// subject.onNext(1)
  /// _ = shared.subscribe(onNext: { print("b", $0) })
  /// // Prints: a 1
  /// // Prints: b 1
  /// ```
  ///
  /// - Parameters:
  ///   - replay: how many recent elements new subscribers receive (0: none).
  ///   - scope: the lifetime of the shared subject.
  /// - Complexity: per element, the cost of a subject delivering to each subscriber.
  @inlinable
  public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected)
    -> Observable<Element>
  {
    precondition(replay >= 0, "share(replay:): replay must not be negative")
    let kind: Hub<Element>.Kind = replay == 0 ? .publish : .replay(bufferSize: replay)
    switch scope {
    case .whileConnected:
      let shared = ShareWhileConnected(source: asObservable(), kind: kind)
      return Observable(subscribeHandler: shared.subscribe)
    case .forever:
      let shared = ShareForever(source: asObservable(), hub: Hub(kind: kind))
      return Observable(subscribeHandler: shared.subscribe)
    }
  }
}

/// One subscriber of a shared sequence: disposing it unsubscribes from the subject and releases
/// its share of the connection.
@usableFromInline
final class ShareSubscription: Cancelable, @unchecked Sendable {
  // `release` is set in init and taken once by the winner of `disposed`.
  @usableFromInline let disposed = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @usableFromInline
  init(release: @escaping () -> Void) {
    disposed.setDisposable(Disposables.create(with: release))
  }

  @inlinable var isDisposed: Bool { disposed.isDisposed }

  @inlinable func dispose() { disposed.dispose() }
}
