"""Steps the vectorized liar's dice environment (1024 games, random legal actions), for instruction counts:
    valgrind --tool=callgrind python bench/python_vector_steps.py STEPS [DICE] [THREADS]
run with STEPS 100 and 0; the difference over 102,400 is the instructions per game-step (same-step auto-reset,
so every game-step is a decision). Prints the games finished."""
import sys

import numpy as np
from gymnasium.vector import AutoresetMode

import plunder.vector

steps = int(sys.argv[1])
dice = int(sys.argv[2]) if len(sys.argv) > 2 else 1
threads = int(sys.argv[3]) if len(sys.argv) > 3 else 1
env = plunder.vector.VectorEnv("liars-dice", 1024, seed=1, dice=dice, threads=threads,
                               autoreset_mode=AutoresetMode.SAME_STEP)
env.reset()
rng = np.random.default_rng(1)
for _ in range(steps):
    env.step(env.random_actions(rng))
print(env.games_done())
