import Foundation
import Testing

/// The generated sources (the arity forms of `combineLatest` and `zip`) are what their generator
/// writes today: a template edited without regenerating, or a generated file edited by hand,
/// fails `swift test`.
@Suite struct GeneratedSourcesTests {
  @Test func theArityFormsAreTheGeneratorsOutput() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "Scripts/generate-arities.py", "--check"]
    process.currentDirectoryURL = SnippetCheckTests.root
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(
      process.terminationStatus == 0,
      "Scripts/generate-arities.py --check failed (needs python3): \(message)")
  }
}
