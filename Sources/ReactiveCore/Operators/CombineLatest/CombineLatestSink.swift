/// The sink of every `combineLatest` form. `Values` holds the latest value of each source (a
/// tuple of optionals for the 2…8 forms, an array for the collection form); the operator's
/// `select` turns a complete snapshot into the result on the sink's drainer (no lock is taken), in
/// delivery order.
@usableFromInline
typealias CombineLatestSink<Values, Result> =
  CombiningSink<CombineLatestStateMachine, Values, Result>

extension CombiningSink where Machine == CombineLatestStateMachine {
  @usableFromInline
  convenience init(
    arity: Int, values: Storage, downstream: Downstream<Result>,
    select: @escaping (inout Storage) throws -> Result
  ) {
    self.init(
      arity: arity, machine: CombineLatestStateMachine(arity: arity), storage: values,
      downstream: downstream, select: select)
  }
}

extension CombineLatestStateMachine: CombiningStateMachine {
  @inlinable static var stopped: State { .stopped }
}
