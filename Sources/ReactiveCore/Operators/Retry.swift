import Synchronization

extension ObservableType {
  /// Resubscribes to the source whenever it fails, forever.
  ///
  /// Elements of failed attempts are forwarded too. Synchronously failing sources are retried in
  /// a loop, not by recursion, so the stack does not grow with the number of attempts.
  ///
  /// ```swift
  /// struct MyError: Error {}
  /// var attempts = 0
  /// _ = Observable<Int>.deferred {
  ///   attempts += 1
  ///   return attempts < 3 ? .error(MyError()) : .just(attempts)
  /// }.retry().subscribe(onNext: { print($0) })
  /// // Prints: 3
  /// ```
  @inlinable
  public func retry() -> Observable<Element> {
    retry(attempts: nil)
  }

  /// Subscribes to the source up to `maxAttemptCount` times in total, until one attempt does not
  /// fail; the error of the last attempt is forwarded.
  ///
  /// `retry(1)` behaves like the source itself; `retry(0)` completes at once without subscribing
  /// (as in RxSwift). Elements of failed attempts are forwarded too. Synchronously failing sources
  /// are retried in a loop, not by recursion.
  ///
  /// ```swift
  /// struct MyError: Error {}
  /// _ = Observable<Int>.error(MyError()).retry(3)
  ///   .subscribe(onError: { print($0) })   // subscribes 3 times
  /// // Prints: MyError()
  /// ```
  /// - Precondition: `maxAttemptCount >= 0`.
  @inlinable
  public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
    precondition(maxAttemptCount >= 0, "retry: maxAttemptCount can't be negative")
    if maxAttemptCount == 0 {
      return Observable(subscribeHandler: { downstream in
        downstream.on(.completed)
        return Disposables.create()
      })
    }
    return retry(attempts: maxAttemptCount)
  }

  @inlinable
  func retry(attempts: Int?) -> Observable<Element> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = SuccessionSink(
        downstream: downstream, rule: RetryRule(source: source, attempts: attempts))
      // The first attempt subscribes at once, as in RxSwift; attempts after a failure inside this
      // `subscribe` wait on the trampoline until it returned (see `moveOn`).
      sink.rule.insideSubscribe.store(true, ordering: .relaxed)
      sink.subscribeNext()
      sink.rule.insideSubscribe.store(false, ordering: .releasing)
      return sink.serial
    })
  }
}

/// Attempt after attempt (see `SuccessionSink`): a source that fails inside `subscribe` is
/// retried by the loop rather than by recursion.
@usableFromInline
struct RetryRule<Element>: SuccessionRule, ~Copyable {
  // `remaining` is touched only by the event path of the current attempt (attempts never overlap:
  // the next one starts after the previous one failed), ordered by the loop's atomics.
  @usableFromInline let source: Observable<Element>
  /// Attempts left after the current one; `nil` means forever.
  @usableFromInline var remaining: Int?
  /// `true` while the subscription that made this sink runs: an operator that can end the
  /// sequence early (`take`) does not hold its disposable yet, so an attempt that failed then
  /// queues the next one on the trampoline, where `take` can stop it (retrying a synchronously
  /// failing source forever still ends under `take`).
  @usableFromInline let insideSubscribe = Atomic<Bool>(false)

  @inlinable
  init(source: Observable<Element>, attempts: Int?) {
    self.source = source
    self.remaining = attempts.map { $0 - 1 }
  }

  @inlinable
  static func subscribeNext(_ sink: SuccessionSink<Self>) {
    sink.loop.run {
      if !sink.serial.isDisposed { sink.subscribeCurrent(sink.rule.source) }
    }
  }

  /// An error moves on to the next attempt while attempts remain.
  @inlinable
  static func movesOn(after terminal: Event<Element>, _ sink: SuccessionSink<Self>) -> Bool {
    terminal.error != nil && sink.rule.remaining != 0
  }

  @inlinable
  static func moveOn(after terminal: Event<Element>, _ sink: SuccessionSink<Self>) {
    if let remaining = sink.rule.remaining { sink.rule.remaining = remaining - 1 }
    if sink.rule.insideSubscribe.load(ordering: .acquiring) {
      Trampoline.startOrQueue(TrampolineWork { sink.subscribeNext() })
    } else {
      sink.subscribeNext()
    }
  }
}
