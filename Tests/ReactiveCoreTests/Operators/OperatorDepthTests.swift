import ReactiveCore
import ReactiveTesting
import TestSupport
import Testing

/// A chain of 100,000 levels of any operator, single-source or not, each nested in the next, is
/// built and released, and subscribed, disposed and released, on an ordinary 512 KiB stack
/// (`withWatchdog`): subscriptions beyond `SubscribeDepth.bound` nested levels are deferred, and
/// observables, sinks and subscriptions are freed and disposed in bounded stack. A crash of the
/// test process is the failure. Delivering an element through such a chain recurses once per
/// operator (see `StackDepthTests`), so nothing is delivered here.
@Suite(.stress, .onOwnThread) struct OperatorDepthTests {
  static let depth = 100_000

  /// One level of each operator family that does not go through `lift`, over `source`; `other`
  /// is a second source that never emits. Nothing emits while subscribed (`startWith()` has no
  /// elements, `concat` waits for a source that never completes): no element goes through.
  enum Family: String, CaseIterable, CustomStringConvertible {
    case doOperator, startWith, catchError, share, observeOn, flatMap, flatMapLatest
    case combineLatest, zip, withLatestFrom, concat, amb, merge, takeUntil, skipUntil, sample
    case retry, switchIfEmpty, subscribeOn, delaySubscription, debounce, throttle, delay
    case timeout, buffer, window, groupBy, concatMap, flatMapFirst, publishRefCount
    case mixed

    var description: String { rawValue }

    func apply(
      _ source: Observable<Int>, level: Int, scheduler: TestScheduler
    ) -> Observable<Int> {
      let other = Observable<Int>.never()
      switch self {
      case .doOperator: return source.do(onNext: { _ in })
      case .startWith: return source.startWith()
      case .catchError: return source.catch { _ in .empty() }
      case .share: return source.share(replay: 1)
      case .observeOn: return source.observe(on: scheduler)
      case .flatMap: return source.flatMap { Observable.just($0) }
      case .flatMapLatest: return source.flatMapLatest { Observable.just($0) }
      case .combineLatest: return Observable.combineLatest(source, other) { value, _ in value }
      case .zip: return Observable.zip(source, other) { value, _ in value }
      case .withLatestFrom: return source.withLatestFrom(other) { value, _ in value }
      case .concat: return source.concat(Observable.empty())
      case .amb: return source.amb(other)
      case .merge: return Observable.merge(source, other)
      case .takeUntil: return source.take(until: other)
      case .skipUntil: return source.skip(until: other)
      case .sample: return source.sample(other)
      case .retry: return source.retry(2)
      case .switchIfEmpty: return source.ifEmpty(switchTo: .just(0))
      case .subscribeOn: return source.subscribe(on: CurrentThreadScheduler.instance)
      case .delaySubscription: return source.delaySubscription(.seconds(0), scheduler: scheduler)
      case .debounce: return source.debounce(.seconds(1), scheduler: scheduler)
      case .throttle: return source.throttle(.seconds(1), scheduler: scheduler)
      case .delay: return source.delay(.seconds(1), scheduler: scheduler)
      case .timeout: return source.timeout(.seconds(1_000_000_000), scheduler: scheduler)
      case .buffer:
        return source.buffer(timeSpan: .seconds(1_000_000_000), count: 2, scheduler: scheduler)
          .map { $0.first ?? 0 }
      case .window:
        return source.window(timeSpan: .seconds(1_000_000_000), count: 2, scheduler: scheduler)
          .flatMap { $0 }
      case .groupBy: return source.groupBy { $0 % 2 }.flatMap { $0.asObservable() }
      case .concatMap: return source.concatMap { Observable.just($0) }
      case .flatMapFirst: return source.flatMapFirst { Observable.just($0) }
      case .publishRefCount: return source.publish().refCount()
      case .mixed:
        let families = Family.allCases.filter { $0 != .mixed }
        return families[level % families.count].apply(source, level: level, scheduler: scheduler)
      }
    }

    /// `levels` levels of this family over `source`, and a `map` between every two.
    func chain(
      _ source: Observable<Int>, levels: Int, scheduler: TestScheduler
    ) -> Observable<Int> {
      var chain = source
      for level in 0..<levels {
        chain = apply(chain, level: level, scheduler: scheduler)
        if level % 2 == 1 { chain = chain.map { $0 } }
      }
      return chain
    }
  }

  @Test(arguments: Family.allCases)
  func builtAndReleased(family: Family) {
    let released = withWatchdog { () -> Bool in
      let scheduler = TestScheduler(initialClock: 0)
      var chain: Observable<Int>? = family.chain(
        PublishRelay<Int>().asObservable(), levels: Self.depth, scheduler: scheduler)
      #expect(chain != nil)
      chain = nil
      return true
    }
    #expect(released == true)
  }

  @Test(arguments: Family.allCases)
  func subscribedDisposedAndReleased(family: Family) {
    expectSubscribedDisposedAndReleased { source in
      let scheduler = TestScheduler(initialClock: 0)
      let chain = family.chain(source, levels: Self.depth, scheduler: scheduler)
      // Each `delaySubscription` level subscribes the next one a tick later.
      return (chain, { scheduler.advanceTo(2 * Self.depth) })
    }
  }
}
