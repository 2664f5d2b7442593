/// The bookkeeping of `combineLatest`, without locking or I/O: which sources have a value and
/// which completed. The sink stores the values themselves and calls this on its drainer (see
/// `CombiningSink`).
@usableFromInline
struct CombineLatestStateMachine: CombiningStateMachine {
  /// `collecting` until every source has a value (`hasValue` says which), then `combining`: each
  /// element emits a combination.
  @usableFromInline var state = CombiningPhase.collecting
  /// Which sources have a value (consulted while collecting only).
  @usableFromInline var hasValue: SourceSet
  @usableFromInline var completions: SourceSet

  @usableFromInline
  init(arity: Int) {
    hasValue = SourceSet(arity: arity)
    completions = SourceSet(arity: arity)
  }

  @inlinable var arity: Int { hasValue.contains.count }

  @inlinable static var emitsWithoutSources: Bool { true }

  /// Source `index` emits a value: `emit` once every source has one, `wait` until then; the
  /// value is stored after this (see `CombiningStateMachine.next`).
  @inlinable @inline(__always)
  mutating func next(_ index: Int) -> CombiningNextAction {
    // The steady state decides with one test, without touching the sets.
    if state == .combining { return .emit }
    guard state == .collecting else { return .ignore }
    if hasValue.insert(index) {
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
