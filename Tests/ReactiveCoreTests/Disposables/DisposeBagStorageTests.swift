import Testing

@testable import ReactiveCore

/// The bag's own storage: every item disposed once, in insertion order, and released; insertions
/// after disposal disposed and released at once.
@Suite struct DisposeBagStorageTests {
  /// Records its disposals and its deinitialization in `log`.
  final class Tracked: Disposable, @unchecked Sendable {  // test-local, single-threaded
    let id: Int
    let log: Shared<[String]>
    init(_ id: Int, _ log: Shared<[String]>) {
      self.id = id
      self.log = log
    }
    func dispose() { log.mutate { $0.append("dispose \(id)") } }
    deinit { log.mutate { [id] in $0.append("deinit \(id)") } }
  }

  @Test func disposesThenReleasesEveryItemInInsertionOrderAcrossGrowth() {
    let log = Shared<[String]>([])
    var bag: DisposeBag? = DisposeBag()
    // 100 items: the storage grows several times while they are inserted.
    for id in 0..<100 { Tracked(id, log).disposed(by: bag!) }
    #expect(log.read(\.isEmpty))
    bag = nil
    #expect(log.value.filter { $0.hasPrefix("dispose") } == (0..<100).map { "dispose \($0)" })
    #expect(
      Set(log.value.filter { $0.hasPrefix("deinit") }) == Set((0..<100).map { "deinit \($0)" }))
    // Each item is disposed before it is released.
    for id in 0..<100 {
      #expect(
        log.value.firstIndex(of: "dispose \(id)")! < log.value.firstIndex(of: "deinit \(id)")!)
    }
  }

  @Test func insertionAfterDisposalDisposesAndReleasesAtOnce() {
    let log = Shared<[String]>([])
    let bag = DisposeBag()
    Tracked(0, log).disposed(by: bag)
    bag.dispose()
    #expect(log.value == ["dispose 0", "deinit 0"])
    Tracked(1, log).disposed(by: bag)
    bag.insert(Tracked(2, log))
    #expect(
      log.value == ["dispose 0", "deinit 0", "dispose 1", "deinit 1", "dispose 2", "deinit 2"])
  }

  @Test func itemInsertedWhileTheBagDisposesIsDisposedAtOnce() {
    let log = Shared<[String]>([])
    let bag = DisposeBag()
    bag.insert(
      Disposables.create {
        log.mutate { $0.append("dispose 0") }
        Tracked(1, log).disposed(by: bag)
      })
    Tracked(2, log).disposed(by: bag)
    bag.dispose()
    #expect(
      log.value.filter { $0.hasPrefix("dispose") } == ["dispose 0", "dispose 1", "dispose 2"])
    #expect(log.value.contains("deinit 1") && log.value.contains("deinit 2"))
  }
}
