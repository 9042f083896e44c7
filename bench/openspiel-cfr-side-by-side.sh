#!/usr/bin/env bash
# CFR and CFR+ on OpenSpiel's default liars_dice (1 die each, d6, highest face wild): Plunder's public-tree
# solver against OpenSpiel's C++ CFRSolver / CFRPlusSolver in one run. Both update the seats alternately, so the
# exploitability must agree at equal iterations; the time per iteration excludes the exploitability evaluations.
# Written into BENCHMARKS.md between the openspiel-cfr markers.
#
# Usage: bench/openspiel-cfr-side-by-side.sh [iterations] [plunder-timing-iterations]
# Installs OpenSpiel from PyPI into target/openspiel-venv the first time (bench/openspiel-venv.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
iterations=${1:-100}
timing=${2:-5000}
source bench/openspiel-venv.sh && openspiel_venv
cargo build --release --quiet -p plunder

table=$(mktemp)
{
  echo "| method | iterations | OpenSpiel exploitability | Plunder exploitability | OpenSpiel s/iteration | Plunder µs/iteration, same iterations | speed-up | Plunder µs/iteration, longer run | speed-up |"
  echo "|---|---|---|---|---|---|---|---|---|"
} > "$table"
for method in cfr cfr-plus; do
  echo "Running $method ..." >&2
  theirs=$("$venv/bin/python" bench/openspiel_cfr.py "${method/-/}" "$iterations" 1 10)
  ours=$(target/release/plunder solve liars-dice --method "$method" --iterations "$iterations" --report-every 1 --json)
  # A longer run for the time per iteration alone (one evaluation, at the end).
  timed=$(target/release/plunder solve liars-dice --method "$method" --iterations "$timing" --report-every "$timing" --json)
  python3 - "$method" "$theirs" "$ours" "$timed" >> "$table" <<'PY'
import json, sys
method, theirs = sys.argv[1], json.loads(sys.argv[2])
ours = {r["iteration"]: r for r in map(json.loads, sys.argv[3].splitlines())}
timed = json.loads(sys.argv[4].splitlines()[-1])
last = ours[max(ours)]
# Plunder's time over OpenSpiel's own iterations (its early, dense ones) and over the longer run, where more
# of the tree has zero reach and is skipped.
per_same = last["solver_seconds"] / last["iteration"]
per_long = timed["solver_seconds"] / timed["iteration"]
per_theirs = theirs["seconds_per_iteration"]
for i, report in enumerate(theirs["reports"]):
    mine = ours[report["iteration"]]
    if i == len(theirs["reports"]) - 1:
        times = (f"{per_theirs:.3f} | {per_same * 1e6:,.0f} | {per_theirs / per_same:,.0f}x | "
                 f"{per_long * 1e6:,.0f} ({timed['iteration']} iterations) | {per_theirs / per_long:,.0f}x")
    else:
        times = " | | | |"
    print(f"| {method} | {report['iteration']} | {report['exploitability']:.6f} | {mine['exploitability']:.6f} | "
          f"{times} |")
PY
done

section=$(mktemp)
{
  echo "<!-- openspiel-cfr:begin (written by bench/openspiel-cfr-side-by-side.sh; do not edit by hand) -->"
  echo "Measured $(date -u +%Y-%m-%d) on $(nproc) cores (load average $(cut -d' ' -f1 /proc/loadavg) at the end),"
  echo "one core each; OpenSpiel ${openspiel_version} from PyPI (\`pyspiel.CFRSolver\`, \`CFRPlusSolver\`: C++),"
  echo "Plunder \`plunder solve liars-dice --method M --json\`. Time per iteration is solver time only (the"
  echo "exploitability evaluations are outside it); OpenSpiel's over its ${iterations} iterations, Plunder's over"
  echo "the same ${iterations} and over a longer run of ${timing} (later iterations skip more of the tree, where"
  echo "reach is zero; OpenSpiel's iterations get cheaper too, so the equal-iteration column is the comparison)."
  echo
  cat "$table"
  echo "<!-- openspiel-cfr:end -->"
} > "$section"
python3 - "$section" <<'PY'
import re, sys
section = open(sys.argv[1]).read().rstrip("\n")
doc = open("BENCHMARKS.md").read()
pattern = re.compile(r"<!-- openspiel-cfr:begin.*?<!-- openspiel-cfr:end -->", re.S)
doc = pattern.sub(lambda _: section, doc) if pattern.search(doc) else doc.rstrip("\n") + "\n\n" + section + "\n"
open("BENCHMARKS.md", "w").write(doc)
PY
cat "$section"
rm -f "$table" "$section"
