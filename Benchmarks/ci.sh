#!/usr/bin/env bash
# CI: builds the benchmark package and runs the allocation gate, which runs every scenario for a
# few iterations (so it also proves each one builds and runs). Timing is never checked.
# Usage (from anywhere): Benchmarks/ci.sh
set -euo pipefail
cd "$(dirname "$0")"
./gate.sh
