/// ReactiveCore's additions to `AsyncSequence`: a sendable async sequence as an observable.
extension AsyncSequence where Self: Sendable {
  /// This async sequence as an `Observable`: each subscription starts a `Task` that iterates
  /// the sequence and emits its elements, then completes (or fails with the thrown error).
  ///
  /// Disposing the subscription cancels the task; the sequence sees the cancellation the way it
  /// always does (`Task.isCancelled`, a `CancellationError`, an `AsyncStream` ending), and
  /// nothing is emitted after `dispose()`. Events are emitted on the task's executor (the
  /// global concurrent executor), one at a time.
  ///
  /// ```swift
  /// let stream = AsyncStream<Int> { continuation in
  ///   continuation.yield(1)
  ///   continuation.yield(2)
  ///   continuation.finish()
  /// }
  /// _ = stream.asObservable().subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 2
  /// ```
  ///
  /// - Parameter priority: the priority of the iterating task.
  public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
    let sequence = self
    return Observable.create { observer in
      let sendable = TaskObserver(observer)
      let task = Task(priority: priority) {
        do {
          for try await element in sequence {
            try Task.checkCancellation()
            sendable.observer.onNext(element)
          }
          sendable.observer.onCompleted()
        } catch {
          sendable.observer.onError(error)
        }
      }
      return Disposables.create { task.cancel() }
    }
  }
}

/// Carries the observer of `Observable.create` into the one task that emits to it.
///
/// `@unchecked Sendable`: only that task calls the observer, so its events stay serial; the
/// observer is the guarded one of `Observable.create`, which drops events after disposal.
struct TaskObserver<Element>: @unchecked Sendable {
  let observer: AnyObserver<Element>

  init(_ observer: AnyObserver<Element>) { self.observer = observer }
}
