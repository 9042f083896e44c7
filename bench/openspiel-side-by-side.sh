#!/usr/bin/env bash
# Random liar's dice playouts, Plunder against OpenSpiel's C++ loop, on the same configurations in one run,
# written into BENCHMARKS.md between the openspiel markers.
#
# Usage: bench/openspiel-side-by-side.sh [seconds-per-run] [runs]
# Installs OpenSpiel from PyPI into target/openspiel-venv the first time (bench/openspiel-venv.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-2}
runs=${2:-5}
source bench/openspiel-venv.sh && openspiel_venv
cargo build --release --quiet

configs="1 2 5"
table=$(mktemp)
{
  echo "| dice each | Plunder games/s | OpenSpiel C++ games/s | ratio | Plunder transitions/s | OpenSpiel transitions/s |"
  echo "|---|---|---|---|---|---|"
} > "$table"
# Interleave the two engines per configuration so that machine noise hits both alike.
for d in $configs; do
  echo "Measuring $d dice each ..." >&2
  ours=$(target/release/plunder speed --game liars-dice --options "{\"dice\": $d}" --seconds "$seconds" --runs "$runs" --json)
  theirs=$("$venv/bin/python" bench/openspiel_speed.py "$seconds" "$runs" "$d")
  python3 - "$d" "$ours" "$theirs" >> "$table" <<'PY'
import json, sys
d, ours, theirs = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
g, t = ours["games_per_second"], theirs["games_per_second"]
print(f"| {d} | {g:,.0f} | {t:,.0f} | {g / t:.1f}x | {ours['transitions_per_second']:,.0f} | "
      f"{theirs['transitions_per_second']:,.0f} |")
PY
done

section=$(mktemp)
{
  echo "<!-- openspiel:begin (written by bench/openspiel-side-by-side.sh; do not edit by hand) -->"
  echo "Measured $(date -u +%Y-%m-%d) on $(nproc) cores, one core each, ${runs} runs of ${seconds} s, medians;"
  echo "OpenSpiel ${openspiel_version} from PyPI (\`pyspiel.evaluate_bots\` with uniform random bots: its whole"
  echo "game loop in C++), Plunder \`plunder speed\` (unchecked path). Both count chance events as transitions."
  echo "Configuration: OpenSpiel's \`liars_dice\` defaults (2 players, 6 faces, highest face wild) with \`numdice\`"
  echo "set, which is Plunder's \`liars-dice\` default with \`dice\` set."
  echo
  cat "$table"
  echo "<!-- openspiel:end -->"
} > "$section"
python3 - "$section" <<'PY'
import re, sys
section = open(sys.argv[1]).read().rstrip("\n")
doc = open("BENCHMARKS.md").read()
pattern = re.compile(r"<!-- openspiel:begin.*?<!-- openspiel:end -->", re.S)
doc = pattern.sub(lambda _: section, doc) if pattern.search(doc) else doc.rstrip("\n") + "\n\n" + section + "\n"
open("BENCHMARKS.md", "w").write(doc)
PY
cat "$section"
rm -f "$table" "$section"
