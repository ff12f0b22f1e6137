"""Effects that move, tap, mark or look at objects: exile (701.13), tap and untap (701.26),
mill (701.17), counters (122), "destroy ... It can't be regenerated" (701.19c), a permanent
pumping itself (613.4c), life and damage for each opponent or each creature, discard (701.9),
scry (701.22) and searching a library for a basic land (701.23).

A choice an effect asks for (which card to discard, where a scried card goes, which land is
found) is a :class:`ChooseCard` decision; the resolution goes on once it is answered (608.2d).
"""

from __future__ import annotations

from typing import Any

from manastack import layers, stack
from manastack.actions import Action, Choose
from manastack.damage import damage_creature, damage_player, gain_life, lose_life
from manastack.decisions.base import Kind, Pending
from manastack.errors import IllegalAction
from manastack.frozen import dataclass
from manastack.i18n import Msg, card_msg, comma_list
from manastack.replacement import destroy
from manastack.state import Card, Effect613, GameState, Permanent, StackItem, without
from manastack.vocabulary.base import Amount, Effect, Filter, amount_of
from manastack.zones import discard, leave_battlefield, tap, untap

_CARD_TYPES = frozenset({"Creature", "Artifact", "Enchantment", "Instant", "Sorcery", "Land"})
SOURCE = -1
"""``target`` of an effect that names the source itself ("~"), not one of its targets."""


def _object(g: GameState, item: StackItem, target: int) -> Permanent | None:
    if target == SOURCE:
        return g.permanent(item.source_oid) if item.source_oid is not None else None
    return stack.target_permanent(g, item, target)


def _opponents(g: GameState, pi: int) -> list[int]:
    return [p.idx for p in g.players if p.idx != pi and not p.left]


@dataclass(frozen=True, slots=True)
class Exile(Effect):
    """701.13a: "exile target permanent": it moves to its owner's exile zone (a new object
    there, 400.7)."""

    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        p = stack.target_permanent(g, item, self.target)
        if p is not None:
            leave_battlefield(g, [p], "exile", Msg("is exiled"), "701.13a")
        return True


@dataclass(frozen=True, slots=True)
class TapTarget(Effect):
    """701.26a: "tap target creature" (``untap``: 701.26b, "untap target permanent")."""

    target: int = 0
    untap: bool = False

    def resolve(self, g: GameState, item: StackItem) -> bool:
        p = _object(g, item, self.target)
        if p is not None:
            tap_or_untap(g, p, self.untap)
        return True


@dataclass(frozen=True, slots=True)
class Mill(Effect):
    """701.17a: a player puts the top N cards of their library into their graveyard."""

    count: int | Amount
    who: str = "target"
    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        pi = stack.player_for(item, self.who, self.target)
        if pi is None:
            return True
        pl = g.players[pi]
        n = min(amount_of(self.count, g, item), len(pl.library))
        for _ in range(n):
            pl.graveyard += (pl.take_top(),)
        g.emit(
            "mill",
            "{player} mills a card" if n == 1 else "{player} mills {n} cards",
            "701.17a",
            player=pl.name,
            n=n,
        )
        return True


def tap_or_untap(g: GameState, p: Permanent, untapping: bool) -> None:
    """701.26a-b: tap ``p`` (or untap it, ``untapping``), if it isn't already."""
    if untapping:
        if p.tapped:
            untap(g, [p])
            g.emit("effect", "{card!c} untaps", "701.26b", card=p.name)
    elif not p.tapped:
        tap(g, p)
        g.emit("effect", "{card!c} becomes tapped", "701.26a", card=p.name)


def put_counters(g: GameState, p: Permanent, kind: str, n: int) -> None:
    """122.1: ``n`` counters of ``kind`` (``+1/+1``, ``-1/-1``...) go on permanent ``p``."""
    counters = dict(p.counters) if p.counters else {}
    counters[kind] = counters.get(kind, 0) + n
    p.counters = counters
    g.emit(
        "counters",
        "{card!c} gets a {counter} counter" if n == 1 else "{card!c} gets {n} {counter} counters",
        "122.1",
        card=p.name,
        n=n,
        counter=kind,
    )


@dataclass(frozen=True, slots=True)
class PutCounters(Effect):
    """122.1: put N counters of a kind (``+1/+1``, ``-1/-1``) on a permanent (its P/T change
    in layer 7c, 613.4c); ``target`` SOURCE is the source itself."""

    kind: str
    count: int | Amount = 1
    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        p = _object(g, item, self.target)
        n = amount_of(self.count, g, item)
        if p is None or n <= 0:
            return True
        put_counters(g, p, self.kind, n)
        return True


@dataclass(frozen=True, slots=True)
class DestroyNoRegen(Effect):
    """701.8 and 701.19c: "destroy target creature. It can't be regenerated"."""

    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        p = stack.target_permanent(g, item, self.target)
        if p is not None:
            g.emit("effect", "{card!c} can't be regenerated", "701.19c", card=p.name)
            destroy(g, [p], False)
        return True


@dataclass(frozen=True, slots=True)
class LifeForEach(Effect):
    """119.3: "each opponent loses N life" / "each player gains N life" (``whom``:
    "opponent" or "player"; ``gain``: gains rather than loses)."""

    amount: int | Amount
    whom: str = "opponent"
    gain: bool = False

    def resolve(self, g: GameState, item: StackItem) -> bool:
        n = amount_of(self.amount, g, item)
        pis = (
            _opponents(g, item.controller)
            if self.whom == "opponent"
            else [p.idx for p in g.players if not p.left]
        )
        for pi in pis:
            (gain_life if self.gain else lose_life)(g, pi, n, card_msg(item.source_name))
        return True


@dataclass(frozen=True, slots=True)
class DamageEach(Effect):
    """120.3: "~ deals N damage to each creature [with flying] and each player" (the
    creatures ``creatures`` matches, seen by the controller; ``players``: "", "player" or
    "opponent"), all at once."""

    amount: int | Amount
    creatures: Filter | None = None
    players: str = ""

    def resolve(self, g: GameState, item: StackItem) -> bool:
        n = amount_of(self.amount, g, item)
        if self.creatures is not None:
            f = self.creatures
            for p in [
                p
                for p in g.battlefield
                if layers.is_creature(p) and f.permanent(g, p, item.controller)
            ]:
                damage_creature(g, item, p, n)
        if self.players:
            pis = (
                _opponents(g, item.controller)
                if self.players == "opponent"
                else [p.idx for p in g.players if not p.left]
            )
            for pi in pis:
                damage_player(g, item, pi, n)
        return True


# --- choices made as the effect resolves --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DiscardCards(Effect):
    """701.9a: "target player discards N cards" (each chosen by that player, one decision
    each; ``who``: "you" or "target")."""

    count: int | Amount
    who: str = "target"
    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        pi = stack.player_for(item, self.who, self.target)
        if pi is None or g.players[pi].left:
            return True
        n = min(amount_of(self.count, g, item), len(g.players[pi].hand))
        if n <= 0:
            return True
        g.pending = ChooseCard(pi, "discard", n, item.source_name)
        return False


@dataclass(frozen=True, slots=True)
class DiscardRandom(Effect):
    """701.9b: "target player discards N cards at random"."""

    count: int | Amount
    who: str = "target"
    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        pi = stack.player_for(item, self.who, self.target)
        if pi is None:
            return True
        pl = g.players[pi]
        for _ in range(min(amount_of(self.count, g, item), len(pl.hand))):
            card = pl.hand[g.rng.below(len(pl.hand))]
            discard(g, pi, card, "{player} discards {card!c} at random", "701.9b")
        return True


@dataclass(frozen=True, slots=True)
class RevealChooseDiscard(Effect):
    """701.20a then 701.9a: "target player reveals their hand. You choose a [nonland] card
    from it. That player discards that card" (``types_not``: the card types it may not have)."""

    target: int = 0
    types_not: tuple[str, ...] = ()

    def resolve(self, g: GameState, item: StackItem) -> bool:
        pi = stack.player_for(item, "target", self.target)
        if pi is None:
            return True
        pl = g.players[pi]
        g.emit(
            "reveal",
            "{player} reveals their hand: {cards}",
            "701.20a",
            player=pl.name,
            cards=comma_list([card_msg(c.name) for c in pl.hand]) if pl.hand else Msg("no cards"),
        )
        bad = frozenset(self.types_not)
        if not any(not c.cdef.types & bad for c in pl.hand):
            return True
        g.pending = ChooseCard(
            item.controller, "reveal", 1, item.source_name, owner=pi, types_not=self.types_not
        )
        return False


@dataclass(frozen=True, slots=True)
class Scry(Effect):
    """701.22a: look at the top N cards of your library, put any number on the bottom and the
    rest on top (each card, from the top, is kept on top or put on the bottom: a decision)."""

    count: int

    def resolve(self, g: GameState, item: StackItem) -> bool:
        pl = g.players[item.controller]
        n = min(self.count, len(pl.library))
        if n <= 0:
            return True
        g.emit("scry", "{player} scries {n}", "701.22a", player=pl.name, n=n)
        g.pending = ChooseCard(item.controller, "scry", n, item.source_name)
        return False


@dataclass(frozen=True, slots=True)
class SearchBasicLand(Effect):
    """701.23a: "search your library for a basic land card [a Forest card], put it into your
    hand / onto the battlefield [tapped], then shuffle" (701.24a); the player may fail to find
    (701.23b). ``land``: the land type searched for ("" for a basic land card); ``wording``:
    how the text says the rest (for the render)."""

    dest: str = "hand"
    tapped: bool = False
    reveal: bool = False
    land: str = ""
    wording: str = ""

    def resolve(self, g: GameState, item: StackItem) -> bool:
        what = "search_" + self.dest + ("_tapped" if self.tapped else "")
        if self.dest == "hand" and not self.reveal:
            what += "_hidden"  # the card found is not revealed: the log doesn't name it
        if self.land:
            what += ":" + self.land
        g.pending = ChooseCard(item.controller, what, 1, item.source_name)
        return False


def _basic_lands(g: GameState, pi: int, what: str = "") -> list[Card]:
    """The cards a search finds: basic land cards, or after ':' cards of that land type, of
    that card type (``Creature``), or any card (``card``)."""
    land = what.partition(":")[2]
    if land == "card":
        return list(g.players[pi].library)
    if land in _CARD_TYPES:
        return [c for c in g.players[pi].library if land in c.cdef.types]
    if land:
        return [c for c in g.players[pi].library if land in c.cdef.subtypes]
    return [c for c in g.players[pi].library if c.cdef.is_land and "Basic" in c.cdef.supertypes]


class ChooseCard(Pending):
    """A card chosen as an effect resolves (608.2d): a card to discard (701.9a), where a
    scried card goes (701.22a: "top" or "bottom"), or the card a search finds (701.23a; "none":
    fail to find, 701.23b). ``count`` choices are left."""

    kind = Kind.CHOOSE_CARD
    __slots__ = ("count", "kept", "owner", "source", "types_not", "what")

    def __init__(
        self,
        player: int,
        what: str,
        count: int,
        source: str,
        kept: int = 0,
        owner: int = -1,
        types_not: tuple[str, ...] = (),
    ) -> None:
        super().__init__(player)
        self.what = what
        self.count = count
        self.source = source
        self.kept = kept  # scry: the cards already kept on top (the next one is below them)
        # "reveal": whose hand the card is chosen from, and the card types it may not have.
        self.owner = owner
        self.types_not = types_not

    def copy(self) -> ChooseCard:
        return ChooseCard(
            self.player,
            self.what,
            self.count,
            self.source,
            self.kept,
            self.owner,
            self.types_not,
        )

    def prompt(self, g: GameState) -> Msg:
        who = g.pname(self.player)
        if self.what == "discard":
            return Msg("{player}: discard a card ({card!c})", player=who, card=self.source)
        if self.what == "reveal":
            return Msg(
                "{player}: choose a card of {owner}'s hand to discard",
                player=who,
                owner=g.pname(self.owner),
            )
        if self.what == "scry":
            return Msg(
                "{player}: the top card of your library to the top or the bottom ({card!c})",
                player=who,
                card=self.source,
            )
        return Msg("{player}: search your library ({card!c})", player=who, card=self.source)

    def _cards(self, g: GameState) -> list[Card]:
        if self.what == "reveal":
            bad = frozenset(self.types_not)
            return [c for c in g.players[self.owner].hand if not c.cdef.types & bad]
        pl = g.players[self.player]
        return pl.hand if self.what == "discard" else _basic_lands(g, self.player, self.what)

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        pi = self.player
        if self.what == "scry":
            return [Choose(pi, "top"), Choose(pi, "bottom")]
        seen: set[str] = set()
        out: list[Action] = []
        for c in self._cards(g):
            if c.cdef.name not in seen:  # identical cards: one option
                seen.add(c.cdef.name)
                out.append(Choose(pi, str(c.cid)))
        if self.what not in ("discard", "reveal") and not (out and self._must_find()):
            out.append(Choose(pi, "none"))
        return out

    def _must_find(self) -> bool:
        """701.23b: only a search for a card with a stated quality may fail to find."""
        return self.what.endswith(":card")

    def _card(self, g: GameState, option: str) -> Card:
        low = option.strip().lower()
        for c in self._cards(g):
            if str(c.cid) == low or c.cdef.name.lower() == low:
                return c
        raise IllegalAction(
            "target",
            "no {option} in the hand to choose"
            if self.what == "discard"
            else "no {option} in the library (a basic land card) to choose",
            "608.2d",
            option=repr(option),
        )

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if not isinstance(a, Choose):
            raise self.refuse(g, a)
        pl = g.players[self.player]
        option = a.option.strip().lower()
        if self.what == "scry":
            if option not in ("top", "bottom"):
                raise IllegalAction("target", "choose top or bottom", "701.22a")
            # The library's top is its end; the cards kept so far stay above this one.
            k = len(pl.library) - 1 - self.kept
            card = pl.library[k]
            if option == "bottom":
                lib = pl.library
                pl.library = (card, *lib[:k], *lib[k + 1 :])
            else:
                self.kept += 1
            g.emit(
                "scry",
                "{player} puts a card on the top of their library"
                if option == "top"
                else "{player} puts a card on the bottom of their library",
                "701.22a",
                player=pl.name,
            )
        elif self.what in ("discard", "reveal"):
            card = self._card(g, option)
            victim = self.owner if self.what == "reveal" else self.player
            discard(g, victim, card, "{player} discards {card!c}")
        else:
            if option == "none":
                if self._must_find() and pl.library:
                    raise IllegalAction("target", "a search for any card finds one", "701.23b")
                g.emit("search", "{player} finds nothing", "701.23b", player=pl.name)
            else:
                self._found(g, self._card(g, option))
            pl.library = g.rng.shuffled(pl.library)
            g.emit("shuffle", "{player} shuffles their library", "701.24a", player=pl.name)
        self.count -= 1
        if self.count > 0:
            return None
        g.pending = None
        stack.resume(g)
        from manastack import priority

        priority.after_resolution(g)
        return None

    def _found(self, g: GameState, card: Card) -> None:
        from manastack.zones import enter_battlefield

        pl = g.players[self.player]
        pl.take_from_library(card)
        if self.what.partition(":")[0].startswith("search_hand"):
            pl.hand.append(card)
            g.emit(
                "search",
                "{player} finds {card} and puts it into their hand",
                "701.23a",
                player=pl.name,
                card=Msg("a card") if "_hidden" in self.what else card_msg(card.name),
            )
            return
        g.emit("search", "{player} finds {card!c}", "701.23a", player=pl.name, card=card.name)
        perm = enter_battlefield(g, card, self.player, rule="701.23a")
        if perm is not None and self.what.partition(":")[0].endswith("_tapped"):
            perm.tapped = True
            g.source_memo = None

    def player_left(self, g: GameState, pi: int) -> None:
        if pi == self.player and g.resolving is not None:
            stack.resume(g)
            from manastack import priority

            priority.after_resolution(g)

    def fields(self) -> dict[str, Any]:
        return {
            "what": self.what,
            "count": self.count,
            "source": self.source,
            "kept": self.kept,
            "owner": self.owner,
            "types_not": list(self.types_not),
        }

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> ChooseCard:
        return cls(
            player,
            d["what"],
            d["count"],
            d["source"],
            d.get("kept", 0),
            d.get("owner", -1),
            tuple(d.get("types_not", ())),
        )


# --- "you may" (an optional instruction, 608.2d) ------------------------------------------------


@dataclass(frozen=True, slots=True)
class YouMay(Effect):
    """608.2d: "you may [the next instruction]": the controller chooses as it resolves; "no"
    skips the instruction that follows this one in the spell's or ability's effects."""

    def resolve(self, g: GameState, item: StackItem) -> bool:
        g.pending = ChooseYesNo(item.controller, item.source_name)
        return False


class ChooseYesNo(Pending):
    """608.2d: whether to do what "you may" offers ("yes" or "no")."""

    kind = Kind.MAY
    __slots__ = ("source",)

    def __init__(self, player: int, source: str) -> None:
        super().__init__(player)
        self.source = source

    def copy(self) -> ChooseYesNo:
        return ChooseYesNo(self.player, self.source)

    def prompt(self, g: GameState) -> Msg:
        return Msg(
            "{player}: do what {card!c} says you may? (yes or no)",
            player=g.pname(self.player),
            card=self.source,
        )

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        return [Choose(self.player, "yes"), Choose(self.player, "no")]

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if not isinstance(a, Choose) or a.option.strip().lower() not in ("yes", "no"):
            raise IllegalAction("target", "choose yes or no", "608.2d")
        yes = a.option.strip().lower() == "yes"
        item = g.resolving
        if not yes and item is not None:
            item.data = dict(item.data or {})
            item.data["next"] = int(item.data.get("next", 0)) + 1  # skip the optional part
        g.emit(
            "choice",
            "{player} chooses yes" if yes else "{player} chooses no",
            "608.2d",
            player=g.pname(self.player),
        )
        g.pending = None
        stack.resume(g)
        from manastack import priority

        priority.after_resolution(g)
        return None

    def player_left(self, g: GameState, pi: int) -> None:
        if pi == self.player and g.resolving is not None:
            stack.resume(g)
            from manastack import priority

            priority.after_resolution(g)

    def fields(self) -> dict[str, Any]:
        return {"source": self.source}

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> ChooseYesNo:
        return cls(player, d["source"])


@dataclass(frozen=True, slots=True)
class ReturnFromGraveyard(Effect):
    """ "return target creature card from your graveyard to your hand" (a card in a graveyard
    targeted, 115.1; it becomes a new object in the hand, 400.7)."""

    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        cid = stack.target_of(item, self.target)
        pl = g.players[item.controller]
        card = next((c for c in pl.graveyard if c.cid == cid), None)
        if card is not None:
            pl.graveyard = without(pl.graveyard, card)
            pl.hand.append(card)
            g.emit(
                "move",
                "{card!c} returns from {player}'s graveyard to their hand",
                "400.7",
                card=card.name,
                player=pl.name,
            )
        return True


@dataclass(frozen=True, slots=True)
class PumpAll(Effect):
    """611.2c / 613.4c: "creatures you control get +1/+1 until end of turn": the creatures
    affected are fixed as it resolves (``creatures`` matches them, seen by the controller)."""

    power: int
    toughness: int
    creatures: Filter

    def resolve(self, g: GameState, item: StackItem) -> bool:
        f = self.creatures
        for p in [p for p in g.battlefield if layers.is_creature(p)]:
            if f.permanent(g, p, item.controller):
                g.effects += (Effect613(g.new_id(), "7c", p.oid, self.power, self.toughness),)
        g.emit(
            "effect",
            "{card!c}: creatures get {pt} until end of turn",
            "611.2c",
            card=item.source_name,
            pt=f"{self.power:+d}/{self.toughness:+d}",
        )
        return True


class CountersOnCreatures(Effect):
    """122.1: "put a +1/+1 counter on each creature you control": ``counters`` (their kind and
    number) on each creature that ``gets`` them, as it resolves."""

    __slots__ = ()

    def counters(self) -> tuple[str, int]:
        """The kind of counter and how many on each creature."""
        raise NotImplementedError

    def gets(self, g: GameState, p: Permanent, item: StackItem) -> bool:
        """Whether creature ``p`` gets them."""
        raise NotImplementedError

    def resolve(self, g: GameState, item: StackItem) -> bool:
        kind, n = self.counters()
        for p in [p for p in g.battlefield if layers.is_creature(p)]:
            if self.gets(g, p, item):
                put_counters(g, p, kind, n)
        return True


@dataclass(frozen=True, slots=True)
class CountersOnEach(CountersOnCreatures):
    """122.1: "put a +1/+1 counter on each creature you control"."""

    kind: str
    count: int
    creatures: Filter

    def counters(self) -> tuple[str, int]:
        return self.kind, self.count

    def gets(self, g: GameState, p: Permanent, item: StackItem) -> bool:
        return self.creatures.permanent(g, p, item.controller)


@dataclass(frozen=True, slots=True)
class DrawForEach(Effect):
    """121.1: "each player draws N cards" (``whom``: "player" or "opponent"), in turn order."""

    count: int | Amount
    whom: str = "player"

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack.zones import draw

        n = amount_of(self.count, g, item)
        pis = (
            _opponents(g, item.controller)
            if self.whom == "opponent"
            else [p.idx for p in g.players if not p.left]
        )
        for pi in pis:
            draw(g, pi, n)
        return True


@dataclass(frozen=True, slots=True)
class ExileAndReturn(Effect):
    """701.13a then 400.7: "exile target creature you control, then return that card to the
    battlefield under your control" (``owner``: "under its owner's control"): the card comes
    back as a new object; a token exiled this way ceases to exist (111.7) and doesn't return."""

    target: int = 0
    owner: bool = False

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack.zones import enter_battlefield

        p = stack.target_permanent(g, item, self.target)
        if p is None:
            return True
        card = p.card
        leave_battlefield(g, [p], "exile", Msg("is exiled"), "701.13a")
        pl = g.players[card.owner]
        if card.token or card not in pl.exile:
            return True
        pl.exile = without(pl.exile, card)
        controller = card.owner if self.owner else item.controller
        enter_battlefield(g, card, controller, rule="400.7")
        return True
