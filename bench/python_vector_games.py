"""Steps per second on every game through Python: a researcher's Python loop over Plunder's pyspiel-shaped API
(random legal actions, the acting seat's observation tensor read at each decision) against the vectorized
environment (N games stepped in Rust per call, observations included; by default returning copies, and with
``copy=False`` its own arrays), interleaved, in one process. Prints one JSON object per game.

Usage: python_vector_games.py SECONDS RUNS [N]
"""
import json
import random
import statistics
import sys
import time

import numpy as np
from gymnasium.vector import AutoresetMode

import plunder
import plunder.vector


def python_loop(game, seconds):
    rng = random.Random(1)
    decisions = 0
    start = time.perf_counter()
    seed = 0
    while True:
        seed += 1
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.sample_chance()
                continue
            seat = state.deciding()[0]
            state.observation_tensor(seat)
            legal = state.legal_actions(seat)
            state.apply_action(legal[rng.randrange(len(legal))], seat)
            decisions += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions / elapsed


def vectorized(game_id, n, seconds, copy=True):
    env = plunder.vector.VectorEnv(game_id, n, seed=1, autoreset_mode=AutoresetMode.SAME_STEP, copy=copy)
    env.reset()
    rng = np.random.default_rng(1)
    steps = 0
    start = time.perf_counter()
    while True:
        for _ in range(5):
            env.step(env.random_actions(rng))
            steps += n
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps / elapsed


def main():
    seconds, runs = float(sys.argv[1]), int(sys.argv[2])
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 256
    for info in plunder.games():
        game = plunder.load_game(info["id"])
        rows = {"loop": [], "vector": [], "vector_own": []}
        for _ in range(runs):
            rows["loop"].append(python_loop(game, seconds))
            rows["vector"].append(vectorized(info["id"], n, seconds))
            rows["vector_own"].append(vectorized(info["id"], n, seconds, copy=False))
        result = {k: statistics.median(v) for k, v in rows.items()}
        print(json.dumps({"game": info["id"], "n": n, "observation": game.observation_tensor_shape()[0], **result}),
              flush=True)


if __name__ == "__main__":
    main()
