extension ObservableType {
  /// An observable that emits `element` on `scheduler` and then completes, each in its own
  /// scheduled step.
  ///
  /// ```swift
  /// _ = Observable.just(7, scheduler: CurrentThreadScheduler.instance)
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: 7
  /// ```
  @inlinable
  public static func just<Scheduler: ImmediateSchedulerType>(
    _ element: Element, scheduler: Scheduler
  ) -> Observable<Element> {
    from(CollectionOfOne(element), scheduler: scheduler)
  }

  /// An observable that emits the arguments on `scheduler`, one scheduled step per element, and
  /// then completes in a final step. Disposing stops it before the next step.
  ///
  /// ```swift
  /// let background = SerialDispatchQueueScheduler(qos: .default)
  /// _ = Observable.of(1, 2, 3, scheduler: background).subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 2
  /// // Prints: 3
  /// ```
  @inlinable
  public static func of<Scheduler: ImmediateSchedulerType>(
    _ elements: Element..., scheduler: Scheduler
  ) -> Observable<Element> {
    from(elements, scheduler: scheduler)
  }

  /// An observable that emits the elements of `sequence` on `scheduler`, one scheduled step per
  /// element, and then completes in a final step. Disposing stops it before the next step.
  ///
  /// With a virtual-time scheduler that simulates processing delay, a subscription at 200 emits
  /// at 201, 202, … and completes one tick after the last element, as in RxSwift.
  @inlinable
  public static func from<S: Sequence, Scheduler: ImmediateSchedulerType>(
    _ sequence: S, scheduler: Scheduler
  ) -> Observable<Element> where S.Element == Element {
    Observable(subscribeHandler: { downstream in
      let sink = ScheduledSequenceSink(downstream: downstream, iterator: sequence.makeIterator())
      sink.holder.setDisposable(
        scheduler.scheduleRecursive(()) { _, recurse in sink.step(recurse) })
      return sink.holder
    })
  }
}

@usableFromInline
final class ScheduledSequenceSink<Iterator: IteratorProtocol>:
  GuardedSink<Iterator.Element>, @unchecked Sendable
{
  // `iterator` is touched only by the scheduled steps, which run one after another (each step is
  // scheduled by the previous one, after it has emitted).
  @usableFromInline var iterator: Iterator

  @inlinable
  init(downstream: AnyObserver<Iterator.Element>, iterator: Iterator) {
    self.iterator = iterator
    super.init(downstream: downstream)
  }

  /// One scheduled step: the next element (then schedules the next step), or completion.
  @inlinable
  func step(_ recurse: (()) -> Void) {
    guard !holder.isStopped else { return }
    if let element = iterator.next() {
      downstream.on(.next(element))
      recurse(())
    } else {
      complete(after: nil)
    }
  }
}

extension ObservableType where Element: FixedWidthInteger {
  /// Emits `count` consecutive integers starting at `start` on `scheduler`, one scheduled step
  /// per element, then completes in a final step. Disposing stops it before the next step.
  ///
  /// ```swift
  /// _ = Observable.range(start: 1, count: 3, scheduler: CurrentThreadScheduler.instance)
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 2
  /// // Prints: 3
  /// ```
  /// - Precondition: `count >= 0` and `start + count - 1` does not overflow.
  @inlinable
  public static func range<Scheduler: ImmediateSchedulerType>(
    start: Element, count: Element, scheduler: Scheduler
  ) -> Observable<Element> {
    precondition(count >= 0, "range: count can't be negative")
    precondition(count == 0 || start &+ (count - 1) >= start, "range: overflow")
    let integers = sequence(state: Element.zero) { (offset: inout Element) -> Element? in
      guard offset < count else { return nil }
      defer { offset += 1 }
      return start + offset
    }
    return from(integers, scheduler: scheduler)
  }
}
