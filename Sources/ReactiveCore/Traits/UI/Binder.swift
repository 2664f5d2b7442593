/// An observer that binds elements to a UI object, as in RxSwift 6: it holds its target weakly,
/// runs the binding on a scheduler (the main thread by default), ignores completion, and treats
/// an error as a programming error (debug builds stop with the error; release builds print it
/// to standard error and ignore it), since a UI binding has nothing sensible to do with one.
///
/// The default scheduler is a `MainScheduler` of the binder's own, as in RxCocoa: an element
/// that arrives on the main thread is bound before the call that produced it returns, even when
/// other work (another binder's, a driver's, `MainScheduler.instance`'s) is queued for the main
/// queue or running around it. Only this binder's own queued elements (sent from another thread
/// and not yet run) make a later main-thread element wait behind them, so order is kept.
///
/// ```swift
/// final class Label { var text = "" }   // stands in for a UILabel
/// let label = Label()
/// let text = Binder(label) { label, value in label.text = value }
/// let names = BehaviorRelay(value: "Ada")
/// names.asDriver().drive(text).disposed(by: bag)
/// ```
///
/// Once the target is deallocated, elements are dropped silently: the binding never keeps a
/// view alive. Thread safety: `on(_:)` may be called from any thread; the binding itself runs on
/// the scheduler. A `Binder` is not `Sendable` (it captures a non-`Sendable` target and closure);
/// make it where you use it.
public struct Binder<Value>: ObserverType {
  /// The type of elements this observer binds.
  public typealias Element = Value

  @usableFromInline let binding: (Event<Value>) -> Void

  /// Creates a binder of `target` that calls `binding(target, value)` on `scheduler` for every
  /// element, while `target` is alive.
  ///
  /// - Parameters:
  ///   - target: The object bound to, held weakly.
  ///   - scheduler: Where the binding runs; by default a new `MainScheduler` for this binder
  ///     (see the type's documentation for why it is not `MainScheduler.instance`).
  ///   - binding: Applies an element to the target.
  @inlinable  // specialized where it is made: generic, every element would look up the work's type
  public init<Target: AnyObject>(
    _ target: Target, scheduler: any ImmediateSchedulerType = MainScheduler(),
    binding: @escaping (Target, Value) -> Void
  ) {
    let weakTarget = WeakTarget(target)
    // A main scheduler (the default) is called as itself: binding at once needs no scheduled
    // work, and the call through `any ImmediateSchedulerType` would run `schedule` unspecialized.
    if let main = scheduler as? MainScheduler {
      self.binding = { event in
        guard case .next(let element) = event else { return Self.finish(event) }
        if main.runIfImmediate({ weakTarget.bind(element, with: binding) }) == nil {
          // Not at once: queued as `schedule` queues, without deciding "at once" a second time.
          _ = main.scheduleOnMainQueue(
            BinderWork(target: weakTarget, binding: binding, element: element), action: Self.run)
        }
      }
    } else {
      self.binding = { event in
        guard case .next(let element) = event else { return Self.finish(event) }
        _ = scheduler.schedule(
          BinderWork(target: weakTarget, binding: binding, element: element), action: Self.run)
      }
    }
  }

  /// The scheduled action of a binding that did not run at once.
  @inlinable
  static func run<Target>(_ work: BinderWork<Target, Value>) -> Disposable {
    work.run()
    return Disposables.create()
  }

  /// Handles a terminal event: an error is a programming error, completion is ignored.
  @inlinable
  static func finish(_ event: Event<Value>) {
    if case .error(let error) = event { binderError(error) }
  }

  /// Binds `event`'s element (see the type's documentation for errors and completion).
  @inlinable
  public func on(_ event: Event<Value>) {
    binding(event)
  }

  /// This binder as an `AnyObserver`.
  @inlinable
  public func asObserver() -> AnyObserver<Value> {
    AnyObserver(eventHandler: on)
  }
}

/// A weak reference to a binder's target. A `let`: it only ever changes by becoming `nil`, so
/// reading it needs no exclusivity check.
@usableFromInline
final class WeakTarget<Target: AnyObject> {
  @usableFromInline weak let target: Target?
  @usableFromInline init(_ target: Target) { self.target = target }

  /// Calls `binding` with the target and `element`, if the target is still alive.
  @inlinable
  func bind<Value>(_ element: Value, with binding: (Target, Value) -> Void) {
    if let target { binding(target, element) }
  }
}

/// Reports an error sent to a binder (see ``Binder``).
@usableFromInline
func binderError(_ error: any Swift.Error) {
  bindingError(error)
}

/// One element on its way to the scheduler. The scheduler runs it on the binder's thread of
/// choice (the main thread); `@unchecked Sendable` because that hand-over is the binder's
/// documented contract: target and binding are only used where the scheduler runs the work.
@usableFromInline
struct BinderWork<Target: AnyObject, Value>: @unchecked Sendable {
  @usableFromInline let target: WeakTarget<Target>
  @usableFromInline let binding: (Target, Value) -> Void
  @usableFromInline let element: Value

  @usableFromInline
  init(target: WeakTarget<Target>, binding: @escaping (Target, Value) -> Void, element: Value) {
    self.target = target
    self.binding = binding
    self.element = element
  }

  @inlinable
  func run() {
    target.bind(element, with: binding)
  }
}
