#!/usr/bin/env python3
"""Turns the text output of `Benchmarks/run.sh` into the RESULTS.md table (p50 values).

Usage: Benchmarks/run.sh | tee /tmp/bench.txt; python3 Benchmarks/results.py /tmp/bench.txt
With several outputs (runs made one after another), each cell is the median of the runs' p50s,
which damps the noise of a shared machine:
  for i in 1 2 3; do Benchmarks/run.sh > /tmp/bench$i.txt; done
  python3 Benchmarks/results.py /tmp/bench1.txt /tmp/bench2.txt /tmp/bench3.txt
"""
import glob
import json
import os
import re
import statistics
import sys

THRESHOLDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Thresholds")

UNITS = {
    "1_Relay": ("relay, 1 subscriber", "event", 1),
    "2_Chain": ("map/filter/map/scan chain", "event", 1),
    "3_FanOut100": ("fan-out to 100 subscribers", "accept", 100),
    "4_SubscribeDispose": ("subscribe + dispose", "pair", 1),
    "4_DisposeBag1000": ("1,000 into a DisposeBag, bag dropped", "subscription", 1),
    "5_CombineLatest": ("combineLatest, alternating accepts", "accept", 1),
    "6_FlatMapLatest": ("flatMapLatest, new inner per 10 events", "inner event", 1),
    "7_BehaviorRelay": ("BehaviorRelay accept + value", "accept", 1),
    "8_HeroIntent": ("hero-selector intent, discarding render sink", "intent", 1),
    "8_Store": ("store, trivial reducer", "intent", 1),
    "8_StoreScan": ("the same from ReactiveCore operators: relay.scan.share(replay: 1)", "intent", 1),
}
PEERS = ["Closure", "ReactiveCore", "OpenCombine"]


def parse(text):
    results = {}
    name = None
    for line in text.splitlines():
        header = re.match(r"^(\d_[A-Za-z0-9]+)\.([A-Za-z]+)\s*$", line)
        if header:
            name = (header.group(1), header.group(2))
            results[name] = {}
            continue
        if name is None:
            continue
        cells = [c.strip() for c in line.strip().strip("│").split("│")]
        if len(cells) < 4:
            continue
        if cells[0].startswith("Time (wall clock)"):
            results[name]["ns"] = (int(cells[3]), cells[0])
        elif cells[0].startswith("Malloc (total)"):
            results[name]["malloc"] = int(cells[3])
    return results


def allocations(key, peer, row):
    """Allocations per unit: exact from the gate's thresholds (per 1,000 units), else the
    harness's rounded per-unit value."""
    for path in glob.glob(os.path.join(THRESHOLDS, f"*.{key}.{peer}.p90.json")):
        count = json.load(open(path)).get("mallocCountTotal")
        if count is not None:
            return f"{count / 1000:g}"
    return str(row["malloc"]) if row and "malloc" in row else "–"


def fmt(value):
    return "–" if value is None else (f"{value:.1f}" if value < 100 else f"{value:.0f}")


def ratio(a, b):
    return "–" if a is None or b is None or b == 0 else f"{a / b:.1f}x"


def merge(runs):
    """One result per benchmark: the median of the runs' p50 times (allocations are exact)."""
    merged = {}
    for name in {name for run in runs for name in run}:
        rows = [run[name] for run in runs if name in run]
        row = dict(rows[0])
        times = [r["ns"][0] for r in rows if "ns" in r]
        if times:
            row["ns"] = (statistics.median(times), rows[0]["ns"][1])
        merged[name] = row
    return merged


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: results.py RUN_OUTPUT [RUN_OUTPUT ...]")
    results = merge([parse(open(path).read()) for path in sys.argv[1:]])
    print("| # | scenario | unit | closure ns | ReactiveCore ns | OpenCombine ns "
          "| vs closure | vs OpenCombine | allocs/unit (closure / ours / OpenCombine) |")
    print("|---|---|---|---:|---:|---:|---:|---:|---|")
    for key, (title, unit, fan) in UNITS.items():
        row = {peer: results.get((key, peer)) for peer in PEERS}
        if all(v is None for v in row.values()):
            continue
        ns = {p: (row[p]["ns"][0] if row[p] and "ns" in row[p] else None) for p in PEERS}
        allocs = " / ".join(allocations(key, p, row[p]) for p in PEERS)
        print(f"| {key[0]} | {title} | {unit} | {fmt(ns['Closure'])} | {fmt(ns['ReactiveCore'])} "
              f"| {fmt(ns['OpenCombine'])} | {ratio(ns['ReactiveCore'], ns['Closure'])} "
              f"| {ratio(ns['ReactiveCore'], ns['OpenCombine'])} | {allocs} |")
        if fan > 1:
            per = {p: (ns[p] / fan if ns[p] is not None else None) for p in PEERS}
            print(f"| {key[0]} | … per delivered event | delivery | {fmt(per['Closure'])} "
                  f"| {fmt(per['ReactiveCore'])} | {fmt(per['OpenCombine'])} "
                  f"| {ratio(per['ReactiveCore'], per['Closure'])} "
                  f"| {ratio(per['ReactiveCore'], per['OpenCombine'])} | |")


main()
