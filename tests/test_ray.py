"""The Ray backend: same seeds, same results as the local one; tasks spread over the nodes of a
two-node cluster on this machine (issue 18). Skipped without Ray (the ``ray`` extra)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

# Everything on the loopback address: Ray otherwise turns 127.0.0.1 into the machine's network
# address when it connects, and these tests talk to nothing but this machine. (Read when Ray
# is imported, and passed on to the processes it starts.)
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
ray = pytest.importorskip("ray")

from manastack.sim.backends import run_ray  # noqa: E402
from manastack.sim.tournament import tournament  # noqa: E402
from manastack.simulate import Job, simulate  # noqa: E402
from tests.test_simulate import RG, WU, _cards  # noqa: E402
from tests.test_tournament import DECKS, RW  # noqa: E402

LOOPBACK = "127.0.0.1"
FOUR = [*DECKS, _cards(RG.replace("Giant Growth", "Shock"))]


def _stable(d: dict[str, Any]) -> dict[str, Any]:
    drop = {"seconds", "games_per_second", "decisions_per_second", "workers"}
    return {k: v for k, v in d.items() if k not in drop}


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    # On the loopback address: the tests talk to nothing but this machine.
    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        _node_ip_address=LOOPBACK,
    )
    yield
    ray.shutdown()


def test_four_deck_tournament_on_ray_is_the_local_table(local_ray: None) -> None:
    names = ["rg", "wu", "rw", "rg-shock"]
    on_ray = tournament(FOUR, 3, deck_names=names, seed=21, backend="ray")
    local = tournament(FOUR, 3, deck_names=names, seed=21, workers=1)
    assert on_ray.complete and on_ray.games == 18
    assert _stable(on_ray.to_json()) == _stable(local.to_json())
    assert on_ray.text().splitlines()[2:-1] == local.text().splitlines()[2:-1]


def test_simulate_on_ray_is_the_local_run(local_ray: None) -> None:
    decks = (_cards(RG), _cards(WU))
    on_ray = simulate(decks, 6, seed=5, backend="ray", agents=("greedy", "random"))
    local = simulate(decks, 6, seed=5, workers=1, agents=("greedy", "random"))
    assert _stable(on_ray.to_json()) == _stable(local.to_json())


def test_ctrl_c_cancels_the_rest(local_ray: None) -> None:
    job = Job((tuple(_cards(RG)), tuple(_cards(RW))), ("random", "random"), 3, 200)
    got: list[int] = []

    def stop(done: list[Any]) -> None:
        got.extend(k for (_, k), _ in done)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_ray([job], [(0, k) for k in range(40)], stop, chunk_size=1)
    assert len(got) == 1
    # The cluster is still usable: the cancelled tasks don't hold it.
    assert ray.get(ray.remote(lambda: 7).remote()) == 7


def test_tasks_run_on_both_nodes_of_a_cluster() -> None:
    from ray.cluster_utils import Cluster

    ray.shutdown()  # the module's local Ray, if it ran
    node = {"num_cpus": 1, "node_ip_address": LOOPBACK}
    cluster = Cluster(initialize_head=True, head_node_args=node)
    try:
        cluster.add_node(**node)
        cluster.wait_for_nodes()
        ray.init(address=cluster.address, log_to_driver=False, _node_ip_address=LOOPBACK)
        job = Job((tuple(_cards(RG)), tuple(_cards(WU))), ("random", "random"), 8, 200)
        nodes: set[str] = set()
        results: dict[int, Any] = {}

        def keep(done: list[Any]) -> None:
            results.update({k: r for (_, k), r in done})

        run_ray([job], [(0, k) for k in range(16)], keep, chunk_size=1, nodes=nodes)
        assert len(nodes) == 2 and sorted(results) == list(range(16))
        local = simulate((_cards(RG), _cards(WU)), 16, seed=8, workers=1)
        assert sum(r.winner == 0 for r in results.values()) == local.wins[0]
    finally:
        ray.shutdown()
        cluster.shutdown()
