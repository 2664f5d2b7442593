import ExampleTerminal

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
  /// How many screen rows the last redraw took (a line wider than the terminal wraps).
  private var drawnRows = 0
  /// The terminal's size, for `.redraw` (columns, rows); nil when unknown (not a terminal).
  private var size: (columns: Int, rows: Int)?
  /// The last state drawn, to redraw it after a resize.
  private var lastState: HeroState?
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
      lastState = state
      emit(moveToTopOfScreen() + screen(for: state))
    }
  }

  /// Sets the terminal's size (at start and after SIGWINCH) and, once something was drawn,
  /// redraws the last state from the top of the cleared screen: after a resize the terminal may
  /// have re-wrapped the old screen, so its row count is no longer known.
  public func resize(columns: Int, rows: Int) {
    size = columns > 0 && rows > 0 ? (columns, rows) : nil
    guard mode == .redraw, format == .text, let state = lastState else { return }
    drawnRows = 0
    emit("\u{1B}[H\u{1B}[2J" + screen(for: state))
  }

  /// Moves the cursor up over the previous screen (by screen rows, not lines).
  private func moveToTopOfScreen() -> String {
    drawnRows > 0 ? "\r\u{1B}[\(drawnRows)A\u{1B}[J" : "\u{1B}[J"
  }

  /// The screen for `state` with its key hints, in the full form when the terminal is large
  /// enough, else in the short form; records how many rows it takes.
  private func screen(for state: HeroState) -> String {
    var lines = text.lines(for: state)
    lines.append("")
    lines.append(keyHints(for: state))
    if let size, size.columns < TextRenderer.fullWidth || size.rows < lines.count + 1 {
      lines = text.shortLines(for: state, width: size.columns)
      lines.append(shortKeyHints(for: state).truncated(toColumns: size.columns))
    }
    if let columns = size?.columns {
      drawnRows = lines.reduce(0) { rows, line in
        rows + max(1, (line.terminalColumns + columns - 1) / columns)
      }
    } else {
      drawnRows = lines.count  // size unknown: count lines
    }
    return lines.map { $0 + "\r\n" }.joined()
  }

  func shortKeyHints(for state: HeroState) -> String {
    switch state {
    case .presenting: "←→ Enter q"
    case .selected: "Enter q"
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
