extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
  /// Continues with `second` once this `Completable` completes; an error skips `second`.
  ///
  /// `second` is subscribed only after completion, so its work starts then.
  ///
  /// ```swift
  /// let save = Completable.empty()   // stands in for a real save
  /// let saveThenLoad = save.andThen(Single.just("reloaded"))
  /// _ = saveThenLoad.subscribe(onSuccess: { print($0) })
  /// // Prints: reloaded
  /// ```
  @inlinable
  public func andThen<Result>(_ second: Single<Result>) -> Single<Result> {
    Single(raw: primitiveSequence.source.andThenForTraits(second.source))
  }

  /// Continues with `second` once this `Completable` completes.
  @inlinable
  public func andThen<Result>(_ second: Maybe<Result>) -> Maybe<Result> {
    Maybe(raw: primitiveSequence.source.andThenForTraits(second.source))
  }

  /// Continues with `second` once this `Completable` completes.
  @inlinable
  public func andThen(_ second: Completable) -> Completable {
    Completable(raw: primitiveSequence.source.andThenForTraits(second.source))
  }

  /// Continues with `second` once this `Completable` completes.
  @inlinable
  public func andThen<Result>(_ second: Observable<Result>) -> Observable<Result> {
    primitiveSequence.source.andThenForTraits(second)
  }
}

extension Observable where Element == Never {
  /// Subscribes to `second` after this sequence completes.
  @inlinable
  func andThenForTraits<Result>(_ second: Observable<Result>) -> Observable<Result> {
    let first = self
    return Observable<Result>(subscribeHandler: { downstream in
      let sink = AndThenSink(downstream: downstream, second: second)
      sink.upstream.setDisposable(first.subscribe(AnyObserver(eventHandler: sink.onFirst)))
      return sink
    })
  }
}

/// Runs `first` (which never emits elements), then `second`. Serial: `second` is subscribed
/// from `first`'s completion, after which `first` sends nothing more.
@usableFromInline
final class AndThenSink<Result>: PairedSink, @unchecked Sendable {  // serial by construction
  @usableFromInline let downstream: AnyObserver<Result>
  @usableFromInline let secondSource: Observable<Result>
  /// The first sequence; its `terminated` bit also marks a terminal event sent downstream.
  @usableFromInline let upstream = SingleAssignmentDisposable()
  /// The second sequence, subscribed once the first completed.
  @usableFromInline let second = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Result>, second: Observable<Result>) {
    self.downstream = downstream
    self.secondSource = second
  }

  @inlinable
  func onFirst(_ event: Event<Never>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .error(let error): terminate(.error(error))
    case .completed:
      second.setDisposable(secondSource.subscribe(AnyObserver(eventHandler: forwardSecond)))
    }
  }
}
