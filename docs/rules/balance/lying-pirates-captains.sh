#!/bin/bash
# Each captain at seat 1..4 in turn, the other seats with three other captains rotating, 4 captain bots.
# Run from the repository root after `cargo build --release -p plunder`; writes target/sim/cap_I_SEAT.json.
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

