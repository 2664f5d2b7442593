import ReactiveCore
import ReactiveEngine

/// The scopes (rows, child embeddings) that have effects running, counted by subscription: what
/// lets a composition end a row's effects when the row leaves the list without scanning the list.
///
/// A count goes up when the store subscribes to a scope's running work and down when that
/// subscription ends (finished, failed or cancelled). One object per composition value, so a
/// feature used by several stores counts their effects together: a scope one store no longer has
/// may then be cancelled in it while another store's effects keep it counted, which cancels
/// nothing there.
///
/// Thread safety: the counts are behind a lock; subscriptions end on any thread.
@usableFromInline
final class LiveEffects: @unchecked Sendable {
  // @unchecked: `counts` is behind its lock; `embedding` is an immutable key path (see the note
  // on ChildFeature's Sendable).
  private let counts = Locked<[AnyHashable: Int]>([:])
  /// Where the composition's state lives in the parent's (a list's or an optional child's key
  /// path): part of its scopes, so two embeddings of one child keep their effects apart. Kept
  /// here, beside the counts, so a composition value holds one reference for both.
  @usableFromInline let embedding: AnyKeyPath

  @usableFromInline init(embedding: AnyKeyPath) { self.embedding = embedding }

  /// The scopes with effects running now.
  var scopes: [AnyHashable] { counts.withLock { Array($0.keys) } }

  /// Whether `scope` has effects running now.
  func contains(_ scope: AnyHashable) -> Bool { counts.withLock { $0[scope] != nil } }

  /// `effect`, its running work counted in `scope` while subscribed. What runs at once (no
  /// effect, one result, one event) is returned as it is, and `scope` is then not evaluated:
  /// making a scope boxes it (`AnyHashable`), which a row's plain result must not pay for.
  @inlinable
  func tracking<Result, Event>(
    _ effect: Effect<Result, Event>, in scope: () -> AnyHashable
  ) -> Effect<Result, Event> {
    guard case .body = effect.storage else { return effect }
    return trackingBody(effect, in: scope())
  }

  /// ``tracking(_:in:)`` for an effect with a body: compiled once, not inlined.
  @usableFromInline
  func trackingBody<Result, Event>(_ effect: Effect<Result, Event>, in scope: AnyHashable)
    -> Effect<Result, Event>
  {
    effect.mappingStreams { source in
      source.do(
        onSubscribe: { [counts] in counts.withLock { $0[scope, default: 0] += 1 } },
        onDispose: { [counts] in
          counts.withLock { counts in
            guard let count = counts[scope] else { return }
            counts[scope] = count > 1 ? count - 1 : nil
          }
        })
    }
  }
}

extension Effect {
  /// This effect with each of its running sources transformed by `transform`, keeping its
  /// structure (merges, cancellation ids, error mappings).
  func mappingStreams(
    _ transform: (Observable<EffectOutput<Result, Event>>) -> Observable<
      EffectOutput<Result, Event>
    >
  ) -> Effect {
    let operation: Operation
    switch self.operation {
    case .stream(let source): operation = .stream(transform(source))
    case .merge(let effects): operation = .merge(effects.map { $0.mappingStreams(transform) })
    case .none, .emitOne, .cancel: return self
    }
    return Effect(operation, cancellation: cancellation, errorMapping: errorMapping)
  }
}
