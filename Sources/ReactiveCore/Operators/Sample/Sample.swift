extension ObservableType {
  /// Emits the latest source element each time `sampler` emits, if a new one arrived since the
  /// previous sample (otherwise `defaultValue`, when given).
  ///
  /// The sampler's completion samples once more. The result completes at the first sample after
  /// the source completed; an error from either side is forwarded. As in RxSwift.
  ///
  /// ```swift
  /// // One marble column per 10 ticks, subscribed at "^" (200):
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let xs = try scheduler.createHotObservable("^-a-b-c----d-|")
  /// let ticks = try scheduler.createHotObservable("^--x---x-x----x")
  /// let res = scheduler.start { xs.sample(ticks) }
  /// #expect(res.events == (try Marbles.events("^--a---c------(d|)")))
  /// ```
  ///
  /// - Parameters:
  ///   - sampler: the sequence whose elements trigger the samples.
  ///   - defaultValue: emitted on a tick when no new element arrived; `nil` emits nothing.
  /// - Complexity: O(1) per event.
  @inlinable
  public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil)
    -> Observable<Element>
  {
    let source = asObservable()
    let sampler = sampler.asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = SampleSink<Element, Source.Element>(
        downstream: downstream, defaultValue: defaultValue)
      sink.sourceSubscription.setDisposable(
        source.subscribe(AnyObserver(eventHandler: { sink.serializer.submit(.source($0)) })))
      sink.samplerSubscription.setDisposable(
        sampler.subscribe(AnyObserver(eventHandler: { sink.serializer.submit(.sampler($0)) })))
      return sink
    })
  }
}

@usableFromInline
final class SampleSink<Element, Tick>: Disposable, @unchecked Sendable {
  // `machine` is touched only by `handle`, which `serializer` runs one item at a time; the rest is
  // immutable or thread-safe. Both sources go through `serializer`.
  @usableFromInline
  enum Input {
    case source(Event<Element>)
    case sampler(Event<Tick>)
  }

  @usableFromInline let downstream: AnyObserver<Element>
  /// The lifetime flags of the whole sink (never holds a subscription).
  @usableFromInline let upstream = SingleAssignmentDisposable()
  /// The source subscription, released as soon as the source terminates (as in RxSwift), before
  /// the sink ends.
  @usableFromInline let sourceSubscription = SingleAssignmentDisposable()
  @usableFromInline let samplerSubscription = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()
  @usableFromInline var machine: SampleStateMachine<Element>
  @usableFromInline var samplerDone = false
  @usableFromInline var serializer: Serializer<Input>!

  @inlinable
  init(downstream: AnyObserver<Element>, defaultValue: Element?) {
    self.downstream = downstream
    self.machine = SampleStateMachine(defaultValue: defaultValue)
    // Unowned: whoever submits holds the sink (both observers do).
    serializer = Serializer { [unowned self] in self.handle($0) }
  }

  @inlinable
  func handle(_ input: Input) {
    guard !upstream.isStopped else { return }
    let action: SampleStateMachine<Element>.Action
    switch input {
    case .source(.next(let element)):
      machine.sourceNext(element)
      return
    case .source(.completed):
      machine.sourceCompleted()
      sourceSubscription.dispose()
      return
    case .source(.error(let error)), .sampler(.error(let error)):
      action = .fail(error)
    case .sampler(let tick):
      guard !samplerDone else { return }
      samplerDone = tick.isCompleted
      action = machine.sample()
    }
    switch action {
    case .none: break
    case .emit(let element, let complete):
      guard complete else {
        if let element { downstream.on(.next(element)) }
        return
      }
      guard upstream.tryTerminate() else { return }
      if let element { downstream.on(.next(element)) }
      downstream.on(.completed)
      dispose()
    case .fail(let error):
      guard upstream.tryTerminate() else { return }
      downstream.on(.error(error))
      dispose()
    }
  }

  @inlinable
  func dispose() {
    upstream.dispose()
    sourceSubscription.dispose()
    samplerSubscription.dispose()
  }
}
