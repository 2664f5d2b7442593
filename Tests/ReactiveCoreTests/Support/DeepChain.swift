import ReactiveCore
import Testing

/// A chain over a relay, from `make`, subscribed, then disposed and released, on a thread with an
/// ordinary 512 KiB stack (`withWatchdog`): expects the relay subscribed while the chain is, no
/// longer once it is disposed, and no subscription object left alive. `make` also returns what to
/// run while the chain is subscribed (advancing a scheduler, say).
func expectSubscribedDisposedAndReleased(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ make:
    @escaping @Sendable (Observable<Int>) -> (
      chain: Observable<Int>, whileSubscribed: () -> Void
    )
) {
  let result = withWatchdog(sourceLocation: sourceLocation) {
    () -> (subscribed: Bool, disposed: Bool, live: Int) in
    let relay = PublishRelay<Int>()
    var subscribed = false
    var disposed = false
    let (_, live) = Resources.tracking {
      var made: (chain: Observable<Int>, whileSubscribed: () -> Void)? = make(
        relay.asObservable())
      var subscription: Disposable? = made?.chain.subscribe(onNext: { _ in })
      made?.whileSubscribed()
      subscribed = relay.hasObservers
      subscription?.dispose()
      subscription = nil
      disposed = !relay.hasObservers
      made = nil
    }
    return (subscribed, disposed, live)
  }
  #expect(result?.subscribed == true, sourceLocation: sourceLocation)
  #expect(result?.disposed == true, sourceLocation: sourceLocation)
  #expect(result?.live == 0, sourceLocation: sourceLocation)
}
