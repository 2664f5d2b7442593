import ReactiveEngine

/// The skeleton of the time operators (`debounce`, `throttle`, `delay`, `timeout`, `sample`,
/// `take(for:scheduler:)`, `skip(for:scheduler:)`, `buffer(timeSpan:count:scheduler:)`,
/// `window(timeSpan:count:scheduler:)`): its drainer runs upstream events, timer firings and a
/// second source's events one at a time through the rule's `handle(_:_:)`, so the operator's
/// state needs no lock.
///
/// The sink owns the lifetime flags (nothing is handled after a terminal event or disposal), the
/// source subscription, the one pending timer (`startTimer` / `isCurrentTimer`), the terminal
/// hand-off (`finish`, the one terminal path: it owns the terminate-once guard) and the disposal;
/// its `Rule` says what an item does and keeps the operator's state (`rule`). A rule that leaves
/// `handle` out does not compile. The single-source time operators share one rule, `TimedRule`,
/// which runs each one's `TimedStateMachine`.
///
/// Thread safety: `handle` runs only on `drainer`, one item at a time, and never after the sink
/// stopped; `rule` and `timerGeneration` are drainer-owned (`DrainerOwned`: reachable only with
/// the role, which `handle` is lent and the subscribe handler takes in `setUp(_:)`). `downstream`
/// is replaced only there too, but stays a plain field: `deinit` reads it to release the chain.
/// Everything else is immutable or thread-safe. `dispose()` runs on any thread, so it reads
/// `resources`, never `rule`.
@usableFromInline
final class SerializedSink<Rule: SerializedRule>: Disposable, DrainerOwner, @unchecked Sendable {
  @usableFromInline typealias Input = Rule.Input
  @usableFromInline typealias Output = Rule.Output

  /// Replaced only with the drainer's role (by `handle` and what it calls); read there, by
  /// `init` and by `deinit` (see the type's notes).
  @usableFromInline @exclusivity(unchecked) var downstream: AnyObserver<Output>
  /// Stopped once a terminal event was forwarded or the sink disposed.
  @usableFromInline let lifetime: SingleAssignmentDisposable
  /// The source subscription; an operator may release it as soon as the source terminates (as
  /// in RxSwift), before the sink ends.
  @usableFromInline let source: SingleAssignmentDisposable
  /// The pending timer: starting one replaces (and cancels) it.
  @usableFromInline let timer: SerialDisposable
  /// The generation of the pending timer. A timer that was replaced may already have submitted its
  /// firing (cancelling it came too late); the firing carries an older generation and is stale.
  @usableFromInline @exclusivity(unchecked) var timerGeneration = DrainerOwned<UInt64>(0)
  /// The operator's rule and state, in short accesses that never span a call out of the rule.
  @usableFromInline @exclusivity(unchecked) var rule: DrainerOwned<Rule>
  /// What the rule disposes besides the sink's own subscriptions (see
  /// `SerializedRule.Resources`); immutable.
  @usableFromInline let resources: Rule.Resources
  @usableFromInline let drainer = Drainer<Input>()
  @usableFromInline let token = ResourceToken()

  deinit {
    let words = downstream.layoutWords
    Trampoline.releaseDownstream(of: self, expecting: words)
  }

  /// `lifetime` and `source` may be one holder (when the source lives exactly as long as the
  /// sink), and all three may be shared with other owners (`window`'s windows).
  @inlinable
  init(
    downstream: AnyObserver<Output>, rule: Rule, resources: Rule.Resources,
    lifetime: SingleAssignmentDisposable = .init(), source: SingleAssignmentDisposable = .init(),
    timer: SerialDisposable = .init()
  ) {
    self.downstream = downstream
    self.rule = DrainerOwned(rule)
    self.resources = resources
    self.lifetime = lifetime
    self.source = source
    self.timer = timer
  }

  /// Handles one submitted item (see `Drainer.submit(_:to:)`: whoever submits holds the sink,
  /// as the observers and the timer closures do); nothing is handled once the sink stopped.
  @inlinable
  func handle(_ input: Input, _ role: borrowing DrainerRole) {
    guard !lifetime.isStopped else { return }
    Rule.handle(input, self, role)
  }

  /// Runs `body` with the drainer's role in the subscribe handler, before the sink is shared (the
  /// first timer, the first window): nobody else can hold the role yet.
  @inlinable
  func setUp(_ body: (borrowing DrainerRole) -> Void) {
    drainer.withIdleRole(for: self, body)
  }

  /// Subscribes to `observable` into `holder`, submitting each of its events as `wrap(event)`.
  @inlinable
  func subscribe<Element>(
    _ observable: Observable<Element>, into holder: SingleAssignmentDisposable,
    as wrap: @escaping (Event<Element>) -> Input
  ) {
    holder.setDisposable(
      observable.subscribe(AnyObserver(eventHandler: { self.drainer.submit(wrap($0), to: self) })))
  }

  /// Subscribes to `observable` as the sink's source (its events submitted as `wrap(event)`) and
  /// returns the sink: the subscribe handler of a time operator, whose sink schedules any first
  /// timer before.
  @inlinable
  func run<Element>(
    _ observable: Observable<Element>, as wrap: @escaping (Event<Element>) -> Input
  ) -> Disposable {
    subscribe(observable, into: source, as: wrap)
    return self
  }

  /// Forwards `last` (if any) and then `terminal`, unless a terminal event was forwarded or the
  /// sink disposed, then disposes the sink.
  @inlinable
  func finish(_ terminal: Event<Output>, after last: Output? = nil) {
    guard
      lifetime.terminate({
        if let last { downstream.on(.next(last)) }
        downstream.on(terminal)
      })
    else { return }
    dispose()
  }

  /// Ends without a terminal event (an operator that, as in RxSwift, can no longer emit but
  /// forwards no completion), then disposes the sink. The subscriber still holds this sink (its
  /// disposable) while the sink holds the subscriber (`downstream`): the sink lets go of it, so a
  /// subscription dropped without `dispose()` is freed. Runs on `drainer` only (a rule's
  /// `handle` calls it).
  @inlinable
  func endSilently() {
    guard lifetime.terminate({}) else { return }
    dispose()
    downstream = AnyObserver(eventHandler: { _ in })
  }

  /// Disposes what the rule says (by default the lifetime, the source and the timer).
  @inlinable
  func dispose() {
    Rule.dispose(self)
  }

  /// Stops the sink and disposes the source and the timer.
  @inlinable
  func disposeSubscriptions() {
    lifetime.dispose()
    source.dispose()
    timer.dispose()
  }
}

/// What a `SerializedSink` runs: `handle` takes the sink, whose `rule` field holds the operator's
/// state.
@usableFromInline
protocol SerializedRule {
  associatedtype Input
  associatedtype Output
  /// What `dispose` needs besides the sink's own subscriptions (`sample`'s sampler subscription,
  /// `timeout`'s fallback, `window`'s group): thread-safe objects in the sink's `resources`,
  /// since `dispose` may run on any thread while `handle` runs.
  associatedtype Resources = Void

  /// Handles one item; runs on the sink's drainer only, never after the sink stopped. Reaches the
  /// rule's state (`sink.rule`) with `role`, in short accesses (never across a call out, such as
  /// an event sent downstream).
  static func handle(_ input: Input, _ sink: SerializedSink<Self>, _ role: borrowing DrainerRole)

  /// Disposes the sink, on any thread (so it reads `sink.resources`, never `sink.rule`). By
  /// default `disposeSubscriptions()`.
  static func dispose(_ sink: SerializedSink<Self>)
}

extension SerializedRule {
  @inlinable
  static func dispose(_ sink: SerializedSink<Self>) {
    sink.disposeSubscriptions()
  }
}

extension SerializedSink where Rule.Resources == Void {
  /// A sink whose rule disposes nothing more than the sink's own subscriptions.
  @inlinable
  convenience init(downstream: AnyObserver<Output>, rule: Rule) {
    self.init(downstream: downstream, rule: rule, resources: ())
  }
}

/// An input of a serialized sink that can be a timer firing: the sink's timer submits
/// `.timer(generation)` (an enum's `case timer(UInt64)` is the witness).
@usableFromInline
protocol TimerFiring {
  static func timer(_ generation: UInt64) -> Self
}

extension SerializedSink where Input: TimerFiring {
  /// Starts the timer: after `dueTime`, `handle` receives `.timer(generation)`. Replaces (and
  /// cancels) the pending timer, whose firing, if already submitted, is stale from now on
  /// (`isCurrentTimer` says so).
  @inlinable
  func startTimer(
    after dueTime: RxTimeInterval, on scheduler: SchedulerType, _ role: borrowing DrainerRole
  ) {
    let generation = timerGeneration.modify(role) { generation in
      generation &+= 1
      return generation
    }
    timer.disposable = scheduler.scheduleRelative(generation, dueTime: dueTime) {
      generation in
      self.drainer.submit(.timer(generation), to: self)
      return Disposables.create()
    }
  }

  /// Whether the firing of `generation` is the pending timer's, not one replaced since it was
  /// submitted.
  @inlinable
  func isCurrentTimer(_ generation: UInt64, _ role: borrowing DrainerRole) -> Bool {
    generation == timerGeneration.get(role)
  }
}

/// What the single-source time operators serialize: an upstream event or a timer firing.
@usableFromInline
enum TimedInput<Element>: TimerFiring {
  case event(Event<Element>)
  case timer(UInt64)
}
