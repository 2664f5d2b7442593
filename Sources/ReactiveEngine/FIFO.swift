/// A first-in, first-out ring buffer: O(1) amortized push and pop, and no allocation once it has
/// grown to its working size.
///
/// Shrink policy: when a pop leaves the buffer at most a quarter full and its capacity is above
/// `minimumShrinkCapacity`, the capacity halves. So memory taken by a burst is given back as the
/// burst drains (a queue that emptied keeps at most `minimumShrinkCapacity` slots), while a queue
/// oscillating around its working size does not reallocate (halving at a quarter, doubling when
/// full, leaves a factor of two of hysteresis each way).
@usableFromInline
package struct FIFO<Element> {
  @usableFromInline var storage: ContiguousArray<Element?> = []
  @usableFromInline var head = 0
  @usableFromInline package internal(set) var count = 0

  @inlinable package init() {}

  @inlinable package var isEmpty: Bool { count == 0 }

  /// The oldest element, if any.
  @inlinable
  package var first: Element? { isEmpty ? nil : storage[head] }

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
    if storage.count > Self.minimumShrinkCapacity && count * 4 <= storage.count {
      resize(to: storage.count / 2)
    }
    return element
  }

  /// Capacities up to this are kept when the buffer empties.
  @inlinable package static var minimumShrinkCapacity: Int { 32 }

  /// The number of slots allocated now.
  @inlinable package var capacity: Int { storage.count }

  /// Removes and returns every element, leaving the buffer empty with no storage.
  @inlinable
  package mutating func takeAll() -> FIFO<Element> {
    let taken = self
    self = FIFO()
    return taken
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
    resize(to: Swift.max(4, storage.count * 2))
  }

  /// Moves the elements, in order, into fresh storage of `newCapacity` (at least `count`) slots.
  @usableFromInline
  mutating func resize(to newCapacity: Int) {
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
