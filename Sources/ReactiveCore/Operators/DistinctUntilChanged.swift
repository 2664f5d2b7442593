extension ObservableType where Element: Equatable {
  /// Drops elements equal (`==`) to the previously emitted one; the first element always passes.
  ///
  /// ```swift
  /// _ = Observable.of(1, 1, 2, 2, 1).distinctUntilChanged().subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 2
  /// // Prints: 1
  /// ```
  /// - Complexity: O(1) per element; keeps one element.
  @inlinable
  public func distinctUntilChanged() -> Observable<Element> {
    distinctUntilChanged({ $0 }, comparer: { $0 == $1 })
  }
}

extension ObservableType {
  /// Drops elements whose key (from `keySelector`) equals the key of the previously emitted
  /// element; the first element always passes. A throwing `keySelector` becomes an error.
  ///
  /// ```swift
  /// _ = Observable.of("a", "ab", "b").distinctUntilChanged { $0.count }
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: a
  /// // Prints: ab
  /// // Prints: b
  /// ```
  @inlinable
  public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key)
    -> Observable<Element>
  {
    distinctUntilChanged(keySelector, comparer: { $0 == $1 })
  }

  /// Drops elements that `comparer` reports equal to the previously emitted element; the first
  /// element always passes. A throwing `comparer` becomes an error.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 5, 6).distinctUntilChanged { abs($0 - $1) < 2 }
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 5
  /// ```
  @inlinable
  public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool)
    -> Observable<Element>
  {
    distinctUntilChanged({ $0 }, comparer: comparer)
  }

  /// Drops elements whose key `comparer` reports equal to the key of the previously emitted
  /// element; the first element always passes. Either closure throwing becomes an error.
  @inlinable
  public func distinctUntilChanged<Key>(
    _ keySelector: @escaping (Element) throws -> Key,
    comparer: @escaping (Key, Key) throws -> Bool
  ) -> Observable<Element> {
    lift { DistinctUntilChangedOperator(keySelector: keySelector, comparer: comparer) }
  }

  /// Drops elements whose property at `keyPath` equals that of the previously emitted element;
  /// the first element always passes.
  ///
  /// ```swift
  /// struct User { var name: String; var age: Int }
  /// _ = Observable.of(User(name: "a", age: 1), User(name: "a", age: 2))
  ///   .distinctUntilChanged(at: \.name).subscribe(onNext: { print($0.age) })
  /// // Prints: 1
  /// ```
  @inlinable
  public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>)
    -> Observable<Element>
  {
    distinctUntilChanged({ $0[keyPath: keyPath] }, comparer: { $0 == $1 })
  }
}

@usableFromInline
struct DistinctUntilChangedOperator<Element, Key>: SingleSourceOperator {
  @usableFromInline let keySelector: (Element) throws -> Key
  @usableFromInline let comparer: (Key, Key) throws -> Bool
  @usableFromInline var currentKey: Key?

  @inlinable
  init(
    keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool
  ) {
    self.keySelector = keySelector
    self.comparer = comparer
  }

  @inlinable
  mutating func next(_ element: Element, _ downstream: AnyObserver<Element>) throws -> Bool {
    let key = try keySelector(element)
    if let currentKey, try comparer(currentKey, key) { return true }
    currentKey = key
    downstream.on(.next(element))
    return true
  }
}
