"""Simulation shards: merged shards give exactly one run's summary, locally and on a local Ray instance."""

import json
import os

import pytest

import plunder.ray
from plunder import _core


def test_shards_merge_into_exactly_one_runs_summary():
    one = plunder.ray.simulate_local("liars-dice", games=600, bots=["odds", "random"], seed=7, shards=1)
    four = plunder.ray.simulate_local("liars-dice", games=600, bots=["odds", "random"], seed=7, shards=4)
    assert one == four
    assert one["games"] == 600 and [s["bot"] for s in one["seats"]] == ["odds", "random"]
    other_seed = plunder.ray.simulate_local("liars-dice", games=600, bots=["odds", "random"], seed=8, shards=1)
    assert other_seed != one


def test_shard_lines_are_the_clis_results_format():
    lines = _core.simulate_shard("liars-dice", 10, 1, ["random"], "{}", None, 2, 2)
    results = [json.loads(line) for line in lines.splitlines()]
    assert [r["index"] for r in results] == list(range(5, 10))
    assert {"game", "seed", "winners", "payoffs", "counters"} <= results[0].keys()


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        _core.simulate_shard("liars-dice", 10, 1, ["nobody"], "{}", None, 1, 1)
    with pytest.raises(ValueError):
        _core.simulate_shard("liars-dice", 10, 1, [], "{}", None, 3, 2)
    with pytest.raises(ValueError):
        _core.merge_results(["not json\n"])


@pytest.mark.skipif(not os.environ.get("PLUNDER_TEST_RAY"), reason="set PLUNDER_TEST_RAY=1 (python/test.sh --ray)")
def test_ray_simulation_equals_one_run():
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False)
    try:
        summary = plunder.ray.simulate("loot-pirates", players=4, games=300, bots=["loot", "random"], seed=3, shards=3)
    finally:
        ray.shutdown()
    assert summary == plunder.ray.simulate_local("loot-pirates", players=4, games=300, bots=["loot", "random"], seed=3)
