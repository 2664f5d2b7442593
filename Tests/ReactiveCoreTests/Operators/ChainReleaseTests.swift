import ReactiveCore
import Testing

/// A long chain of single-source operators is freed in constant stack whoever frees its first
/// sink: a source that drops its observer inside `subscribe` (`never()`, a `create` that does not
/// keep it), a disposal, a completion. Each test runs on a thread with an ordinary 512 KiB stack
/// (`withWatchdog`) unless an element or a terminal event is delivered through the chain, which
/// recurses once per operator (see `StackDepthTests`); a crash of the test process is the failure.
@Suite(.stress, .onOwnThread) struct ChainReleaseTests {
  static let depth = StackDepthTests.depth

  /// How deep a chain is when a terminal event goes through it on `deliveringStackSize`: as in
  /// `StackDepthTests.disposingALongChain`, ThreadSanitizer's shadow call stack cannot hold a deep
  /// delivery, so runs without allocation counting (the sanitizer runs) use a short chain.
  static let deliveringDepth = allocationCountingIsActive ? 20_000 : 1_000
  static let deliveringStackSize = 1 << 30

  /// The sources that drop their observer inside `subscribe`.
  enum DroppingSource: CaseIterable {
    case never, createDroppingItsObserver

    var observable: Observable<Int> {
      switch self {
      case .never: .never()
      case .createDroppingItsObserver: .create { _ in Disposables.create() }
      }
    }
  }

  /// The sinks of a chain over a source that drops its observer are freed while the chain is
  /// being subscribed, by whoever drops the last one, with nothing arranged around them: each
  /// sink's `deinit` hands its downstream to `Trampoline.release`, which bounds the nesting. Then
  /// the subscription is disposed and the chain released.
  @Test(arguments: DroppingSource.allCases, [false, true])
  func aMillionOperatorsOverASourceThatDropsItsObserver(source: DroppingSource, mixed: Bool) {
    let result = withWatchdog { () -> (events: Int, live: Int) in
      var events = 0
      let (_, live) = Resources.tracking {
        var chain: Observable<Int>? = StackDepthTests.chain(
          source.observable, levels: Self.depth, mixed: mixed)
        var subscription: Disposable? = chain?.subscribe(
          onNext: { _ in events += 1 }, onError: { _ in events += 1 },
          onCompleted: { events += 1 })
        subscription?.dispose()
        subscription = nil
        chain = nil
      }
      return (events, live)
    }
    #expect(result?.events == 0)
    #expect(result?.live == 0)
  }

  /// The observables of a chain are freed in constant stack when the last reference to the chain
  /// goes away, subscribed or not.
  @Test func aMillionObservablesReleasedUnsubscribed() {
    let result = withWatchdog { () -> Bool in
      var chain: Observable<Int>? = StackDepthTests.chain(
        .never(), levels: Self.depth, mixed: true)
      #expect(chain != nil)
      chain = nil
      return true
    }
    #expect(result == true)
  }

  /// Where a chain's source and its observer live between the threads of the test below.
  final class KeptObserver: @unchecked Sendable {
    // Written by the delivering thread, then read and cleared by the releasing one after
    // `withWatchdog` returned (which orders them).
    var observer: AnyObserver<Int>?
    var completed = false
    var subscription: Disposable?
  }

  /// A finished chain whose source keeps its observer (a `create` that stores it) is freed when
  /// the source lets it go, on whatever stack that happens: here the completion is delivered on
  /// a large stack, and the observer dropped on an ordinary one.
  @Test(arguments: [false, true]) func aCompletedChainFreedWhenItsSourceLetsGo(mixed: Bool) {
    let state = KeptObserver()
    let scope = ResourceScope()
    withWatchdog(stackSize: Self.deliveringStackSize) { () -> Bool in
      Resources.$scope.withValue(scope) {
        let source = Observable<Int>.create { observer in
          state.observer = observer
          observer.onNext(1)
          observer.onCompleted()
          return Disposables.create()
        }
        state.subscription = StackDepthTests.chain(
          source, levels: Self.deliveringDepth, mixed: mixed
        )
        .subscribe(onCompleted: { state.completed = true })
      }
      return true
    }
    let released = withWatchdog { () -> Bool in
      state.subscription = nil
      state.observer = nil
      return true
    }
    #expect(released == true)
    #expect(state.completed)
    #expect(scope.live == 0)
  }

  /// The cold finite sources and a hot source that completes: the chain is delivered through, so
  /// it is as deep as a delivery can be (`deliveringDepth`), and is then freed where the source
  /// lets it go (a generator when it returns from `subscribe`, a subject in `onCompleted`).
  enum CompletingSource: CaseIterable {
    case just, from, subject
  }

  @Test(arguments: CompletingSource.allCases, [false, true])
  func aCompletingSourceFreesTheChain(source: CompletingSource, mixed: Bool) {
    let result = withWatchdog(stackSize: Self.deliveringStackSize) {
      () -> (elements: [Int], completed: Bool, live: Int) in
      var elements: [Int] = []
      var completed = false
      let (_, live) = Resources.tracking {
        let subject = PublishSubject<Int>()
        let observable: Observable<Int> =
          switch source {
          case .just: .just(0)
          case .from: .from([0, 10])
          case .subject: subject.asObservable()
          }
        let subscription = StackDepthTests.chain(
          observable, levels: Self.deliveringDepth, mixed: mixed
        )
        .subscribe(onNext: { elements.append($0) }, onCompleted: { completed = true })
        subject.onNext(0)
        subject.onCompleted()
        subscription.dispose()
      }
      return (elements, completed, live)
    }
    let gain = StackDepthTests.gain(levels: Self.deliveringDepth, mixed: mixed)
    let expected = source == .from ? [gain, 10 + gain] : [gain]
    #expect(result?.elements == expected)
    #expect(result?.completed == true)
    #expect(result?.live == 0)
  }
}
