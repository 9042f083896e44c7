#!/usr/bin/env bash
# The server under load, Plunder against boardgame.io 0.50.2 in one run on this machine: CLIENTS WebSocket
# clients on loopback in pairs, each pair one two-player game played as fast as the server acknowledges.
# Plunder: `plunder serve` on a fresh SQLite file (every move committed before it is acknowledged), loaded by
# the plunder-server `load` example from a second process. boardgame.io: the anchor in
# ../shared/anchors/bgio-load (copied to target/bgio-load, `npm install` the first time), its own server and
# load generator. Each prints one summary line; server CPU per move is the load-independent figure to compare.
#
# Usage: bench/server-load.sh [CLIENTS] [SECONDS]   (defaults 1000 and 30, after 5 s of warm-up)
set -euo pipefail
cd "$(dirname "$0")/.."
clients=${1:-1000}
seconds=${2:-30}
anchor=${BGIO_ANCHOR:-../shared/anchors/bgio-load}
cargo build --release --quiet -p plunder -p plunder-server --example load
if [ ! -d target/bgio-load/node_modules ]; then
  rm -rf target/bgio-load && cp -r "$anchor" target/bgio-load && chmod -R u+w target/bgio-load
  (cd target/bgio-load && npm install --silent --no-audit --no-fund > /dev/null)
fi

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
db="$(mktemp -u /tmp/plunder-load-XXXXXX.db)"
target/release/plunder serve --port 18500 --database "sqlite://$db" --bot-delay-ms 0 2> /dev/null &
server=$!
trap 'kill $server 2> /dev/null || true; rm -f "$db" "$db-wal" "$db-shm"' EXIT
for _ in $(seq 100); do (echo > /dev/tcp/127.0.0.1/18500) 2> /dev/null && break; sleep 0.1; done
echo "plunder: $(target/release/examples/load --clients "$clients" --seconds "$seconds" --warmup 5 \
  --server http://127.0.0.1:18500 --server-pid "$server")"
kill $server

echo "load average between: $(cut -d' ' -f1-3 /proc/loadavg)"
(cd target/bgio-load && ./run_level.sh "$clients" "$seconds" "-plunder-bench" > /dev/null 2>&1 || true)
echo "boardgame.io: $(grep SUMMARY "target/bgio-load/results/level-${clients}-plunder-bench.loadgen.log" | tail -1)"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
