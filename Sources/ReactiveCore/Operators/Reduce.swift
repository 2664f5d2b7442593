extension ObservableType {
  /// Folds every element into an accumulator starting from `seed`, and emits the result of
  /// `mapResult` on the final value when the source completes (`seed` itself for an empty
  /// source), then completes. A throwing closure becomes the error.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).reduce(0, accumulator: +, mapResult: { "sum \($0)" })
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: sum 6
  /// ```
  public func reduce<Accumulate, Result>(
    _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate,
    mapResult: @escaping (Accumulate) throws -> Result
  ) -> Observable<Result> {
    let source = asObservable()
    return Observable.create { observer in
      var value = seed  // events arrive serially: only this subscription touches it
      return source.subscribe { event in
        switch event {
        case .next(let element):
          do { value = try accumulator(value, element) } catch { observer.onError(error) }
        case .error(let error):
          observer.onError(error)
        case .completed:
          do {
            observer.onNext(try mapResult(value))
            observer.onCompleted()
          } catch {
            observer.onError(error)
          }
        }
      }
    }
  }

  /// Folds every element into an accumulator starting from `seed` and emits the final value
  /// when the source completes (`seed` for an empty source).
  public func reduce<Accumulate>(
    _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate
  ) -> Observable<Accumulate> {
    reduce(seed, accumulator: accumulator, mapResult: { $0 })
  }
}
