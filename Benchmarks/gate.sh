#!/usr/bin/env bash
# Allocation regression gate: runs every benchmark briefly, measuring only `mallocCountTotal`
# (deterministic), and compares the p90 allocations per iteration (1,000 units) with the committed
# thresholds in Benchmarks/Thresholds (tolerance: see `allocationTolerance` in Harness.swift).
# Timing is never gated: it is far too noisy on shared machines.
#
#   Benchmarks/gate.sh            check; exits non-zero when any benchmark allocates more
#   Benchmarks/gate.sh --update   re-record the thresholds (commit Benchmarks/Thresholds)
#
# The verdict is package-benchmark's exit code for `thresholds check`: 0 equal, 2 a regression,
# 4 improvements only (fewer allocations is not a failure here). `swift package` exits 1 whenever
# a command plugin throws, so the code reaches this script as the plugin's error, which names it
# (`error: benchmarkThresholdRegression` = 2, `error: benchmarkThresholdImprovement` = 4; the
# plugin's `MyError`); any other failure is a failed run.
set -uo pipefail
cd "$(dirname "$0")"
export BENCH_SMOKE=1

if [ "${1:-}" = "--update" ]; then
  exec swift package --allow-writing-to-package-directory benchmark thresholds update \
    --metric mallocCountTotal --path Thresholds --no-progress
fi

errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
swift package benchmark thresholds check --metric mallocCountTotal --path Thresholds \
  --no-progress 2> >(tee "$errors" >&2)
status=$?
wait
if [ "$status" -ne 0 ]; then
  case "$(grep -o 'error: benchmark[A-Za-z]*' "$errors" | tail -1)" in
    "error: benchmarkThresholdRegression") status=2 ;;
    "error: benchmarkThresholdImprovement") status=4 ;;
  esac
fi
case "$status" in
  0) echo "allocation gate: passed" ;;
  4) echo "allocation gate: passed (fewer allocations than recorded:" \
       "run Benchmarks/gate.sh --update)"
     exit 0 ;;
  2) echo "allocation gate: FAILED (more allocations than Benchmarks/Thresholds allows)" >&2 ;;
  *) echo "allocation gate: FAILED (the benchmark run failed, exit status $status)" >&2 ;;
esac
exit "$status"
