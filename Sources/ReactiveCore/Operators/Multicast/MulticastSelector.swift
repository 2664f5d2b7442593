extension ObservableType {
  /// Shares one subscription to this sequence among every use of it inside `selector`, through a
  /// subject made by `subjectSelector`, once per subscription to the result.
  ///
  /// Each subscription makes a subject, passes the shared sequence to `selector`, subscribes to
  /// what it returns, and then connects the subject to this sequence. The result ends when the
  /// sequence returned by `selector` ends; then, or on disposal, the connection is disposed too.
  /// A throwing `subjectSelector` or `selector` fails the result.
  ///
  /// ```swift
  /// let pairs = Observable.of(1, 2, 3).multicast({ PublishSubject<Int>() }) { shared in
  ///   Observable.zip(shared, shared.skip(1)) { "\($0)\($1)" }
  /// }
  /// _ = pairs.subscribe(onNext: { print($0) })
  /// // Prints: 12
  /// // Prints: 23
  /// ```
  /// - Parameters:
  ///   - subjectSelector: makes the subject for one subscription.
  ///   - selector: builds the result from the shared sequence; it may subscribe to it any number
  ///     of times.
  @inlinable
  public func multicast<Subject: SubjectType, Result>(
    _ subjectSelector: @escaping () throws -> Subject,
    selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
  ) -> Observable<Result> where Subject.Observer.Element == Element {
    let source = asObservable()
    // `create`'s guard disposes both the subscription and the connection on a terminal event.
    return Observable<Result>.create { observer in
      do {
        let connectable = source.multicast(try subjectSelector())
        let subscription = try selector(connectable.asObservable()).subscribe(observer)
        return Disposables.create(subscription, connectable.connect())
      } catch {
        observer.on(.error(error))
        return Disposables.create()
      }
    }
  }
}
