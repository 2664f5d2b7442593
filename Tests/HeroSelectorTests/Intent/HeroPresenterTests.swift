import ReactiveCore
import Testing

@testable import HeroSelectorKit

/// A view that keeps what it rendered and forwards intents to its intent (held strongly, as a
/// view does).
private final class RecordingView: HeroView {
  let intent: HeroPresenter
  var rendered: [HeroState] = []
  let bag = DisposeBag()

  init(intent: HeroPresenter) {
    self.intent = intent
    intent.bind(to: self).disposed(by: bag)
  }

  func render(_ state: HeroState) { rendered.append(state) }
  func tap(_ intent: HeroIntent) { self.intent.send(intent) }
}

@Suite struct HeroPresenterTests {
  let heroes = Roster.default.heroes

  @Test func emitsOneStatePerEffectiveIntentAndNothingOtherwise() {
    let intent = HeroPresenter(roster: .default)
    var states: [HeroState] = []
    let subscription = intent.states.subscribe(onNext: { states.append($0) })
    for step: HeroIntent in [
      .previous, .next, .next, .next, .select, .next, .select, .dismiss, .dismiss,
    ] {
      intent.send(step)
    }
    subscription.dispose()
    #expect(
      states == [
        .presenting(heroes[0], previousAvailable: false, nextAvailable: true),
        .presenting(heroes[1], previousAvailable: true, nextAvailable: true),
        .presenting(heroes[2], previousAvailable: true, nextAvailable: false),
        .selected(heroes[2]),
        .presenting(heroes[2], previousAvailable: true, nextAvailable: false),
      ])
    #expect(intent.state == states.last)
  }

  @Test func aLateSubscriberGetsTheCurrentState() {
    let intent = HeroPresenter(roster: .default)
    intent.send(.next)
    intent.send(.select)
    var states: [HeroState] = []
    let subscription = intent.states.subscribe(onNext: { states.append($0) })
    subscription.dispose()
    #expect(states == [.selected(heroes[1])])
  }

  @Test func viewRendersThroughTheBinding() {
    let view = RecordingView(intent: HeroPresenter(roster: .default))
    view.tap(.next)
    view.tap(.select)
    view.tap(.dismiss)
    #expect(view.rendered.map(\.hero.name) == ["Son-Goku", "YoRHa 2B", "YoRHa 2B", "YoRHa 2B"])
    #expect(view.rendered[2] == .selected(heroes[1]))
  }

  @Test func noRetainCycleBetweenIntentAndView() {
    weak var weakView: RecordingView?
    weak var weakIntent: HeroPresenter?
    let (_, live) = Resources.tracking {
      do {
        let view = RecordingView(intent: HeroPresenter(roster: .default))
        weakView = view
        weakIntent = view.intent
        view.tap(.next)
        #expect(view.rendered.count == 2)
      }
    }
    #expect(weakView == nil)
    #expect(weakIntent == nil)
    #expect(live == 0)
  }

  @Test func theIntentOutlivingItsViewDoesNotKeepIt() {
    let intent = HeroPresenter(roster: .default)
    weak var weakView: RecordingView?
    do {
      let view = RecordingView(intent: intent)
      weakView = view
    }
    #expect(weakView == nil)
    intent.send(.next)  // nobody left to render: nothing happens
    #expect(intent.state.hero.name == "YoRHa 2B")
  }
}
