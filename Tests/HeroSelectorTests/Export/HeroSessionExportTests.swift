import Foundation
import ReactiveMVI
import ReactiveMVITesting
import ReactiveTesting
import TestSupport
import Testing

@testable import HeroSelectorKit

/// The hero feature with a changed reducer: `dismiss` leaves the alert up.
struct HeroWithStuckAlert: Feature, Sendable {
  typealias State = HeroState
  typealias Intent = HeroIntent
  let base = HeroFeature(roster: .default)

  func reduce(_ state: HeroState, _ intent: HeroIntent) -> HeroState {
    intent == .dismiss ? state : base.reduce(state, intent)
  }
}

@Suite struct HeroSessionExportTests {
  /// A session recorded from the hero store: moves, a selection, a blocked move, a dismissal.
  static func recordedSession() throws -> Session<HeroFeature> {
    let feature = HeroFeature(roster: .default)
    let lines = Shared<[String]>([])
    let recorder = SessionRecorder(
      feature: feature, initialState: feature.reducer.initialState,
      sink: { line in lines.mutate { $0.append(line) } })
    let store = Store(
      initialState: feature.reducer.initialState, feature: feature,
      middleware: [recorder.middleware])
    store.send(contentsOf: [.next, .next, .select, .next, .dismiss, .previous])
    recorder.finish()
    let text = lines.read { $0.joined(separator: "\n") + "\n" }
    return try Session(jsonLines: text, feature: feature)
  }

  static func exported() throws -> String {
    SessionTestExport.swiftTesting(
      session: try recordedSession(), feature: HeroFeature(roster: .default),
      testName: "recordedHeroSession", featureExpression: "HeroFeature(roster: .default)",
      imports: ["@testable import HeroSelectorKit"])
  }

  @Test func theExportedTestIsTheCheckedInCompiledOne() throws {
    let source = try Self.exported()
    // The file the export must equal, compiled in this target.
    let (path, checkedIn) = try checkedInGeneratedFile(
      named: "RecordedHeroSession.generated.swift", beside: #filePath, source: source)
    #expect(source == checkedIn, "the export changed: regenerate \(path)")
    #expect(source.contains("store.send(.select) { $0 = .selected(Hero(name: \"Lara Croft\""))
  }

  @Test func theExportedAssertionsFailWithADiffWhenTheReducerChanges() {
    let failures = Shared<[String]>([])
    replayRecordedHeroSession(
      HeroWithStuckAlert(),
      reporter: TestStoreReporter { message, _ in failures.mutate { $0.append(message) } })
    let messages = failures.read { $0 }
    #expect(
      messages.first?.contains(
        "state after dismiss differs from the expected state:\n  state: expected presenting(")
        == true, "\(messages)")
  }
}
