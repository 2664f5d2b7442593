#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts a terminal in raw mode (no echo, no line editing, no signals from keys, CR kept as CR)
/// and restores the saved settings on `restore()`.
///
/// Output processing stays on, so "\n" still moves to the start of the next line.
public final class RawTerminal {
  public let fd: Int32
  private var original = termios()
  private var restored = false

  public init(fd: Int32) throws(TerminalError) {
    self.fd = fd
    guard tcgetattr(fd, &original) == 0 else {
      throw TerminalError("cannot read the terminal settings: \(String(cString: strerror(errno)))")
    }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | BRKINT | ISTRIP)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(fd, TCSANOW, &raw) == 0 else {
      throw TerminalError(
        "cannot set the terminal to raw mode: \(String(cString: strerror(errno)))")
    }
  }

  /// Restores the settings saved by `init`; later calls do nothing.
  public func restore() {
    guard !restored else { return }
    restored = true
    _ = tcsetattr(fd, TCSANOW, &original)
  }

  deinit { restore() }
}

/// Blocks the termination signals while the terminal is raw, so that they stay pending instead
/// of killing the process with the terminal left raw; the key loop polls for them.
public struct PendingSignals {
  public static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGWINCH]
  private var previous = sigset_t()

  public init() {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in Self.watched { sigaddset(&set, signal) }
    pthread_sigmask(SIG_BLOCK, &set, &previous)
  }

  /// A pending signal: a termination signal, or SIGWINCH (the terminal was resized). SIGTSTP is
  /// swallowed: suspending would leave the terminal raw.
  public func take() -> Int32? {
    var pending = sigset_t()
    sigpending(&pending)
    for signal in Self.watched where sigismember(&pending, signal) == 1 {
      var one = sigset_t()
      sigemptyset(&one)
      sigaddset(&one, signal)
      var received: Int32 = 0
      sigwait(&one, &received)
      if received != SIGTSTP { return received }
    }
    return nil
  }

  /// Unblocks the signals once the terminal is restored.
  public func release() {
    var previous = self.previous
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }
}

/// The size of the terminal on `fd` (columns, rows), or nil when it is not a terminal.
public func terminalSize(_ fd: Int32) -> (columns: Int, rows: Int)? {
  var size = winsize()
  guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
    return nil
  }
  return (Int(size.ws_col), Int(size.ws_row))
}
