import Testing

@testable import ReactiveCore
@testable import ReactiveMVI

/// Stands in for a UILabel.
private final class Label { var text = "" }

/// The adapter applies a state produced on the main thread before `send` returns, also once
/// a binder is bound: binders and drivers use main schedulers of their own and leave nothing
/// queued on `MainScheduler.instance`, the adapter's scheduler.
@Suite @MainActor struct ViewStoreBindingTimingTests {
  @Test func sendIsAppliedBeforeItReturnsOnceABinderIsBound() async {
    let viewStore = ViewStore(Store(initialState: Profile.State(), feature: Profile()))
    let bag = DisposeBag()
    // Tests of other suites may queue work on the instance from their own threads at any time,
    // which rightly defers the adapter: a few attempts, each starting with the instance idle
    // (checked on the main actor, with no suspension before the sends). Before the fix, every
    // attempt failed: the binder's own work was queued on the instance.
    var attempt = 0
    var appliedAtOnce = false
    while attempt < 5, !appliedAtOnce {
      attempt += 1
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: localDeadline)
      while MainScheduler.instance.numberEnqueued.load(ordering: .acquiring) != 0,
        clock.now < deadline
      {
        try? await Task.sleep(for: .milliseconds(1))
      }
      let label = Label()
      BehaviorRelay(value: "a").asDriver().drive(Binder(label) { $0.text = $1 }).disposed(by: bag)
      let before = viewStore.count
      viewStore.send(.increment)
      viewStore.send(.increment)
      appliedAtOnce = label.text == "a" && viewStore.count == before + 2
    }
    #expect(appliedAtOnce)
  }
}
