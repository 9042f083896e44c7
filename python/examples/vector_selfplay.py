"""Self-play with plunder.vector.VectorEnv: n games stepped together in Rust (the GIL released), each step one
uniformly random legal action per game (random_actions), games restarting on their own as they end. Counts the
finished games and the games a second.

Run: python python/examples/vector_selfplay.py [GAMES_AT_ONCE] [STEPS] [GAME]   (after pip install ./python gymnasium)
"""

import sys
import time

import numpy as np

import plunder.vector


def main(argv=()):
    n = int(argv[0]) if argv else 1024
    steps = int(argv[1]) if len(argv) > 1 else 200
    game_id = argv[2] if len(argv) > 2 else "liars-dice"
    env = plunder.vector.VectorEnv(game_id, n, seed=0)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=0)
    finished = 0
    start = time.perf_counter()
    for _ in range(steps):
        obs, rewards, terminations, truncations, info = env.step(env.random_actions(rng))
        finished += int((terminations | truncations).sum())  # info["returns"] holds every seat's payoff there
    seconds = time.perf_counter() - start
    print(f"{game_id}: {n} games at once, {steps} steps, {finished} games finished "
          f"({env.games_done()} by the environment's count), {finished / seconds:,.0f} games/s")


if __name__ == "__main__":
    main(sys.argv[1:])
