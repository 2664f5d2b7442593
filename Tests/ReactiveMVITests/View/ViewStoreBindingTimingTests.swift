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
    let label = Label()
    let bag = DisposeBag()
    // Other tests, running in parallel, may have work of their own queued on the instance:
    // let the main queue run it first.
    #expect(
      await eventually { MainScheduler.instance.numberEnqueued.load(ordering: .acquiring) == 0 })
    BehaviorRelay(value: "a").asDriver().drive(Binder(label) { $0.text = $1 }).disposed(by: bag)
    #expect(label.text == "a")
    viewStore.send(.increment)
    #expect(viewStore.count == 1)
    viewStore.send(.increment)
    #expect(viewStore.count == 2)
  }
}
