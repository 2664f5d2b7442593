#!/usr/bin/env bash
# Allocation regression gate: runs every benchmark briefly, measuring only `mallocCountTotal`
# (deterministic), and compares the p90 allocations per iteration (1,000 units) with the committed
# thresholds in Benchmarks/Thresholds (tolerance: see `allocationTolerance` in Streams.swift).
# Timing is never gated: it is far too noisy on shared machines.
#
#   Benchmarks/gate.sh            check; exits non-zero when any benchmark allocates more
#   Benchmarks/gate.sh --update   re-record the thresholds (commit Benchmarks/Thresholds)
set -uo pipefail
cd "$(dirname "$0")"
export BENCH_SMOKE=1

if [ "${1:-}" = "--update" ]; then
  exec swift package --allow-writing-to-package-directory benchmark thresholds update \
    --metric mallocCountTotal --path Thresholds --no-progress
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift package benchmark thresholds check --metric mallocCountTotal --path Thresholds \
  --no-progress 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ] && grep -q "BETTER than the defined thresholds" "$log" \
  && ! grep -q "WORSE than the defined thresholds" "$log"; then
  # The harness exits non-zero on improvements too; fewer allocations is not a regression.
  echo "allocation gate: passed (fewer allocations than recorded: run Benchmarks/gate.sh --update)"
  exit 0
fi
if [ "$status" -eq 0 ]; then
  echo "allocation gate: passed"
else
  echo "allocation gate: FAILED (more allocations than Benchmarks/Thresholds allows)" >&2
fi
exit "$status"
