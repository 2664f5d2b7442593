import ExampleTerminal
import ReactiveMVI

/// `--travel FILE` in a terminal: the real hero screen for the step under the cursor, on the
/// shared time-travel screen (`TravelScreen`: ←/→, Home/End, `s` skip, `e` export, `q` quit).
struct TravelSession {
  let session: Session<HeroFeature>
  let roster: Roster
  let path: String
  let input: Int32
  let output: Int32

  /// Where `e` writes the test: `NAME.jsonl` gives `NAMETests.swift` beside it.
  var testPath: String { exportedTestPath(forSession: path) }

  func run() throws(HeroSelectorError) -> Int32 {
    let feature = HeroFeature(roster: roster)
    let renderer = TextRenderer(color: Terminal.colorAllowed(output: output))
    let session = self.session
    var screen = TravelScreen(
      travel: TimeTravel(session: session, feature: feature), input: input, output: output,
      render: { renderer.lines(for: $0) },
      describe: { step in
        step.intent.map { "intent \($0.rawValue)" }
          ?? "result " + step.results.map(\.rawValue).joined(separator: ", ")
      },
      testPath: testPath,
      exportedTest: {
        SessionTestExport.swiftTesting(
          session: session, feature: feature, testName: "recordedHeroSession",
          featureExpression: "HeroFeature(roster: .default)",
          imports: ["@testable import HeroSelectorKit"])
      })
    do throws(TerminalError) {
      return try screen.run()
    } catch {
      throw .data(error.message)
    }
  }
}
