/// The bookkeeping of `combineLatest`, without locking or I/O: which sources have a value and
/// which completed. The sink stores the values themselves and calls this on its drainer (see `CombiningSink`).
@usableFromInline
struct CombineLatestStateMachine {
  /// What an element from one source asks the sink to do.
  @usableFromInline
  enum NextAction: Equatable {
    /// Every source has a value: emit the combination.
    case emit
    /// Not every source has a value yet.
    case drop
  }

  @usableFromInline var hasValue: [Bool]
  @usableFromInline var valueCount = 0
  @usableFromInline var isDone: [Bool]
  @usableFromInline var doneCount = 0
  @usableFromInline var stopped = false

  @usableFromInline
  init(arity: Int) {
    hasValue = Array(repeating: false, count: arity)
    isDone = Array(repeating: false, count: arity)
  }

  @inlinable var arity: Int { hasValue.count }

  /// Source `index` emitted (its value is already stored).
  @inlinable
  mutating func next(_ index: Int) -> NextAction {
    if !hasValue[index] {
      hasValue[index] = true
      valueCount += 1
    }
    return valueCount == arity ? .emit : .drop
  }

  /// Source `index` completed: `true` when the result completes now (every source completed,
  /// or this one completed without ever having a value, so nothing can ever be emitted).
  @inlinable
  mutating func completed(_ index: Int) -> Bool {
    guard !stopped, !isDone[index] else { return false }
    isDone[index] = true
    doneCount += 1
    if doneCount == arity || !hasValue[index] {
      stopped = true
      return true
    }
    return false
  }
}
