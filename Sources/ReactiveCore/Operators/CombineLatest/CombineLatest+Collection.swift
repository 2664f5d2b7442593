extension ObservableType {
  /// Combines the latest elements of every source in `collection` with `resultSelector`,
  /// once each has emitted, and again whenever any of them emits.
  ///
  /// Same rules as the two-source form; an empty collection emits `resultSelector([])` and
  /// completes at once.
  ///
  /// ```swift
  /// _ = Observable.combineLatest([Observable.just(1), .just(2)]) { $0.reduce(0, +) }
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: 3
  /// ```
  /// - Complexity: O(n) per element for n sources (the snapshot array is copied).
  @inlinable
  public static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableType {
    combining(CombineLatestStateMachine.init(arity:), collection, LatestValue(), resultSelector)
  }

  /// Combines the latest elements of every source in `collection` into arrays.
  ///
  /// ```swift
  /// _ = Observable.combineLatest([Observable.just(1), .just(2)]).subscribe(onNext: { print($0) })
  /// // Prints: [1, 2]
  /// ```
  @inlinable
  public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection)
    -> Observable<[Element]>
  where Collection.Element: ObservableType, Collection.Element.Element == Element {
    Observable<[Element]>.combineLatest(collection) { $0 }
  }
}
