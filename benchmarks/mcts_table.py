"""OpenSpiel's MCTS bot against manastack's random and greedy agents (the README's table).

    python3 benchmarks/mcts_table.py --budgets 8 32 128 --games 10 --seed 1

MCTS searches a determinized state (``resample_from_infostate``: the hidden cards dealt anew),
not the real one, so it does not see its opponent's hand; leaves are valued by
``BoardEvaluator`` (life and power on the battlefield). A decision with one legal action is
taken without a search. MCTS sits in seat 0 in the even games and seat 1 in the odd ones; the
decks are the default two (red-green in seat 0), so each side plays each deck half the time.
Needs the ``rl`` extra.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from manastack.agents import AgentView, get_agent
from manastack.env.spiel import BoardEvaluator, ManastackState


def play(game: Any, budget: int, opponent: str, index: int, seed: int) -> tuple[float, int]:
    """One game: MCTS's return and the number of searches it made."""
    rng = np.random.RandomState(seed * 1000 + index)
    bot = mcts.MCTSBot(game, 2, budget, BoardEvaluator(), random_state=rng, solve=False)
    agent = get_agent(opponent)
    arng = random.Random(seed * 1000 + index)
    me = index % 2
    state: ManastackState = game.new_initial_state()
    state.apply_action(seed * 1000 + index)
    searches = 0
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
        elif player == me:
            view = state.resample_from_infostate(player, rng.random_sample)
            state.apply_action(bot.step(view))
            searches += 1
        else:
            g = state.game
            assert g is not None and g.decision is not None
            by_action = {a: i for i, a in state.index().items()}
            view_ = AgentView(g, g.decision, list(by_action))
            state.apply_action(by_action[agent(view_, arng)])
    return state.returns()[me], searches


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budgets", type=int, nargs="+", default=[8, 32, 128])
    ap.add_argument("--opponents", nargs="+", default=["random", "greedy"])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-turns", type=int, default=60)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    game = pyspiel.load_game("python_manastack", {"max_turns": args.max_turns})
    rows = []
    for budget in args.budgets:
        for opponent in args.opponents:
            start = time.perf_counter()
            results = [play(game, budget, opponent, i, args.seed) for i in range(args.games)]
            seconds = time.perf_counter() - start
            wins = sum(r > 0 for r, _ in results)
            losses = sum(r < 0 for r, _ in results)
            searches = sum(s for _, s in results)
            row = {
                "budget": budget,
                "opponent": opponent,
                "games": args.games,
                "wins": wins,
                "losses": losses,
                "draws": args.games - wins - losses,
                "seconds_per_search": round(seconds / max(1, searches), 4),
            }
            rows.append(row)
            print(
                json.dumps(row)
                if args.json
                else f"MCTS {budget:>4} sims vs {opponent:<7} {wins:>3}-{losses:<3} "
                f"({row['draws']} draws) {row['seconds_per_search']:.3f} s a search",
                flush=True,
            )


if __name__ == "__main__":
    main()
