import ReactiveCore
import Testing

/// Freeing a chain that holds another long chain: the release path drops references by recursion
/// up to a bound and parks the deeper ones for the outermost release on the thread, so a chain
/// freed while another is being freed (beyond that bound, and while parked references are being
/// dropped) still takes bounded stack, and everything is freed before the releasing statement
/// returns. Each test runs on a thread with an ordinary 512 KiB stack (`withWatchdog`); a crash of
/// the test process is the failure.
@Suite(.stress, .onOwnThread) struct NestedChainReleaseTests {
  static let depth = 200_000

  final class Token: Sendable {}

  /// A chain whose innermost operator captures a second chain, whose innermost operator captures
  /// `token`: releasing the first frees the second at the far end of the first's release.
  static func nestedChains(holding token: Token) -> Observable<Int> {
    let inner = StackDepthTests.chain(
      Observable<Int>.never().map { value in withExtendedLifetime(token) { value } },
      levels: depth, mixed: true)
    return StackDepthTests.chain(
      Observable<Int>.never().map { value in withExtendedLifetime(inner) { value } },
      levels: depth, mixed: true)
  }

  @Test func nestedChainsAreFreedWhenReleasedUnsubscribed() {
    let freed = withWatchdog { () -> Bool in
      weak var weakToken: Token?
      var outer: Observable<Int>?
      do {
        let token = Token()
        weakToken = token
        outer = Self.nestedChains(holding: token)
      }
      #expect(weakToken != nil && outer != nil)
      outer = nil
      return weakToken == nil
    }
    #expect(freed == true)
  }

  @Test func nestedChainsAreFreedWhenSubscribedDisposedAndReleased() {
    let result = withWatchdog { () -> (freed: Bool, live: Int) in
      weak var weakToken: Token?
      let (_, live) = Resources.tracking {
        var outer: Observable<Int>?
        do {
          let token = Token()
          weakToken = token
          outer = Self.nestedChains(holding: token)
        }
        var subscription = outer?.subscribe(onNext: { _ in })
        subscription?.dispose()
        subscription = nil
        outer = nil
      }
      return (weakToken == nil, live)
    }
    #expect(result?.freed == true)
    #expect(result?.live == 0)
  }
}
