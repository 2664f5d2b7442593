/// The skeleton of `catch`, `concat`, `retry` and `delaySubscription`: one subscription after
/// another, each started in a `SubscribeLoop`, so sources that end inside `subscribe` are
/// followed by the loop, not by recursion.
///
/// The sink owns the current subscription (`serial`), the event path and its terminate-once guard
/// (each subscription's holder); its `Rule` says which terminal event moves on
/// (`movesOn(after:_:)`), what moving on does (`moveOn(after:_:)`) and what comes next
/// (`subscribeNext(_:)`), and keeps the operator's own state (`rule`). A rule that leaves one out
/// does not compile.
///
/// Thread safety: the events of one subscription are serial and subscriptions never overlap (the
/// next one starts after the previous one terminated), so `rule`, touched only by those three
/// methods, is ordered by the loop's atomics and the holders' terminate-once bit. The
/// disposables are thread-safe.
@usableFromInline
final class SuccessionSink<Rule: SuccessionRule & ~Copyable>: @unchecked Sendable {
  @usableFromInline typealias Element = Rule.Element
  @usableFromInline let downstream: AnyObserver<Element>
  /// The operator's rule and state (see the type's notes on thread safety).
  @usableFromInline var rule: Rule
  @usableFromInline let loop = SubscribeLoop()
  /// What the subscriber disposes; holds the current subscription.
  @usableFromInline let serial = SerialDisposable()
  @usableFromInline let token = ResourceToken()

  deinit {
    let words = downstream.layoutWords
    Trampoline.releaseDownstream(of: self, expecting: words)
  }

  @inlinable
  init(downstream: AnyObserver<Element>, rule: consuming Rule) {
    self.downstream = downstream
    self.rule = rule
  }

  /// Subscribes to what comes next, or ends (see `SuccessionRule.subscribeNext(_:)`).
  @inlinable
  func subscribeNext() { Rule.subscribeNext(self) }

  /// Makes `observable` the current subscription (disposing the previous one); its events go
  /// through `on(_:_:)`.
  @inlinable
  func subscribeCurrent(_ observable: Observable<Element>) {
    let current = SingleAssignmentDisposable()
    serial.disposable = current
    current.setDisposable(
      observable.subscribe(AnyObserver(eventHandler: { event in self.on(event, current) })))
  }

  /// Ends the result with `terminal` (no subscription is current) and releases the sink.
  @inlinable
  func end(_ terminal: Event<Element>) {
    downstream.on(terminal)
    serial.dispose()
  }

  @inlinable
  func on(_ event: Event<Element>, _ current: SingleAssignmentDisposable) {
    guard !current.isStopped else { return }
    if case .next = event { return downstream.on(event) }
    if Rule.movesOn(after: event, self) {
      guard current.terminate({}) else { return }
      Rule.moveOn(after: event, self)
    } else {
      guard current.terminate({ downstream.on(event) }) else { return }
      serial.dispose()
    }
  }
}

/// What a `SuccessionSink` runs: its methods take the sink, whose `rule` field holds the
/// operator's state, and reach that state only in short accesses (never across a call out).
@usableFromInline
protocol SuccessionRule: ~Copyable {
  associatedtype Element

  /// Subscribes to what comes next (through `sink.loop.run` and `sink.subscribeCurrent`), or
  /// ends the result.
  static func subscribeNext(_ sink: SuccessionSink<Self>)

  /// Whether the current subscription's `terminal` event moves on (`moveOn(after:_:)`) instead
  /// of ending the result.
  static func movesOn(after terminal: Event<Element>, _ sink: SuccessionSink<Self>) -> Bool

  /// Moves on after `terminal`, once the current subscription is terminated.
  static func moveOn(after terminal: Event<Element>, _ sink: SuccessionSink<Self>)
}

extension SuccessionRule where Self: ~Copyable {
  /// By default, moving on subscribes what comes next.
  @inlinable
  static func moveOn(after terminal: Event<Element>, _ sink: SuccessionSink<Self>) {
    subscribeNext(sink)
  }
}
