/// The subscriber list of a drainer-run owner (a `Hub`'s entries, a `Store`'s state
/// subscribers): objects in storage of its own, read during delivery through a pointer.
///
/// Why not an array: iterating an array held in a class's `var` retains and releases its buffer
/// once per delivery (the class could replace the array meanwhile), and the closure of
/// `withUnsafeBufferPointer` keeps the delivery loop from being inlined. This list is
/// noncopyable, so reading it from the owner's field borrows it in place, and a delivery loop
/// reads its elements through `unsafeElements`.
///
/// Thread safety: none of its own. The owner touches it only while holding its drainer role, and
/// never changes it while a delivery loop runs (changes are queued behind the current delivery).
@usableFromInline
package struct DeliveryList<Element: AnyObject>: ~Copyable {
  /// `count` initialized elements at `base`, with room for `capacity` (`nil` until the first
  /// append, and again after `takeAll()`).
  @usableFromInline var base: UnsafeMutablePointer<Element>?
  @usableFromInline package private(set) var count = 0
  @usableFromInline var capacity = 0

  @inlinable package init() {}

  // A deinit is not inlinable, so it runs unspecialized in the owner's module. Each slot holds
  // one strong reference: `Element: AnyObject` admits only class types and `AnyObject` (the
  // compiler refuses a class-bound protocol's existential, which would carry a witness table; an
  // Objective-C object is one reference too, released through `AnyObject`). Releasing them
  // through raw pointers and freeing the storage as raw memory is plain code, where generic
  // destroying, rebinding and freeing cost a hub about 10 instructions more each time it is
  // freed.
  deinit {
    guard let base else { return }
    let storage = UnsafeMutableRawPointer(base)
    let stride = MemoryLayout<UnsafeRawPointer>.stride
    for index in 0..<count {
      let reference = storage.load(fromByteOffset: index * stride, as: UnsafeRawPointer.self)
      Unmanaged<AnyObject>.fromOpaque(reference).release()
    }
    storage.deallocate()
  }

  /// The element at `index` (`0 <= index < count`).
  @inlinable
  package subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < count, "DeliveryList index out of range")
      return base.unsafelyUnwrapped[index]
    }
    set {
      precondition(index >= 0 && index < count, "DeliveryList index out of range")
      base.unsafelyUnwrapped[index] = newValue
    }
  }

  /// The elements' storage, for a delivery loop: valid until the list next changes, and the
  /// loop must not change it. Read each element with
  /// `Unmanaged.passUnretained(elements[index])._withUnsafeGuaranteedRef { … }` so that it is
  /// not retained. (A loop over this buffer at the call site is inlined; one inside a method
  /// taking the loop body as a closure was not.)
  @inlinable
  package var unsafeElements: UnsafeBufferPointer<Element> {
    UnsafeBufferPointer(start: base, count: count)
  }

  /// The elements' storage as a pointer range (`start == end` when empty), for a delivery loop
  /// that walks a pointer to `end`: only two values stay live across each call, so they stay in
  /// registers. Valid as long as `unsafeElements`; read each element the same way. An empty
  /// list that never had storage gives a non-null, never dereferenced address.
  @inlinable
  package var unsafeBounds: (start: UnsafePointer<Element>, end: UnsafePointer<Element>) {
    let start =
      UnsafePointer(base)
      ?? UnsafePointer(bitPattern: MemoryLayout<Element>.alignment).unsafelyUnwrapped
    return (start, start + count)
  }

  @inlinable
  package mutating func append(_ element: Element) {
    if count == capacity { grow() }
    (base.unsafelyUnwrapped + count).initialize(to: element)
    count += 1
  }

  /// Doubles the room (at least 4 elements). Specialized in the owner's module (inlinable) but
  /// kept out of its append path; unspecialized, it cost a hub's first subscriber about 10
  /// instructions more (generic allocation and move).
  @inlinable @inline(never)
  mutating func grow() {
    base = .grown(from: base, count: count, capacity: &capacity)
  }

  /// Removes (releases) the last `removed` elements, keeping the storage.
  @inlinable
  package mutating func removeLast(_ removed: Int = 1) {
    precondition(removed >= 0 && removed <= count, "DeliveryList cannot remove that many")
    guard removed > 0 else { return }
    count -= removed
    (base.unsafelyUnwrapped + count).deinitialize(count: removed)
  }

  /// Removes the element at `index`, moving the later ones down (O(n)).
  @inlinable
  package mutating func remove(at index: Int) {
    precondition(index >= 0 && index < count, "DeliveryList index out of range")
    let base = base.unsafelyUnwrapped
    (base + index).deinitialize(count: 1)
    (base + index).moveInitialize(from: base + index + 1, count: count - index - 1)
    count -= 1
  }

  /// Removes the elements `isRemoved` picks, keeping the others in order and the storage, and
  /// calls `renumbering` with each kept element and its new index. A stable partition by moves:
  /// a kept element moves down into the first free slot, so no reference is retained or released
  /// while elements move; each removed one is released once.
  @inlinable
  package mutating func removeAll(
    where isRemoved: (Element) -> Bool, renumbering: (Element, Int) -> Void
  ) {
    guard let base else { return }
    var kept = 0
    for index in 0..<count {
      let slot = base + index
      if isRemoved(slot.pointee) {
        slot.deinitialize(count: 1)
        continue
      }
      renumbering(slot.pointee, kept)
      if kept != index { (base + kept).moveInitialize(from: slot, count: 1) }
      kept += 1
    }
    count = kept
  }

  /// Releases every element, keeping the storage.
  @inlinable
  package mutating func removeAll() { removeLast(count) }

  /// Removes and returns every element, giving back the storage.
  @inlinable
  package mutating func takeAll() -> ContiguousArray<Element> {
    guard let base else { return [] }
    let taken = ContiguousArray(UnsafeBufferPointer(start: base, count: count))
    base.deinitialize(count: count)
    base.deallocate()
    self.base = nil
    count = 0
    capacity = 0
    return taken
  }
}

extension UnsafeMutablePointer {
  /// The growth of the raw storage that `DeliveryList` and `DisposeBag` keep their items in:
  /// fresh room for twice `capacity` items (at least 4) holding the `count` items moved from
  /// `base`, which is freed; `capacity` becomes the new room.
  @inlinable
  package static func grown(from base: UnsafeMutablePointer?, count: Int, capacity: inout Int)
    -> UnsafeMutablePointer
  {
    let newCapacity = Swift.max(4, capacity * 2)
    let grown = UnsafeMutablePointer.allocate(capacity: newCapacity)
    if let base {
      grown.moveInitialize(from: base, count: count)
      base.deallocate()
    }
    capacity = newCapacity
    return grown
  }
}
