extension ObservableType {
  /// Drops elements until `other` emits an element, then emits every element.
  ///
  /// `other` is subscribed to first and disposed after its first element. Its error is forwarded;
  /// its completion only disposes it. As in RxSwift, when the source completes before `other`
  /// emitted, the completion is not forwarded (the result ends silently and is disposed).
  /// Events from both sources are serialized: downstream never receives two at once.
  ///
  /// ```swift
  /// let start = PublishSubject<Void>()
  /// let values = PublishSubject<Int>()
  /// _ = values.skip(until: start).subscribe(onNext: { print($0) })
  /// values.onNext(1)
  /// start.onNext(())
  /// values.onNext(2)
  /// // Prints: 2
  /// ```
  @inlinable
  public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
    let source = asObservable()
    let other = other.asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = SkipUntilSink<Element, Source.Element>(downstream: downstream)
      sink.other.setDisposable(other.subscribe(AnyObserver(eventHandler: sink.onOther)))
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.onSource)))
      return sink
    })
  }
}

/// Receives the source and the `other` sequence of `skip(until:)` through one `Serializer`.
@usableFromInline
final class SkipUntilSink<Element, Other>: Disposable, @unchecked Sendable {
  // `serializer` runs `handle` one item at a time (so `forwarding` is only touched there);
  // the disposables are thread-safe.
  @usableFromInline enum Item {
    case source(Event<Element>)
    case other(Event<Other>)
  }

  @usableFromInline let downstream: AnyObserver<Element>
  /// The source subscription; its flags also record termination and disposal of the whole sink.
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let other = SingleAssignmentDisposable()
  @usableFromInline var forwarding = false
  @usableFromInline var serializer: Serializer<Item>!
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Element>) {
    self.downstream = downstream
    serializer = Serializer { [unowned self] item in self.handle(item) }
  }

  @inlinable
  func onSource(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    serializer.submit(.source(event))
  }

  @inlinable
  func onOther(_ event: Event<Other>) {
    guard !upstream.isStopped else { return }
    serializer.submit(.other(event))
  }

  @inlinable
  func handle(_ item: Item) {
    guard !upstream.isStopped else { return }
    switch item {
    case .source(.next(let element)):
      if forwarding { downstream.on(.next(element)) }
    case .source(.error(let error)), .other(.error(let error)):
      terminate(.error(error))
    case .source(.completed):
      if forwarding {
        terminate(.completed)
      } else if upstream.tryTerminate() {
        dispose()
      }
    case .other(.next):
      forwarding = true
      other.dispose()
    case .other(.completed):
      other.dispose()
    }
  }

  @inlinable
  func terminate(_ event: Event<Element>) {
    guard upstream.tryTerminate() else { return }
    downstream.on(event)
    dispose()
  }

  @inlinable
  func dispose() {
    other.dispose()
    upstream.dispose()
  }
}
