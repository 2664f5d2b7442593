import ReactiveCore
import ReactiveMVI
import Synchronization
import TestSupport
import Testing

/// How a store hands a new state to its subscribers: published first (so that `state` read from
/// a subscriber is the state it was given), the same value to every subscriber, and no state kept
/// alive longer than the store's two published slots need it.
@Suite struct StoreDeliveryTests {
  /// A shared count: the tokens alive (a state's references must be released exactly once), or
  /// the results reduced.
  final class Census: Sendable {
    let live = Atomic<Int>(0)
  }

  final class Token: Sendable {
    let census: Census
    let number: Int

    init(_ census: Census, number: Int) {
      self.census = census
      self.number = number
      census.live.add(1, ordering: .relaxed)
    }

    deinit { census.live.subtract(1, ordering: .relaxed) }
  }

  /// A state holding a reference: a new token for every result.
  struct Tokens: Feature {
    struct State: Equatable {
      var token: Token
      var text: String

      static func == (lhs: State, rhs: State) -> Bool {
        lhs.token === rhs.token && lhs.text == rhs.text
      }
    }

    let census: Census

    func reduce(_ state: State, _ number: Int) -> State {
      State(token: Token(census, number: number), text: "state \(number)")
    }
  }

  enum Path: String, CaseIterable, CustomTestStringConvertible {
    case subscribeStates, states

    var testDescription: String { rawValue }

    func subscribe<F: Feature>(_ store: Store<F>, _ onNext: @escaping (F.State) -> Void)
      -> Disposable
    {
      switch self {
      case .subscribeStates: store.subscribeStates(onNext: onNext)
      case .states: store.states.subscribe(onNext: onNext)
      }
    }
  }

  @Test(arguments: Path.allCases)
  func everySubscriberIsGivenTheStateThatStateAlreadyReads(path: Path) {
    let census = Census()
    let store = Store(
      initialState: Tokens.State(token: Token(census, number: 0), text: "state 0"),
      feature: Tokens(census: census))
    let seen = Shared<[String]>([])
    let subscriptions = (0..<3).map { subscriber in
      path.subscribe(store) { state in
        let current = store.state
        seen.append(
          "\(subscriber): \(state.text) \(current.token === state.token ? "current" : "stale")")
      }
    }
    store.send(1)
    store.send(2)
    for subscription in subscriptions { subscription.dispose() }
    #expect(
      seen.value == [
        "0: state 0 current", "1: state 0 current", "2: state 0 current",
        "0: state 1 current", "1: state 1 current", "2: state 1 current",
        "0: state 2 current", "1: state 2 current", "2: state 2 current",
      ])
  }

  @Test(arguments: Path.allCases)
  func aStateIsReleasedOnceTwoLaterStatesArePublished(path: Path) {
    let census = Census()
    var store: Store<Tokens>? = Store(
      initialState: Tokens.State(token: Token(census, number: 0), text: "state 0"),
      feature: Tokens(census: census))
    let numbers = Shared<[Int]>([])
    let subscriptions = (0..<2).map { _ in
      path.subscribe(store!) { numbers.append($0.token.number) }
    }
    // The latest state and the one before it (the published slots), nothing else.
    #expect(census.live.load(ordering: .relaxed) == 1)
    store?.send(1)
    #expect(census.live.load(ordering: .relaxed) == 2)
    for number in 2...10 {
      store?.send(number)
      #expect(census.live.load(ordering: .relaxed) == 2, "after state \(number)")
    }
    #expect(store?.state.token.number == 10)
    for subscription in subscriptions { subscription.dispose() }
    store = nil
    #expect(census.live.load(ordering: .relaxed) == 0)
    #expect(numbers.value == (0...10).flatMap { [$0, $0] })
  }

  /// The feature of the disposal test: counts the results it reduces.
  struct Counting: Feature {
    let reduced: Census

    func reduce(_ state: Int, _ step: Int) -> Int {
      reduced.live.add(1, ordering: .relaxed)
      return state + step
    }
  }

  @Test(arguments: Path.allCases)
  func anIdleDisposedStoreHandlesNoIntentAndDeliversNothing(path: Path) {
    let reduced = Census()
    let store = Store(initialState: 0, feature: Counting(reduced: reduced))
    let states = Shared<[Int]>([])
    let subscription = path.subscribe(store) { states.append($0) }
    store.send(1)
    store.dispose()
    store.send(2)
    store.on(.next(3))
    #expect(reduced.live.load(ordering: .relaxed) == 1)
    #expect(store.state == 1)
    #expect(states.value == [0, 1])
    subscription.dispose()
  }
}
