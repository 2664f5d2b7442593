/// An element of a `SubscriberList`: it knows its slot, so that removing it is O(1).
@usableFromInline
package protocol SubscriberListElement: AnyObject {
  /// Its index in the list; `-1` when it is not in one (not yet added, removed, or a tombstone).
  /// Written only by the list.
  var slot: Int { get set }
}

/// The subscriber list of a drainer-run owner (a hub's entries, a store's state subscribers):
/// subscription order, O(1) amortized removal, and delivery loops that read it in place.
///
/// A removed element's slot takes a tombstone (an element whose `slot` is `-1` and that its owner
/// never delivers to) in O(1); the newest element leaves no tombstone. Once tombstones fill more
/// than half the list, one stable pass squeezes them out, renumbering the live elements. So removal is
/// O(1) amortized, the order of delivery is kept, and a delivery skips at most as many tombstones
/// as there are live elements. Disposing N subscribers in any order costs O(N) in all.
///
/// Thread safety: none of its own. The owner touches it only while holding its drainer role, and
/// never changes it while a delivery loop runs (changes are queued behind the current delivery).
@usableFromInline
package struct SubscriberList<Element: SubscriberListElement>: ~Copyable {
  @usableFromInline var elements = DeliveryList<Element>()
  /// The tombstones among the slots.
  @usableFromInline package private(set) var tombstones = 0
  /// Slots written or moved by removals so far: the observable cost of removal, for the tests
  /// of its O(1) amortized bound.
  @usableFromInline package private(set) var removalWork = 0

  @inlinable package init() {}

  /// The slots in use: live elements and tombstones.
  @inlinable package var count: Int { elements.count }

  /// Whether no element (live or tombstone) is left.
  @inlinable package var isEmpty: Bool { elements.count == 0 }

  /// The element or tombstone in slot `index` (`0 <= index < count`).
  @inlinable
  package subscript(index: Int) -> Element { elements[index] }

  /// The slots' storage, for a delivery loop: see `DeliveryList.unsafeElements`. A loop skips
  /// tombstones by its owner's own test (a tombstone is never live).
  @inlinable
  package var unsafeElements: UnsafeBufferPointer<Element> { elements.unsafeElements }

  /// The slots' storage as a pointer range: see `DeliveryList.unsafeBounds`.
  @inlinable
  package var unsafeBounds: (start: UnsafePointer<Element>, end: UnsafePointer<Element>) {
    elements.unsafeBounds
  }

  /// Adds `element` at the end.
  @inlinable
  package mutating func append(_ element: Element) {
    element.slot = elements.count
    elements.append(element)
  }

  /// Removes `element` in O(1) amortized, leaving `tombstone()` in its slot unless it is the
  /// newest. Does nothing when `element` is not in the list (never added, or removed already).
  @inlinable
  package mutating func remove(_ element: Element, tombstone: () -> Element) {
    let index = element.slot
    guard index >= 0, index < elements.count, elements[index] === element else { return }
    element.slot = -1
    removalWork += 1
    if index == elements.count - 1 {
      elements.removeLast()  // the newest: no hole to leave
    } else {
      elements[index] = tombstone()
      tombstones += 1
    }
    // Checked after either kind of removal, so tombstones never outnumber the live elements.
    // Amortized O(1): between two compactions of a list of L slots, at least (L - r) / 2 of
    // its tombstones were made, with r newest elements removed.
    if tombstones * 2 > elements.count { removeTombstones() }
  }

  /// Squeezes the tombstones out in place, keeping the order and the storage, and renumbers the
  /// live elements. O(count). Inlinable so that it runs specialized for the owner's element type
  /// (unspecialized, each slot's test is a witness call), and never inlined: it is the rare half
  /// of `remove`, kept out of the owner's removal path.
  @inlinable @inline(never)
  mutating func removeTombstones() {
    removalWork += elements.count
    elements.removeAll(
      where: { $0.slot < 0 }, renumbering: { element, index in element.slot = index })
    tombstones = 0
  }

  /// Releases every element and tombstone, keeping the storage.
  @inlinable
  package mutating func removeAll() {
    elements.removeAll()
    tombstones = 0
  }

  /// Removes and returns the live elements in order, giving back the storage (a terminal event).
  /// Their `slot`s are left as they were: a later `remove` of one finds it gone by identity.
  @inlinable
  package mutating func takeAll() -> ContiguousArray<Element> {
    var taken = elements.takeAll()
    if tombstones != 0 { taken.removeAll { $0.slot < 0 } }
    tombstones = 0
    return taken
  }
}
