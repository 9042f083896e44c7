#!/usr/bin/env bash
# Property-based fuzzing of the REST API against a live `plunder serve`: schemathesis (from PyPI, installed by
# install.sh into a virtual environment under the target folder) generates requests from /api/openapi.json, valid and not,
# and fails on any server error (5xx). Usage: crates/plunder-server/e2e/fuzz_api.sh [path/to/plunder]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
plunder="${1:-}"
if [ -z "$plunder" ]; then
  (cd "$root" && cargo build --release --locked -q -p plunder)
  plunder="$target/release/plunder"
fi
venv="$target/schemathesis-venv"
"$here/install.sh" fuzz

db="$(mktemp -u /tmp/plunder-fuzz-XXXXXX.db)"
# A port free now, so a server left running elsewhere cannot answer for this one.
port=$("$venv/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$plunder" serve --port "$port" --database "sqlite://$db" --bot-delay-ms 0 > /dev/null 2>&1 &
pid=$!
trap 'kill $pid 2> /dev/null || true; rm -f "$db" "$db-wal" "$db-shm"' EXIT
for _ in $(seq 100); do
  kill -0 "$pid" 2> /dev/null || { echo "the server for port $port exited at start" >&2; exit 1; }
  (echo > "/dev/tcp/127.0.0.1/$port") 2> /dev/null && break
  sleep 0.1
done
"$venv/bin/schemathesis" run "http://127.0.0.1:$port/api/openapi.json" --checks not_a_server_error \
  --max-examples "${FUZZ_EXAMPLES:-100}" --seed 1
