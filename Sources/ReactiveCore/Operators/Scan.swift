extension ObservableType {
  /// Emits the running result of `accumulator` applied to each element, starting from `seed`.
  ///
  /// The seed itself is never emitted. A throwing `accumulator` sends its error downstream and
  /// disposes the source.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).scan(0) { $0 + $1 }.subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 3
  /// // Prints: 6
  /// ```
  /// - Complexity: O(1) per element plus the cost of `accumulator`.
  @inlinable
  public func scan<Accumulate>(
    _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate
  ) -> Observable<Accumulate> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = ScanSink(downstream: downstream, seed: seed, accumulator: accumulator)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink.upstream
    })
  }

  /// Emits the running state after `accumulator` mutates it in place with each element.
  ///
  /// Like `scan(_:accumulator:)`, but the accumulator mutates the state (no copy of a collection
  /// per element). The seed itself is never emitted.
  ///
  /// ```swift
  /// _ = Observable.of("a", "b").scan(into: [String]()) { $0.append($1) }
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: ["a"]
  /// // Prints: ["a", "b"]
  /// ```
  @inlinable
  public func scan<Accumulate>(
    into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void
  ) -> Observable<Accumulate> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = ScanIntoSink(downstream: downstream, seed: seed, accumulator: accumulator)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink.upstream
    })
  }
}

@usableFromInline
final class ScanSink<Element, Accumulate>: @unchecked Sendable {  // events are serial by contract
  @usableFromInline let downstream: AnyObserver<Accumulate>
  @usableFromInline let accumulator: (Accumulate, Element) throws -> Accumulate
  @usableFromInline var accumulated: Accumulate
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(
    downstream: AnyObserver<Accumulate>, seed: Accumulate,
    accumulator: @escaping (Accumulate, Element) throws -> Accumulate
  ) {
    self.downstream = downstream
    self.accumulated = seed
    self.accumulator = accumulator
  }

  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next(let element):
      do { accumulated = try accumulator(accumulated, element) } catch {
        terminate(.error(error))
        return
      }
      downstream.on(.next(accumulated))
    case .error(let error): terminate(.error(error))
    case .completed: terminate(.completed)
    }
  }

  @inlinable
  func terminate(_ event: Event<Accumulate>) {
    guard upstream.tryTerminate() else { return }
    downstream.on(event)
    upstream.dispose()
  }
}

@usableFromInline
final class ScanIntoSink<Element, Accumulate>: @unchecked Sendable {
  // Events are serial by contract.
  @usableFromInline let downstream: AnyObserver<Accumulate>
  @usableFromInline let accumulator: (inout Accumulate, Element) throws -> Void
  // Only touched by the serial event path, so the dynamic exclusivity check is not needed.
  @exclusivity(unchecked) @usableFromInline var accumulated: Accumulate
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(
    downstream: AnyObserver<Accumulate>, seed: Accumulate,
    accumulator: @escaping (inout Accumulate, Element) throws -> Void
  ) {
    self.downstream = downstream
    self.accumulated = seed
    self.accumulator = accumulator
  }

  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next(let element):
      do { try accumulator(&accumulated, element) } catch {
        terminate(.error(error))
        return
      }
      downstream.on(.next(accumulated))
    case .error(let error): terminate(.error(error))
    case .completed: terminate(.completed)
    }
  }

  @inlinable
  func terminate(_ event: Event<Accumulate>) {
    guard upstream.tryTerminate() else { return }
    downstream.on(event)
    upstream.dispose()
  }
}
