/// The bookkeeping of `zip`, without locking or I/O: how many elements each source has
/// buffered and which sources completed. The sink keeps the buffers themselves.
///
/// Completion follows RxSwift: the result completes when *every* source completed. The collection
/// form (`completesWhenOthersDone`) also completes when an element of the last running source
/// cannot be paired because every other source completed (RxSwift's `ZipCollectionType`); the
/// 2…8 forms do not (RxSwift's `ZipSink` waits for the last completion).
@usableFromInline
struct ZipStateMachine: CombiningStateMachine {
  /// `combining` from the start (a group forms whenever every source has an element buffered),
  /// until `stopped`.
  @usableFromInline var state = CombiningPhase.combining
  @usableFromInline var counts: [Int]
  /// Sources with at least one buffered element.
  @usableFromInline var nonEmpty = 0
  @usableFromInline var completions: SourceSet
  @usableFromInline let completesWhenOthersDone: Bool

  @usableFromInline
  init(arity: Int) {
    self.init(arity: arity, completesWhenOthersDone: false)
  }

  @usableFromInline
  init(arity: Int, completesWhenOthersDone: Bool) {
    self.completesWhenOthersDone = completesWhenOthersDone
    counts = Array(repeating: 0, count: arity)
    completions = SourceSet(arity: arity)
  }

  @inlinable var arity: Int { counts.count }

  @inlinable static var emitsWithoutSources: Bool { false }

  /// Source `index` emits an element: `emit` when every source then has one buffered (take one
  /// from each), `wait` until then, `complete` when it cannot be paired and every other source
  /// completed (the collection form only); the element is buffered after this (see
  /// `CombiningStateMachine.next`).
  @inlinable
  mutating func next(_ index: Int) -> CombiningNextAction {
    guard state == .combining else { return .ignore }
    counts[index] += 1
    if counts[index] == 1 { nonEmpty += 1 }
    guard nonEmpty == arity else {
      guard completesWhenOthersDone, completions.allButOne else { return .wait }
      state = .stopped
      return .complete
    }
    for i in counts.indices {
      counts[i] -= 1
      if counts[i] == 0 { nonEmpty -= 1 }
    }
    return .emit
  }
}
