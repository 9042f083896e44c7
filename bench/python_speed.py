"""Steps per second through Python: OpenSpiel's pyspiel `liars_dice` in a Python loop, Plunder's `plunder`
package in the same loop, and Plunder's vectorized environment (N games stepped in Rust per call), on the
same configurations, interleaved, in one process. A step is one player decision; each loop also settles the
chance nodes as its API does (the Python loops pick a random outcome in Python, the vectorized environment
draws them in Rust; it runs on one thread, and on two in its own column). Prints one JSON object per configuration.

Usage: python_speed.py SECONDS RUNS NUMDICE...
"""
import json
import random
import statistics
import sys
import time

import numpy as np
import pyspiel
from gymnasium.vector import AutoresetMode

import plunder
import plunder.vector


def python_loop(new_state, seconds):
    """Random playouts in a Python loop over a pyspiel-shaped API: decisions per second."""
    rng = random.Random(1)
    decisions = 0
    start = time.perf_counter()
    while True:
        for _ in range(200):
            state = new_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    decisions += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions / elapsed


def vectorized(dice, n, seconds, threads=1):
    # Same-step auto-reset: every step is a decision (next-step mode spends a step restarting each ended game).
    env = plunder.vector.VectorEnv("liars-dice", n, seed=1, dice=dice, threads=threads,
                                   autoreset_mode=AutoresetMode.SAME_STEP)
    env.reset()
    rng = np.random.default_rng(1)
    steps = 0
    start = time.perf_counter()
    while True:
        for _ in range(20):
            env.step(env.random_actions(rng))
            steps += n
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps / elapsed


def clones(new_state, seconds):
    state = new_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    count = 0
    start = time.perf_counter()
    while True:
        for _ in range(1000):
            state.clone()
        count += 1000
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count / elapsed


def main():
    seconds, runs = float(sys.argv[1]), int(sys.argv[2])
    for dice in map(int, sys.argv[3:]):
        theirs = pyspiel.load_game("liars_dice", {"numdice": dice})
        ours = plunder.load_game("liars-dice", dice=dice)
        rows = {"pyspiel": [], "plunder": [], "vector": [], "vector2": [], "pyspiel_clone": [], "plunder_clone": []}
        for _ in range(runs):  # interleaved so that machine noise hits all alike
            rows["pyspiel"].append(python_loop(theirs.new_initial_state, seconds))
            rows["plunder"].append(python_loop(ours.new_initial_state, seconds))
            rows["vector"].append(vectorized(dice, 1024, seconds))
            rows["vector2"].append(vectorized(dice, 1024, seconds, threads=2))
            rows["pyspiel_clone"].append(clones(theirs.new_initial_state, seconds / 4))
            rows["plunder_clone"].append(clones(ours.new_initial_state, seconds / 4))
        print(json.dumps({"dice": dice, **{k: statistics.median(v) for k, v in rows.items()}}))


if __name__ == "__main__":
    main()
