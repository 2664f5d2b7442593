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
        let sink = SuccessionSink(downstream: downstream, rule: CatchRule(composition: composition))
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
/// can run a fallback that is itself a `catch` in place (see `CatchRule`).
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

/// The source, then the fallback (see `SuccessionSink`): chains of synchronously failing
/// `catch`es are followed by the loop, not by recursion.
@usableFromInline
struct CatchRule<Element>: SuccessionRule {
  // `next` and `handler` are touched only by the subscribe loop and by the terminal event of the
  // current subscription, which happen one after another (see `SuccessionSink`).
  /// The observable to subscribe next; `nil` once subscribed.
  @usableFromInline var next: Observable<Element>?
  /// The handler for an error of the current subscription; `nil` for the final fallback.
  @usableFromInline var handler: ((any Swift.Error) throws -> Observable<Element>)?

  @inlinable
  init(composition: CatchComposition<Element>) {
    self.next = composition.source
    self.handler = composition.handler
  }

  @inlinable
  static func subscribeNext(_ sink: SuccessionSink<Self>) {
    sink.loop.run {
      if !sink.serial.isDisposed, let observable = sink.rule.next {
        sink.rule.next = nil
        sink.subscribeCurrent(observable)
      }
    }
  }

  /// An error moves on to the handler's fallback, unless this is the final fallback.
  @inlinable
  static func movesOn(after terminal: Event<Element>, _ sink: SuccessionSink<Self>) -> Bool {
    terminal.error != nil && sink.rule.handler != nil
  }

  @inlinable
  static func moveOn(after terminal: Event<Element>, _ sink: SuccessionSink<Self>) {
    guard let handler = sink.rule.handler, let error = terminal.error else { return }
    do {
      var fallback = try handler(error).resolvingDeferred()
      sink.rule.handler = nil
      // A fallback that is a `catch` runs here: its source next, its handler for that source.
      if let nested = fallback.composition as? CatchComposition<Element> {
        fallback = nested.source
        sink.rule.handler = nested.handler
      }
      sink.rule.next = fallback
    } catch {
      return sink.end(.error(error))
    }
    sink.subscribeNext()
  }
}
