import ReactiveCore
import Testing

@testable import ReactiveMVI

/// A child with a post-reduce effect: after each increment it saves the new count (a result)
/// and announces it (an event).
struct Saving: Feature {
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
    var saved: [Int] = []
  }
  enum Intent: Equatable { case increment }
  enum Result: Equatable {
    case incremented
    case saved(Int)
  }
  enum Event: Equatable { case didSave(Int) }

  func handle(_ intent: Intent, state: State) -> Effect<Result, Event> { .result(.incremented) }

  func reduce(_ state: State, _ result: Result) -> State {
    var state = state
    switch result {
    case .incremented: state.count += 1
    case .saved(let count): state.saved.append(count)
    }
    return state
  }

  func effect(after result: Result, state: State) -> Effect<Result, Event> {
    guard case .incremented = result else { return .none }
    return .merge(.result(.saved(state.count)), .event(.didSave(state.count)))
  }
}

/// The same child three ways (a field, rows, an optional detail), embedded by the parent's enum
/// cases. Two of the cases carry the same payload type, so extraction must tell them apart.
struct Shelf: Feature {
  struct State: Equatable {
    var single = Saving.State()
    var rows = [Saving.State(id: 1), Saving.State(id: 2)]
    var detail: Saving.State?
  }
  enum Intent: Equatable {
    case single(Saving.Intent)
    case row(id: Int, Saving.Intent)
    case detail(Saving.Intent)
    case open, close
  }
  enum Result: Equatable {
    case single(Saving.Result)
    case row(id: Int, Saving.Result)
    case detail(Saving.Result)
    case open, close
  }
  enum Event: Equatable {
    case single(Saving.Event)
    case row(id: Int, Saving.Event)
    case detail(Saving.Event)
  }

  static let single = ChildFeature<Shelf, Saving>(
    Saving(), state: \.single, intent: Intent.single, result: Result.single, event: Event.single)
  static let rows = ChildFeatures<Shelf, Saving, Int>(
    Saving(), state: \.rows, intent: Intent.row, result: Result.row, event: Event.row)
  static let detail = OptionalChildFeature<Shelf, Saving>(
    Saving(), state: \.detail, intent: Intent.detail, result: Result.detail, event: Event.detail)

  func handle(_ intent: Intent, state: State) -> Effect<Result, Event> {
    if let effect = Self.single.handle(intent, state: state) ?? Self.rows.handle(
      intent, state: state)
      ?? Self.detail.handle(intent, state: state)
    {
      return effect
    }
    switch intent {
    case .open: return .result(.open)
    case .close: return .result(.close)
    case .single, .row, .detail: preconditionFailure("a child's intent")
    }
  }

  func reduce(_ state: State, _ result: Result) -> State {
    if let state = Self.single.reduce(state, result) ?? Self.rows.reduce(state, result)
      ?? Self.detail.reduce(state, result)
    {
      return state
    }
    var state = state
    if case .open = result { state.detail = Saving.State(id: 9) }
    if case .close = result { state.detail = nil }
    return state
  }

  func effect(after result: Result, state: State) -> Effect<Result, Event> {
    Self.single.effect(after: result, state: state) ?? Self.rows.effect(after: result, state: state)
      ?? Self.detail.effect(after: result, state: state) ?? .none
  }
}

@Suite struct ChildEffectAfterTests {
  /// A store of `Shelf` and the events it published so far.
  final class Harness {
    let store = Store(initialState: Shelf.State(), feature: Shelf())
    var events: [Shelf.Event] = []
    let bag = DisposeBag()
    init() {
      store.events.subscribe(onNext: { [unowned self] in events.append($0) }).disposed(by: bag)
    }
  }

  func isNone(_ effect: Effect<Shelf.Result, Shelf.Event>?) -> Bool {
    guard let effect, case .none = effect.storage else { return false }
    return true
  }

  @Test func aFieldChildsEffectAfterRuns() {
    let harness = Harness()
    harness.store.send(.single(.increment))
    #expect(harness.store.state.single == Saving.State(count: 1, saved: [1]))
    #expect(harness.events == [.single(.didSave(1))])
  }

  @Test func aRowsEffectAfterRunsWithTheRowsNewStateInThatRowOnly() {
    let harness = Harness()
    harness.store.send(.row(id: 2, .increment))
    harness.store.send(.row(id: 2, .increment))
    #expect(
      harness.store.state.rows == [
        Saving.State(id: 1), Saving.State(id: 2, count: 2, saved: [1, 2]),
      ])
    #expect(harness.events == [.row(id: 2, .didSave(1)), .row(id: 2, .didSave(2))])
    #expect(harness.store.state.single == Saving.State())
  }

  @Test func anOptionalChildsEffectAfterRunsWhileItsStateIsPresent() {
    let harness = Harness()
    harness.store.send(.detail(.increment))  // no detail: ignored
    #expect(harness.store.state.detail == nil)
    harness.store.send(.open)
    harness.store.send(.detail(.increment))
    #expect(harness.store.state.detail == Saving.State(id: 9, count: 1, saved: [1]))
    #expect(harness.events == [.detail(.didSave(1))])
  }

  @Test func aResultForAGoneChildStartsNothingAndAnotherChildsResultIsNotTaken() {
    let state = Shelf.State()  // no detail
    #expect(isNone(Shelf.detail.effect(after: .detail(.incremented), state: state)))
    #expect(isNone(Shelf.rows.effect(after: .row(id: 99, .incremented), state: state)))
    #expect(Shelf.rows.effect(after: .single(.incremented), state: state) == nil)
    #expect(Shelf.detail.effect(after: .single(.incremented), state: state) == nil)
    #expect(Shelf.single.effect(after: .detail(.incremented), state: state) == nil)
    #expect(Shelf.single.effect(after: .open, state: state) == nil)
  }
}
