import ReactiveCore
import ReactiveTesting
import Testing

@testable import HeroSelectorKit

/// The intent driven on virtual time: intents arrive from a hot observable at given ticks, and
/// every emitted state is recorded with the tick it was emitted at.
@Suite struct HeroPresenterVirtualTimeTests {
  let heroes = Roster.default.heroes

  func presenting(_ index: Int) -> HeroState {
    .presenting(heroes[index], previousAvailable: index > 0, nextAvailable: index < 2)
  }

  /// Runs `script` (tick, intent) against a fresh intent subscribed at 200; returns the states.
  func run(_ script: [(TestTime, HeroIntent)]) -> [Recorded<Event<HeroState>>] {
    let scheduler = TestScheduler(initialClock: 0)
    let intent = HeroPresenter(roster: .default)
    let intents = scheduler.createHotObservable(script.map { Recorded.next($0.0, $0.1) })
    let observer = scheduler.createObserver(HeroState.self)
    let bag = DisposeBag()
    scheduler.scheduleAt(200) {
      intent.states.subscribe(observer).disposed(by: bag)
      intents.subscribe(onNext: { intent.send($0) }).disposed(by: bag)
    }
    scheduler.start()
    return observer.events
  }

  @Test func browsingForwardStopsAtTheLastHero() {
    let events = run([(150, .next), (210, .next), (220, .next), (230, .next), (240, .next)])
    // The intent at 150 came before the subscription: ignored.
    #expect(
      events == [.next(200, presenting(0)), .next(210, presenting(1)), .next(220, presenting(2))])
  }

  @Test func browsingBackStopsAtTheFirstHero() {
    let events = run([(210, .previous), (220, .next), (230, .previous), (240, .previous)])
    #expect(
      events == [.next(200, presenting(0)), .next(220, presenting(1)), .next(230, presenting(0))])
  }

  @Test func theAlertBlocksEverythingButDismiss() {
    let events = run([
      (210, .next), (220, .select), (230, .next), (240, .previous), (250, .select), (260, .quit),
      (270, .dismiss), (280, .dismiss), (290, .next),
    ])
    #expect(
      events == [
        .next(200, presenting(0)), .next(210, presenting(1)), .next(220, .selected(heroes[1])),
        .next(270, presenting(1)), .next(290, presenting(2)),
      ])
  }

  @Test func dismissWithoutAlertAndQuitEmitNothing() {
    let events = run([(210, .dismiss), (220, .quit), (230, .select), (240, .dismiss)])
    #expect(
      events == [
        .next(200, presenting(0)), .next(230, .selected(heroes[0])), .next(240, presenting(0)),
      ])
  }
}
