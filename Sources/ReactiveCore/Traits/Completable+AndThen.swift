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
    .sequel(of: self, AndThenSequel(second: second))
  }
}

/// Continues with `second` once the source (which never emits elements) completes; its error
/// skips `second`. `second` is subscribed from the source's completion, after which the source
/// sends nothing more.
@usableFromInline
struct AndThenSequel<Element>: SequelPolicy {
  @usableFromInline let second: Observable<Element>

  @inlinable
  init(second: Observable<Element>) {
    self.second = second
  }

  @inlinable
  func step(_ event: Event<Never>) -> SequelStep<Element> {
    switch event {
    case .error(let error): return .forward(.error(error))
    case .completed: return .sequel(second)
    }
  }
}
