#!/usr/bin/env bash
# The server under load, Plunder against boardgame.io 0.50.2 in one run on this machine: CLIENTS WebSocket
# clients on loopback in pairs, each pair one two-player game.
# - Closed loop (both servers): each seat moves as soon as its table arrives, so one move per game is always in
#   flight and the latency is the number of games over the throughput (Little's law).
# - Open loop (Plunder, `--rate RATE`): the games together offer RATE moves a second on a fixed schedule, and the
#   latency is counted from each move's scheduled time; this is how "10,000 moves/s at p99 under 20 ms" can be met.
# Plunder: `plunder serve` on a fresh SQLite file (every move committed before it is acknowledged), loaded by
# the plunder-server `load` example from a second process. boardgame.io: the anchor in
# ../shared/anchors/bgio-load (copied to target/bgio-load, `npm install` the first time), its own server and
# load generator. Each prints one summary line; server CPU per move is the load-independent figure to compare.
#
# Usage: bench/server-load.sh [CLIENTS] [SECONDS] [RATE]   (defaults 1000, 30 and 10000, after 5 s of warm-up)
set -euo pipefail
cd "$(dirname "$0")/.."
clients=${1:-1000}
seconds=${2:-30}
rate=${3:-10000}
anchor=${BGIO_ANCHOR:-../shared/anchors/bgio-load}
cargo build --release --quiet -p plunder
cargo build --release --quiet -p plunder-server --example load
if [ ! -d target/bgio-load/node_modules ]; then
  rm -rf target/bgio-load && cp -r "$anchor" target/bgio-load && chmod -R u+w target/bgio-load
  (cd target/bgio-load && npm install --silent --no-audit --no-fund > /dev/null)
fi

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
db="$(mktemp -u /tmp/plunder-load-XXXXXX.db)"
server=
trap 'kill $server 2> /dev/null || true; rm -f "$db" "$db-wal" "$db-shm"' EXIT
# plunder_run LABEL [LOAD FLAGS...]: a fresh server on a fresh database, loaded by the example.
plunder_run() {
  local label=$1
  shift
  rm -f "$db" "$db-wal" "$db-shm"
  target/release/plunder serve --port 18500 --database "sqlite://$db" --bot-delay-ms 0 \
    --max-connections 1000000 --max-connections-per-address 1000000 --games-per-minute-per-address 1000000 \
    2> /dev/null &
  server=$!
  for _ in $(seq 100); do (echo > /dev/tcp/127.0.0.1/18500) 2> /dev/null && break; sleep 0.1; done
  echo "$label: $(target/release/examples/load --clients "$clients" --seconds "$seconds" --warmup 5 \
    --server http://127.0.0.1:18500 --server-pid "$server" "$@")"
  kill $server
  wait $server 2> /dev/null || true
}
plunder_run "plunder closed loop"
echo "load average between: $(cut -d' ' -f1-3 /proc/loadavg)"
plunder_run "plunder open loop" --rate "$rate"
echo "load average between: $(cut -d' ' -f1-3 /proc/loadavg)"
(cd target/bgio-load && ./run_level.sh "$clients" "$seconds" "-plunder-bench" > /dev/null 2>&1 || true)
echo "boardgame.io: $(grep SUMMARY "target/bgio-load/results/level-${clients}-plunder-bench.loadgen.log" | tail -1)"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
