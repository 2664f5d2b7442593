extension ObservableType where Element: Sendable {
  /// An observable that runs the async function `work` in a `Task` on every subscription, then
  /// emits its result and completes (or fails with what it throws).
  ///
  /// Disposing the subscription cancels the task; nothing is emitted after `dispose()`. The
  /// `Single`, `Maybe` and `Completable` forms are usually the better fit for one result.
  ///
  /// ```swift
  /// struct User: Sendable { var name: String }
  /// @Sendable func user(id: Int) async throws -> User { User(name: "Ada") }   // a network call
  /// let ada = Observable.async { try await user(id: 7) }
  /// _ = ada.subscribe(onNext: { print($0.name) })
  /// // Prints: Ada
  /// ```
  ///
  /// `work` is `@Sendable` because it runs in another task: it starts on the global concurrent
  /// executor, or on the actor it is isolated to (`{ @MainActor in ... }`).
  ///
  /// - Parameters:
  ///   - priority: the priority of the task.
  ///   - work: the async function to run once per subscription.
  public static func async(
    priority: TaskPriority? = nil, _ work: @escaping @Sendable () async throws -> Element
  ) -> Observable<Element> {
    async(detached: false, priority: priority, work)
  }

  /// `async(priority:_:)`, with `work` in a detached task when `detached`.
  static func async(
    detached: Bool, priority: TaskPriority?,
    _ work: @escaping @Sendable () async throws -> Element
  ) -> Observable<Element> {
    Observable.create { observer in
      let sendable = TaskObserver(observer)
      let operation: @Sendable () async -> Void = {
        do {
          let element = try await work()
          try Task.checkCancellation()
          sendable.observer.onNext(element)
          sendable.observer.onCompleted()
        } catch {
          sendable.observer.onError(error)
        }
      }
      let task =
        detached
        ? Task.detached(priority: priority, operation: operation)
        : Task(priority: priority, operation: operation)
      return Disposables.create { task.cancel() }
    }
  }
}

extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
  /// A `Single` that runs the async function `work` in a `Task` on every subscription and
  /// succeeds with its result (or fails with what it throws).
  ///
  /// Disposing the subscription cancels the task. See `Observable.async` for where `work` runs.
  ///
  /// ```swift
  /// @Sendable func compute() async throws -> Int { 42 }
  /// let answer = Single.async { try await compute() }
  /// _ = answer.subscribe(onSuccess: { print($0) })
  /// // Prints: 42
  /// ```
  public static func async(
    priority: TaskPriority? = nil, _ work: @escaping @Sendable () async throws -> Element
  ) -> Single<Element> {
    Single(raw: Observable.async(priority: priority, work))
  }

  /// RxSwift's spelling of `async(priority:_:)`: a `Single` that runs `work` in a `Task` (a
  /// detached one when `detached`) on every subscription; disposing cancels the task.
  ///
  /// ```swift
  /// @Sendable func compute() async throws -> Int { 42 }
  /// let answer = Single.create(detached: true) { try await compute() }
  /// _ = answer.subscribe(onSuccess: { print($0) })
  /// // Prints: 42
  /// ```
  @_disfavoredOverload
  public static func create(
    detached: Bool = false, priority: TaskPriority? = nil,
    work: @escaping @Sendable () async throws -> Element
  ) -> Single<Element> {
    Single(raw: Observable.async(detached: detached, priority: priority, work))
  }
}

extension PrimitiveSequenceType where Trait == MaybeTrait, Element: Sendable {
  /// A `Maybe` that runs the async function `work` in a `Task` on every subscription: a
  /// non-`nil` result succeeds, `nil` completes empty, a throw fails.
  ///
  /// Disposing the subscription cancels the task.
  public static func async(
    priority: TaskPriority? = nil, _ work: @escaping @Sendable () async throws -> Element?
  ) -> Maybe<Element> {
    Maybe(raw: Observable.async(priority: priority, work).filter { $0 != nil }.map { $0! })
  }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
  /// A `Completable` that runs the async function `work` in a `Task` on every subscription and
  /// completes when it returns (or fails with what it throws).
  ///
  /// Disposing the subscription cancels the task.
  ///
  /// ```swift
  /// @Sendable func saveDocument() async throws {}   // real work
  /// let save = Completable.async { try await saveDocument() }
  /// _ = save.subscribe(onCompleted: { print("saved") })
  /// // Prints: saved
  /// ```
  public static func async(
    priority: TaskPriority? = nil, _ work: @escaping @Sendable () async throws -> Void
  ) -> Completable {
    Completable(raw: Observable<Void>.async(priority: priority, work).ignoreElementsForTraits())
  }
}
