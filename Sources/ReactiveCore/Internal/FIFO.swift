/// A first-in, first-out queue on a contiguous array; amortized O(1) push and pop.
@usableFromInline
struct FIFO<Element> {
  @usableFromInline var storage: ContiguousArray<Element?> = []
  @usableFromInline var head = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { head == storage.count }
  @inlinable var count: Int { storage.count - head }

  @inlinable
  mutating func append(_ element: Element) {
    storage.append(element)
  }

  @inlinable
  mutating func popFirst() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head].take()
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 32 && head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }

  @inlinable
  mutating func removeAll() {
    storage.removeAll()
    head = 0
  }

  /// The elements in order, oldest first.
  @inlinable
  var elements: [Element] { storage[head...].map { $0! } }
}
