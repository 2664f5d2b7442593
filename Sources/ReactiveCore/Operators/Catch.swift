extension ObservableType {
  /// Continues with the sequence returned by `handler` when the source fails.
  ///
  /// The failed source is disposed before the handler's sequence is subscribed to. A throwing
  /// `handler` sends its error downstream.
  ///
  /// ```swift
  /// struct MyError: Error {}
  /// _ = Observable<Int>.error(MyError()).catch { _ in .of(7, 8) }
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: 7
  /// // Prints: 8
  /// ```
  @inlinable
  public func `catch`(_ handler: @escaping (any Swift.Error) throws -> Observable<Element>)
    -> Observable<Element>
  {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = CatchSink(downstream: downstream, handler: handler)
      sink.serial.disposable = sink.upstream
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink.serial
    })
  }

  /// Replaces an error of the source with `element` followed by completion.
  ///
  /// ```swift
  /// struct MyError: Error {}
  /// _ = Observable<Int>.error(MyError()).catchAndReturn(0)
  ///   .subscribe(onNext: { print($0) }, onCompleted: { print("done") })
  /// // Prints: 0
  /// // Prints: done
  /// ```
  @inlinable
  public func catchAndReturn(_ element: Element) -> Observable<Element> {
    `catch` { _ in Observable.just(element) }
  }
}

@usableFromInline
final class CatchSink<Element>: @unchecked Sendable {  // events are serial by contract
  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let handler: (any Swift.Error) throws -> Observable<Element>
  /// The source subscription.
  @usableFromInline let upstream = SingleAssignmentDisposable()
  /// What the subscriber disposes: first `upstream`, then the handler's subscription.
  @usableFromInline let serial = SerialDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(
    downstream: AnyObserver<Element>,
    handler: @escaping (any Swift.Error) throws -> Observable<Element>
  ) {
    self.downstream = downstream
    self.handler = handler
  }

  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next:
      downstream.on(event)
    case .completed:
      guard upstream.tryTerminate() else { return }
      downstream.on(event)
      serial.dispose()
    case .error(let error):
      guard upstream.tryTerminate() else { return }
      upstream.dispose()
      let fallback: Observable<Element>
      do { fallback = try handler(error) } catch {
        downstream.on(.error(error))
        serial.dispose()
        return
      }
      // The fallback's events go straight downstream; it obeys the grammar itself.
      serial.disposable = fallback.subscribe(downstream)
    }
  }
}
