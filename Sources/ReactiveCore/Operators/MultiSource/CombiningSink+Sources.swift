// The subscription side of every `combineLatest` and `zip`, one function per arity and one for
// collections: the public forms are one-line calls naming their state machine and their slots
// (`CombiningSlot`), so the two operators differ only in those. Swift cannot write into the
// k-th element of a parameter-pack tuple in place, so the arities are spelled out: each names its
// slots' tuple positions and nothing else.

extension ObservableType {
  /// `combineLatest` or `zip` of two sources: `Machine` decides when the elements kept in
  /// `slots` form a snapshot for `resultSelector`. Each source's observer calls the sink with
  /// `select` and its own `store`, local functions here: inlined, an uncontended element makes no
  /// indirect call but the user's selector (see `CombiningSink`).
  @inlinable
  static func combining<
    Machine: CombiningStateMachine, O1: ObservableType, O2: ObservableType,
    S1: CombiningSlot<O1.Element>, S2: CombiningSlot<O2.Element>
  >(
    _: Machine.Type, _ source1: O1, _ source2: O2,
    _ slots: (S1, S2),
    _ resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
  ) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      typealias Slots = (S1, S2)
      @inline(__always) func select(_ slots: inout Slots) throws -> Element {
        try resultSelector(slots.0.take(), slots.1.take())
      }
      func store1(_ slots: inout Slots, _: Int, _ value: O1.Element) { slots.0.store(value) }
      func store2(_ slots: inout Slots, _: Int, _ value: O2.Element) { slots.1.store(value) }
      let sink = CombiningSink(
        machine: Machine(arity: 2), storage: slots, downstream: downstream, select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      return sink
    })
  }

  /// `combineLatest` or `zip` of three sources (see the two-source form).
  @inlinable
  static func combining<
    Machine: CombiningStateMachine, O1: ObservableType, O2: ObservableType, O3: ObservableType,
    S1: CombiningSlot<O1.Element>, S2: CombiningSlot<O2.Element>, S3: CombiningSlot<O3.Element>
  >(
    _: Machine.Type, _ source1: O1, _ source2: O2, _ source3: O3,
    _ slots: (S1, S2, S3),
    _ resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      typealias Slots = (S1, S2, S3)
      @inline(__always) func select(_ slots: inout Slots) throws -> Element {
        try resultSelector(slots.0.take(), slots.1.take(), slots.2.take())
      }
      func store1(_ slots: inout Slots, _: Int, _ value: O1.Element) { slots.0.store(value) }
      func store2(_ slots: inout Slots, _: Int, _ value: O2.Element) { slots.1.store(value) }
      func store3(_ slots: inout Slots, _: Int, _ value: O3.Element) { slots.2.store(value) }
      let sink = CombiningSink(
        machine: Machine(arity: 3), storage: slots, downstream: downstream, select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      sink.subscribe(source3, index: 2, store: store3) { sink.on($0, 2, select, store3) }
      return sink
    })
  }

  /// `combineLatest` or `zip` of four sources (see the two-source form).
  @inlinable
  static func combining<
    Machine: CombiningStateMachine, O1: ObservableType, O2: ObservableType, O3: ObservableType,
    O4: ObservableType,
    S1: CombiningSlot<O1.Element>, S2: CombiningSlot<O2.Element>, S3: CombiningSlot<O3.Element>,
    S4: CombiningSlot<O4.Element>
  >(
    _: Machine.Type, _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    _ slots: (S1, S2, S3, S4),
    _ resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      typealias Slots = (S1, S2, S3, S4)
      @inline(__always) func select(_ slots: inout Slots) throws -> Element {
        try resultSelector(slots.0.take(), slots.1.take(), slots.2.take(), slots.3.take())
      }
      func store1(_ slots: inout Slots, _: Int, _ value: O1.Element) { slots.0.store(value) }
      func store2(_ slots: inout Slots, _: Int, _ value: O2.Element) { slots.1.store(value) }
      func store3(_ slots: inout Slots, _: Int, _ value: O3.Element) { slots.2.store(value) }
      func store4(_ slots: inout Slots, _: Int, _ value: O4.Element) { slots.3.store(value) }
      let sink = CombiningSink(
        machine: Machine(arity: 4), storage: slots, downstream: downstream, select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      sink.subscribe(source3, index: 2, store: store3) { sink.on($0, 2, select, store3) }
      sink.subscribe(source4, index: 3, store: store4) { sink.on($0, 3, select, store4) }
      return sink
    })
  }

  /// `combineLatest` or `zip` of five sources (see the two-source form).
  @inlinable
  static func combining<
    Machine: CombiningStateMachine, O1: ObservableType, O2: ObservableType, O3: ObservableType,
    O4: ObservableType, O5: ObservableType,
    S1: CombiningSlot<O1.Element>, S2: CombiningSlot<O2.Element>, S3: CombiningSlot<O3.Element>,
    S4: CombiningSlot<O4.Element>, S5: CombiningSlot<O5.Element>
  >(
    _: Machine.Type, _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
    _ slots: (S1, S2, S3, S4, S5),
    _ resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
  ) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      typealias Slots = (S1, S2, S3, S4, S5)
      @inline(__always) func select(_ slots: inout Slots) throws -> Element {
        try resultSelector(
          slots.0.take(), slots.1.take(), slots.2.take(), slots.3.take(), slots.4.take())
      }
      func store1(_ slots: inout Slots, _: Int, _ value: O1.Element) { slots.0.store(value) }
      func store2(_ slots: inout Slots, _: Int, _ value: O2.Element) { slots.1.store(value) }
      func store3(_ slots: inout Slots, _: Int, _ value: O3.Element) { slots.2.store(value) }
      func store4(_ slots: inout Slots, _: Int, _ value: O4.Element) { slots.3.store(value) }
      func store5(_ slots: inout Slots, _: Int, _ value: O5.Element) { slots.4.store(value) }
      let sink = CombiningSink(
        machine: Machine(arity: 5), storage: slots, downstream: downstream, select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      sink.subscribe(source3, index: 2, store: store3) { sink.on($0, 2, select, store3) }
      sink.subscribe(source4, index: 3, store: store4) { sink.on($0, 3, select, store4) }
      sink.subscribe(source5, index: 4, store: store5) { sink.on($0, 4, select, store5) }
      return sink
    })
  }

  /// `combineLatest` or `zip` of six sources (see the two-source form).
  @inlinable
  static func combining<
    Machine: CombiningStateMachine, O1: ObservableType, O2: ObservableType, O3: ObservableType,
    O4: ObservableType, O5: ObservableType, O6: ObservableType,
    S1: CombiningSlot<O1.Element>, S2: CombiningSlot<O2.Element>, S3: CombiningSlot<O3.Element>,
    S4: CombiningSlot<O4.Element>, S5: CombiningSlot<O5.Element>, S6: CombiningSlot<O6.Element>
  >(
    _: Machine.Type, _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
    _ source6: O6,
    _ slots: (S1, S2, S3, S4, S5, S6),
    _ resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws ->
      Element
  ) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      typealias Slots = (S1, S2, S3, S4, S5, S6)
      @inline(__always) func select(_ slots: inout Slots) throws -> Element {
        try resultSelector(
          slots.0.take(), slots.1.take(), slots.2.take(), slots.3.take(), slots.4.take(),
          slots.5.take())
      }
      func store1(_ slots: inout Slots, _: Int, _ value: O1.Element) { slots.0.store(value) }
      func store2(_ slots: inout Slots, _: Int, _ value: O2.Element) { slots.1.store(value) }
      func store3(_ slots: inout Slots, _: Int, _ value: O3.Element) { slots.2.store(value) }
      func store4(_ slots: inout Slots, _: Int, _ value: O4.Element) { slots.3.store(value) }
      func store5(_ slots: inout Slots, _: Int, _ value: O5.Element) { slots.4.store(value) }
      func store6(_ slots: inout Slots, _: Int, _ value: O6.Element) { slots.5.store(value) }
      let sink = CombiningSink(
        machine: Machine(arity: 6), storage: slots, downstream: downstream, select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      sink.subscribe(source3, index: 2, store: store3) { sink.on($0, 2, select, store3) }
      sink.subscribe(source4, index: 3, store: store4) { sink.on($0, 3, select, store4) }
      sink.subscribe(source5, index: 4, store: store5) { sink.on($0, 4, select, store5) }
      sink.subscribe(source6, index: 5, store: store6) { sink.on($0, 5, select, store6) }
      return sink
    })
  }

  /// `combineLatest` or `zip` of seven sources (see the two-source form).
  @inlinable
  static func combining<
    Machine: CombiningStateMachine, O1: ObservableType, O2: ObservableType, O3: ObservableType,
    O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType,
    S1: CombiningSlot<O1.Element>, S2: CombiningSlot<O2.Element>, S3: CombiningSlot<O3.Element>,
    S4: CombiningSlot<O4.Element>, S5: CombiningSlot<O5.Element>, S6: CombiningSlot<O6.Element>,
    S7: CombiningSlot<O7.Element>
  >(
    _: Machine.Type, _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
    _ source6: O6, _ source7: O7,
    _ slots: (S1, S2, S3, S4, S5, S6, S7),
    _ resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)
      throws -> Element
  ) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      typealias Slots = (S1, S2, S3, S4, S5, S6, S7)
      @inline(__always) func select(_ slots: inout Slots) throws -> Element {
        try resultSelector(
          slots.0.take(), slots.1.take(), slots.2.take(), slots.3.take(), slots.4.take(),
          slots.5.take(), slots.6.take())
      }
      func store1(_ slots: inout Slots, _: Int, _ value: O1.Element) { slots.0.store(value) }
      func store2(_ slots: inout Slots, _: Int, _ value: O2.Element) { slots.1.store(value) }
      func store3(_ slots: inout Slots, _: Int, _ value: O3.Element) { slots.2.store(value) }
      func store4(_ slots: inout Slots, _: Int, _ value: O4.Element) { slots.3.store(value) }
      func store5(_ slots: inout Slots, _: Int, _ value: O5.Element) { slots.4.store(value) }
      func store6(_ slots: inout Slots, _: Int, _ value: O6.Element) { slots.5.store(value) }
      func store7(_ slots: inout Slots, _: Int, _ value: O7.Element) { slots.6.store(value) }
      let sink = CombiningSink(
        machine: Machine(arity: 7), storage: slots, downstream: downstream, select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      sink.subscribe(source3, index: 2, store: store3) { sink.on($0, 2, select, store3) }
      sink.subscribe(source4, index: 3, store: store4) { sink.on($0, 3, select, store4) }
      sink.subscribe(source5, index: 4, store: store5) { sink.on($0, 4, select, store5) }
      sink.subscribe(source6, index: 5, store: store6) { sink.on($0, 5, select, store6) }
      sink.subscribe(source7, index: 6, store: store7) { sink.on($0, 6, select, store7) }
      return sink
    })
  }

  /// `combineLatest` or `zip` of eight sources (see the two-source form).
  @inlinable
  static func combining<
    Machine: CombiningStateMachine, O1: ObservableType, O2: ObservableType, O3: ObservableType,
    O4: ObservableType, O5: ObservableType, O6: ObservableType, O7: ObservableType,
    O8: ObservableType,
    S1: CombiningSlot<O1.Element>, S2: CombiningSlot<O2.Element>, S3: CombiningSlot<O3.Element>,
    S4: CombiningSlot<O4.Element>, S5: CombiningSlot<O5.Element>, S6: CombiningSlot<O6.Element>,
    S7: CombiningSlot<O7.Element>, S8: CombiningSlot<O8.Element>
  >(
    _: Machine.Type, _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
    _ source6: O6, _ source7: O7, _ source8: O8,
    _ slots: (S1, S2, S3, S4, S5, S6, S7, S8),
    _ resultSelector:
      @escaping (
        O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element,
        O8.Element
      ) throws -> Element
  ) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      typealias Slots = (S1, S2, S3, S4, S5, S6, S7, S8)
      @inline(__always) func select(_ slots: inout Slots) throws -> Element {
        try resultSelector(
          slots.0.take(), slots.1.take(), slots.2.take(), slots.3.take(), slots.4.take(),
          slots.5.take(), slots.6.take(), slots.7.take())
      }
      func store1(_ slots: inout Slots, _: Int, _ value: O1.Element) { slots.0.store(value) }
      func store2(_ slots: inout Slots, _: Int, _ value: O2.Element) { slots.1.store(value) }
      func store3(_ slots: inout Slots, _: Int, _ value: O3.Element) { slots.2.store(value) }
      func store4(_ slots: inout Slots, _: Int, _ value: O4.Element) { slots.3.store(value) }
      func store5(_ slots: inout Slots, _: Int, _ value: O5.Element) { slots.4.store(value) }
      func store6(_ slots: inout Slots, _: Int, _ value: O6.Element) { slots.5.store(value) }
      func store7(_ slots: inout Slots, _: Int, _ value: O7.Element) { slots.6.store(value) }
      func store8(_ slots: inout Slots, _: Int, _ value: O8.Element) { slots.7.store(value) }
      let sink = CombiningSink(
        machine: Machine(arity: 8), storage: slots, downstream: downstream, select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      sink.subscribe(source3, index: 2, store: store3) { sink.on($0, 2, select, store3) }
      sink.subscribe(source4, index: 3, store: store4) { sink.on($0, 3, select, store4) }
      sink.subscribe(source5, index: 4, store: store5) { sink.on($0, 4, select, store5) }
      sink.subscribe(source6, index: 5, store: store6) { sink.on($0, 5, select, store6) }
      sink.subscribe(source7, index: 6, store: store7) { sink.on($0, 6, select, store7) }
      sink.subscribe(source8, index: 7, store: store8) { sink.on($0, 7, select, store8) }
      return sink
    })
  }

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
