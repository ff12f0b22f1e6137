"""A CI-sized soak (benchmarks/soak.py), and the game records and state round trip it relies on."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from manastack import Game, actions, cards, cli
from manastack.cards.build import creature
from manastack.deckgen import random_deck
from manastack.invariants import all_cids
from manastack.record import (
    FORMAT_VERSION,
    Record,
    Recorder,
    RecordError,
    action_from_dict,
    action_to_dict,
    load,
    replay,
)
from manastack.serialize import from_dict, to_dict
from manastack.setup import PlayerSpec

pytestmark = pytest.mark.slow  # the fast subset, `-m "not slow"`, leaves these out

ROOT = Path(__file__).resolve().parent.parent


def _soak() -> ModuleType:
    spec = importlib.util.spec_from_file_location("soak", ROOT / "benchmarks" / "soak.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["soak"] = mod  # dataclasses look their module up while being created
    spec.loader.exec_module(mod)
    return mod


soak = _soak()


def test_soak_full_checks(tmp_path: Path) -> None:
    s = soak.run(6, 20261129, players=(2, 4), out=tmp_path)
    assert s.games == 6 and s.decisions > 1000
    assert not s.failures, [f.failure for f in s.failures]


def test_soak_fast(tmp_path: Path) -> None:
    s = soak.run(8, 77, fast=True, players=(3, 4), out=tmp_path)
    assert not s.failures, [f.failure for f in s.failures]


def test_soak_workers_play_the_same_games(tmp_path: Path) -> None:
    one = soak.run(6, 310, fast=True, out=tmp_path)
    two = soak.run(6, 310, fast=True, out=tmp_path, workers=2)
    figures = [(s.games, s.decisions, s.finished, s.conceded) for s in (one, two)]
    assert figures[0] == figures[1] and one.decisions > 1000


def test_soak_reports_a_failure_with_a_record_and_a_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(game: Game, expected: object, owners: object = None, options: object = None) -> None:
        if game.turn >= 3:
            raise AssertionError("planted failure")

    monkeypatch.setattr(soak, "check", broken)
    r = soak.play_game(5, (2, 2), True, tmp_path)
    assert r.failure is not None and "planted failure" in r.failure
    assert r.record_path is not None
    rec = load(r.record_path)
    assert replay(rec).turn == 3
    cmd = soak.reproduce_command(5, (2, 2), True)
    assert cmd == "python3 benchmarks/soak.py --games 1 --seed 5 --players 2 --fast"


def test_soak_players_argument() -> None:
    assert soak.parse_players("2-4") == (2, 4)
    assert soak.parse_players("3") == (3, 3)
    with pytest.raises(Exception, match="players"):
        soak.parse_players("1-2")


# --- records -----------------------------------------------------------------------------------


def _recorded(seed: int, n_answers: int, players: int = 2) -> Recorder:
    rng = random.Random(seed)
    decks = [random_deck(rng, ("1", "2")) for _ in range(players)]
    rec = Recorder.new(decks, [f"p{i}" for i in range(players)], seed=seed, first_player=1)
    for _ in range(n_answers):
        if rec.is_over:
            break
        rec.apply(rng.choice(rec.legal_actions()))
    return rec


def test_every_action_type_round_trips_through_json() -> None:
    samples: list[actions.Action] = [
        actions.Pass(0),
        actions.PlayLand(1, 5),
        actions.CastSpell(0, 7, face_down=True),
        actions.ActivateAbility(0, 3, 1),
        actions.ActivateMana(1, 4, 0, "G"),
        actions.ChooseTarget(0, actions.player_target(1)),
        actions.PayMana(0, None),
        actions.PayMana(0, (1, 2)),
        actions.Choose(1, "pay"),
        actions.DeclareAttacker(0, 9, 1),
        actions.DeclareBlocker(1, 10, 9),
        actions.FinishDeclaration(0),
        actions.AssignDamage(0, 9, ((10, 2), (-2, 1))),
        actions.PutTrigger(1, 0),
        actions.Discard(0, 12),
        actions.KeepLegend(0, 13),
        actions.TurnFaceUp(0, 14),
        actions.SuspendCard(1, 15),
        actions.Concede(2),
    ]
    for a in samples:
        d = json.loads(json.dumps(action_to_dict(a)))
        assert action_from_dict(d) == a


def test_a_saved_record_replays_to_the_same_state(tmp_path: Path) -> None:
    rec = _recorded(3, 400, players=3)
    path = tmp_path / "game.json"
    rec.save(path)
    data = json.loads(path.read_text())
    assert data["format_version"] == FORMAT_VERSION
    assert data["setup"]["players"] == ["p0", "p1", "p2"]
    again = replay(load(path))
    assert to_dict(again.state) == to_dict(rec.game.state)
    assert replay(load(path), to=0).log_text() == rec.record.new_game().log_text()


def test_replay_names_the_refused_answer() -> None:
    rec = _recorded(4, 30)
    bad = Record(**{**rec.record.__dict__, "answers": list(rec.record.answers)})
    bad.answers.insert(10, actions.PlayLand(0, 10**6))
    with pytest.raises(RecordError, match=r"answer 10 .*PlayLand.* is refused: ") as err:
        replay(bad)
    assert err.value.index == 10
    assert err.value.reason is not None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ("[]", "a JSON object"),
        ('{"seed": 1}', "no 'format_version'.*reads format_version 2"),
        ('{"format_version": 0}', "unsupported format_version 0.*format_version 1 and 2"),
        ('{"format_version": "1"}', "unsupported format_version '1'"),
        ('{"format_version": 1, "seed": 1, "answers": []}', "missing 'setup'"),
        (
            '{"format_version": 1, "setup": {"players": ["a", "b"], "decks": [["Forest"], '
            '["Islnd"]]}, "seed": 1, "answers": []}',
            r"unknown card 'Islnd' \(did you mean Island",
        ),
        (
            '{"format_version": 1, "setup": {"players": ["a", "b"], "decks": [["Forest"], '
            '["Island"]]}, "seed": 1, "answers": [{"type": "Pass"}]}',
            r"answers\[0\] \(Pass\): missing 'player'",
        ),
        (
            '{"format_version": 1, "setup": {"players": ["a", "b"], "decks": [["Forest"], '
            '["Island"]]}, "seed": 1, "answers": [{"type": "Fly", "player": 0}]}',
            "unknown answer type 'Fly'",
        ),
        (
            '{"format_version": 1, "setup": {"players": ["a", "b"], "decks": [["Forest"], '
            '["Island"]]}, "seed": 1, "answers": [{"type": "Pass", "player": true}]}',
            r"answers\[0\].player must be an integer",
        ),
    ],
)
def test_bad_records_are_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Record.from_json(text)


def test_cli_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = _recorded(6, 120)
    path = tmp_path / "g.json"
    rec.save(path)
    assert cli.main(["replay", str(path), "--to", "50"]) == 0
    out = capsys.readouterr().out
    assert "--- position after answer 50 ---" in out
    assert "waiting for:" in out and "life" in out
    assert cli.main(["replay", str(path), "--to", "500"]) == 2
    assert "--to must be from 0 to 120" in capsys.readouterr().err
    assert cli.main(["replay", str(tmp_path / "missing.json")]) == 2


# --- the state round trip ----------------------------------------------------------------------


def test_state_round_trip_plays_on_identically() -> None:
    rec = _recorded(8, 0)
    rng = random.Random(8)
    game = rec.game
    for i in range(600):
        if game.is_over:
            break
        d = to_dict(game.state)
        twin = Game(from_dict(json.loads(json.dumps(d))), advance=False)
        assert to_dict(twin.state) == d
        if i % 25 == 0:
            # Play both on for a while: same options, same states, same log.
            fork = random.Random(i)
            a_game = game.clone()
            for _ in range(60):
                if a_game.is_over:
                    break
                opts = a_game.legal_actions()
                assert twin.legal_actions() == opts
                a = fork.choice(opts)
                a_game.apply(a)
                twin.apply(a)
            assert to_dict(twin.state) == to_dict(a_game.state)
        game.apply(rng.choice(game.legal_actions()))


def test_soak_keeps_a_crashing_answer_in_the_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_apply = Game.apply

    def crashing(self: Game, action: actions.Action) -> None:
        if self.turn >= 2 and isinstance(action, actions.Pass):
            raise RuntimeError("planted crash")
        real_apply(self, action)

    monkeypatch.setattr(Game, "apply", crashing)
    r = soak.play_game(9, (3, 3), True, tmp_path)
    assert r.failure is not None and "planted crash" in r.failure
    assert r.record_path is not None
    rec = load(r.record_path)
    assert len(rec.answers) == r.decisions + 1
    assert isinstance(rec.answers[-1], actions.Pass)


def test_the_card_table_covers_every_card_with_or_without_the_games_card_list() -> None:
    game = _recorded(12, 200, players=3).game
    d = to_dict(game.state)
    assert d["restore"]["cards"]["cid"] == [c.cid for c in game.state.cards]
    assert len(game.state.cards) == sum(1 for _ in all_cids(game.state).elements())
    # A state put together by hand, without the game's card list: the zones are searched.
    bare = game.state.clone()
    bare.cards = ()
    again = to_dict(bare)
    assert again["restore"]["cards"] == d["restore"]["cards"]
    assert to_dict(from_dict(again)) == d
    # The table handed out is the caller's: changing it changes no later dump.
    d["restore"]["cards"]["cid"].clear()
    assert to_dict(game.state)["restore"]["cards"]["cid"]


def test_rebuilt_states_must_play_on_alike_up_to_the_next_one() -> None:
    rec = _recorded(21, 0)
    rng = random.Random(21)
    dumps: list[tuple[int, int, dict[str, object]]] = []
    for i in range(300):
        if rec.game.is_over:
            break
        rec.apply(rng.choice(rec.game.legal_actions()))
        if i + 1 in (50, 150):
            dumps.append((i + 1, len(rec.game.state.log), to_dict(rec.game.state, log=False)))

    def twins() -> list[Any]:
        return [soak.Twin(at, n, from_dict(d), d) for at, n, d in dumps]

    soak._check_end(rec, twins())
    changed = twins()
    changed[0].state.players[0].life -= 1  # something the dump of the next point will show
    with pytest.raises(soak.SoakFailure, match="after answer 50, compared after answer 150"):
        soak._check_end(rec, changed)
    noisy = twins()
    noisy[1].state.emit("note", "not in the original's log")  # the last one: to the end
    with pytest.raises(soak.SoakFailure, match=r"after answer 150, .* logged differently"):
        soak._check_end(rec, noisy)


def test_a_card_table_read_again_gives_the_same_cards_unless_a_definition_changed() -> None:
    game = _recorded(31, 100).game
    d = to_dict(game.state)
    one, two = from_dict(d), from_dict(d)
    assert one.cards is two.cards  # cards never change: rebuilt states share them
    assert to_dict(one) == to_dict(two) == d
    # A card of one's own, declared again under the same name: the table is read afresh.
    first = creature("Table Test Bear", "{1}{G}", "Bear", 2, 2)
    cards.register(first, pool="test")
    try:
        start = Game.from_position([PlayerSpec("a", hand=[first.name]), PlayerSpec("b")])
        dumped = to_dict(start.state)
        assert from_dict(dumped).players[0].hand[0].cdef is first
        cards.unregister(first.name)
        second = dataclasses.replace(first, power=3)
        cards.register(second, pool="test")
        assert from_dict(dumped).players[0].hand[0].cdef is second
    finally:
        cards.unregister(first.name)
