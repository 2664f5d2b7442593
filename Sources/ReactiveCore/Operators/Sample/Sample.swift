import ReactiveEngine

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
      let sink = SerializedSink(
        downstream: downstream,
        rule: SampleRule<Element, Source.Element>(defaultValue: defaultValue),
        resources: SingleAssignmentDisposable())
      sink.subscribe(source, into: sink.source, as: SampleInput.source)
      sink.subscribe(sampler, into: sink.resources, as: SampleInput.sampler)
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

/// The rule of `sample`.
///
/// Thread safety: drainer-owned, as every rule (see `SerializedSink`).
@usableFromInline
struct SampleRule<Element, Tick>: SerializedRule {
  @usableFromInline typealias Input = SampleInput<Element, Tick>
  @usableFromInline typealias Output = Element
  /// The sampler's subscription.
  @usableFromInline typealias Resources = SingleAssignmentDisposable
  @usableFromInline var machine: SampleStateMachine<Element>
  @usableFromInline var samplerDone = false

  @inlinable
  init(defaultValue: Element?) {
    self.machine = SampleStateMachine(defaultValue: defaultValue)
  }

  @inlinable
  static func handle(
    _ input: SampleInput<Element, Tick>, _ sink: SerializedSink<Self>,
    _ role: borrowing DrainerRole
  ) {
    let action: SampleStateMachine<Element>.Action
    switch input {
    case .source(.next(let element)):
      sink.rule.modify(role) { $0.machine.sourceNext(element) }
      return
    case .source(.completed):
      // With the sampler done no sample comes any more, and only a sample completes the result.
      guard !sink.rule.read(role, { $0.samplerDone }) else { return sink.endSilently() }
      sink.rule.modify(role) { $0.machine.sourceCompleted() }
      sink.source.dispose()
      return
    case .source(.error(let error)), .sampler(.error(let error)):
      action = .fail(error)
    case .sampler(let tick):
      let sampled: SampleStateMachine<Element>.Action? = sink.rule.modify(role) { rule in
        guard !rule.samplerDone else { return nil }
        rule.samplerDone = tick.isCompleted
        return rule.machine.sample()
      }
      guard let sampled else { return }
      action = sampled
    }
    switch action {
    case .none: break
    case .emit(let element, let complete):
      guard complete else {
        if let element { sink.downstream.on(.next(element)) }
        return
      }
      sink.finish(.completed, after: element)
    case .fail(let error): sink.finish(.error(error))
    }
  }

  @inlinable
  static func dispose(_ sink: SerializedSink<Self>) {
    sink.disposeSubscriptions()
    sink.resources.dispose()
  }
}
