import ReactiveEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Transforming effects: mapping their results and events (to embed a child feature's effects in
// its parent), and scoping their cancellation ids (so rows of a collection do not cancel each
// other's effects).

extension Effect {
  /// This effect with every result transformed by `transform` (synchronous results, results of
  /// running work, and results its error mapping produces).
  ///
  /// ```swift
  /// enum ParentResult { case child(Int), other }
  /// func embed(_ childEffect: Effect<Int, Never>) -> Effect<ParentResult, Never> {
  ///   childEffect.map(ParentResult.child)   // a child feature's effect, in the parent's terms
  /// }
  /// ```
  public func map<NewResult>(_ transform: @escaping (Result) -> NewResult)
    -> Effect<NewResult, Event>
  {
    mapOutputs(
      { output in
        switch output {
        case .result(let result): .result(transform(result))
        case .event(let event): .event(event)
        }
      }, mapResult: transform)
  }

  /// This effect with every one-off event transformed by `transform`.
  public func mapEvents<NewEvent>(_ transform: @escaping (Event) -> NewEvent)
    -> Effect<Result, NewEvent>
  {
    mapOutputs(
      { output in
        switch output {
        case .result(let result): .result(result)
        case .event(let event): .event(transform(event))
        }
      }, mapResult: { $0 })
  }

  /// Maps every output with `transform` and the error mapping's result with `mapResult`, keeping
  /// the structure (merges, cancellation ids, error mappings).
  func mapOutputs<NewResult, NewEvent>(
    _ transform: @escaping (EffectOutput<Result, Event>) -> EffectOutput<NewResult, NewEvent>,
    mapResult: @escaping (Result) -> NewResult
  ) -> Effect<NewResult, NewEvent> {
    let operation: Effect<NewResult, NewEvent>.Operation
    switch self.operation {
    case .none: operation = .none
    case .emitOne(let output): operation = .emitOne(transform(output))
    case .stream(let source): operation = .stream(source.map(transform))
    case .cancel(let id): operation = .cancel(id)
    case .merge(let effects):
      operation = .merge(effects.map { $0.mapOutputs(transform, mapResult: mapResult) })
    }
    return Effect<NewResult, NewEvent>(
      operation,
      cancellation: cancellation.map { .init(id: $0.id, cancelInFlight: $0.cancelInFlight) },
      errorMapping: errorMapping.map { errorMapping in
        { error in errorMapping(error).map(mapResult) }
      })
  }

  /// This effect with every cancellation id (its own, its children's, and the ids it cancels)
  /// placed inside `scope`: effects of one row of a collection, or of one embedding of a child
  /// feature, then cancel only their own. Running work that has no id of its own (nor one
  /// inherited from an enclosing merge) gets the scope's own id, so that
  /// ``cancelAll(inScope:)`` ends every effect of the scope.
  func scopingIDs(_ scope: AnyHashable) -> Effect {
    scopingIDs(scope, inheritsID: false)
  }

  /// ``scopingIDs(_:)``; `inheritsID` when an enclosing merge gives this effect its id.
  private func scopingIDs(_ scope: AnyHashable, inheritsID: Bool) -> Effect {
    var cancellation = cancellation.map {
      Cancellation(
        id: AnyHashable(ScopedEffectID(scope: scope, id: $0.id)),
        cancelInFlight: $0.cancelInFlight)
    }
    let scoped: Operation
    switch operation {
    case .cancel(let id):
      if let inner = id.base as? EffectScopeID {
        scoped = .cancel(AnyHashable(EffectScopeID(scope: scope, inner: inner)))
      } else {
        scoped = .cancel(AnyHashable(ScopedEffectID(scope: scope, id: id)))
      }
    case .merge(let effects):
      let inherits = inheritsID || cancellation != nil
      scoped = .merge(effects.map { $0.scopingIDs(scope, inheritsID: inherits) })
    case .stream:
      if cancellation == nil && !inheritsID {
        cancellation = Cancellation(
          id: AnyHashable(ScopedEffectID(scope: scope, id: AnyHashable(UnmarkedEffect()))),
          cancelInFlight: false)
      }
      scoped = operation
    case .none, .emitOne:
      scoped = operation
    }
    return Effect(scoped, cancellation: cancellation, errorMapping: errorMapping)
  }

  /// Cancels the running effects of `scope` marked with `id`.
  static func cancel(id: some Hashable & Sendable, inScope scope: AnyHashable) -> Effect {
    Effect.cancel(id: id).scopingIDs(scope)
  }

  /// Cancels every running effect of `scope` (a row, an embedding of a child feature), whatever
  /// its own id, including those of scopes inside it.
  static func cancelAll(inScope scope: AnyHashable) -> Effect {
    Effect(.cancel(AnyHashable(EffectScopeID(scope: scope, inner: nil))))
  }
}

/// A cancellation id inside a scope (a row of a collection of child features, an embedding of a
/// child feature). Scopes nest: the id of a row of a child is the row's id inside the child's.
struct ScopedEffectID: Hashable, @unchecked Sendable, CustomStringConvertible {
  // @unchecked: AnyHashable of Sendable ids and scopes only.
  let scope: AnyHashable
  let id: AnyHashable

  var description: String {
    id.base is UnmarkedEffect ? "\(scope)" : "\(scope) › \(id)"
  }
}

/// The id that running work of a scope has when it was given none: what lets the scope's
/// effects be cancelled together.
struct UnmarkedEffect: Hashable, Sendable {}

/// What ``Effect/cancelAll(inScope:)`` cancels: every id in `scope` (and, with `inner`, only
/// those inside that scope within it).
struct EffectScopeID: Hashable, @unchecked Sendable {
  // @unchecked: AnyHashable of Sendable scopes only.
  let scope: AnyHashable
  /// An ``EffectScopeID`` (boxed: a struct cannot hold itself), or nil for the whole scope.
  let inner: AnyHashable?

  init(scope: AnyHashable, inner: EffectScopeID?) {
    self.scope = scope
    self.inner = inner.map { AnyHashable($0) }
  }

  /// Whether `id`, a running effect's cancellation id, lies inside this scope.
  func contains(_ id: AnyHashable) -> Bool {
    guard let scoped = id.base as? ScopedEffectID, scoped.scope == scope else { return false }
    guard let inner = inner?.base as? EffectScopeID else { return true }
    return inner.contains(scoped.id)
  }
}

// MARK: - Time

extension Effect {
  /// This effect, started `dueTime` later on `scheduler` (its synchronous outputs are delivered
  /// then too). Cancelling it before then means it never runs.
  ///
  /// Inject the scheduler (a `MainScheduler` or a dispatch queue scheduler in the app, a
  /// `TestScheduler` in tests) so tests run on virtual time.
  public func delay(for dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Effect {
    let delayed: Operation
    switch operation {
    case .none, .cancel:
      return self
    case .emitOne(let output):
      // Started later, like a stream: the output and the end come in the same step (`delay`
      // would end it one scheduler step after the output).
      delayed = .stream(Observable.just(output).delaySubscription(dueTime, scheduler: scheduler))
    case .stream(let source):
      delayed = .stream(source.delaySubscription(dueTime, scheduler: scheduler))
    case .merge(let effects):
      delayed = .merge(effects.map { $0.delay(for: dueTime, scheduler: scheduler) })
    }
    return Effect(delayed, cancellation: cancellation, errorMapping: errorMapping)
  }

  /// Runs this effect once `dueTime` passed without another effect with the same `id` being
  /// started: each new one cancels the one waiting (search as you type).
  ///
  /// ```swift
  /// struct SearchAPI: Sendable { func search(_ q: String) async throws -> [String] { [q] } }
  /// struct SearchID: Hashable, Sendable {}
  /// enum SearchResult { case found([String]) }
  ///
  /// // In `handle`, for each keystroke:
  /// func queryChanged(_ query: String, api: SearchAPI, scheduler: any SchedulerType)
  ///   -> Effect<SearchResult, Never>
  /// {
  ///   .task { .found(try await api.search(query)) }
  ///     .debounce(id: SearchID(), for: .milliseconds(300), scheduler: scheduler)
  /// }
  /// ```
  public func debounce(
    id: some Hashable & Sendable, for dueTime: RxTimeInterval, scheduler: any SchedulerType
  ) -> Effect {
    delay(for: dueTime, scheduler: scheduler).cancellable(id: id, cancelInFlight: true)
  }

  /// Runs at most one effect with this `id` per `interval` on `scheduler`: the first runs at
  /// once; within the interval, with `latest` (the default) the newest one runs when the interval
  /// ends (replacing any waiting one), without it they are dropped.
  ///
  /// The last start time of each id is kept process-wide (one throttle per id, as in TCA): give
  /// each store's throttle its own id when several stores throttle independently.
  public func throttle(
    id: some Hashable & Sendable, for interval: RxTimeInterval, scheduler: any SchedulerType,
    latest: Bool = true
  ) -> Effect {
    let key = AnyHashable(id)
    let now = scheduler.now
    let wait = throttleStarts.withLock { starts -> RxTimeInterval? in
      guard let last = starts[key] else {
        starts[key] = now
        return nil
      }
      if last > now {
        // One is already waiting for the end of the window: this one replaces it.
        return latest ? .nanoseconds(Int(last.timeIntervalSince(now) * 1_000_000_000)) : .never
      }
      guard let remaining = interval.remaining(after: last, now: now) else {
        starts[key] = now
        return nil
      }
      if latest { starts[key] = now.addingTimeInterval(remaining.seconds) }
      return remaining.interval
    }
    guard let wait else { return cancellable(id: id, cancelInFlight: false) }
    guard latest else { return .none }
    return delay(for: wait, scheduler: scheduler).cancellable(id: id, cancelInFlight: true)
  }
}

/// When each throttle id last started (or will start) an effect.
private let throttleStarts = Locked<[AnyHashable: RxTime]>([:])

extension RxTimeInterval {
  /// What remains of this interval after `start`, at `now`; nil once it has passed.
  fileprivate func remaining(after start: RxTime, now: RxTime) -> (
    interval: RxTimeInterval, seconds: Double
  )? {
    let total: Double
    switch self {
    case .seconds(let value): total = Double(value)
    case .milliseconds(let value): total = Double(value) / 1_000
    case .microseconds(let value): total = Double(value) / 1_000_000
    case .nanoseconds(let value): total = Double(value) / 1_000_000_000
    case .never: return (.never, .infinity)
    @unknown default: return nil
    }
    let left = total - now.timeIntervalSince(start)
    guard left > 0 else { return nil }
    return (.nanoseconds(Int(left * 1_000_000_000)), left)
  }
}
