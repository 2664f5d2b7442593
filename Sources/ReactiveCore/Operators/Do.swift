import Synchronization

extension ObservableType {
  /// Runs side effects for the events and lifetime of each subscription, passing events through.
  ///
  /// - `onNext`, `onError`, `onCompleted` run before the event is forwarded; when one throws, its
  ///   error is forwarded instead and the source is disposed.
  /// - `afterNext`, `afterError`, `afterCompleted` run after the event was forwarded. A throwing
  ///   `afterNext` ends the sequence with its error; errors thrown by `afterError` and
  ///   `afterCompleted` are dropped, the sequence having already ended (as in RxSwift).
  /// - `onSubscribe` runs before the source is subscribed to, `onSubscribed` after.
  /// - `onDispose` runs once when the subscription ends: on `dispose()` and after a terminal event,
  ///   after the source subscription was disposed.
  ///
  /// ```swift
  /// _ = Observable.of(1).do(
  ///   onNext: { print("next \($0)") }, onCompleted: { print("completed") },
  ///   onSubscribe: { print("subscribe") }, onSubscribed: { print("subscribed") },
  ///   onDispose: { print("dispose") }
  /// ).subscribe()
  /// // Prints: subscribe
  /// // Prints: subscribed
  /// // Prints: next 1
  /// // Prints: completed
  /// // Prints: dispose
  /// ```
  @inlinable
  public func `do`(
    onNext: ((Element) throws -> Void)? = nil,
    afterNext: ((Element) throws -> Void)? = nil,
    onError: ((any Swift.Error) throws -> Void)? = nil,
    afterError: ((any Swift.Error) throws -> Void)? = nil,
    onCompleted: (() throws -> Void)? = nil,
    afterCompleted: (() throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> Observable<Element> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      onSubscribe?()
      let sink = DoSink(
        downstream: downstream, onNext: onNext, afterNext: afterNext, onError: onError,
        afterError: afterError, onCompleted: onCompleted, afterCompleted: afterCompleted)
      let subscription = source.subscribe(AnyObserver(eventHandler: sink.on))
      onSubscribed?()
      if let onDispose {
        sink.subscription = subscription
        sink.onDispose = onDispose
        sink.upstream.setDisposable(Disposables.create(with: sink.disposeSubscription))
      } else {
        sink.upstream.setDisposable(subscription)
      }
      return sink.upstream
    })
  }
}

/// Where a `do` subscription's disposal stands: a disposal requested while a terminal event is
/// forwarded waits until the `after*` callback returned.
@usableFromInline
enum DoPhase: UInt8, AtomicRepresentable {
  /// No terminal event forwarded yet: a disposal runs at once.
  case idle
  /// The terminal event and its `after*` callback run: a disposal is postponed.
  case terminating
  /// A disposal was requested while terminating: it runs once the `after*` callback returned.
  case disposeRequested
  /// The terminal event and its `after*` callback ran: a disposal runs at once.
  case terminated
}

/// Runs the callbacks of `do(...)` around the events of one subscription: Observable's `do` and the
/// traits' `do` (`Single`, `Maybe`, `Completable`).
@usableFromInline
final class DoSink<Element>: @unchecked Sendable {
  // Events are serial by contract. `subscription` and `onDispose` are written before `upstream`
  // publishes them and read by the one disposal `upstream` allows; `phase` orders that disposal
  // after the `after*` callbacks when it is requested while a terminal event is forwarded.
  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let onNext: ((Element) throws -> Void)?
  @usableFromInline let afterNext: ((Element) throws -> Void)?
  @usableFromInline let onError: ((any Swift.Error) throws -> Void)?
  @usableFromInline let afterError: ((any Swift.Error) throws -> Void)?
  @usableFromInline let onCompleted: (() throws -> Void)?
  @usableFromInline let afterCompleted: (() throws -> Void)?
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()
  /// Set only when the subscriber asked for `onDispose`.
  @usableFromInline var subscription: Disposable?
  @usableFromInline var onDispose: (() -> Void)?
  @usableFromInline let phase = Atomic<DoPhase>(.idle)

  deinit {
    let words = downstream.layoutWords
    Trampoline.releaseDownstream(of: self, expecting: words)
  }

  @inlinable
  init(
    downstream: AnyObserver<Element>,
    onNext: ((Element) throws -> Void)?, afterNext: ((Element) throws -> Void)?,
    onError: ((any Swift.Error) throws -> Void)?, afterError: ((any Swift.Error) throws -> Void)?,
    onCompleted: (() throws -> Void)?, afterCompleted: (() throws -> Void)?
  ) {
    self.downstream = downstream
    self.onNext = onNext
    self.afterNext = afterNext
    self.onError = onError
    self.afterError = afterError
    self.onCompleted = onCompleted
    self.afterCompleted = afterCompleted
  }

  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    do {
      switch event {
      case .next(let element):
        try onNext?(element)
        downstream.on(event)
        try afterNext?(element)
      case .error(let error):
        try onError?(error)
        terminate(event) { _ = try? self.afterError?(error) }
      case .completed:
        try onCompleted?()
        terminate(event) { _ = try? self.afterCompleted?() }
      }
    } catch {
      terminate(.error(error))
    }
  }

  /// Forwards a terminal event unless one was forwarded or the sink disposed, runs `after`, then
  /// disposes the source. A disposal requested meanwhile (the subscriber tears down on the
  /// terminal event) waits until `after` returned, as in RxSwift.
  @inlinable
  func terminate(_ event: Event<Element>, after: () -> Void = {}) {
    upstream.terminate {
      phase.store(.terminating, ordering: .releasing)
      downstream.on(event)
      after()
      if phase.exchange(.terminated, ordering: .acquiringAndReleasing) == .disposeRequested {
        runDisposal()
      }
    }
  }

  /// The disposal action of the source subscription (only installed with `onDispose`).
  @inlinable
  func disposeSubscription() {
    let (postponed, _) = phase.compareExchange(
      expected: .terminating, desired: .disposeRequested, ordering: .acquiringAndReleasing)
    if !postponed { runDisposal() }
  }

  @inlinable
  func runDisposal() {
    let subscription = self.subscription
    let onDispose = self.onDispose
    self.subscription = nil
    self.onDispose = nil
    subscription?.dispose()
    onDispose?()
  }
}
