// `DeliveryList` owns one strong reference per element: freeing the list releases each element
// exactly once, whatever was appended, grown and removed before.
import ReactiveEngine
import Synchronization
import Testing

/// How many `Counted` elements were freed.
private final class FreedCount {
  let value = Atomic<Int>(0)
  var now: Int { value.load(ordering: .relaxed) }
}

/// An element that counts its deallocation.
private final class Counted {
  let freed: FreedCount
  init(_ freed: FreedCount) { self.freed = freed }
  deinit { freed.value.add(1, ordering: .relaxed) }
}

@Suite struct DeliveryListTests {
  @Test(arguments: [0, 1, 4, 5, 100])
  func freeingTheListReleasesEveryElementOnce(count: Int) {
    let freed = FreedCount()
    weak var firstElement: Counted?
    do {
      var list = DeliveryList<Counted>()
      for _ in 0..<count { list.append(Counted(freed)) }
      if count > 0 { firstElement = list[0] }
      #expect(list.count == count)
      #expect(freed.now == 0)
    }
    #expect(freed.now == count)
    #expect(firstElement == nil)
  }

  @Test func elementsRemovedBeforeTheListIsFreedAreReleasedOnceToo() {
    let freed = FreedCount()
    var kept: [Counted] = []
    do {
      var list = DeliveryList<Counted>()
      for _ in 0..<10 { list.append(Counted(freed)) }
      kept.append(list[9])
      list.remove(at: 3)
      list.removeLast(2)
      #expect(freed.now == 2)  // the 4th and the 9th; the 10th is kept
      #expect(list.count == 7)
    }
    #expect(freed.now == 9)
    kept.removeAll()
    #expect(freed.now == 10)
  }
}
