extension Unicode.Scalar {
  /// Whether this is a control character (general category Cc: C0, DEL and C1, such as ESC,
  /// BEL and CSI): text that a terminal may act on instead of showing.
  public var isControlCharacter: Bool { properties.generalCategory == .control }
}

extension StringProtocol {
  /// This text with each control character written as a visible escape (`\u{1B}`, `\u{07}`,
  /// `\n`, `\t`), so text from a file or from the user cannot retitle, clear or otherwise
  /// drive the terminal it is printed to. Other characters are kept as they are.
  ///
  /// - Complexity: O(n) in the length of the text.
  public var escapingControlCharacters: String {
    guard unicodeScalars.contains(where: \.isControlCharacter) else { return String(self) }
    var escaped = ""
    for scalar in unicodeScalars {
      if scalar.isControlCharacter {
        escaped += scalar.escaped(asASCII: true)
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
