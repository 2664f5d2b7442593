// A pseudo-terminal for the end-to-end tests of the interactive programs.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal pair: the program gets the slave side as its stdin/stdout/stderr (so it is
/// interactive), the test types into and reads from the master side.
public final class PseudoTerminal {
  public let master: Int32
  /// The program's side; -1 once `closeSlave()` handed it to a child for good.
  public private(set) var slave: Int32
  public private(set) var output: [UInt8] = []

  public init() throws {
    // posix_openpt and friends are not imported by the Glibc module: look them up at run time.
    typealias IntFunction = @convention(c) (Int32) -> Int32
    typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
    let process = dlopen(nil, RTLD_NOW)
    defer { if let process { dlclose(process) } }
    guard let openpt = dlsym(process, "posix_openpt"), let grant = dlsym(process, "grantpt"),
      let unlock = dlsym(process, "unlockpt"), let ptsname = dlsym(process, "ptsname")
    else { throw POSIXError(.ENOSYS) }
    master = unsafeBitCast(openpt, to: IntFunction.self)(O_RDWR | O_NOCTTY)
    guard master >= 0, unsafeBitCast(grant, to: IntFunction.self)(master) == 0,
      unsafeBitCast(unlock, to: IntFunction.self)(master) == 0,
      let name = unsafeBitCast(ptsname, to: NameFunction.self)(master)
    else { throw POSIXError(.ENODEV) }
    slave = open(String(cString: name), O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw POSIXError(.ENODEV) }
  }

  deinit {
    close(master)
    closeSlave()
  }

  /// Closes the test's copy of the program's side, once a child holds its own: the terminal then
  /// hangs up when the child exits.
  public func closeSlave() {
    if slave >= 0 { close(slave) }
    slave = -1
  }

  /// Sets the terminal's size, as a terminal emulator does when its window changes.
  public func setSize(columns: Int, rows: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  public func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// The output so far with ANSI escapes removed.
  public var plainOutput: String { stripAnsi(String(decoding: output, as: UTF8.self)) }
  public var rawOutput: String { String(decoding: output, as: UTF8.self) }

  /// Reads output until `condition` holds (true) or the heavy deadline (a child process runs)
  /// passes (false).
  public func waitFor(_ condition: (PseudoTerminal) -> Bool) -> Bool {
    let deadline = ContinuousClock.now.advanced(by: heavyDeadline)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !condition(self) {
      if ContinuousClock.now > deadline { return false }
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, 50) > 0 {
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if count > 0 { output.append(contentsOf: buffer[0..<count]) }
      }
    }
    return true
  }

  /// Reads what is already buffered (the output of a process that has exited).
  public func drain() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 100) > 0 else { return }
      let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      output.append(contentsOf: buffer[0..<count])
    }
  }

  public func waitFor(_ text: String) -> Bool { waitFor { $0.plainOutput.contains(text) } }

  /// Waits until `text` occurs `count` times in the output.
  public func waitFor(_ text: String, count: Int) -> Bool {
    waitFor { $0.plainOutput.components(separatedBy: text).count - 1 >= count }
  }

  public var localFlags: tcflag_t {
    var settings = termios()
    tcgetattr(slave, &settings)
    return settings.c_lflag
  }
}

/// `text` with its ANSI escape sequences removed.
public func stripAnsi(_ text: String) -> String {
  var out = ""
  var inEscape = false
  for scalar in text.unicodeScalars {
    if inEscape {
      if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
    } else if scalar == "\u{1B}" {
      inEscape = true
    } else {
      out.unicodeScalars.append(scalar)
    }
  }
  return out
}
