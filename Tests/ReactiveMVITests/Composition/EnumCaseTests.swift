import Dispatch
import Synchronization
import Testing

@testable import ReactiveMVI

@Suite(.onOwnThread) struct EnumCaseTests {
  enum Payload: Equatable {
    case a
    case b(Int)
  }
  indirect enum Intent: Equatable {
    case first(Payload)
    case second(Payload)
    case labelled(value: Payload)
    case bare
    case nested(Intent)
    case row(id: Int, Payload)
    case unlabelledRow(String, Payload)
    case otherRow(id: Int, Payload)
  }

  @Test func extractsThePayloadOfItsCaseOnly() {
    let first = EnumCase(Intent.first)
    #expect(first.extract(from: .first(.b(1))) == .b(1))
    #expect(first.extract(from: .second(.b(1))) == nil)  // same payload type, another case
    #expect(first.extract(from: .bare) == nil)
    #expect(first.extract(from: .row(id: 1, .a)) == nil)
    #expect(EnumCase(Intent.second).extract(from: .second(.a)) == .a)
  }

  @Test func answersTheSameBeforeAndAfterItHasSeenAValueOfItsCase() {
    let second = EnumCase(Intent.second)
    #expect(second.extract(from: .first(.a)) == nil)  // not yet seen: read by Mirror
    #expect(second.extract(from: .bare) == nil)
    #expect(second.extract(from: .second(.b(5))) == .b(5))  // seen: remembered
    #expect(second.extract(from: .first(.a)) == nil)
    #expect(second.extract(from: .bare) == nil)
    #expect(second.extract(from: .second(.a)) == .a)
  }

  @Test func threadsExtractingAtOnceAllGetTheRightAnswer() {
    let first = EnumCase(Intent.first)
    let wrong = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: 64) { index in
      let value: Intent = index.isMultiple(of: 2) ? .first(.b(index)) : .second(.b(index))
      let expected: Payload? = index.isMultiple(of: 2) ? .b(index) : nil
      if first.extract(from: value) != expected { wrong.add(1, ordering: .relaxed) }
    }
    #expect(wrong.load(ordering: .relaxed) == 0)
  }

  @Test func readsALabelledPayloadAndAnIndirectCase() {
    #expect(EnumCase(Intent.labelled).extract(from: .labelled(value: .b(2))) == .b(2))
    #expect(EnumCase(Intent.nested).extract(from: .nested(.bare)) == .bare)
    #expect(EnumCase(Intent.nested).extract(from: .first(.a)) == nil)
  }

  @Test func rowCasesGiveTheIdAndThePayload() {
    let row = RowCase(Intent.row)
    #expect(row.extract(from: .row(id: 3, .b(4))).map { [$0.0] } == [3])
    #expect(row.extract(from: .row(id: 3, .b(4)))?.1 == .b(4))
    #expect(row.extract(from: .otherRow(id: 3, .a)) == nil)  // same payload types, another case
    #expect(row.extract(from: .first(.a)) == nil)
    #expect(RowCase(Intent.unlabelledRow).extract(from: .unlabelledRow("x", .a))?.0 == "x")
    #expect(RowCase(Intent.unlabelledRow).extract(from: .row(id: 1, .a)) == nil)
  }
}

/// The short form needs the enum's case names at run time; without them (reflection metadata
/// stripped, as `-disable-reflection-metadata` does to every case) it stops the program rather
/// than match nothing. A struct has no case names either, so it stands in for a stripped enum.
@Suite struct EnumCaseWithoutNamesTests {
  struct NoCases: Equatable { var value: Int }

  @Test func aRootWithoutCaseNamesStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = EnumCase<NoCases, Int>({ NoCases(value: $0) }).extract(from: NoCases(value: 1))
    }
  }
}
