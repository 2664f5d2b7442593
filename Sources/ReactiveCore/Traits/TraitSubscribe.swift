/// Subscribes `source` and reports its first outcome only, mapped by `success`, `failure` and
/// `completed` (`nil`: completion is not reported). Backs the one-callback `subscribe(_:)` of
/// `Single` and `Maybe`, which report one outcome at most.
@inlinable
func subscribeFirstOutcome<Element, Outcome>(
  _ source: Observable<Element>, success: @escaping (Element) -> Outcome,
  failure: @escaping (any Swift.Error) -> Outcome, completed: Outcome?,
  observer: @escaping (Outcome) -> Void
) -> Disposable {
  var stopped = false  // events are serial
  func report(_ outcome: Outcome) {
    guard !stopped else { return }
    stopped = true
    observer(outcome)
  }
  return source.subscribe(
    onNext: { report(success($0)) }, onError: { report(failure($0)) },
    onCompleted: completed.map { outcome in { report(outcome) } })
}
