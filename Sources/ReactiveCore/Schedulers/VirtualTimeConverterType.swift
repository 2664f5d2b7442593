#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Converts between a `VirtualTimeScheduler`'s clock and real time (RxSwift's protocol).
///
/// A virtual clock may count in any unit: integer ticks (`TestScheduler`), dates
/// (`HistoricalScheduler`), or your own.
public protocol VirtualTimeConverterType {
  /// A point on the virtual clock.
  associatedtype VirtualTimeUnit
  /// A distance between two points on the virtual clock.
  associatedtype VirtualTimeIntervalUnit

  /// The real time (a `Date`) of `virtualTime`.
  func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime
  /// The virtual time of `time`.
  func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit
  /// The length in seconds of `virtualTimeInterval`.
  func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit)
    -> TimeInterval
  /// The virtual interval of `timeInterval` seconds.
  func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit
  /// `time` moved by `offset`.
  func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit)
    -> VirtualTimeUnit
  /// How `lhs` compares to `rhs`.
  func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// The result of comparing two virtual times.
public enum VirtualTimeComparison: Sendable, Equatable {
  /// `lhs < rhs`.
  case lessThan
  /// `lhs == rhs`.
  case equal
  /// `lhs > rhs`.
  case greaterThan
}

/// The converter of `HistoricalScheduler`: the virtual clock is a `Date`, decoupled from the
/// machine's clock, and intervals are seconds.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType, Sendable {
  /// Virtual time is a `Date`.
  public typealias VirtualTimeUnit = RxTime
  /// Virtual intervals are seconds.
  public typealias VirtualTimeIntervalUnit = TimeInterval

  /// Creates the converter.
  public init() {}

  /// `virtualTime` itself.
  public func convertFromVirtualTime(_ virtualTime: RxTime) -> RxTime { virtualTime }
  /// `time` itself.
  public func convertToVirtualTime(_ time: RxTime) -> RxTime { time }
  /// `virtualTimeInterval` itself.
  public func convertFromVirtualTimeInterval(_ virtualTimeInterval: TimeInterval) -> TimeInterval {
    virtualTimeInterval
  }
  /// `timeInterval` itself.
  public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> TimeInterval {
    timeInterval
  }
  /// `time` plus `offset` seconds.
  public func offsetVirtualTime(_ time: RxTime, offset: TimeInterval) -> RxTime {
    time.addingTimeInterval(offset)
  }
  /// The order of the two dates.
  public func compareVirtualTime(_ lhs: RxTime, _ rhs: RxTime) -> VirtualTimeComparison {
    lhs < rhs ? .lessThan : lhs == rhs ? .equal : .greaterThan
  }
}
