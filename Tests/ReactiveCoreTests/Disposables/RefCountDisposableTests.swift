import ReactiveCore
import Testing

@Suite struct RefCountDisposableTests {
  @Test func disposesOnlyWhenPrimaryAndAllRetainedAreDisposed() {
    let count = Shared(0)
    let shared = RefCountDisposable(disposable: Disposables.create { count.mutate { $0 += 1 } })
    let first = shared.retain()
    let second = shared.retain()
    shared.dispose()
    first.dispose()
    #expect(count.value == 0 && !shared.isDisposed)
    second.dispose()
    second.dispose()
    #expect(count.value == 1 && shared.isDisposed)
    shared.retain().dispose()
    #expect(count.value == 1)
  }

  @Test func primaryAloneDisposesAtOnce() {
    let count = Shared(0)
    let shared = RefCountDisposable(disposable: Disposables.create { count.mutate { $0 += 1 } })
    let held = shared.retain()
    held.dispose()
    #expect(count.value == 0)
    shared.dispose()
    shared.dispose()
    #expect(count.value == 1)
  }
}
