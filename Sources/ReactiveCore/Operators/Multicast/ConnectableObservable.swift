import ReactiveEngine
import Synchronization

/// An observable sequence that shares one subscription to its source, made only when
/// `connect()` is called.
public protocol ConnectableObservableType<Element>: ObservableType {
  /// Subscribes the shared subject to the source. Calling it again while connected returns the
  /// current connection; disposing the connection disconnects.
  func connect() -> Disposable
}

/// The connectable observable returned by `multicast`, `publish()` and `replay(_:)`.
///
/// Subscribers subscribe to the subject; `connect()` subscribes the subject to the source. When
/// the connection is disposed or the source terminates, the subject is released: subscribers and
/// connections that come later get a fresh subject from the factory (for `multicast(_ subject:)`,
/// the same subject again).
///
/// ```swift
/// let published = Observable.of(1, 2).publish()
/// _ = published.subscribe(onNext: { print($0) })
/// _ = published.connect()
/// // Prints: 1
/// // Prints: 2
/// ```
public final class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType,
  @unchecked Sendable
{
  /// Subscriptions go to `subscribeHandler`; `connect()` to `state`, the connection state both
  /// share, kept as the observable's `composition` (a hot source: a subscription starts no
  /// trampoline, as in RxSwift). No field of its own: everything it holds is destroyed with the
  /// observable's own handlers, inside its level of release (see `Observable.deinit`).
  @usableFromInline
  init(
    subscribeHandler: @escaping (AnyObserver<Element>) -> Disposable,
    state: HotSource & ConnectableSource
  ) {
    super.init(subscribeHandler: subscribeHandler, composition: state)
  }

  @inlinable
  public func connect() -> Disposable {
    // `init` sets the composition, always to a `ConnectableSource` (a cast per connection, not
    // per element).
    (composition as! any ConnectableSource).connect()
  }
}

/// The connection state of a `ConnectableObservable`, whatever its subject's type (`Multicast`).
@usableFromInline
protocol ConnectableSource: AnyObject {
  /// Subscribes the shared subject to the source (see `ConnectableObservableType.connect()`).
  func connect() -> Disposable
}

extension ObservableType {
  /// A connectable sequence that shares one subscription to this sequence through `subject`.
  ///
  /// See `ConnectableObservable` for the connection rules.
  @inlinable
  public func multicast<Subject: SubjectType>(_ subject: Subject)
    -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element
  {
    multicast(makeSubject: { subject })
  }

  /// A connectable sequence that shares one subscription to this sequence through a subject made
  /// by `makeSubject` (a new one after each disconnection or termination).
  @inlinable
  public func multicast<Subject: SubjectType>(makeSubject: @escaping () -> Subject)
    -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element
  {
    let state = Multicast(source: asObservable(), makeSubject: makeSubject)
    return ConnectableObservable(subscribeHandler: state.subscribe, state: state)
  }

  /// A connectable sequence that shares one subscription through a `PublishSubject`.
  ///
  /// ```swift
  /// let subject = PublishSubject<Int>()
  /// let published = subject.publish()
  /// _ = published.subscribe(onNext: { print($0) })
  /// subject.onNext(0)  // not connected yet: not seen
  /// let connection = published.connect()
  /// subject.onNext(1)
  /// // Prints: 1
  /// connection.dispose()
  /// ```
  @inlinable
  public func publish() -> ConnectableObservable<Element> {
    multicast(makeSubject: { PublishSubject<Element>() })
  }

  /// A connectable sequence that shares one subscription through a `ReplaySubject` replaying
  /// `bufferSize` elements.
  @inlinable
  public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
    multicast(makeSubject: { ReplaySubject<Element>.create(bufferSize: bufferSize) })
  }

  /// A connectable sequence that shares one subscription through a `ReplaySubject` replaying
  /// every element.
  @inlinable
  public func replayAll() -> ConnectableObservable<Element> {
    multicast(makeSubject: { ReplaySubject<Element>.createUnbounded() })
  }
}

/// The state behind `multicast`: the current subject and connection.
///
/// Thread safety: `state` is reachable only under its lock; `makeSubject`, `subscribe` and
/// `dispose` are called after unlocking.
@usableFromInline
final class Multicast<Subject: SubjectType>: HotSource, ConnectableSource, @unchecked Sendable {
  @usableFromInline typealias SourceElement = Subject.Observer.Element

  @usableFromInline
  struct State {
    @usableFromInline var subject: Subject?
    @usableFromInline var connection: MulticastConnection<Subject>?

    @inlinable init() {}
  }

  @usableFromInline let source: Observable<SourceElement>
  @usableFromInline let makeSubject: () -> Subject
  @usableFromInline let state = Locked(State())

  @usableFromInline
  init(source: Observable<SourceElement>, makeSubject: @escaping () -> Subject) {
    self.source = source
    self.makeSubject = makeSubject
  }

  /// The current subject, made (outside the lock) when there is none.
  @inlinable
  func currentSubject() -> Subject {
    if let subject = state.withLock({ $0.subject }) { return subject }
    let made = makeSubject()
    return state.withLock { state in
      if let subject = state.subject { return subject }
      state.subject = made
      return made
    }
  }

  @inlinable
  func subscribe(_ observer: AnyObserver<Subject.Element>) -> Disposable {
    currentSubject().subscribe(observer)
  }

  @inlinable
  func connect() -> Disposable {
    if let connection = state.withLock({ $0.connection }) { return connection }
    let subject = currentSubject()
    let (connection, isNew) = state.withLock { state -> (MulticastConnection<Subject>, Bool) in
      if let connection = state.connection { return (connection, false) }
      let connection = MulticastConnection(parent: self, observer: subject.asObserver())
      state.connection = connection
      return (connection, true)
    }
    if isNew {
      connection.subscription.setDisposable(
        source.subscribe(AnyObserver(eventHandler: connection.on)))
    }
    return connection
  }

  /// `connection` ended: forget it and its subject.
  @inlinable
  func disconnect(_ connection: MulticastConnection<Subject>) {
    let subject = state.withLock { state -> Subject? in
      guard state.connection === connection else { return nil }
      state.connection = nil
      let subject = state.subject
      state.subject = nil
      return subject
    }
    _ = subject  // released after unlocking
  }
}

/// One connection of a `Multicast`: forwards the source into the subject until disposed or the
/// source terminates.
@usableFromInline
final class MulticastConnection<Subject: SubjectType>: Cancelable, @unchecked Sendable {
  // `parent` is cleared once by the winner of `disposed`; the rest is immutable or thread-safe.
  @usableFromInline var parent: Multicast<Subject>?
  @usableFromInline let observer: Subject.Observer
  @usableFromInline let subscription = SingleAssignmentDisposable()
  @usableFromInline let disposed = Atomic<Bool>(false)
  @usableFromInline let token = ResourceToken()

  @usableFromInline
  init(parent: Multicast<Subject>, observer: Subject.Observer) {
    self.parent = parent
    self.observer = observer
  }

  @inlinable
  var isDisposed: Bool { disposed.load(ordering: .acquiring) }

  @inlinable
  func on(_ event: Event<Subject.Observer.Element>) {
    guard !isDisposed else { return }
    if event.isStopEvent { dispose() }
    observer.on(event)
  }

  @inlinable
  func dispose() {
    guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let parent = self.parent
    self.parent = nil
    parent?.disconnect(self)
    subscription.dispose()
  }
}
