// The subscription side of `combineLatest` and `zip` over a collection of sources; the forms of
// two to eight sources are generated (CombiningSink+Arity.generated.swift).

extension ObservableType {
  /// `combineLatest` or `zip` of every source in `collection`: one `slot` (copied) per source,
  /// `machine(count)` for `count` sources. With no sources the result completes at once, after
  /// `resultSelector([])` when the machine says so (`emitsWithoutSources`).
  @inlinable
  static func combining<
    Machine: CombiningStateMachine, Sources: Collection,
    Slot: CombiningSlot<Sources.Element.Element>
  >(
    _ machine: @escaping (Int) -> Machine, _ collection: Sources, _ slot: Slot,
    _ resultSelector: @escaping ([Slot.Value]) throws -> Element
  ) -> Observable<Element> where Sources.Element: ObservableType {
    let sources = collection.map { $0.asObservable() }
    return Observable(downstreamHandler: { downstream in
      if sources.isEmpty {
        if Machine.emitsWithoutSources {
          do {
            downstream.on(.next(try resultSelector([])))
          } catch {
            downstream.on(.error(error))
            return Disposables.create()
          }
        }
        downstream.on(.completed)
        return Disposables.create()
      }
      func select(_ slots: inout [Slot]) throws -> Element {
        try resultSelector(slots.indices.map { slots[$0].take() })
      }
      func store(_ slots: inout [Slot], _ index: Int, _ value: Slot.Value) {
        slots[index].store(value)
      }
      let sink = CombiningSink(
        machine: machine(sources.count), storage: Array(repeating: slot, count: sources.count),
        downstream: downstream, select: select)
      for (index, source) in sources.enumerated() {
        sink.subscribe(source, index: index, store: store) { sink.on($0, index, select, store) }
      }
      return sink
    })
  }
}
