extension ObservableType {
  /// Emits the last `count` elements when the source completes, then completes. An error is
  /// forwarded at once (the buffered elements are dropped).
  ///
  /// - Complexity: O(`count`) memory.
  public func takeLast(_ count: Int) -> Observable<Element> {
    guard count > 0 else { return asObservable().ignoreElements().asObservable().map { _ -> Element in } }
    let source = asObservable()
    return Observable.create { observer in
      var buffer: [Element] = []  // a ring: `start` is the oldest element once full
      var start = 0
      return source.subscribe { event in
        switch event {
        case .next(let element):
          if buffer.count < count {
            buffer.append(element)
          } else {
            buffer[start] = element
            start = (start + 1) % count
          }
        case .error(let error):
          observer.onError(error)
        case .completed:
          for index in 0..<buffer.count { observer.onNext(buffer[(start + index) % buffer.count]) }
          observer.onCompleted()
        }
      }
    }
  }

  /// Each element with its zero-based index.
  ///
  /// ```swift
  /// _ = Observable.of("a", "b").enumerated().subscribe(onNext: { print($0.index, $0.element) })
  /// // Prints: 0 a
  /// // Prints: 1 b
  /// ```
  public func enumerated() -> Observable<(index: Int, element: Element)> {
    let source = asObservable()
    return Observable.create { observer in
      var index = 0
      return source.subscribe { event in
        switch event {
        case .next(let element):
          observer.onNext((index, element))
          index += 1
        case .error(let error): observer.onError(error)
        case .completed: observer.onCompleted()
        }
      }
    }
  }

  /// The only element: emitted when the source completes with exactly one element;
  /// `RxError.noElements` when it completes empty, `RxError.moreThanOneElement` as soon as a
  /// second element arrives (RxSwift emits the first element at once; so does this).
  public func single() -> Observable<Element> {
    single { _ in true }
  }

  /// The only element that satisfies `predicate`; errors as ``single()`` counting only matching
  /// elements.
  public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      var seen = false
      return source.subscribe { event in
        switch event {
        case .next(let element):
          do {
            guard try predicate(element) else { return }
          } catch {
            observer.onError(error)
            return
          }
          if seen {
            observer.onError(RxError.moreThanOneElement)
          } else {
            seen = true
            observer.onNext(element)
          }
        case .error(let error):
          observer.onError(error)
        case .completed:
          if seen { observer.onCompleted() } else { observer.onError(RxError.noElements) }
        }
      }
    }
  }

  /// The source's elements, or `element` if it completes without any.
  public func ifEmpty(default element: Element) -> Observable<Element> {
    ifEmpty(switchTo: Observable.just(element))
  }

  /// The source's elements, or those of `other` if it completes without any.
  public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      var empty = true
      let fallback = SerialDisposable()
      let subscription = source.subscribe { event in
        switch event {
        case .next(let element):
          empty = false
          observer.onNext(element)
        case .error(let error):
          observer.onError(error)
        case .completed:
          if empty {
            fallback.disposable = other.subscribe(observer)
          } else {
            observer.onCompleted()
          }
        }
      }
      return Disposables.create(subscription, fallback)
    }
  }

  /// Pairs each element with `object`, held weakly; completes once `object` is gone (as
  /// RxSwift's `withUnretained`), so a closure can use `object` without a retain cycle.
  ///
  /// ```swift
  /// taps.withUnretained(self).subscribe(onNext: { owner, _ in owner.save() }).disposed(by: bag)
  /// ```
  public func withUnretained<Object: AnyObject, Out>(
    _ object: Object, resultSelector: @escaping (Object, Element) throws -> Out
  ) -> Observable<Out> {
    let source = asObservable()
    return Observable.create { [weak object] observer in
      var subscription: Disposable?
      subscription = source.subscribe { event in
        switch event {
        case .next(let element):
          guard let object else {
            observer.onCompleted()
            subscription?.dispose()
            return
          }
          do { observer.onNext(try resultSelector(object, element)) } catch { observer.onError(error) }
        case .error(let error): observer.onError(error)
        case .completed: observer.onCompleted()
        }
      }
      return subscription!
    }
  }

  /// Pairs each element with `object`, held weakly; completes once `object` is gone.
  public func withUnretained<Object: AnyObject>(_ object: Object)
    -> Observable<(Object, Element)>
  {
    withUnretained(object) { ($0, $1) }
  }
}

extension ObservableType {
  /// An observable that emits `optional`'s value, if any, then completes.
  public static func from(optional: Element?) -> Observable<Element> {
    optional.map { Observable.just($0) } ?? Observable.empty()
  }

  /// An observable that emits `optional`'s value, if any, on `scheduler`, then completes.
  public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
    Observable.from(optional.map { [$0] } ?? [], scheduler: scheduler)
  }

  /// Merges the observables of any collection.
  public static func merge<Sources: Collection>(_ sources: Sources) -> Observable<Element>
  where Sources.Element == Observable<Element> {
    Observable.merge(Array(sources))
  }
}
