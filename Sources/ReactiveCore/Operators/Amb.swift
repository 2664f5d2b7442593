import ReactiveEngine

extension ObservableType {
  /// Mirrors whichever source of `sequence` sends the first event (element, error or completion)
  /// and disposes all the others at that moment.
  ///
  /// An empty sequence never emits.
  ///
  /// ```swift
  /// _ = Observable.amb([Observable<Int>.never(), .just(2)]).subscribe(onNext: { print($0) })
  /// // Prints: 2
  /// ```
  public static func amb<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
  where Sequence.Element == Observable<Element> {
    let sources = Array(sequence)
    return Observable(subscribeHandler: { downstream in
      let sink = AmbSink(downstream: downstream, count: sources.count)
      for (index, source) in sources.enumerated() {
        // Once a winner is set, the subscription of a loser is disposed on assignment.
        sink.subscriptions[index].setDisposable(
          source.subscribe(AnyObserver(eventHandler: { sink.on($0, from: index) })))
      }
      return sink
    })
  }

  /// Mirrors whichever of this sequence and `right` sends the first event, and disposes the other.
  ///
  /// ```swift
  /// _ = Observable<Int>.never().amb(Observable.just(1)).subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// ```
  public func amb<Other: ObservableType>(_ right: Other) -> Observable<Element>
  where Other.Element == Element {
    Observable.amb([asObservable(), right.asObservable()])
  }
}

/// Picks the first source to send an event. Thread safety: the winner is decided under `winner`'s
/// lock, so sources racing on different threads agree on one; after that only the winner's
/// events are forwarded, and they are serial by the winner's own contract.
final class AmbSink<Element>: Disposable, @unchecked Sendable {
  let downstream: AnyObserver<Element>
  let subscriptions: [SingleAssignmentDisposable]
  let winner = Locked<Int?>(nil)
  let token = ResourceToken()

  deinit {
    let words = downstream.layoutWords
    Trampoline.releaseDownstream(of: self, expecting: words)
  }

  init(downstream: AnyObserver<Element>, count: Int) {
    self.downstream = downstream
    self.subscriptions = (0..<count).map { _ in SingleAssignmentDisposable() }
  }

  func on(_ event: Event<Element>, from index: Int) {
    let (won, isFirst) = winner.withLock { winner -> (Bool, Bool) in
      if let winner { return (winner == index, false) }
      winner = index
      return (true, true)
    }
    guard won else { return }
    if isFirst {
      for (other, subscription) in subscriptions.enumerated() where other != index {
        subscription.dispose()
      }
    }
    let subscription = subscriptions[index]
    if subscription.isDisposed { return }
    downstream.on(event)
    if event.isStopEvent { subscription.dispose() }
  }

  func dispose() {
    for subscription in subscriptions { subscription.dispose() }
  }
}
