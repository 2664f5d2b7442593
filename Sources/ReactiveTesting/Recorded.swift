import ReactiveCore

/// A point in virtual time, in ticks of a `TestScheduler`.
public typealias TestTime = Int

/// A value recorded at a virtual time: an event of a testable observer or observable.
///
/// Compare recorded events with `==` in Swift Testing or XCTest:
///
/// ```swift
/// let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
/// let res = scheduler.start { xs.map { $0 * 2 } }
/// #expect(res.events == [.next(210, 2), .completed(300)])
/// ```
public struct Recorded<Value>: CustomDebugStringConvertible {
  /// When the value was recorded.
  public let time: TestTime
  /// The recorded value (usually an `Event`).
  public let value: Value

  /// Records `value` at `time`.
  public init(time: TestTime, value: Value) {
    self.time = time
    self.value = value
  }

  /// "VALUE @ TIME", as RxTest prints it.
  public var debugDescription: String { "\(value) @ \(time)" }
}

extension Recorded: Equatable where Value: Equatable {}
extension Recorded: Sendable where Value: Sendable {}

extension Recorded {
  /// `.next(element)` recorded at `time`.
  public static func next<T>(_ time: TestTime, _ element: T) -> Recorded<Event<T>>
  where Value == Event<T> {
    Recorded(time: time, value: .next(element))
  }

  /// `.completed` recorded at `time`.
  public static func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>>
  where Value == Event<T> {
    Recorded(time: time, value: .completed)
  }

  /// `.error(error)` recorded at `time`.
  public static func error<T>(_ time: TestTime, _ error: any Swift.Error, _ type: T.Type = T.self)
    -> Recorded<Event<T>> where Value == Event<T>
  {
    Recorded(time: time, value: .error(error))
  }

  /// The arguments as an array: `Recorded.events(.next(210, 1), .completed(250))`.
  public static func events<T>(_ recordedEvents: Recorded<Event<T>>...) -> [Recorded<Event<T>>]
  where Value == Event<T> {
    recordedEvents
  }

  /// The argument, unchanged (lets `Recorded.events([...])` read like the variadic form).
  public static func events<T>(_ recordedEvents: [Recorded<Event<T>>]) -> [Recorded<Event<T>>]
  where Value == Event<T> {
    recordedEvents
  }
}

/// `.next(element)` recorded at `time` (the RxTest free function; prefer `.next(time, element)`).
public func next<T>(_ time: TestTime, _ element: T) -> Recorded<Event<T>> {
  Recorded(time: time, value: .next(element))
}

/// `.completed` recorded at `time` (the RxTest free function; prefer `.completed(time)`).
public func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>> {
  Recorded(time: time, value: .completed)
}

/// `.error(error)` recorded at `time` (the RxTest free function; prefer `.error(time, error)`).
public func error<T>(_ time: TestTime, _ error: any Swift.Error, _ type: T.Type = T.self)
  -> Recorded<Event<T>>
{
  Recorded(time: time, value: .error(error))
}
