/// The skeleton of the time operators (`debounce`, `throttle`, `delay`, `timeout`, `sample`,
/// `take(for:scheduler:)`, `skip(for:scheduler:)`, `buffer(timeSpan:count:scheduler:)`,
/// `window(timeSpan:count:scheduler:)`): one `Serializer`
/// runs upstream events, timer firings and a second source's events one at a time through
/// `handle(_:)`, so a subclass's state machine needs no lock.
///
/// The base owns the lifetime flags (nothing is handled after a terminal event or disposal), the
/// source subscription, the timer, the terminal hand-off (`finish`, the one terminal path: it
/// owns the terminate-once guard) and the disposal; a subclass only says what an item does.
///
/// Thread safety: `handle(_:)` (and with it every subclass state) runs only on `serializer`, one
/// item at a time; everything else is immutable or thread-safe.
@usableFromInline
class SerializedSink<Input, Output>: Disposable, @unchecked Sendable {
  /// Read and replaced only on `serializer` (by `handle` and what it calls) and by `init`.
  @usableFromInline @exclusivity(unchecked) var downstream: AnyObserver<Output>
  /// Stopped once a terminal event was forwarded or the sink disposed.
  @usableFromInline let lifetime: SingleAssignmentDisposable
  /// The source subscription; an operator may release it as soon as the source terminates (as
  /// in RxSwift), before the sink ends.
  @usableFromInline let source: SingleAssignmentDisposable
  @usableFromInline let timer: SerialDisposable
  @usableFromInline let token = ResourceToken()
  // Written once, by the subclass's `init` before the sink is shared; only read afterwards.
  @usableFromInline @exclusivity(unchecked) var serializer: Serializer<Input>!

  /// `lifetime` and `source` may be one holder (when the source lives exactly as long as the
  /// sink), and all three may be shared with other owners (`window`'s windows).
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

  /// Submits `input` after `dueTime`, replacing (and cancelling) the pending timer.
  @inlinable
  final func schedule(_ input: Input, after dueTime: RxTimeInterval, on scheduler: SchedulerType) {
    timer.disposable = scheduler.scheduleRelative(input, dueTime: dueTime) { input in
      self.serializer.submit(input)
      return Disposables.create()
    }
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

/// What the single-source time operators serialize: an upstream event or a timer firing.
@usableFromInline
enum TimedInput<Element, Timer> {
  case event(Event<Element>)
  case timer(Timer)
}
