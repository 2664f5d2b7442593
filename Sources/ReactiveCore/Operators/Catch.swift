import Synchronization

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
  ///
  /// The source's subscription is released when it fails, the fallback's when it terminates. A
  /// fallback that is itself a `catch` (possibly behind `deferred`) runs in this sink: the recursive
  /// idiom `func loop(_ k: Int) -> Observable<Int> { … .catch { _ in loop(k - 1) } }` runs in
  /// constant stack at any depth.
  @inlinable
  public func `catch`(_ handler: @escaping (any Swift.Error) throws -> Observable<Element>)
    -> Observable<Element>
  {
    let composition = CatchComposition(source: asObservable(), handler: handler)
    return Observable(
      subscribeHandler: { downstream in
        let sink = CatchSink(downstream: downstream, composition: composition)
        sink.subscribeNext()
        return sink.serial
      }, composition: composition)
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

/// The source and handler of a `catch`, kept on its observable so that an enclosing `catch` sink
/// can run a fallback that is itself a `catch` in place (see `CatchSink`).
@usableFromInline
final class CatchComposition<Element>: @unchecked Sendable {  // immutable
  @usableFromInline let source: Observable<Element>
  @usableFromInline let handler: (any Swift.Error) throws -> Observable<Element>

  @inlinable
  init(
    source: Observable<Element>, handler: @escaping (any Swift.Error) throws -> Observable<Element>
  ) {
    self.source = source
    self.handler = handler
  }
}

/// Subscribes the source, then the fallback (see `SuccessionSink`): chains of synchronously
/// failing `catch`es are followed by the loop, not by recursion.
@usableFromInline
final class CatchSink<Element>: SuccessionSink<Element>, @unchecked Sendable {
  // `next` and `handler` are touched only by the subscribe loop and by the terminal event of the
  // current subscription, which happen one after another (see `SuccessionSink`).
  /// The observable to subscribe next; `nil` once subscribed.
  @usableFromInline var next: Observable<Element>?
  /// The handler for an error of the current subscription; `nil` for the final fallback.
  @usableFromInline var handler: ((any Swift.Error) throws -> Observable<Element>)?

  @inlinable
  init(downstream: AnyObserver<Element>, composition: CatchComposition<Element>) {
    self.next = composition.source
    self.handler = composition.handler
    super.init(downstream: downstream)
  }

  @inlinable
  override func subscribeNext() {
    loop.run {
      if !serial.isDisposed, let observable = next {
        next = nil
        subscribeCurrent(observable)
      }
    }
  }

  /// An error moves on to the handler's fallback, unless this is the final fallback.
  @inlinable
  override func movesOn(after terminal: Event<Element>) -> Bool {
    terminal.error != nil && handler != nil
  }

  @inlinable
  override func moveOn(after terminal: Event<Element>) {
    guard let handler, let error = terminal.error else { return }
    do {
      var fallback = try handler(error).resolvingDeferred()
      self.handler = nil
      // A fallback that is a `catch` runs here: its source next, its handler for that source.
      if let nested = fallback.composition as? CatchComposition<Element> {
        fallback = nested.source
        self.handler = nested.handler
      }
      next = fallback
    } catch {
      return end(.error(error))
    }
    subscribeNext()
  }
}
