import ReactiveEngine
import Synchronization

extension ObservableType {
  /// Combines each element of this sequence with the latest element of `second`, using
  /// `resultSelector`.
  ///
  /// `second` is subscribed first. Elements arriving before `second` has emitted are dropped.
  /// The completion of `second` releases it at once, and its last element stays in use; its error ends the
  /// result. This sequence's completion or error ends the result. A throwing `resultSelector`
  /// becomes an error.
  ///
  /// ```swift
  /// let taps = PublishSubject<Void>()
  /// let text = BehaviorSubject(value: "hello")
  /// _ = taps.withLatestFrom(text) { _, text in text.uppercased() }
  ///   .subscribe(onNext: { print($0) })
  /// taps.onNext(())
  /// // Prints: HELLO
  /// ```
  @inlinable
  public func withLatestFrom<Source: ObservableConvertibleType, Result>(
    _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> Result
  ) -> Observable<Result> {
    let first = asObservable()
    let second = second.asObservable()
    return Observable(subscribeHandler: { downstream in
      WithLatestFromSink(downstream: downstream, resultSelector: resultSelector)
        .run(first, second)
    })
  }

  /// Emits the latest element of `second` whenever this sequence emits (see
  /// `withLatestFrom(_:resultSelector:)` for the rules).
  ///
  /// ```swift
  /// let taps = PublishSubject<Void>()
  /// let text = BehaviorSubject(value: "hello")
  /// _ = taps.withLatestFrom(text).subscribe(onNext: { print($0) })
  /// taps.onNext(())
  /// // Prints: hello
  /// ```
  @inlinable
  public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source)
    -> Observable<Source.Element>
  {
    withLatestFrom(second) { $1 }
  }
}

/// What `WithLatestFromSink` decides under its lock and delivers after: a pair for the result
/// selector, or a terminal event.
@usableFromInline
enum WithLatestFromItem<Element, Second> {
  case values(Element, Second)
  case error(any Swift.Error)
  case completed
}

/// Where a `withLatestFrom` subscription stands (its sink decides under the lock with it).
@usableFromInline
enum WithLatestFromState<Second>: SerialDeliveryState {
  /// `second` has not emitted yet: elements of the first source are dropped.
  case waiting
  /// `second`'s latest element, combined with each element of the first source.
  case latest(Second)
  /// A terminal event was decided or the subscription was disposed.
  case stopped

  @inlinable
  var isStopped: Bool {
    if case .stopped = self { return true }
    return false
  }

  @inlinable
  mutating func markStopped() { self = .stopped }
}

/// The sink of `withLatestFrom` (draining and disposal come from `SerialDeliverySink`).
///
/// Thread safety: `state` is reachable only under its lock; decided items are delivered by the
/// `drainer`; the rest is immutable or thread-safe. `resultSelector` runs outside the lock, in
/// delivery order; its error becomes the terminal error and drops whatever was decided after it.
@usableFromInline
final class WithLatestFromSink<Element, Second, Result>: SerialDeliverySink, @unchecked Sendable {
  @usableFromInline typealias Item = WithLatestFromItem<Element, Second>

  @usableFromInline let downstream: AnyObserver<Result>
  @usableFromInline let resultSelector: (Element, Second) throws -> Result
  @usableFromInline let state = Locked(WithLatestFromState<Second>.waiting)
  @usableFromInline let drainer = Drainer<Item>()
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let secondSubscription = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  deinit {
    let words = downstream.layoutWords
    Trampoline.releaseDownstream(of: self, expecting: words)
  }

  @usableFromInline
  init(
    downstream: AnyObserver<Result>, resultSelector: @escaping (Element, Second) throws -> Result
  ) {
    self.downstream = downstream
    self.resultSelector = resultSelector
  }

  @inlinable
  func run(_ first: Observable<Element>, _ second: Observable<Second>) -> Disposable {
    secondSubscription.setDisposable(second.subscribe(AnyObserver(eventHandler: onSecond)))
    upstream.setDisposable(first.subscribe(AnyObserver(eventHandler: onFirst)))
    return self
  }

  @inlinable
  var isDisposed: Bool { upstream.isDisposed }

  @inlinable
  func onFirst(_ event: Event<Element>) {
    decide { state in
      switch (state, event) {
      case (.stopped, _), (.waiting, .next): return nil
      case (.latest(let latest), .next(let element)): return .values(element, latest)
      case (_, .error(let error)):
        state = .stopped
        return .error(error)
      case (_, .completed):
        state = .stopped
        return .completed
      }
    }
  }

  @inlinable
  func onSecond(_ event: Event<Second>) {
    if case .completed = event {
      // The finished `second` is released at once; its last element stays in use (as RxSwift).
      if !state.withLock({ $0.isStopped }) { secondSubscription.dispose() }
      return
    }
    decide { state in
      if case .stopped = state { return nil }
      switch event {
      case .next(let element):
        state = .latest(element)
        return nil
      case .error(let error):
        state = .stopped
        return .error(error)
      case .completed:
        return nil
      }
    }
  }

  @inlinable
  func handle(_ item: Item, _ role: borrowing DrainerRole) {
    switch item {
    case .values(let element, let second):
      do {
        downstream.on(.next(try resultSelector(element, second)))
      } catch {
        // The error replaces whatever was decided after these values.
        _ = stop()
        drainer.close()  // this thread holds the role: it drops the queue before the next item
        if !isDisposed {
          downstream.on(.error(error))
          disposeSources()
        }
      }
    case .error(let error):
      downstream.on(.error(error))
      disposeSources()
    case .completed:
      downstream.on(.completed)
      disposeSources()
    }
  }

  @inlinable
  func disposeSources() {
    upstream.dispose()
    secondSubscription.dispose()
  }
}
