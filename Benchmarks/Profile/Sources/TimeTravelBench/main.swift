// Stepping and skipping in a recorded session of N steps (default 100,000): records the session
// through a store with a SessionRecorder, opens it, then times TimeTravel's moves and prints the
// time per move and the peak resident memory.
//
//   swift run -c release --package-path Benchmarks/Profile TimeTravelBench 100000
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Dispatch
import ReactiveMVI

/// A list screen: each intent adds a row, toggles one, or changes the filter.
struct Rows: Feature {
  struct State: Equatable, Codable, Sendable {
    var rows: [Int] = []
    var done: Set<Int> = []
    var filter = 0
  }
  enum Intent: Equatable, Codable, Sendable { case add, toggle(Int), filter(Int) }

  func reduce(_ state: State, _ intent: Intent) -> State {
    var state = state
    switch intent {
    case .add: if state.rows.count < 20 { state.rows.append(state.rows.count) }
    case .toggle(let row):
      if state.done.remove(row) == nil { state.done.insert(row) }
    case .filter(let filter): state.filter = filter
    }
    return state
  }
}

final class Lines: @unchecked Sendable {  // written by the store's only (this) thread
  var text = ""
}

func seconds(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func peakMemoryMiB() -> Double {
  var usage = rusage()
  #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576
  #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
  #endif
}

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 100_000 : 100_000
var generator = SystemRandomNumberGenerator()
let lines = Lines()
// A screen's worth of state (at most 20 rows, a row added every 100th step), so the moves, not
// the state's size, are measured.
let recorder = SessionRecorder(
  feature: Rows(), initialState: Rows.State(), sink: { lines.text += $0 + "\n" })
let store = Store(initialState: Rows.State(), feature: Rows(), middleware: [recorder.middleware])
let recording = seconds {
  for step in 0..<count {
    switch step % 100 {
    case 0: store.send(.add)
    case 50: store.send(.filter(step % 3))
    default: store.send(.toggle(step % min(step / 100 + 1, 20)))
    }
  }
  recorder.finish()
}
let mebibytes = Double(lines.text.utf8.count) / 1_048_576
var session: Session<Rows>!
// The best of three: the machine is shared, and the least disturbed run is the cost.
let opening = (0..<3).map { _ in
  seconds { session = try! Session(jsonLines: lines.text, feature: Rows()) }
}.min()!
precondition(session.mismatch == nil && session.steps.count == count)
lines.text = ""
var travel = TimeTravel(session: session, feature: Rows())
let forward = seconds { while travel.position < count { travel.stepForward() } }
let backward = seconds { for _ in 0..<10_000 { travel.stepBack() } }
let jumps = 1_000
let jumping = seconds {
  for _ in 0..<jumps { travel.jump(to: Int.random(in: 0...count, using: &generator)) }
}
let skips = 100
let skipping = seconds {
  for _ in 0..<skips { travel.toggleSkip(Int.random(in: 1...count, using: &generator)) }
}
// The step shown skipped and unskipped, as `s` does in the apps.
var shownSkipping = 0.0
for _ in 0..<skips {
  travel.jump(to: Int.random(in: 1...count, using: &generator))
  let shown = travel.position
  shownSkipping += seconds {
    travel.toggleSkip(shown)
    travel.toggleSkip(shown)
  }
}
func microseconds(_ seconds: Double, per moves: Int) -> String {
  String(Int((seconds / Double(moves) * 1e6).rounded()))
}
print("steps\t\(count)")
print("session\t\(Int(mebibytes.rounded())) MiB, recorded in \(Int(recording * 1000)) ms")
print("open\t\(Int(opening * 1000)) ms (best of 3)")
print("step forward\t\(microseconds(forward, per: count)) µs per step")
print("step back\t\(microseconds(backward, per: 10_000)) µs per step")
print("jump\t\(microseconds(jumping, per: jumps)) µs per jump")
print("skip/unskip\t\(microseconds(skipping, per: skips)) µs per toggle")
print("skip/unskip shown\t\(microseconds(shownSkipping, per: 2 * skips)) µs per toggle")
print("checkpoints\t\(count / TimeTravel<Rows>.checkpointInterval + 1) states held")
print("peak memory\t\(Int(peakMemoryMiB().rounded())) MiB")
