// SwiftUI and Combine conveniences for ViewStore. These platforms are not available on Linux,
// where the package is tested: the code here stays minimal and only forwards to the tested
// ViewStore API.

#if canImport(SwiftUI)
  import SwiftUI

  extension ViewStore {
    /// A `Binding` to the field at `keyPath`: reading it reads (and tracks) the field, writing
    /// a value sends `intent(value)` to the store.
    ///
    /// ```swift
    /// // (SwiftUI)
    /// TextField("Title", text: viewStore.binding(\.draft, send: { .draftChanged($0) }))
    /// ```
    public func binding<Value>(
      _ keyPath: KeyPath<S.State, Value>, send intent: @escaping (Value) -> S.Intent
    ) -> Binding<Value> {
      Binding(
        get: { self[dynamicMember: keyPath] },
        set: { self.send(intent($0)) })
    }
  }
#endif

#if canImport(Combine)
  import Combine

  /// `ObservableObject`, for views written with `@ObservedObject` or `@StateObject` rather than
  /// Observation: `objectWillChange` fires before every state change that changes something.
  extension ViewStore: ObservableObject {}
#endif
