/// What a single-source operator does with each event of its source; `OperatorSink` runs it.
///
/// The skeleton shared by `map`, `filter`, `compactMap`, `scan`, `take`, `skip` and the other
/// single-source operators: the sink owns the upstream subscription, the grammar (nothing after a
/// terminal event or disposal) and the terminal hand-off; an operator only says what an element
/// does. Its state lives in the conforming struct, touched only by the serial event path.
@usableFromInline
protocol SingleSourceOperator {
  associatedtype Input
  associatedtype Output
  /// Handles one element, sending results to `downstream`; returns `false` to complete now.
  /// A thrown error ends the sequence with it.
  mutating func next(_ element: Input, _ downstream: AnyObserver<Output>) throws -> Bool
  /// The source completed: sends the last elements, if any, before the completion.
  mutating func completed(_ downstream: AnyObserver<Output>) throws
  /// The source failed: rethrows the error to forward it (the default), or sends the last
  /// elements, if any, and returns to complete instead (`materialize`).
  mutating func failed(_ error: any Swift.Error, _ downstream: AnyObserver<Output>) throws
  /// `event` was forwarded and the source disposed: the sequence is over (the default does
  /// nothing).
  mutating func terminated(_ event: Event<Output>)
}

extension SingleSourceOperator {
  @inlinable
  mutating func completed(_ downstream: AnyObserver<Output>) throws {}

  @inlinable
  mutating func failed(_ error: any Swift.Error, _ downstream: AnyObserver<Output>) throws {
    throw error
  }

  @inlinable
  mutating func terminated(_ event: Event<Output>) {}
}

extension ObservableType {
  /// Applies `Operator` to this sequence: each subscription gets a new `OperatorSink` with the
  /// state that `make` returns. Subscribing and releasing a chain of any length runs in constant
  /// stack (`Observable.subscribe`, `Observable.deinit`).
  @inlinable
  func lift<Operator: SingleSourceOperator>(
    _ make: @escaping () -> Operator
  ) -> Observable<Operator.Output> where Operator.Input == Element {
    let lifted = LiftedObservable(source: asObservable(), make: make)
    return Observable(subscribeHandler: { downstream in lifted.subscribe(downstream) })
  }
}

/// What a `lift` observable is made of: its source and how to make an operator. The observable's
/// subscribe handler captures only this object (no separate closure context). A chain of a
/// million `map`s is a million nested observables, freed in bounded stack by `Observable.deinit`.
@usableFromInline
final class LiftedObservable<Operator: SingleSourceOperator>: @unchecked Sendable {  // immutable
  @usableFromInline let source: Observable<Operator.Input>
  @usableFromInline let make: () -> Operator

  @inlinable
  init(source: Observable<Operator.Input>, make: @escaping () -> Operator) {
    self.source = source
    self.make = make
  }

  @inlinable
  func subscribe(_ downstream: AnyObserver<Operator.Output>) -> Disposable {
    let sink = OperatorSink(downstream: downstream, logic: make())
    sink.connect(to: source)
    return sink.upstream
  }
}

/// The one sink of the single-source operators (see `SingleSourceOperator`).
@usableFromInline
final class OperatorSink<Operator: SingleSourceOperator>: @unchecked Sendable {
  // Events are serial by contract: `logic` is touched only by `on`, one event at a time.
  // `downstream` is immutable until `deinit` takes it, so sending through it needs no retain; it
  // must stay the first stored property (see `deinit`).
  @usableFromInline let downstream: AnyObserver<Operator.Output>
  // Only touched by the serial event path, so the dynamic exclusivity check is not needed.
  @exclusivity(unchecked) @usableFromInline var logic: Operator
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Operator.Output>, logic: Operator) {
    self.downstream = downstream
    self.logic = logic
  }

  deinit {
    let words = downstream.layoutWords
    Trampoline.releaseDownstream(of: self, expecting: words)
  }

  /// Subscribes `source` with this sink and keeps its disposable in `upstream`.
  @inlinable
  func connect(to source: Observable<Operator.Input>) {
    upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: on)))
  }

  @inlinable
  func on(_ event: Event<Operator.Input>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next(let element):
      let keepGoing: Bool
      do { keepGoing = try logic.next(element, downstream) } catch {
        terminate(.error(error))
        return
      }
      if !keepGoing { terminate(.completed) }
    case .error(let error):
      do { try logic.failed(error, downstream) } catch {
        terminate(.error(error))
        return
      }
      terminate(.completed)
    case .completed:
      do { try logic.completed(downstream) } catch {
        terminate(.error(error))
        return
      }
      terminate(.completed)
    }
  }

  /// Forwards `event` unless a terminal event was forwarded or the sink disposed, then releases
  /// the source.
  @inlinable
  func terminate(_ event: Event<Operator.Output>) {
    guard upstream.terminate({ downstream.on(event) }) else { return }
    logic.terminated(event)
  }
}
