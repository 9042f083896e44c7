"""OpenSpiel's C++ CFR (pyspiel.CFRSolver / CFRPlusSolver) on its default liars_dice: solver seconds per
iteration (the exploitability evaluations excluded) and the exact exploitability of the average policy at the
checkpoints. Prints one JSON object.

Usage: openspiel_cfr.py cfr|cfrplus ITERATIONS CHECKPOINT...
"""
import json
import sys
import time

import pyspiel

method, iterations = sys.argv[1], int(sys.argv[2])
checkpoints = sorted({int(c) for c in sys.argv[3:]} | {iterations})
game = pyspiel.load_game("liars_dice")
solver = (pyspiel.CFRSolver if method == "cfr" else pyspiel.CFRPlusSolver)(game)
done, seconds, reports = 0, 0.0, []
for checkpoint in checkpoints:
    start = time.perf_counter()
    while done < checkpoint:
        solver.evaluate_and_update_policy()
        done += 1
    seconds += time.perf_counter() - start
    exploitability = pyspiel.exploitability(game, solver.average_policy())
    reports.append({"iteration": done, "exploitability": exploitability, "solver_seconds": seconds})
print(json.dumps({"method": method, "reports": reports, "seconds_per_iteration": seconds / done}))
