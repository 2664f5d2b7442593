/// A first-in, first-out ring buffer: O(1) push and pop, and no allocation once it has grown to
/// its working size.
@usableFromInline
package struct FIFO<Element> {
  @usableFromInline var storage: ContiguousArray<Element?> = []
  @usableFromInline var head = 0
  @usableFromInline package internal(set) var count = 0

  @inlinable package init() {}

  @inlinable package var isEmpty: Bool { count == 0 }

  @inlinable
  package mutating func append(_ element: Element) {
    if count == storage.count { grow() }
    var index = head + count
    if index >= storage.count { index -= storage.count }
    storage[index] = element
    count += 1
  }

  @inlinable
  package mutating func popFirst() -> Element? {
    guard count > 0 else { return nil }
    let element = storage[head].take()
    head += 1
    if head == storage.count { head = 0 }
    count -= 1
    return element
  }

  @inlinable
  package mutating func removeAll() {
    storage = []
    head = 0
    count = 0
  }

  /// The elements in order, oldest first.
  @inlinable
  package var elements: [Element] {
    (0..<count).map { offset in
      var index = head + offset
      if index >= storage.count { index -= storage.count }
      return storage[index]!
    }
  }

  /// The newest element.
  @inlinable
  package var last: Element? {
    guard count > 0 else { return nil }
    var index = head + count - 1
    if index >= storage.count { index -= storage.count }
    return storage[index]
  }

  @usableFromInline
  mutating func grow() {
    let newCapacity = Swift.max(4, storage.count * 2)
    var newStorage = ContiguousArray<Element?>(repeating: nil, count: newCapacity)
    for offset in 0..<count {
      var index = head + offset
      if index >= storage.count { index -= storage.count }
      newStorage[offset] = storage[index].take()
    }
    storage = newStorage
    head = 0
  }
}
