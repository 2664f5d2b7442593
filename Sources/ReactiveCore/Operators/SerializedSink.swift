/// The skeleton of the time operators (`debounce`, `throttle`, `delay`, `timeout`, `sample`,
/// `take(for:scheduler:)`, `skip(for:scheduler:)`, `buffer(timeSpan:count:scheduler:)`,
/// `window(timeSpan:count:scheduler:)`): one `Serializer`
/// runs upstream events, timer firings and a second source's events one at a time through
/// `handle(_:)`, so a subclass's state machine needs no lock.
///
/// The base owns the lifetime flags (nothing is handled after a terminal event or disposal), the
/// source subscription, the one pending timer (`startTimer` / `isCurrentTimer`), the terminal
/// hand-off (`finish`, the one terminal path: it owns the terminate-once guard) and the disposal;
/// a subclass only says what an item does. The single-source time operators do not even subclass
/// it: `TimedSink` runs each one's `TimedStateMachine`.
///
/// Thread safety: `handle(_:)` (and with it every subclass state and `timerGeneration`) runs only
/// on `serializer`, one item at a time; everything else is immutable or thread-safe.
@usableFromInline
class SerializedSink<Input, Output>: Disposable, @unchecked Sendable {
  /// Read and replaced only on `serializer` (by `handle` and what it calls) and by `init`.
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
  /// Touched only on `serializer` (and by `init`, before the sink is shared).
  @usableFromInline @exclusivity(unchecked) var timerGeneration: UInt64 = 0
  @usableFromInline let token = ResourceToken()
  // Written once, by the subclass's `init` before the sink is shared; only read afterwards.
  @usableFromInline @exclusivity(unchecked) var serializer: Serializer<Input>!

  /// `lifetime` and `source` may be one holder (when the source lives exactly as long as the
  /// sink), and all three may be shared with other owners (`window`'s windows).
  // Frees the next sink of the chain in bounded stack (see `ReleasedReference.init(takingObserverAt:check:)`): a
  // chain of any depth is freed in constant stack, whoever frees its first sink.
  deinit {
    Trampoline.release(
      ReleasedReference(
        takingObserverAt: Unmanaged.passUnretained(self).toOpaque(), check: downstream))
  }

  @inlinable
  init(
    downstream: AnyObserver<Output>, lifetime: SingleAssignmentDisposable = .init(),
    source: SingleAssignmentDisposable = .init(), timer: SerialDisposable = .init()
  ) {
    self.downstream = downstream
    self.lifetime = lifetime
    self.source = source
    self.timer = timer
  }

  /// Creates the serializer that runs `sink.handle(_:)`. Each subclass calls it last in its
  /// `init`, passing itself: `handle` is then called directly on the final class (and specialized
  /// with it), not through the vtable, whose entry is the unspecialized generic code.
  @inlinable
  final func startSerializer<Sink: SerializedSink<Input, Output>>(_ sink: Sink) {
    // Unowned (unsafe: no reference counting per item): whoever submits holds the sink strongly
    // (the observers and timer closures do), so it is alive whenever the serializer runs.
    serializer = Serializer { [unowned(unsafe) sink] input in
      guard !sink.lifetime.isStopped else { return }
      sink.handle(input)
    }
  }

  /// Handles one item; runs on `serializer` only, never after the sink stopped. Subclasses
  /// override it.
  @inlinable
  func handle(_ input: Input) {
    preconditionFailure("SerializedSink.handle must be overridden")
  }

  /// Subscribes to `observable` into `holder`, submitting each of its events as `wrap(event)`.
  @inlinable
  final func subscribe<Element>(
    _ observable: Observable<Element>, into holder: SingleAssignmentDisposable,
    as wrap: @escaping (Event<Element>) -> Input
  ) {
    holder.setDisposable(
      observable.subscribe(AnyObserver(eventHandler: { self.serializer.submit(wrap($0)) })))
  }

  /// Subscribes to `observable` as the sink's source (its events submitted as `wrap(event)`) and
  /// returns the sink: the subscribe handler of a time operator, whose sink schedules any first
  /// timer in its `init`.
  @inlinable
  final func run<Element>(
    _ observable: Observable<Element>, as wrap: @escaping (Event<Element>) -> Input
  ) -> Disposable {
    subscribe(observable, into: source, as: wrap)
    return self
  }

  /// Forwards `last` (if any) and then `terminal`, unless a terminal event was forwarded or the
  /// sink disposed, then disposes the sink.
  @inlinable
  final func finish(_ terminal: Event<Output>, after last: Output? = nil) {
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
  /// subscription dropped without `dispose()` is freed. Runs on `serializer` only.
  @inlinable
  final func endSilently() {
    guard lifetime.terminate({}) else { return }
    dispose()
    downstream = AnyObserver(eventHandler: { _ in })
  }

  @inlinable
  func dispose() {
    lifetime.dispose()
    source.dispose()
    timer.dispose()
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
  /// (`isCurrentTimer` says so). Runs on `serializer` only (or in the sink's `init`).
  @inlinable
  func startTimer(after dueTime: RxTimeInterval, on scheduler: SchedulerType) {
    timerGeneration &+= 1
    timer.disposable = scheduler.scheduleRelative(timerGeneration, dueTime: dueTime) {
      generation in
      self.serializer.submit(.timer(generation))
      return Disposables.create()
    }
  }

  /// Whether the firing of `generation` is the pending timer's, not one replaced since it was
  /// submitted. Runs on `serializer` only.
  @inlinable
  func isCurrentTimer(_ generation: UInt64) -> Bool {
    generation == timerGeneration
  }
}

/// What the single-source time operators serialize: an upstream event or a timer firing.
@usableFromInline
enum TimedInput<Element>: TimerFiring {
  case event(Event<Element>)
  case timer(UInt64)
}
