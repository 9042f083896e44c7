"""One seat against Plunder's bots through Gymnasium (plunder.gym.SeatEnv): the bots and chance play inside
Rust until the seat must decide; here the seat plays a random legal action from info["action_mask"]. Prints
the seat's mean return (its payoff at the end of each game) over N episodes, against the game's best bot and
against random bots.

Run: python python/examples/gym_vs_bots.py [EPISODES] [GAME]   (after pip install ./python gymnasium)
"""

import sys

import plunder.gym


def mean_return(env, episodes):
    """The seat's mean payoff over `episodes` games, choosing a random legal action at every decision."""
    env.action_space.seed(0)
    total = 0.0
    for episode in range(episodes):
        obs, info = env.reset(seed=episode)
        done = False
        while not done:
            action = env.action_space.sample(mask=info["action_mask"])  # a random legal action
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        total += reward  # 0 until the last step, then the seat's payoff
    return total / episodes


def main(argv=()):
    episodes = int(argv[0]) if argv else 100
    game_id = argv[1] if len(argv) > 1 else "scallywager"
    best = plunder.gym.SeatEnv(game_id, seat=0, players=3)  # no bots given: the game's best on every other seat
    game = best.game
    print(f"{game_id}, {game.num_players()} players, payoffs {game.min_utility()} to {game.max_utility()}, "
          f"bots {game.bots()}")
    for bot, env in [(game.bots()[0], best), ("random", plunder.gym.SeatEnv(game_id, bots=["random"], players=3))]:
        print(f"random seat 0 against {bot!r}: mean return over {episodes} episodes: {mean_return(env, episodes):.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
