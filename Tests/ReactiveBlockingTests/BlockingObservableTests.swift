import Dispatch
import ReactiveBlocking
import ReactiveCore
import TestSupport
import Testing

/// RxBlocking's own tests, written as RxSwift code writes them (only the imports and the test
/// framework differ).
@Suite(.onOwnThread) struct BlockingObservableTests {
  let testError = TestError()

  // MARK: toArray

  @Test func toArray() throws {
    #expect(try Observable<Int>.empty().toBlocking().toArray() == [])
    #expect(try Observable.just(42).toBlocking().toArray() == [42])
    #expect(try Observable.of(42, 43, 44, 45).toBlocking().toArray() == [42, 43, 44, 45])
    #expect(throws: TestError()) { try Observable<Int>.error(testError).toBlocking().toArray() }
  }

  @Test func toArrayWithRealScheduler() throws {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let array = try Observable<Int64>.interval(.milliseconds(1), scheduler: scheduler)
      .take(10)
      .toBlocking()
      .toArray()
    #expect(array == Array(0..<10))
  }

  @Test func toArrayIndependent() throws {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    func operation() -> Observable<Int> { Observable.of(1, 2).subscribe(on: scheduler) }
    for _ in 0..<4 { #expect(try operation().toBlocking().toArray() == [1, 2]) }
  }

  @Test func timeoutThrowsRxErrorTimeout() {
    #expect(throws: RxError.timeout) {
      try Observable<Int>.never().toBlocking(timeout: 0.01).toArray()
    }
    #expect(throws: RxError.timeout) {
      try Observable<Int>.never().toBlocking(timeout: 0.01).first()
    }
    #expect(throws: RxError.timeout) {
      try Observable<Int>.never().toBlocking(timeout: 0.01).last()
    }
    #expect(throws: RxError.timeout) {
      try Observable<Int>.never().toBlocking(timeout: 0.01).single()
    }
    #expect(throws: RxError.timeout) {
      try Observable<Int>.never().toBlocking(timeout: 0.01).single { _ in true }
    }
  }

  @Test func timeoutDisposesTheSubscription() {
    var disposed = false
    let source = Observable<Int>.never().do(onDispose: { disposed = true })
    #expect(throws: RxError.timeout) { try source.toBlocking(timeout: 0.01).toArray() }
    #expect(disposed)
  }

  // MARK: first and last

  @Test func first() throws {
    #expect(try Observable<Int>.empty().toBlocking().first() == nil)
    #expect(try Observable.just(42).toBlocking().first() == 42)
    #expect(try Observable.of(42, 43, 44, 45).toBlocking().first() == 42)
    #expect(throws: TestError()) { try Observable<Int>.error(testError).toBlocking().first() }
  }

  @Test func firstWithRealSchedulerStopsTheSource() throws {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    var disposed = false
    let element = try Observable<Int64>.interval(.milliseconds(1), scheduler: scheduler)
      .do(onDispose: { disposed = true })
      .toBlocking()
      .first()
    #expect(element == 0)
    #expect(disposed)
  }

  @Test func last() throws {
    #expect(try Observable<Int>.empty().toBlocking().last() == nil)
    #expect(try Observable.just(42).toBlocking().last() == 42)
    #expect(try Observable.of(42, 43, 44, 45).toBlocking().last() == 45)
    #expect(throws: TestError()) { try Observable<Int>.error(testError).toBlocking().last() }
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let element = try Observable<Int64>.interval(.milliseconds(1), scheduler: scheduler)
      .take(10).toBlocking().last()
    #expect(element == 9)
  }

  // MARK: single

  @Test func single() throws {
    #expect(throws: RxError.noElements) { try Observable<Int>.empty().toBlocking().single() }
    #expect(try Observable.just(42).toBlocking().single() == 42)
    #expect(throws: RxError.moreThanOneElement) { try Observable.of(42, 43).toBlocking().single() }
    #expect(throws: RxError.moreThanOneElement) {
      try Observable.of(42, 43, 44, 45).toBlocking().single()
    }
    #expect(throws: TestError()) { try Observable<Int>.error(testError).toBlocking().single() }
  }

  @Test func singlePredicateStopsAtTheSecondMatch() {
    var predicateVals = [Int]()
    #expect(throws: RxError.moreThanOneElement) {
      try Observable.of(42, 43, 44, 45).toBlocking().single { e in
        predicateVals.append(e)
        return e >= 43
      }
    }
    #expect(predicateVals == [42, 43, 44])
  }

  @Test func singlePredicateOneMatchAndNone() throws {
    var predicateVals = [Int]()
    let element = try Observable.of(42, 43, 44, 45).toBlocking().single { e in
      predicateVals.append(e)
      return e == 44
    }
    #expect(element == 44)
    #expect(predicateVals == [42, 43, 44, 45])
    #expect(throws: RxError.noElements) {
      try Observable.of(42, 43, 44, 45).toBlocking().single { _ in false }
    }
  }

  @Test func singlePredicateThrows() {
    var predicateVals = [Int]()
    #expect(throws: TestError()) {
      try Observable.of(42, 43, 44, 45, scheduler: CurrentThreadScheduler.instance).toBlocking()
        .single { e in
          predicateVals.append(e)
          if e < 43 { return false }
          throw testError
        }
    }
    #expect(predicateVals == [42, 43])
  }

  @Test func singlePredicateWithRealScheduler() throws {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let element = try Observable<Int64>.interval(.milliseconds(1), scheduler: scheduler)
      .take(4)
      .toBlocking()
      .single { $0 == 3 }
    #expect(element == 3)
  }

  // MARK: materialize

  @Test func materialize() {
    guard case .completed(let empty) = Observable<Int>.empty().toBlocking().materialize() else {
      Issue.record("expected .completed")
      return
    }
    #expect(empty == [])
    guard case .completed(let some) = Observable.of(42, 43, 44, 45).toBlocking().materialize()
    else {
      Issue.record("expected .completed")
      return
    }
    #expect(some == [42, 43, 44, 45])
  }

  @Test func materializeFailed() {
    let sequence = Observable.concat(
      Observable.of(42, 43, 44, 45), Observable<Int>.error(testError))
    guard case .failed(let elements, let error) = sequence.toBlocking().materialize() else {
      Issue.record("expected .failed")
      return
    }
    #expect(elements == [42, 43, 44, 45])
    #expect(error as? TestError == testError)
    let timedOut = Observable<Int>.never().startWith(1).toBlocking(timeout: 0.01).materialize()
    guard case .failed(let partial, let timeout) = timedOut else {
      Issue.record("expected .failed")
      return
    }
    #expect(partial == [1])
    #expect(timeout as? RxError == .timeout)
  }

  // MARK: subscribed inside a CurrentThreadScheduler action, as RxBlocking

  @Test func sourcesSubscribeBeforeTheWait() throws {
    let subject = PublishSubject<Int>()
    let element = try Observable.merge([subject.asObservable(), .never()])
      .do(onSubscribed: { subject.onNext(1) })
      .toBlocking(timeout: 5)
      .first()
    #expect(element == 1)
  }
}
