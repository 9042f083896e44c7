#!/bin/bash
# Each captain at seat 1..4 in turn, the other seats with three other captains rotating, 4 captain bots.
# Run from the repository root after `cargo build --release -p plunder`; writes target/sim/cap_I_SEAT.json and
# prints the table of the rules doc.
# GAMES (default 1000) games per captain and seat.
mkdir -p target/sim
ids=(barrelbelly silver-tongue-sal dead-eye-dara quartermaster-quill old-gideon bloody-bess navigator-nell hexmaster-hook)
for i in 0 1 2 3 4 5 6 7; do
  for seat in 0 1 2 3; do
    list=()
    for k in 0 1 2 3; do list[$k]=${ids[$(( (i + (k - seat + 4) % 4) % 8 ))]}; done
    opts="{\"captains\": [\"${list[0]}\", \"${list[1]}\", \"${list[2]}\", \"${list[3]}\"]}"
    ./target/release/plunder simulate --game lying-pirates --players 4 --games ${GAMES:-1000} --threads 1 --seed $((i*4+seat+1)) --bots captain --options "$opts" --json > target/sim/cap_${i}_${seat}.json 2>&1
  done
done

# The table of the rules doc: each captain's wins over its seat-games, with a 95% Wilson interval, against the
# other captains' win rate in the same games.
python3 - "${ids[@]}" <<'PY'
import json, math, sys
ids = sys.argv[1:]
print("| captain | seat-games | win rate | 95% interval | the other captains | difference |")
print("|---|---|---|---|---|---|")
rows = []
for i, cid in enumerate(ids):
    wins = games = other_wins = other_games = 0
    for seat in range(4):
        d = json.load(open(f"target/sim/cap_{i}_{seat}.json"))
        n = d["games"]
        for s in d["seats"]:
            if s["seat"] == seat:
                wins += s["wins"]; games += n
            else:
                other_wins += s["wins"]; other_games += n
    p, z = wins / games, 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    q = other_wins / other_games
    rows.append((p, f"| {cid} | {games} | {100*p:.1f}% | {100*(centre-half):.1f}-{100*(centre+half):.1f}% | {100*q:.1f}% | {100*(p-q):+.1f} pts |"))
for _, row in sorted(rows, reverse=True):
    print(row)
PY
