"""`manastack tournament` and the backends of simulate and tournament (issue 18)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from manastack.cli import main
from manastack.sim.tournament import tournament
from tests.test_simulate import RG, WU, _cards

RW = "12 Mountain\n12 Plains\n9 Savannah Lions\n9 Lightning Bolt\n9 Shock\n9 Grizzly Bears\n"
DECKS = [_cards(RG), _cards(WU), _cards(RW)]


def _stable(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k != "seconds"}


def test_every_pair_plays_and_the_table_adds_up() -> None:
    s = tournament(DECKS, 4, deck_names=["rg", "wu", "rw"], seed=2, workers=1)
    assert s.complete and s.games == 12 and len(s.pairings) == 3
    for p in s.pairings:
        assert p.wins_a + p.wins_b + p.draws == p.games == 4
    for i in range(3):
        for j in range(3):
            if i != j:
                wi, g = s.record(i, j)
                wj, _ = s.record(j, i)
                assert wi + wj <= g == 4
    ranked = s.ranking()
    rates = [s.totals(i)[0] / s.totals(i)[1] for i in ranked]
    assert rates == sorted(rates, reverse=True)
    text = s.text()
    assert "ranking" in text and "95% CI" in text and "rg" in text


def test_same_seed_same_table_whatever_the_workers() -> None:
    one = tournament(DECKS, 4, seed=9, workers=1).to_json()
    two = tournament(DECKS, 4, seed=9, workers=2).to_json()
    assert _stable(one) == _stable(two)
    other = tournament(DECKS, 4, seed=10, workers=1).to_json()
    assert _stable(other) != _stable(one)


def test_ctrl_c_keeps_what_was_played() -> None:
    seen = 0

    def interrupt(k: int) -> None:
        nonlocal seen
        seen += k
        if seen >= 5:
            raise KeyboardInterrupt

    s = tournament(DECKS, 4, seed=1, workers=1, progress=interrupt)
    assert not s.complete and s.games == 5
    assert "INTERRUPTED: 5 of 12 games played" in s.text()


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = []
    for name, text in (("rg", RG), ("wu", WU), ("rw", RW)):
        p = tmp_path / f"{name}.txt"
        p.write_text(text)
        paths.append(str(p))
    assert main(["tournament", *paths, "-n", "2", "--seed", "4", "--workers", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["decks"] == ["rg", "wu", "rw"] and out["games"] == 6 and out["complete"]
    assert [len(row) for row in out["matrix"]] == [3, 3, 3] and out["matrix"][0][0] is None
    assert main(["tournament", *paths, "-n", "2", "--workers", "1"]) == 0
    captured = capsys.readouterr()
    assert "ranking" in captured.out and "played 6/6 games" in captured.err
    assert main(["tournament", paths[0], "-n", "2"]) == 2
    assert "at least two" in capsys.readouterr().err
