"""Random agents through PettingZoo: an AEC environment for a board game (Pirate Haven), then the parallel
environment for a game with simultaneous decisions (Loot Pirates). Each agent plays a uniformly random legal
action, read from its observation's action mask; the script reports who won.

Run: python python/examples/pettingzoo_random.py [GAMES]   (after pip install ./python gymnasium pettingzoo)
"""

import sys

import numpy as np

import plunder.pettingzoo


def winner(returns):
    """The agent with the highest return, or None when several share it."""
    best = max(returns.values())
    top = [agent for agent, value in returns.items() if value == best]
    return top[0] if len(top) == 1 else None


def tally(wins, payoffs):
    """Counts the game in `wins` for its winner; 1 if it was a tie (counted nowhere), else 0."""
    won = winner(payoffs)
    if won is None:
        return 1
    wins[won] += 1
    return 0


def aec_games(game_id, games, rng, **options):
    """Plays `games` games of `game_id` with the AEC environment (one agent acts at a time)."""
    env = plunder.pettingzoo.env(game_id, **options)
    wins = dict.fromkeys(env.possible_agents, 0)
    ties = 0
    for seed in range(games):
        env.reset(seed=seed)
        returns = {}
        for agent in env.agent_iter():
            obs, reward, termination, truncation, _ = env.last()
            if termination or truncation:
                returns[agent] = reward  # the agent's payoff for the game
                env.step(None)  # a finished agent steps None to leave
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        ties += tally(wins, returns)
    print(f"{game_id} (AEC): {games} games, wins {wins}, ties {ties}")
    return wins, ties


def parallel_games(game_id, games, rng, **options):
    """Plays `games` games with the parallel environment: every agent sends an action at every step, and
    only the deciding agents' actions are read (several at once at a simultaneous step)."""
    env = plunder.pettingzoo.parallel_env(game_id, **options)
    wins = dict.fromkeys(env.possible_agents, 0)
    ties = simultaneous = 0
    for seed in range(games):
        obs, infos = env.reset(seed=seed)
        while env.agents:
            deciding = [agent for agent in env.agents if infos[agent]["deciding"]]
            simultaneous += len(deciding) > 1
            # Agents not deciding now send anything (0): their actions are not read.
            actions = {agent: int(rng.choice(np.flatnonzero(obs[agent]["action_mask"]))) if agent in deciding
                       else 0 for agent in env.agents}
            obs, rewards, terminations, truncations, infos = env.step(actions)
        ties += tally(wins, rewards)  # the last step's rewards are the game's payoffs
    print(f"{game_id} (parallel): {games} games, wins {wins}, ties {ties}, simultaneous steps {simultaneous}")
    return wins, ties


def main(argv=()):
    games = int(argv[0]) if argv else 20
    rng = np.random.default_rng(1)
    aec_games("pirate-haven", games, rng, players=3)
    parallel_games("loot-pirates", games, rng, players=4)


if __name__ == "__main__":
    main(sys.argv[1:])
