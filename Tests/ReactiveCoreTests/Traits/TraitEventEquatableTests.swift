import ReactiveTesting
import Testing
import XCTest

@testable import ReactiveCore

@Suite struct TraitEventEquatableTests {
  struct Described: Error, CustomStringConvertible { var description: String }

  @Test func singleEventsCompareByValueAndError() {
    var events: [SingleEvent<Int>] = []
    _ = Single.just(1).subscribe { events.append($0) }
    _ = Single<Int>.error(TestError(id: 2)).subscribe { events.append($0) }
    #expect(events == [.success(1), .failure(TestError(id: 2))])
    #expect(events != [.success(1), .failure(TestError(id: 3))])
    #expect(events != [.success(1)])
    #expect(SingleEvent<Int>.success(1) != .failure(TestError()))
    #expect(
      SingleEvent<Int>.failure(Described(description: "x"))
        == .failure(Described(description: "x")))
    XCTAssertEqual(events, [.success(1), .failure(TestError(id: 2))])  // RxTest's overload
  }

  @Test func maybeAndCompletableEventsAreEquatable() {
    var maybe: [MaybeEvent<String>] = []
    _ = Maybe.just("a").subscribe { maybe.append($0) }
    _ = Maybe<String>.empty().subscribe { maybe.append($0) }
    _ = Maybe<String>.error(TestError(id: 1)).subscribe { maybe.append($0) }
    #expect(maybe == [.success("a"), .completed, .error(TestError(id: 1))])
    #expect(maybe != [.success("b"), .completed, .error(TestError(id: 1))])
    var completable: [CompletableEvent] = []
    _ = Completable.empty().subscribe { completable.append($0) }
    _ = Completable.error(TestError(id: 4)).subscribe { completable.append($0) }
    #expect(completable == [.completed, .error(TestError(id: 4))])
    #expect(completable != [.completed, .error(TestError(id: 5))])
    XCTAssertEqual(completable, [.completed, .error(TestError(id: 4))])
  }
}
