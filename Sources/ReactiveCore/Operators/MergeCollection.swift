extension ObservableType {
  /// Merges the sources of `sources` (see `merge(_:)` with an array).
  ///
  /// ```swift
  /// _ = Observable.merge([Observable.just(1), .just(2)][1...]).subscribe(onNext: { print($0) })
  /// // Prints: 2
  /// ```
  public static func merge<Collection: Swift.Collection>(_ sources: Collection)
    -> Observable<Element>
  where Collection.Element == Observable<Element> {
    Observable.merge(Array(sources))
  }
}
