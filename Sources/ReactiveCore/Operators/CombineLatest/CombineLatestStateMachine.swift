/// The bookkeeping of `combineLatest`, without locking or I/O: which sources have a value and
/// which completed. The sink stores the values themselves and calls this on its drainer (see
/// `CombiningSink`).
@usableFromInline
struct CombineLatestStateMachine {
  /// The phase of the result.
  @usableFromInline
  enum State: Equatable {
    /// Not every source has a value yet (`hasValue` says which, `valueCount` how many).
    case collecting
    /// Every source has a value: each element emits a combination.
    case combining
    /// The result terminated (it completed or failed, or the selector threw): every later event
    /// is ignored. (A disposal stops the sink, which checks that itself.)
    case stopped
  }

  @usableFromInline var state = State.collecting
  /// Which sources have a value, and how many (consulted while collecting only).
  @usableFromInline var hasValue: [Bool]
  @usableFromInline var valueCount = 0
  @usableFromInline var completions: SourceCompletions

  @usableFromInline
  init(arity: Int) {
    hasValue = Array(repeating: false, count: arity)
    completions = SourceCompletions(arity: arity)
  }

  @inlinable var arity: Int { hasValue.count }

  /// Source `index` emits a value: `emit` once every source has one, `wait` until then; the
  /// value is stored after this (see `CombiningStateMachine.next`).
  @inlinable @inline(__always)
  mutating func next(_ index: Int) -> CombiningNextAction {
    // The steady state decides with one test, without touching the arrays.
    if state == .combining { return .emit }
    guard state == .collecting else { return .ignore }
    if !hasValue[index] {
      hasValue[index] = true
      valueCount += 1
    }
    if valueCount == arity {
      state = .combining
      return .emit
    }
    guard completions.allButOne else { return .wait }
    // Not every source has a value and every other source completed: nothing can ever be emitted
    // (RxSwift's rule). A source completing without a value does not end the result by itself:
    // it ends when the last other source emits (here) or completes (`completed(_:)`).
    state = .stopped
    return .complete
  }
}
