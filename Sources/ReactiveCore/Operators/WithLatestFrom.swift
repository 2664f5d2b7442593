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

/// The sink of `withLatestFrom` (draining and disposal come from `SerialDeliverySink`).
///
/// Thread safety: `latest` and `stopped` are guarded by `lock`; decided items are delivered by
/// the `drainer`; the rest is immutable
/// or thread-safe. `resultSelector` runs outside the lock, in delivery order; its error becomes
/// the terminal error and drops whatever was decided after it.
@usableFromInline
final class WithLatestFromSink<Element, Second, Result>: SerialDeliverySink, @unchecked Sendable {
  @usableFromInline typealias Item = WithLatestFromItem<Element, Second>

  @usableFromInline let downstream: AnyObserver<Result>
  @usableFromInline let resultSelector: (Element, Second) throws -> Result
  @usableFromInline let lock = Lock.make()
  @usableFromInline @exclusivity(unchecked) var latest: Second?
  @usableFromInline @exclusivity(unchecked) var stopped = false
  @usableFromInline let drainer = Drainer<Item>()
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let secondSubscription = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

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
    lock.lock()
    guard !stopped else {
      lock.unlock()
      return
    }
    var item: Item?
    switch event {
    case .next(let element):
      if let latest { item = .values(element, latest) }
    case .error(let error):
      stopped = true
      item = .error(error)
    case .completed:
      stopped = true
      item = .completed
    }
    guard let item else {
      lock.unlock()
      return
    }
    let role = enter(item)
    lock.unlock()
    finish(role, item)
  }

  @inlinable
  func onSecond(_ event: Event<Second>) {
    lock.lock()
    guard !stopped else {
      lock.unlock()
      return
    }
    var item: Item?
    switch event {
    case .next(let element):
      latest = element
    case .error(let error):
      stopped = true
      item = .error(error)
    case .completed:
      lock.unlock()
      // The finished `second` is released at once; its last element stays in use (as RxSwift).
      secondSubscription.dispose()
      return
    }
    guard let item else {
      lock.unlock()
      return
    }
    let role = enter(item)
    lock.unlock()
    finish(role, item)
  }

  @inlinable
  func deliver(_ item: Item) {
    switch item {
    case .values(let element, let second):
      do {
        downstream.on(.next(try resultSelector(element, second)))
      } catch {
        // The error replaces whatever was decided after these values.
        lock.lock()
        _ = stopLocked()
        lock.unlock()
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
  func stopLocked() -> Bool {
    guard !stopped else { return false }
    stopped = true
    return true
  }

  @inlinable
  func disposeSources() {
    upstream.dispose()
    secondSubscription.dispose()
  }
}
