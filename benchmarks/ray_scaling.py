"""The Ray backend against one local worker on the same games (issue 18: 2,000 games at least
1.6 times as fast on 2 cores).

    python3 benchmarks/ray_scaling.py --games 2000 --cpus 2

Both play ``simulate``'s games ``0..N-1`` of the shipped decks' matchup (random agents); the
results must be identical. The Ray time includes starting the local Ray (bound to the loopback
address) and shipping the work, as a user of ``--backend ray`` pays it; ``ray_warm_s`` is a
second run on the started Ray. Needs the ``ray`` extra.
"""

from __future__ import annotations

import argparse
import json
import time

import ray

from manastack.env.aec import RED_GREEN, WHITE_BLUE
from manastack.simulate import simulate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--cpus", type=int, default=2)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    decks = (list(RED_GREEN), list(WHITE_BLUE))
    start = time.perf_counter()
    local = simulate(decks, args.games, seed=args.seed, workers=1)
    local_s = time.perf_counter() - start
    start = time.perf_counter()
    ray.init(
        address="local",
        num_cpus=args.cpus,
        include_dashboard=False,
        log_to_driver=False,
        _node_ip_address="127.0.0.1",
    )
    on_ray = simulate(decks, args.games, seed=args.seed, backend="ray")
    ray_s = time.perf_counter() - start
    start = time.perf_counter()
    simulate(decks, args.games, seed=args.seed, backend="ray")
    warm_s = time.perf_counter() - start
    ray.shutdown()
    same = (local.wins, local.draws, local.mean_decisions) == (
        on_ray.wins,
        on_ray.draws,
        on_ray.mean_decisions,
    )
    print(
        json.dumps(
            {
                "games": args.games,
                "cpus": args.cpus,
                "local_1_worker_s": round(local_s, 2),
                "ray_s": round(ray_s, 2),
                "ray_warm_s": round(warm_s, 2),
                "speedup": round(local_s / ray_s, 3),
                "speedup_warm": round(local_s / warm_s, 3),
                "same_results": same,
            }
        )
    )


if __name__ == "__main__":
    main()
