import ReactiveCore
import TestSupport
import Testing

/// Deep chains that mix multi-source operators (a seeded mix, so a failure replays) over a cold
/// source, a hot one and sources that drop their observer: subscribed, disposed and released on
/// their own thread (`withWatchdog`), where they must not leak, hang or deliver what they should
/// not. A crash of the test process is the failure.
///
/// The stack is a large one: unlike the single-source operators (`ChainReleaseTests`), the
/// multi-source ones subscribe their sources recursively, and `switchLatest` disposes and `concat`
/// releases recursively, so 10,000 of them overflow an ordinary 512 KiB stack.
@Suite(.stress, .onOwnThread)
struct AdversarialDeepChainTests {
  /// Levels of a chain that nothing is delivered through. Under ThreadSanitizer a thousand: its
  /// shadow call stack cannot hold the recursive subscription of ten thousand (as for
  /// `ChainReleaseTests.deliveringDepth`).
  static let depth = isUnderThreadSanitizer ? 1_000 : 10_000

  /// A chain of `levels` operators over `source`, drawn from the multi-source operators by the
  /// run's seed; each passes its elements and its completion through unchanged.
  static func chain(_ source: Observable<Int>, levels: Int, variant: Int) -> Observable<Int> {
    var random = adversarialGenerator(round: variant, thread: levels)
    var chain = source
    for _ in 0..<levels {
      switch Int.random(in: 0..<12, using: &random) {
      case 0: chain = chain.map { $0 }
      case 1: chain = Observable.merge(chain, .empty())
      case 2: chain = chain.concat(Observable<Int>.empty())
      case 3: chain = chain.take(until: Observable<Int>.never())
      case 4: chain = chain.flatMap { Observable.just($0) }
      case 5: chain = chain.flatMapLatest { Observable.just($0) }
      case 6: chain = chain.concatMap { Observable.just($0) }
      case 7: chain = chain.amb(Observable<Int>.never())
      case 8: chain = Observable.combineLatest(Observable.just(0), chain) { _, value in value }
      case 9: chain = chain.share(replay: 1)
      case 10: chain = chain.map { Observable.just($0) }.switchLatest()
      default: chain = chain.flatMapFirst { Observable.just($0) }
      }
    }
    return chain
  }

  /// The sources nothing is delivered from while the test runs.
  enum SilentSource: CaseIterable {
    case relay, never, createDroppingItsObserver
  }

  @Test(arguments: SilentSource.allCases, 0..<2)
  func deepChainOverASilentSource(_ source: SilentSource, variant: Int) {
    let result = withWatchdog(stackSize: ChainReleaseTests.deliveringStackSize) {
      () -> (subscribed: Bool, disposed: Bool, events: Int, live: Int) in
      let relay = PublishRelay<Int>()
      var events = 0
      var subscribed = true
      var disposed = true
      let (_, live) = Resources.tracking {
        let observable: Observable<Int> =
          switch source {
          case .relay: relay.asObservable()
          case .never: .never()
          case .createDroppingItsObserver: .create { _ in Disposables.create() }
          }
        var chain: Observable<Int>? = Self.chain(observable, levels: Self.depth, variant: variant)
        var subscription: Disposable? = chain?.subscribe(
          onNext: { _ in events += 1 }, onError: { _ in events += 1 },
          onCompleted: { events += 1 })
        if source == .relay { subscribed = relay.hasObservers }
        subscription?.dispose()
        if source == .relay { disposed = !relay.hasObservers }
        subscription = nil
        chain = nil
      }
      return (subscribed, disposed, events, live)
    }
    #expect(result?.subscribed == true, "\(seedNote())")
    #expect(result?.disposed == true, "\(seedNote())")
    #expect(result?.events == 0, "\(seedNote())")
    #expect(result?.live == 0, "\(seedNote())")
  }

  @Test(arguments: 0..<2) func deepChainReleasedUnsubscribed(variant: Int) {
    let released = withWatchdog(stackSize: ChainReleaseTests.deliveringStackSize) { () -> Bool in
      var chain: Observable<Int>? = Self.chain(.never(), levels: Self.depth, variant: variant)
      let built = chain != nil
      chain = nil
      return built
    }
    #expect(released == true, "\(seedNote())")
  }

  /// Cold sources deliver through every level as the chain is subscribed, so the chain is as deep
  /// as a delivery can be (`ChainReleaseTests.deliveringDepth`) on a large stack.
  enum ColdSource: CaseIterable {
    case just, from
  }

  @Test(arguments: ColdSource.allCases, 0..<2)
  func deepChainOverAColdSource(_ source: ColdSource, variant: Int) {
    let result = withWatchdog(stackSize: ChainReleaseTests.deliveringStackSize) {
      () -> (elements: [Int], completed: Bool, live: Int) in
      var elements: [Int] = []
      var completed = false
      let (_, live) = Resources.tracking {
        let observable: Observable<Int> =
          switch source {
          case .just: .just(7)
          case .from: .from([7, 8])
          }
        var chain: Observable<Int>? = Self.chain(
          observable, levels: ChainReleaseTests.deliveringDepth, variant: variant)
        var subscription: Disposable? = chain?.subscribe(
          onNext: { elements.append($0) }, onCompleted: { completed = true })
        subscription?.dispose()
        subscription = nil
        chain = nil
      }
      return (elements, completed, live)
    }
    #expect(result?.elements == (source == .just ? [7] : [7, 8]), "\(seedNote())")
    #expect(result?.completed == true, "\(seedNote())")
    #expect(result?.live == 0, "\(seedNote())")
  }
}
