#!/usr/bin/env bash
# Steps per second on every game through Python: a researcher's Python loop (random legal actions, the acting
# seat's observation tensor read at each decision) against the vectorized environment (N games stepped in Rust
# per call, observations included), in one run, written into BENCHMARKS.md between the python-vector-games
# markers.
#
# Usage: bench/python-vector-games.sh [seconds-per-run] [runs] [games-per-vector]
# Builds Plunder's package in release mode into target/openspiel-venv (bench/openspiel-venv.sh), as
# bench/python-speed.sh does.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-2}
runs=${2:-3}
n=${3:-256}
source bench/openspiel-venv.sh && openspiel_venv "maturin>=1.5,<2" numpy "gymnasium>=1.1"
(cd python && CARGO_TARGET_DIR=../target/py-release VIRTUAL_ENV=../$venv PATH=../$venv/bin:$PATH \
  ../$venv/bin/maturin develop --release --quiet)

load_before=$(cut -d' ' -f1 /proc/loadavg)
results=$(mktemp)
OPENBLAS_NUM_THREADS=1 "$venv/bin/python" bench/python_vector_games.py "$seconds" "$runs" "$n" > "$results"
section=$(mktemp)
{
  echo "<!-- python-vector-games:begin (written by bench/python-vector-games.sh; do not edit by hand) -->"
  echo "Measured $(date -u +%Y-%m-%d) on $(nproc) cores (load average ${load_before} before, $(cut -d' ' -f1 /proc/loadavg) after),"
  echo "${runs} interleaved runs of ${seconds} s each, medians, one Python process, the package built with \`maturin develop"
  echo "--release\`. A step is one player decision. The Python loop reads the acting seat's \`observation_tensor\`,"
  echo "picks a random legal action and applies it (chance drawn in Rust); the vectorized environment steps ${n} games"
  echo "a call (same-step auto-reset), random legal actions chosen in numpy, observations written for every game,"
  echo "returned as copies (the default) or, with \`copy=False\`, as the environment's own arrays."
  echo
  echo "| game | observation numbers | Python loop steps/s | vectorized steps/s | vectorized / loop | \`copy=False\` steps/s | \`copy=False\` / loop |"
  echo "|---|---|---|---|---|---|---|"
  python3 - "$results" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    print(f"| {r['game']} | {r['observation']:,} | {r['loop']:,.0f} | {r['vector']:,.0f} | {r['vector'] / r['loop']:.1f}x "
          f"| {r['vector_own']:,.0f} | {r['vector_own'] / r['loop']:.1f}x |")
PY
  echo "<!-- python-vector-games:end -->"
} > "$section"
python3 - "$section" <<'PY'
import re, sys
section = open(sys.argv[1]).read().rstrip("\n")
doc = open("BENCHMARKS.md").read()
pattern = re.compile(r"<!-- python-vector-games:begin.*?<!-- python-vector-games:end -->", re.S)
doc = pattern.sub(lambda _: section, doc) if pattern.search(doc) else doc.rstrip("\n") + "\n\n## Python: every game, loop and vectorized\n\n" + section + "\n"
open("BENCHMARKS.md", "w").write(doc)
PY
cat "$section"
