#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The render sink: a `HeroView` that writes every state it is given to a file descriptor.
///
/// - `.stream`: text screens separated by a blank line, or one JSON object per line; for pipes,
///   files and `--intents`.
/// - `.redraw`: the interactive screen, redrawn in place (cursor moved up over the previous
///   screen, which is cleared), with a line of key hints under it.
public final class StateSink: HeroView {
  public enum Mode: Sendable { case stream, redraw }

  let fd: Int32
  let format: Options.Format
  let mode: Mode
  let text: TextRenderer
  private var rendered = 0
  private var drawnLines = 0
  /// Set once writing failed: the program stops.
  private(set) var failed = false
  /// Why writing failed, unless the reader went away (EPIPE: `| head` closed the pipe, which
  /// ends the program quietly): a full disk or another I/O error, reported with exit code 74.
  private(set) var writeError: HeroSelectorError?

  public init(fd: Int32, format: Options.Format, mode: Mode = .stream, color: Bool = false) {
    self.fd = fd
    self.format = format
    self.mode = mode
    self.text = TextRenderer(color: color)
  }

  /// The number of states rendered so far.
  public var renderedCount: Int { rendered }

  public func render(_ state: HeroState) {
    defer { rendered += 1 }
    switch (format, mode) {
    case (.json, _):
      emit(JSONRenderer.render(state) + (mode == .redraw ? "\r\n" : "\n"))
    case (.text, .stream):
      emit((rendered == 0 ? "" : "\n") + text.render(state) + "\n")
    case (.text, .redraw):
      var lines = text.lines(for: state)
      lines.append("")
      lines.append(keyHints(for: state))
      var output = ""
      if drawnLines > 0 { output += "\r\u{1B}[\(drawnLines)A" }
      output += "\u{1B}[J"
      for line in lines { output += line + "\r\n" }
      drawnLines = lines.count
      emit(output)
    }
  }

  func keyHints(for state: HeroState) -> String {
    let hints =
      switch state {
      case .presenting: "←/h previous · →/l next · Enter select · q quit"
      case .selected: "Enter/Esc dismiss · q quit"
      }
    return text.color ? Ansi.dim + hints + Ansi.reset : hints
  }

  func emit(_ output: String) {
    guard !failed else { return }
    do { try FileIO.writeAll(fd, output) } catch {
      failed = true
      if error.code != EPIPE { writeError = .io("cannot write the output: \(error.message)") }
    }
  }
}
