"""OpenSpiel's liars_dice random playouts per second, in its C++ loop (pyspiel.evaluate_bots with uniform
random bots), for the configurations given as numdice values. Prints one JSON object per configuration.

Usage: openspiel_speed.py SECONDS RUNS NUMDICE...
"""
import json
import statistics
import sys
import time

import pyspiel


def measure(numdice, seconds, seed):
    game = pyspiel.load_game("liars_dice", {"numdice": numdice})
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(game.num_players())]
    games = transitions = 0
    elapsed = 0.0
    start = time.perf_counter()
    while True:
        batch = [game.new_initial_state() for _ in range(2000)]
        t0 = time.perf_counter()
        for i, state in enumerate(batch):
            pyspiel.evaluate_bots(state, bots, seed * 7919 + games + i)
        elapsed += time.perf_counter() - t0  # states are built outside the timed part
        games += len(batch)
        transitions += sum(len(s.history()) for s in batch)
        if time.perf_counter() - start >= seconds:
            return games / elapsed, transitions / elapsed, transitions / games


def main():
    seconds, runs = float(sys.argv[1]), int(sys.argv[2])
    for numdice in map(int, sys.argv[3:]):
        results = [measure(numdice, seconds, run + 1) for run in range(runs)]
        print(json.dumps({
            "numdice": numdice,
            "runs": runs,
            "games_per_second": statistics.median(r[0] for r in results),
            "transitions_per_second": statistics.median(r[1] for r in results),
            "transitions_per_game": statistics.mean(r[2] for r in results),
        }), flush=True)


main()
