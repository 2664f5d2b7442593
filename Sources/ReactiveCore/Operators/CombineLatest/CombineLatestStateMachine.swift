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
    /// Not every source has a value yet and every other source completed: nothing can ever be
    /// emitted, the result completes (RxSwift's rule).
    case complete
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
  @inlinable @inline(__always)
  mutating func next(_ index: Int) -> NextAction {
    // The steady state (every source has a value) decides without touching the arrays.
    if valueCount == arity { return .emit }
    if !hasValue[index] {
      hasValue[index] = true
      valueCount += 1
    }
    if valueCount == arity { return .emit }
    guard doneCount == arity - 1 else { return .drop }
    stopped = true
    return .complete
  }

  /// Source `index` completed: `true` when the result completes now, that is when every source
  /// completed. As in RxSwift, a source completing without a value does not end the result by
  /// itself: it ends when the last other source emits (see `next`) or completes.
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
