// What a test store reads to name the effects still running: their keys in start order and
// their cancellation ids. Not API for apps (`@_spi(Testing)`).

extension Store {
  /// The running effects, oldest first: each one's start number (see ``startedEffectCount``)
  /// and its cancellation id, if it has one (inside a child's or row's scope, the scoped id,
  /// whose description names the child or row).
  @_spi(Testing)
  public var runningEffectIDs: [(number: Int, id: AnyHashable?)] {
    effects.withLock { effects in
      effects.effects.map { (number: $0.key, id: $0.value.id) }.sorted { $0.number < $1.number }
    }
  }

  /// The number of effects started so far: the start number the next one gets.
  @_spi(Testing)
  public var startedEffectCount: Int { effects.withLock { $0.nextEffect } }
}
