"""Simulations on a Ray cluster: the run's game indices are cut into seed-range shards, each shard plays on a
Ray worker (in Rust, on all of that worker's cores), and the shards' results merge into exactly the summary
one ``plunder simulate`` with the same seed prints. The shards are the CLI's own (``plunder simulate --shard
i/n --results FILE``, merged by ``plunder report merge``), so a batch array or a Kubernetes indexed job can run
them too.

    import ray, plunder.ray
    ray.init()                       # this machine; ray.init(address="ray://head:10001") for a cluster
    summary = plunder.ray.simulate("loot-pirates", players=5, games=100_000, bots=["loot", "random"],
                                   seed=1, shards=16)

Every worker needs the ``plunder`` package installed (the same version).
"""

import json

from . import _core


def _play_shard(game, players, games, seed, bots, options, index, count, threads):
    return _core.simulate_shard(game, games, seed, bots, options, players, index, count, threads)


def simulate(game, players=None, games=1000, bots=(), seed=1, shards=4, options=None, threads=0, results=None):
    """Plays ``games`` games of ``game`` in ``shards`` Ray tasks and returns the merged summary (a dict, the
    ``--json`` summary of ``plunder simulate`` without its timing fields). ``bots`` by seat, repeated round the
    table (empty: the game's best bot). ``results``: also write every game's result line to this file, in game
    order (a file ``plunder report`` reads). Calls ``ray.init()`` if Ray is not started yet."""
    import ray

    if not ray.is_initialized():
        ray.init()
    remote = ray.remote(_play_shard)
    options_text = json.dumps(options or {})
    tasks = [
        remote.remote(game, players, games, seed, list(bots), options_text, i, shards, threads)
        for i in range(1, shards + 1)
    ]
    lines = ray.get(tasks)
    if results is not None:
        with open(results, "w") as f:
            f.writelines(lines)
    return json.loads(_core.merge_results(lines))


def simulate_local(game, players=None, games=1000, bots=(), seed=1, shards=1, options=None, threads=0):
    """The same run without Ray (shards played one after another here): for checks and small runs."""
    options_text = json.dumps(options or {})
    lines = [_play_shard(game, players, games, seed, list(bots), options_text, i, shards, threads)
             for i in range(1, shards + 1)]
    return json.loads(_core.merge_results(lines))
