/// A namespace for reactive extensions of a type: `view.rx.title`, `button.rx.tap`.
///
/// Extend it with a constraint on `Base` to add members for one type
/// (`extension Reactive where Base: TitleView { var title: Binder<String> { … } }`); for a class,
/// every writable property also gets a ``Binder`` through `@dynamicMemberLookup`, with no
/// extension:
///
/// ```swift
/// final class TitleView: ReactiveCompatible { var title = ""; var isHidden = false }
///
/// let view = TitleView()
/// let name = BehaviorRelay(value: "Ada")
/// name.bind(to: view.rx.title).disposed(by: bag)
/// name.map(\.isEmpty).bind(to: view.rx.isHidden).disposed(by: bag)
/// print(view.title, view.isHidden)
/// // Prints (on the main thread): Ada false
/// ```
///
/// Thread safety: a `Reactive` is a plain wrapper of its base; it is as thread-safe as the base.
/// The synthesized binders run on the main thread, as every ``Binder`` does by default.
@dynamicMemberLookup
public struct Reactive<Base> {
  /// The value the extensions act on.
  public let base: Base

  /// Wraps `base` for its reactive extensions.
  ///
  /// - Parameter base: The value the extensions act on.
  public init(_ base: Base) {
    self.base = base
  }

  /// A binder that sets the property at `keyPath` of the base (held weakly), on the main thread.
  ///
  /// - Parameter keyPath: A writable property of the base.
  /// - Returns: A ``Binder`` of the property.
  public subscript<Property>(
    dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>
  ) -> Binder<Property> where Base: AnyObject {
    Binder(base) { base, value in base[keyPath: keyPath] = value }
  }
}

/// A type with reactive extensions under `rx` (`value.rx`, and `Type.rx` for static ones).
///
/// Conform with an empty extension (`extension MyView: ReactiveCompatible {}`); the default
/// implementations provide both properties. Their setters do nothing: they exist so that
/// extensions of ``Reactive`` may use `mutating` members.
public protocol ReactiveCompatible {
  /// The type the extensions act on.
  associatedtype ReactiveBase

  /// The reactive extensions of the type.
  static var rx: Reactive<ReactiveBase>.Type { get set }

  /// The reactive extensions of this value.
  var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
  /// The reactive extensions of the type.
  public static var rx: Reactive<Self>.Type {
    get { Reactive<Self>.self }
    // A setter that ignores its value lets `Reactive`'s mutating members be called.
    set {}
  }

  /// The reactive extensions of this value.
  public var rx: Reactive<Self> {
    get { Reactive(self) }
    // A setter that ignores its value lets `Reactive`'s mutating members be called.
    set {}
  }
}

#if canImport(ObjectiveC)
  import Foundation

  // As in RxSwift: every Objective-C object (every UIKit and AppKit view) has `rx`.
  extension NSObject: ReactiveCompatible {}
#endif
