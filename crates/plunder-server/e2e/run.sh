#!/usr/bin/env bash
# End-to-end test of `plunder serve` in real headless Chromium: two browser pages join one game and play it to
# the end, first on one server with SQLite, then (when PostgreSQL answers at 127.0.0.1:5432) on two server
# instances sharing one PostgreSQL database, one page on each. First, TypeScript checks the client against the
# generated message types, asked.mjs the status bar's summary of what a seat is asked, and boards.mjs what the
# boards compute from a view; after the SQLite game, every registered game's table is opened at a phone's size
# and each game's own board is checked against the seat's view (visuals.mjs; SCREENSHOTS=DIR keeps a picture of
# each at 360 px and at 1280 px: SCREENSHOTS=docs/img refreshes docs/img); then a new player's journey through each game from the lobby's
# defaults, on a desktop and a phone: play against bots to the end, rematch, replay, branch (journey.mjs; with
# SCREENSHOTS, its pictures are named journey-*); an open seat created from Custom table and taken by another
# browser from Open tables (open.mjs). Meanwhile, on a server of its own, the table page as two people use it:
# status bar, clocks, bid picker, chat, reload and a lost connection, "play for me" and stops (table.mjs).
# Installs what it needs first (install.sh: Debian's chromium, playwright-core and typescript from npm).
# Usage: crates/plunder-server/e2e/run.sh [path/to/plunder]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
plunder="${1:-}"
if [ -z "$plunder" ]; then
  (cd "$root" && cargo build --release --locked -q -p plunder)
  plunder="${CARGO_TARGET_DIR:-$root/target}/release/plunder"
fi
"$here/install.sh" browser
# The client against the types generated from the server's Rust types (static/messages.d.ts, and every game's
# view and action in static/games/views.d.ts).
"$here/node_modules/.bin/tsc" --project "$here/../static/tsconfig.json"
echo "ok: the client type-checks against the generated message and game types"
node "$here/asked.mjs"
node "$here/boards.mjs"

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; done; rm -f "$db" "$db-wal" "$db-shm" "$db.lock"; }
trap cleanup EXIT
# Ports the system has free now, so a server left running elsewhere cannot answer for ours.
free_port() { node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }
start() { # port database
  "$plunder" serve --port "$1" --database "$2" --bot-delay-ms 0 > /dev/null 2>&1 &
  local pid=$!
  pids+=($pid)
  for _ in $(seq 100); do
    kill -0 "$pid" 2> /dev/null || { echo "the server for port $1 exited at start" >&2; return 1; }
    (echo > "/dev/tcp/127.0.0.1/$1") 2> /dev/null && return 0
    sleep 0.1
  done
  echo "the server on port $1 did not start" >&2; return 1
}
db="$(mktemp -u /tmp/plunder-e2e-XXXXXX.db)"
# The table page on a server of its own, which it stops and starts (a lost connection). It runs beside the rest:
# its "play for me" and stops checks spend minutes waiting for passes taken at the player's own pace, not the CPU.
port=$(free_port)
table_port=$(free_port)
while [ "$table_port" = "$port" ]; do table_port=$(free_port); done
PLUNDER_E2E_PORT=$table_port node "$here/table.mjs" "$plunder" &
table=$!
pids+=($table)
start "$port" "sqlite://$db"
node "$here/play.mjs" "http://127.0.0.1:$port"
node "$here/visuals.mjs" "http://127.0.0.1:$port"
node "$here/journey.mjs" "http://127.0.0.1:$port"
node "$here/open.mjs" "http://127.0.0.1:$port"
wait "$table" || { echo "the table page's checks failed (above)" >&2; exit 1; }

if (echo > /dev/tcp/127.0.0.1/5432) 2> /dev/null; then
  first=$(free_port)
  start "$first" "postgres://postgres@127.0.0.1:5432/test"
  second=$(free_port)
  start "$second" "postgres://postgres@127.0.0.1:5432/test"
  node "$here/play.mjs" "http://127.0.0.1:$first" "http://127.0.0.1:$second"
else
  echo "SKIPPED: the two-instance run needs PostgreSQL at 127.0.0.1:5432"
fi
