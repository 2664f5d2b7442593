import Foundation
import TestSupport
import Testing

/// Runs the built `hero-selector` executable (built by `swift test` because the test target
/// depends on it; it sits next to the test bundle in the build directory).
enum HeroSelectorExecutable {
  struct Result {
    var exitCode: Int32
    var stdout: String
    var stderr: String
  }

  /// The executable's path, or nil if it cannot be found.
  static let url: URL? = {
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
    // Fallback: the package's default build directory.
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    directories.append(packageRoot.appendingPathComponent(".build/debug"))
    return directories.lazy.map { $0.appendingPathComponent("hero-selector") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// A fresh temporary directory for one test.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("hero-selector-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs the executable with `arguments` and `stdin` as standard input (nil: /dev/null).
  static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:])
    throws -> Result
  {
    let executable = try #require(url, "hero-selector executable not found next to the tests")
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let inURL = directory.appendingPathComponent("stdin")
    let outURL = directory.appendingPathComponent("stdout")
    let errURL = directory.appendingPathComponent("stderr")
    try Data((stdin ?? "").utf8).write(to: inURL)
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    process.environment = env
    process.standardInput =
      stdin == nil
      ? FileHandle(forReadingAtPath: "/dev/null") : try FileHandle(forReadingFrom: inURL)
    let outHandle = try FileHandle(forWritingTo: outURL)
    let errHandle = try FileHandle(forWritingTo: errURL)
    process.standardOutput = outHandle
    process.standardError = errHandle
    try process.run()
    // It must never hang: past the generous deadline it is killed and the test fails.
    if !eventually({ !process.isRunning }) {
      process.terminate()
      Issue.record("hero-selector \(arguments) did not finish within \(generousDeadline)")
    }
    process.waitUntilExit()
    try outHandle.close()
    try errHandle.close()
    return Result(
      exitCode: process.terminationStatus,
      stdout: try String(contentsOf: outURL, encoding: .utf8),
      stderr: try String(contentsOf: errURL, encoding: .utf8))
  }
}
