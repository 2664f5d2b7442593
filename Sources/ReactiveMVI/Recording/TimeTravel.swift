/// Steps back and forth through a recorded ``Session``: the state after any step, recomputed with
/// the feature's `reduce` from the recorded results (no effect runs), with steps skipped and
/// every later state recomputed.
///
/// Positions count steps: 0 is the initial state, `k` the state after the k-th step (1-based,
/// up to ``stepCount``). Only checkpoints are held (the state after every
/// ``checkpointInterval``-th step): any state is at most that many `reduce` calls away, so a
/// session of 100,000 steps steps and jumps at once and holds a few hundred states. Checkpoints
/// are computed when a move first passes them, so opening reduces nothing; skipping or
/// unskipping a step drops the checkpoints after it and recomputes only those up to the state
/// shown (skipping the step shown costs at most one interval); a later move forward recomputes
/// the rest as it passes them.
///
/// ```swift
/// // Counter as in Feature's example.
/// let session = Session<Counter>(
///   featureName: "Counter", initialState: Counter.State(),
///   steps: [
///     .init(number: 1, intent: .increment, outputs: [.result(.increment)]),
///     .init(number: 2, intent: .increment, outputs: [.result(.increment)]),
///   ])
/// var travel = TimeTravel(session: session, feature: Counter())
/// travel.jump(to: 2)
/// #expect(travel.state.count == 2)
/// travel.toggleSkip(1)
/// #expect(travel.state.count == 1)
/// #expect(travel.changes(at: 2) == ["count: 0 → 1"])
/// ```
///
/// A live store travels with ``StoreTimeTravel``, which shows these states in the store itself.
///
/// Thread safety: a value; use one copy from one thread at a time.
public struct TimeTravel<F: Feature> {
  /// The session travelled.
  public let session: Session<F>
  /// The feature whose `reduce` recomputes the states.
  public let feature: F
  /// The position shown: 0 for the initial state, `k` after the k-th step.
  public private(set) var position = 0
  /// The state at ``position``.
  public private(set) var state: F.State
  /// The skipped steps (1-based positions).
  public private(set) var skipped: Set<Int> = []
  /// `checkpoints[i]` is the state after step `i * checkpointInterval`, with the skipped steps
  /// left out. Computed on demand, in order: a skip drops the ones after the skipped step, and
  /// a move computes those up to where it goes, so a skip costs what the shown state needs.
  var checkpoints: [F.State] = []

  /// How many steps lie between two held states.
  public static var checkpointInterval: Int { 256 }

  /// A traveller at the initial state of `session`.
  public init(session: Session<F>, feature: F) {
    self.session = session
    self.feature = feature
    self.state = session.initialState
    self.checkpoints = [session.initialState]
  }

  /// The number of steps.
  public var stepCount: Int { session.steps.count }

  /// The k-th step (1-based).
  public func step(_ position: Int) -> Session<F>.Step { session.steps[position - 1] }

  /// Whether the step at `position` is skipped.
  public func isSkipped(_ position: Int) -> Bool { skipped.contains(position) }

  /// The state after the step at `position` (0: the initial state), skipped steps left out.
  /// At most ``checkpointInterval`` `reduce` calls once the moves have reached `position`
  /// (a position beyond the computed checkpoints is reduced from the last one).
  public func state(at position: Int) -> F.State {
    let position = min(max(position, 0), stepCount)
    let checkpoint = min(position / Self.checkpointInterval, checkpoints.count - 1)
    var state = checkpoints[checkpoint]
    var index = checkpoint * Self.checkpointInterval
    while index < position {
      index += 1
      state = advance(state, through: index)
    }
    return state
  }

  /// Shows the state at `position` (clamped to `0...stepCount`).
  public mutating func jump(to position: Int) {
    let position = min(max(position, 0), stepCount)
    computeCheckpoints(through: position)
    if position == self.position + 1 {
      state = advance(state, through: position)
    } else {
      state = state(at: position)
    }
    self.position = position
  }

  /// One step forward (nothing at the end).
  public mutating func stepForward() { jump(to: position + 1) }

  /// One step back (nothing at the start).
  public mutating func stepBack() { jump(to: position - 1) }

  /// Skips the step at `position` (1-based) if it is not skipped, unskips it otherwise; every
  /// later state is recomputed with the feature's `reduce` (up to the state shown at once, the
  /// rest as moves reach it).
  public mutating func toggleSkip(_ position: Int) {
    guard (1...max(stepCount, 1)).contains(position), stepCount > 0 else { return }
    if skipped.remove(position) == nil { skipped.insert(position) }
    // The checkpoints after the step are stale; those up to the shown state are computed again.
    checkpoints.removeSubrange(
      min((position - 1) / Self.checkpointInterval + 1, checkpoints.count)...)
    computeCheckpoints(through: self.position)
    state = state(at: self.position)
  }

  /// The fields the step at `position` changed, as `path: old → new` lines (the comparison
  /// `TestStore` prints); none for a skipped step or one that changed nothing.
  public func changes(at position: Int) -> [String] {
    guard position >= 1, position <= stepCount, !isSkipped(position) else { return [] }
    return differences(state(at: position - 1), state(at: position)).map {
      "\($0.path): \($0.old) → \($0.new)"
    }
  }

  /// The state after the step at `position` (1-based) from the state before it.
  func advance(_ state: F.State, through position: Int) -> F.State {
    guard !skipped.contains(position) else { return state }
    var state = state
    for output in session.steps[position - 1].outputs {
      if case .result(let result) = output { state = apply(feature, result, to: state) }
    }
    return state
  }

  /// Computes the missing checkpoints at or before `position`.
  mutating func computeCheckpoints(through position: Int) {
    let interval = Self.checkpointInterval
    let last = min(position, stepCount) / interval
    guard checkpoints.count <= last else { return }
    var state = checkpoints[checkpoints.count - 1]
    var index = (checkpoints.count - 1) * interval
    while checkpoints.count <= last {
      for _ in 0..<interval {
        index += 1
        state = advance(state, through: index)
      }
      checkpoints.append(state)
    }
  }
}

extension TimeTravel: Sendable
where F: Sendable, F.Intent: Sendable, F.Result: Sendable, F.Event: Sendable {}
