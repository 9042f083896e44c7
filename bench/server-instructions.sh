#!/usr/bin/env bash
# The server's user-space instructions per stored event, counted by callgrind (load-independent, unlike CPU
# seconds on this noisy machine): `plunder serve` under `valgrind --tool=callgrind` on a fresh SQLite file,
# loaded by the plunder-server `load` example (CLIENTS clients in pairs, closed loop, liar's dice with 5 dice,
# SECONDS after 3 s of warm-up), then stopped; the total is divided by the events it stored. Kernel time (the
# sockets) is not counted. Compare two builds by giving each binary in turn.
#
# Usage: bench/server-instructions.sh [PLUNDER_BINARY] [CLIENTS] [SECONDS]
#        (defaults target/profiling/plunder, built first, 40 clients, 20 s; the profiling build keeps symbols, so
#        `callgrind_annotate` on the output file names the functions)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-}
clients=${2:-40}
seconds=${3:-20}
if [ -z "$binary" ]; then
  cargo build --profile profiling --quiet -p plunder
  binary=target/profiling/plunder
fi
cargo build --release --quiet -p plunder-server --example load
work="$(mktemp -d /tmp/plunder-instructions-XXXXXX)"
server=
trap 'kill $server 2> /dev/null || true; rm -f "$work"/db*' EXIT
valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$binary" serve --port 18700 \
  --database "sqlite://$work/db" --bot-delay-ms 0 --max-connections 1000000 \
  --max-connections-per-address 1000000 --games-per-minute-per-address 1000000 2> "$work/valgrind.log" &
server=$!
for _ in $(seq 300); do (echo > /dev/tcp/127.0.0.1/18700) 2> /dev/null && break; sleep 0.2; done
target/release/examples/load --clients "$clients" --seconds "$seconds" --warmup 3 --server http://127.0.0.1:18700 \
  | grep -o "closed loop: [0-9]* moves"
kill -TERM $server
wait $server 2> /dev/null || true
server=
events=$(python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from events').fetchone()[0])" "$work/db")
instructions=$(grep -o "^summary: [0-9]*" "$work/callgrind.out" | grep -o "[0-9]*")
echo "$binary: $instructions instructions, $events events stored, $((instructions / events)) instructions per event"
echo "callgrind output: $work/callgrind.out"
