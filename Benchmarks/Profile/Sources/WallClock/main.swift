// Wall-clock time per unit of every shared scenario beside its peers, in one process: the
// hand-written closure peer (the physical limit), OpenCombine where it has the operator, and this
// library. Instruction counts (Benchmarks/Profile) are deterministic but blind to what an atomic
// operation, a fence or a thread-local read costs on a real CPU; this measures that cost.
//
//   swift run -c release --package-path Benchmarks/Profile WallClock [--units N] [--reps N]
//       [--rounds N] [--filter TEXT] [--write Benchmarks/RESULTS.md]
//
// A scenario's members (`<n>_<Scenario>.<Peer>`, see Scenarios.swift) are measured interleaved:
// each repetition runs every member once, in an order rotated per repetition, so a drift of the
// machine (frequency, a neighbour's load) falls on all of them alike. A round is `reps`
// repetitions of every scenario; each member's time in a round is the median of its repetitions,
// the table shows the median over the rounds, and each ratio is the median of the rounds' ratios.
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let sink = Sink()
/// The subscriber of the shared scenarios (see `NamedScenario`).
func receive(_ value: Int) { sink.value &+= value }

/// Runs a scenario's measured loop once over `units`, timing it.
final class TimedRunner: ScenarioRunner {
  let units: Range<Int>
  private(set) var nanoseconds: Int64 = 0

  init(units: Int) { self.units = 0..<units }

  @inline(__always) func measure(_ body: () -> Void) {
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    nanoseconds =
      elapsed.components.seconds * 1_000_000_000
      + elapsed.components.attoseconds / 1_000_000_000
  }
}

struct Options {
  var units = 20_000
  var reps = 11
  var rounds = 3
  var filter: String?
  var write: String?

  init(_ arguments: ArraySlice<String>) {
    var arguments = arguments
    func value(_ option: String) -> String {
      guard let value = arguments.popFirst() else { fail("\(option) needs a value") }
      return value
    }
    func count(_ option: String, minimum: Int) -> Int {
      let text = value(option)
      guard let number = Int(text), number >= minimum else {
        fail("\(option) \(text): expected a whole number of at least \(minimum)")
      }
      return number
    }
    while let argument = arguments.popFirst() {
      switch argument {
      // Units are subscriptions for the DisposeBag scenarios, whose bags hold 1,000 each.
      case "--units": units = count(argument, minimum: subscriptionsPerBag)
      case "--reps": reps = count(argument, minimum: 1)
      case "--rounds": rounds = count(argument, minimum: 1)
      case "--filter": filter = value(argument)
      case "--write": write = value(argument)
      case "-h", "--help":
        print(
          "usage: WallClock [--units N (20000)] [--reps N (11)] [--rounds N (3)] [--filter TEXT]"
            + " [--write RESULTS.md]")
        exit(0)
      default: fail("unknown argument \(argument) (see --help)")
      }
    }
  }
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("WallClock: \(message)\n".utf8))
  exit(64)
}

/// One scenario: this library's members, the closure peer they are compared with and, where it
/// exists, OpenCombine's.
struct Group {
  let name: String
  var ours: [NamedScenario<TimedRunner>] = []
  var peer: NamedScenario<TimedRunner>?
  var openCombine: NamedScenario<TimedRunner>?
  var members: [NamedScenario<TimedRunner>] { ours + [peer, openCombine].compactMap { $0 } }
}

/// Groups the scenarios by the part of their benchmark name before the dot. The closure peer is
/// the thread-safe hand-written version where there is one (`ClosureLocked`, the stores' peer),
/// else `Closure`; other hand-written variants (the hero reducer alone) are left out.
func groups(_ scenarios: [NamedScenario<TimedRunner>], filter: String?) -> [Group] {
  var groups: [Group] = []
  for scenario in scenarios {
    let parts = scenario.benchmark.split(separator: ".", maxSplits: 1).map(String.init)
    if let filter, !scenario.benchmark.contains(filter), !scenario.profile.contains(filter) {
      continue
    }
    if !groups.contains(where: { $0.name == parts[0] }) { groups.append(Group(name: parts[0])) }
    let index = groups.firstIndex { $0.name == parts[0] }!
    switch parts[1] {
    case let peer where peer.hasPrefix("ReactiveCore"): groups[index].ours.append(scenario)
    case "ClosureLocked": groups[index].peer = scenario
    case "Closure" where groups[index].peer?.benchmark.hasSuffix("ClosureLocked") != true:
      groups[index].peer = scenario
    case "OpenCombine": groups[index].openCombine = scenario
    default: break
    }
  }
  return groups.filter { !$0.ours.isEmpty }
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Nanoseconds per unit of one run of `scenario`.
func time(_ scenario: NamedScenario<TimedRunner>, units: Int) -> Double {
  let runner = TimedRunner(units: units)
  scenario.run(runner)
  return Double(runner.nanoseconds) / Double(units)
}

func cpuModel() -> String {
  #if os(Linux)
    if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
      let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
      let name = line.split(separator: ":", maxSplits: 1).last
    {
      return name.trimmingCharacters(in: .whitespaces)
    }
  #endif
  return "unknown CPU"
}

/// The one-minute load average: what else ran on the machine while this measured.
func loadAverage() -> String {
  var loads = [Double](repeating: 0, count: 3)
  return getloadavg(&loads, 3) > 0 ? String(format: "%.2f", loads[0]) : "unknown"
}

let options = Options(CommandLine.arguments.dropFirst())
let loadAtStart = loadAverage()
let all =
  streamScenarios(TimedRunner.self) + openCombineStreamScenarios(TimedRunner.self)
  + storeScenarios(TimedRunner.self) + openCombineStoreScenarios(TimedRunner.self)
  + appScenarios(TimedRunner.self)
let measured = groups(all, filter: options.filter)
guard !measured.isEmpty else { fail("no scenario matches --filter \(options.filter ?? "")") }

// Warm-up: every member once, so the first repetition pays no first-touch costs.
for group in measured { for member in group.members { _ = time(member, units: options.units) } }

// times[benchmark][round] = the round's median, ns per unit.
var times: [String: [Double]] = [:]
for round in 0..<options.rounds {
  for group in measured {
    let members = group.members
    var samples = [[Double]](repeating: [], count: members.count)
    for repetition in 0..<options.reps {
      for offset in 0..<members.count {
        let index = (offset + repetition + round) % members.count
        samples[index].append(time(members[index], units: options.units))
      }
    }
    for (index, member) in members.enumerated() {
      times[member.benchmark, default: []].append(median(samples[index]))
    }
  }
  FileHandle.standardError.write(Data("round \(round + 1) of \(options.rounds) done\n".utf8))
}

/// The median over the rounds of `numerator / denominator`.
@MainActor func ratio(_ numerator: String, _ denominator: String) -> Double {
  let top = times[numerator]!
  let bottom = times[denominator]!
  return median(zip(top, bottom).map { $0 / $1 })
}

func format(_ value: Double) -> String { String(format: "%.1f", value) }

var lines = [
  "Wall-clock ns per unit, \(cpuModel()), \(ProcessInfo.processInfo.activeProcessorCount) cores,"
    + " release build, one process: \(options.units) units per run, \(options.reps) interleaved"
    + " repetitions per round (median), median over \(options.rounds) rounds"
    + "; load average \(loadAtStart) at the start, \(loadAverage()) at the end"
    + " (`swift run -c release --package-path Benchmarks/Profile WallClock`).",
  "",
  "| scenario | closure peer | ours | ours/peer | OpenCombine | OpenCombine/ours |",
  "| --- | ---: | ---: | ---: | ---: | ---: |",
]
for group in measured {
  for ours in group.ours {
    let name = ours.benchmark.split(separator: ".", maxSplits: 1)[1]
    let label = name == "ReactiveCore" ? group.name : "\(group.name) (\(name.dropFirst(12)))"
    var row = "| `\(label)` "
    if let peer = group.peer {
      row += "| \(format(median(times[peer.benchmark]!))) "
    } else {
      row += "| "
    }
    row += "| \(format(median(times[ours.benchmark]!))) "
    row +=
      group.peer.map { "| \(String(format: "%.2f", ratio(ours.benchmark, $0.benchmark)))x " }
      ?? "| "
    if let openCombine = group.openCombine {
      row += "| \(format(median(times[openCombine.benchmark]!))) "
      row += "| \(String(format: "%.2f", ratio(openCombine.benchmark, ours.benchmark)))x |"
    } else {
      row += "| | |"
    }
    lines.append(row)
  }
}
let table = lines.joined(separator: "\n")
print(table)
print("(sink \(sink.value))")

if let path = options.write {
  let begin = "<!-- wallclock:begin -->"
  let end = "<!-- wallclock:end -->"
  let block = "\(begin)\n\(table)\n\(end)"
  var text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "# Benchmark results\n"
  if let start = text.range(of: begin), let stop = text.range(of: end),
    start.lowerBound < stop.lowerBound
  {
    text.replaceSubrange(start.lowerBound..<stop.upperBound, with: block)
  } else {
    text += "\n## Wall clock, side by side\n\n\(block)\n"
  }
  do {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  } catch {
    fail("cannot write \(path): \(error)")
  }
}
