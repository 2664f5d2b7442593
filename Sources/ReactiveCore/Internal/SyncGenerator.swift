import Synchronization

/// The state of a synchronous generator: produces its elements one by one.
@usableFromInline
protocol GeneratorState {
  associatedtype Element
  /// The next element, or `nil` at the end; a thrown error ends the sequence with that error.
  mutating func next() throws -> Element?
}

/// One subscription to a synchronous generator (`from`, `of`, `range`, `repeatElement`,
/// `generate`): the emission loop, and the disposable that stops it before the next element.
///
/// It starts through the trampoline (`Trampoline.startOrQueue`): queued behind the running work,
/// as RxSwift's generators schedule their first element on the current-thread scheduler, so an
/// operator such as `take` holds the disposable before the first element. Running on the
/// trampoline, it yields after each element while other work is queued (see `Trampoline`).
@usableFromInline
final class SyncGenerator<State: GeneratorState>: TrampolineItem, Cancelable, @unchecked Sendable {
  // `state` and `observer` are touched only by `run`, which never overlaps itself: it runs once at
  // start and then only when it queued itself again, on the same thread. `disposed` is atomic.
  @usableFromInline let observer: AnyObserver<State.Element>
  @usableFromInline var state: State
  @usableFromInline let disposed = Atomic<Bool>(false)
  @usableFromInline let token = ResourceToken()
  /// The emission loop as compiled where the generator was made, for the element type it emits.
  /// The trampoline runs a queued generator through `TrampolineItem`, whose witness is the
  /// generic, unspecialized `run(on:)`: calling this closure from there keeps the loop
  /// specialized (the iterator's `next` and the observer call inlined, no boxing per element).
  /// It captures nothing, so it costs no allocation.
  @usableFromInline let emitLoop: (SyncGenerator, Trampoline?) -> Void

  @inlinable
  init(observer: AnyObserver<State.Element>, state: State) {
    self.observer = observer
    self.state = state
    emitLoop = { generator, trampoline in generator.emit(on: trampoline) }
  }

  /// Subscribes `observer` to a generator in `state`.
  @inlinable
  static func subscribe(_ observer: AnyObserver<State.Element>, state: State) -> Disposable {
    let generator = SyncGenerator(observer: observer, state: state)
    Trampoline.startOrQueue(generator)
    return generator
  }

  @inlinable
  var isDisposed: Bool { disposed.load(ordering: .acquiring) }

  @inlinable
  func dispose() { disposed.store(true, ordering: .releasing) }

  @inlinable
  func run(on trampoline: Trampoline?) { emitLoop(self, trampoline) }

  /// Emits until the end, a disposal, or other work waiting on `trampoline` (then it queues
  /// itself again and returns).
  @inlinable
  func emit(on trampoline: Trampoline?) {
    while !isDisposed {
      let element: State.Element?
      do { element = try state.next() } catch {
        if !isDisposed { observer.on(.error(error)) }
        return
      }
      guard let element else {
        if !isDisposed { observer.on(.completed) }
        return
      }
      observer.on(.next(element))
      if let trampoline, trampoline.hasWaitingWork {
        trampoline.enqueue(self)
        return
      }
    }
  }
}

/// The elements of a sequence's iterator.
@usableFromInline
struct IteratorGeneratorState<Iterator: IteratorProtocol>: GeneratorState {
  @usableFromInline var iterator: Iterator
  @inlinable init(_ iterator: Iterator) { self.iterator = iterator }
  @inlinable mutating func next() -> Iterator.Element? { iterator.next() }
}
