#!/usr/bin/env python3
"""The instruction gate: fails when a Profile scenario's callgrind instructions per unit rise more
than the tolerance over the committed baseline (Benchmarks/Profile/baseline.tsv).

Instruction counts under callgrind are deterministic (the same binary and inputs give the same
count, whatever else the machine does), so unlike times they can gate a change on a shared
2-core machine. Each scenario is measured by instructions.sh (two runs, N = SMALL and LARGE, the
difference per unit, so start-up cancels out).

Usage (from anywhere):
  Benchmarks/Profile/gate.py                  check every gated scenario against the baseline
  Benchmarks/Profile/gate.py relay store      check these scenarios only
  Benchmarks/Profile/gate.py --record         measure the gated scenarios (the Profile executable
                                              lists them: `Profile --gated`, main.swift's
                                              `gatedScenarios`) and rewrite the baseline and the
                                              instruction table of Benchmarks/RESULTS.md (commit
                                              both): after an intended change of cost, say why
  --tolerance PERCENT                         allowed rise (default 3)

Exit status: 0 within tolerance (improvements are listed, with a hint to re-record), 1 a scenario
rose past the tolerance, 2 usage or measuring failed, 69 valgrind is missing.
"""
import argparse, datetime, os, pathlib, platform, re, shutil, subprocess, sys

here = pathlib.Path(__file__).resolve().parent
baseline_path = here / "baseline.tsv"

# Each scenario's hand-written peer: the physical limit it is compared with in RESULTS.md.
PEERS = {
    "relay": "relay-closure", "chain": "chain-closure", "fanout": "fanout-closure",
    "subscribe-dispose": "subscribe-dispose-closure", "bag": "bag-closure",
    "flat-map-latest": "flat-map-latest-closure", "behavior": "behavior-closure",
    "combine-latest": "combine-latest-closure", "zip": "zip-closure",
    "from-array": "from-array-closure",
    "store": "store-closure-locked",
    "store-direct": "store-closure-locked", "store-scan": "store-closure-locked",
    "hero": "hero-closure", "driver-binder": "driver-binder-closure",
    "scoped": "scoped-closure", "child-rows-10000": "child-rows-closure",
}
results_path = here.parent / "RESULTS.md"
# Fewer units than instructions.sh's default: the gate compares a count with itself, and the
# smaller runs keep it to a few minutes of CI.
SMALL, LARGE = "1000", "6000"


def gated():
    """The scenarios the gate measures, as the Profile executable lists them (one list, in
    Benchmarks/Profile/Sources/Profile/main.swift)."""
    build = subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", str(here), "--product", "Profile"],
        capture_output=True, text=True)
    if build.returncode != 0:
        print(build.stdout + build.stderr, file=sys.stderr)
        sys.exit("building Profile failed")
    listed = subprocess.run(
        [str(here / ".build/release/Profile"), "--gated"], capture_output=True, text=True)
    names = listed.stdout.split()
    if listed.returncode != 0 or not names:
        sys.exit(f"Profile --gated listed nothing: {listed.stderr}")
    return names


def read_baseline():
    baseline = {}
    if not baseline_path.exists():
        return baseline
    for number, line in enumerate(baseline_path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 2:
            sys.exit(f"{baseline_path}:{number}: expected 'scenario<TAB>instructions', got {line!r}")
        baseline[fields[0]] = float(fields[1])
    return baseline


def measure(scenarios):
    environment = dict(os.environ, SMALL=SMALL, LARGE=LARGE)
    result = subprocess.run(
        [str(here / "instructions.sh"), *scenarios], env=environment, capture_output=True, text=True)
    if result.returncode == 69:
        print(result.stderr, end="", file=sys.stderr)
        sys.exit(69)
    if result.returncode != 0:
        print(result.stdout + result.stderr, file=sys.stderr)
        sys.exit("instructions.sh failed")
    measured = {}
    for line in result.stdout.splitlines():
        name, value = line.rsplit(" ", 1)
        measured[name] = float(value)
    missing = [s for s in scenarios if s not in measured]
    if missing:
        sys.exit(f"no measurement for {', '.join(missing)} (is the scenario in Profile/main.swift?)")
    return measured


def write_results_table(baseline):
    """The instruction table of RESULTS.md (between its instructions markers), from the baseline."""
    lines = [
        "<!-- instructions:begin -->",
        f"Callgrind instructions per unit, recorded {datetime.date.today().isoformat()} on "
        f"{platform.machine()} ({os.cpu_count()} cores) by `Benchmarks/Profile/gate.py --record` "
        f"(release build, N = {SMALL} and {LARGE}); the same numbers gate every CI run "
        "(`Benchmarks/Profile/baseline.tsv`). The peer is the hand-written closure version of "
        "the scenario (the stores' peer is the thread-safe store written by hand).",
        "",
        "| scenario | instructions | peer | peer instructions | ratio |",
        "| --- | ---: | --- | ---: | ---: |",
    ]
    peers = set(PEERS.values())
    for name, value in baseline.items():
        if name in peers:
            continue
        peer = PEERS.get(name)
        if peer and peer in baseline:
            lines.append(f"| `{name}` | {value:,.1f} | `{peer}` | {baseline[peer]:,.1f} | "
                         f"{value / baseline[peer]:.2f}x |")
        else:
            lines.append(f"| `{name}` | {value:,.1f} | | | |")
    lines.append("<!-- instructions:end -->")
    block = "\n".join(lines)
    text = results_path.read_text() if results_path.exists() else "# Benchmark results\n"
    if "<!-- instructions:begin -->" in text:
        text = re.sub(r"<!-- instructions:begin -->.*<!-- instructions:end -->", lambda _: block,
                      text, flags=re.S)
    else:
        text = text.rstrip("\n") + "\n\n## Instructions per unit\n\n" + block + "\n"
    results_path.write_text(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenarios", nargs="*")
    parser.add_argument("--record", action="store_true")
    parser.add_argument("--tolerance", type=float, default=3.0)
    arguments = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is missing (apt-get install valgrind)", file=sys.stderr)
        return 69

    if arguments.record:
        scenarios = arguments.scenarios or gated()
        measured = measure(scenarios)
        baseline = read_baseline() if arguments.scenarios else {}
        baseline.update(measured)
        lines = ["# Callgrind instructions per unit of Benchmarks/Profile scenarios, N = %s and %s."
                 % (SMALL, LARGE),
                 "# Written by Benchmarks/Profile/gate.py --record; checked by gate.py in .ci/run."]
        lines += [f"{name}\t{value:.1f}" for name, value in baseline.items()]
        baseline_path.write_text("\n".join(lines) + "\n")
        write_results_table(baseline)
        for name in scenarios:
            print(f"recorded {name:<28} {measured[name]:>12,.1f}")
        return 0

    baseline = read_baseline()
    if not baseline:
        print(f"no baseline at {baseline_path}: run gate.py --record", file=sys.stderr)
        return 2
    scenarios = arguments.scenarios or gated()
    stale = [name for name in baseline if not arguments.scenarios and name not in scenarios]
    if stale:
        print(f"in the baseline but no longer gated: {', '.join(stale)} (gate.py --record)",
              file=sys.stderr)
        return 2
    unknown = [s for s in scenarios if s not in baseline]
    if unknown:
        print(f"not in the baseline: {', '.join(unknown)} (gate.py --record {' '.join(unknown)})",
              file=sys.stderr)
        return 2
    measured = measure(scenarios)
    worse, better = [], []
    print(f"{'scenario':<28} {'baseline':>12} {'now':>12} {'change':>8}")
    for name in scenarios:
        old, new = baseline[name], measured[name]
        change = (new - old) / old * 100 if old else 0.0
        mark = ""
        if change > arguments.tolerance:
            worse.append(name)
            mark = "  REGRESSION"
        elif change < -arguments.tolerance:
            better.append(name)
            mark = "  better"
        print(f"{name:<28} {old:>12,.1f} {new:>12,.1f} {change:>+7.1f}%{mark}")
    if better:
        print(f"better than the baseline: {', '.join(better)}; to keep the gain, record it with "
              f"Benchmarks/Profile/gate.py --record {' '.join(better)}")
    if worse:
        print(f"instruction gate: FAILED, more than {arguments.tolerance:g}% over the baseline: "
              f"{', '.join(worse)}")
        return 1
    print(f"instruction gate: passed ({len(scenarios)} scenarios within {arguments.tolerance:g}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
