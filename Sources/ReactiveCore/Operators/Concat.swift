import Synchronization

extension ObservableType {
  /// Emits the elements of each source in turn: the next source is subscribed only after the
  /// previous one completed.
  ///
  /// An error from any source ends the result. Long chains of synchronous sources run in a loop,
  /// not recursively, so the stack does not grow with the number of sources. Each source's
  /// subscription is released as soon as it completes.
  ///
  /// ```swift
  /// _ = Observable.concat(.of(1, 2), .of(3)).subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 2
  /// // Prints: 3
  /// ```
  @inlinable
  public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
    concat(sources)
  }

  /// Emits the elements of each observable of `sequence` in turn (see `concat(_:)`).
  ///
  /// A source that is itself a `concat` (possibly behind `deferred`) is expanded in place rather
  /// than subscribed: the recursive idiom
  /// `func loop(_ k: Int) -> Observable<Int> { k == 0 ? .empty() : .just(k).concat(.deferred { loop(k - 1) }) }`
  /// runs in one sink, in constant stack and with one forwarding step per element, at any depth.
  @inlinable
  public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
  where Sequence.Element == Observable<Element> {
    let composition = ConcatComposition(sequence)
    return Observable(
      subscribeHandler: { downstream in
        let sink = SuccessionSink(
          downstream: downstream, rule: ConcatRule(sources: composition.makeIterator()))
        sink.subscribeNext()
        return sink.serial
      }, composition: composition)
  }

  /// Emits the elements of this sequence, then, once it completed, those of `second`.
  ///
  /// ```swift
  /// _ = Observable.of(1).concat(Observable.of(2)).subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 2
  /// ```
  @inlinable
  public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
  where Source.Element == Element {
    Observable.concat([asObservable(), second.asObservable()])
  }

  /// Emits the elements of this sequence, then those of `second` (see `concat(_:)`); this overload
  /// lets `second` be written as `.deferred { … }` or `.just(…)` without naming its type.
  ///
  /// ```swift
  /// func countdown(_ k: Int) -> Observable<Int> {
  ///   k == 0 ? .empty() : .just(k).concat(.deferred { countdown(k - 1) })
  /// }
  /// _ = countdown(2).subscribe(onNext: { print($0) })
  /// // Prints: 2
  /// // Prints: 1
  /// ```
  @inlinable
  public func concat(_ second: Observable<Element>) -> Observable<Element> {
    Observable.concat([asObservable(), second])
  }
}

extension ObservableType where Element: ObservableConvertibleType {
  /// Emits the elements of the inner observables in order: each inner is subscribed once the
  /// previous one completed; inners arriving meanwhile wait in a queue.
  ///
  /// Completes once this sequence and every inner completed; any error ends the result.
  @inlinable
  public func concat() -> Observable<Element.Element> {
    merge(maxConcurrent: 1)
  }
}

/// The sources of a `concat`, kept on its observable so that an enclosing `concat` sink can expand
/// them in place (see `ConcatRule`).
@usableFromInline
final class ConcatComposition<Element>: @unchecked Sendable {  // immutable
  @usableFromInline let makeIterator: () -> AnyIterator<Observable<Element>>

  @inlinable
  init<Sequence: Swift.Sequence>(_ sequence: Sequence)
  where Sequence.Element == Observable<Element> {
    makeIterator = { AnyIterator(sequence.makeIterator()) }
  }
}

/// The factory of a `deferred` observable, kept on it so that `concat` and `catch` sinks can call
/// it themselves and look at what it returns.
@usableFromInline
final class DeferredComposition<Element>: @unchecked Sendable {  // immutable
  @usableFromInline let factory: () throws -> Observable<Element>

  @inlinable
  init(_ factory: @escaping () throws -> Observable<Element>) { self.factory = factory }
}

extension Observable {
  /// Calls the factories of `deferred` observables until the result is not one (what subscribing
  /// would do, without nesting a subscription per level).
  @inlinable
  func resolvingDeferred() throws -> Observable<Element> {
    var observable = self
    while let deferred = observable.composition as? DeferredComposition<Element> {
      observable = try deferred.factory()
    }
    return observable
  }
}

/// The sources one after another (see `SuccessionSink`): synchronous sources are chained by the
/// loop, not by recursion. Sources that are `concat`s themselves are expanded onto `stack`
/// instead of being subscribed.
@usableFromInline
struct ConcatRule<Element>: SuccessionRule {
  // `stack` is touched only by the subscribe loop (one runner at a time, ordered by the loop's
  // atomics); the events of one source are serial and sources never overlap.
  /// The iterators of the sources still to come, innermost expansion last; each with the source it
  /// yields next, read ahead so that an exhausted iterator is dropped before an expansion is pushed
  /// (a tail-position `concat` then replaces its parent instead of growing the stack).
  @usableFromInline var stack:
    [(iterator: AnyIterator<Observable<Element>>, next: Observable<Element>)]

  @inlinable
  init(sources: AnyIterator<Observable<Element>>) {
    self.stack = []
    push(sources)
  }

  @inlinable
  mutating func push(_ iterator: AnyIterator<Observable<Element>>) {
    if let first = iterator.next() { stack.append((iterator, first)) }
  }

  /// The next source to subscribe, expanding nested `concat`s and `deferred`s; `nil` at the end.
  @inlinable
  mutating func nextSource() throws -> Observable<Element>? {
    while let top = stack.last {
      let source = top.next
      if let following = top.iterator.next() {
        stack[stack.count - 1].next = following
      } else {
        stack.removeLast()
      }
      let resolved = try source.resolvingDeferred()
      if let nested = resolved.composition as? ConcatComposition<Element> {
        push(nested.makeIterator())
        continue
      }
      return resolved
    }
    return nil
  }

  @inlinable
  static func subscribeNext(_ sink: SuccessionSink<Self>) {
    sink.loop.run {
      if !sink.serial.isDisposed {
        do {
          guard let source = try sink.rule.nextSource() else { return sink.end(.completed) }
          sink.subscribeCurrent(source)
        } catch {
          sink.end(.error(error))
        }
      }
    }
  }

  /// A completion moves on to the next source.
  @inlinable
  static func movesOn(after terminal: Event<Element>, _ sink: SuccessionSink<Self>) -> Bool {
    terminal.isCompleted
  }
}
