"""The PettingZoo environment's step against ``Game.apply`` plus ``legal_actions`` on the same
games (issue 18: the env may cost at most 25% more).

    python3 benchmarks/env_step.py --games 40 --rounds 5

Both loops play the same games: the same seeds, and at each decision the k-th legal action for
the same random k. The baseline calls ``Game.legal_actions(with_mana=False)`` and
``Game.apply``; the env loop calls ``ManastackEnv.step`` with the index of that action (which
lists the next legal actions and encodes them). ``observe`` (the numeric observation and the
mask) is measured on its own: an agent calls it when it wants it, not on every step. The two
loops alternate ``--rounds`` times; the medians are compared. Needs the ``rl`` extra.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from manastack.env import ManastackEnv


def baseline(env: ManastackEnv, seeds: list[int]) -> tuple[float, int]:
    decisions = 0
    spent = 0.0
    for seed in seeds:
        env.reset(seed=seed)  # only to make the same game: same decks, seed, first player
        g = env.game.clone()
        rng = random.Random(seed)
        start = time.perf_counter()
        legal = g.legal_actions(False)
        while not g.is_over and g.turn <= env.max_turns:
            g.apply(legal[rng.randrange(len(legal))])
            while not g.is_over and g.decision is None:
                g.resume()
            legal = g.legal_actions(False)
            decisions += 1
        spent += time.perf_counter() - start
    return spent, decisions


def stepped(env: ManastackEnv, seeds: list[int]) -> tuple[float, int]:
    decisions = 0
    spent = 0.0
    for seed in seeds:
        env.reset(seed=seed)
        rng = random.Random(seed)
        start = time.perf_counter()
        while (
            env.agents
            and not env.terminations[env.agent_selection]
            and not env.truncations[env.agent_selection]
        ):
            legal = env.legal_actions()
            k = rng.randrange(len(legal))
            env.step(list(env.index())[k])
            decisions += 1
        spent += time.perf_counter() - start
    return spent, decisions


def observing(env: ManastackEnv, seeds: list[int]) -> tuple[float, int]:
    calls = 0
    spent = 0.0
    for seed in seeds[:5]:
        env.reset(seed=seed)
        rng = random.Random(seed)
        while (
            env.agents
            and not env.terminations[env.agent_selection]
            and not env.truncations[env.agent_selection]
        ):
            start = time.perf_counter()
            env.observe(env.agent_selection)
            spent += time.perf_counter() - start
            calls += 1
            legal = env.legal_actions()
            env.step(list(env.index())[rng.randrange(len(legal))])
    return spent, calls


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    env = ManastackEnv(max_turns=200)
    seeds = [args.seed + i for i in range(args.games)]
    base, step = [], []
    n_base = n_step = 0
    for _ in range(args.rounds):
        t, n_base = baseline(env, seeds)
        base.append(t / n_base)
        t, n_step = stepped(env, seeds)
        step.append(t / n_step)
    assert n_base == n_step, (n_base, n_step)  # the same games
    obs_t, obs_n = observing(env, seeds)
    b, s = statistics.median(base), statistics.median(step)
    print(
        json.dumps(
            {
                "games": args.games,
                "decisions": n_base,
                "apply_plus_legal_us": round(b * 1e6, 2),
                "env_step_us": round(s * 1e6, 2),
                "overhead": round(s / b - 1, 4),
                "observe_us": round(obs_t / obs_n * 1e6, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
