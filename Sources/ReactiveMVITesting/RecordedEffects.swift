import ReactiveEngine
import ReactiveMVI

/// A feature that replays a recorded session's effects: `reduce` (and `stateHasChanged`) are the
/// wrapped feature's, but `handle` returns what the session recorded instead of running effects.
/// Each intent, in order, gets its step's recorded results and events synchronously, followed by
/// the outputs of the effect steps recorded after it (until the next intent), as one effect
/// that emits them at once. So a test of a session runs with no network, timers or stubs, and
/// still exercises the feature's current `reduce`.
///
/// `effect(after:state:)` starts nothing: what the wrapped feature's started is already in the
/// recorded outputs. An intent beyond the recorded ones, or another intent than the one
/// recorded, gets no effect.
///
/// Thread safety: `Sendable` when the wrapped feature and its results and events are; the
/// position in the session is under a lock, so one store at a time replays it (each exported
/// test makes its own).
public struct RecordedEffects<Base: Feature>: Feature {
  /// The wrapped feature's state.
  public typealias State = Base.State
  /// The wrapped feature's intents.
  public typealias Intent = Base.Intent
  /// The wrapped feature's results.
  public typealias Result = Base.Result
  /// The wrapped feature's events.
  public typealias Event = Base.Event

  /// The feature whose `reduce` the replay runs.
  public let base: Base
  let script: Script

  final class Script: @unchecked Sendable {
    // `next` is under its lock; `steps` is immutable.
    let steps: [SessionStep<Intent, Result, Event>]
    let next = Locked(0)
    init(_ steps: [SessionStep<Intent, Result, Event>]) { self.steps = steps }
  }

  /// Replays `steps` (a session's, in order) around `base`.
  public init(_ base: Base, steps: [SessionStep<Intent, Result, Event>]) {
    self.base = base
    self.script = Script(steps)
  }

  /// The recorded outputs of the intent's step, then those of the effect steps after it.
  public func handle(_ intent: Intent, state: State) -> Effect<Result, Event> {
    let steps = script.steps
    let range = script.next.withLock { next -> Range<Int>? in
      guard next < steps.count, steps[next].intent != nil else { return nil }
      var end = next + 1
      while end < steps.count, steps[end].intent == nil { end += 1 }
      defer { next = end }
      return next..<end
    }
    guard let range else { return .none }
    var effects: [Effect<Result, Event>] = steps[range.lowerBound].outputs.map {
      switch $0 {
      case .result(let result): .result(result)
      case .event(let event): .event(event)
      }
    }
    let later: [EffectOutput<Result, Event>] = steps[range.dropFirst()].flatMap(\.outputs).map {
      switch $0 {
      case .result(let result): .result(result)
      case .event(let event): .event(event)
      }
    }
    if !later.isEmpty { effects.append(.outputs(Observable.from(later))) }
    return .merge(effects)
  }

  /// The wrapped feature's `reduce`.
  public func reduce(_ state: State, _ result: Result) -> State { base.reduce(state, result) }

  /// The wrapped feature's judgement.
  public func stateHasChanged(from old: State, to new: State) -> Bool {
    base.stateHasChanged(from: old, to: new)
  }
}

extension RecordedEffects: Sendable
where Base: Sendable, Base.Intent: Sendable, Base.Result: Sendable, Base.Event: Sendable {}
