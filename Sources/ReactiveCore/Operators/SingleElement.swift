extension ObservableType {
  /// Forwards the only element of the source, failing when it has none or more than one.
  ///
  /// The element is forwarded as soon as it arrives; a second element fails with
  /// `RxError.moreThanOneElement`, completion without an element with `RxError.noElements`.
  ///
  /// ```swift
  /// _ = Observable.of(7).single().subscribe(onNext: { print($0) })
  /// // Prints: 7
  /// ```
  @inlinable
  public func single() -> Observable<Element> {
    single { _ in true }
  }

  /// Forwards the only element that satisfies `predicate`, failing when none or more than one do.
  ///
  /// A throwing `predicate` sends its error downstream.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).single { $0 == 2 }.subscribe(onNext: { print($0) })
  /// // Prints: 2
  /// ```
  @inlinable
  public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    lift { SingleElementOperator(predicate: predicate) }
  }
}

@usableFromInline
struct SingleElementOperator<Element>: SingleSourceOperator {
  @usableFromInline let predicate: (Element) throws -> Bool
  @usableFromInline var seenValue = false

  @inlinable
  init(predicate: @escaping (Element) throws -> Bool) { self.predicate = predicate }

  @inlinable
  mutating func next(_ element: Element, _ downstream: AnyObserver<Element>) throws -> Bool {
    guard try predicate(element) else { return true }
    if seenValue { throw RxError.moreThanOneElement }
    seenValue = true
    downstream.on(.next(element))
    return true
  }

  @inlinable
  func completed(_ downstream: AnyObserver<Element>) throws {
    if !seenValue { throw RxError.noElements }
  }
}
