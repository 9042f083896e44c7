"""Plunder's liar's dice from Python, with nothing trained: random agents through PettingZoo, then (if
OpenSpiel is installed: pip install open-spiel) OpenSpiel's own CFR on Plunder's game, registered with
pyspiel, next to CFR on OpenSpiel's liars_dice of the same configuration; being the same game, both reach
the same NashConv.

Run: python python/examples/liars_dice.py   (after pip install ./python gymnasium pettingzoo)
"""

import numpy as np

import plunder.pettingzoo


def random_agents(games=200):
    env = plunder.pettingzoo.env("liars-dice", dice=2, players=3)
    rng = np.random.default_rng(1)
    losses = dict.fromkeys(env.possible_agents, 0)
    for seed in range(games):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, _ = env.last()
            if termination or truncation:
                losses[agent] += reward < 0  # one loser a game; everyone else is paid
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    print(f"random agents, {games} games of 3-player liar's dice with 2 dice each: losses {losses}")


def openspiel_cfr(iterations=10, faces=3):
    try:
        import pyspiel
        from open_spiel.python.algorithms import cfr, exploitability
    except ImportError:
        print("OpenSpiel is not installed (pip install open-spiel): skipping CFR")
        return
    import plunder.openspiel

    ours = pyspiel.load_game(plunder.openspiel.register("liars-dice", faces=faces))
    theirs = pyspiel.load_game("liars_dice", {"dice_sides": faces})
    for game in (ours, theirs):
        solver = cfr.CFRSolver(game)
        for _ in range(iterations):
            solver.evaluate_and_update_policy()
        print(f"{game}: NashConv after {iterations} CFR iterations: "
              f"{exploitability.nash_conv(game, solver.average_policy()):.6f}")


if __name__ == "__main__":
    random_agents()
    openspiel_cfr()
