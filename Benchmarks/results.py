#!/usr/bin/env python3
"""The benchmark table of RESULTS.md, read from package-benchmark's JMH export (JSON).

Usage (from anywhere):
  Benchmarks/results.py --runs 3            make 3 full runs (`swift package benchmark run
                                            --format jmh`, as Benchmarks/run.sh), print the table
  Benchmarks/results.py --runs 3 --write    the same, and write it between the benchmark markers
                                            of Benchmarks/RESULTS.md
  Benchmarks/results.py RUN [RUN ...]       the table of runs already made, each a `*.jmh.json`
                                            file or the directory it is in (`swift package
                                            --allow-writing-to-directory DIR benchmark run
                                            --format jmh --path DIR`)

Each benchmark's time is the p50 of its wall clock per unit; its ratio to the closure peer is
taken within each run (both ran minutes apart at most, on the same load), and with several runs
every cell is the median over the runs: this machine is noisy. Allocations per unit are the p90 of
`mallocCountTotal` per iteration divided by the units of an iteration: exact, as the gate counts
them.
"""
import argparse, datetime, glob, json, os, pathlib, platform, re, statistics, subprocess, sys
import tempfile

here = pathlib.Path(__file__).resolve().parent
results_md = here / "RESULTS.md"
BEGIN, END = "<!-- benchmarks:begin -->", "<!-- benchmarks:end -->"

# One iteration is this many units (`scalingFactor: .kilo` in Harness.swift).
UNITS_PER_ITERATION = 1000

# What a scenario measures, and its unit.
SCENARIOS = {
    "1_Relay": ("relay, 1 subscriber", "event"),
    "2_Chain": ("map/filter/map/scan chain", "event"),
    "3_FanOut100": ("fan-out to 100 subscribers", "accept (100 deliveries)"),
    "4_SubscribeDispose": ("subscribe + dispose", "pair"),
    "4_DisposeBag1000": ("1,000 into a DisposeBag, bag dropped", "subscription"),
    "5_CombineLatest": ("combineLatest, alternating accepts", "accept"),
    "5_Zip": ("zip, alternating accepts", "accept"),
    "6_FlatMapLatest": ("flatMapLatest, new inner per 10 events", "inner event"),
    "7_BehaviorRelay": ("BehaviorRelay accept + value", "accept"),
    "8_Store": ("store, trivial reducer", "intent"),
    "8_StoreScan": ("the store from operators: relay.scan.share(replay: 1)", "intent"),
    "8_HeroIntent": ("hero-selector intent, discarding render sink", "intent"),
    "9_ScopedStore": ("an intent through a scoped store, its state to a subscriber", "intent"),
    "10_ChildRows10000": ("a row intent in a 10,000-row ChildFeatures list", "intent"),
    "11_Features10": ("an intent among 10 composed child features", "intent"),
}
# The closure peer of a scenario that has none of its own.
CLOSURE_OF = {"8_StoreScan": "8_Store"}
PEER_ORDER = ["Closure", "ClosureLocked", "ReactiveCore", "ReactiveCoreDirect", "OpenCombine"]

WALL_CLOCK, MALLOCS = "Time (wall clock)", "Malloc (total)"


def read_run(path):
    """{benchmark name: (p50 ns per unit, p90 allocations per unit)} of one JMH export.

    package-benchmark's JMH export names a benchmark `package.benchmark.<target>.<name>` and gives
    times in microseconds per iteration: with 1,000 units per iteration, nanoseconds per unit.
    Counts are per iteration."""
    if os.path.isdir(path):
        files = glob.glob(os.path.join(path, "*.jmh.json"))
        if len(files) != 1:
            sys.exit(f"{path}: expected one *.jmh.json, found {len(files)}")
        path = files[0]
    run = {}
    for element in json.load(open(path)):
        name = element["benchmark"].split(".", 3)[3]
        metrics = element["secondaryMetrics"]
        ns = metrics[WALL_CLOCK]["scorePercentiles"]["50.0"] * 1000 / UNITS_PER_ITERATION
        allocations = metrics[MALLOCS]["scorePercentiles"]["90.0"] / UNITS_PER_ITERATION
        run[name] = (ns, allocations)
    return run


def closure_peer(name, run):
    """The scenario's hand-written peer in `run`: its `Closure` benchmark, or its `ClosureLocked`
    one (the thread-safe store written by hand) for the app-layer scenarios that have only that."""
    scenario = CLOSURE_OF.get(name.split(".")[0], name.split(".")[0])
    closure = scenario + ".Closure"
    return closure if closure in run else scenario + ".ClosureLocked"


def order(name):
    scenario, peer = name.split(".", 1)
    keys = list(SCENARIOS)
    return (keys.index(scenario) if scenario in keys else len(keys), scenario,
            PEER_ORDER.index(peer) if peer in PEER_ORDER else len(PEER_ORDER), peer)


def number(value):
    return f"{value:.1f}" if value < 100 else f"{value:,.0f}"


def table(runs):
    names = sorted({name for run in runs for name in run}, key=order)
    now = datetime.datetime.now(datetime.timezone.utc)
    several = len(runs) > 1
    lines = [
        f"- Measured: {now:%Y-%m-%d %H:%M} UTC, `uname -m` = {platform.machine()}, "
        f"{os.cpu_count()} cores; {len(runs)} full run{'s' if several else ''} of every benchmark "
        "(`Benchmarks/results.py`, package-benchmark's JMH export).",
        "- ns: p50 wall clock per unit" + (", median over the runs." if several else "."),
        "- × closure: the time over the closure peer's in the same run (`ClosureLocked` where a"
        " scenario has no `Closure` benchmark)"
        + (", median over the runs." if several else "."),
        "- allocs/unit: p90 of `mallocCountTotal` per iteration (1,000 units), / 1,000.",
        "",
        "| benchmark | scenario | unit | ns | × closure | allocs/unit |",
        "|---|---|---|---:|---:|---:|",
    ]
    for name in names:
        scenario = name.split(".")[0]
        title, unit = SCENARIOS.get(scenario, ("", ""))
        present = [run for run in runs if name in run]
        ns = statistics.median(run[name][0] for run in present)
        allocations = statistics.median(run[name][1] for run in present)
        ratios = [run[name][0] / run[peer][0] for run in present
                  for peer in [closure_peer(name, run)] if run.get(peer, (0,))[0] > 0]
        ratio = f"{statistics.median(ratios):.1f}x" if ratios else "–"
        lines.append(f"| `{name}` | {title} | {unit} | {number(ns)} | {ratio} | "
                     f"{allocations:g} |")
    return "\n".join(lines) + "\n"


def make_runs(count):
    paths = []
    for index in range(count):
        directory = tempfile.mkdtemp(prefix=f"bench-run{index + 1}-")
        print(f"run {index + 1} of {count} -> {directory}", file=sys.stderr)
        subprocess.run(
            ["swift", "package", "--allow-writing-to-directory", directory, "benchmark", "run",
             "--no-progress", "--time-units", "nanoseconds",
             "--format", "jmh", "--path", directory],
            cwd=here, check=True, stdout=sys.stderr)
        paths.append(directory)
    return paths


def write(text):
    current = results_md.read_text()
    if BEGIN not in current or END not in current:
        sys.exit(f"{results_md}: no {BEGIN} … {END} region")
    start, end = current.index(BEGIN) + len(BEGIN), current.index(END)
    results_md.write_text(current[:start] + "\n" + text + current[end:])
    print(f"wrote the table into {results_md}", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("runs", nargs="*", help="JMH exports (files or directories)")
    parser.add_argument("--runs", dest="count", type=int, help="make this many full runs")
    parser.add_argument("--write", action="store_true", help="write the table into RESULTS.md")
    arguments = parser.parse_args()
    paths = arguments.runs + (make_runs(arguments.count) if arguments.count else [])
    if not paths:
        parser.error("give JMH exports or --runs N")
    text = table([read_run(path) for path in paths])
    print(text, end="")
    if arguments.write:
        write(text)


if __name__ == "__main__":
    main()
