import ReactiveCore
import Testing

/// Recursive idioms and long chains run in constant stack: each test runs on a thread with an
/// ordinary 512 KiB stack (`withWatchdog`), at 1,000,000 levels.
@Suite struct StackDepthTests {
  static let depth = 1_000_000

  @Test func recursiveConcatOfDeferred() {
    let result = withWatchdog { () -> (count: Int, sum: Int, completed: Bool) in
      func loop(_ k: Int) -> Observable<Int> {
        k == 0 ? .empty() : .just(k).concat(.deferred { loop(k - 1) })
      }
      var count = 0
      var sum = 0
      var completed = false
      _ = loop(Self.depth).subscribe(
        onNext: {
          count += 1
          sum &+= $0
        }, onCompleted: { completed = true })
      return (count, sum, completed)
    }
    #expect(result?.count == Self.depth)
    #expect(result?.sum == Self.depth * (Self.depth + 1) / 2)
    #expect(result?.completed == true)
  }

  @Test func recursiveCatch() {
    let result = withWatchdog { () -> (count: Int, completed: Bool) in
      func loop(_ k: Int) -> Observable<Int> {
        k == 0
          ? .empty()
          : Observable.just(k).concat(Observable.error(TestError())).catch { _ in loop(k - 1) }
      }
      var count = 0
      var completed = false
      _ = loop(Self.depth).subscribe(onNext: { _ in count += 1 }, onCompleted: { completed = true })
      return (count, completed)
    }
    #expect(result?.count == Self.depth)
    #expect(result?.completed == true)
  }

  @Test func recursiveCatchOfFailingSources() {
    let result = withWatchdog { () -> Bool in
      func loop(_ k: Int) -> Observable<Int> {
        k == 0 ? .just(0) : Observable.error(TestError()).catch { _ in loop(k - 1) }
      }
      var completed = false
      _ = loop(Self.depth).subscribe(onCompleted: { completed = true })
      return completed
    }
    #expect(result == true)
  }

  @Test func recursiveConcatCanBeDisposedMidway() {
    let result = withWatchdog { () -> [Int] in
      func loop(_ k: Int) -> Observable<Int> {
        k == 0 ? .empty() : .just(k).concat(.deferred { loop(k - 1) })
      }
      let recorder = Recorder<Int>()
      _ = loop(Self.depth).take(3).subscribe(recorder)
      return recorder.elements
    }
    #expect(result == [Self.depth, Self.depth - 1, Self.depth - 2])
  }
}
