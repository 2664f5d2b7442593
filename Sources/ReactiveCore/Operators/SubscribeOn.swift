import Synchronization

extension ObservableType {
  /// Subscribes to the source on `scheduler`, and disposes that subscription on `scheduler` too.
  ///
  /// Use it to move the work a source does when subscribed (a blocking read, an expensive setup)
  /// off the calling thread. Events are delivered wherever the source emits them; combine with
  /// `observe(on:)` to choose where observers run.
  ///
  /// ```swift
  /// func readFile() -> String { "contents" }   // slow, blocking work
  /// let background = ConcurrentDispatchQueueScheduler(qos: .utility)
  /// _ = Observable<String>.create { observer in
  ///   observer.onNext(readFile())  // runs on the background queue
  ///   observer.onCompleted()
  ///   return Disposables.create()
  /// }
  /// .subscribe(on: background)
  /// .subscribe(onNext: { print($0) })
  /// ```
  ///
  /// Disposing before the scheduled subscription ran cancels it: the source is never subscribed.
  /// Disposing afterwards schedules the source's disposal on `scheduler`, so it may finish after
  /// `dispose()` returns; a subscription made with `subscribe(onNext:…)` still receives nothing
  /// once `dispose()` has returned.
  ///
  /// As in RxSwift, the source itself is subscribed, not its `asObservable()` (whose guard would
  /// dispose the subscription at once when the source terminates): a terminated source too is
  /// disposed on `scheduler`, so on a `TestScheduler` a source completing at 300 is disposed at 301.
  @inlinable
  public func subscribe<Scheduler: ImmediateSchedulerType>(on scheduler: Scheduler)
    -> Observable<Element>
  {
    let source = self
    return Observable(subscribeHandler: { downstream in
      let sink = SubscribeOnSink(downstream: downstream, scheduler: scheduler)
      sink.run(source)
      return sink.holder
    })
  }
}

@usableFromInline
final class SubscribeOnSink<Element, Scheduler: ImmediateSchedulerType>:
  GuardedSink<Element>, @unchecked Sendable
{
  // Events are serial by contract; `everything` is thread-safe. `holder` holds `everything`.
  @usableFromInline let scheduler: Scheduler
  /// First the pending scheduled subscription, then the subscription (disposed on the scheduler).
  @usableFromInline let everything = SerialDisposable()

  @inlinable
  init(downstream: AnyObserver<Element>, scheduler: Scheduler) {
    self.scheduler = scheduler
    super.init(downstream: downstream)
  }

  @inlinable
  func run<Source: ObservableType>(_ source: Source) where Source.Element == Element {
    let cancelSchedule = SingleAssignmentDisposable()
    everything.disposable = cancelSchedule
    holder.setDisposable(everything)
    let scheduler = self.scheduler
    cancelSchedule.setDisposable(
      scheduler.schedule(self) { sink in
        let subscription = source.subscribe(AnyObserver(eventHandler: sink.forward))
        // This action runs on the scheduler: a source that ended (or was disposed) while being
        // subscribed is disposed here. Scheduling that disposal instead would, on a main
        // scheduler, queue it behind this action and keep the scheduler busy until the main
        // queue runs, so every later subscriber of a shared `Driver.just` would wait for it.
        guard !sink.everything.isDisposed else {
          subscription.dispose()
          return Disposables.create()
        }
        sink.everything.disposable = ScheduledDisposable(
          scheduler: scheduler, disposable: subscription)
        return Disposables.create()
      })
  }
}
