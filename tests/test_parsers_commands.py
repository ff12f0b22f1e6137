"""The command language parser: every form of the contract's table, errors, and round trips."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from manastack import cards
from manastack.errors import ManastackError
from manastack.scenario.commands import (
    GRAMMAR,
    MAX_COMMAND_CHARS,
    MAX_NUMBER,
    Activate,
    Assign,
    Attack,
    Block,
    CardNames,
    Cast,
    Choose,
    Command,
    CommandSyntaxError,
    Concede,
    Discard,
    Order,
    Pass,
    PlayLand,
    Ref,
    Suspend,
    TurnFaceUp,
    parse_command,
)
from tests.budget import within_calls

# The starter pools (starter-cards.md), as the engine declares them.
POOL = tuple(cards.names())

# Names that look like keywords or possessives; some are made up, to corner the parser.
TRICKY = (
    "Thalia, Guardian of Thraben",
    "Dance with Devils",
    "Urza's Saga",
    "Path to Exile",
    "Choosing Sides",
    "Targeting Computer",
    "Paying Tribute",
    "Face of Divinity",
    "Ability Drain",
    "Jace, Vryn's Prodigy",
)
NAMES = CardNames((*POOL, *TRICKY))

B = Ref("Grizzly Bears")
THALIA = Ref("Thalia, Guardian of Thraben")


def p(text: str) -> Command:
    return parse_command(text, NAMES)


# --- one test per row of the contract's table ------------------------------------------------


def test_pass() -> None:
    assert p("pass") == Pass()
    assert p("  PASS ") == Pass()


def test_play() -> None:
    assert p("play Forest") == PlayLand(Ref("Forest"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("cast Dark Ritual", Cast(Ref("Dark Ritual"))),
        ("cast Exalted Angel face down", Cast(Ref("Exalted Angel"), face_down=True)),
        (
            "cast Lightning Bolt targeting bob",
            Cast(Ref("Lightning Bolt"), targets=(Ref("bob"),)),
        ),
        (
            "cast Counterspell targeting bob's Dark Ritual",
            Cast(Ref("Counterspell"), targets=(Ref("Dark Ritual", "bob"),)),
        ),
        (
            "cast Lotus Petal choosing R",
            Cast(Ref("Lotus Petal"), choices=("R",)),
        ),
        ("cast Fireball x=3 targeting bob", Cast(Ref("Fireball"), targets=(Ref("bob"),), x=3)),
        (
            "cast Lightning Bolt targeting alice paying Lotus Petal, Mountain",
            Cast(
                Ref("Lightning Bolt"),
                targets=(Ref("alice"),),
                paying=(Ref("Lotus Petal"), Ref("Mountain")),
            ),
        ),
        (
            "cast Exalted Angel face down targeting a, b choosing c, d x=0 paying e, f",
            Cast(
                Ref("Exalted Angel"),
                face_down=True,
                targets=(Ref("a"), Ref("b")),
                choices=("c", "d"),
                x=0,
                paying=(Ref("e"), Ref("f")),
            ),
        ),
        # Clauses in another order than the table's are accepted too.
        (
            "cast Fireball paying Mountain x=2 targeting bob",
            Cast(Ref("Fireball"), targets=(Ref("bob"),), x=2, paying=(Ref("Mountain"),)),
        ),
        ("cast Rift Bolt", Cast(Ref("Rift Bolt"))),
    ],
)
def test_cast(text: str, expected: Cast) -> None:
    assert p(text) == expected


def test_cast_comma_names_in_lists() -> None:
    assert p("cast Lightning Bolt targeting Thalia, Guardian of Thraben, bob") == Cast(
        Ref("Lightning Bolt"), targets=(THALIA, Ref("bob"))
    )
    assert p("cast Shock targeting bob's thalia, guardian of thraben") == Cast(
        Ref("Shock"), targets=(Ref("thalia, guardian of thraben", "bob"),)
    )
    # Without the pool the parser cannot know the comma is part of a name.
    assert parse_command("cast Lightning Bolt targeting Thalia, Guardian of Thraben, bob") == Cast(
        Ref("Lightning Bolt"),
        targets=(Ref("Thalia"), Ref("Guardian of Thraben"), Ref("bob")),
    )


def test_keyword_looking_names() -> None:
    assert p("cast Targeting Computer targeting bob") == Cast(
        Ref("Targeting Computer"), targets=(Ref("bob"),)
    )
    assert p("cast Doom Blade targeting Choosing Sides choosing Paying Tribute") == Cast(
        Ref("Doom Blade"), targets=(Ref("Choosing Sides"),), choices=("Paying Tribute",)
    )
    assert p("cast Face of Divinity face down") == Cast(Ref("Face of Divinity"), face_down=True)
    assert p("activate Ability Drain ability 2") == Activate(Ref("Ability Drain"), ability=2)
    assert p("cast Path to Exile targeting Urza's Saga") == Cast(
        Ref("Path to Exile"), targets=(Ref("Urza's Saga"),)
    )
    assert p("cast Shock targeting bob's Urza's Saga") == Cast(
        Ref("Shock"), targets=(Ref("Urza's Saga", "bob"),)
    )


def test_case_is_kept_and_keywords_match_any_case() -> None:
    assert p("CAST lightning bolt TARGETING Bob X=1") == Cast(
        Ref("lightning bolt"), targets=(Ref("Bob"),), x=1
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("activate Prodigal Sorcerer", Activate(Ref("Prodigal Sorcerer"))),
        (
            "activate Prodigal Sorcerer targeting bob",
            Activate(Ref("Prodigal Sorcerer"), targets=(Ref("bob"),)),
        ),
        ("activate Lotus Petal choosing G", Activate(Ref("Lotus Petal"), choices=("G",))),
        (
            "activate alice's Mogg Fanatic ability 1 targeting Grizzly Bears choosing x",
            Activate(Ref("Mogg Fanatic", "alice"), ability=1, targets=(B,), choices=("x",)),
        ),
    ],
)
def test_activate(text: str, expected: Activate) -> None:
    assert p(text) == expected


def test_attack() -> None:
    assert p("attack with Grizzly Bears") == Attack((B,))
    assert p("attack with Grizzly Bears, Thalia, Guardian of Thraben -> bob") == Attack(
        (B, THALIA), "bob"
    )
    assert p("attack with Grizzly Bears->carol") == Attack((B,), "carol")
    assert p("attack with nothing") == Attack(())
    assert p("Attack With Nothing") == Attack()


def test_block() -> None:
    assert p("block Grizzly Bears with Wall of Wood") == Block(B, (Ref("Wall of Wood"),))
    assert p("block bob's Grizzly Bears with Wall of Wood, Drudge Skeletons") == Block(
        Ref("Grizzly Bears", "bob"), (Ref("Wall of Wood"), Ref("Drudge Skeletons"))
    )
    assert p("block with nothing") == Block(None, ())
    assert p("block Dance with Devils with Thalia, Guardian of Thraben") == Block(
        Ref("Dance with Devils"), (THALIA,)
    )


def test_assign() -> None:
    assert p("assign 2 to Grizzly Bears, 1 to bob") == Assign(((2, B), (1, Ref("bob"))))
    assert p("assign 3 to Thalia, Guardian of Thraben, 0 to Path to Exile") == Assign(
        ((3, THALIA), (0, Ref("Path to Exile")))
    )


def test_order() -> None:
    assert p("order Soul Warden, bob's Soul Warden") == Order(
        (Ref("Soul Warden"), Ref("Soul Warden", "bob"))
    )


@pytest.mark.parametrize(
    "words",
    ["bob", "pay", "decline", "Grizzly Bears", "mode 2", "R", "Thalia, Guardian of Thraben"],
)
def test_choose(words: str) -> None:
    assert p(f"choose {words}") == Choose(words)


def test_choose_normalizes_spacing_only() -> None:
    assert p("choose   mode    2 ") == Choose("mode 2")


def test_discard() -> None:
    assert p("discard Island, Thalia, Guardian of Thraben") == Discard((Ref("Island"), THALIA))


def test_turn_face_up() -> None:
    assert p("turn face up Exalted Angel") == TurnFaceUp(Ref("Exalted Angel"))


def test_suspend() -> None:
    assert p("suspend Rift Bolt") == Suspend(Ref("Rift Bolt"))


def test_concede() -> None:
    assert p("concede") == Concede()


def test_grammar_lists_every_form() -> None:
    forms = [
        "pass",
        "play CARD",
        "cast CARD [face down] [targeting T, T...] [choosing C, C...] [x=N] [paying SOURCE, ...]",
        "activate CARD [ability N] [targeting T, T...] [choosing C...]",
        "attack with CARD[, CARD...] [-> PLAYER]",
        "attack with nothing",
        "block ATTACKER with CARD[, CARD...]",
        "block with nothing",
        "assign N to T[, N to T...]",
        "order CARD, CARD...",
        "choose WORDS",
        "discard CARD[, CARD...]",
        "turn face up CARD",
        "suspend CARD",
        "concede",
    ]
    assert [line for line in GRAMMAR.splitlines()][: len(forms)] == forms


# --- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "empty command"),
        ("dance", "unknown command 'dance'"),
        ("passs", "did you mean 'pass'?"),
        ("pass now", "'pass' takes nothing after it"),
        ("concede now", "'concede' takes nothing after it"),
        ("play", "'play' needs a card name"),
        ("cast", "'cast' needs a card name"),
        ("cast targeting bob", "'cast' needs a card name"),
        ("cast Fireball x=abc", "X must be a whole number"),
        ("cast Fireball x=-1", "X must be a whole number"),
        ("cast Fireball x=99999999999999999999999", "X must be between 0 and"),
        ("cast Fireball x=1 x=2", "'x=' is given twice"),
        ("cast Shock targeting", "'targeting' needs something after it"),
        ("cast Shock targeting bob targeting alice", "'targeting' is given twice"),
        ("cast Shock targeting bob,, alice", "empty name"),
        ("cast Exalted Angel face down please", "unexpected 'please' after 'face down'"),
        ("activate Prodigal Sorcerer ability two", "must be a whole number"),
        ("activate Prodigal Sorcerer ability 0", "between 1 and"),
        ("activate Prodigal Sorcerer ability 1 2", "takes one number"),
        ("attack Grizzly Bears", "attack with"),
        ("attack with", "needs attackers"),
        ("attack with Grizzly Bears ->", "'->' needs something after it"),
        ("attack with nothing, Grizzly Bears", "'nothing' must stand alone"),
        ("block Grizzly Bears", "missing 'with'"),
        ("block with Wall of Wood", "block with nothing"),
        ("block Grizzly Bears with nothing", "write 'block with nothing'"),
        ("block Grizzly Bears with a with b", "'with' is given twice"),
        ("assign", "needs 'N to T'"),
        ("assign bob", "expected 'N to T'"),
        ("assign 2 to Grizzly Bears, bob", "expected 'N to T', got 'bob'"),
        ("order", "needs at least one card name"),
        ("discard", "needs at least one card name"),
        ("choose", "'choose' needs words"),
        ("turn Exalted Angel", "turn face up CARD"),
        ("turn face up", "needs a card name"),
        ("suspend", "needs a card name"),
    ],
)
def test_errors(text: str, problem: str) -> None:
    with pytest.raises(CommandSyntaxError) as info:
        p(text)
    assert problem in info.value.problem
    # The message says what was wrong, then lists the commands.
    message = str(info.value)
    assert problem in message
    assert "cast CARD [face down]" in message and "concede" in message
    assert isinstance(info.value, ManastackError)


def test_too_long_is_refused_quickly() -> None:
    with within_calls(1_000_000), pytest.raises(CommandSyntaxError, match="limit"):
        p("cast " + "targeting a " * 1000)


def test_many_keywords_stay_fast() -> None:
    text = "cast Shock" + " targeting" * 80
    assert len(text) < MAX_COMMAND_CHARS
    with within_calls(1_000_000), pytest.raises(CommandSyntaxError):
        p(text)


def test_card_names_accepts_any_collection() -> None:
    assert parse_command("cast X targeting Thalia, Guardian of Thraben", POOL) == Cast(
        Ref("X"), targets=(THALIA,)
    )
    assert "thalia, GUARDIAN of thraben" in NAMES
    assert NAMES.canonical("lightning  bolt") == "Lightning Bolt"
    assert NAMES.suggest("Lightnin Bolt")[0] == "Lightning Bolt"


# --- round trip ------------------------------------------------------------------------------

_RESERVED = {
    "face",
    "down",
    "up",
    "targeting",
    "choosing",
    "paying",
    "ability",
    "with",
    "to",
    "nothing",
}
# Words of the known names are left out of made-up names, which could otherwise join into one.
_KNOWN_WORDS = {w.strip(",").casefold() for n in NAMES for w in n.split()}
word = st.from_regex(r"[A-Za-z][a-z]{0,7}", fullmatch=True).filter(
    lambda w: w.casefold() not in _RESERVED | _KNOWN_WORDS
)
plain_name = st.lists(word, min_size=1, max_size=3).map(" ".join)
name = st.one_of(plain_name, st.sampled_from(sorted(NAMES)))
players = st.sampled_from(["alice", "bob", "carol"])
ref = st.builds(Ref, name, st.none() | players)
refs = st.lists(ref, min_size=1, max_size=3).map(tuple)
choice = st.one_of(plain_name, st.sampled_from(TRICKY))
number = st.integers(0, MAX_NUMBER)
free_words = st.lists(
    st.text(st.characters(blacklist_categories=("Z", "C")), min_size=1, max_size=6),
    min_size=1,
    max_size=4,
).map(" ".join)

commands: st.SearchStrategy[Command] = st.one_of(
    st.just(Pass()),
    st.just(Concede()),
    st.builds(PlayLand, ref),
    st.builds(
        Cast,
        ref,
        st.booleans(),
        st.lists(ref, max_size=3).map(tuple),
        st.lists(choice, max_size=3).map(tuple),
        st.none() | number,
        st.lists(ref, max_size=3).map(tuple),
    ),
    st.builds(
        Activate,
        ref,
        st.none() | st.integers(1, MAX_NUMBER),
        st.lists(ref, max_size=3).map(tuple),
        st.lists(choice, max_size=3).map(tuple),
    ),
    st.just(Attack()),
    st.builds(Attack, refs, st.none() | players),
    st.just(Block()),
    st.builds(Block, ref, refs),
    st.builds(Assign, st.lists(st.tuples(number, ref), min_size=1, max_size=3).map(tuple)),
    st.builds(Order, refs),
    st.builds(Choose, free_words),
    st.builds(Discard, refs),
    st.builds(TurnFaceUp, ref),
    st.builds(Suspend, ref),
)


@settings(max_examples=400, deadline=None)
@given(commands)
def test_round_trip(command: Command) -> None:
    assert parse_command(str(command), NAMES) == command
