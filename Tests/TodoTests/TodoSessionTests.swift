import Foundation
import ReactiveMVI
import TestSupport
import Testing

@testable import TodoKit

@Suite struct TodoSessionTests {
  @Test func recordTravelAndExportTest() throws {
    let directory = try todoExecutable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("todos.json").path
    let session = directory.appendingPathComponent("session.jsonl").path
    let script = "add Milk\nadd Bread\ntoggle 1\nfilter done\n"
    let recorded = try todoExecutable.run(
      ["--file", file, "--format", "json", "--save-delay", "0", "--record", session],
      stdin: script)
    #expect(recorded.exitCode == 0)
    let screens = recorded.stdout.split(separator: "\n").map { String($0) + "\n" }
    #expect(screens.count == 4)
    let lines = try String(contentsOfFile: session, encoding: .utf8).split(separator: "\n")
    #expect(lines[0].contains(#""feature":"TodoFeature","format":"reactivemvi-session""#))
    // The result of `add` and the save it starts at once are one step.
    #expect(
      lines[1].hasPrefix(
        #"{"intent":{"add":{"_0":"Milk"}},"outputs":[{"result":{"added":{"_0":"Milk"}}},{"result":{"saveStarted":{}}}]"#
      ))

    // The state after the last step, as --format json prints it: the last screen, saved.
    let steps = lines.count - 1
    let last = try todoExecutable.run(["--travel", session, "--at", "\(steps)"])
    #expect(last.exitCode == 0)
    #expect(last.stdout.contains(#""items":[{"done":true,"id":1,"title":"Milk"}]"#))
    #expect(last.stdout.contains(#""filter":"done""#))
    let first = try todoExecutable.run(["--travel", session, "--at", "1"])
    #expect(
      first.stdout.hasPrefix(
        #"{"filter":"all","items":[{"done":false,"id":1,"title":"Milk"}],"left":1,"status":"saving""#
      ))
    let past = try todoExecutable.run(["--travel", session, "--at", "\(steps + 1)"])
    #expect(past.exitCode == 65)
    #expect(past.stderr == "todo: --at \(steps + 1): '\(session)' has \(steps) steps\n")

    let exported = try todoExecutable.run(["--export-test", session])
    #expect(exported.exitCode == 0)
    #expect(exported.stdout.contains("@Test func recordedTodoSession() {"))
    #expect(exported.stdout.contains(#"  store.send(.add("Milk")) {"#))
    // Whether the first save lands before `add Bread` cancels it depends on how the script's
    // lines and the main queue interleave; the last save, of both items, is received in every order.
    #expect(exported.stdout.contains("  store.receive(.saved(count: 2))"))

    // Another feature's session is refused, naming both.
    let text = try String(contentsOfFile: session, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "TodoFeature", with: "HeroFeature").utf8)
      .write(to: URL(fileURLWithPath: session))
    let other = try todoExecutable.run(["--travel", session, "--at", "1"])
    #expect(other.exitCode == 65)
    #expect(
      other.stderr
        == "todo: \(session): the session was recorded from feature HeroFeature, not TodoFeature\n")
  }
}
