/// The sink of every `zip` form. `Buffers` holds one queue per source (a tuple of `FIFO`s for the
/// 2…8 forms, an array for the collection form); the operator's `select` removes the oldest
/// element of each and turns them into the result on the sink's drainer (no lock is taken), in
/// delivery order.
@usableFromInline
typealias ZipSink<Buffers, Result> = CombiningSink<ZipStateMachine, Buffers, Result>

extension CombiningSink where Machine == ZipStateMachine {
  @usableFromInline
  convenience init(
    arity: Int, completesWhenOthersDone: Bool = false, buffers: Storage,
    downstream: Downstream<Result>, select: @escaping (inout Storage) throws -> Result
  ) {
    self.init(
      arity: arity,
      machine: ZipStateMachine(arity: arity, completesWhenOthersDone: completesWhenOthersDone),
      storage: buffers, downstream: downstream, select: select)
  }
}

extension ZipStateMachine: CombiningStateMachine {
  @inlinable static var stopped: State { .stopped }
}
