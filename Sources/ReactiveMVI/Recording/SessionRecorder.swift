import ReactiveEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Cuts what a store does into session steps (see ``SessionFormat``), from its middleware
/// activities: an intent opens a step, a result or event from a running effect opens one without
/// an intent, and synchronous outputs join the open step. A step is complete when the next one
/// opens, or at `finish`. Shared by ``SessionRecorder`` (which writes the steps) and
/// ``StoreTimeTravel`` (which keeps them).
///
/// Thread safety: `record` runs on the store's draining thread and `finish` on any thread; both
/// take the lock, and `complete` is called under it, so steps arrive in order, one at a time.
final class SessionStepAssembler<F: Feature>: @unchecked Sendable {
  // Only `pending` changes, under its lock; the rest is immutable.
  typealias Step = SessionStep<F.Intent, F.Result, F.Event>

  struct Pending {
    var step: Step?
    var number = 0
    var state: F.State
  }

  let pending: Locked<Pending>
  let scheduler: (any SchedulerType)?
  /// Receives each complete step with the state after it, under the lock.
  let complete: (Step, F.State) -> Void

  init(
    initialState: F.State, scheduler: (any SchedulerType)?,
    complete: @escaping (Step, F.State) -> Void
  ) {
    self.pending = Locked(Pending(state: initialState))
    self.scheduler = scheduler
    self.complete = complete
  }

  func record(_ activity: StoreActivity<F>) {
    pending.withLock { pending in
      switch activity {
      case .intent(let intent):
        open(&pending, intent: intent)
      case .result(let result, let origin):
        if origin == .effect || pending.step == nil { open(&pending, intent: nil) }
        pending.step?.outputs.append(.result(result))
      case .event(let event, let origin):
        if origin == .effect || pending.step == nil { open(&pending, intent: nil) }
        pending.step?.outputs.append(.event(event))
      case .stateChanged(_, let new):
        pending.state = new
      case .effectFailed:
        break
      }
    }
  }

  /// Completes the open step, if any. Between two items of the store (on its draining thread,
  /// or once it is idle) the open step is whole; called while an item runs on another thread,
  /// it cuts that item's step in two.
  func finish() {
    pending.withLock { close(&$0) }
  }

  func open(_ pending: inout Pending, intent: F.Intent?) {
    close(&pending)
    pending.number += 1
    pending.step = Step(
      number: pending.number, intent: intent, outputs: [],
      wallTime: Date().timeIntervalSince1970,
      schedulerTime: scheduler?.now.timeIntervalSince1970)
  }

  func close(_ pending: inout Pending) {
    guard let step = pending.step else { return }
    pending.step = nil
    complete(step, pending.state)
  }
}

/// Records a store's session (see ``SessionFormat``) through its ``middleware``: every intent,
/// every result that reached `reduce` (in the order `reduce` saw them), every event, the state
/// after each step, and when each step began.
///
/// ```swift
/// // Counter as in Feature's example, with Codable intents and state.
/// let lines = BehaviorRelay<[String]>(value: [])
/// let recorder = SessionRecorder(
///   feature: Counter(), initialState: Counter.State(),
///   sink: { line in lines.accept(lines.value + [line]) })
/// let store = Store(
///   initialState: Counter.State(), feature: Counter(), middleware: [recorder.middleware])
/// store.send(.increment)
/// recorder.finish()
/// #expect(lines.value.count == 2)  // the header and one step
/// ```
///
/// A step is written once it is complete: when the next step begins, or at ``finish()``. So a
/// program that stops without `finish()` loses at most its last step, and a line cut short by a
/// crash is dropped on reading (``Session/truncatedLine``).
///
/// Recording off costs nothing: the recorder is a middleware, and a store without middleware
/// builds no activity. Recording on is not a hot path: every step is encoded with `JSONEncoder`.
/// A value that fails to encode is reported to `onError` and left out of its line.
///
/// Thread safety: the middleware runs on the store's draining thread, ``finish()`` on any
/// thread; `sink` is called for one line at a time, in order, under the recorder's lock (it
/// must not call back into the recorder).
public final class SessionRecorder<F: Feature>: Sendable
where F.Intent: Encodable, F.Result: Encodable, F.Event: Encodable {
  let assembler: SessionStepAssembler<F>

  /// A recorder of a feature whose state is `Encodable`: the header holds `initialState` and
  /// every step the state after it.
  ///
  /// - Parameters:
  ///   - feature: the feature recorded (its type names the session, see ``Session``).
  ///   - name: the feature name in the header (default: the feature's type name).
  ///   - initialState: the store's initial state.
  ///   - scheduler: whose clock each step records as `schedulerTime` (none by default).
  ///   - sink: receives each line, without its newline: the header at once, each step when it
  ///     is complete.
  ///   - onError: a value that fails to encode (its line is written without it).
  public convenience init(
    feature: F, name: String? = nil, initialState: F.State,
    scheduler: (any SchedulerType)? = nil, sink: @escaping @Sendable (String) -> Void,
    onError: @escaping @Sendable (any Error) -> Void = { _ in }
  ) where F.State: Encodable {
    self.init(
      name: name ?? String(describing: F.self), initialState: initialState,
      scheduler: scheduler, sink: sink, onError: onError, encodeState: { try sessionJSON($0) })
  }

  /// A recorder of a feature whose state is not `Encodable`: no state is recorded. The results
  /// still are, so a session given its initial state replays exactly.
  ///
  /// - Parameters:
  ///   - feature: the feature recorded.
  ///   - name: the feature name in the header (default: the feature's type name).
  ///   - initialState: the store's initial state (not written).
  ///   - scheduler: whose clock each step records as `schedulerTime` (none by default).
  ///   - sink: receives each line, without its newline.
  ///   - onError: a value that fails to encode (its line is written without it).
  public convenience init(
    feature: F, name: String? = nil, initialState: F.State,
    scheduler: (any SchedulerType)? = nil, sink: @escaping @Sendable (String) -> Void,
    onError: @escaping @Sendable (any Error) -> Void = { _ in }
  ) {
    self.init(
      name: name ?? String(describing: F.self), initialState: initialState,
      scheduler: scheduler, sink: sink, onError: onError, encodeState: nil)
  }

  init(
    name: String, initialState: F.State, scheduler: (any SchedulerType)?,
    sink: @escaping @Sendable (String) -> Void, onError: @escaping @Sendable (any Error) -> Void,
    encodeState: ((F.State) throws -> String)?
  ) {
    func encoded(_ value: some Encodable) -> String? {
      do { return try sessionJSON(value) } catch {
        onError(error)
        return nil
      }
    }
    func encodedState(_ state: F.State) -> String? {
      guard let encodeState else { return nil }
      do { return try encodeState(state) } catch {
        onError(error)
        return nil
      }
    }
    var header = [
      ("format", jsonString(SessionFormat.name)), ("version", "\(SessionFormat.version)"),
      ("feature", jsonString(name)), ("wallTime", "\(Date().timeIntervalSince1970)"),
    ]
    if let state = encodedState(initialState) { header.append(("initialState", state)) }
    sink(jsonObject(header))
    assembler = SessionStepAssembler(initialState: initialState, scheduler: scheduler) {
      step, state in
      var fields = [("step", "\(step.number)")]
      if let intent = step.intent, let json = encoded(intent) { fields.append(("intent", json)) }
      let outputs = step.outputs.compactMap(encoded)
      fields.append(("outputs", "[" + outputs.joined(separator: ",") + "]"))
      if let state = encodedState(state) { fields.append(("state", state)) }
      fields.append(("wallTime", "\(step.wallTime)"))
      if let time = step.schedulerTime { fields.append(("schedulerTime", "\(time)")) }
      sink(jsonObject(fields))
    }
  }

  /// The middleware to give the recorded store (it records the store it is given to).
  public var middleware: Middleware<F> {
    Middleware { [assembler] activity, _ in assembler.record(activity) }
  }

  /// Writes the step in progress, if any. Call it when the session ends (before the program
  /// stops), once the store is idle: after the last `send` returned and its effects ended, or
  /// on the store's draining thread. (A step whose item is still being handled on another
  /// thread would be cut in two.) Recording may go on afterwards.
  public func finish() { assembler.finish() }
}

/// One compact JSON value with sorted keys (so a session diffs well and reads the same on every
/// platform).
func sessionJSON(_ value: some Encodable) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}

func jsonString(_ text: String) -> String {
  (try? sessionJSON(text)) ?? "\"\""
}

/// `{"k":v,...}` from already encoded values, keys sorted.
func jsonObject(_ fields: [(String, String)]) -> String {
  "{" + fields.sorted { $0.0 < $1.0 }.map { jsonString($0.0) + ":" + $0.1 }.joined(separator: ",")
    + "}"
}
