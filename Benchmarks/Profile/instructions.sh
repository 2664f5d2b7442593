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
build_log=$(swift build -c release --package-path "$here" --product Profile 2>&1) ||
  { echo "$build_log" >&2; echo "instructions.sh: building Profile failed" >&2; exit 1; }
binary=$(mktemp)
work=$(mktemp -d)
trap 'rm -rf "$binary" "$work"' EXIT
cp "$here/.build/release/Profile" "$binary"
chmod 755 "$binary"
strip --strip-debug "$binary"
n_small=${SMALL:-1000}
n_large=${LARGE:-21000}
# One callgrind run per scenario and N, as many at once as there are cores (JOBS overrides): each
# count is its own process's, so running them side by side changes no number.
export binary work
printf '%s\n' "$@" | awk -v a="$n_small" -v b="$n_large" '{ print $0, a; print $0, b }' |
  xargs -P "${JOBS:-$(nproc)}" -n 2 bash -c '
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
      "$binary" "$0" "$1" 2>&1 | awk "/Collected/ { print \$4 }" > "$work/$0.$1"'
for scenario in "$@"; do
  small=$(cat "$work/$scenario.$n_small")
  large=$(cat "$work/$scenario.$n_large")
  if [ -z "$small" ] || [ -z "$large" ]; then
    echo "$scenario: no callgrind count (does Profile know the scenario?)" >&2
    exit 1
  fi
  awk -v s="$scenario" -v a="$small" -v b="$large" -v n=$((n_large - n_small)) \
    'BEGIN { printf "%s %.1f\n", s, (b - a) / n }'
done
