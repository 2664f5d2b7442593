extension ObservableType {
  /// Folds every element into an accumulator starting from `seed` and emits the final value when
  /// the source completes, passed through `mapResult`.
  ///
  /// Nothing is emitted before completion; an empty source emits `mapResult(seed)`. An error, or a
  /// throwing `accumulator` or `mapResult`, is sent downstream instead.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).reduce(0, accumulator: +, mapResult: { "sum \($0)" })
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: sum 6
  /// ```
  public func reduce<Accumulate, Result>(
    _ seed: Accumulate,
    accumulator: @escaping (Accumulate, Element) throws -> Accumulate,
    mapResult: @escaping (Accumulate) throws -> Result
  ) -> Observable<Result> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = ReduceSink(
        downstream: downstream, seed: seed, accumulator: accumulator, mapResult: mapResult)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink.upstream
    })
  }

  /// Folds every element into an accumulator starting from `seed` and emits the final value when
  /// the source completes.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).reduce(0, accumulator: +).subscribe(onNext: { print($0) })
  /// // Prints: 6
  /// ```
  public func reduce<Accumulate>(
    _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate
  ) -> Observable<Accumulate> {
    reduce(seed, accumulator: accumulator, mapResult: { $0 })
  }
}

// Unchecked: events are serial by contract, so the accumulator is never touched concurrently.
final class ReduceSink<Source, Accumulate, Result>: @unchecked Sendable {
  let downstream: AnyObserver<Result>
  let accumulator: (Accumulate, Source) throws -> Accumulate
  let mapResult: (Accumulate) throws -> Result
  var accumulate: Accumulate
  let upstream = SingleAssignmentDisposable()
  let token = ResourceToken()

  init(
    downstream: AnyObserver<Result>, seed: Accumulate,
    accumulator: @escaping (Accumulate, Source) throws -> Accumulate,
    mapResult: @escaping (Accumulate) throws -> Result
  ) {
    self.downstream = downstream
    self.accumulate = seed
    self.accumulator = accumulator
    self.mapResult = mapResult
  }

  func on(_ event: Event<Source>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next(let element):
      do { accumulate = try accumulator(accumulate, element) } catch { terminate(.error(error)) }
    case .error(let error): terminate(.error(error))
    case .completed:
      let result: Result
      do { result = try mapResult(accumulate) } catch {
        terminate(.error(error))
        return
      }
      guard upstream.tryTerminate() else { return }
      downstream.on(.next(result))
      downstream.on(.completed)
      upstream.dispose()
    }
  }

  func terminate(_ event: Event<Result>) {
    guard upstream.tryTerminate() else { return }
    downstream.on(event)
    upstream.dispose()
  }
}
