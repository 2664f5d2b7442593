import ReactiveEngine
import Synchronization

#if canImport(Darwin)
  import Foundation
#endif

/// Process-wide hooks, as in RxSwift: what happens to an error that reaches a subscription
/// without an `onError` handler, and whether the subscription's call stack is recorded for it.
///
/// ```swift
/// Hooks.recordCallStackOnError = true
/// Hooks.defaultErrorHandler = { callStack, error in
///   print("unhandled: \(error)")   // report it to your crash reporter
/// }
/// ```
///
/// `recordCallStackOnError` is read when `subscribe(onNext:onError:onCompleted:onDisposed:)`
/// is called without `onError`: if it is `true`, `customCaptureSubscriptionCallstack` runs then,
/// and its result is passed to `defaultErrorHandler` if an error arrives.
///
/// Thread safety: every property may be read and set from any thread; the handlers are called on
/// the thread that delivers the error (or subscribes). RxSwift differences: the default handler
/// writes to standard error (RxSwift prints to standard output), and the default call-stack
/// capture records symbols on Apple platforms only (an empty list elsewhere).
public enum Hooks {
  /// Handles an error that reached a subscription without `onError`: the call stack recorded at
  /// subscription (empty unless ``recordCallStackOnError``), and the error.
  public typealias DefaultErrorHandler = (_ subscriptionCallStack: [String], _ error: Error) -> Void

  /// Captures the call stack of a subscription, one frame per string.
  public typealias CustomCaptureSubscriptionCallstack = () -> [String]

  @usableFromInline static let recording = Atomic<Bool>(false)
  static let storage = Locked(HookState())

  /// Whether a subscription without `onError` records its call stack (with
  /// ``customCaptureSubscriptionCallstack``) for ``defaultErrorHandler``. `false` by default:
  /// capturing costs time on every such subscription.
  public static var recordCallStackOnError: Bool {
    get { recording.load(ordering: .acquiring) }
    set { recording.store(newValue, ordering: .releasing) }
  }

  /// Called for an error that reached a subscription without `onError`. By default, debug
  /// builds write the error (and the recorded call stack) to standard error; release builds
  /// ignore it.
  public static var defaultErrorHandler: DefaultErrorHandler {
    get { storage.withLock { $0.defaultErrorHandler } }
    set { storage.withLock { $0.defaultErrorHandler = newValue } }
  }

  /// Captures a subscription's call stack when ``recordCallStackOnError`` is `true`.
  public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
    get { storage.withLock { $0.capture } }
    set { storage.withLock { $0.capture = newValue } }
  }

  /// The `onError` of a subscription made without one, when call stacks are recorded: passes
  /// the stack captured now to the handler. `nil` when they are not (the subscription then
  /// reports through ``defaultErrorHandler`` with an empty stack).
  ///
  /// The test is inlined into every subscription without `onError`; only recording is a call.
  @inlinable @inline(__always)
  static func unhandledErrorHandlerRecordingCallStack() -> ((any Swift.Error) -> Void)? {
    guard recording.load(ordering: .acquiring) else { return nil }
    return errorHandlerRecordingCallStack()
  }

  /// The recording `onError` of `unhandledErrorHandlerRecordingCallStack()`.
  @usableFromInline
  static func errorHandlerRecordingCallStack() -> (any Swift.Error) -> Void {
    let callStack = customCaptureSubscriptionCallstack()
    return { error in defaultErrorHandler(callStack, error) }
  }
}

/// The hooks' closures, kept in a `Locked` (read and replaced under its lock; called after it
/// is released).
struct HookState {
  var defaultErrorHandler: Hooks.DefaultErrorHandler = { callStack, error in
    #if DEBUG
      var message = "ReactiveCore: unhandled error in subscribe (no onError handler): \(error)\n"
      if !callStack.isEmpty {
        message += "subscription called from:\n" + callStack.joined(separator: "\n") + "\n"
      }
      writeToStandardError(message)
    #endif
  }
  var capture: Hooks.CustomCaptureSubscriptionCallstack = {
    #if DEBUG && canImport(Darwin)
      return Thread.callStackSymbols
    #else
      return []
    #endif
  }
}
