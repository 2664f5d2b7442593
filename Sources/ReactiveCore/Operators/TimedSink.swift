import ReactiveEngine

/// What a `TimedStateMachine` asks its sink to do.
@usableFromInline
enum TimedAction<Output> {
  /// Nothing to do.
  case none
  /// Start the timer (replacing the pending one, whose firing is then stale).
  case startTimer(after: RxTimeInterval)
  /// Emit the element, then (unless that ended the sink) do what `emitted(now:)` says.
  case emit(Output)
  /// Emit `flushing` (if any), then complete.
  case complete(flushing: Output?)
}

/// The state of a single-source time operator (`debounce`, `throttle`, `delay`, `buffer`,
/// `take(for:)`, `skip(for:)`), without locking: `TimedSink` runs it on its drainer, one input
/// at a time.
///
/// The machine says only what an element, the completion, a firing of the current timer and a
/// delivered emission do; the sink owns the rest: the timer and its staleness (a replaced timer's
/// firing never reaches the machine), forwarding an error at once (after `failed()`), the
/// terminate-once guard, and releasing the source once the machine holds its completion back.
/// `now` is read only by the machines that need the clock.
@usableFromInline
protocol TimedStateMachine {
  associatedtype Element
  associatedtype Output

  /// At subscription, before the source is subscribed. By default nothing.
  mutating func started() -> TimedAction<Output>
  mutating func next(_ element: Element, now: @autoclosure () -> RxTime) -> TimedAction<Output>
  /// The source completed. Anything but `.complete` holds the completion back.
  mutating func completed(now: @autoclosure () -> RxTime) -> TimedAction<Output>
  /// The current timer fired.
  mutating func timerFired(now: @autoclosure () -> RxTime) -> TimedAction<Output>
  /// An `.emit` was delivered and the sink goes on. By default nothing.
  mutating func emitted(now: @autoclosure () -> RxTime) -> TimedAction<Output>
  /// The source failed; the sink forwards the error at once. Drop what is held.
  mutating func failed()
}

extension TimedStateMachine {
  @inlinable
  mutating func started() -> TimedAction<Output> { .none }

  @inlinable
  mutating func emitted(now: @autoclosure () -> RxTime) -> TimedAction<Output> { .none }
}

extension ObservableType {
  /// A time operator: each subscription runs a copy of `machine` in a `TimedSink`.
  @inlinable
  func timed<Machine: TimedStateMachine>(_ machine: Machine, on scheduler: SchedulerType)
    -> Observable<Machine.Output> where Machine.Element == Element
  {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = TimedSink(
        downstream: downstream, rule: TimedRule(machine: machine, scheduler: scheduler))
      sink.setUp { role in
        TimedRule.perform(sink.rule.modify(role) { $0.machine.started() }, sink, role)
      }
      return sink.run(source, as: TimedInput.event)
    })
  }
}

/// The one sink of the single-source time operators.
@usableFromInline
typealias TimedSink<Machine: TimedStateMachine> = SerializedSink<TimedRule<Machine>>

/// The rule of the single-source time operators: it feeds its `TimedStateMachine` the source's
/// events and the current timer's firings, and carries out the actions.
///
/// Thread safety: drainer-owned, as every rule (see `SerializedSink`).
@usableFromInline
struct TimedRule<Machine: TimedStateMachine>: SerializedRule {
  @usableFromInline typealias Input = TimedInput<Machine.Element>
  @usableFromInline typealias Output = Machine.Output

  @usableFromInline let scheduler: SchedulerType
  @usableFromInline var machine: Machine

  @inlinable
  init(machine: Machine, scheduler: SchedulerType) {
    self.machine = machine
    self.scheduler = scheduler
  }

  @inlinable
  static func handle(
    _ input: TimedInput<Machine.Element>, _ sink: TimedSink<Machine>,
    _ role: borrowing DrainerRole
  ) {
    let scheduler = sink.rule.read(role) { $0.scheduler }
    switch input {
    case .event(.next(let element)):
      perform(sink.rule.modify(role) { $0.machine.next(element, now: scheduler.now) }, sink, role)
    case .event(.completed):
      let action = sink.rule.modify(role) { $0.machine.completed(now: scheduler.now) }
      // A completion held back no longer needs the source subscription: released now, as in
      // RxSwift.
      if case .complete = action {} else { sink.source.dispose() }
      perform(action, sink, role)
    case .event(.error(let error)):
      sink.rule.modify(role) { $0.machine.failed() }
      sink.finish(.error(error))
    case .timer(let generation):
      guard sink.isCurrentTimer(generation, role) else { return }
      perform(sink.rule.modify(role) { $0.machine.timerFired(now: scheduler.now) }, sink, role)
    }
  }

  @inlinable
  static func perform(
    _ first: TimedAction<Machine.Output>, _ sink: TimedSink<Machine>,
    _ role: borrowing DrainerRole
  ) {
    let scheduler = sink.rule.read(role) { $0.scheduler }
    var action = first
    while true {
      switch action {
      case .none: return
      case .startTimer(let dueTime): return sink.startTimer(after: dueTime, on: scheduler, role)
      case .emit(let element):
        sink.downstream.on(.next(element))
        // Asked even if the emission ended the sink (the machine is then never used again), so
        // that a machine with nothing to do after an emission costs no lifetime check.
        action = sink.rule.modify(role) { $0.machine.emitted(now: scheduler.now) }
        if case .none = action { return }
        guard !sink.lifetime.isStopped else { return }
      case .complete(let flushing): return sink.finish(.completed, after: flushing)
      }
    }
  }
}
