import ReactiveEngine

/// An observable of the elements of one `groupBy` group, with the group's key.
///
/// Like RxSwift's, a group is hot: elements that arrive before it is subscribed are not replayed.
public struct GroupedObservable<Key, Element>: ObservableType {
  /// The key every element of this group maps to.
  public let key: Key
  private let source: Observable<Element>

  /// A group with `key` whose elements come from `source`.
  public init(key: Key, source: Observable<Element>) {
    self.key = key
    self.source = source
  }

  /// Subscribes `observer` to the group's elements.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    source.subscribe(observer)
  }

  /// The group as a plain `Observable`.
  public func asObservable() -> Observable<Element> { source }
}

extension GroupedObservable: Sendable where Key: Sendable {}

extension ObservableType {
  /// Splits the source into one `GroupedObservable` per key returned by `keySelector`.
  ///
  /// A group is emitted when the first element with its key arrives, right before that element is
  /// delivered to it. Errors and completion reach every group first, then the outer sequence. The
  /// source stays subscribed while the outer subscription or any group subscription is alive; a
  /// throwing `keySelector` fails every group and the outer sequence.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3, 4).groupBy { $0 % 2 }
  ///   .flatMap { group in group.map { "\(group.key): \($0)" } }
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: 1: 1
  /// // Prints: 0: 2
  /// // Prints: 1: 3
  /// // Prints: 0: 4
  /// ```
  public func groupBy<Key: Hashable>(keySelector: @escaping (Element) throws -> Key)
    -> Observable<GroupedObservable<Key, Element>>
  {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = GroupBySink(downstream: downstream, keySelector: keySelector)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return Disposables.create { sink.disposeOuter() }
    })
  }
}

/// Thread safety: source events are serial by contract, and only they touch `groups`; the outer
/// flag is atomic through `outer`'s lock; group subscriptions go through `PublishSubject` (thread
/// safe) and `RefCountDisposable` (locked).
final class GroupBySink<Key: Hashable, Element>: @unchecked Sendable {
  let downstream: AnyObserver<GroupedObservable<Key, Element>>
  let keySelector: (Element) throws -> Key
  let upstream: SingleAssignmentDisposable
  let refCount: RefCountDisposable
  let outerDisposed = Locked(false)
  var groups: [Key: PublishSubject<Element>] = [:]
  let token = ResourceToken()

  deinit {
    let words = downstream.layoutWords
    Trampoline.releaseDownstream(of: self, expecting: words)
  }

  init(
    downstream: AnyObserver<GroupedObservable<Key, Element>>,
    keySelector: @escaping (Element) throws -> Key
  ) {
    self.downstream = downstream
    self.keySelector = keySelector
    let upstream = SingleAssignmentDisposable()
    self.upstream = upstream
    self.refCount = RefCountDisposable(disposable: upstream)
  }

  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next(let element):
      let key: Key
      do { key = try keySelector(element) } catch {
        terminate(.error(error))
        return
      }
      let group: PublishSubject<Element>
      if let existing = groups[key] {
        group = existing
      } else {
        group = PublishSubject()
        groups[key] = group
        if !outerDisposed.withLock({ $0 }) {
          let refCount = refCount
          let grouped = Observable<Element>(subscribeHandler: { observer in
            let retained = refCount.retain()
            let subscription = group.subscribe(observer)
            return Disposables.create(subscription, retained)
          })
          downstream.on(.next(GroupedObservable(key: key, source: grouped)))
        }
      }
      group.onNext(element)
    case .error(let error): terminate(.error(error))
    case .completed: terminate(.completed)
    }
  }

  func terminate(_ event: Event<GroupedObservable<Key, Element>>) {
    upstream.terminate {
      let groups = self.groups.values
      self.groups = [:]
      for group in groups {
        if case .error(let error) = event { group.onError(error) } else { group.onCompleted() }
      }
      if !outerDisposed.withLock({ $0 }) { downstream.on(event) }
    }
  }

  func disposeOuter() {
    outerDisposed.withLock { $0 = true }
    refCount.dispose()
  }
}
