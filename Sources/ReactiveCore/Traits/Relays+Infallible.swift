extension PublishRelay {
  /// This relay as an `Infallible` (relays never error).
  @inlinable
  public func asInfallible() -> Infallible<Element> { Infallible(raw: asObservable()) }
}

extension BehaviorRelay {
  /// This relay as an `Infallible` (relays never error); subscribers get the current value first.
  @inlinable
  public func asInfallible() -> Infallible<Element> { Infallible(raw: asObservable()) }
}

extension ReplayRelay {
  /// This relay as an `Infallible` (relays never error); subscribers get the replay buffer first.
  @inlinable
  public func asInfallible() -> Infallible<Element> { Infallible(raw: asObservable()) }
}
