import ExampleTerminal

extension Key {
  /// The intent this key stands for in the interactive mode, if any.
  public var intent: HeroIntent? {
    switch self {
    case .left: .previous
    case .right: .next
    case .enter: .select
    case .escape: .dismiss
    case .interrupt, .endOfInput: .quit
    case .character(let byte):
      switch byte {
      case UInt8(ascii: "h"), UInt8(ascii: "p"): .previous
      case UInt8(ascii: "l"), UInt8(ascii: "n"): .next
      case UInt8(ascii: " "), UInt8(ascii: "s"): .select
      case UInt8(ascii: "d"): .dismiss
      case UInt8(ascii: "q"), UInt8(ascii: "Q"): .quit
      default: nil
      }
    case .up, .down, .home, .end: nil
    }
  }
}

extension Key {
  /// The intent of this key while `state` is shown: on the alert, Enter and Space press its
  /// `[ Dismiss ]` button; elsewhere ``intent``.
  public func intent(in state: HeroState) -> HeroIntent? {
    if case .selected = state, self == .enter || self == .character(UInt8(ascii: " ")) {
      return .dismiss
    }
    return intent
  }
}
