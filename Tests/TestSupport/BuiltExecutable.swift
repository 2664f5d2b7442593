// Running an executable of this package end to end: `swift test` builds it because the test target
// depends on it, and it sits next to the test bundle in the build directory.

import Foundation
import Testing

/// An executable product of this package, run by the end-to-end tests.
/// Thread-safe: each run has its own process and files.
public struct BuiltExecutable: Sendable {
  /// The product's name (`hero-selector`, `todo`).
  public let name: String
  /// The executable's path, or nil if it cannot be found.
  public let url: URL?

  public init(name: String) {
    self.name = name
    url = Self.locate(name)
  }

  /// What a finished run wrote, and how it exited.
  public struct Result: Sendable {
    public var exitCode: Int32
    public var stdout: String
    public var stderr: String
  }

  /// What the process reads.
  public enum Input: Sendable {
    /// `/dev/null`.
    case none
    case text(String)
    /// An open descriptor (a pseudo-terminal), which the caller keeps and closes.
    case descriptor(Int32)
  }

  /// A fresh temporary directory for one test; the test removes it.
  public func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(name)-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs the executable with `arguments`, `stdin` as standard input (nil: `/dev/null`) and
  /// `environment` added to this process's, and waits for its exit (see ``Running/wait()``).
  public func run(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
    stdout: String? = nil
  ) throws -> Result {
    try start(
      arguments, stdin: stdin.map(Input.text) ?? .none, environment: environment, stdout: stdout
    )
    .wait()
  }

  /// Starts the executable with `arguments`, reading `stdin` and writing its standard output to
  /// the file `stdout` (by default a file of its own, returned by ``Running/wait()``).
  public func start(
    _ arguments: [String], stdin: Input = .none, environment: [String: String] = [:],
    stdout: String? = nil
  ) throws -> Running {
    let executable = try #require(url, "\(name) executable not found next to the tests")
    let directory = try temporaryDirectory()
    let outURL = directory.appendingPathComponent("stdout")
    let errURL = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    switch stdin {
    case .none:
      process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    case .text(let text):
      let inURL = directory.appendingPathComponent("stdin")
      try Data(text.utf8).write(to: inURL)
      process.standardInput = try FileHandle(forReadingFrom: inURL)
    case .descriptor(let descriptor):
      process.standardInput = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    }
    process.standardOutput = try FileHandle(
      forWritingTo: stdout.map(URL.init(fileURLWithPath:)) ?? outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    return Running(
      name: name, process: process, exited: exited, directory: directory, arguments: arguments)
  }

  /// A started run.
  public struct Running: @unchecked Sendable {  // Process is thread-safe for what is used here
    let name: String
    public let process: Process
    let exited: DispatchSemaphore
    let directory: URL
    let arguments: [String]

    /// What the process has written to its standard output file so far.
    public var stdoutSoFar: String {
      (try? String(contentsOf: directory.appendingPathComponent("stdout"), encoding: .utf8)) ?? ""
    }

    /// Waits for the exit and returns what the process wrote. It must never hang: past the heavy
    /// deadline it is killed and the test fails.
    public func wait() throws -> Result {
      defer { try? FileManager.default.removeItem(at: directory) }
      if !TestSupport.wait(for: exited, timeout: heavyDeadline) {
        process.terminate()
        Issue.record("\(name) \(arguments) did not finish within \(heavyDeadline)")
        process.waitUntilExit()
      }
      return Result(
        exitCode: process.terminationStatus,
        stdout: try String(contentsOf: directory.appendingPathComponent("stdout"), encoding: .utf8),
        stderr: try String(contentsOf: directory.appendingPathComponent("stderr"), encoding: .utf8))
    }
  }

  /// Looks for `name` beside the running test binary, then in the package's default build
  /// directory.
  private static func locate(_ name: String) -> URL? {
    var directories: [URL] = []
    #if os(Linux)
      if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        directories.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
      }
    #endif
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    if let first = CommandLine.arguments.first {
      directories.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    // This file is Tests/TestSupport/BuiltExecutable.swift.
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    directories.append(packageRoot.appendingPathComponent(".build/debug"))
    return directories.lazy.map { $0.appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
