extension ObservableType {
  /// Creates a resource for each subscription, subscribes to the sequence built from it, and
  /// disposes the resource when that subscription ends (termination or disposal).
  ///
  /// A throwing factory sends its error downstream; a resource already created is disposed.
  ///
  /// ```swift
  /// let lines = Observable<String>.using({ CompositeDisposable() },
  ///   observableFactory: { resource in .of("a") })
  /// _ = lines.subscribe(onNext: { print($0) })
  /// // Prints: a
  /// ```
  public static func using<Resource: Disposable>(
    _ resourceFactory: @escaping () throws -> Resource,
    observableFactory: @escaping (Resource) throws -> Observable<Element>
  ) -> Observable<Element> {
    Observable(subscribeHandler: { downstream in
      let resource: Resource
      let source: Observable<Element>
      do {
        resource = try resourceFactory()
      } catch {
        downstream.on(.error(error))
        return Disposables.create()
      }
      do {
        source = try observableFactory(resource)
      } catch {
        downstream.on(.error(error))
        resource.dispose()
        return Disposables.create()
      }
      let subscription = SingleAssignmentDisposable()
      let release = Disposables.create {
        subscription.dispose()
        resource.dispose()
      }
      subscription.setDisposable(
        source.subscribe(
          AnyObserver(eventHandler: { event in
            downstream.on(event)
            if event.isStopEvent { release.dispose() }
          })))
      return release
    })
  }
}

extension PrimitiveSequence {
  /// Creates a resource for each subscription, subscribes to the trait built from it, and disposes
  /// the resource when that subscription ends (see `Observable.using(_:observableFactory:)`).
  public static func using<Resource: Disposable>(
    _ resourceFactory: @escaping () throws -> Resource,
    primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.using(
        resourceFactory, observableFactory: { try primitiveSequenceFactory($0).source }))
  }
}
