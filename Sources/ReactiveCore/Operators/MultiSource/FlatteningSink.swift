/// The decision state of a `FlatteningSink`.
@usableFromInline
protocol FlatteningState: SerialDeliveryState {
  /// The outer sequence completed: `true` when that completes the result (no inner is running or
  /// waiting).
  mutating func outerCompleted() -> Bool
}

/// The outer side shared by the merge and switch families: the outer subscription, the selector
/// that maps an outer element to an inner sequence, and the outer's terminal events. A conforming
/// sink says what an outer element and an inner event do.
///
/// Thread safety: as `SerialDeliverySink` (the outer's events are serial by contract).
@usableFromInline
protocol FlatteningSink: EventDeliverySink where State: FlatteningState {
  associatedtype SourceElement

  /// The outer subscription; released when the outer completes (as in RxSwift), before the sink
  /// ends.
  var upstream: SingleAssignmentDisposable { get }
  var selector: (SourceElement) throws -> Observable<Element> { get }

  /// Handles an element of the outer sequence.
  func outerNext(_ element: SourceElement)
}

extension FlatteningSink {
  /// Subscribes the outer sequence; returns the sink (what the subscriber disposes).
  @inlinable
  func run(_ source: Observable<SourceElement>) -> Disposable {
    upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: onOuter)))
    return self
  }

  @inlinable @inline(__always)
  func onOuter(_ event: Event<SourceElement>) {
    switch event {
    case .next(let element): outerNext(element)
    case .error(let error): fail(error)
    case .completed: outerCompleted()
    }
  }

  /// The inner sequence for `element`; `nil` after failing with the selector's error.
  @inlinable @inline(__always)
  func selectInner(_ element: SourceElement) -> Observable<Element>? {
    do { return try selector(element) } catch {
      fail(error)
      return nil
    }
  }

  /// The outer sequence completed: completes the result when nothing else runs; otherwise
  /// releases the finished outer at once, not when the inners end (as in RxSwift).
  @inlinable
  func outerCompleted() {
    var completes = false
    decide(.completed) { machine in
      completes = machine.outerCompleted()
      return completes
    }
    if !completes { upstream.dispose() }
  }
}
