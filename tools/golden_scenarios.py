"""Write the golden set: scenarios for compiled cards of the base, chosen across categories,
each checking what the card does in a game (damage dealt, a card drawn, a creature destroyed,
mana made, the combat result of its keywords, the power and toughness it gives), into
``tests/scenarios/compiled/`` (one file per category).

    PYTHONPATH=. python3 tools/golden_scenarios.py     # GOLDEN_LIMIT=N: N cards per category

The expected figures come from the card's Oracle text read here with plain patterns, apart from
the compiler, so that a scenario fails when the compiled card does something else than its text:
the compiler only says which cards are candidates (those that compile). Three readers make them:

- the combat keywords (one attacker against at most one blocker of the starter pools, by the
  rules of combat damage: ``fight``), and the blocking restrictions (``can_block``);
- instructions ("~ deals 3 damage to any target", "draw two cards", "create a 1/1 white Soldier
  creature token", ...) played on a model of both players' zones (``World``), which starts as
  the scenario's set-up and ends as its expectations; a spell is cast, a trigger made to
  trigger (enters, dies, upkeep), an activated ability activated;
- static abilities: Auras, Equipment, lords and anthems, "as long as you control a Forest".

A card goes to the first category (``CATEGORIES``) whose reader takes it, cards in name order,
up to the category's limit; a card whose text holds anything else is left out. The files are
committed, and regenerated when the choice should change; ``EXCLUDED`` names the cards left out
because their scenario found a fault, with the fault.
"""

from __future__ import annotations

import copy
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
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
    return out + [LAND[h[1]] if h[0] == "2" else LAND[h[0]] for h in c.hybrid]


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


LEGACY: dict[str, tuple[int, str, Callable[[str, dict[str, Any], re.Match[str]], Scenario]]] = {
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


def legacy(cat: str) -> Callable[[Card], Scenario | None]:
    """The first categories' choice: a card whose only line matches the pattern."""
    _, pattern, make = LEGACY[cat]
    pat = re.compile(pattern)

    def maker(c: Card) -> Scenario | None:
        if cat in ("vanilla", "keywords") and "Creature" not in c.types:
            return None
        pt = c.pt()
        if cat == "keywords" and ("double strike" in c.kws or pt is None or pt[1] <= 0):
            return None  # read by the combat categories below
        if cat == "vanilla":
            if c.lines or int(c.row["power"]) <= 0:
                return None
            m = re.match("", "")
        else:
            if len(c.lines) != 1:
                return None
            m = pat.fullmatch(c.lines[0])
        if m is None or (cat == "mana" and "Land" in c.types):
            return None
        if cat == "keywords" and "Flash" in c.lines[0] and "Flying" not in c.lines[0]:
            return None
        return make(c.name, c.row, m)

    return maker


# ---------------------------------------------------------------------------------------------
# Reading a card: its lines, apart from the compiler.

COLOR_LETTERS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
COLOR_WORD = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
SIMPLE_KEYWORDS = {
    "flying", "first strike", "double strike", "trample", "vigilance", "haste", "reach",
    "deathtouch", "lifelink", "defender", "menace", "hexproof", "shroud", "indestructible",
    "flash", "fear", "intimidate", "shadow", "horsemanship", "skulk", "changeling", "infect",
    "wither", "prowess", "exalted", "flanking", "swampwalk", "islandwalk", "forestwalk",
    "mountainwalk", "plainswalk",
}  # fmt: skip
PARAM_KEYWORD = re.compile(r"protection from (white|blue|black|red|green)|(bushido|rampage) \d+")
EVASION = {
    "fear", "intimidate", "shadow", "horsemanship", "skulk", "swampwalk", "islandwalk",
    "forestwalk", "mountainwalk", "plainswalk", "protection from white", "protection from blue",
    "protection from black", "protection from red", "protection from green",
}  # fmt: skip
# Keywords the one-on-one combat below reads (the others are left to their own categories).
COMBAT_KEYWORDS = {
    "flying", "reach", "first strike", "double strike", "trample", "vigilance", "haste",
    "deathtouch", "lifelink", "defender", "menace", "hexproof", "shroud", "indestructible",
    "flash", "changeling", *EVASION,
}  # fmt: skip


# Keywords that change nothing an instruction does (lifelink and deathtouch change damage).
# Protection prevents the card's damage to itself (702.16e).
QUIET_KEYWORDS = {k for k in COMBAT_KEYWORDS - {"lifelink", "deathtouch"} if "protection" not in k}


def keyword_items(line: str) -> set[str] | None:
    """The keywords of a line made of keywords only ("Flying, first strike"), else None."""
    items = re.split(r",? and |, |; ", line.strip().rstrip(".").lower())
    if not all(i in SIMPLE_KEYWORDS or PARAM_KEYWORD.fullmatch(i) for i in items):
        return None
    return set(items)


@dataclass
class Card:
    name: str
    row: dict[str, Any]
    lines: list[str]
    kws: set[str] = field(default_factory=set)
    rest: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        for line in self.lines:
            items = keyword_items(line)
            if items is None:
                self.rest.append(line)
            else:
                self.kws |= items

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self.row["types"] or ())

    @property
    def subtypes(self) -> tuple[str, ...]:
        return tuple(self.row["subtypes"] or ())

    @property
    def colors(self) -> str:
        return "".join(COLOR_LETTERS[c] for c in self.row["colors"] or ())

    @property
    def cost(self) -> str | None:
        return self.row["manaCost"]  # type: ignore[no-any-return]

    def pt(self) -> tuple[int, int] | None:
        p, t = self.row["power"], self.row["toughness"]
        if p is None or t is None or not p.isdigit() or not t.isdigit():
            return None
        return int(p), int(t)

    @property
    def creature(self) -> bool:
        return "Creature" in self.types and self.pt() is not None


def read(name: str) -> Card:
    row = base.row(name)
    assert row is not None
    lines = normalise(row["text"] or "", name, "Legendary" in (row["supertypes"] or ()))
    return Card(name, row, list(lines))


def payable(cost: str | None) -> bool:
    """Costs the lands of ``pay`` can pay: no {X}, no Phyrexian or snow symbol."""
    return (
        cost is not None
        and re.fullmatch(r"(\{(\d+|[WUBRGC]|[WUBRG2]/[WUBRG])\})*", cost) is not None
    )


def pay(cost: str | None) -> list[str]:
    """Untapped lands paying ``cost`` exactly (a hybrid symbol by a land of its first half)."""
    out: list[str] = []
    for sym in re.findall(r"\{([^}]+)\}", cost or ""):
        if sym.isdigit():
            out += ["Wastes"] * int(sym)
        else:
            half = sym.split("/")
            first = half[1] if half[0] == "2" else half[0]  # {2/W}: a Plains
            out.append("Wastes" if first == "C" else LAND[first])
    return sorted(out, key=lambda n: (n != "Wastes", n))


# ---------------------------------------------------------------------------------------------
# One attacker against at most one blocker, by the combat rules (510, 702.2, 702.4, 702.7,
# 702.15, 702.16, 702.19), with the creatures' Oracle keywords.


@dataclass
class Fighter:
    name: str
    power: int
    toughness: int
    kws: set[str]
    colors: str
    artifact: bool

    @classmethod
    def of(cls, c: Card, dp: int = 0, dt: int = 0) -> Fighter:
        """The card as a creature, with +dp/+dt."""
        pt = c.pt()
        assert pt is not None
        return cls(c.name, pt[0] + dp, pt[1] + dt, set(c.kws), c.colors, "Artifact" in c.types)


@dataclass
class Outcome:
    damage: list[int]  # marked on attacker, blocker
    dead: list[bool]
    to_player: int  # combat damage the attacker dealt to the defending player
    gain: list[int]  # life gained by their controllers (lifelink)
    first_strike_step: bool


def strikes(f: Fighter, first: bool) -> bool:
    early = "first strike" in f.kws or "double strike" in f.kws
    return early if first else ("double strike" in f.kws or not early)


def prevented(source: Fighter, victim: Fighter) -> bool:
    """702.16e: damage from a source of a colour the victim has protection from."""
    return any(f"protection from {COLOR_WORD[c]}" in victim.kws for c in source.colors)


def can_block(blocker: Fighter, attacker: Fighter, defender_lands: tuple[str, ...] = ()) -> bool:
    """Whether ``blocker`` alone may block ``attacker`` by their keywords (509.1b)."""
    a, b = attacker.kws, blocker.kws
    if "flying" in a and not ({"flying", "reach"} & b):
        return False
    if ("shadow" in a) != ("shadow" in b):
        return False
    if "horsemanship" in a and "horsemanship" not in b:
        return False
    if "fear" in a and not (blocker.artifact or "B" in blocker.colors):
        return False
    if "intimidate" in a and not (blocker.artifact or set(blocker.colors) & set(attacker.colors)):
        return False
    if "skulk" in a and blocker.power > attacker.power:
        return False
    if "menace" in a:
        return False
    for land in defender_lands:
        if f"{land.lower()}walk" in a:
            return False
    return not prevented(blocker, attacker)


def fight(att: Fighter, blk: Fighter | None) -> Outcome:
    fs = any(("first strike" in f.kws or "double strike" in f.kws) for f in (att, blk) if f)
    out = Outcome([0, 0], [False, False], 0, [0, 0], fs)
    touched = [False, False]  # dealt damage by a source with deathtouch
    for first in [True, False] if fs else [False]:
        hits: list[tuple[int, int, Fighter, Fighter | None]] = []  # (side, amount, source, victim)
        if not out.dead[0] and strikes(att, first) and att.power > 0:
            if blk is None:
                hits.append((0, att.power, att, None))
            elif not out.dead[1]:
                if "trample" in att.kws:
                    left = blk.toughness - out.damage[1]
                    lethal = 1 if "deathtouch" in att.kws else max(0, left)  # 702.19c
                    to_blk = min(att.power, lethal)
                    hits.append((0, to_blk, att, blk))
                    if att.power > to_blk:
                        hits.append((0, att.power - to_blk, att, None))
                else:
                    hits.append((0, att.power, att, blk))
            elif "trample" in att.kws:
                hits.append((0, att.power, att, None))  # 702.19e: its blocker is gone
        if blk is not None and not any(out.dead) and strikes(blk, first) and blk.power > 0:
            hits.append((1, blk.power, blk, att))
        for side, n, src, victim in hits:
            if n <= 0:
                continue
            if victim is None:
                out.to_player += n
            elif prevented(src, victim):
                continue
            else:
                v = 1 if victim is blk else 0
                out.damage[v] += n
                touched[v] = touched[v] or "deathtouch" in src.kws
            if "lifelink" in src.kws:
                out.gain[side] += n
        for v, f in ((0, att), (1, blk)):
            if f is None or out.dead[v] or "indestructible" in f.kws:
                continue
            if out.damage[v] >= f.toughness or (touched[v] and out.damage[v] > 0):
                out.dead[v] = True
    return out


# Creatures of the starter pools used as opponents (their Oracle text read like any card's).
BLOCKERS = (
    "Llanowar Elves", "Savannah Lions", "Grizzly Bears", "Hill Giant", "Craw Wurm",
    "Serra Angel", "Drudge Skeletons", "Prodigal Sorcerer", "Wall of Wood",
)  # fmt: skip


def perm(name: str, **fields: Any) -> Any:
    """A battlefield entry: the name alone, or a map with the fields to check."""
    return {"card": name, **fields} if fields else name


def fighter_entry(f: Fighter, damage: int, dead: bool, **more: Any) -> tuple[str, Any]:
    """(zone, entry) of a creature after combat."""
    if dead:
        return "graveyard", f.name
    return "battlefield", perm(f.name, damage=damage, power=f.power, toughness=f.toughness, **more)


def combat_log(out: Outcome, att: Fighter, blk: Fighter | None) -> list[str]:
    log: list[str] = []
    if out.first_strike_step:
        log += ["combat damage is dealt (first strike)", "510.4"]
    if out.to_player:
        log.append(f"{att.name} deals")
    if out.gain[0]:
        log += ["(lifelink)", "702.15b"]
    if (
        blk is not None
        and out.dead[1]
        and "deathtouch" in att.kws
        and out.damage[1] < blk.toughness
    ):
        log += ["was dealt damage by deathtouch", "704.5h"]
    return log


def attack(
    c: Card,
    blocker: str | None,
    story: str,
    *,
    cast: bool = False,
    bob_lands: tuple[str, ...] = (),
    refused: tuple[str, ...] = (),
) -> Scenario | None:
    """Alice attacks with the card (set up on the battlefield, or cast with haste), bob blocks
    with ``blocker`` or not at all after trying each of ``refused`` (refused: combat)."""
    if not c.creature or "defender" in c.kws or Fighter.of(c).toughness <= 0:
        return None
    att = Fighter.of(c)
    blk = Fighter.of(read(blocker)) if blocker else None
    if blk is not None and not can_block(blk, att, bob_lands):
        return None
    out = fight(att, blk)
    turn = "turn 1"
    alice: dict[str, Any] = {"battlefield": [c.name]}
    if cast:
        if not payable(c.cost):
            return None
        alice = {"hand": [c.name], "battlefield": pay(c.cost)}
    bob_field = [*bob_lands, *refused, *([blocker] if blocker else [])]
    script: list[dict[str, Any]] = [{"alice": f"cast {c.name}"}] if cast else []
    script.append({"at": f"{turn} declare_attackers", "alice": f"attack with {c.name}"})
    for i, r in enumerate(refused):
        line: dict[str, Any] = {"bob": f"block {c.name} with {r}", "rejected": "combat"}
        script.append({"at": f"{turn} declare_blockers", **line} if i == 0 else line)
    if blocker:
        line = {"bob": f"block {c.name} with {blocker}"}
        script.append(line if refused else {"at": f"{turn} declare_blockers", **line})
    elif refused:
        script.append({"bob": "block with nothing"})
    zone, entry = fighter_entry(att, out.damage[0], out.dead[0])
    a_field: list[Any] = []
    if zone == "battlefield":
        entry["tapped"] = "vigilance" not in att.kws
        a_field.append(entry)
    if cast:
        a_field += [perm(land, tapped=True) for land in pay(c.cost)]
    a_exp: dict[str, Any] = {
        "life": 20 + out.gain[0],
        "battlefield": a_field,
        "graveyard": [c.name] if out.dead[0] else [],
    }
    b_exp: dict[str, Any] = {"life": 20 - out.to_player + out.gain[1]}
    b_field: list[Any] = [*bob_lands, *refused]
    if blk is not None:
        bzone, bentry = fighter_entry(blk, out.damage[1], out.dead[1])
        if bzone == "battlefield":
            b_field.append(bentry)
        else:
            b_exp["graveyard"] = [bentry]
    b_exp["battlefield"] = b_field
    return {
        "name": f"{c.name}: {story}",
        "start": f"{turn} precombat_main",
        "players": {"alice": alice, "bob": {"battlefield": bob_field}},
        "script": script,
        "until": f"{turn} end_of_combat",
        "expect": {"alice": a_exp, "bob": b_exp, "log": combat_log(out, att, blk)},
    }


def defend(c: Card, attacker: str, story: str) -> Scenario | None:
    """In bob's turn, bob attacks with ``attacker`` and alice blocks with the card."""
    if not c.creature or Fighter.of(c).toughness <= 0:
        return None
    att, blk = Fighter.of(read(attacker)), Fighter.of(c)
    if not can_block(blk, att):
        return None
    out = fight(att, blk)
    zone, entry = fighter_entry(blk, out.damage[1], out.dead[1])
    a_exp: dict[str, Any] = {"life": 20 + out.gain[1], zone: [entry]}
    if zone == "graveyard":
        a_exp["battlefield"] = []
    bzone, bentry = fighter_entry(att, out.damage[0], out.dead[0])
    b_exp: dict[str, Any] = {"life": 20 + out.gain[0], bzone: [bentry]}
    if bzone == "graveyard":
        b_exp["battlefield"] = []
    log = ["combat damage is dealt (first strike)", "510.4"] if out.first_strike_step else []
    return {
        "name": f"{c.name}: {story}",
        "start": "turn 2 precombat_main",
        "players": {"alice": {"battlefield": [c.name]}, "bob": {"battlefield": [attacker]}},
        "script": [
            {"at": "turn 2 declare_attackers", "bob": f"attack with {attacker}"},
            {"at": "turn 2 declare_blockers", "alice": f"block {attacker} with {c.name}"},
        ],
        "until": "turn 2 end_of_combat",
        "expect": {"alice": a_exp, "bob": b_exp, "log": [f"{c.name} blocks {attacker}", *log]},
    }


def only_keywords(c: Card, allowed: set[str] = COMBAT_KEYWORDS) -> bool:
    return c.creature and not c.rest and c.kws <= allowed and payable(c.cost)


def first_blocker(c: Card, want: Callable[[Fighter, Outcome], bool]) -> str | None:
    """The first pool creature that may block the card with the wanted outcome."""
    att = Fighter.of(c)
    for name in BLOCKERS:
        blk = Fighter.of(read(name))
        if can_block(blk, att) and want(blk, fight(att, blk)):
            return name
    return None


def kw_double_strike(c: Card) -> Scenario | None:
    if not only_keywords(c) or "double strike" not in c.kws:
        return None
    return attack(c, None, "double strike deals its damage in both combat damage steps")


def kw_first_strike(c: Card) -> Scenario | None:
    if not only_keywords(c) or "first strike" not in c.kws:
        return None
    att = Fighter.of(c)
    plain = Fighter(
        att.name, att.power, att.toughness, att.kws - {"first strike"}, att.colors, False
    )

    def wins(_: Fighter, o: Outcome) -> bool:
        return o.dead[1] and not o.dead[0] and o.damage[0] == 0

    # best: a blocker that would have killed it without first strike
    blocker = first_blocker(c, lambda b, o: wins(b, o) and fight(plain, b).dead[0])
    blocker = blocker or first_blocker(c, wins)
    if blocker is None:
        return None
    return attack(c, blocker, f"first strike kills {blocker} before it deals damage")


def kw_deathtouch(c: Card) -> Scenario | None:
    if not only_keywords(c) or "deathtouch" not in c.kws or Fighter.of(c).power < 1:
        return None
    att = Fighter.of(c)
    for name in ("Craw Wurm", "Serra Angel"):
        if can_block(Fighter.of(read(name)), att):
            return attack(c, name, f"deathtouch destroys the {name} that blocks it")
    return None


def kw_trample(c: Card) -> Scenario | None:
    if not only_keywords(c) or "trample" not in c.kws:
        return None
    blocker = first_blocker(c, lambda _, o: o.to_player > 0 and o.dead[1])
    if blocker is None:
        return None
    return attack(c, blocker, f"tramples over {blocker}")


def kw_lifelink(c: Card) -> Scenario | None:
    if not only_keywords(c) or "lifelink" not in c.kws or Fighter.of(c).power < 1:
        return None
    return attack(c, None, "lifelink: alice gains the life it deals")


def kw_menace(c: Card) -> Scenario | None:
    if not only_keywords(c) or "menace" not in c.kws:
        return None
    att = Fighter.of(c)
    plain = Fighter(att.name, att.power, att.toughness, att.kws - {"menace"}, att.colors, False)
    if not can_block(Fighter.of(read("Grizzly Bears")), plain):
        return None
    return attack(c, None, "menace: one creature alone can't block it", refused=("Grizzly Bears",))


def kw_vigilance(c: Card) -> Scenario | None:
    if not only_keywords(c) or "vigilance" not in c.kws:
        return None
    return attack(c, None, "vigilance: it attacks and stays untapped")


def kw_reach(c: Card) -> Scenario | None:
    if not only_keywords(c) or "reach" not in c.kws:
        return None
    return defend(c, "Serra Angel", "reach: it blocks Serra Angel, which flies")


def kw_flying_blocks(c: Card) -> Scenario | None:
    if not only_keywords(c) or "flying" not in c.kws or "defender" in c.kws:
        return None
    return defend(c, "Serra Angel", "a flier may block Serra Angel")


def kw_defender(c: Card) -> Scenario | None:
    if not only_keywords(c) or "defender" not in c.kws:
        return None
    s = defend(c, "Grizzly Bears", "defender: it can't attack, but it blocks")
    if s is None:
        return None
    s["start"] = "turn 1 precombat_main"
    s["script"].insert(
        0,
        {"at": "turn 1 declare_attackers", "alice": f"attack with {c.name}", "rejected": "combat"},
    )
    return s


def kw_haste(c: Card) -> Scenario | None:
    if not only_keywords(c) or "haste" not in c.kws or "defender" in c.kws:
        return None
    return attack(c, None, "haste: cast, it attacks the same turn", cast=True)


def kw_flying(c: Card) -> Scenario | None:
    if not only_keywords(c) or "flying" not in c.kws or "defender" in c.kws:
        return None
    return attack(c, None, "flies over Grizzly Bears", refused=("Grizzly Bears",))


def kw_evasion(c: Card) -> Scenario | None:
    """Landwalk, fear, intimidate, shadow, horsemanship, skulk, protection, "can't be blocked":
    a creature that may block an ordinary attacker may not block this one."""
    lines = [x for x in c.rest if x != "~ can't be blocked."]
    walls = lines == ["~ can't be blocked by Walls."]
    if not c.creature or (lines and not walls) or not payable(c.cost):
        return None
    if not c.kws <= COMBAT_KEYWORDS or "defender" in c.kws:
        return None
    att = Fighter.of(c)
    cant = "~ can't be blocked." in c.rest
    for kw in sorted(c.kws & EVASION):
        plain = Fighter(att.name, att.power, att.toughness, att.kws - {kw}, att.colors, False)
        if kw.endswith("walk"):
            land = kw[: -len("walk")].capitalize()
            bears = Fighter.of(read("Grizzly Bears"))
            if can_block(bears, plain) and not can_block(bears, att, (land,)):
                return attack(
                    c, None, f"{kw}: bob controls a {land}", bob_lands=(land,),
                    refused=("Grizzly Bears",),
                )  # fmt: skip
            continue
        for name in BLOCKERS:
            blk = Fighter.of(read(name))
            if not can_block(blk, att) and can_block(blk, plain):
                return attack(c, None, f"{kw}: {name} can't block it", refused=(name,))
    if cant and "flying" not in c.kws:
        return attack(c, None, "can't be blocked", refused=("Grizzly Bears",))
    if walls and "flying" not in c.kws:
        return attack(c, None, "can't be blocked by Walls", refused=("Wall of Wood",))
    return None


def kw_cant_block(c: Card) -> Scenario | None:
    """ "~ can't block." / "~ can block only creatures with flying.": bob's Grizzly Bears attack."""
    if not c.creature or len(c.rest) != 1 or not payable(c.cost):
        return None
    if c.rest[0] not in ("~ can't block.", "~ can block only creatures with flying."):
        return None
    if not c.kws <= COMBAT_KEYWORDS:
        return None
    what = "can't block" if "can't" in c.rest[0] else "blocks only fliers"
    return {
        "name": f"{c.name}: {what}, so Grizzly Bears get through",
        "start": "turn 2 precombat_main",
        "players": {"alice": {"battlefield": [c.name]}, "bob": {"battlefield": ["Grizzly Bears"]}},
        "script": [
            {"at": "turn 2 declare_attackers", "bob": "attack with Grizzly Bears"},
            {
                "at": "turn 2 declare_blockers",
                "alice": f"block Grizzly Bears with {c.name}",
                "rejected": "combat",
            },
            {"alice": "block with nothing"},
        ],
        "until": "turn 2 end_of_combat",
        "expect": {"alice": {"life": 18, "battlefield": [perm(c.name, damage=0)]}},
    }


# ---------------------------------------------------------------------------------------------
# Effects read from the text ("~ deals 3 damage to any target", "draw two cards", "create a 1/1
# white Soldier creature token", ...) played on a small model of the two players' zones: the
# model starts as the scenario's set-up and ends as its expectations.


@dataclass
class Perm:
    name: str
    pt: tuple[int, int] | None = None  # printed power/toughness of a creature
    tapped: bool = False
    damage: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    boost: tuple[int, int] = (0, 0)  # until end of turn
    dead: bool = False
    kws: set[str] = field(default_factory=set)

    def power_toughness(self) -> tuple[int, int]:
        assert self.pt is not None
        n = self.counters.get("+1/+1", 0) - self.counters.get("-1/-1", 0)
        return self.pt[0] + self.boost[0] + n, self.pt[1] + self.boost[1] + n

    def set_up(self) -> Any:
        return perm(self.name, tapped=True) if self.tapped else self.name

    def expected(self) -> Any:
        fields: dict[str, Any] = {"tapped": self.tapped}
        if self.pt is not None:
            p, t = self.power_toughness()
            fields.update(power=p, toughness=t, damage=self.damage)
            if self.counters:
                fields["counters"] = dict(self.counters)
        return perm(self.name, **fields)


@dataclass
class Side:
    name: str
    life: int = 20
    battlefield: list[Perm] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    graveyard: list[str] = field(default_factory=list)
    exile: list[str] = field(default_factory=list)
    library: list[str] | None = None  # None: the default 20 Wastes

    def find(self, name: str) -> Perm | None:
        return next((p for p in self.battlefield if p.name == name and not p.dead), None)

    def draw(self, n: int) -> None:
        for _ in range(n):
            if self.library is None:
                self.hand.append("Wastes")
            else:
                self.hand.append(self.library.pop(0))

    def leave(self, p: Perm, to: str) -> None:
        p.dead = True
        self.battlefield.remove(p)
        if not p.name.endswith(")"):  # a token ceases to exist (111.7)
            {"graveyard": self.graveyard, "exile": self.exile, "hand": self.hand}[to].append(p.name)


class Unreadable(Exception):
    """The text asks for something this reading doesn't model: the card is left out."""


@dataclass
class World:
    alice: Side = field(default_factory=lambda: Side("alice"))
    bob: Side = field(default_factory=lambda: Side("bob"))
    decisions: list[dict[str, str]] = field(default_factory=list)  # made as effects resolve
    log: list[str] = field(default_factory=list)
    next_turn: bool = False  # a delayed "at the beginning of the next turn's upkeep"

    def side(self, who: str) -> Side:
        return self.alice if who == "alice" else self.bob

    def creature(self, who: str, name: str, **kw: Any) -> Perm:
        """``who``'s creature of the pool named ``name``, set up if not there yet."""
        s = self.side(who)
        got = s.find(name)
        if got is None:
            card = read(name)
            got = Perm(name, card.pt(), kws=set(card.kws), **kw)
            s.battlefield.append(got)
        return got

    def thing(self, who: str, name: str, **kw: Any) -> Perm:
        s = self.side(who)
        got = s.find(name)
        if got is None:
            got = Perm(name, None, **kw)
            s.battlefield.append(got)
        return got

    def lands(self, who: str, names: list[str]) -> list[Perm]:
        """New untapped lands for ``who`` (to pay a cost)."""
        out = [Perm(n) for n in names]
        self.side(who).battlefield.extend(out)
        return out

    def set_up(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for s in (self.alice, self.bob):
            d: dict[str, Any] = {}
            if s.life != 20:
                d["life"] = s.life
            for zone in ("hand", "battlefield", "graveyard", "exile", "library"):
                val = getattr(s, zone)
                if zone == "battlefield":
                    val = [p.set_up() for p in val]
                if val:
                    d[zone] = list(val)
            out[s.name] = d
        return out

    def snapshot(self) -> World:
        return copy.deepcopy(self)

    def expected(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for s in (self.alice, self.bob):
            out[s.name] = {
                "life": s.life,
                "hand": list(s.hand),
                "battlefield": [p.expected() for p in s.battlefield],
                "graveyard": list(s.graveyard),
                "exile": list(s.exile),
            }
            if s.library is not None:
                out[s.name]["library"] = list(s.library)
        if self.log:
            out["log"] = list(self.log)
        return out

    def state_based(self) -> None:
        """704.5f-g: creatures with toughness 0 or less, or lethal damage, die."""
        for s in (self.alice, self.bob):
            for p in list(s.battlefield):
                if p.pt is not None:
                    t = p.power_toughness()[1]
                    if t <= 0 or (p.damage >= t and "indestructible" not in p.kws):
                        s.leave(p, "graveyard")

    def end_turn(self) -> None:
        """Cleanup (514.2) and the next turn's untap step for bob (502.3)."""
        for s in (self.alice, self.bob):
            for p in s.battlefield:
                p.damage, p.boost = 0, (0, 0)
        for p in self.bob.battlefield:
            p.tapped = False
        self.bob.draw(1)


NUMBER = r"(a|an|one|two|three|four|five|six|seven|eight|\d+)"
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8}  # fmt: skip


def num(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word]


# The victims of "target ..." (bob's, unless the effect helps: then alice's Grizzly Bears).
VICTIMS = {
    "creature": "Grizzly Bears", "nonblack creature": "Grizzly Bears",
    "nonartifact creature": "Grizzly Bears", "nonwhite creature": "Grizzly Bears",
    "creature or enchantment": "Grizzly Bears", "permanent": "Grizzly Bears",
    "nonland permanent": "Grizzly Bears", "artifact": "Lotus Petal",
    "artifact or enchantment": "Lotus Petal", "artifact or land": "Lotus Petal",
    "enchantment": "Treasure Trove", "land": "Forest", "green creature": "Grizzly Bears",
    "artifact, enchantment, or land": "Lotus Petal", "creature or land": "Grizzly Bears",
    "artifact or creature": "Grizzly Bears",
}  # fmt: skip
NOUNS = "|".join(sorted(VICTIMS, key=len, reverse=True))
PLAYER = r"(any target|target player|target opponent|target creature or player|each opponent)"


@dataclass
class Effect:
    """One instruction, prepared (its targets and the objects it needs set up) and then applied."""

    kind: str
    m: re.Match[str]
    target: str | None = None  # the words naming the target in a command

    def prepare(self, w: World) -> None:
        k, g = self.kind, self.m.groups()
        if k in ("damage-player", "drain-player") and not g[-1].startswith("each"):
            self.target = "bob"
        elif k == "damage-creature":
            w.creature("bob", "Craw Wurm")
            self.target = "bob's Craw Wurm"
        elif k in ("destroy", "exile", "bounce", "tap"):
            name = VICTIMS[g[0]]
            (w.creature if name == "Grizzly Bears" else w.thing)("bob", name)
            self.target = f"bob's {name}"
        elif k == "untap":
            what = g[0]
            if what in ("land", "permanent"):
                have = {p.name for p in w.alice.battlefield}
                name = next(n for n in LAND_TYPES if n not in have)
                w.alice.battlefield.append(Perm(name, tapped=True))
                self.target = f"alice's {name}"
            else:
                w.creature("alice", "Grizzly Bears", tapped=True)
                self.target = "alice's Grizzly Bears"
        elif k == "pump":
            p, t = int(g[1]), int(g[2])
            if (p >= 0 and t >= 0) or g[0]:
                w.creature("alice", "Grizzly Bears")
                self.target = "alice's Grizzly Bears"
            else:
                w.creature("bob", "Craw Wurm")
                self.target = "bob's Craw Wurm"
        elif k == "counter":
            if g[2] == "~":
                return
            if g[1] == "+1/+1":
                w.creature("alice", "Grizzly Bears")
                self.target = "alice's Grizzly Bears"
            elif g[2] == "target creature":
                w.creature("bob", "Craw Wurm")
                self.target = "bob's Craw Wurm"
            else:
                raise Unreadable(self.m.group(0))
        elif k == "gain-target":
            self.target = "alice"
        elif k == "lose-target":
            self.target = "bob"
        elif k == "draw-target":
            self.target = "alice"
        elif k == "discard":
            n = num(g[1])
            w.bob.hand = ["Island"] * n + ["Swamp"]
            if g[0] != "each opponent":
                self.target = "bob"
        elif k == "mill":
            n = num(g[1])
            if g[0] == "put":  # "your library"
                w.alice.library = ["Island"] * n + ["Swamp"]
            else:
                w.bob.library = ["Island"] * n + ["Swamp"]
                self.target = "bob"
        elif k == "team-pump":
            w.creature("alice", "Grizzly Bears")
            w.creature("alice", "Savannah Lions")
            w.creature("bob", "Hill Giant")
        elif k == "sweep":
            w.creature("alice", "Savannah Lions")
            w.creature("bob", "Grizzly Bears")
            w.creature("bob", "Craw Wurm")
            w.creature("bob", "Serra Angel")
        elif k == "wrath":
            what = g[0]
            if what == "creatures":
                w.creature("alice", "Savannah Lions")
                w.creature("bob", "Grizzly Bears")
            elif what == "enchantments":
                w.thing("bob", "Treasure Trove")
            elif what == "artifacts":
                w.thing("bob", "Lotus Petal")
            elif what == "lands":
                w.thing("bob", "Forest")
            else:
                raise Unreadable(what)

    def apply(self, w: World, me: str) -> None:
        """``me``: the card's name (for "~")."""
        k, g = self.kind, self.m.groups()
        if k == "damage-player":
            w.bob.life -= int(g[0])
        elif k == "drain-player":
            w.bob.life -= int(g[0])
            w.alice.life += int(g[0])
        elif k == "damage-creature":
            p = w.bob.find("Craw Wurm")
            assert p is not None
            p.damage += int(g[0])
        elif k in ("destroy", "exile", "bounce"):
            name = VICTIMS[g[0]]
            p = w.bob.find(name)
            assert p is not None
            w.bob.leave(p, {"destroy": "graveyard", "exile": "exile", "bounce": "hand"}[k])
            if k == "destroy":
                w.log.append("701.8")
            if k == "exile":
                w.log.append("701.13a")
        elif k == "tap":
            p = w.bob.find(VICTIMS[g[0]])
            assert p is not None
            p.tapped = True
            w.log += [f"{p.name} becomes tapped", "701.26a"]
        elif k == "untap":
            assert self.target is not None
            p = w.alice.find(self.target.split("'s ", 1)[1])
            assert p is not None
            p.tapped = False
            w.log += [f"{p.name} untaps", "701.26b"]
        elif k == "pump":
            assert self.target is not None
            who, name = self.target.split("'s ", 1)
            p = w.side(who).find(name)
            assert p is not None
            p.boost = (p.boost[0] + int(g[1]), p.boost[1] + int(g[2]))
            w.log.append(f"{p.name} gets {int(g[1]):+d}/{int(g[2]):+d}")
            if " and gains " not in self.m.group(0):
                w.log.append("613.4c")
        elif k == "team-pump":
            for p in w.alice.battlefield:
                if p.pt is not None:
                    p.boost = (p.boost[0] + int(g[0]), p.boost[1] + int(g[1]))
        elif k == "counter":
            n, kind = num(g[0]), g[1]
            if g[2] == "~":
                p = w.alice.find(me)
            else:
                assert self.target is not None
                who, name = self.target.split("'s ", 1)
                p = w.side(who).find(name)
            assert p is not None
            p.counters[kind] = p.counters.get(kind, 0) + n
            w.log += [f"{p.name} gets", f"{kind} counter", "122.1"]
        elif k in ("gain", "gain-target"):
            w.alice.life += int(g[-1])
        elif k == "lose":
            w.alice.life -= int(g[0])
        elif k == "lose-target":
            w.bob.life -= int(g[-1])
        elif k == "each-loses":
            who = g[0]
            if who == "each player":
                w.alice.life -= int(g[1])
            w.bob.life -= int(g[1])
        elif k in ("draw", "draw-target"):
            w.alice.draw(num(g[-1]))
        elif k == "delayed-draw":
            w.next_turn = True
            w.alice.draw(1)
        elif k == "each-draw":
            w.alice.draw(num(g[0]))
            w.bob.draw(num(g[0]))
        elif k == "token":
            count, tp, tt, colors, sub, artifact, kws = g
            pt = int(tp), int(tt)
            name = token_name(colors, sub, pt[0], pt[1], bool(artifact), kws)
            w.alice.battlefield.extend(Perm(name, pt) for _ in range(num(count)))
            w.log.append("701.7a")
        elif k == "discard":
            n = num(g[1])
            w.decisions.append({"bob": "discard " + ", ".join(w.bob.hand[:n])})
            w.bob.graveyard += w.bob.hand[:n]
            w.bob.hand = w.bob.hand[n:]
            w.log += ["bob discards", "701.9a"]
        elif k == "mill":
            n = num(g[1])
            side = w.alice if g[0] == "put" else w.bob
            assert side.library is not None
            side.graveyard += side.library[:n]
            side.library = side.library[n:]
            w.log.append("701.17a")
        elif k == "sweep":
            n, who = int(g[0]), g[1]
            for s in (w.alice, w.bob):
                for p in s.battlefield:
                    if p.pt is None:
                        continue
                    flier = "flying" in p.kws
                    if (who == " with flying" and not flier) or (
                        who == " without flying" and flier
                    ):
                        continue
                    p.damage += n
            if who == " and each player":
                w.alice.life -= n
                w.bob.life -= n
        elif k == "wrath":
            what = {"creatures": None, "enchantments": "Treasure Trove", "artifacts": "Lotus Petal",
                    "lands": "Forest"}[g[0]]  # fmt: skip
            for s in (w.alice, w.bob):
                for p in list(s.battlefield):
                    if what is None:
                        hit = p.pt is not None
                    elif what == "Forest":
                        hit = p.name in LAND_TYPES or p.name == "Wastes"
                    else:
                        hit = p.name == what
                    if hit:
                        s.leave(p, "graveyard")
        else:
            raise AssertionError(k)


def token_name(colors: str, sub: str, p: int, t: int, artifact: bool, kws: str | None) -> str:
    """The engine names a token by what it is: ``Soldier Token (1/1 white with flying)``."""
    words = [c for c in ("white", "blue", "black", "red", "green") if c in colors.split(" ")]
    spec = f"{p}/{t} {' and '.join(words) or 'colorless'}" + (" artifact" if artifact else "")
    if kws:
        spec += " with " + " and ".join(re.split(r",? and |, ", kws))
    return f"{sub} Token ({spec})"


# (kind, pattern of one instruction, first letter in lower case, without the final period)
EFFECTS: tuple[tuple[str, str], ...] = (
    ("damage-player", rf"~ deals (\d+) damage to {PLAYER}"),
    ("drain-player", rf"~ deals (\d+) damage to {PLAYER} and you gain \1 life"),
    ("damage-creature", r"~ deals (\d+) damage to target creature"),
    ("destroy", rf"destroy target ({NOUNS})"),
    ("exile", rf"exile target ({NOUNS})"),
    ("bounce", rf"return target ({NOUNS}) to its owner's hand"),
    ("tap", r"tap target (creature)"),
    ("untap", r"untap target (creature|land|permanent)"),
    (
        "pump",
        r"target creature( you control)? gets ([+-]\d+)/([+-]\d+)"
        r"(?: and gains [a-z ,]+)? until end of turn",
    ),
    ("team-pump", r"creatures you control get ([+-]\d+)/([+-]\d+) until end of turn"),
    (
        "counter",
        rf"put {NUMBER} ([+-]1/[+-]1) counters? on (~|target creature|target creature you control)",
    ),
    ("gain", r"you gain (\d+) life"),
    ("lose", r"you lose (\d+) life"),
    ("gain-target", r"target player gains (\d+) life"),
    ("lose-target", r"(target player|target opponent) loses (\d+) life"),
    ("each-loses", r"(each player|each opponent) loses (\d+) life"),
    ("draw", rf"draw {NUMBER} cards?"),
    ("draw-target", rf"target player draws {NUMBER} cards?"),
    ("each-draw", rf"each player draws {NUMBER} cards?"),
    ("delayed-draw", r"draw a card at the beginning of the next turn's upkeep"),
    (
        "token",
        rf"create {NUMBER} (\d+)/(\d+) ((?:white|blue|black|red|green|colorless)"
        r"(?: and (?:white|blue|black|red|green))?) ([A-Z][a-z]+(?: [A-Z][a-z]+)?) "
        r"(artifact )?creature tokens?(?: with ([a-z ,]+))?",
    ),
    ("discard", rf"(target player|target opponent|each opponent) discards {NUMBER} cards?"),
    (
        "mill",
        rf"(put|target player puts) the top {NUMBER} cards of (?:your|their) library "
        r"into (?:your|their) graveyard",
    ),
    (
        "sweep",
        r"~ deals (\d+) damage to each creature( and each player| with flying| without flying)?",
    ),
    ("wrath", r"destroy all (creatures|enchantments|artifacts|lands)"),
)
_EFFECTS = tuple((k, re.compile(p)) for k, p in EFFECTS)


def instructions(text: str) -> list[Effect]:
    """The instructions of an effect's text, or Unreadable."""
    out: list[Effect] = []
    for sentence in re.split(r"(?<=\.) ", text.strip()):
        s = sentence.rstrip(".")
        s = s[0].lower() + s[1:]
        parts = [s]
        m = re.fullmatch(r"(.+) and (you (?:gain|lose) \d+ life)", s)
        if m and not re.fullmatch(EFFECTS[1][1], s):
            parts = [m.group(1), m.group(2)]
        for part in parts:
            for kind, pat in _EFFECTS:
                got = pat.fullmatch(part)
                if got is not None:
                    out.append(Effect(kind, got))
                    break
            else:
                raise Unreadable(part)
    # a drain reads as one instruction, not two
    return out


def effects_of(text: str) -> list[Effect] | None:
    try:
        return instructions(text)
    except Unreadable:
        return None


def story_of(text: str) -> str:
    return text.rstrip(".").replace("~", "it")


def play_out(w: World, effs: list[Effect], me: str) -> None:
    for e in effs:
        e.apply(w, me)
    w.state_based()
    if w.next_turn:
        w.end_turn()


def targets(effs: list[Effect]) -> list[str]:
    return [e.target for e in effs if e.target is not None]


def ready(w: World, effs: list[Effect]) -> bool:
    try:
        for e in effs:
            e.prepare(w)
    except Unreadable:
        return False
    return True


def finish(name: str, story: str, start: World, w: World, script: list[dict[str, Any]]) -> Scenario:
    scen: Scenario = {
        "name": f"{name}: {story}",
        "start": "turn 1 precombat_main",
        "players": start.set_up(),
        "script": script,
    }
    if w.next_turn:
        scen["until"] = "turn 2 draw"
    scen["expect"] = w.expected()
    return scen


def until(scen: Scenario, point: str) -> Scenario:
    """The scenario stopping at ``point`` (written before its expectations)."""
    exp = scen.pop("expect", None)
    scen["until"] = point
    if exp is not None:
        scen["expect"] = exp
    return scen


def resolution_lines(w: World, may: bool) -> list[dict[str, str]]:
    """The passes that let the top of the stack resolve, then the decisions made as it does."""
    out: list[dict[str, str]] = []
    if may or w.decisions:
        out += [{"alice": "pass"}, {"bob": "pass"}]
        out += [{"alice": "choose yes"}] if may else []
        out += w.decisions
    return out


MAY = re.compile(r"you may (.+)")


def wanted(effs: list[Effect] | None, kinds: frozenset[str] | None) -> bool:
    """Instructions were read, and (if ``kinds`` is given) one of them is of those kinds."""
    return bool(effs) and (kinds is None or any(e.kind in kinds for e in effs or ()))


Maker = Callable[[Card], Scenario | None]


def spells(kinds: frozenset[str] | None = None) -> Maker:
    """An instant or sorcery whose every line is instructions: cast it (its targets named in the
    cast line), and the zones end as the text says."""

    def maker(c: Card) -> Scenario | None:
        if not ({"Instant", "Sorcery"} & set(c.types)) or not payable(c.cost):
            return None
        effs = effects_of(" ".join(c.rest))
        if c.kws - {"flash"} or effs is None or not wanted(effs, kinds):
            return None
        return cast_spell(c, effs)

    return maker


def cast_spell(c: Card, effs: list[Effect]) -> Scenario | None:
    w = World()
    w.alice.hand.append(c.name)
    lands = w.lands("alice", pay(c.cost))
    if not ready(w, effs):
        return None
    start = w.snapshot()
    for land in lands:
        land.tapped = True
    w.alice.hand.remove(c.name)
    play_out(w, effs, c.name)
    w.alice.graveyard.append(c.name)
    line = f"cast {c.name}" + (f" targeting {', '.join(targets(effs))}" if targets(effs) else "")
    script = [{"alice": line}, *resolution_lines(w, False)]
    return finish(c.name, story_of(" ".join(c.rest)), start, w, script)


TRIGGERS = {
    "enters": re.compile(r"When ~ enters, (.+)"),
    "dies": re.compile(r"When ~ (?:dies|is put into a graveyard from the battlefield), (.+)"),
    "upkeep": re.compile(r"At the beginning of your upkeep, (.+)"),
}


def triggered(when: str, kinds: frozenset[str] | None = None) -> Maker:
    """A permanent with one triggered ability (and keywords): make it trigger, choose its
    targets as it goes on the stack (603.3d), and the zones end as its text says."""

    def maker(c: Card) -> Scenario | None:
        if len(c.rest) != 1 or not payable(c.cost) or "Land" in c.types:
            return None
        if not c.kws <= QUIET_KEYWORDS:
            return None
        if "Aura" in c.subtypes or (c.pt() is None and "Creature" in c.types):
            return None
        m = TRIGGERS[when].fullmatch(c.rest[0])
        if m is None:
            return None
        text = m.group(1)
        may = MAY.fullmatch(text)
        if may:
            text = may.group(1)
        if when == "dies" and kinds is None and text == "return ~ to its owner's hand.":
            effs: list[Effect] = []
        else:
            got = effects_of(text)
            if got is None or not wanted(got, kinds):
                return None
            effs = got
        if any(e.kind == "counter" and e.m.group(3) == "~" for e in effs) and when == "dies":
            return None
        w = World()
        me = Perm(c.name, c.pt(), kws=set(c.kws))
        if when == "enters":
            w.alice.hand.append(c.name)
            lands = w.lands("alice", pay(c.cost))
        elif when == "dies":
            if "Creature" not in c.types or c.kws & {"shroud", "protection from black"}:
                return None
            if "indestructible" in c.kws:
                return None
            w.alice.battlefield.append(me)
            w.alice.hand.append("Murder")
            lands = w.lands("alice", pay("{1}{B}{B}"))
        else:
            w.alice.battlefield.append(me)
            lands = []
        if not ready(w, effs):
            return None
        start = w.snapshot()
        script: list[dict[str, Any]] = []
        if when == "enters":
            for land in lands:
                land.tapped = True
            w.alice.hand.remove(c.name)
            w.alice.battlefield.append(me)
            script += [{"alice": f"cast {c.name}"}, {"alice": "pass"}, {"bob": "pass"}]
        elif when == "dies":
            for land in lands:
                land.tapped = True
            w.alice.hand.remove("Murder")
            w.alice.leave(me, "graveyard")
            w.alice.graveyard.append("Murder")
            script += [
                {"alice": f"cast Murder targeting {c.name}"},
                {"alice": "pass"},
                {"bob": "pass"},
            ]
            if not effs:  # "return ~ to its owner's hand"
                w.alice.graveyard.remove(c.name)
                w.alice.hand.append(c.name)
        script += [{"alice": f"choose {t}"} for t in targets(effs)]
        play_out(w, effs, c.name)
        script += resolution_lines(w, bool(may))
        scen = finish(c.name, story_of(c.rest[0]), start, w, script)
        if when == "upkeep":
            scen["start"] = "turn 1 untap"
            until(scen, "turn 1 precombat_main")
            scen["script"] = [
                {"at": "turn 1 upkeep", **line} if i == 0 else line for i, line in enumerate(script)
            ]
            if not script:
                del scen["script"]
        return scen

    return maker


COST = re.compile(
    r"((?:\{(?!T\})[^}]+\})*)(?:, )?(\{T\})?(?:, )?(Sacrifice ~)?(?:, )?(Pay (\d+) life)?"
)


def activated(kinds: frozenset[str] | None = None) -> Maker:
    """A permanent with one activated ability (mana, {T}, sacrificing itself, paying life):
    activate it, its targets named in the command, and the zones end as its text says."""

    def maker(c: Card) -> Scenario | None:
        return activate(c, kinds)

    return maker


def activate(c: Card, kinds: frozenset[str] | None) -> Scenario | None:
    if len(c.rest) != 1 or "Land" in c.types or (c.pt() is None and "Creature" in c.types):
        return None
    if not c.kws <= QUIET_KEYWORDS:
        return None
    m = re.fullmatch(r"([^:]+): (.+?)(?: Activate only as a sorcery\.)?", c.rest[0])
    if m is None or "Aura" in c.subtypes or "Equipment" in c.subtypes:
        return None
    cost = COST.fullmatch(m.group(1))
    if cost is None or "{X}" in m.group(1):
        return None
    mana, tap, sac, life = cost.group(1), cost.group(2), cost.group(3), cost.group(5)
    if mana and not payable(mana):
        return None
    effs = effects_of(m.group(2))
    if effs is None or not wanted(effs, kinds):
        return None
    if sac and any(e.kind == "counter" and e.m.group(3) == "~" for e in effs):
        return None
    w = World()
    me = Perm(c.name, c.pt(), kws=set(c.kws))
    w.alice.battlefield.append(me)
    lands = w.lands("alice", pay(mana))
    if not ready(w, effs):
        return None
    start = w.snapshot()
    for land in lands:
        land.tapped = True
    if tap:
        me.tapped = True
    if sac:
        w.alice.leave(me, "graveyard")
    if life:
        w.alice.life -= int(life)
    play_out(w, effs, c.name)
    line = f"activate {c.name}" + (
        f" targeting {', '.join(targets(effs))}" if targets(effs) else ""
    )
    return finish(
        c.name, story_of(c.rest[0]), start, w, [{"alice": line}, *resolution_lines(w, False)]
    )


# ---------------------------------------------------------------------------------------------
# Static abilities: Auras, Equipment, lords and anthems, "as long as you control a Forest".

PT = r"([+-]\d+)/([+-]\d+)"


def grants(text: str) -> tuple[int, int, set[str]] | None:
    """ "gets +2/+2 and has flying" / "has first strike" -> (2, 2, {flying})."""
    m = re.fullmatch(rf"(?:gets {PT})?(?: and )?(?:has ([a-z ,]+))?", text)
    if m is None or not text:
        return None
    kws: set[str] = set()
    if m.group(3):
        got = keyword_items(m.group(3))
        if got is None:
            return None
        kws = got
    return int(m.group(1) or 0), int(m.group(2) or 0), kws


def attached(c: Card, kind: str) -> tuple[int, int, set[str], list[str]] | None:
    """What an Aura ("enchanted") or an Equipment ("equipped") gives, and its other lines."""
    p = t = 0
    kws: set[str] = set()
    other: list[str] = []
    for line in c.rest:
        m = re.fullmatch(rf"{kind.capitalize()} creature (.+)\.", line)
        if m is None:
            other.append(line)
            continue
        g = grants(m.group(1))
        if g is None:
            return None
        p, t, kws = p + g[0], t + g[1], kws | g[2]
    return p, t, kws, other


def bears_attack(
    c: Card,
    gives: tuple[int, int, set[str]],
    *,
    how: dict[str, str],
    alice: dict[str, Any],
    lands: list[str],
    attached_log: list[str],
    aura: bool,
    hand: list[str],
) -> Scenario:
    """Alice's Grizzly Bears get ``gives`` from the card (``how``: the line that attaches it),
    then attack; bob's Hill Giant blocks them, or is refused if their keywords forbid it."""
    p, t, kws = gives
    bears = Fighter("Grizzly Bears", 2 + p, 2 + t, kws, "G", False)
    giant = Fighter.of(read("Hill Giant"))
    blocked = can_block(giant, bears)
    out = fight(bears, giant if blocked else None)
    tapped = [perm(x, tapped=True) for x in lands]
    script: list[dict[str, Any]] = [
        how,
        {"alice": "pass"},
        {"bob": "pass"},
        {"expect": {"alice": {"battlefield": [
            perm("Grizzly Bears", power=2 + p, toughness=2 + t), c.name, *tapped]}}},
        {"at": "turn 1 declare_attackers", "alice": "attack with Grizzly Bears"},
        {"at": "turn 1 declare_blockers", "bob": "block Grizzly Bears with Hill Giant"},
    ]  # fmt: skip
    if not blocked:
        script[-1]["rejected"] = "combat"
        script.append({"bob": "block with nothing"})
    a_field: list[Any] = [*tapped]
    a_grave: list[str] = []
    if out.dead[0]:
        a_grave.append("Grizzly Bears")
        (a_grave if aura else a_field).append(c.name)  # 704.5m, 704.5n
    else:
        bentry = perm("Grizzly Bears", power=2 + p, toughness=2 + t, damage=out.damage[0],
                      tapped="vigilance" not in kws)  # fmt: skip
        a_field += [bentry, c.name]
    b_zone, b_entry = fighter_entry(giant, out.damage[1], out.dead[1])
    b_exp: dict[str, Any] = {"life": 20 - out.to_player, b_zone: [b_entry]}
    if b_zone == "graveyard":
        b_exp["battlefield"] = []
    word = "enchanted" if aura else "equipped"
    return {
        "name": f"{c.name}: {word} Grizzly Bears are {2 + p}/{2 + t}"
        + (f" with {', '.join(sorted(kws))}" if kws else "")
        + (" in combat with Hill Giant" if blocked else ", unblockable by Hill Giant"),
        "start": "turn 1 precombat_main",
        "players": {"alice": alice, "bob": {"battlefield": ["Hill Giant"]}},
        "script": script,
        "until": "turn 1 end_of_combat",
        "expect": {
            "alice": {"life": 20 + out.gain[0], "battlefield": a_field, "graveyard": a_grave,
                      "hand": hand},
            "bob": b_exp,
            "log": [*attached_log, *combat_log(out, bears, giant if blocked else None)],
        },
    }  # fmt: skip


def aura(c: Card) -> Scenario | None:
    """An Aura cast on a creature (303.4a, 608.3c): alice's Grizzly Bears get its bonus and
    keywords, then attack; a curse makes bob's Craw Wurm smaller (or kills it: 704.5f, and the
    Aura follows: 704.5m)."""
    if "Aura" not in c.subtypes or not payable(c.cost) or c.kws - {"flash"}:
        return None
    got = attached(c, "enchanted")
    if got is None:
        return None
    p, t, kws, other = got
    draw = [x for x in other if x == "When ~ enters, draw a card."]
    if [x for x in other if x not in draw] != ["Enchant creature"] or (p, t, kws) == (0, 0, set()):
        return None
    if not kws <= COMBAT_KEYWORDS - {"defender"}:
        return None
    lands = pay(c.cost)
    hand = ["Wastes"] * len(draw)
    if (p >= 0 and t >= 0) or kws:
        if p < 0 or t <= -2:
            return None
        return bears_attack(
            c, (p, t, kws),
            how={"alice": f"cast {c.name} targeting Grizzly Bears"},
            alice={"hand": [c.name], "battlefield": ["Grizzly Bears", *lands]},
            lands=lands,
            attached_log=[f"{c.name} enters attached to Grizzly Bears", "608.3c"],
            aura=True,
            hand=hand,
        )  # fmt: skip
    dead = 4 + t <= 0
    wurm: Any = perm("Craw Wurm", power=6 + p, toughness=4 + t)
    return {
        "name": f"{c.name}: bob's Craw Wurm becomes {6 + p}/{4 + t}"
        + (" and dies" if dead else ""),
        "start": "turn 1 precombat_main",
        "players": {
            "alice": {"hand": [c.name], "battlefield": lands},
            "bob": {"battlefield": ["Craw Wurm"]},
        },
        "script": [{"alice": f"cast {c.name} targeting Craw Wurm"}],
        "expect": {
            "alice": {"hand": hand, "graveyard": [c.name] if dead else []},
            "bob": {"battlefield": [] if dead else [wurm],
                    "graveyard": ["Craw Wurm"] if dead else []},
            "log": [f"{c.name} enters attached to Craw Wurm", "608.3c"]
            + (["704.5f", "704.5m"] if dead else []),
        },
    }  # fmt: skip


def equipment(c: Card) -> Scenario | None:
    """Equip (702.6a) on Grizzly Bears at sorcery speed (701.3a): their power, toughness and
    keywords, in an attack."""
    if "Equipment" not in c.subtypes or c.kws - {"indestructible"}:
        return None
    got = attached(c, "equipped")
    if got is None:
        return None
    p, t, kws, other = got
    equip = [x for x in other if re.fullmatch(r"Equip \{\d+\}", x)]
    if len(equip) != 1 or other != equip or not kws <= COMBAT_KEYWORDS - {"defender"}:
        return None
    if 2 + t <= 0:
        return None
    lands = pay(equip[0][len("Equip ") :])
    return bears_attack(
        c, (p, t, kws),
        how={"alice": f"activate {c.name} targeting Grizzly Bears"},
        alice={"battlefield": [c.name, "Grizzly Bears", *lands]},
        lands=lands,
        attached_log=[f"{c.name} is attached to Grizzly Bears", "701.3a"],
        aura=False,
        hand=[],
    )  # fmt: skip


LORD = re.compile(
    rf"(Other )?(All )?((?:(?:white|blue|black|red|green|[A-Z][a-z]+) )?)creatures"
    rf"( you control| your opponents control)? get {PT}(?: and have [a-z ,]+)?\."
)
TYPE_HELPER: dict[str, str] = {}


def helper_of(kind: str) -> str | None:
    """A creature of the pools or the base with that colour or creature type and nothing
    else to do (no text, or keywords only), first by name."""
    color = {"white": "Savannah Lions", "blue": "Prodigal Sorcerer", "black": "Drudge Skeletons",
             "red": "Hill Giant", "green": "Grizzly Bears"}.get(kind)  # fmt: skip
    if color:
        return color
    if kind not in TYPE_HELPER:
        for name in base.compiled_names():
            h = read(name)
            if kind in h.subtypes and h.creature and not h.rest and "changeling" not in h.kws:
                TYPE_HELPER[kind] = name
                break
        else:
            TYPE_HELPER[kind] = ""
    return TYPE_HELPER[kind] or None


def has_kind(c: Card, kind: str) -> bool:
    if not kind:
        return True
    if kind in ("white", "blue", "black", "red", "green"):
        return {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}[kind] in c.colors
    return kind in c.subtypes or "changeling" in c.kws


def lord(c: Card) -> Scenario | None:
    """A lord or an anthem (613.4c): the power and toughness of every creature in play, the
    card's own, its controller's (a creature of the type or colour it names) and bob's."""
    if not c.rest or not payable(c.cost) or (c.pt() is None and "Creature" in c.types):
        return None
    ms = [LORD.fullmatch(x) for x in c.rest]
    if any(m is None for m in ms):
        return None
    kinds = {m.group(3).strip() for m in ms if m is not None}
    if len(kinds) > 2:
        return None
    mine = [c]
    theirs: list[Card] = []
    for kind in sorted(kinds):
        h = helper_of(kind) if kind else "Grizzly Bears"
        if h is None:
            if not has_kind(c, kind) or not c.creature:
                return None
            mine.append(c)  # a second copy of the card itself ("All Sliver creatures")
            continue
        if h not in [x.name for x in mine]:
            mine.append(read(h))
        if h not in [x.name for x in theirs]:
            theirs.append(read(h))
    copies = sum(1 for y in mine if y.name == c.name)

    def boost(x: Card, mine_side: bool) -> tuple[int, int]:
        dp = dt = 0
        for m in ms:
            assert m is not None
            other, kind, whose = m.group(1), m.group(3).strip(), m.group(4)
            if whose == " you control" and not mine_side:
                continue
            if whose == " your opponents control" and mine_side:
                continue
            if not x.creature or not has_kind(x, kind):
                continue
            times = copies - (1 if other and mine_side and x.name == c.name else 0)
            dp, dt = dp + times * int(m.group(5)), dt + times * int(m.group(6))
        return dp, dt

    a_field: list[Any] = []
    for x in mine:
        if x.pt() is None:
            a_field.append(x.name)
            continue
        dp, dt = boost(x, True)
        pt = x.pt()
        assert pt is not None
        a_field.append(perm(x.name, power=pt[0] + dp, toughness=pt[1] + dt))
    b_field: list[Any] = []
    for x in theirs:
        dp, dt = boost(x, False)
        pt = x.pt()
        assert pt is not None
        if pt[1] + dt <= 0:
            return None
        b_field.append(perm(x.name, power=pt[0] + dp, toughness=pt[1] + dt))
    if any(isinstance(e, dict) and e["toughness"] <= 0 for e in a_field):
        return None
    return {
        "name": f"{c.name}: " + "; ".join(x.rstrip(".").replace("~", "it") for x in c.rest),
        "start": "turn 1 precombat_main",
        "players": {"alice": {"battlefield": [x.name for x in mine]},
                    "bob": {"battlefield": [x.name for x in theirs]}},
        "expect": {"alice": {"battlefield": a_field}, "bob": {"battlefield": b_field}},
    }  # fmt: skip


CONDITIONS = {
    "land": re.compile(rf"~ gets {PT} as long as you control an? ({'|'.join(LAND_TYPES)})\."),
    "threshold": re.compile(
        rf"Threshold — ~ gets {PT} as long as seven or more cards are in your graveyard\."
    ),
    "metalcraft": re.compile(
        rf"Metalcraft — ~ gets {PT} as long as you control three or more artifacts\."
    ),
}


def as_long_as(c: Card) -> Scenario | None:
    """ "~ gets +N/+M as long as you control a Forest", threshold (seven cards in the graveyard)
    and metalcraft (three artifacts), ability words (207.2c): alice's copy meets the condition,
    bob's doesn't (six cards, or two artifacts)."""
    if not c.creature or len(c.rest) != 1 or not c.kws <= COMBAT_KEYWORDS:
        return None
    found = [(k, m) for k, pat in CONDITIONS.items() if (m := pat.fullmatch(c.rest[0]))]
    if not found:
        return None
    kind, m = found[0]
    pt = c.pt()
    assert pt is not None
    p, t = int(m.group(1)), int(m.group(2))
    alice: dict[str, Any] = {"battlefield": [c.name]}
    bob: dict[str, Any] = {"battlefield": [c.name]}
    if kind == "land":
        alice["battlefield"].append(m.group(3))
        story = f"with a {m.group(3)}, not without"
    elif kind == "threshold":
        alice["graveyard"] = ["7 x Wastes"]
        bob["graveyard"] = ["6 x Wastes"]
        story = "threshold: with seven cards in the graveyard, not six"
    else:
        mine = 1 if "Artifact" in c.types else 0
        alice["battlefield"] += ["Lotus Petal"] * (3 - mine)
        bob["battlefield"] += ["Lotus Petal"] * (2 - mine)
        story = "metalcraft: with three artifacts, not two"
    ok = perm(c.name, power=pt[0] + p, toughness=pt[1] + t)
    return {
        "name": f"{c.name}: {p:+d}/{t:+d} {story}",
        "start": "turn 1 precombat_main",
        "players": {"alice": alice, "bob": bob},
        "expect": {
            "alice": {"battlefield": [ok, *alice["battlefield"][1:]]},
            "bob": {"battlefield": [perm(c.name, power=pt[0], toughness=pt[1]),
                                    *bob["battlefield"][1:]]},
        },
    }  # fmt: skip


def landfall(c: Card) -> Scenario | None:
    """ "Landfall — Whenever a land enters under your control, ~ gets +N/+M until end of turn":
    alice plays a Forest."""
    if not c.creature or len(c.rest) != 1 or not c.kws <= COMBAT_KEYWORDS:
        return None
    m = re.fullmatch(
        rf"Landfall — Whenever a land enters under your control, ~ gets {PT} until end of turn\.",
        c.rest[0],
    )
    if m is None:
        return None
    pt = c.pt()
    assert pt is not None
    p, t = int(m.group(1)), int(m.group(2))
    return {
        "name": f"{c.name}: landfall, a Forest gives it {p:+d}/{t:+d} until end of turn",
        "start": "turn 1 precombat_main",
        "players": {"alice": {"battlefield": [c.name], "hand": ["Forest"]}, "bob": {}},
        "script": [{"alice": "play Forest"}],
        "expect": {
            "alice": {
                "battlefield": [perm(c.name, power=pt[0] + p, toughness=pt[1] + t), "Forest"],
                "hand": [],
            },
            "log": [f"{c.name} gets {p:+d}/{t:+d} until end of turn", "613.4c"],
        },
    }


def combat_draw(c: Card) -> Scenario | None:
    """ "Whenever ~ deals combat damage to a player, [you may] draw a card": it attacks
    unblocked (510.3a: the trigger waits for the damage)."""
    if not c.creature or len(c.rest) != 1 or not c.kws <= COMBAT_KEYWORDS:
        return None
    m = re.fullmatch(r"Whenever ~ deals combat damage to a player, (you may )?draw a card\.",
                     c.rest[0])  # fmt: skip
    if m is None or Fighter.of(c).power < 1:
        return None
    s = attack(c, None, "deals combat damage to bob, and alice draws a card")
    if s is None:
        return None
    if m.group(1):
        s["script"] += [
            {"at": "turn 1 combat_damage", "alice": "pass"},
            {"bob": "pass"},
            {"alice": "choose yes"},
        ]
    s["expect"]["alice"]["hand"] = ["Wastes"]
    return s


def frozen(c: Card) -> Scenario | None:
    """An Aura whose creature "doesn't untap during its controller's untap step" (502.3), on
    bob's tapped Grizzly Bears (or tapping them as it enters): still tapped in bob's turn."""
    if "Aura" not in c.subtypes or not payable(c.cost) or c.kws - {"flash"}:
        return None
    taps = "When ~ enters, tap enchanted creature." in c.rest
    rest = [x for x in c.rest if x != "When ~ enters, tap enchanted creature."]
    if rest != ["Enchant creature", "Enchanted creature doesn't untap during its controller's "
                "untap step."]:  # fmt: skip
        return None
    lands = pay(c.cost)
    bears = "Grizzly Bears" if taps else perm("Grizzly Bears", tapped=True)
    return {
        "name": f"{c.name}: bob's Grizzly Bears stay tapped in his untap step",
        "start": "turn 1 precombat_main",
        "players": {"alice": {"hand": [c.name], "battlefield": lands},
                    "bob": {"battlefield": [bears]}},
        "script": [{"alice": f"cast {c.name} targeting Grizzly Bears"}],
        "until": "turn 2 precombat_main",
        "expect": {
            "alice": {"battlefield": [c.name, *lands]},
            "bob": {"battlefield": [perm("Grizzly Bears", tapped=True)]},
            "log": [f"{c.name} enters attached to Grizzly Bears", "608.3c",
                    "Grizzly Bears doesn't untap", "502.3"],
        },
    }  # fmt: skip


# ---------------------------------------------------------------------------------------------
# Activated abilities of a creature on itself: pumps, regeneration, returning to hand.


SELF = {
    "pump": re.compile(rf"~ gets {PT} until end of turn"),
    "regenerate": re.compile(r"Regenerate ~"),
    "return": re.compile(r"Return ~ to its owner's hand"),
    "flying": re.compile(r"~ gains flying until end of turn"),
}


def self_ability(which: str) -> Maker:
    """A creature's one ability paid with mana, on itself: "{R}: ~ gets +1/+0 until end of turn"
    (until the cleanup, 514.2), "{B}: Regenerate ~" (701.19: Murder then taps it instead),
    "{U}: Return ~ to its owner's hand", "{U}: ~ gains flying until end of turn"."""

    def maker(c: Card) -> Scenario | None:
        if not c.creature or len(c.rest) != 1 or not c.kws <= COMBAT_KEYWORDS:
            return None
        m = re.fullmatch(r"((?:\{(?!T\})[^}]+\})+): (.+)\.", c.rest[0])
        if m is None or not payable(m.group(1)) or not SELF[which].fullmatch(m.group(2)):
            return None
        return on_itself(c, m)

    return maker


def on_itself(c: Card, m: re.Match[str]) -> Scenario | None:
    lands = pay(m.group(1))
    pt = c.pt()
    assert pt is not None
    what = m.group(2)
    pump = re.fullmatch(rf"~ gets {PT} until end of turn", what)
    tapped = [perm(x, tapped=True) for x in lands]
    if pump:
        p, t = int(pump.group(1)), int(pump.group(2))
        if pt[1] + t <= 0:
            return None
        return {
            "name": f"{c.name}: {m.group(1)} gives it {p:+d}/{t:+d} until end of turn",
            "start": "turn 1 precombat_main",
            "players": {"alice": {"battlefield": [c.name, *lands]}, "bob": {}},
            "script": [
                {"alice": f"activate {c.name}"},
                {"alice": "pass"},
                {"bob": "pass"},
                {"expect": {"alice": {"battlefield": [
                    perm(c.name, power=pt[0] + p, toughness=pt[1] + t), *tapped]}}},
            ],
            "until": "turn 2 upkeep",
            "expect": {"alice": {"battlefield": [perm(c.name, power=pt[0], toughness=pt[1]),
                                                 *tapped]},
                       "log": [f"{c.name} gets {p:+d}/{t:+d} until end of turn", "613.4c"]},
        }  # fmt: skip
    if what == "Regenerate ~":
        if c.kws & {"shroud", "protection from black", "indestructible"}:
            return None
        murder = pay("{1}{B}{B}")
        return {
            "name": f"{c.name}: regenerates instead of being destroyed by Murder",
            "start": "turn 1 precombat_main",
            "players": {"alice": {"battlefield": [c.name, *lands, *murder], "hand": ["Murder"]},
                        "bob": {}},
            "script": [
                {"alice": f"activate {c.name}"},
                {"alice": "pass"},
                {"bob": "pass"},
                {"alice": f"cast Murder targeting {c.name}"},
            ],
            "expect": {
                "alice": {"battlefield": [perm(c.name, tapped=True, damage=0), *tapped,
                                          *[perm(x, tapped=True) for x in murder]],
                          "graveyard": ["Murder"]},
                "log": ["regeneration shield", "701.19a", "regenerates instead of being destroyed",
                        "701.19c"],
            },
        }  # fmt: skip
    if what == "Return ~ to its owner's hand":
        return {
            "name": f"{c.name}: {m.group(1)} returns it to alice's hand",
            "start": "turn 1 precombat_main",
            "players": {"alice": {"battlefield": [c.name, *lands]}, "bob": {}},
            "script": [{"alice": f"activate {c.name}"}],
            "expect": {"alice": {"battlefield": tapped, "hand": [c.name]}},
        }
    gain = re.fullmatch(r"~ gains (flying) until end of turn", what)
    if gain and "defender" not in c.kws:
        s = attack(c, None, f"{m.group(1)}: it gains flying and flies over Grizzly Bears",
                   refused=("Grizzly Bears",))  # fmt: skip
        if s is None:
            return None
        s["players"]["alice"]["battlefield"] += lands
        s["script"][:0] = [{"alice": f"activate {c.name}"}, {"alice": "pass"}, {"bob": "pass"}]
        s["expect"]["alice"]["battlefield"] += tapped
        return s
    return None


# ---------------------------------------------------------------------------------------------
# Combat triggers and keywords with their own rules.


def combat_trigger(which: str) -> Maker:
    """Prowess, exalted, flanking, bushido and "whenever it attacks / blocks / becomes blocked,
    it gets +N/+M", infect, wither, "attacks each turn if able": ``which`` of them."""

    def maker(c: Card) -> Scenario | None:
        return trigger_scenario(c) if trigger_kind(c) == which else None

    return maker


def trigger_kind(c: Card) -> str:
    """Which of the combat triggers the card has (alone): its keyword or line, in short."""
    extra = c.kws - COMBAT_KEYWORDS
    if len(extra) + len(c.rest) != 1:
        return ""
    if extra:
        return next(iter(extra)).split(" ")[0]  # bushido N -> bushido
    line = c.rest[0]
    if re.fullmatch(rf"Whenever ~ (attacks|blocks|becomes blocked|blocks or becomes blocked), "
                    rf"it gets {PT} until end of turn\.", line):  # fmt: skip
        return "bushido"
    return "must-attack" if line == "~ attacks each turn if able." else ""


def trigger_scenario(c: Card) -> Scenario | None:
    if not c.creature or not payable(c.cost):
        return None
    pt = c.pt()
    assert pt is not None
    extra = c.kws - COMBAT_KEYWORDS
    base_kws = c.kws & COMBAT_KEYWORDS
    rest = list(c.rest)
    if len(extra) + len(rest) != 1 or base_kws & {"defender"}:
        return None
    kw = next(iter(extra), "")
    line = rest[0] if rest else ""
    grizzly = Fighter.of(read("Grizzly Bears"))
    if kw == "prowess":
        return {
            "name": f"{c.name}: prowess, Shock makes it {pt[0] + 1}/{pt[1] + 1}",
            "start": "turn 1 precombat_main",
            "players": {"alice": {"battlefield": [c.name, "Mountain"], "hand": ["Shock"]},
                        "bob": {}},
            "script": [{"alice": "cast Shock targeting bob"}],
            "expect": {
                "alice": {"battlefield": [perm(c.name, power=pt[0] + 1, toughness=pt[1] + 1),
                                          perm("Mountain", tapped=True)], "graveyard": ["Shock"]},
                "bob": {"life": 18},
                "log": [f"{c.name} gets +1/+1 until end of turn", "613.4c"],
            },
        }  # fmt: skip
    if kw == "exalted":
        return {
            "name": f"{c.name}: exalted, Grizzly Bears attacking alone deal 3",
            "start": "turn 1 precombat_main",
            "players": {"alice": {"battlefield": [c.name, "Grizzly Bears"]}, "bob": {}},
            "script": [{"at": "turn 1 declare_attackers", "alice": "attack with Grizzly Bears"}],
            "until": "turn 1 end_of_combat",
            "expect": {"bob": {"life": 17},
                       "alice": {"battlefield": [perm(c.name, tapped=False),
                                                 perm("Grizzly Bears", power=3, toughness=3)]},
                       "log": ["Grizzly Bears gets +1/+1 until end of turn", "613.4c"]},
        }  # fmt: skip
    if kw == "flanking":
        att = Fighter.of(c)
        elves = Fighter.of(read("Llanowar Elves"))
        if not can_block(elves, att):
            return None
        s = attack(c, None, "flanking: the blocking Llanowar Elves get -1/-1 and die")
        assert s is not None
        s["players"]["bob"]["battlefield"] = ["Llanowar Elves"]
        s["script"].append({"at": "turn 1 declare_blockers",
                            "bob": f"block {c.name} with Llanowar Elves"})  # fmt: skip
        through = pt[0] if "trample" in c.kws else 0  # 702.19e: no blocker left
        s["expect"]["bob"] = {
            "life": 20 - through,
            "battlefield": [],
            "graveyard": ["Llanowar Elves"],
        }
        s["expect"]["log"] = ["Llanowar Elves gets -1/-1 until end of turn", "704.5f"]
        return s
    bushido = re.fullmatch(r"bushido (\d+)", kw)
    pumped = re.fullmatch(
        rf"Whenever ~ (attacks|blocks|becomes blocked|blocks or becomes blocked), it gets {PT} "
        r"until end of turn\.", line)  # fmt: skip
    when, n, m = "", 0, 0
    if bushido:  # 702.45a: whenever it blocks or becomes blocked, +N/+N
        when, n, m = "blocked", int(bushido.group(1)), int(bushido.group(1))
    elif pumped:
        when = pumped.group(1) if pumped.group(1) in ("attacks", "blocks") else "blocked"
        n, m = int(pumped.group(2)), int(pumped.group(3))
    if when in ("attacks", "blocked"):
        att = Fighter.of(c, n, m)
        if when == "blocked" and not can_block(grizzly, att):
            return None
        if att.toughness <= 0:
            return None
        out = fight(att, grizzly if when == "blocked" else None)
        s = attack(c, "Grizzly Bears" if when == "blocked" else None,
                   f"{'bushido' if bushido else when}: it gets {n:+d}/{m:+d}")  # fmt: skip
        if s is None:
            return None
        zone, entry = fighter_entry(att, out.damage[0], out.dead[0])
        if zone == "battlefield":
            entry["tapped"] = "vigilance" not in att.kws
        s["expect"]["alice"] = {
            "life": 20 + out.gain[0],
            "battlefield": [entry] if zone == "battlefield" else [],
            "graveyard": [entry] if zone == "graveyard" else [],
        }
        s["expect"]["bob"]["life"] = 20 - out.to_player
        if when == "blocked":
            bz, be = fighter_entry(grizzly, out.damage[1], out.dead[1])
            s["expect"]["bob"].update(
                {
                    "battlefield": [be] if bz == "battlefield" else [],
                    "graveyard": [be] if bz == "graveyard" else [],
                }
            )
        s["expect"]["log"] = [f"{c.name} gets {n:+d}/{m:+d} until end of turn"]
        return s
    if when == "blocks":
        blk = Fighter.of(c, n, m)
        if blk.toughness <= 0:
            return None
        out = fight(grizzly, blk)
        s = defend(c, "Grizzly Bears", f"blocks: it gets {n:+d}/{m:+d}")
        if s is None:
            return None
        zone, entry = fighter_entry(blk, out.damage[1], out.dead[1])
        s["expect"]["alice"] = {zone: [entry], "life": 20}
        bz, be = fighter_entry(grizzly, out.damage[0], out.dead[0])
        s["expect"]["bob"] = {bz: [be]}
        return s
    if kw == "infect":
        return attack_poison(c)
    if kw == "wither" and pt[0] > 0:
        wurm = Fighter.of(read("Craw Wurm"))
        att = Fighter.of(c)
        if not can_block(wurm, att):
            return None
        s = attack(c, "Craw Wurm", "wither: its damage to Craw Wurm is -1/-1 counters")
        if s is None:
            return None
        if pt[0] >= 4:
            s["expect"]["bob"] = {"graveyard": ["Craw Wurm"], "battlefield": []}
        else:
            s["expect"]["bob"] = {"battlefield": [perm("Craw Wurm", damage=0, power=6 - pt[0],
                                  toughness=4 - pt[0], counters={"-1/-1": pt[0]})]}  # fmt: skip
        s["expect"]["log"] = ["702.80a"]
        return s
    if line == "~ attacks each turn if able.":
        s = attack(c, None, "attacks each turn if able")
        if s is None:
            return None
        s["script"][0] = {"at": "turn 1 declare_attackers", "alice": "attack with nothing",
                          "rejected": "combat"}  # fmt: skip
        s["script"].insert(1, {"alice": f"attack with {c.name}"})
        return s
    return None


def attack_poison(c: Card) -> Scenario | None:
    pt = c.pt()
    if pt is None or pt[0] < 1:
        return None
    s = attack(c, None, "infect: its damage to bob is poison counters")
    if s is None:
        return None
    n = pt[0] * (2 if "double strike" in c.kws else 1)
    s["expect"]["bob"] = {"life": 20}
    s["expect"]["log"] = [f"as poison counters ({n} poison)", "702.90b"]
    return s


# ---------------------------------------------------------------------------------------------
# Mana: lands (enters tapped or not, the mana they make) and other mana sources.

MANA_LINE = re.compile(
    r"\{T\}(, Sacrifice ~)?: Add (\{[WUBRGC]\}+|one mana of any color|"
    r"\{[WUBRGC]\} or \{[WUBRGC]\}|\{[WUBRGC]\}, \{[WUBRGC]\}, or \{[WUBRGC]\})\."
)


def made_by(symbols: str) -> tuple[str, str]:
    """(the mana it makes, the colour to choose or "")."""
    got = re.findall(r"\{(\w)\}", symbols)
    if "any color" in symbols:
        return "G", "G"
    if " or " in symbols:
        return got[-1], got[-1]
    return "".join(got), ""


def land(c: Card) -> Scenario | None:
    """A land played from the hand (305.1): tapped or not as its text says (614.1c); a copy
    already on the battlefield taps for the mana its text (or its basic land types) gives."""
    if "Land" not in c.types or c.kws:
        return None
    enters_tapped = False
    others: list[str] = []
    gain = 0
    mana_lines: list[re.Match[str]] = []
    for line in c.rest:
        if line == "~ enters tapped.":
            enters_tapped = True
        elif line == "~ enters tapped unless you control two or fewer other lands.":
            others = []  # with one other land (its copy), it enters untapped
        elif line == "~ enters tapped unless you control two or more basic lands.":
            enters_tapped = True  # its copy is not basic
        elif (g := re.fullmatch(r"When ~ enters, you gain (\d+) life\.", line)) is not None:
            gain = int(g.group(1))
        elif (mm := MANA_LINE.fullmatch(line)) is not None and not mm.group(1):
            mana_lines.append(mm)
        else:
            return None
    intrinsic = [LAND_TYPES[t] for t in c.subtypes if t in LAND_TYPES]
    if mana_lines:
        made, choose = made_by(mana_lines[0].group(2))
        ability = ""
    elif intrinsic:
        made, choose = intrinsic[-1], ""
        ability = f" ability {len(intrinsic)}" if len(intrinsic) > 1 else ""
    else:
        return None
    script: list[dict[str, Any]] = [
        {"alice": f"play {c.name}"},
        {"expect": {"alice": {"battlefield": [perm(c.name, tapped=enters_tapped),
                                              perm(c.name, tapped=False), *others]}}},
        {"alice": f"activate {c.name}{ability}"},
    ]  # fmt: skip
    if choose:
        script.append({"alice": f"choose {choose}"})
    script.append({"expect": {"alice": {"mana_pool": made}}})
    scen: Scenario = {
        "name": f"{c.name}: enters {'tapped' if enters_tapped else 'untapped'}, taps for {made}",
        "start": "turn 1 precombat_main",
        "players": {"alice": {"hand": [c.name], "battlefield": [c.name, *others]}, "bob": {}},
        "script": script,
    }
    if gain:
        scen["expect"] = {"alice": {"life": 20 + gain}}
    return scen


def mana_source(c: Card) -> Scenario | None:
    """A nonland permanent with one mana ability (605.1a): it doesn't use the stack."""
    if "Land" in c.types or len(c.rest) != 1 or (c.pt() is None and "Creature" in c.types):
        return None
    m = MANA_LINE.fullmatch(c.rest[0])
    if m is None:
        return None
    made, choose = made_by(m.group(2))
    sac = bool(m.group(1))
    script: list[dict[str, Any]] = [{"alice": f"activate {c.name}"}]
    if choose:
        script.append({"alice": f"choose {choose}"})
    after = [] if sac else [perm(c.name, tapped=True)]
    script.append(
        {
            "expect": {
                "alice": {
                    "mana_pool": made,
                    "battlefield": after,
                    "graveyard": [c.name] if sac else [],
                },
                "stack": [],
            }
        }
    )
    return {
        "name": f"{c.name}: makes {made} without using the stack" + (", sacrificed" if sac else ""),
        "start": "turn 1 precombat_main",
        "players": {"alice": {"battlefield": [c.name]}, "bob": {}},
        "script": script,
    }  # fmt: skip


# ---------------------------------------------------------------------------------------------
# The categories, in the order they choose: a card goes to the first category that takes it.


def any_of(*makers: Maker) -> Maker:
    def maker(c: Card) -> Scenario | None:
        for m in makers:
            s = m(c)
            if s is not None:
                return s
        return None

    return maker


def each(*kinds: str) -> Maker:
    """Spells, enters-, dies- and upkeep triggers, and activated abilities with an instruction
    of one of ``kinds``."""
    k = frozenset(kinds)
    return any_of(
        spells(k), triggered("enters", k), triggered("dies", k), triggered("upkeep", k),
        activated(k),
    )  # fmt: skip


CATEGORIES: tuple[tuple[str, int, Maker], ...] = (
    *((cat, LEGACY[cat][0], legacy(cat)) for cat in LEGACY),
    ("combat-double-strike", 10, kw_double_strike),
    ("combat-first-strike", 10, kw_first_strike),
    ("combat-deathtouch", 8, kw_deathtouch),
    ("combat-trample", 10, kw_trample),
    ("combat-lifelink", 8, kw_lifelink),
    ("combat-menace", 8, kw_menace),
    ("combat-vigilance", 8, kw_vigilance),
    ("combat-reach", 8, kw_reach),
    ("combat-defender", 10, kw_defender),
    ("combat-haste", 10, kw_haste),
    ("combat-flying", 15, kw_flying),
    ("combat-flying-blocks", 6, kw_flying_blocks),
    ("combat-evasion", 25, kw_evasion),
    ("combat-cant-block", 10, kw_cant_block),
    ("combat-prowess", 6, combat_trigger("prowess")),
    ("combat-exalted", 6, combat_trigger("exalted")),
    ("combat-flanking", 6, combat_trigger("flanking")),
    ("combat-bushido", 12, combat_trigger("bushido")),
    ("combat-infect", 8, combat_trigger("infect")),
    ("combat-wither", 6, combat_trigger("wither")),
    ("combat-must-attack", 6, combat_trigger("must-attack")),
    ("auras", 25, aura),
    ("equipment", 15, equipment),
    ("lords", 20, lord),
    ("as-long-as", 15, as_long_as),
    ("landfall", 8, landfall),
    ("combat-draw", 6, combat_draw),
    ("frozen", 6, frozen),
    ("self-pump", 15, self_ability("pump")),
    ("regenerate", 10, self_ability("regenerate")),
    ("self-return", 6, self_ability("return")),
    ("self-flying", 6, self_ability("flying")),
    ("lands", 20, land),
    ("mana-sources", 10, mana_source),
    ("tokens", 15, each("token")),
    ("counters", 12, each("counter")),
    ("discard", 8, each("discard")),
    ("mill", 8, each("mill")),
    ("exile", 8, each("exile")),
    ("tap-untap", 10, each("tap", "untap")),
    ("sweepers", 12, each("sweep", "wrath", "team-pump")),
    ("spells", 20, spells()),
    ("enters-more", 20, triggered("enters")),
    ("dies", 15, triggered("dies")),
    ("upkeep", 6, triggered("upkeep")),
    ("activated", 20, activated()),
)


def cards_in(files: list[Path]) -> set[str]:
    """The distinct cards of the golden set: each scenario is named ``CARD: what it checks``."""
    out: set[str] = set()
    for f in files:
        for s in yaml.safe_load(f.read_text())["scenarios"]:
            out.add(s["name"].split(": ", 1)[0])
    return out


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    used: set[str] = set()
    candidates = []
    for name in base.compiled_names():
        res = base.compiled(name)
        if not isinstance(res, Compiled) or find(name) is not res.card or ": " in name:
            continue  # hand-declared cards have their own scenarios
        if name in EXCLUDED:
            continue
        candidates.append(read(name))
    total = 0
    for cat, limit, make in CATEGORIES:
        limit = int(os.environ.get("GOLDEN_LIMIT", limit))
        out: list[Scenario] = []
        for c in candidates:
            if len(out) >= limit:
                break
            if c.name in used:
                continue
            s = make(c)
            if s is not None:
                out.append(s)
                used.add(c.name)
        path = OUT / f"{cat}.scenario.yaml"
        if not out:
            path.unlink(missing_ok=True)
            print(f"{cat}: none")
            continue
        head = f"# Generated by tools/golden_scenarios.py: {cat}, {len(out)} compiled cards.\n"
        text = yaml.safe_dump(
            {"scenarios": out}, sort_keys=False, width=100, default_flow_style=None
        )
        path.write_text(head + text)
        total += len(out)
        print(f"{cat}: {len(out)}")
    n = len(cards_in(sorted(OUT.glob("*.scenario.yaml"))))
    print(f"{total} scenarios, {n} distinct cards")
    return 0


# Cards left out, and why (an engine or compiler fault found by their scenario, reported).
EXCLUDED: dict[str, str] = {}


if __name__ == "__main__":
    sys.exit(main())
