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
    lift { DematerializeOperator<Element>() }
  }
}

@usableFromInline
struct DematerializeOperator<Convertible: EventConvertible>: SingleSourceOperator {
  @inlinable init() {}

  /// Forwards an `.next` element; a terminal element ends the sequence with that event.
  @inlinable
  func next(_ convertible: Convertible, _ downstream: AnyObserver<Convertible.Element>) throws
    -> Bool
  {
    switch convertible.event {
    case .next(let element):
      downstream.on(.next(element))
      return true
    case .error(let error): throw error
    case .completed: return false
    }
  }
}
