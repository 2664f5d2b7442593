#!/bin/bash
# Instructions per unit of Profile scenarios under callgrind: (total at N = 21,000 − total at
# N = 1,000) / 20,000, so start-up cancels out. Deterministic, whatever the machine load.
# SMALL and LARGE (environment) override the two N.
#
#   Benchmarks/Profile/instructions.sh relay relay-closure store hero
#
# Builds the Profile package in release, strips its debug info (valgrind 3.19 cannot read the
# DWARF 5 that Swift 6.3 emits) and fixes the hash seed (the hero reducer hashes strings).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
command -v valgrind > /dev/null || { echo "valgrind is missing (apt-get install valgrind)" >&2; exit 69; }
[ $# -gt 0 ] || { echo "usage: $0 SCENARIO [SCENARIO ...] (see Benchmarks/README.md)" >&2; exit 64; }
swift build -c release --package-path "$here" --product Profile > /dev/null
binary=$(mktemp)
trap 'rm -f "$binary"' EXIT
cp "$here/.build/release/Profile" "$binary"
chmod 755 "$binary"
strip --strip-debug "$binary"
total() {
  SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$binary" "$1" "$2" 2>&1 | awk '/Collected/ { print $4 }'
}
n_small=${SMALL:-1000}
n_large=${LARGE:-21000}
for scenario in "$@"; do
  small=$(total "$scenario" "$n_small")
  large=$(total "$scenario" "$n_large")
  awk -v s="$scenario" -v a="$small" -v b="$large" -v n=$((n_large - n_small)) \
    'BEGIN { printf "%s %.1f\n", s, (b - a) / n }'
done
