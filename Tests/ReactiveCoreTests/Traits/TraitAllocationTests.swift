import ReactiveCore
import Testing

/// What a trait subscription costs in heap allocations, counted with a deterministic counter, and
/// that a trait delivers its elements without allocating. Each ceiling is the count of the trait
/// paths as they are built now, in a debug build (`swift test`; a release build makes fewer): a
/// rise means one more object per subscription.
@Suite(.enabled(if: allocationCountingIsActive, "allocation counting is off under sanitizers"))
struct TraitAllocationTests {
  /// Allocations of one run of `body` after a warm-up run (lazy metadata, caches).
  func perRun(_ body: () -> Void) -> Int {
    body()
    return allocations(body)
  }

  @Test func subscribingToTraitsAllocatesWithinItsCeiling() {
    final class Owner {}
    let owner = Owner()
    var sink = 0
    let single = Single<Int>.create { observer in
      observer(.success(1))
      return Disposables.create()
    }
    let maybe = Maybe<Int>.create { observer in
      observer(.completed)
      return Disposables.create()
    }
    let completable = Completable.create { observer in
      observer(.completed)
      return Disposables.create()
    }
    let infallible = Infallible<Int>.create { observer in
      observer(.next(1))
      observer(.completed)
      return Disposables.create()
    }
    let counts: [(String, Int, Int)] = [
      ("Single callbacks", perRun { _ = single.subscribe(onSuccess: { sink &+= $0 }) }, 6),
      ("Single one callback", perRun { _ = single.subscribe { _ in sink &+= 1 } }, 11),
      (
        "Single with object",
        perRun { _ = single.subscribe(with: owner, onSuccess: { _, value in sink &+= value }) },
        11
      ),
      (
        "Maybe callbacks",
        perRun { _ = maybe.subscribe(onSuccess: { sink &+= $0 }, onCompleted: { sink &+= 1 }) }, 10
      ),
      ("Maybe one callback", perRun { _ = maybe.subscribe { _ in sink &+= 1 } }, 12),
      (
        "Completable callbacks", perRun { _ = completable.subscribe(onCompleted: { sink &+= 1 }) },
        6
      ),
      ("Completable one callback", perRun { _ = completable.subscribe { _ in sink &+= 1 } }, 10),
      ("Infallible", perRun { _ = infallible.subscribe(onNext: { sink &+= $0 }) }, 6),
      (
        "Single flatMap",
        perRun { _ = single.flatMap { .just($0 + 1) }.subscribe(onSuccess: { sink &+= $0 }) }, 15
      ),
      (
        "Single catch",
        perRun { _ = Single<Int>.error(TestError()).catch { _ in single }.subscribe() }, 16
      ),
      (
        "Completable andThen",
        perRun { _ = completable.andThen(single).subscribe(onSuccess: { sink &+= $0 }) }, 16
      ),
    ]
    for (name, count, ceiling) in counts {
      print("\(name): \(count) allocations")
      #expect(count <= ceiling, "\(name): \(count) allocations, ceiling \(ceiling)")
    }
    #expect(sink > 0)
  }

  @Test func infallibleRecoveryAllocatesNothingPerElement() {
    let relay = PublishRelay<Int>()
    var sum = 0
    let subscription = relay.asObservable().asInfallible(onErrorJustReturn: 0)
      .subscribe(onNext: { sum &+= $0 })
    relay.accept(0)
    let count = allocations { for i in 1...10_000 { relay.accept(i) } }
    subscription.dispose()
    #expect(count == 0)
    #expect(sum == 50_005_000)
  }
}
