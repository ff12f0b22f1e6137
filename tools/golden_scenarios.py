"""Write the golden set: scenarios for compiled cards of the base, chosen across categories,
each checking what the card does in a game (damage dealt, a card drawn, a creature destroyed,
mana made), into ``tests/scenarios/compiled/`` (one file per category).

    PYTHONPATH=. python3 tools/golden_scenarios.py

The expected figures come from the card's Oracle text read here with plain patterns, apart from
the compiler, so that a scenario fails when the compiled card does something else than its text.
Cards are picked in name order, a few from each category; the files are committed, and
regenerated only when the choice should change.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from manastack.cards import base, find
from manastack.mana import COLORS, ManaCost
from manastack.oracle import Compiled
from manastack.oracle.normalise import normalise

OUT = Path(__file__).resolve().parent.parent / "tests" / "scenarios" / "compiled"
LAND = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest", "C": "Wastes"}
WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
Scenario = dict[str, Any]


def lands_for(cost: str | None) -> list[str]:
    """Untapped lands that pay exactly ``cost``."""
    if not cost:
        return []
    c = ManaCost.parse(cost)
    out = ["Wastes"] * c.generic
    for i, n in enumerate(c.colored):
        out += [LAND[COLORS[i]]] * n
    return out


def spell(name: str, row: dict[str, Any], target: str | None, story: str) -> Scenario:
    line = f"cast {name}" + (f" targeting {target}" if target else "")
    return {
        "name": f"{name}: {story}",
        "start": "turn 1 precombat_main",
        "players": {
            "alice": {"hand": [name], "battlefield": lands_for(row["manaCost"])},
            "bob": {"battlefield": ["Craw Wurm", "Grizzly Bears"]},
        },
        "script": [{"alice": line}],
    }


def n_of(word: str) -> int:
    return int(word) if word.isdigit() else WORDS[word]


# Each maker: (pattern on the card's only line, the scenario it makes from the match).
def burn_any(name: str, row: dict[str, Any], m: re.Match[str]) -> Scenario:
    n = int(m.group(1))
    s = spell(name, row, "bob", f"deals {n} damage to bob")
    s["expect"] = {"bob": {"life": 20 - n}, "alice": {"graveyard": [name]}}
    return s


def burn_creature(name: str, row: dict[str, Any], m: re.Match[str]) -> Scenario:
    n = int(m.group(1))
    s = spell(name, row, "Craw Wurm", f"deals {n} damage to a 6/4")
    wurm: Any = "Craw Wurm" if n >= 4 else {"card": "Craw Wurm", "damage": n}
    where = "graveyard" if n >= 4 else "battlefield"
    s["expect"] = {"bob": {where: [wurm, "Grizzly Bears"] if where == "battlefield" else [wurm]}}
    return s


def counter(name: str, row: dict[str, Any], m: re.Match[str]) -> Scenario:
    kind = m.group(1)
    victim = "Grizzly Bears" if kind == "creature " else "Divination"
    lands = ["Forest", "Wastes"] if victim == "Grizzly Bears" else ["Island", "Wastes", "Wastes"]
    return {
        "name": f"{name}: counters {victim}",
        "start": "turn 1 precombat_main",
        "players": {
            "alice": {"hand": [victim], "battlefield": lands},
            "bob": {"hand": [name], "battlefield": lands_for(row["manaCost"])},
        },
        "script": [{"alice": f"cast {victim}"}, {"bob": f"cast {name} targeting {victim}"}],
        "expect": {
            "alice": {"graveyard": [victim], "hand": []},
            "bob": {"graveyard": [name]},
            "stack": [],
        },
    }


def destroy(name: str, row: dict[str, Any], m: re.Match[str]) -> Scenario:
    what = m.group(1)
    victim = {
        "creature": "Grizzly Bears",
        "nonblack creature": "Grizzly Bears",
        "nonartifact creature": "Grizzly Bears",
        "artifact": "Lotus Petal",
        "enchantment": "Glorious Anthem",
        "land": "Forest",
        "artifact or enchantment": "Glorious Anthem",
        "permanent": "Grizzly Bears",
    }[what]
    s = spell(name, row, f"bob's {victim}", f"destroys bob's {victim}")
    s["players"]["bob"]["battlefield"] = [victim]
    s["expect"] = {"bob": {"graveyard": [victim], "battlefield": []}}
    return s


def bounce(name: str, row: dict[str, Any], m: re.Match[str]) -> Scenario:
    s = spell(name, row, "bob's Grizzly Bears", "returns bob's Grizzly Bears to his hand")
    s["expect"] = {"bob": {"hand": ["Grizzly Bears"], "battlefield": ["Craw Wurm"]}}
    return s


def pump(name: str, row: dict[str, Any], m: re.Match[str]) -> Scenario:
    p, t = int(m.group(1)), int(m.group(2))
    s = spell(name, row, "Craw Wurm", f"gives a 6/4 {p:+d}/{t:+d}")
    s["script"].append({"expect": {"stack": [name]}})
    s["script"].append({"alice": "pass"})
    s["script"].append({"bob": "pass"})
    after: Any = {"card": "Craw Wurm", "power": 6 + p, "toughness": 4 + t} if 4 + t > 0 else None
    s["script"].append(
        {
            "expect": {
                "bob": {"battlefield": [after, "Grizzly Bears"] if after else ["Grizzly Bears"]}
            }
        }
    )
    s["until"] = "turn 2 upkeep"
    s["expect"] = (
        {
            "bob": {
                "battlefield": [{"card": "Craw Wurm", "power": 6, "toughness": 4}, "Grizzly Bears"]
            }
        }
        if after
        else {}
    )
    s["name"] += " until end of turn"
    return s


def draw(name: str, row: dict[str, Any], m: re.Match[str]) -> Scenario:
    n = n_of(m.group(2))
    target = "alice" if m.group(1) == "Target player draws" else None
    s = spell(name, row, target, f"draws {n}")
    s["expect"] = {"alice": {"hand": ["Wastes"] * n, "graveyard": [name]}}
    return s


def life(name: str, row: dict[str, Any], m: re.Match[str]) -> Scenario:
    who, verb, n = m.group(1), m.group(2), int(m.group(3))
    target = "bob" if who.lower() == "target player" else None
    s = spell(name, row, target, f"{verb} {n} life")
    sign = 1 if verb.startswith("gain") else -1
    s["expect"] = {("bob" if target else "alice"): {"life": 20 + sign * n}}
    return s


def creature(name: str, row: dict[str, Any], m: re.Match[str]) -> Scenario:
    """Cast it, then attack with it on the next turn (or, with haste, at once)."""
    legendary = "Legendary" in (row["supertypes"] or ())
    text = " ".join(normalise(row["text"] or "", name, legendary)).lower()
    power = int(row["power"])
    haste = "haste" in text
    at = "turn 1 declare_attackers" if haste else "turn 3 declare_attackers"
    attack: dict[str, Any] = {"at": at, "alice": f"attack with {name}"}
    scen: Scenario = {
        "name": f"{name}: cast, then attacks" + (" at once (haste)" if haste else ""),
        "start": "turn 1 precombat_main",
        "players": {
            "alice": {"hand": [name], "battlefield": lands_for(row["manaCost"])},
            "bob": {},
        },
        "script": [{"alice": f"cast {name}"}, attack],
        "until": at.replace("declare_attackers", "end_of_combat"),
    }
    if "defender" in text:
        attack["rejected"] = "combat"
        scen["name"] = f"{name}: has defender, can't attack"
        scen["expect"] = {"bob": {"life": 20}}
    else:
        scen["expect"] = {"bob": {"life": 20 - max(0, power)}}
    if "flying" in text and "defender" not in text:
        scen["players"]["bob"] = {"battlefield": ["Grizzly Bears"]}
        scen["script"] += [
            {
                "at": at.replace("attackers", "blockers"),
                "bob": f"block {name} with Grizzly Bears",
                "rejected": "combat",
            },
            {"bob": "block with nothing"},
        ]
        scen["name"] = f"{name}: flies over Grizzly Bears"
    return scen


def mana(name: str, row: dict[str, Any], m: re.Match[str]) -> Scenario:
    symbols = m.group(1)
    made = re.findall(r"\{(\w)\}", symbols)
    if "any color" in symbols:
        made, choose = ["G"], "G"
    elif " or " in symbols or ", " in symbols:
        made, choose = [made[-1]], made[-1]
    else:
        choose = ""
    script: list[dict[str, Any]] = [{"alice": f"activate {name}"}]
    if choose:
        script.append({"alice": f"choose {choose}"})
    script.append({"expect": {"alice": {"mana_pool": "".join(made)}, "stack": []}})
    return {
        "name": f"{name}: taps for {''.join(made)} without using the stack",
        "start": "turn 1 precombat_main",
        "players": {"alice": {"battlefield": [name]}, "bob": {}},
        "script": script,
    }


def tap_ping(name: str, row: dict[str, Any], m: re.Match[str]) -> Scenario:
    n = int(m.group(1))
    return {
        "name": f"{name}: its ability deals {n} damage to bob",
        "start": "turn 1 precombat_main",
        "players": {"alice": {"battlefield": [name]}, "bob": {}},
        "script": [{"alice": f"activate {name} targeting bob"}],
        "expect": {
            "bob": {"life": 20 - n},
            "alice": {"battlefield": [{"card": name, "tapped": True}]},
        },
    }


def etb(name: str, row: dict[str, Any], m: re.Match[str]) -> Scenario:
    what = m.group(1)
    scen: Scenario = {
        "name": f"{name}: when it enters, {what}",
        "start": "turn 1 precombat_main",
        "players": {
            "alice": {"hand": [name], "battlefield": lands_for(row["manaCost"])},
            "bob": {},
        },
        "script": [{"alice": f"cast {name}"}],
    }
    d = re.fullmatch(r"draw (a|two|three) cards?", what)
    g = re.fullmatch(r"you gain (\d+) life", what)
    if d:
        scen["expect"] = {"alice": {"hand": ["Wastes"] * n_of(d.group(1))}}
    elif g:
        scen["expect"] = {"alice": {"life": 20 + int(g.group(1))}}
    else:
        dmg = re.fullmatch(r"~ deals (\d+) damage to any target", what)
        assert dmg is not None
        scen["script"] += [{"alice": "pass"}, {"bob": "pass"}, {"alice": "choose bob"}]
        scen["expect"] = {"bob": {"life": 20 - int(dmg.group(1))}}
    return scen


CATEGORIES: dict[str, tuple[int, str, Callable[[str, dict[str, Any], re.Match[str]], Scenario]]] = {
    "burn": (20, r"~ deals (\d+) damage to any target\.", burn_any),
    "burn-creature": (8, r"~ deals (\d+) damage to target creature\.", burn_creature),
    "counter": (8, r"Counter target (creature |noncreature )?spell\.", counter),
    "destroy": (
        20,
        r"Destroy target (creature|nonblack creature|nonartifact creature|artifact|enchantment|"
        r"land|artifact or enchantment|permanent)\.",
        destroy,
    ),
    "bounce": (
        8,
        r"Return target (creature|permanent|nonland permanent) to its owner's hand\.",
        bounce,
    ),
    "pump": (20, r"Target creature gets ([+-]\d+)/([+-]\d+) until end of turn\.", pump),
    "draw": (8, r"(Target player draws|Draw) (a|two|three|four) cards?\.", draw),
    "life": (8, r"(You|Target player) (gain|gains|lose|loses) (\d+) life\.", life),
    "vanilla": (20, r"", creature),
    "keywords": (
        30,
        r"(Flying|Haste|Defender|Vigilance|Reach|Trample|First strike|Deathtouch|Lifelink)"
        r"(, [a-z ]+)*",
        creature,
    ),
    "mana": (16, r"\{T\}: Add (\{.\}|one mana of any color|\{.\} or \{.\})\.", mana),
    "tap-damage": (8, r"\{T\}: ~ deals (\d+) damage to any target\.", tap_ping),
    "enters": (
        12,
        r"When ~ enters, (draw (?:a|two|three) cards?|you gain \d+ life|"
        r"~ deals \d+ damage to any target)\.",
        etb,
    ),
}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    total = 0
    for cat, (limit, pattern, make) in CATEGORIES.items():
        pat = re.compile(pattern)
        out: list[Scenario] = []
        for name in base.compiled_names():
            if len(out) >= limit:
                break
            row = base.row(name)
            res = base.compiled(name)
            if row is None or not isinstance(res, Compiled) or find(name) is not res.card:
                continue  # hand-declared cards have their own scenarios
            lines = normalise(row["text"] or "", name, "Legendary" in (row["supertypes"] or ()))
            creatures_only = cat in ("vanilla", "keywords")
            if creatures_only and "Creature" not in (row["types"] or ()):
                continue
            if cat == "vanilla":
                if lines or int(row["power"]) <= 0:
                    continue
                m = re.match("", "")
            else:
                if len(lines) != 1:
                    continue
                m = pat.fullmatch(lines[0])
            if m is None or (cat == "mana" and "Land" in (row["types"] or ())):
                continue
            if cat == "keywords" and "Flash" in lines[0] and "Flying" not in lines[0]:
                continue
            out.append(make(name, row, m))
        path = OUT / f"{cat}.scenario.yaml"
        head = f"# Generated by tools/golden_scenarios.py: {cat}, {len(out)} compiled cards.\n"
        path.write_text(head + yaml.safe_dump({"scenarios": out}, sort_keys=False, width=100))
        total += len(out)
        print(f"{cat}: {len(out)}")
    print(f"{total} scenarios")
    return 0


if __name__ == "__main__":
    sys.exit(main())
