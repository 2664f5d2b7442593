/// A collection that finds an element by its id without looking at every element.
///
/// A ``ChildFeatures`` finds the row an intent names by its id. Over a plain `MutableCollection`
/// that is a scan, O(n) per intent: a list of 100,000 rows pays for 100,000 comparisons per tap.
/// Over a collection of this protocol (``PersistentArray`` is one) it asks the collection
/// instead: the row's reducer looks the row up with ``firstIndex(indexingID:at:)``, which indexes
/// the ids (O(n)) the first time and again after the list changed length, and every later
/// look-up, in this value and in the copies made from it, costs a hash look-up and a check of
/// the element found.
///
/// ```swift
/// struct Row: Equatable { var id: Int; var done = false }
///
/// var rows = PersistentArray((0..<100_000).map { Row(id: $0 * 10) })
/// print(rows.firstIndex(indexingID: 420, at: \.id) ?? -1)  // indexes the ids: O(n), once
/// // Prints: 42
/// let published = rows  // copies share the index
/// print(published.firstIndex(ofID: 990, at: \.id) ?? -1)  // a hash look-up
/// // Prints: 99
/// ```
///
/// Ids must be unique within the collection: with two elements of one id, which of them a
/// look-up finds is unspecified.
public protocol IDIndexedCollection: MutableCollection {
  /// The position of the element whose `key` is `id`, or `nil` when there is none: fast when
  /// this value (or the value it was copied from) was indexed by `key`, a scan otherwise.
  func firstIndex<ID: Hashable>(ofID id: ID, at key: KeyPath<Element, ID>) -> Index?

  /// The position of the element whose `key` is `id`, or `nil`; indexes the elements by `key`
  /// when they are not indexed by it yet or the index no longer holds, so that later look-ups
  /// (``firstIndex(ofID:at:)`` included, in this value and its copies) are fast. Call it where
  /// the value may change anyway (a reducer): the index lives in the value.
  mutating func firstIndex<ID: Hashable>(indexingID id: ID, at key: KeyPath<Element, ID>)
    -> Index?
}

/// The positions of a ``PersistentArray``'s elements by one id key path: immutable once built,
/// so the copies of an array that share it may read it from any thread.
@usableFromInline
final class IDPositions<ID: Hashable>: @unchecked Sendable {
  // @unchecked: immutable; the key path is an immutable value (not `Sendable` only because a
  // key path through a subscript could capture a non-Sendable argument).
  /// The key path the elements were indexed by.
  @usableFromInline let key: AnyKeyPath
  /// Each id's position (the first, if two elements share an id).
  @usableFromInline let positions: [ID: Int]

  @inlinable
  init(key: AnyKeyPath, positions: [ID: Int]) {
    self.key = key
    self.positions = positions
  }

  /// Whether this index was built by `key`.
  @inlinable
  func isIndex(by key: AnyKeyPath) -> Bool {
    self.key === key || self.key == key
  }
}

extension PersistentArray: IDIndexedCollection {
  /// The position of the element whose `key` is `id`, or `nil`.
  ///
  /// - Complexity: O(log n) once this value was indexed by `key` (a hash look-up, then a read of
  ///   the element found to check its id); O(n) otherwise, and for an id that is not there or
  ///   whose element moved since the index was built (a sort, an id changed in place).
  @inlinable
  public func firstIndex<ID: Hashable>(ofID id: ID, at key: KeyPath<Element, ID>) -> Int? {
    firstIndex(ofID: id, indexedBy: key) { $0[keyPath: key] }
  }

  /// The position of the element whose `key` is `id`, or `nil`: the index's answer when it
  /// holds, otherwise that of a fresh index, built in this value and shared by its later copies.
  /// A change of length drops the index; changes in place keep it.
  ///
  /// - Complexity: O(log n) when the index holds; O(n) when it is built (the first look-up, the
  ///   first after a change of length, a look-up of an id that is not there).
  @inlinable
  public mutating func firstIndex<ID: Hashable>(indexingID id: ID, at key: KeyPath<Element, ID>)
    -> Int?
  {
    firstIndex(indexingID: id, indexedBy: key) { $0[keyPath: key] }
  }

  // The look-ups below name the index by its key path (`key`) but read an element's id with
  // `readID`, which must return what `key` does: a caller that knows the id's type statically
  // (`Identifiable.id`) reads it without applying a key path at run time.

  /// ``firstIndex(ofID:at:)`` with the ids read by `readID`.
  @inlinable
  func firstIndex<ID: Hashable>(
    ofID id: ID, indexedBy key: AnyKeyPath, readingID readID: (Element) -> ID
  ) -> Int? {
    if let index = indexedPosition(ofID: id, indexedBy: key, readingID: readID) { return index }
    return firstIndex { readID($0) == id }
  }

  /// ``firstIndex(indexingID:at:)`` with the ids read by `readID`.
  @inlinable
  mutating func firstIndex<ID: Hashable>(
    indexingID id: ID, indexedBy key: AnyKeyPath, readingID readID: (Element) -> ID
  ) -> Int? {
    if let position = indexedPosition(ofID: id, indexedBy: key, readingID: readID) {
      return position
    }
    reindexIDs(indexedBy: key, readingID: readID)
    return (root.idPositions as? IDPositions<ID>)?.positions[id]
  }

  /// The element whose id is `id`, or `nil`: one walk down the tree when the index holds.
  @inlinable
  func element<ID: Hashable>(
    withID id: ID, indexedBy key: AnyKeyPath, readingID readID: (Element) -> ID
  ) -> Element? {
    if let found = indexedElement(ofID: id, indexedBy: key, readingID: readID) {
      return found.leaf.elements[found.offset]
    }
    return first { readID($0) == id }
  }

  /// The position of `id` according to the index, checked against the element there; `nil`
  /// when there is no index by `key`, no such id in it, or the element there has another id.
  @inlinable
  func indexedPosition<ID: Hashable>(
    ofID id: ID, indexedBy key: AnyKeyPath, readingID readID: (Element) -> ID
  ) -> Int? {
    indexedElement(ofID: id, indexedBy: key, readingID: readID)?.position
  }

  /// Where `id` is according to the index (its position, its leaf and its offset there), checked
  /// against the element there, which is read in its leaf without a copy; `nil` as for
  /// ``indexedPosition(ofID:indexedBy:readingID:)``.
  @inlinable
  func indexedElement<ID: Hashable>(
    ofID id: ID, indexedBy key: AnyKeyPath, readingID readID: (Element) -> ID
  ) -> (position: Int, leaf: Leaf, offset: Int)? {
    guard let index = root.idPositions as? IDPositions<ID>, index.isIndex(by: key),
      let position = index.positions[id], position < count
    else { return nil }
    let (leaf, start) = leaf(containing: position)
    guard readID(leaf.elements[position - start]) == id else { return nil }
    return (position, leaf, position - start)
  }

  /// Indexes the elements by `key` (their ids read by `readID`) from scratch.
  @inlinable
  mutating func reindexIDs<ID: Hashable>(
    indexedBy key: AnyKeyPath, readingID readID: (Element) -> ID
  ) {
    var positions = [ID: Int](minimumCapacity: count)
    for (position, element) in enumerated() {
      let id = readID(element)
      if positions[id] == nil { positions[id] = position }
    }
    makeRootUnique()
    root.idPositions = IDPositions(key: key, positions: positions)
  }
}
