extension Observable {
  /// The engine of the traits' `do(...)`: runs side effects around each event. `on*` callbacks
  /// run before forwarding, `after*` after; a throwing callback sends its error downstream.
  /// `onSubscribe` runs before subscribing, `onSubscribed` after, `onDispose` on any disposal.
  /// Internal: `do` on `ObservableType` is an operator of its own.
  @inlinable
  func doForTraits(
    onNext: ((Element) throws -> Void)?,
    afterNext: ((Element) throws -> Void)?,
    onError: ((any Swift.Error) throws -> Void)?,
    afterError: ((any Swift.Error) throws -> Void)?,
    onCompleted: (() throws -> Void)?,
    afterCompleted: (() throws -> Void)?,
    onSubscribe: (() -> Void)?,
    onSubscribed: (() -> Void)?,
    onDispose: (() -> Void)?
  ) -> Observable<Element> {
    let source = self
    return Observable(subscribeHandler: { downstream in
      onSubscribe?()
      let sink = TraitDoSink(
        downstream: downstream, onNext: onNext, afterNext: afterNext, onError: onError,
        afterError: afterError, onCompleted: onCompleted, afterCompleted: afterCompleted)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      onSubscribed?()
      guard let onDispose else { return sink.upstream }
      return Disposables.create(sink.upstream, Disposables.create(with: onDispose))
    })
  }
}

/// Runs the callbacks of `do(...)` around each event of a single serial source.
@usableFromInline
final class TraitDoSink<Element>: @unchecked Sendable {  // events are serial by contract
  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let onNext: ((Element) throws -> Void)?
  @usableFromInline let afterNext: ((Element) throws -> Void)?
  @usableFromInline let onError: ((any Swift.Error) throws -> Void)?
  @usableFromInline let afterError: ((any Swift.Error) throws -> Void)?
  @usableFromInline let onCompleted: (() throws -> Void)?
  @usableFromInline let afterCompleted: (() throws -> Void)?
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(
    downstream: AnyObserver<Element>,
    onNext: ((Element) throws -> Void)?, afterNext: ((Element) throws -> Void)?,
    onError: ((any Swift.Error) throws -> Void)?,
    afterError: ((any Swift.Error) throws -> Void)?,
    onCompleted: (() throws -> Void)?, afterCompleted: (() throws -> Void)?
  ) {
    self.downstream = downstream
    self.onNext = onNext
    self.afterNext = afterNext
    self.onError = onError
    self.afterError = afterError
    self.onCompleted = onCompleted
    self.afterCompleted = afterCompleted
  }

  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next(let element):
      do { try onNext?(element) } catch { return terminate(.error(error)) }
      downstream.on(event)
      do { try afterNext?(element) } catch { return terminate(.error(error)) }
    case .error(let error):
      do { try onError?(error) } catch { return terminate(.error(error)) }
      guard upstream.tryTerminate() else { return }
      downstream.on(event)
      upstream.dispose()
      try? afterError?(error)
    case .completed:
      do { try onCompleted?() } catch { return terminate(.error(error)) }
      guard upstream.tryTerminate() else { return }
      downstream.on(event)
      upstream.dispose()
      try? afterCompleted?()
    }
  }

  @inlinable
  func terminate(_ event: Event<Element>) {
    guard upstream.tryTerminate() else { return }
    downstream.on(event)
    upstream.dispose()
  }
}
