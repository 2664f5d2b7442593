// The settings screen of Docs/Store.md: children declared once, two embeddings of one child,
// and a row that deletes itself.
import ReactiveMVI
import ReactiveMVITesting
import ReactiveTesting
import Testing

// snippet: store-composition-settings
/// A switch that saves each change a second later (a newer change cancels the waiting save).
/// Its dependencies (the save call, the scheduler) are properties given in `init`.
struct SavedSwitch: Feature, Sendable {
  struct State: Equatable, Sendable {
    var isOn = false
    var isSaving = false
  }
  enum Intent: Equatable, Sendable { case flip }
  enum Result: Equatable, Sendable { case flipped, saved }
  let save: @Sendable (Bool) -> Single<Void>
  let scheduler: any SchedulerType

  func handle(_ intent: Intent, state: State) -> Effect<Result, Never> {
    .merge(
      .result(.flipped),
      .observable(save(!state.isOn).map { Result.saved })
        .debounce(id: "save", for: .milliseconds(1000), scheduler: scheduler))
  }

  func reduce(_ state: State, _ result: Result) -> State {
    var state = state
    switch result {
    case .flipped: (state.isOn, state.isSaving) = (!state.isOn, true)
    case .saved: state.isSaving = false
    }
    return state
  }
}

/// A row of the account list; its "remove" button reports `.remove` to the parent.
struct AccountRow: Feature, Sendable {
  struct State: Equatable, Sendable, Identifiable {
    var id: Int
    var name: String
  }
  enum Intent: Equatable, Sendable { case removeTapped }
  enum Result: Equatable, Sendable { case remove }  // for the parent: a delegate result

  func handle(_ intent: Intent, state: State) -> Effect<Result, Never> { .result(.remove) }
  func reduce(_ state: State, _ result: Result) -> State { state }
}

struct Settings: ChildFeatureComposition {
  struct State: Equatable, Sendable {
    var push = SavedSwitch.State()
    var email = SavedSwitch.State()
    var accounts = [AccountRow.State(id: 1, name: "work"), AccountRow.State(id: 2, name: "home")]
  }
  enum Intent: Equatable, Sendable {
    case push(SavedSwitch.Intent)
    case email(SavedSwitch.Intent)
    case account(id: Int, AccountRow.Intent)
  }
  enum Result: Equatable, Sendable {
    case push(SavedSwitch.Result)
    case email(SavedSwitch.Result)
    case account(id: Int, AccountRow.Result)
  }

  // Declared once: `handle`, `reduce` and `effect(after:)` all follow from this list.
  let children: [any EmbeddedChild<Settings>]

  init(save: @escaping @Sendable (Bool) -> Single<Void>, scheduler: any SchedulerType) {
    let saved = SavedSwitch(save: save, scheduler: scheduler)
    children = [
      ChildFeature(saved, state: \.push, intent: Intent.push, result: Result.push),
      ChildFeature(saved, state: \.email, intent: Intent.email, result: Result.email),
      ChildFeatures(
        AccountRow(), state: \.accounts, intent: Intent.account, result: Result.account),
    ]
  }

  func handleOwn(_ intent: Intent, state: State) -> Effect<Result, Never> { .none }

  // Sees every result after the child it belongs to: here, a row asking to be removed.
  func reduceOwn(_ state: State, _ result: Result) -> State {
    guard case .account(let id, .remove) = result else { return state }
    var state = state
    state.accounts.removeAll { $0.id == id }
    return state
  }
}
// end snippet

@Suite struct CompositionSettingsDocSnippets {
  // snippet: store-composition-settings-test
  @Test func settingsSaveEachSwitchAndRemoveARowFromItsOwnButton() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    // A fake service that ends with its value: `Single.just(()).delay(…)` would complete one
    // tick after it (RxSwift's timing), leaving an effect running at `finish()`.
    let save: @Sendable (Bool) -> Single<Void> = { _ in
      Single.just(()).delaySubscription(.milliseconds(200), scheduler: scheduler)
    }
    let store = TestStore(
      initialState: Settings.State(), feature: Settings(save: save, scheduler: scheduler),
      scheduler: scheduler)

    store.send(.push(.flip)) { $0.push = SavedSwitch.State(isOn: true, isSaving: true) }
    store.advance(by: .milliseconds(500))
    store.send(.email(.flip)) { $0.email = SavedSwitch.State(isOn: true, isSaving: true) }
    store.advance(by: .milliseconds(700))  // push's save: its own id, not email's
    store.receive(.push(.saved)) { $0.push.isSaving = false }
    store.advance(by: .milliseconds(500))
    store.receive(.email(.saved)) { $0.email.isSaving = false }

    store.send(.account(id: 1, .removeTapped)) { $0.accounts.removeFirst() }
    store.finish()
  }
  // end snippet
}
