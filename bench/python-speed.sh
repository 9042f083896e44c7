#!/usr/bin/env bash
# Steps per second through the Python API: OpenSpiel's pyspiel liars_dice in a Python loop against Plunder's
# `plunder` package (the same loop, and the vectorized environment of 1024 games), in one run, written into
# BENCHMARKS.md between the python-speed markers.
#
# Usage: bench/python-speed.sh [seconds-per-run] [runs]
# Installs OpenSpiel, maturin and numpy into target/openspiel-venv the first time (bench/openspiel-venv.sh) and
# builds Plunder's package there in release mode.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-2}
runs=${2:-3}
source bench/openspiel-venv.sh && openspiel_venv "maturin>=1.5,<2" numpy "gymnasium>=1.1"
(cd python && CARGO_TARGET_DIR=../target/py-release VIRTUAL_ENV=../$venv PATH=../$venv/bin:$PATH \
  ../$venv/bin/maturin develop --release --quiet)

load_before=$(cut -d' ' -f1 /proc/loadavg)
table=$(mktemp)
{
  echo "| dice each | pyspiel Python loop steps/s | plunder Python loop steps/s | plunder vectorized (1024) steps/s | vectorized / pyspiel | vectorized, 2 threads | pyspiel clones/s | plunder clones/s |"
  echo "|---|---|---|---|---|---|---|---|"
} > "$table"
results=$(mktemp)
# numpy's BLAS threads would spin beside the measured loop on a small machine; nothing here uses BLAS.
OPENBLAS_NUM_THREADS=1 "$venv/bin/python" bench/python_speed.py "$seconds" "$runs" 1 2 > "$results"
python3 - "$results" >> "$table" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    print(f"| {r['dice']} | {r['pyspiel']:,.0f} | {r['plunder']:,.0f} | {r['vector']:,.0f} | "
          f"{r['vector'] / r['pyspiel']:.1f}x | {r['vector2']:,.0f} | {r['pyspiel_clone']:,.0f} | {r['plunder_clone']:,.0f} |")
PY

section=$(mktemp)
{
  echo "<!-- python-speed:begin (written by bench/python-speed.sh; do not edit by hand) -->"
  echo "Measured $(date -u +%Y-%m-%d) on $(nproc) cores (load average ${load_before} before, $(cut -d' ' -f1 /proc/loadavg) after; compare"
  echo "within a row, not across runs), ${runs} interleaved runs of ${seconds} s each, medians, one Python process. OpenSpiel"
  echo "${openspiel_version} from PyPI; Plunder's package built with \`maturin develop --release\`. A step is one player"
  echo "decision. The Python loops pick uniformly random actions and chance outcomes in Python"
  echo "(\`legal_actions()\`, \`chance_outcomes()\`, \`apply_action()\`); the vectorized environment steps 1024"
  echo "games per call in Rust with the GIL released on one thread (and on two in its own column), random legal"
  echo "actions chosen in numpy from its legal-action lists,"
  echo "chance drawn in Rust (\`OPENBLAS_NUM_THREADS=1\`). Configuration: OpenSpiel's \`liars_dice\` with \`numdice\` set, which is Plunder's"
  echo "\`liars-dice\` default with \`dice\` set."
  echo
  cat "$table"
  echo "<!-- python-speed:end -->"
} > "$section"
python3 - "$section" <<'PY'
import re, sys
section = open(sys.argv[1]).read().rstrip("\n")
doc = open("BENCHMARKS.md").read()
pattern = re.compile(r"<!-- python-speed:begin.*?<!-- python-speed:end -->", re.S)
doc = pattern.sub(lambda _: section, doc) if pattern.search(doc) else doc.rstrip("\n") + "\n\n## Python API\n\n" + section + "\n"
open("BENCHMARKS.md", "w").write(doc)
PY
cat "$table"
