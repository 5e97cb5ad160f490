#!/usr/bin/env bash
# Fast mode against the C++ peer with its tables in cache, one thread each,
# interleaved runs: the peer solves stage by stage over all states
# (by_stage.cpp), so each pass reads one of its tables from cache. It stands
# in for a machine whose cache serves all the peer's tables, where
# ../shared/peer/compare.sh cannot be run. Thistle is timed both as it
# solves (`bench`'s "fast" line) and stage by stage as the peer is ("fast,
# stage by stage"), which stands in for Thistle on that machine.
# Usage: peer-tables-in-cache.sh PEER_SOURCE_DIR [THISTLE_BINARY] [RUNS] [STATES]
#   PEER_SOURCE_DIR: a checkout of SebWouters/rubik (its src/ and src/include/).
# Prints each run, then the two ratios of medians.
set -euo pipefail
peer=$1 bin=${2:-target/release/thistle} runs=${3:-5} states=${4:-1000000}
here=$(cd "$(dirname "$0")" && pwd)
exe=${TMPDIR:-/tmp}/peer_by_stage.$$
trap 'rm -f "$exe"' EXIT
g++ -O2 -std=c++17 -I "$peer/src/include" "$peer"/src/*.cpp "$here/by_stage.cpp" -o "$exe"
p=() t=() s=()
for _ in $(seq "$runs"); do
  p+=("$("$exe" "$states" | awk '{print $4}')")
  lines=$("$bin" bench --count "$states" --fewest-count 1 --threads 1)
  t+=("$(awk '/^fast:/ {print $2}' <<<"$lines")")
  s+=("$(awk '/^fast, stage by stage:/ {print $5}' <<<"$lines")")
  echo "peer by stage ${p[-1]}  thistle ${t[-1]}  thistle by stage ${s[-1]}"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
mt=$(median "${t[@]}") ms=$(median "${s[@]}") mp=$(median "${p[@]}")
python3 -c "print(f'fast vs peer by stage: {$mt/$mp:.2f}x (thistle {$mt:.0f}/s, peer {$mp:.0f}/s)')"
python3 -c "print(f'fast by stage vs peer by stage: {$ms/$mp:.2f}x (thistle {$ms:.0f}/s)')"
