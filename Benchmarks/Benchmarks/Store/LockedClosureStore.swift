import Synchronization

/// The thread-safe store an app developer writes by hand, the peer of `8_Store.ClosureLocked`
/// and of Profile's `store-closure-locked` (Profile compiles this file through a symbolic link):
/// the state and the renderers under a mutex, the state reduced there, and the renderers called
/// outside the lock with the new state (so a renderer may send again without deadlocking).
final class LockedClosureStore<State: Sendable, Intent>: Sendable {
  private let locked: Mutex<(state: State, renderers: [@Sendable (State) -> Void])>
  private let reduce: @Sendable (State, Intent) -> State

  init(initialState: State, reduce: @escaping @Sendable (State, Intent) -> State) {
    locked = Mutex((initialState, []))
    self.reduce = reduce
  }

  /// Renders the current state, then every later one.
  func subscribe(_ render: @escaping @Sendable (State) -> Void) {
    let state = locked.withLock { locked in
      locked.renderers.append(render)
      return locked.state
    }
    render(state)
  }

  func send(_ intent: Intent) {
    let (state, renderers) = locked.withLock { locked in
      locked.state = reduce(locked.state, intent)
      return (locked.state, locked.renderers)
    }
    for render in renderers { render(state) }
  }
}
