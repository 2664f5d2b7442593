/// A type that is both an observable sequence and an observer: a subject.
///
/// Used by `multicast(_:)` and `multicast(makeSubject:)`. `PublishSubject`, `BehaviorSubject`,
/// `ReplaySubject` and `AsyncSubject` conform.
public protocol SubjectType<Element>: ObservableType {
  /// The observer type that feeds this subject.
  associatedtype Observer: ObserverType

  /// The observer that feeds this subject.
  func asObserver() -> Observer
}

extension PublishSubject: SubjectType {}
extension BehaviorSubject: SubjectType {}
extension ReplaySubject: SubjectType {}
extension AsyncSubject: SubjectType {}
