/// The bookkeeping of `zip`, without locking or I/O: how many elements each source has
/// buffered and which sources completed. The sink keeps the buffers themselves.
///
/// Completion follows RxSwift: the result completes when *every* source completed. The collection
/// form (`completesWhenOthersDone`) also completes when an element of the last running source
/// cannot be paired because every other source completed (RxSwift's `ZipCollectionType`); the
/// 2…8 forms do not (RxSwift's `ZipSink` waits for the last completion).
@usableFromInline
struct ZipStateMachine {
  @usableFromInline
  enum NextAction: Equatable {
    /// Every source has a buffered element: take one from each and emit.
    case emit
    /// Buffered; waiting for the other sources.
    case buffer
    /// Cannot be paired and every other source completed: the result completes.
    case complete
  }

  @usableFromInline var counts: [Int]
  /// Sources with at least one buffered element.
  @usableFromInline var nonEmpty = 0
  @usableFromInline var isDone: [Bool]
  @usableFromInline var doneCount = 0
  @usableFromInline var stopped = false
  @usableFromInline let completesWhenOthersDone: Bool

  @usableFromInline
  init(arity: Int, completesWhenOthersDone: Bool = false) {
    self.completesWhenOthersDone = completesWhenOthersDone
    counts = Array(repeating: 0, count: arity)
    isDone = Array(repeating: false, count: arity)
  }

  @inlinable var arity: Int { counts.count }

  /// Source `index` emitted (its element is already buffered).
  @inlinable
  mutating func next(_ index: Int) -> NextAction {
    counts[index] += 1
    if counts[index] == 1 { nonEmpty += 1 }
    guard nonEmpty == arity else {
      guard completesWhenOthersDone, doneCount == arity - 1 else { return .buffer }
      stopped = true
      return .complete
    }
    for i in counts.indices {
      counts[i] -= 1
      if counts[i] == 0 { nonEmpty -= 1 }
    }
    return .emit
  }

  /// Source `index` completed: `true` when the result completes now (all sources completed).
  @inlinable
  mutating func completed(_ index: Int) -> Bool {
    guard !stopped, !isDone[index] else { return false }
    isDone[index] = true
    doneCount += 1
    if doneCount == arity {
      stopped = true
      return true
    }
    return false
  }
}
