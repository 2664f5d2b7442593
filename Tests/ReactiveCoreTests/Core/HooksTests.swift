import Testing

@testable import ReactiveCore

/// `Hooks`, written as RxSwift code would be. The hooks are process-wide, so each test restores
/// them, and handlers only count this suite's own error type (tests of other suites run in
/// parallel and may send unhandled errors of their own).
@Suite(.serialized) struct HooksTests {
  struct Unhandled: Error, Equatable { let id: Int }

  @Test func anErrorWithoutOnErrorGoesToTheDefaultErrorHandler() {
    let saved = Hooks.defaultErrorHandler
    defer { Hooks.defaultErrorHandler = saved }
    let seen = Shared<[Int]>([])
    let stacks = Shared<[[String]]>([])
    Hooks.defaultErrorHandler = { callStack, error in
      guard let error = error as? Unhandled else { return }
      seen.mutate { $0.append(error.id) }
      stacks.mutate { $0.append(callStack) }
    }
    _ = Observable<Int>.error(Unhandled(id: 1)).subscribe(onNext: { _ in })
    _ = Observable<Int>.error(Unhandled(id: 2)).subscribe(onError: { _ in })  // handled
    #expect(seen.value == [1])
    #expect(stacks.value == [[]])  // not recorded by default
  }

  @Test func theCallStackIsCapturedAtSubscriptionWhenRecording() {
    let savedHandler = Hooks.defaultErrorHandler
    let savedCapture = Hooks.customCaptureSubscriptionCallstack
    defer {
      Hooks.recordCallStackOnError = false
      Hooks.defaultErrorHandler = savedHandler
      Hooks.customCaptureSubscriptionCallstack = savedCapture
    }
    let stacks = Shared<[[String]]>([])
    let subject = PublishSubject<Int>()
    Hooks.defaultErrorHandler = { callStack, error in
      guard error is Unhandled else { return }
      stacks.mutate { $0.append(callStack) }
    }
    Hooks.customCaptureSubscriptionCallstack = { ["frame A", "frame B"] }
    Hooks.recordCallStackOnError = true
    #expect(Hooks.recordCallStackOnError)
    _ = subject.subscribe(onNext: { _ in })  // captured now, reported when the error comes
    Hooks.customCaptureSubscriptionCallstack = { ["later"] }
    subject.onError(Unhandled(id: 3))
    #expect(stacks.value == [["frame A", "frame B"]])
  }

  @Test func aTraitFailureWithoutAHandlerGoesToTheDefaultErrorHandler() {
    let saved = Hooks.defaultErrorHandler
    defer { Hooks.defaultErrorHandler = saved }
    let seen = Shared<[Int]>([])
    Hooks.defaultErrorHandler = { _, error in
      guard let error = error as? Unhandled else { return }
      seen.mutate { $0.append(error.id) }
    }
    _ = Single<Int>.error(Unhandled(id: 4)).subscribe(onSuccess: { _ in })
    _ = Maybe<Int>.error(Unhandled(id: 5)).subscribe(onSuccess: { _ in })
    _ = Completable.error(Unhandled(id: 6)).subscribe(onCompleted: {})
    _ = Single<Int>.error(Unhandled(id: 7)).subscribe(onSuccess: { _ in }, onFailure: { _ in })
    #expect(seen.value == [4, 5, 6])
  }
}
