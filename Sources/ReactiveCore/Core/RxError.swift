/// Errors produced by ReactiveCore's own operators, named as in RxSwift.
public enum RxError: Swift.Error, Equatable, Sendable, CustomDebugStringConvertible {
  /// An unknown error.
  case unknown
  /// An operation on an object that was already disposed.
  case disposed(object: String)
  /// An arithmetic overflow.
  case overflow
  /// An index or count argument outside the range the sequence provides (`element(at:)`).
  case argumentOutOfRange
  /// The sequence completed without the element a trait or operator required (`asSingle()`).
  case noElements
  /// The sequence emitted more than the one element a trait or operator allowed (`asSingle()`).
  case moreThanOneElement
  /// No event arrived in time (`timeout`).
  case timeout

  /// A one-line English description of the error, RxSwift's text.
  public var debugDescription: String {
    switch self {
    case .unknown: return "Unknown error occurred."
    case .disposed(let object): return "Object `\(object)` was already disposed."
    case .overflow: return "Arithmetic overflow occurred."
    case .argumentOutOfRange: return "Argument out of range."
    case .noElements: return "Sequence doesn't contain any elements."
    case .moreThanOneElement: return "Sequence contains more than one element."
    case .timeout: return "Sequence timeout."
    }
  }
}
