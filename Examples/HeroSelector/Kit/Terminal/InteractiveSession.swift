import ExampleTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive mode: raw keys in, the screen redrawn in place, the terminal always restored
/// (on q, Ctrl-C, Ctrl-D, end of input, SIGINT/SIGTERM/SIGHUP/SIGQUIT and errors).
struct InteractiveSession {
  let roster: Roster
  let format: Options.Format
  let recorder: SessionFileRecorder?
  let input: Int32
  let output: Int32

  func run() throws(HeroSelectorError) -> Int32 {
    let redraw = format == .text && isatty(output) == 1
    let terminal: RawTerminal
    do throws(TerminalError) { terminal = try RawTerminal(fd: input) } catch {
      throw .data(error.message)
    }
    let signals = PendingSignals()
    let sink = StateSink(
      fd: output, format: format, mode: redraw ? .redraw : .stream,
      color: redraw && Terminal.colorAllowed(output: output))
    if redraw { sink.emit("\u{1B}[?25l") }  // hide the cursor while drawing
    defer {
      if redraw { sink.emit("\u{1B}[0m\u{1B}[?25h") }
      terminal.restore()
      signals.release()
    }

    if redraw, let size = terminalSize(output) {
      sink.resize(columns: size.columns, rows: size.rows)
    }
    let presenter = HeroPresenter(
      roster: roster, middleware: recorder.map { [$0.middleware] } ?? [])
    let binding = presenter.bind(to: sink)
    defer { binding.dispose() }

    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 64)
    while !sink.failed {
      if let signal = signals.take() {
        guard signal == SIGWINCH else { return 128 + signal }
        if redraw, let size = terminalSize(output) {
          sink.resize(columns: size.columns, rows: size.rows)
        }
        continue
      }
      var pollfd = Terminal.inputPollDescriptor(fd: input)
      let timeout = decoder.isPending ? Terminal.escapeTimeoutMilliseconds : 200
      let ready = poll(&pollfd, 1, timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        return 0
      }
      var keys: [Key]
      if ready == 0 {
        guard decoder.isPending else { continue }
        keys = decoder.timeout()
      } else {
        let count = buffer.withUnsafeMutableBytes { posixRead(input, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
        if count <= 0 { return 0 }  // end of input: the terminal went away
        keys = decoder.feed(buffer[0..<count])
      }
      for key in keys {
        guard let next = key.intent(in: presenter.state) else { continue }
        if next == .quit { return key == .interrupt ? 130 : 0 }
        presenter.send(next)
        try recorder?.check()
      }
    }
    if let error = sink.writeError { throw error }
    return 0
  }
}
