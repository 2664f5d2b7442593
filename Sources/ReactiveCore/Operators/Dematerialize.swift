/// A type that carries an `Event`: the element type `dematerialize()` accepts.
public protocol EventConvertible<Element> {
  /// The element type of the event.
  associatedtype Element

  /// The event this value represents.
  var event: Event<Element> { get }
}

extension Event: EventConvertible {
  /// The event itself.
  @inlinable
  public var event: Event<Element> { self }
}

extension ObservableType where Element: EventConvertible {
  /// Turns a sequence of events back into the events themselves: the reverse of `materialize()`.
  ///
  /// An `.error` or `.completed` element ends the result with that event and disposes the source.
  ///
  /// ```swift
  /// let events: [Event<Int>] = [.next(1), .completed, .next(2)]
  /// _ = Observable.from(events).dematerialize()
  ///   .subscribe(onNext: { print($0) }, onCompleted: { print("done") })
  /// // Prints: 1
  /// // Prints: done
  /// ```
  /// - Complexity: O(1) per element.
  @inlinable
  public func dematerialize() -> Observable<Element.Element> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = DematerializeSink<Element>(downstream: downstream)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink.upstream
    })
  }
}

@usableFromInline
final class DematerializeSink<Convertible: EventConvertible>: @unchecked Sendable {
  // Events are serial by contract.
  @usableFromInline let downstream: AnyObserver<Convertible.Element>
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Convertible.Element>) { self.downstream = downstream }

  @inlinable
  func on(_ event: Event<Convertible>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next(let convertible):
      let inner = convertible.event
      if case .next = inner {
        downstream.on(inner)
      } else {
        terminate(inner)
      }
    case .error(let error): terminate(.error(error))
    case .completed: terminate(.completed)
    }
  }

  @inlinable
  func terminate(_ event: Event<Convertible.Element>) {
    guard upstream.tryTerminate() else { return }
    downstream.on(event)
    upstream.dispose()
  }
}
