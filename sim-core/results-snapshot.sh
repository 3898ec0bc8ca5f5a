#!/usr/bin/env bash
# Results snapshot ("Results unchanged"): the summary CSV of every content scenario and
# the aggregate + raw CSVs of every content sweep, written into one folder so that two snapshots
# (before and after a performance change) can be compared with `diff -r`.
#
#   sim-core/results-snapshot.sh /tmp/before      # on the old code
#   sim-core/results-snapshot.sh /tmp/after       # on the new code
#   diff -r /tmp/before /tmp/after && echo identical
#
# Uses the release build of `losslab` (built here first unless LOSSLAB_BIN names a binary). One job per sweep so the file
# order never depends on threads (the CSVs are in point order anyway).
set -euo pipefail
out=${1:?usage: results-snapshot.sh OUTDIR}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# LOSSLAB_BIN: use this binary as it is (no build).
bin=${LOSSLAB_BIN:-}
if [ -z "$bin" ]; then
  cargo build --release -q -p sim-core --bin losslab
  bin="$root/target/release/losslab"
fi
mkdir -p "$out/scenarios" "$out/sweeps"
for f in content/scenarios/*.json; do
  n=$(basename "$f" .json)
  "$bin" run "$f" --summary "$out/scenarios/$n.csv" > /dev/null
done
for f in content/sweeps/*.json; do
  n=$(basename "$f" .json)
  (cd content/sweeps && "$bin" sweep "$n.json" --quiet --jobs 2 \
     --out "$out/sweeps/$n.csv" --raw "$out/sweeps/$n.raw.csv")
done
# The .meta.json sidecars record provenance (binary path, output path, commit), not results.
rm -f "$out"/sweeps/*.meta.json
echo "snapshot: $(ls "$out/scenarios" | wc -l) scenarios, $(ls "$out/sweeps" | wc -l) sweep files in $out"
