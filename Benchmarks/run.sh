#!/usr/bin/env bash
# Full benchmark run: every scenario, every peer, wall clock + throughput + allocations.
# Usage (from anywhere): Benchmarks/run.sh [extra `swift package benchmark run` options]
#   e.g. Benchmarks/run.sh --filter '^1_' or Benchmarks/run.sh --format markdown --path stdout
# The first run builds the benchmark package in release mode (a few minutes); dependencies
# (ordo-one/benchmark, OpenCombine) resolve by themselves.
set -euo pipefail
cd "$(dirname "$0")"
exec swift package benchmark run --no-progress --time-units nanoseconds "$@"
