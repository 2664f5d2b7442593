import ReactiveEngine

extension ObservableType {
  /// Pairs the elements of every source in `collection` in order and combines each group with
  /// `resultSelector`.
  ///
  /// Same rules as the two-source form, plus RxSwift's collection rule: the result also completes
  /// when the last running source emits an element that cannot be paired because every other
  /// source completed. An empty collection completes at once without emitting.
  ///
  /// ```swift
  /// _ = Observable.zip([Observable.of(1, 2), .of(10, 20)]) { $0.reduce(0, +) }
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: 11
  /// // Prints: 22
  /// ```
  @inlinable
  public static func zip<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableType {
    combining(
      { ZipStateMachine(arity: $0, completesWhenOthersDone: true) }, collection, FIFO(),
      resultSelector)
  }

  /// Pairs the elements of every source in `collection` into arrays.
  ///
  /// ```swift
  /// _ = Observable.zip([Observable.of(1, 2), .of(10, 20)]).subscribe(onNext: { print($0) })
  /// // Prints: [1, 10]
  /// // Prints: [2, 20]
  /// ```
  @inlinable
  public static func zip<Collection: Swift.Collection>(_ collection: Collection)
    -> Observable<[Element]>
  where Collection.Element: ObservableType, Collection.Element.Element == Element {
    Observable<[Element]>.zip(collection) { $0 }
  }
}
