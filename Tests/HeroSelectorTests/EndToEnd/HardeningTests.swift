import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Hostile and odd inputs end with a documented exit code and a short message, at once; never a
/// crash, a hang or unbounded memory.
@Suite(.onOwnThread) struct HardeningTests {
  @Test func aTenMegabyteLineIsRefusedWithAShortMessage() throws {
    let line = String(repeating: "a", count: 10_000_000)
    let result = try heroSelector.run([], stdin: line)
    #expect(result.exitCode == 65)
    #expect(result.stderr == "hero-selector: <stdin>:1: the line is longer than 65536 bytes\n")
  }

  @Test func aLongUnknownWordIsQuotedAsAShortEscapedExcerpt() throws {
    let word = "\u{1B}[2J" + String(repeating: "x", count: 1_000) + "\r"
    let result = try heroSelector.run([], stdin: word + "\n")
    #expect(result.exitCode == 65)
    #expect(result.stderr.count < 200)
    #expect(result.stderr.hasPrefix("hero-selector: <stdin>:1: unknown intent '\\u{1B}[2Jxxx"))
    #expect(!result.stderr.contains("\u{1B}"))
  }

  @Test func devicesAndFifosAreRefusedNotRead() throws {
    let directory = try heroSelector.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let cases: [([String], String)] = [
      (
        ["--heroes", "/dev/zero"],
        "hero-selector: cannot read roster '/dev/zero': not a regular file\n"
      ),
      (
        ["--heroes", "/dev/urandom"],
        "hero-selector: cannot read roster '/dev/urandom': not a regular file\n"
      ),
      (["--heroes", fifo], "hero-selector: cannot read roster '\(fifo)': not a regular file\n"),
      (
        ["--heroes", directory.path],
        "hero-selector: cannot read roster '\(directory.path)': not a regular file\n"
      ),
      (
        ["--replay", "/dev/zero"],
        "hero-selector: cannot read replay log '/dev/zero': not a regular file\n"
      ),
      (
        ["--replay", fifo], "hero-selector: cannot read replay log '\(fifo)': not a regular file\n"
      ),
    ]
    for (arguments, message) in cases {
      let result = try heroSelector.run(arguments)
      #expect(result.exitCode == 65, "\(arguments)")
      #expect(result.stderr == message)
      #expect(result.stdout == "")  // nothing drawn before the input was refused
    }
  }

  @Test func filesOverTheSizeLimitAreRefusedNotRead() throws {
    let directory = try heroSelector.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Sparse files: large to `stat`, nothing on disk.
    let roster = directory.appendingPathComponent("big.json").path
    let log = directory.appendingPathComponent("big.jsonl").path
    for (path, size) in [(roster, (128 << 20) + 1), (log, (16 << 20) + 1)] {
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      #expect(truncate(path, off_t(size)) == 0)
    }
    let big = try heroSelector.run(["--heroes", roster])
    #expect(big.exitCode == 65)
    #expect(
      big.stderr == "hero-selector: cannot read roster '\(roster)': larger than 134217728 bytes\n")
    #expect(big.stdout == "")
    let long = try heroSelector.run(["--replay", log])
    #expect(long.exitCode == 65)
    #expect(
      long.stderr == "hero-selector: cannot read replay log '\(log)': larger than 16777216 bytes\n")
    #expect(long.stdout == "")
  }

  @Test func controlCharactersInNamesAreRefusedWithTheirPosition() throws {
    let directory = try heroSelector.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let roster = directory.appendingPathComponent("heroes.json").path
    let cases = [
      (
        #"[{"name":"\u001b[2J","speed":1,"power":1,"stamina":1}]"#,
        #"1:10: hero 1: name "\u{1B}[2J" contains the control character \u{1B}"#
      ),
      (
        "[\n {\"name\":\"a\\nb\",\"speed\":1,\"power\":1,\"stamina\":1}]",
        #"2:10: hero 1: name "a\n" + "b" contains"#
      ),
      (
        #"[{"name":"x\u0000","speed":1,"power":1,"stamina":1}]"#,
        #"1:10: hero 1: name "x\u{00}" contains the control character \u{00}"#
      ),
    ]
    for (json, message) in cases {
      try Data(json.utf8).write(to: URL(fileURLWithPath: roster))
      let result = try heroSelector.run(["--heroes", roster])
      #expect(result.exitCode == 65)
      #expect(
        result.stderr.hasPrefix("hero-selector: \(roster):" + message.split(separator: "\"").first!)
      )
      #expect(!result.stderr.contains("\u{1B}") && !result.stderr.dropLast().contains("\n"))
    }
  }

  @Test func aCRLFLogReplaysAndAnInvalidOrMissingLogDrawsNothing() throws {
    let directory = try heroSelector.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = directory.appendingPathComponent("log.jsonl").path
    try Data("{\"intent\":\"next\"}\r\n{\"intent\":\"select\"}\r\n".utf8).write(
      to: URL(fileURLWithPath: log))
    let crlf = try heroSelector.run(["--format", "json", "--replay", log])
    #expect(crlf.exitCode == 0)
    #expect(crlf.stdout.split(separator: "\n").count == 3)
    let missing = try heroSelector.run(["--replay", directory.appendingPathComponent("none").path])
    #expect(missing.exitCode == 65)
    #expect(missing.stdout == "")
  }

  @Test func aFullDeviceIsAnIOError() throws {
    let executable = try #require(heroSelector.url)
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--intents", "next,next"]
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 74)
    #expect(message == "hero-selector: cannot write the output: No space left on device\n")
  }
}
