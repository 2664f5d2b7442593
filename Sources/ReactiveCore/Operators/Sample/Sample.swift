extension ObservableType {
  /// Emits the latest source element each time `sampler` emits, if a new one arrived since the
  /// previous sample (otherwise `defaultValue`, when given).
  ///
  /// The sampler's completion samples once more. The result completes at the first sample after
  /// the source completed; an error from either side is forwarded. As in RxSwift, a source that
  /// completes after the sampler did ends the result silently (no event; the sink is disposed).
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
      sink.subscribe(source, into: sink.source, as: SampleInput.source)
      sink.subscribe(sampler, into: sink.samplerSubscription, as: SampleInput.sampler)
      return sink
    })
  }
}

/// What `sample` serializes: an event of the source or of the sampler.
@usableFromInline
enum SampleInput<Element, Tick> {
  case source(Event<Element>)
  case sampler(Event<Tick>)
}

@usableFromInline
final class SampleSink<Element, Tick>:
  SerializedSink<SampleInput<Element, Tick>, Element>, @unchecked Sendable
{
  // `machine` and `samplerDone` are touched only by `handle` (see `SerializedSink`).
  @usableFromInline typealias Input = SampleInput<Element, Tick>

  @usableFromInline let samplerSubscription = SingleAssignmentDisposable()
  @usableFromInline var machine: SampleStateMachine<Element>
  @usableFromInline var samplerDone = false

  @inlinable
  init(downstream: AnyObserver<Element>, defaultValue: Element?) {
    self.machine = SampleStateMachine(defaultValue: defaultValue)
    super.init(downstream: downstream)
    startSerializer(self)
  }

  @inlinable
  override func handle(_ input: Input) {
    let action: SampleStateMachine<Element>.Action
    switch input {
    case .source(.next(let element)):
      machine.sourceNext(element)
      return
    case .source(.completed):
      // With the sampler done no sample comes any more, and only a sample completes the result.
      guard !samplerDone else { return endSilently() }
      machine.sourceCompleted()
      source.dispose()
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
      finish(.completed, after: element)
    case .fail(let error): finish(.error(error))
    }
  }

  @inlinable
  override func dispose() {
    super.dispose()
    samplerSubscription.dispose()
  }
}
