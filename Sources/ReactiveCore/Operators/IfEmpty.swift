extension ObservableType {
  /// Emits `default` and completes when the source completes without emitting an element.
  ///
  /// Elements and errors of the source pass through unchanged.
  ///
  /// ```swift
  /// _ = Observable<Int>.empty().ifEmpty(default: 0).subscribe(onNext: { print($0) })
  /// // Prints: 0
  /// ```
  public func ifEmpty(default: Element) -> Observable<Element> {
    ifEmpty(switchTo: Observable.just(`default`))
  }

  /// Continues with `other` when the source completes without emitting an element.
  ///
  /// The source's subscription is released when it completes, before `other` is subscribed.
  /// Elements and errors of the source pass through unchanged.
  ///
  /// ```swift
  /// _ = Observable<Int>.empty().ifEmpty(switchTo: .of(1, 2)).subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 2
  /// ```
  public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
    let source = asObservable()
    // Built from `concat`, which releases the source on completion before subscribing the tail;
    // the flag is per subscription and written and read serially (source events, then the tail).
    return Observable.deferred {
      let sawElement = IfEmptyFlag()
      return source.do(onNext: { _ in sawElement.value = true })
        .concat(Observable.deferred { sawElement.value ? .empty() : other })
    }
  }
}

extension PrimitiveSequence where Trait == MaybeTrait {
  /// Succeeds with `default` when this `Maybe` completes empty.
  ///
  /// ```swift
  /// _ = Maybe<Int>.empty().ifEmpty(default: 0).subscribe(onSuccess: { print($0) })
  /// // Prints: 0
  /// ```
  public func ifEmpty(default: Element) -> Single<Element> {
    Single(raw: source.ifEmpty(default: `default`))
  }

  /// Continues with `other` when this `Maybe` completes empty.
  public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
    Maybe(raw: source.ifEmpty(switchTo: other.source))
  }

  /// Continues with `other` when this `Maybe` completes empty.
  public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
    Single(raw: source.ifEmpty(switchTo: other.source))
  }
}

/// One subscription's "has the source emitted" flag; accessed serially by contract.
final class IfEmptyFlag: @unchecked Sendable {
  var value = false
}
