extension ObservableType {
  /// Merges the elements of `sources` into one sequence, in the order they arrive.
  ///
  /// Completes once every source completed; the first error from any source ends the result
  /// and disposes the other sources. Sources may emit from different threads: delivery is
  /// serialized.
  ///
  /// Synchronous sequences take turns element by element on the current-thread trampoline, as
  /// in RxSwift:
  ///
  /// ```swift
  /// _ = Observable.merge(.of(1, 2, 3), .of(10, 20, 30)).subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 10
  /// // Prints: 2
  /// // Prints: 20
  /// // Prints: 3
  /// // Prints: 30
  /// ```
  ///
  /// - Complexity: O(1) per element (one short critical section); no allocation per element.
  @inlinable
  public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
    merge(sources)
  }

  /// Merges the elements of the observables in `sources` (see `merge(_:)` for the rules).
  ///
  /// Every source is subscribed before `subscribe` returns, even from inside work running on a
  /// `CurrentThreadScheduler` (as RxSwift), so an element a source sends from
  /// `do(onSubscribed:)` downstream is not lost.
  @inlinable
  public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      MergeSink(downstream: downstream, maxConcurrent: .max, selector: { $0 }).run(sources)
    })
  }
}

extension ObservableType where Element: ObservableConvertibleType {
  /// Merges the elements of the inner observables emitted by this observable of observables.
  ///
  /// Every inner is subscribed when it arrives. Completes once this sequence and every inner
  /// completed; any error ends the result and disposes everything.
  ///
  /// ```swift
  /// let outer = PublishSubject<Observable<Int>>()
  /// _ = outer.merge().subscribe(onNext: { print($0) })
  /// outer.onNext(.just(1))
  /// outer.onNext(.just(2))
  /// // Prints: 1
  /// // Prints: 2
  /// ```
  @inlinable
  public func merge() -> Observable<Element.Element> {
    mergeObservable(asObservable(), maxConcurrent: .max, selector: { $0.asObservable() })
  }

  /// Merges the inner observables with at most `maxConcurrent` of them subscribed at once.
  ///
  /// Further inners wait, in arrival order, until a running one completes. `merge(maxConcurrent: 1)`
  /// is `concat()`.
  ///
  /// - Parameter maxConcurrent: the number of inners subscribed at once; must be positive.
  @inlinable
  public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
    mergeObservable(asObservable(), maxConcurrent: maxConcurrent, selector: { $0.asObservable() })
  }
}
