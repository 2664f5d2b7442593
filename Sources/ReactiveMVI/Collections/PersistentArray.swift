/// An ordered, random-access collection whose copies share their storage in small pieces, so that
/// changing one element of a copy costs O(log n) instead of O(n).
///
/// A store publishes every state it reduces, and whoever keeps a state (a `states` subscriber, a
/// `ViewStore`, a reader of `store.state` on another thread) shares its storage with the store's
/// current value. A reducer that copies the state and changes one row of an `Array` therefore
/// copies the whole array on every intent: a list of 100,000 rows pays for 100,000 rows per
/// keystroke. `PersistentArray` keeps its elements in a tree of small nodes (at most
/// ``nodeCapacity`` elements or children each); a change copies only the nodes on the path to the
/// element it changes and shares every other node with the copies that keep the old value.
///
/// ```swift
/// struct Row: Equatable { var id: Int; var title: String; var done = false }
///
/// var rows = PersistentArray((0..<100_000).map { Row(id: $0, title: "Row \($0)") })
/// let published = rows  // what a subscriber keeps: shares every node
/// rows[42].done.toggle()  // copies the few nodes on the path to row 42
/// print(published[42].done, rows[42].done)
/// // Prints: false true
/// ```
///
/// Use it like `Array`: it is a `RandomAccessCollection`, `MutableCollection` and
/// `RangeReplaceableCollection` indexed by `Int` from zero, `Equatable`, `Hashable`, `Codable`
/// (as a JSON array, like `Array`) and `Sendable` when its elements are.
///
/// Costs, for n elements: reading, writing, `append`, `insert(_:at:)` and `remove(at:)` are
/// O(log n) (the tree is at most ⌈log₁₆ n⌉ + 1 nodes deep); iterating is O(n); copying is O(1);
/// the first change of a copy copies O(log n) nodes of at most ``nodeCapacity`` entries each.
/// Replacing a large range at once (`replaceSubrange`, `removeAll(where:)`) rebuilds the tree in
/// O(n). Use `Array` for small collections: below a few hundred elements its contiguous copy is
/// cheaper than a walk down the tree.
///
/// Thread safety: a value type with the guarantees of `Array`. Copies may be read and changed on
/// different threads at once; one variable is not changed from two threads at once. A node is
/// changed in place only while no other value refers to it (`isKnownUniquelyReferenced`), so a
/// node that two values share is never written.
public struct PersistentArray<Element> {
  /// The root of the tree: a leaf (elements) while the array holds at most ``nodeCapacity``
  /// elements, a branch (children) above that. Every leaf is at the same depth.
  @usableFromInline var root: PersistentArrayNode

  /// The most elements a leaf holds and the most children a branch holds. Small enough that a
  /// change copies little, large enough that the tree stays shallow (five levels hold a million).
  @inlinable public static var nodeCapacity: Int { PersistentArrayNode.capacity }

  /// An empty array.
  public init() {
    root = Leaf([])
  }

  /// An array of the elements of `elements`, in order.
  public init<S: Sequence>(_ elements: S) where S.Element == Element {
    root = Self.build(ContiguousArray(elements))
  }
}

// MARK: - The tree

/// A node of a ``PersistentArray``'s tree. Branches are instances of this class and are not
/// generic, so walking the tree (finding an index, comparing two trees, copying a path) is plain
/// code even where the element type is not known at compile time (an `Equatable` witness called
/// by a generic store or view); leaves are ``PersistentArray/Leaf``, which hold the elements.
///
/// A node is changed only through a value that refers to it uniquely (`makeRootUnique`, then
/// `makeChildUnique` on the way down), so no two accesses to its fields can overlap: the fields
/// skip the dynamic exclusivity checks, which would otherwise cost more than the work.
@usableFromInline
class PersistentArrayNode {
  /// The most elements of a leaf and children of a branch.
  @usableFromInline static var capacity: Int { 16 }

  /// The elements below this node.
  @exclusivity(unchecked) @usableFromInline final var count: Int
  /// A branch's children, never empty in a branch other than an emptied root; empty in a leaf.
  @exclusivity(unchecked) @usableFromInline final var children: ContiguousArray<PersistentArrayNode>
  /// Whether this is a ``PersistentArray/Leaf``.
  @usableFromInline final let isLeaf: Bool
  /// In a root only: the positions of the array's elements by id, once a look-up by id built
  /// them (an immutable `IDPositions`, see ``IDIndexedCollection``). Kept in the root rather
  /// than beside it so that the array stays one reference; a root copied to be changed in place
  /// keeps it, and every change of length drops it, so it never describes another arrangement
  /// of the elements than the one it was built for, except after elements were changed in place
  /// (an id changed, the array sorted), which a look-up detects by checking the element it finds.
  @exclusivity(unchecked) @usableFromInline final var idPositions: AnyObject?

  /// A branch over `children`, holding `count` elements.
  @inlinable
  init(branch children: ContiguousArray<PersistentArrayNode>, count: Int) {
    self.count = count
    self.children = children
    isLeaf = false
  }

  /// A branch over `children`.
  @inlinable
  convenience init(branch children: ContiguousArray<PersistentArrayNode>) {
    var total = 0
    for child in children { total += child.count }
    self.init(branch: children, count: total)
  }

  /// A leaf's part (its subclass sets the elements).
  @inlinable
  init(leafCount count: Int) {
    self.count = count
    children = []
    isLeaf = true
  }

  /// A node with the same content that no other value refers to yet. Its storage is shared with
  /// this node's until one of them is changed, which then copies that one buffer.
  @inlinable
  func copy() -> PersistentArrayNode {
    PersistentArrayNode(branch: children, count: count)
  }

  /// The child that holds element `index` of this branch, and the element's index within it.
  /// `index == count` names the end of the last child (where `append` goes).
  @inlinable
  final func locate(_ index: Int) -> (child: Int, index: Int) {
    var index = index
    let last = children.count - 1
    for child in 0..<last {
      let count = children[child].count
      if index < count { return (child, index) }
      index -= count
    }
    return (last, index)
  }

  /// Makes `children[child]` a node that only this (uniquely referenced) branch refers to.
  @inlinable
  final func makeChildUnique(_ child: Int) {
    if !isKnownUniquelyReferenced(&children[child]) {
      children[child] = children[child].copy()
    }
  }

  /// Inserts `split`, the node split off `children[child]`, after it; splits this branch when it
  /// grew past the capacity and returns the part split off to its right. `count` already holds
  /// the inserted element.
  @inlinable
  final func insertChild(_ split: PersistentArrayNode, after child: Int) -> PersistentArrayNode? {
    children.insert(split, at: child + 1)
    guard children.count > Self.capacity else { return nil }
    // A split at the end (appending) keeps this node full; one in the middle halves it.
    let keep = child + 1 == children.count - 1 ? Self.capacity : children.count / 2
    let right = PersistentArrayNode(branch: ContiguousArray(children[keep...]))
    children.removeSubrange(keep...)
    count -= right.count
    return right
  }

  /// Full branches over `level` (nodes of one depth), level by level up to a single root.
  @inlinable
  static func stack(_ level: ContiguousArray<PersistentArrayNode>) -> PersistentArrayNode {
    var level = level
    while level.count > 1 {
      var above = ContiguousArray<PersistentArrayNode>()
      above.reserveCapacity((level.count + capacity - 1) / capacity)
      var first = 0
      while first < level.count {
        let end = Swift.min(first + capacity, level.count)
        above.append(PersistentArrayNode(branch: ContiguousArray(level[first..<end])))
        first = end
      }
      level = above
    }
    return level[0]
  }

  /// Whether two trees of one element type hold equal elements, `nil` when their shapes differ
  /// (the caller then compares element by element). Shared nodes are equal at once, so only the
  /// paths where the trees differ are walked; `leavesEqual` compares two leaves.
  @inlinable
  static func sameElements(
    _ lhs: PersistentArrayNode, _ rhs: PersistentArrayNode,
    leavesEqual: (PersistentArrayNode, PersistentArrayNode) -> Bool
  ) -> Bool? {
    if lhs === rhs { return true }
    guard lhs.count == rhs.count, lhs.isLeaf == rhs.isLeaf else { return nil }
    if lhs.isLeaf { return leavesEqual(lhs, rhs) }
    let count = lhs.children.count
    guard count == rhs.children.count else { return nil }
    for child in 0..<count {
      let left = lhs.children[child]
      let right = rhs.children[child]
      if left === right { continue }
      guard let same = sameElements(left, right, leavesEqual: leavesEqual) else { return nil }
      if !same { return false }
    }
    return true
  }
}

extension PersistentArray {
  /// A leaf of the tree: at most ``nodeCapacity`` elements.
  @usableFromInline
  final class Leaf: PersistentArrayNode {
    /// The elements, `count` of them.
    @exclusivity(unchecked) @usableFromInline var elements: ContiguousArray<Element>

    @inlinable
    init(_ elements: ContiguousArray<Element>) {
      self.elements = elements
      super.init(leafCount: elements.count)
    }

    @inlinable
    override func copy() -> PersistentArrayNode {
      Leaf(elements)
    }
  }

  /// `node` as the leaf it is (the caller knows it from `isLeaf` or from the depth).
  @inlinable
  static func leaf(_ node: PersistentArrayNode) -> Leaf {
    unsafeDowncast(node, to: Leaf.self)
  }

  /// Builds a balanced tree of `elements`: full leaves, then full branches above them.
  @inlinable
  static func build(_ elements: ContiguousArray<Element>) -> PersistentArrayNode {
    let capacity = nodeCapacity
    if elements.count <= capacity { return Leaf(elements) }
    var leaves = ContiguousArray<PersistentArrayNode>()
    leaves.reserveCapacity((elements.count + capacity - 1) / capacity)
    var start = elements.startIndex
    while start < elements.endIndex {
      let end = Swift.min(start + capacity, elements.endIndex)
      leaves.append(Leaf(ContiguousArray(elements[start..<end])))
      start = end
    }
    return PersistentArrayNode.stack(leaves)
  }

  /// Inserts `element` at `index` of the uniquely referenced `node`. Returns the node split off
  /// to its right when `node` grew past the capacity; the caller inserts it after `node`.
  @inlinable
  static func insert(_ element: Element, at index: Int, into node: PersistentArrayNode)
    -> PersistentArrayNode?
  {
    node.count += 1
    if node.isLeaf {
      let leaf = leaf(node)
      leaf.elements.insert(element, at: index)
      guard leaf.elements.count > nodeCapacity else { return nil }
      // Appending leaves this leaf full and starts a new one; an insertion in the middle splits
      // it in half, so that further insertions nearby do not split again at once.
      let keep = index == leaf.elements.count - 1 ? nodeCapacity : leaf.elements.count / 2
      let right = Leaf(ContiguousArray(leaf.elements[keep...]))
      leaf.elements.removeSubrange(keep...)
      leaf.count = keep
      return right
    }
    let (child, offset) = node.locate(index)
    node.makeChildUnique(child)
    guard let split = insert(element, at: offset, into: node.children[child]) else { return nil }
    return node.insertChild(split, after: child)
  }

  /// Removes and returns the element at `index` of the uniquely referenced `node`. A child left
  /// empty is dropped.
  @inlinable
  static func remove(at index: Int, from node: PersistentArrayNode) -> Element {
    node.count -= 1
    if node.isLeaf { return leaf(node).elements.remove(at: index) }
    let (child, offset) = node.locate(index)
    node.makeChildUnique(child)
    let element = remove(at: offset, from: node.children[child])
    if node.children[child].count == 0 { node.children.remove(at: child) }
    return element
  }

  /// The leaf that holds element `index`, and the index of its first element.
  @inlinable
  func leaf(containing index: Int) -> (leaf: Leaf, start: Int) {
    var node = root
    var start = 0
    var index = index
    while !node.isLeaf {
      let (child, offset) = node.locate(index)
      start += index - offset
      index = offset
      node = node.children[child]
    }
    return (Self.leaf(node), start)
  }

  /// Makes the root a node that only this value refers to (with the same id index).
  @inlinable
  mutating func makeRootUnique() {
    if !isKnownUniquelyReferenced(&root) {
      let idPositions = root.idPositions
      root = root.copy()
      root.idPositions = idPositions
    }
  }

  /// After a removal: a branch with one child is replaced by the child, an empty branch by an
  /// empty leaf, so the tree is never deeper than it needs to be at the top.
  @inlinable
  mutating func shrinkRoot() {
    while !root.isLeaf && root.children.count <= 1 {
      root = root.children.first ?? Leaf([])
    }
  }

  @inlinable
  func checkIndex(_ index: Int) {
    precondition(index >= 0 && index < root.count, "PersistentArray index out of range")
  }
}

// MARK: - Collection

extension PersistentArray: RandomAccessCollection, MutableCollection {
  /// Positions are offsets from 0, as in `Array`.
  public typealias Index = Int
  /// `startIndex..<endIndex`.
  public typealias Indices = Range<Int>
  /// A slice shares the array's nodes; make a `PersistentArray` of it to keep it on its own.
  public typealias SubSequence = Slice<PersistentArray<Element>>

  /// Always 0.
  @inlinable public var startIndex: Int { 0 }
  /// The number of elements: one past the last position.
  @inlinable public var endIndex: Int { root.count }
  /// The number of elements, kept in the root: O(1).
  @inlinable public var count: Int { root.count }
  /// `true` when there are no elements: O(1).
  @inlinable public var isEmpty: Bool { root.count == 0 }
  /// `i + 1`.
  @inlinable public func index(after i: Int) -> Int { i + 1 }
  /// `i - 1`.
  @inlinable public func index(before i: Int) -> Int { i - 1 }

  /// The element at `position`. Reading walks down the tree; changing copies only the nodes on
  /// the path that another value shares, then changes the element in place.
  @inlinable
  public subscript(position: Int) -> Element {
    get {
      checkIndex(position)
      var node = root
      var index = position
      while !node.isLeaf {
        let (child, offset) = node.locate(index)
        node = node.children[child]
        index = offset
      }
      return Self.leaf(node).elements[index]
    }
    _modify {
      checkIndex(position)
      makeRootUnique()
      var node = root
      var index = position
      while !node.isLeaf {
        let (child, offset) = node.locate(index)
        node.makeChildUnique(child)
        node = node.children[child]
        index = offset
      }
      yield &Self.leaf(node).elements[index]
    }
  }

  /// The elements in `bounds`, as a slice sharing this array's nodes; setting it replaces them
  /// (see `replaceSubrange(_:with:)`).
  @inlinable
  public subscript(bounds: Range<Int>) -> Slice<PersistentArray<Element>> {
    get {
      precondition(bounds.lowerBound >= 0 && bounds.upperBound <= count, "range out of bounds")
      return Slice(base: self, bounds: bounds)
    }
    set {
      replaceSubrange(bounds, with: newValue)
    }
  }

  /// An iterator over the elements in order.
  @inlinable
  public func makeIterator() -> Iterator {
    Iterator(self)
  }

  /// Iterates leaf by leaf: one walk down the tree per leaf, so O(1) amortized per element.
  public struct Iterator: IteratorProtocol {
    @usableFromInline let array: PersistentArray
    @usableFromInline var position = 0
    @usableFromInline var leaf: ContiguousArray<Element> = []
    @usableFromInline var offset = 0

    @inlinable
    init(_ array: PersistentArray) {
      self.array = array
    }

    /// The next element, or `nil` after the last.
    @inlinable
    public mutating func next() -> Element? {
      if offset == leaf.count {
        guard position < array.count else { return nil }
        leaf = array.leaf(containing: position).leaf.elements
        offset = 0
      }
      defer {
        offset += 1
        position += 1
      }
      return leaf[offset]
    }
  }
}

// MARK: - Changing the length

extension PersistentArray: RangeReplaceableCollection {
  /// Adds `newElement` at the end: O(log n), copying only the nodes on the path that another
  /// value shares.
  @inlinable
  public mutating func append(_ newElement: Element) {
    insert(newElement, at: count)
  }

  /// Inserts `newElement` before the element at `index` (at the end when `index == count`):
  /// O(log n), copying only the nodes on the path that another value shares.
  @inlinable
  public mutating func insert(_ newElement: Element, at index: Int) {
    precondition(index >= 0 && index <= count, "PersistentArray index out of range")
    makeRootUnique()
    root.idPositions = nil
    if let split = Self.insert(newElement, at: index, into: root) {
      root = PersistentArrayNode(branch: [root, split])
    }
  }

  /// Removes and returns the element at `index`: O(log n).
  @discardableResult
  @inlinable
  public mutating func remove(at index: Int) -> Element {
    checkIndex(index)
    makeRootUnique()
    root.idPositions = nil
    let element = Self.remove(at: index, from: root)
    shrinkRoot()
    return element
  }

  /// Removes and returns the last element; the array must not be empty.
  @discardableResult
  @inlinable
  public mutating func removeLast() -> Element {
    precondition(!isEmpty, "Can't remove last element from an empty collection")
    return remove(at: count - 1)
  }

  /// Removes and returns the first element (O(log n), not O(n) as in `Array`); the array must
  /// not be empty.
  @discardableResult
  @inlinable
  public mutating func removeFirst() -> Element {
    precondition(!isEmpty, "Can't remove first element from an empty collection")
    return remove(at: 0)
  }

  /// Removes every element and gives back the storage (`keepCapacity` is ignored).
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    root = Leaf([])
  }

  /// Does nothing: storage is allocated a node at a time as elements are added.
  public mutating func reserveCapacity(_ n: Int) {}

  /// Replaces `subrange` with `newElements`: element by element (O(log n) each) when few change,
  /// by rebuilding the tree (O(n)) when many do.
  public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == Element {
    precondition(
      subrange.lowerBound >= 0 && subrange.upperBound <= count,
      "PersistentArray range out of bounds")
    let changed = subrange.count + newElements.count
    if changed <= Swift.max(Self.nodeCapacity, count / Self.nodeCapacity) {
      for _ in subrange { remove(at: subrange.lowerBound) }
      var index = subrange.lowerBound
      for element in newElements {
        insert(element, at: index)
        index += 1
      }
      return
    }
    var all = ContiguousArray<Element>()
    all.reserveCapacity(count - subrange.count + newElements.count)
    all.append(contentsOf: self[0..<subrange.lowerBound])
    all.append(contentsOf: newElements)
    all.append(contentsOf: self[subrange.upperBound..<count])
    root = Self.build(all)
  }
}

// MARK: - Conformances

extension PersistentArray: ExpressibleByArrayLiteral {
  /// An array of the literal's elements, in order.
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

/// Copies share only nodes that no value changes (see the type's notes), exactly as copies of an
/// `Array` share a buffer.
extension PersistentArray: @unchecked Sendable where Element: Sendable {}

extension PersistentArray: Equatable where Element: Equatable {
  /// Equal when they hold equal elements in the same order.
  ///
  /// Subtrees that both values share are equal without a look at their elements, so comparing a
  /// value with one derived from it by k changes costs O(k log n), not O(n): a `ViewStore` that
  /// compares a field of rows with the previous state's pays for the rows that changed.
  @inlinable
  public static func == (lhs: PersistentArray, rhs: PersistentArray) -> Bool {
    guard lhs.count == rhs.count else { return false }
    let same = PersistentArrayNode.sameElements(lhs.root, rhs.root) {
      leaf($0).elements == leaf($1).elements
    }
    return same ?? lhs.elementsEqual(rhs)
  }
}

extension PersistentArray: Hashable where Element: Hashable {
  /// Hashes the count and every element in order, so equal arrays hash equally.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

extension PersistentArray: Encodable where Element: Encodable {
  /// Encodes the elements as an unkeyed container, as `Array` does.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for element in self { try container.encode(element) }
  }
}

extension PersistentArray: Decodable where Element: Decodable {
  /// Decodes an unkeyed container of elements, as `Array` does.
  public init(from decoder: any Decoder) throws {
    self.init(try [Element](from: decoder))
  }
}

extension PersistentArray: CustomStringConvertible, CustomDebugStringConvertible {
  /// The elements as `Array` prints them: `[1, 2, 3]`.
  public var description: String { Array(self).description }
  /// `PersistentArray([1, 2, 3])`.
  public var debugDescription: String { "PersistentArray(\(Array(self).debugDescription))" }
}
