/// The JSON-lines session format: what ``SessionRecorder`` writes and ``Session`` reads.
///
/// A session is UTF-8 text, one JSON object per line, each line ending in `\n`. The first line
/// is the header, every other line one step:
///
/// ```text
/// {"feature":"Counter","format":"reactivemvi-session","initialState":{"count":0},"version":1,"wallTime":1764300000.5}
/// {"intent":{"increment":{}},"outputs":[{"result":{"increment":{}}}],"state":{"count":1},"step":1,"wallTime":1764300001.25}
/// ```
///
/// - Header: `format` (always `reactivemvi-session`), `version` (``version``), `feature` (the
///   feature's name, checked on reading), `initialState` (absent when `State` is not
///   `Encodable`), `wallTime` (seconds since 1970, when recording began).
/// - Step: `step` (1, 2, …), `intent` (the intent handled, absent for a step started by an
///   effect's output), `outputs` (in the order the store processed them, each `{"result": R}`
///   for a result that reached `reduce` or `{"event": E}` for an event), `state` (the state
///   after the step, absent when `State` is not `Encodable`), `wallTime` (seconds since 1970,
///   when the step began) and `schedulerTime` (the recorder's scheduler clock, seconds since
///   1970, present when the recorder was given a scheduler).
///
/// Keys are sorted and every line is compact JSON, so two sessions diff line by line.
///
/// A step is one item of the store's work: an intent with everything it produced synchronously
/// (the results `handle` returned and those `effect(after:state:)` returned at once), or one
/// output of a running effect with what it produced synchronously. So `reduce` over a session's
/// results, in order, gives its states, with no effect run and nothing stubbed.
///
/// A reader refuses a header of another `format` or `version`; a later version of the format
/// changes ``version``.
public enum SessionFormat {
  /// The `format` field of every header.
  public static let name = "reactivemvi-session"
  /// The format version this library writes and reads.
  public static let version = 1
}

/// What one step of a session produced, in order: a result that reached `reduce`, or an event.
public enum SessionOutput<Result, Event> {
  /// A result `reduce` saw.
  case result(Result)
  /// A one-off event the store published.
  case event(Event)
}

extension SessionOutput: Sendable where Result: Sendable, Event: Sendable {}
extension SessionOutput: Equatable where Result: Equatable, Event: Equatable {}

/// The keys of an encoded ``SessionOutput``.
enum SessionOutputKey: String, CodingKey { case result, event }

extension SessionOutput: Encodable where Result: Encodable, Event: Encodable {
  /// Encodes `{"result": R}` or `{"event": E}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: SessionOutputKey.self)
    switch self {
    case .result(let result): try container.encode(result, forKey: .result)
    case .event(let event): try container.encode(event, forKey: .event)
    }
  }
}

extension SessionOutput: Decodable where Result: Decodable, Event: Decodable {
  /// Decodes `{"result": R}` or `{"event": E}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: SessionOutputKey.self)
    if container.contains(.result) {
      self = .result(try container.decode(Result.self, forKey: .result))
    } else {
      self = .event(try container.decode(Event.self, forKey: .event))
    }
  }
}

/// One step of a session: an intent with what it produced at once, or one output of a running
/// effect with what it produced at once (see ``SessionFormat``).
public struct SessionStep<Intent, Result, Event> {
  /// The step's number, from 1.
  public var number: Int
  /// The intent handled, or `nil` for a step started by an effect's output.
  public var intent: Intent?
  /// The results `reduce` saw and the events published, in order.
  public var outputs: [SessionOutput<Result, Event>]
  /// When the step began: seconds since 1970 on the wall clock.
  public var wallTime: Double
  /// When the step began on the recorder's scheduler, if it had one: seconds since 1970.
  public var schedulerTime: Double?

  /// A step with these fields.
  public init(
    number: Int, intent: Intent?, outputs: [SessionOutput<Result, Event>], wallTime: Double = 0,
    schedulerTime: Double? = nil
  ) {
    self.number = number
    self.intent = intent
    self.outputs = outputs
    self.wallTime = wallTime
    self.schedulerTime = schedulerTime
  }

  /// The results `reduce` saw, in order.
  public var results: [Result] {
    outputs.compactMap { if case .result(let result) = $0 { result } else { nil } }
  }

  /// The events published, in order.
  public var events: [Event] {
    outputs.compactMap { if case .event(let event) = $0 { event } else { nil } }
  }
}

extension SessionStep: Sendable where Intent: Sendable, Result: Sendable, Event: Sendable {}
extension SessionStep: Equatable where Intent: Equatable, Result: Equatable, Event: Equatable {}
