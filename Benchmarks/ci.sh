#!/usr/bin/env bash
# CI smoke run: builds the benchmark package, runs every scenario for a few iterations (proves
# they build and run), then runs the allocation gate. Timing is printed, never checked.
# Usage (from anywhere): Benchmarks/ci.sh
set -euo pipefail
cd "$(dirname "$0")"
BENCH_SMOKE=1 swift package benchmark run --no-progress --time-units nanoseconds
./gate.sh
