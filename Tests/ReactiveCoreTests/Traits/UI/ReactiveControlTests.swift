import Dispatch
import Testing

@testable import ReactiveCore

/// A view with plain properties, as a UIKit view would have.
final class TitleView: ReactiveCompatible {
  var title = ""
  var isHidden = false
  var alpha = 1.0
}

extension Reactive where Base: TitleView {
  /// A hand-written binder, as RxCocoa's extensions are.
  var title: Binder<String> {
    Binder(base) { view, title in view.title = title }
  }

  /// Extensions can offer events too.
  var titles: ControlEvent<String> {
    ControlEvent(events: Observable.just(base.title))
  }
}

/// `Reactive`, `ReactiveCompatible`, `ControlEvent` and `ControlProperty`, written as RxCocoa
/// code would be.
@Suite @MainActor struct ReactiveControlTests {
  @Test func reactiveExtensionsAndSynthesizedBindersBindAtOnce() {
    let view = TitleView()
    let bag = DisposeBag()
    Observable.just("Hello").bind(to: view.rx.title).disposed(by: bag)
    Observable.just(true).bind(to: view.rx.isHidden).disposed(by: bag)
    BehaviorRelay(value: 0.5).asDriver().drive(view.rx.alpha).disposed(by: bag)
    #expect(view.title == "Hello")
    #expect(view.isHidden)
    #expect(view.alpha == 0.5)
    #expect(view.rx.base === view)
    let type: Reactive<TitleView>.Type = TitleView.rx
    #expect(type == Reactive<TitleView>.self)
    var titles: [String] = []
    view.rx.titles.subscribe(onNext: { titles.append($0) }).disposed(by: bag)
    #expect(titles == ["Hello"])
  }

  @Test func aSynthesizedBinderDoesNotKeepItsTargetAlive() {
    weak var released: TitleView?
    let binder: Binder<String>
    do {
      let view = TitleView()
      released = view
      binder = view.rx.title
    }
    #expect(released == nil)
    binder.on(.next("ignored"))  // the target is gone: dropped silently
  }

  @Test func controlEventForwardsEventsAndConvertsToTheUITraits() {
    let taps = PublishRelay<Int>()
    let event = ControlEvent(events: taps)
    let bag = DisposeBag()
    var seen: [String] = []
    event.subscribe(onNext: { seen.append("observer \($0)") }).disposed(by: bag)
    event.asDriver().drive(onNext: { seen.append("driver \($0)") }).disposed(by: bag)
    event.asSignal().emit(onNext: { seen.append("signal \($0)") }).disposed(by: bag)
    event.asInfallible().subscribe(onNext: { seen.append("infallible \($0)") }).disposed(by: bag)
    #expect(seen.isEmpty)  // no initial value
    taps.accept(1)
    #expect(seen == ["observer 1", "driver 1", "signal 1", "infallible 1"])
    #expect(event.asControlEvent().asObservable() === event.asObservable())
  }

  @Test func controlEventSubscribesToItsEventsOnTheMainThread() async {
    let subscribedOnMain = Shared<Bool?>(nil)
    let event = ControlEvent(
      events: Observable<Int>.deferred {
        subscribedOnMain.value = MainScheduler.isMainThread
        return .never()
      })
    let subscription = Shared<(any Disposable)?>(nil)
    let subscribed = Semaphore()
    startThread {
      subscription.value = event.subscribe(onNext: { _ in })
      subscribed.fire()
    }
    #expect(subscribed.wait())
    #expect(await eventually { subscribedOnMain.value != nil })
    #expect(subscribedOnMain.value == true)
    subscription.value?.dispose()
  }

  @Test func controlPropertyReplaysReportsChangesAndSetsThroughItsSink() {
    let view = TitleView()
    let values = BehaviorRelay(value: "initial")
    let property = ControlProperty(values: values, valueSink: view.rx.title)
    let bag = DisposeBag()
    var all: [String] = []
    var changes: [String] = []
    var driven: [String] = []
    property.subscribe(onNext: { all.append($0) }).disposed(by: bag)
    property.changed.subscribe(onNext: { changes.append($0) }).disposed(by: bag)
    property.asDriver().drive(onNext: { driven.append($0) }).disposed(by: bag)
    values.accept("typed")
    #expect(all == ["initial", "typed"])
    #expect(changes == ["typed"])
    #expect(driven == ["initial", "typed"])
    Observable.of("set", "by code").bind(to: property).disposed(by: bag)
    #expect(view.title == "by code")
    property.on(.completed)  // passed on to the sink: a binder ignores it
    property.onNext("after completion")
    #expect(view.title == "after completion")
    #expect(property.asControlProperty().asObservable() === property.asObservable())
  }

  @Test func orEmptyReadsNilAsTheEmptyString() {
    final class Field { var text: String? = "x" }
    let field = Field()
    let edits = BehaviorRelay<String?>(value: nil)
    let text = ControlProperty(values: edits, valueSink: Binder(field) { $0.text = $1 })
    let bag = DisposeBag()
    var seen: [String] = []
    text.orEmpty.subscribe(onNext: { seen.append($0) }).disposed(by: bag)
    edits.accept("a")
    edits.accept(nil)
    #expect(seen == ["", "a", ""])
    text.orEmpty.onNext("typed")
    #expect(field.text == "typed")
  }
}
