"""Searching a library for cards (701.23) and looking at its top cards: "search your library for
a Goblin permanent card with mana value 3 or less, put it onto the battlefield, then shuffle",
"search your library for up to two basic land cards, reveal them, put them into your hand, then
shuffle" (701.24a), "look at the top three cards of your library, put one of them into your hand
and the rest on the bottom of your library in any order" (401.4).

What a search looks for is a :class:`CardQuality` (a card's characteristics in the library:
types, subtypes, supertypes, colour, mana value, name). A player searching for cards with a
stated quality may fail to find them (701.23b)."""

from __future__ import annotations

from typing import Any

from manastack.frozen import dataclass
from manastack.i18n import Msg, card_msg, comma_list
from manastack.state import Card, GameState, StackItem
from manastack.vocabulary.asks import Asking

PERMANENT_CARD_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker"})


@dataclass(frozen=True, slots=True)
class CardQuality:
    """A card as a search describes it: one of ``types`` (empty: any), every one of
    ``all_types``, one of ``subtypes`` (empty: any), ``basic`` / ``legendary`` (None: either),
    one of ``colors``, mana value ``mv`` or less (``most``) or greater, named ``name``."""

    types: frozenset[str] = frozenset()
    all_types: frozenset[str] = frozenset()
    subtypes: tuple[str, ...] = ()
    basic: bool | None = None
    legendary: bool | None = None
    colors: str = ""
    mv: int = -1
    most: bool = True
    name: str = ""

    def matches(self, card: Card) -> bool:
        cd = card.cdef
        if self.types and not cd.types & self.types:
            return False
        if self.all_types and not self.all_types <= cd.types:
            return False
        if self.subtypes and not any(s in cd.subtypes for s in self.subtypes):
            return False
        if self.basic is not None and ("Basic" in cd.supertypes) != self.basic:
            return False
        if self.legendary is not None and cd.is_legendary != self.legendary:
            return False
        if self.colors and not cd.colors & frozenset(self.colors):
            return False
        if self.mv >= 0 and not (
            cd.mana_value <= self.mv if self.most else cd.mana_value >= self.mv
        ):
            return False
        return not self.name or cd.name == self.name

    @property
    def stated(self) -> bool:
        """Whether it states a quality (701.23b: then the searcher may find nothing)."""
        return self != CardQuality()


@dataclass(frozen=True, slots=True)
class Search(Asking):
    """701.23a: search your library for ``count`` cards ``what`` describes (``up_to``: up to
    that many; ``count`` 0: any number), put them ``dest`` ("hand", "battlefield", "graveyard",
    "top": on top after the shuffle), ``tapped`` onto the battlefield, ``reveal``-ed, then
    shuffle (701.24a)."""

    what: CardQuality
    dest: str = "hand"
    count: int = 1
    up_to: bool = False
    tapped: bool = False
    reveal: bool = False

    def resolve(self, g: GameState, item: StackItem) -> bool:
        st: dict[str, Any] = {"found": []}
        if not self._candidates(g, item, st):
            self._finish(g, item, st)
            return True
        return self.ask(g, item, st)

    def _candidates(self, g: GameState, item: StackItem, st: dict[str, Any]) -> list[Card]:
        found = set(st["found"])
        lib = g.players[item.controller].library
        what = self.what
        if what.name == "~":  # "a card named ~": the source's own name
            what = CardQuality(name=item.source_name)
        return [c for c in lib if c.cid not in found and what.matches(c)]

    def _left(self, st: dict[str, Any]) -> int:
        return 10**6 if self.count == 0 else self.count - len(st["found"])

    def ask_prompt(self, g: GameState, item: StackItem, st: dict[str, Any]) -> Msg:
        return Msg(
            "{player}: search your library ({card!c})",
            player=g.pname(item.controller),
            card=item.source_name,
        )

    def options(self, g: GameState, item: StackItem, st: dict[str, Any]) -> list[str]:
        if self._left(st) <= 0:
            return []
        seen: set[str] = set()
        out: list[str] = []
        for c in self._candidates(g, item, st):
            if c.cdef.name not in seen:  # identical cards: one option
                seen.add(c.cdef.name)
                out.append(str(c.cid))
        if not out:
            return []
        # 701.23b: a search for cards with a stated quality (or for up to N) may find fewer.
        if self.what.stated or self.up_to or self.count == 0 or st["found"]:
            out.append("done")
        return out

    def match(self, g: GameState, item: StackItem, st: dict[str, Any], option: str) -> str | None:
        low = option.strip().lower()
        if low in ("none", "done") and "done" in self.options(g, item, st):
            return "done"
        for c in self._candidates(g, item, st):
            if str(c.cid) == low or c.name.lower() == low:
                return str(c.cid)
        return None

    def chosen(self, g: GameState, item: StackItem, st: dict[str, Any], option: str) -> bool:
        if option != "done":
            st["found"] = [*st["found"], int(option)]
            if self.options(g, item, st):
                return False
        self._finish(g, item, st)
        return True

    def _finish(self, g: GameState, item: StackItem, st: dict[str, Any]) -> None:
        from manastack.zones import enter_battlefield

        pl = g.players[item.controller]
        found = [c for c in pl.library if c.cid in set(st["found"])]
        found.sort(key=lambda c: st["found"].index(c.cid))
        taken = {c.cid for c in found}
        pl.library = tuple(c for c in pl.library if c.cid not in taken)
        if not found:
            g.emit("search", "{player} finds nothing", "701.23b", player=pl.name)
        elif self.reveal or self.dest in ("battlefield", "graveyard"):
            g.emit(
                "search",
                "{player} finds {cards}",
                "701.23a",
                player=pl.name,
                cards=comma_list([card_msg(c.name) for c in found]),
            )
        else:
            g.emit("search", "{player} finds {n} card(s)", "701.23a", player=pl.name, n=len(found))
        if self.dest == "hand":
            pl.hand.extend(found)
        elif self.dest == "graveyard":
            pl.graveyard += tuple(found)
        elif self.dest == "battlefield":
            for c in found:
                perm = enter_battlefield(g, c, item.controller, rule="701.23a")
                if perm is not None and self.tapped:
                    perm.tapped = True
                    g.source_memo = None
        pl.library = g.rng.shuffled(pl.library)
        g.emit("shuffle", "{player} shuffles their library", "701.24a", player=pl.name)
        if self.dest == "top":
            pl.library = (*pl.library, *found)  # the top is the end
            if found:
                g.emit(
                    "search",
                    "{player} puts {card} on top of their library",
                    "701.23a",
                    player=pl.name,
                    card=Msg("a card") if len(found) == 1 else Msg("the cards"),
                )


@dataclass(frozen=True, slots=True)
class LookAtTop(Asking):
    """401.4 and 701.20: look at (``reveal``: reveal) the top ``count`` cards of your library;
    ``pick``: "one" (put one of them into your hand), "may" (you may put one ``what`` describes
    into your hand, revealed), "all" (put all ``what`` describes into your hand), "" (none);
    then ``rest``: "bottom" (on the bottom in any order), "graveyard", or "back" (on top in any
    order). The order is chosen one card at a time: each card chosen goes on the top (or the
    bottom) of the library, so the last chosen ends on top (or at the very bottom)."""

    count: int
    pick: str = "one"
    rest: str = "bottom"
    what: CardQuality = CardQuality()
    reveal: bool = False

    def resolve(self, g: GameState, item: StackItem) -> bool:
        lib = g.players[item.controller].library
        n = min(self.count, len(lib))
        if n <= 0:
            return True
        looked = [c.cid for c in reversed(lib[-n:])]  # the top first
        pl = g.players[item.controller]
        if self.reveal:
            g.emit(
                "reveal",
                "{player} reveals {cards}",
                "701.20a",
                player=pl.name,
                cards=comma_list([card_msg(c.name) for c in reversed(lib[-n:])]),
            )
        else:
            g.emit(
                "look",
                "{player} looks at the top {n} card(s) of their library",
                "401.4",
                player=pl.name,
                n=n,
            )
        st: dict[str, Any] = {"looked": looked, "picked": [], "order": [], "phase": "pick"}
        if self.pick == "all":
            st["picked"] = [cid for cid in looked if self.what.matches(self._card(g, item, cid))]
            st["phase"] = "order"
        elif not self.pick:
            st["phase"] = "order"
        return self._step(g, item, st)

    def _card(self, g: GameState, item: StackItem, cid: int) -> Card:
        for c in g.players[item.controller].library:
            if c.cid == cid:
                return c
        raise ValueError("a looked-at card left the library")

    def _rest(self, st: dict[str, Any]) -> list[int]:
        taken = set(st["picked"]) | set(st["order"])
        return [cid for cid in st["looked"] if cid not in taken]

    def _step(self, g: GameState, item: StackItem, st: dict[str, Any]) -> bool:
        """Go on until a real choice is left (True when done: the cards are put away)."""
        if st["phase"] == "order":
            rest = self._rest(st)
            names = {self._card(g, item, cid).name for cid in rest}
            if self.rest == "graveyard" or len(names) <= 1:
                st["order"] = [*st["order"], *rest]
            if self._rest(st):
                return self.ask(g, item, st)
            self._finish(g, item, st)
            return True
        return self.ask(g, item, st)

    def ask_prompt(self, g: GameState, item: StackItem, st: dict[str, Any]) -> Msg:
        if st.get("phase") == "pick":
            return Msg(
                "{player}: choose a card to put into your hand ({card!c})",
                player=g.pname(item.controller),
                card=item.source_name,
            )
        return Msg(
            "{player}: choose the next card to put back ({card!c})",
            player=g.pname(item.controller),
            card=item.source_name,
        )

    def options(self, g: GameState, item: StackItem, st: dict[str, Any]) -> list[str]:
        if st.get("phase") == "pick":
            cards = [self._card(g, item, cid) for cid in st["looked"]]
            if self.pick == "may":
                out = [str(c.cid) for c in cards if self.what.matches(c)]
                return [*out, "none"]
            return [str(c.cid) for c in cards]
        return [str(cid) for cid in self._rest(st)]

    def match(self, g: GameState, item: StackItem, st: dict[str, Any], option: str) -> str | None:
        low = option.strip().lower()
        legal = self.options(g, item, st)
        if low in legal:
            return low
        for o in legal:
            if o != "none" and self._card(g, item, int(o)).name.lower() == low:
                return o
        return None

    def chosen(self, g: GameState, item: StackItem, st: dict[str, Any], option: str) -> bool:
        if st["phase"] == "pick":
            if option != "none":
                st["picked"] = [int(option)]
            st["phase"] = "order"
        else:
            st["order"] = [*st["order"], int(option)]
        if st["phase"] == "order":
            rest = self._rest(st)
            names = {self._card(g, item, cid).name for cid in rest}
            if self.rest == "graveyard" or len(names) <= 1:
                st["order"] = [*st["order"], *rest]
        if self._rest(st):
            return False
        self._finish(g, item, st)
        return True

    def _finish(self, g: GameState, item: StackItem, st: dict[str, Any]) -> None:
        pl = g.players[item.controller]
        by_id = {c.cid: c for c in pl.library if c.cid in set(st["looked"])}
        pl.library = tuple(c for c in pl.library if c.cid not in by_id)
        picked = [by_id[cid] for cid in st["picked"]]
        if picked:
            pl.hand.extend(picked)
            if self.pick == "one" and not self.reveal:
                g.emit(
                    "move",
                    "{player} puts a card into their hand",
                    "401.4",
                    player=pl.name,
                )
            else:
                g.emit(
                    "move",
                    "{player} puts {cards} into their hand",
                    "701.20a",
                    player=pl.name,
                    cards=comma_list([card_msg(c.name) for c in picked]),
                )
        rest = [by_id[cid] for cid in st["order"]]
        if self.rest == "graveyard":
            pl.graveyard += tuple(rest)
            if rest:
                g.emit(
                    "move",
                    "{player} puts {cards} into their graveyard",
                    "401.4",
                    player=pl.name,
                    cards=comma_list([card_msg(c.name) for c in rest]),
                )
        elif self.rest == "back":
            pl.library = (*pl.library, *rest)  # each on top: the last chosen ends on top
            if rest:
                g.emit("move", "{player} puts the cards back on top", "401.4", player=pl.name)
        else:
            # Each on the bottom: the last chosen ends at the very bottom.
            pl.library = (*reversed(rest), *pl.library)
            if rest:
                g.emit(
                    "move",
                    "{player} puts the rest on the bottom of their library",
                    "401.4",
                    player=pl.name,
                )
