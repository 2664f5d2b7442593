import Testing

@testable import ReactiveMVI

@Suite struct EnumCaseTests {
  enum Payload: Equatable { case a, b(Int) }
  indirect enum Intent: Equatable {
    case first(Payload), second(Payload), labelled(value: Payload), bare, nested(Intent)
    case row(id: Int, Payload), unlabelledRow(String, Payload), otherRow(id: Int, Payload)
  }

  @Test func extractsThePayloadOfItsCaseOnly() {
    let first = EnumCase(Intent.first)
    #expect(first.extract(from: .first(.b(1))) == .b(1))
    #expect(first.extract(from: .second(.b(1))) == nil)  // same payload type, another case
    #expect(first.extract(from: .bare) == nil)
    #expect(first.extract(from: .row(id: 1, .a)) == nil)
    #expect(EnumCase(Intent.second).extract(from: .second(.a)) == .a)
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
