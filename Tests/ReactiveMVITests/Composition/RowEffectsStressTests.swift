import Dispatch
import ReactiveCore
import TestSupport
import Testing

@testable import ReactiveMVI

/// Rows whose effects end on other threads while the list loses and regains rows: every row
/// scope's count of running effects returns to zero, and no effect outlives the test.
@Suite struct RowEffectsStressTests {
  struct Row: Feature, Sendable {
    struct State: Equatable, Sendable, Identifiable {
      var id: Int
      var saves = 0
    }
    enum Intent: Equatable, Sendable { case save }
    enum Result: Equatable, Sendable { case saved }
    let scheduler: ConcurrentDispatchQueueScheduler

    func handle(_ intent: Intent, state: State) -> Effect<Result, Never> {
      .observable(Observable.just(Result.saved).subscribe(on: scheduler))
    }

    func reduce(_ state: State, _ result: Result) -> State {
      State(id: state.id, saves: state.saves + 1)
    }
  }

  struct List: ChildFeatureComposition {
    struct State: Equatable, Sendable { var rows: [Row.State] = (0..<8).map { Row.State(id: $0) } }
    enum Intent: Equatable, Sendable {
      case row(id: Int, Row.Intent)
      case remove(Int)
      case add(Int)
    }
    enum Result: Equatable, Sendable {
      case row(id: Int, Row.Result)
      case remove(Int)
      case add(Int)
    }
    let rows: ChildFeatures<List, Row, Int>
    let children: [any EmbeddedChild<List>]

    init(scheduler: ConcurrentDispatchQueueScheduler) {
      rows = ChildFeatures(
        Row(scheduler: scheduler), state: \.rows, intent: Intent.row, result: Result.row)
      children = [rows]
    }

    func handleOwn(_ intent: Intent, state: State) -> Effect<Result, Never> {
      switch intent {
      case .row: .none
      case .remove(let id): .result(.remove(id))
      case .add(let id): .result(.add(id))
      }
    }

    func reduceOwn(_ state: State, _ result: Result) -> State {
      var state = state
      switch result {
      case .remove(let id): state.rows.removeAll { $0.id == id }
      case .add(let id) where !state.rows.contains { $0.id == id }:
        state.rows.append(Row.State(id: id))
      case .row, .add: break
      }
      return state
    }
  }

  @Test(arguments: 0..<4)
  func rowScopesEmptyOnceEveryEffectEnded(round: Int) {
    let scheduler = ConcurrentDispatchQueueScheduler(
      queue: DispatchQueue(label: "rows", attributes: .concurrent))
    let feature = List(scheduler: scheduler)
    let store = Store(initialState: List.State(), feature: feature)
    let group = DispatchGroup()
    for thread in 0..<2 {
      DispatchQueue.global().async(group: group) {
        var random = adversarialGenerator(round: round, thread: thread)
        for _ in 0..<500 {
          let id = Int.random(in: 0..<8, using: &random)
          switch Int.random(in: 0..<10, using: &random) {
          case 0: store.send(.remove(id))
          case 1: store.send(.add(id))
          default: store.send(.row(id: id, .save))
          }
        }
      }
    }
    #expect(wait(for: group), "\(seedNote(round))")
    #expect(eventually { store.runningEffectCount == 0 }, "\(seedNote(round))")
    #expect(eventually { feature.rows.live.scopes.isEmpty }, "\(seedNote(round))")
    store.dispose()
  }
}
