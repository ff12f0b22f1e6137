"""``manastack play``: a person plays a whole game in the terminal against a built-in agent.

The loop lives in :class:`PlaySession`, which never touches the terminal itself: it reads lines
from an input function and writes to a rich ``Console``, so tests drive it with strings.

>>> import io
>>> from rich.console import Console
>>> from manastack.agents import random_agent
>>> game = Game.new([["Forest"] * 20, ["Island"] * 20], ["alice", "bob"], seed=1, mulligans=False)
>>> s = PlaySession(game, 0, random_agent, console=Console(file=io.StringIO(), width=80))
>>> "Stack" in s.start()
True
>>> "1. pass" in s.step("help")
True
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.text import Text

from manastack import cards
from manastack.actions import Action, ActivateMana, FinishDeclaration, Pass, PayMana
from manastack.agents import Agent, AgentView, get_agent, unknown_agent
from manastack.cardinfo import card_text
from manastack.deckgen import random_deck
from manastack.decklist import check_deck_size, load_decklist
from manastack.errors import IllegalAction, InputError, ManastackError, quote_name
from manastack.game import Game
from manastack.i18n import (
    ENGLISH,
    N_,
    Msg,
    Translator,
    and_list,
    cardnames,
    comma_list,
    translator,
)
from manastack.mana import pool_text
from manastack.record import Record
from manastack.safetext import make_safe, safe_print
from manastack.state import Event, GameState, Kind, Permanent, StackItem
from manastack.steps import Step
from manastack.targeting import describe_msg
from manastack.text import Plans, describe_action, execute, follow_order_plan
from manastack.text import commands as C
from manastack.text.describe import numbered_item, numbered_name
from manastack.textfile import check_writable, source_name, write_text

DECKS_DIR = Path(__file__).resolve().parent / "decks"  # package data (decks/ links to it)
DEFAULT_DECK = "red-green.txt"
DEFAULT_OPPONENT_DECK = "white-blue.txt"
WIDTH = 80
MAX_NEW_LOG_LINES = 30
"""More new log lines than this are cut to the last ones (``log`` shows them all)."""
MAX_AUTO_DECISIONS = 200_000
"""Decisions taken without the person (agent, auto-passes) before the session gives up."""
MAX_TURNS = 500

META_COMMANDS = ("help", "explain", "log", "save ", "card ", "done", "pay", "quit")

# Why a player holds priority, by the rule the engine gave it under.
PRIORITY_REASONS = {
    "117.3a": N_("the step began"),
    "117.3b": N_("a spell or ability resolved"),
    "117.3c": N_("after casting a spell or activating an ability"),
    "117.3d": N_("the previous player passed"),
    "116.3": N_("after a special action (a land played)"),
    "514.3a": N_("something happened in cleanup"),
    "800.4a": N_("a player left the game"),
}

# Why nobody holds priority while a decision other than priority is pending.
DECISION_WHY = {
    Kind.TARGET: (N_("a spell or ability is being cast or activated"), "601.2c"),
    Kind.PAY_MANA: (N_("a spell or ability is being cast or activated"), "601.2h"),
    Kind.CHOOSE_COLOR: (N_("a mana ability is being activated"), "605.3b"),
    Kind.DECLARE_ATTACKERS: (N_("attackers are declared as a turn-based action"), "508.1"),
    Kind.DECLARE_BLOCKERS: (N_("blockers are declared as a turn-based action"), "509.1"),
    Kind.ASSIGN_DAMAGE: (N_("combat damage is being assigned"), "510.1c"),
    Kind.ORDER_TRIGGERS: (N_("triggered abilities are being put on the stack"), "603.3b"),
    Kind.TRIGGER_TARGET: (N_("a triggered ability is being put on the stack"), "603.3d"),
    Kind.DISCARD: (N_("a discard is being made"), "514.1"),
    Kind.CHOOSE_LEGEND: (N_("the legend rule is being applied"), "704.5j"),
    Kind.PAY_OR_DECLINE: (N_("a spell or ability is resolving"), "608.2"),
    Kind.CAST_OR_DECLINE: (N_("a spell or ability is resolving"), "608.2"),
    Kind.MULLIGAN: (N_("the players are choosing their opening hands"), "103.5"),
    Kind.PUT_ON_BOTTOM: (N_("the players are choosing their opening hands"), "103.5"),
    Kind.CHOOSE_X: (N_("a spell or ability is being cast or activated"), "601.2b"),
    Kind.CHOOSE_CARD: (N_("a spell or ability is resolving"), "608.2d"),
    Kind.CHOOSE_COST: (N_("a spell or ability is being cast or activated"), "601.2h"),
    Kind.MAY: (N_("a spell or ability is resolving"), "608.2d"),
    Kind.CHOOSE_MODE: (N_("a spell is being cast"), "601.2b"),
    Kind.OPTIONAL_COST: (N_("a spell is being cast"), "601.2b"),
    Kind.PAY_OR_SACRIFICE: (N_("a spell or ability is resolving"), "608.2"),
}

# What to type instead, after a refusal, by the decision being asked.
WHAT_NOW = {
    Kind.PRIORITY: N_("you have priority: `pass`, `play LAND`, `cast CARD`, `activate CARD`"),
    Kind.TARGET: N_("you are choosing a target: `choose T` (a player's or a card's name)"),
    Kind.TRIGGER_TARGET: N_("you are choosing a target for a triggered ability: `choose T`"),
    Kind.PAY_MANA: N_("you are paying a cost: `pay`, or `activate LAND` for its mana first"),
    Kind.PAY_OR_DECLINE: N_("you may pay or not: `choose pay` or `choose decline`"),
    Kind.PAY_OR_SACRIFICE: N_(
        "pay, or the permanent is sacrificed: `choose pay` or `choose decline`"
    ),
    Kind.DECLARE_ATTACKERS: N_(
        "you are declaring attackers: `attack with CARD[, CARD...]` or `done`"
    ),
    Kind.DECLARE_BLOCKERS: N_("you are declaring blockers: `block ATTACKER with CARD` or `done`"),
    Kind.ASSIGN_DAMAGE: N_("you are assigning combat damage: `assign N to T[, N to T...]`"),
    Kind.ORDER_TRIGGERS: N_("you are ordering triggered abilities: `order CARD, CARD...`"),
    Kind.DISCARD: N_("you are discarding: `discard CARD[, CARD...]`"),
    Kind.CHOOSE_LEGEND: N_("you are choosing which legend to keep: `choose CARD`"),
    Kind.CAST_OR_DECLINE: N_("you may cast the card: `cast CARD` or `choose decline`"),
    Kind.CHOOSE_COLOR: N_("you are choosing a colour: `choose red` (or white, blue, black, green)"),
    Kind.CHOOSE_X: N_("you are choosing the value of X: `choose N`"),
    Kind.CHOOSE_CARD: N_(
        "you are choosing a card (`choose CARD`, `choose none`) or, scrying, "
        "`choose top` or `choose bottom`"
    ),
    Kind.CHOOSE_COST: N_(
        "you are choosing what to sacrifice or discard to pay a cost: `choose CARD`"
    ),
    Kind.MAY: N_("you may do what the spell or ability offers: `choose yes` or `choose no`"),
    Kind.CHOOSE_MODE: N_("you are choosing the spell's mode: `choose mode N` (N from 1)"),
    Kind.OPTIONAL_COST: N_(
        "you are choosing whether to pay an optional cost (kicker, buyback): `choose pay` or "
        "`choose decline` (multikicker: `choose N`)"
    ),
}

# Each step as ``explain`` names it ("the {label} step ends"), by its contract name.
STEP_LABELS = {
    Step.UNTAP: N_("untap"),
    Step.UPKEEP: N_("upkeep"),
    Step.DRAW: N_("draw"),
    Step.PRECOMBAT_MAIN: N_("precombat main"),
    Step.BEGINNING_OF_COMBAT: N_("beginning of combat"),
    Step.DECLARE_ATTACKERS: N_("declare attackers"),
    Step.DECLARE_BLOCKERS: N_("declare blockers"),
    Step.FIRST_STRIKE_DAMAGE: N_("first strike damage"),
    Step.COMBAT_DAMAGE: N_("combat damage"),
    Step.END_OF_COMBAT: N_("end of combat"),
    Step.POSTCOMBAT_MAIN: N_("postcombat main"),
    Step.END: N_("end"),
    Step.CLEANUP: N_("cleanup"),
}
assert all(STEP_LABELS[s] == s.label.replace("_", " ") for s in Step)

# What each step brings, in words, with its rule. {ap}: the active player, {nap}: the other.
STEP_TEXT = {
    Step.UNTAP: N_(
        "{ap}'s untap step: {ap} untaps their permanents [502.3]; nobody gets priority [502.4]"
    ),
    Step.UPKEEP: N_("upkeep step [503.1]: upkeep triggers, then {ap} receives priority [117.3a]"),
    Step.DRAW: N_("draw step: {ap} draws a card [504.1], then receives priority [117.3a]"),
    Step.PRECOMBAT_MAIN: N_(
        "precombat main phase [505.1]: {ap} may play a land [305.1] and cast "
        "sorcery-speed spells [307.1]"
    ),
    Step.BEGINNING_OF_COMBAT: N_("beginning of combat step [507.1]"),
    Step.DECLARE_ATTACKERS: N_("declare attackers step: {ap} declares attackers [508.1]"),
    Step.DECLARE_BLOCKERS: N_("declare blockers step: {nap} declares blockers [509.1]"),
    Step.FIRST_STRIKE_DAMAGE: N_("first-strike combat damage step [510.4]"),
    Step.COMBAT_DAMAGE: N_(
        "combat damage step: attacking and blocking creatures deal combat damage [510.1, 510.2]"
    ),
    Step.END_OF_COMBAT: N_("end of combat step [511.1]"),
    Step.POSTCOMBAT_MAIN: N_(
        "postcombat main phase [505.1]: {ap} may play a land [305.1] and cast "
        "sorcery-speed spells [307.1]"
    ),
    Step.END: N_('end step [513.1]: "at the beginning of the end step" abilities trigger'),
    Step.CLEANUP: N_(
        "cleanup step: {ap} discards down to seven cards [514.1], damage wears off "
        'and "until end of turn" effects end [514.2]; normally nobody gets priority [514.3]'
    ),
}


@dataclass
class Outcome:
    """How the session ended: ``result`` is the winner's name, "draw", or None (quit)."""

    result: str | None
    text: str


class PlaySession:
    """One person (player ``human``) against ``agent`` (every other player), line by line."""

    def __init__(
        self,
        game: Game,
        human: int,
        agent: Agent,
        *,
        stops: str = "real",
        console: Console | None = None,
        rng: random.Random | None = None,
        record: Record | None = None,
        input_fn: Callable[[str], str] = input,
        lang: str = "en",
    ) -> None:
        if lang not in ("en", "fr"):
            raise ValueError(f"lang must be 'en' or 'fr', not {lang!r}")
        self.lang = lang
        if stops not in ("real", "all"):
            raise ValueError(f"stops must be 'real' or 'all', not {stops!r}")
        # Without the setup (a game made elsewhere) answers are still kept, but not saved.
        self.has_setup = record is not None
        self.record = record or Record([p.name for p in game.state.players], [])
        self.game: Game = game
        game.answers = self.record.answers  # every accepted answer goes into the record
        self.human = human
        # The players the person plays: themselves, or their whole team in a team game
        # (805: the team decides together; `NAME: command` acts as a teammate).
        fmt = game.state.format
        self.seats: tuple[int, ...] = (human,) if fmt.solo else fmt.teammates(human)
        self.agent = agent
        self.stops = stops
        self.console = make_safe(console or Console(width=WIDTH, record=True))
        self.console.record = True
        self.rng = rng or random.Random(0)
        self.input_fn = input_fn
        self.plans = Plans()
        self.names = cardnames.index([cd.name for defs in cards.POOLS.values() for cd in defs])
        self.quit = False
        self.stalled: str | None = None  # why the session stopped the game itself, if it did
        self._log_seen = 0
        self._announced = False
        self.t: Translator = game.state.tr  # the game's language: every message of the screen

    # --- the loop ---------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        decks: Sequence[Sequence[str]],
        names: Sequence[str],
        agent: Agent,
        *,
        seed: int = 0,
        rules: str = "current",
        first_player: int | None = 0,
        mulligans: bool = False,
        format: str = "free-for-all",
        teams: Sequence[Sequence[str]] | None = None,
        human: int = 0,
        stops: str = "real",
        console: Console | None = None,
        input_fn: Callable[[str], str] = input,
        lang: str = "en",
    ) -> PlaySession:
        """A new game between ``decks`` (the person plays ``decks[human]``), recorded from its
        start so that ``save`` writes a replayable record. ``first_player`` None chooses the
        starting player at random from the seed (103.1); ``mulligans`` begins with the rule
        set's mulligans (103.5). The ``play`` command asks for both; the defaults keep a
        session that starts at the first priority, for tests and embedding."""
        record = Record(
            list(names),
            [list(d) for d in decks],
            seed,
            rules,
            first_player,
            [],
            mulligans,
            format,
            None if teams is None else [list(t) for t in teams],
        )
        return cls(
            record.new_game(lang),
            human,
            agent,
            stops=stops,
            console=console,
            rng=random.Random(seed),
            record=record,
            input_fn=input_fn,
            lang=lang,
        )

    @property
    def finished(self) -> bool:
        return self.quit or self.game.is_over or self.stalled is not None

    @property
    def me(self) -> str:
        return self.game.state.pname(self.human)

    def start(self) -> str:
        """Play on to the person's first decision and show it."""
        self.console.export_text(clear=True)
        self._advance()
        self._show()
        self._announce()
        return self.console.export_text(clear=True)

    def step(self, line: str) -> str:
        """Handle one typed line; returns what it printed, as plain text."""
        self.console.export_text(clear=True)
        if not self.finished and self._handle(line.strip()):
            self._advance()
            self._show()
        self._announce()
        return self.console.export_text(clear=True)

    def _announce(self) -> None:
        if self.finished and not self._announced:
            self._announced = True
            self.console.print(Text(self.outcome().text, style="bold"))

    def run(self) -> Outcome:
        """Read lines until the game ends, the person quits, or input ends (EOF quits)."""
        self.start()
        while not self.finished:
            try:
                line = self.input_fn(f"{self.me}> ")
            except EOFError:
                self.console.print("")
                line = "quit"
            except KeyboardInterrupt:
                # As in a shell, Ctrl-C drops the line being typed; quit or Ctrl-D leaves.
                self.console.print(
                    "\n" + self.t.tr("(type quit, or press Ctrl-D, to leave the game)")
                )
                continue
            self.step(line)
        return self.outcome()

    def outcome(self) -> Outcome:
        if self.game.is_over:
            res = self.game.outcome()
            assert res is not None
            if res == "draw":
                text = self.t.tr("Game over: a draw.")
            elif res == self.me:
                text = self.t.tr("Game over: you ({player}) win.", player=self.me)
            else:
                text = self.t.tr("Game over: {winner} wins.", winner=res)
            return Outcome(res, text)
        if self.stalled is not None:
            return Outcome("draw", self.t.tr("Game stopped: {why}.", why=self.stalled))
        return Outcome(None, self.t.tr("You quit; the game was not finished."))

    # --- playing on without the person -------------------------------------------------------

    def _real_choice(self, options: Sequence[Action]) -> bool:
        return any(not isinstance(a, Pass | ActivateMana) for a in options)

    def _advance(self) -> None:
        """Let the agent answer its decisions and pass for the person where they have nothing
        to decide, until the person must decide or the game ends."""
        game = self.game
        for _ in range(MAX_AUTO_DECISIONS):
            if game.is_over:
                return
            if game.turn > MAX_TURNS:
                self.stalled = self.t.tr("turn {n} passed; the game is called a draw", n=MAX_TURNS)
                return
            d = game.decision
            if d is None:  # halted at a step start: nothing to decide
                game.resume()
                continue
            options = game.legal_actions()
            if d.player not in self.seats:
                choice = self.agent(AgentView(game, d, options), self.rng)
                try:
                    game.apply(choice)
                except IllegalAction:
                    # An agent's bad answer must not end the person's game.
                    game.apply(options[0])
                continue
            if d.kind is Kind.ORDER_TRIGGERS and follow_order_plan(game, self.human, self.plans):
                continue
            if self.stops == "real" and self._nothing_to_declare(d.kind, options):
                # No creature can attack (or block): a declaration with no choice is no stop.
                game.apply(options[0])
                continue
            if d.kind is not Kind.PRIORITY or self.stops == "all" or self._real_choice(options):
                return
            game.apply(Pass(d.player))
        self.stalled = self.t.tr(
            "{n} decisions without you; the game is called a draw", n=MAX_AUTO_DECISIONS
        )

    def _nothing_to_declare(self, kind: Kind, options: Sequence[Action]) -> bool:
        """A declaration just begun in which `done` is all there is (one under way, with
        creatures already declared, stays open until the person says `done`)."""
        if kind not in (Kind.DECLARE_ATTACKERS, Kind.DECLARE_BLOCKERS):
            return False
        if not all(isinstance(a, FinishDeclaration) for a in options):
            return False
        combat = self.game.state.combat
        if combat is None:
            return True
        return not (combat.attackers if kind is Kind.DECLARE_ATTACKERS else combat.blockers)

    # --- one line ---------------------------------------------------------------------------

    def _handle(self, line: str) -> bool:
        """Carry out ``line``; True when the game moved on (an action was taken)."""
        out = self.console
        if self.lang == "fr":
            line = _french_meta(line)
        low = line.lower()
        word = low.split(None, 1)[0] if low else ""
        if not line:
            out.print(self.t.tr("Type a command, a number from `help`, or `help`."), markup=False)
            return False
        if low in ("quit", "exit"):
            self.quit = True
            return False
        if low in ("help commands", "help grammar", "aide commandes"):
            if self.lang == "fr":
                # The French forms, then the English ones (valid too), the notes in French.
                out.print(C.GRAMMAR_FR, markup=False)
                out.print("")
                out.print(self.t.tr("The English commands:"), markup=False)
                out.print(C.GRAMMAR.split("\n\n")[0], markup=False)
            else:
                out.print(C.GRAMMAR, markup=False)
            return False
        if word in ("help", "?"):
            self._help()
            return False
        if low == "explain":
            out.print(self.explain(), markup=False)
            return False
        if low == "log":
            out.print(self.game.log_text(), markup=False)
            return False
        if word == "save":
            self.save(line.split(None, 1)[1] if " " in line else "")
            return False
        if word == "card":
            self._card(line.split(None, 1)[1] if " " in line else "")
            return False
        if line.isdigit():
            # int() would take any Unicode digit ('²', '٣') and refuse very long numbers.
            if not line.isascii() or len(line) > 6:
                out.print(
                    self.t.tr(
                        "{quote_name} is not a number of an action: type 1 to {count} (see "
                        "`help`).",
                        quote_name=quote_name(line),
                        count=len(self._options()),
                    ),
                    markup=False,
                )
                return False
            return self._number(int(line))
        if low == "done":
            return self._done()
        if low == "pay":
            return self._pay()
        actor = self.human
        head, sep, rest = line.partition(":")
        mate = next(
            (
                p
                for p in self.seats
                if sep and self.game.state.pname(p).lower() == head.strip().lower()
            ),
            None,
        )
        if mate is not None:  # `bob: cast ...`: a teammate's action (805.5a)
            actor, line = mate, rest.strip()
        try:
            cmd = C.parse_command(line, self.names, self.lang)
        except C.CommandSyntaxError as err:
            out.print(err.localized(self.t), markup=False)
            out.print(self.t.tr("(type `help` for what you can do now)"), markup=False)
            return False
        # `block X with Y` keeps the declaration open; `block with nothing` or `done` closes it.
        finish = not (isinstance(cmd, C.Block) and cmd.attacker is not None)
        return self._try(lambda: execute(self.game, actor, cmd, self.plans, finish_blocks=finish))

    def _try(self, act: Callable[[], None]) -> bool:
        mark = len(self.record.answers)
        try:
            act()
        except IllegalAction as err:
            del self.record.answers[mark:]  # execute put the game back; so does the record
            self.console.print(
                Text(self.t.tr("Refused: {err}", err=err.localized(self.t)), style="red")
            )
            d = self.game.decision
            if d is not None and d.player == self.human and d.kind in WHAT_NOW:
                hint = self.t.tr("Now {what}; or a number from `help`.", what=Msg(WHAT_NOW[d.kind]))
                self.console.print(hint, markup=False)
            return False
        return True

    def _number(self, n: int) -> bool:
        options = self._options()
        if not 1 <= n <= len(options):
            self.console.print(
                self.t.tr(
                    "There is no action {n}: the actions now are numbered 1 to {count} (type "
                    "`help`).",
                    n=n,
                    count=len(options),
                ),
                markup=False,
            )
            return False
        return self._try(lambda: self.game.apply(options[n - 1]))

    def _done(self) -> bool:
        d = self.game.decision
        if d is None or d.kind not in (Kind.DECLARE_ATTACKERS, Kind.DECLARE_BLOCKERS):
            self.console.print(
                self.t.tr("`done` ends a declaration of attackers or blockers; there is none now."),
                markup=False,
            )
            return False
        return self._try(lambda: self.game.apply(FinishDeclaration(d.player)))

    def _pay(self) -> bool:
        pays = [a for a in self._options() if isinstance(a, PayMana)]
        if not pays:
            self.console.print(self.t.tr("There is no cost to pay now."), markup=False)
            return False
        return self._try(lambda: self.game.apply(pays[0]))

    def _options(self) -> list[Action]:
        d = self.game.decision
        if d is None or d.player not in self.seats:
            return []
        return self.game.legal_actions()

    def _help(self) -> None:
        d = self.game.decision
        out = self.console
        if d is None or d.player not in self.seats:
            out.print(self.t.tr("You have nothing to decide now."), markup=False)
            return
        out.print(self.t.tr("{prompt}. The legal actions now:", prompt=d.prompt), markup=False)
        for i, a in enumerate(self.game.legal_actions(), start=1):
            out.print(
                self.t.tr(
                    "  {i:>2}. {describe_action}",
                    i=i,
                    describe_action=describe_action(self.game, a),
                ),
                markup=False,
            )
        out.print(
            self.t.tr(
                "Type a number, or a command (`help commands` lists them); also: explain, log, "
                "card NAME, save FILE, done, pay, quit."
            ),
            markup=False,
        )

    def save(self, path: str) -> bool:
        """Write the game record (setup, seed, every answer) to ``path``; True if written."""
        path = path.strip()
        if not path:
            self.console.print(self.t.tr("Say where: `save FILE`."), markup=False)
            return False
        if not self.has_setup:
            self.console.print(self.t.tr("This game was not recorded from its start: can't save."))
            return False
        try:
            write_text(path, self.record.to_json())
        except InputError as err:
            self.console.print(self.t.tr("Can't save: {err}", err=err), markup=False)
            return False
        n = len(self.record.answers)
        shown_path = source_name(path)
        self.console.print(
            self.t.tr(
                "Saved the game ({n} answers) to {shown_path}; `manastack replay {shown_path}` "
                "replays it.",
                n=n,
                shown_path=shown_path,
            ),
            markup=False,
        )
        return True

    def _card(self, name: str) -> None:
        cd = cards.find(name.strip()) if name.strip() else None
        if cd is None:
            sugg = cards.suggest(name.strip()) if name.strip() else []
            hint = self.t.tr(" (did you mean {names}?)", names=", ".join(sugg)) if sugg else ""
            self.console.print(
                self.t.tr(
                    "No card named {quote_name}{hint}.",
                    quote_name=quote_name(name.strip()),
                    hint=hint,
                ),
                markup=False,
            )
            return
        self.console.print(card_text(cd, self.t), markup=False)

    # --- explain ----------------------------------------------------------------------------

    def explain(self) -> str:
        """In words: what happens next if every player passes from here."""
        g = self.game.state
        d = self.game.decision
        t = self.t
        if d is None:
            if self.game.is_over:
                return t.tr("The game is over.")
            return t.tr("Nobody is being asked.")
        lines: list[str] = []
        if d.kind is not Kind.PRIORITY:
            why, rule = self._why_no_priority()
            lines.append(
                t.tr(
                    "First {prompt}: nobody has priority while {why} [{rule}]. Then:",
                    prompt=d.prompt,
                    why=why,
                    rule=rule,
                )
            )
        passing = self._who_passes(d.kind is Kind.PRIORITY)
        if g.stack:
            top = g.stack[-1]
            what = _card_words(top)
            lines.append(
                t.tr(
                    "If {passing} [117.4], the top of the stack resolves [405.5]: {item}{what!t}. "
                    "It follows its instructions in order [608.2]; a spell with illegal targets "
                    "only is countered instead [608.2b]. Then the active player, {player}, "
                    "receives priority [117.3b].",
                    passing=passing,
                    item=self._item_text(top),
                    what=what,
                    player=g.pname(g.active),
                )
            )
            if len(g.stack) > 1:
                rest = ", ".join(self._item_name(s) for s in reversed(g.stack[:-1]))
                lines.append(t.tr("The rest waits, last in, first out [405.5]: {rest}.", rest=rest))
            return "\n".join(lines)
        nxt_turn, nxt_active, nxt_step = self.game.next_step()
        ap = g.pname(nxt_active)
        nap = g.pname(g.next_player(nxt_active))
        lines.append(
            t.tr(
                "If {passing} with the stack empty, the {step} step ends [117.4, 500.2] and "
                "unused mana empties from the pools [500.4].",
                passing=passing,
                step=Msg(STEP_LABELS[g.step]),
            )
        )
        where = (
            t.tr("turn {turn} ({player}): ", turn=nxt_turn, player=ap) if nxt_turn != g.turn else ""
        )
        note = ""
        if g.step is Step.DECLARE_ATTACKERS and nxt_step is Step.END_OF_COMBAT:
            note = t.tr(
                " (no creature attacks, so the blockers and damage steps are skipped [508.8])"
            )
        if g.step is Step.UPKEEP and nxt_step is Step.PRECOMBAT_MAIN:
            note = t.tr(" (the first player skips the first draw step [103.8a])")
        text = t.tr(STEP_TEXT[nxt_step], ap=ap, nap=nap)
        lines.append(t.tr("Next{note}: {where}{text}.", note=note, where=where, text=text))
        return "\n".join(lines)

    # --- the screen -------------------------------------------------------------------------

    def _show(self) -> None:
        """New log lines since the last screen, then the position and who must decide."""
        out = self.console
        g = self.game.state
        new = g.log[self._log_seen :]
        self._log_seen = len(g.log)
        if new:
            self._header(self.t.tr("New in the log"))
            for line in fold_log(new, MAX_NEW_LOG_LINES, self.t):
                out.print(Text(self.t.tr("  {line}", line=line), style="dim"))
        if not self.finished:
            self._board()

    def _header(self, title: str) -> None:
        if self.console.is_terminal:
            self.console.rule(Text(title, style="bold"), align="left")
        else:
            self.console.print(self.t.tr("--- {title} ---", title=title), markup=False)

    def _board(self) -> None:
        g = self.game.state
        self._header(
            self.t.tr(
                "Turn {turn}, {step}; active: {player}",
                turn=g.turn,
                step=g.step.msg,
                player=g.pname(g.active),
            )
        )
        # The opponents first, the person last, next to their hand (as across a table).
        order = [i for i in range(len(g.players)) if i not in self.seats] + list(self.seats)
        for pi in order:
            self._player(g, pi)
        self._stack(g)
        self._who()

    def _player(self, g: GameState, pi: int) -> None:
        out = self.console
        p = g.players[pi]
        you = self.t.tr(" (you)") if pi in self.seats else ""
        left = self.t.tr("  LEFT THE GAME") if p.left else ""
        head = Text(
            self.t.tr("{player}{you}", player=p.name, you=you),
            style="bold cyan" if pi in self.seats else "bold magenta",
        )
        head.append(
            self.t.tr(
                "  life {life}  hand {hand}  library {library}  pool {pool}{left}",
                life=p.life,
                hand=len(p.hand),
                library=len(p.library),
                pool=pool_text(p.pool) or "-",
                left=left,
            ),
            style="bold" if p.life <= 5 else "",
        )
        if p.poison:
            head.append(self.t.tr("  poison {n}", n=p.poison))
        out.print(head)
        perms = [x for x in g.battlefield if x.controller == pi]
        out.print(self._field(g, perms))
        if pi in self.seats:
            out.print(Text(self.t.tr("  Hand: {cards}", cards=self._names(c.name for c in p.hand))))
        if p.graveyard:
            out.print(
                Text(
                    self.t.tr(
                        "  Graveyard (top last): {cards}",
                        cards=self._names(c.name for c in p.graveyard),
                    )
                ),
                style="dim",
            )
        if p.exile:
            out.print(
                Text(self.t.tr("  Exile: {cards}", cards=self._names(c.name for c in p.exile))),
                style="dim",
            )

    def _names(self, names: Iterable[str]) -> str:
        """Card names in the screen's language, with commas ("-" for none)."""
        return ", ".join(self.t.tr("{card!c}", card=n) for n in names) or "-"

    def _field(self, g: GameState, perms: Sequence[Permanent]) -> Text:
        text = Text(self.t.tr("  Battlefield: "))
        if not perms:
            text.append("-")
            return text
        # Identical entries (usually lands) are counted, so a board fits a line or two.
        entries: list[tuple[str, str]] = []
        counts: dict[tuple[str, str], int] = {}
        for p in perms:
            e = self._perm(g, p)
            if e not in counts:
                entries.append(e)
                counts[e] = 0
            counts[e] += 1
        for i, e in enumerate(entries):
            if i:
                text.append(", ")
            n = counts[e]
            text.append(e[0] + (f" x{n}" if n > 1 else ""), style=e[1])
        return text

    def _perm(self, g: GameState, p: Permanent) -> tuple[str, str]:
        hidden = p.face_down and p.controller != self.human
        numbered = numbered_name(self.game, p.oid)  # Savannah Lions #2
        shown_name = self.t.tr("{card!c}", card=p.name) + (
            numbered[len(p.name) :] if numbered and numbered.startswith(p.name) else ""
        )
        if hidden:
            name = self.t.tr("face-down creature")
        else:
            name = shown_name + (self.t.tr(" (face down)") if p.face_down else "")
        bits: list[str] = []
        pt = self.game.power_toughness(p.oid)
        if pt is not None:
            name += f" {pt[0]}/{pt[1]}"
            if p.damage:
                bits.append(self.t.tr("{n} damage", n=p.damage))
            if p.sick:
                bits.append(self.t.tr("sick"))
        if p.tapped:
            bits.append(self.t.tr("tapped"))
        if p.counters:
            bits.extend(f"{n} {k}" for k, n in p.counters.items() if n)
        c = g.combat
        if c is not None and p.oid in c.attackers:
            bits.append(self.t.tr("attacking"))
        if c is not None and p.oid in c.blockers:
            bits.append(self.t.tr("blocking"))
        text = name + (f" ({', '.join(bits)})" if bits else "")
        return text, "dim" if p.tapped else ""

    def _item_name(self, s: StackItem) -> str:
        if s.face_down and s.controller != self.human:
            return self.t.tr("a face-down spell")
        kind = ""
        if s.kind == "activated":
            kind = self.t.tr(" (ability)")
        elif s.kind == "triggered":
            kind = self.t.tr(" (trigger)")
        numbered = numbered_item(self.game, s.oid) or s.source_name
        shown = self.t.tr("{card!c}", card=s.source_name)
        if numbered.startswith(s.source_name):
            shown += numbered[len(s.source_name) :]
        return shown + kind

    def _item_text(self, s: StackItem) -> str:
        g = self.game.state
        if s.controller < 0:
            text = self.t.tr("{item}, no controller", item=self._item_name(s))
        else:
            text = self.t.tr(
                "{item}, {player}'s", item=self._item_name(s), player=g.pname(s.controller)
            )
        if s.targets:
            text += self.t.tr(
                ", targeting {targets}",
                targets=comma_list([describe_msg(g, t) for t in s.targets]),
            )
        if s.x:
            text += f", X={s.x}"
        return text

    def _stack(self, g: GameState) -> None:
        out = self.console
        if not g.stack:
            out.print(Text(self.t.tr("Stack: empty"), style="bold"))
            return
        out.print(
            Text(self.t.tr("Stack (top first; the top resolves first):"), style="bold yellow")
        )
        for i, s in enumerate(reversed(g.stack), start=1):
            out.print(
                Text(
                    self.t.tr("  {i}. {item_text}", i=i, item_text=self._item_text(s)),
                    style="yellow" if i == 1 else "",
                )
            )

    def _who(self) -> None:
        out = self.console
        g = self.game.state
        d = self.game.decision
        if d is None:
            return
        if d.kind is Kind.PRIORITY:
            rule = next((e.rule for e in reversed(g.log) if e.kind == "priority"), None)
            rule = rule or g.priority_rule
            reason = PRIORITY_REASONS.get(rule, "")
            why = self.t.tr(": {why}", why=Msg(reason)) if reason else ""
            if d.player in self.seats:
                said = self.t.tr(
                    "Priority: you ({player}) have priority [{rule}]{why}",
                    player=self.me,
                    rule=rule,
                    why=why,
                )
            else:
                said = self.t.tr(
                    "Priority: {player} has priority [{rule}]{why}",
                    player=g.pname(d.player),
                    rule=rule,
                    why=why,
                )
            line = Text(said, style="bold green")
        else:
            why, rule = self._why_no_priority()
            line = Text(
                self.t.tr("Priority: nobody now: {why} [{rule}]", why=why, rule=rule),
                style="bold green",
            )
            line.append("\n" + self.t.tr("Waiting for: {prompt}", prompt=d.prompt), style="bold")
        out.print(line)
        if d.player in self.seats:
            hint = self.t.tr("Type a command, or help (numbered actions), explain, log, quit.")
            out.print(Text(self.t.tr("Your move. {hint}", hint=hint), style="dim"))

    def _who_passes(self, at_priority: bool) -> str:
        """ "alice passes (bob already passed)": the passes still needed to end the round."""
        g = self.game.state
        if not at_priority:
            return self.t.tr("every player passes in succession")
        players = g.in_game()
        to_pass: list[str] = []
        p = g.priority_player
        for _ in range(max(1, len(players) - g.passes)):
            to_pass.append(g.pname(p))
            p = g.next_player(p)
        done = [g.pname(i) for i in players if g.pname(i) not in to_pass]
        if len(to_pass) > 1:
            text = self.t.tr("{players} pass", players=and_list(to_pass))
        else:
            text = self.t.tr("{player} passes", player=to_pass[0])
        if done:
            return text + self.t.tr(" too ({players} already passed)", players=and_list(done))
        return text + self.t.tr(" in succession")

    def _why_no_priority(self) -> tuple[str, str]:
        pend = self.game.state.pending
        if pend is None:
            return self.t.tr("the game is over"), "104.1"
        why, rule = DECISION_WHY.get(pend.kind, (N_("a choice is being made"), "117.1"))
        why = self.t.tr(why)
        if pend.kind is Kind.DISCARD:
            rule = self.game.pending_rule() or rule  # cleanup (514.1) or an effect
        return why, rule


# What another player did, and what it led to: never left out of "New in the log".
ACTS = frozenset(
    {
        "cast",
        "land",
        "attack",
        "block",
        "resolve",
        "counter",
        "fizzle",
        "damage",
        "leave",
        "discard",
        "lose",
        "win",
        "concede",
        "trigger",
        "effect",
        "choice",
        "draw",
    }
)
_NOISE = frozenset({"priority", "pass"})


def _folded(hidden: int, t: Translator) -> str:
    if hidden == 1:
        return t.tr("(1 line of passing and routine folded: `log` shows them)")
    return t.tr("({n} lines of passing and routine folded: `log` shows them)", n=hidden)


def fold_log(entries: Sequence[Event], most: int, t: Translator = ENGLISH) -> list[str]:
    """The lines to show for ``entries``: all of them if at most ``most``; else the priority
    passing is folded into counts first, then the routine lines (steps, costs, mana), so that
    the players' actions (casts, activations, attacks, blocks, what resolved, ``ACTS``) are
    always shown, whatever their number."""
    if len(entries) <= most:
        return [str(e) for e in entries]
    keep_routine = len([e for e in entries if e.kind not in _NOISE]) <= most

    def shown(e: Event) -> bool:
        if e.kind in _NOISE or e.rule == "117.4":
            return False
        return keep_routine or e.kind in ACTS or e.rule == "602.2a"

    out: list[str] = []
    hidden = 0
    for e in entries:
        if shown(e):
            if hidden:
                out.append(_folded(hidden, t))
                hidden = 0
            out.append(str(e))
        else:
            hidden += 1
    if hidden:
        out.append(_folded(hidden, t))
    return out


def _card_words(s: StackItem) -> str:
    text = ""
    if s.card is not None and s.is_spell and not s.face_down:
        text = s.card.cdef.text
    elif s.ability is not None:
        # A rules object (2004's combat damage) says what it does when it resolves.
        summary = getattr(s.ability, "summary", None)
        text = summary() if callable(summary) else getattr(s.ability, "text", "")
    return f" ({text})" if text else ""


# --- completion ------------------------------------------------------------------------------

META_FR = {
    "aide": "help",
    "expliquer": "explain",
    "journal": "log",
    "sauvegarder": "save",
    "carte": "card",
    "fini": "done",
    "payer": "pay",
    "quitter": "quit",
}
"""With ``--lang fr``, the French words of ``play``'s own commands (not game commands)."""


def _french_meta(line: str) -> str:
    """``line`` with a French word of ``play``'s own commands put in English.

    >>> _french_meta("aide"), _french_meta("carte Contresort"), _french_meta("aide commandes")
    ('help', 'card Contresort', 'help commands')
    """
    word, sep, rest = line.partition(" ")
    english = META_FR.get(word.lower())
    if english is None:
        return line
    if english == "help" and rest.strip().lower() == "commandes":
        return "help commands"
    return english + sep + rest


VERBS = (
    "pass",
    "play ",
    "cast ",
    "activate ",
    "attack with ",
    "attack with nothing",
    "block ",
    "block with nothing",
    "assign ",
    "order ",
    "choose ",
    "discard ",
    "turn face up ",
    "suspend ",
    "concede",
    "help commands",
)
WORDS = ("targeting ", "choosing ", "paying ", "with ", "face down", "ability ", "nothing")
VERBS_FR = (
    "passer",
    "jouer ",
    "lancer ",
    "activer ",
    "attaquer avec ",
    "attaquer avec rien",
    "bloquer ",
    "bloquer avec rien",
    "assigner ",
    "ordonner ",
    "choisir ",
    "défausser ",
    "retourner face visible ",
    "suspendre ",
    "concéder",
    "aide commandes",
    *META_FR,
)
"""The French commands (``--lang fr``), as completed."""
WORDS_FR = (
    "en ciblant ",
    "en choisissant ",
    "en payant avec ",
    "avec ",
    "face cachée",
    "capacité ",
)


def complete(line: str, names: Sequence[str], lang: str = "en") -> list[str]:
    """Completions of the whole ``line``: a command at its start, else a card name, player name
    or keyword for the longest tail of it that begins one.

    >>> complete("cast light", ["Lightning Bolt", "Llanowar Elves"])
    ['cast Lightning Bolt']
    >>> complete("ex", [])
    ['explain']
    >>> complete("lanc", [], "fr")
    ['lancer ']
    """
    verbs: Sequence[str] = (*VERBS, *META_COMMANDS)
    words: Sequence[str] = WORDS
    if lang == "fr":
        verbs, words = (*verbs, *VERBS_FR), (*WORDS, *WORDS_FR)
    starts = [0] + [i + 1 for i, ch in enumerate(line) if ch == " "]
    for i in starts:
        tail = line[i:].lower()
        pool: Sequence[str] = verbs if i == 0 else (*names, *words)
        if i > 0 and not tail:
            return []
        hits = sorted({c for c in pool if c.lower().startswith(tail)})
        if hits and (i == 0 or tail):
            return [line[:i] + h for h in hits]
    return []


def _install_readline(session: PlaySession) -> None:
    """Tab completion of commands, card names and player names (only on a terminal)."""
    try:
        import readline
    except ImportError:  # not every Python has it (Windows)
        return
    names = [
        *session.names,
        *session.names.aliases(),
        *(p.name for p in session.game.state.players),
    ]
    found: list[str] = []

    def completer(text: str, index: int) -> str | None:
        if index == 0:
            line = readline.get_line_buffer()[: readline.get_endidx()]
            found[:] = complete(line, names, session.lang)
        return found[index] if index < len(found) else None

    # Names hold spaces: complete the whole line, not the last word.
    readline.set_completer_delims("")
    readline.set_completer(completer)
    readline.parse_and_bind("tab: complete")


# --- the command ---------------------------------------------------------------------------


def _deck(path: str | None, default: str, seed: int, any_size: bool = False) -> list[str]:
    names = cards.playable_names()
    if path is None and not (DECKS_DIR / default).exists():
        # Installed without the repository's decks/: a random two-colour deck instead.
        return random_deck(random.Random(f"{seed}:{default}"), ("1",), 40)
    deck = load_decklist(path or DECKS_DIR / default, names).cards()
    if not any_size:
        check_deck_size(deck, source_name(path or DECKS_DIR / default))
    return deck


def command(args: argparse.Namespace) -> int:
    """``manastack play``: returns the exit code."""

    t = translator(getattr(args, "lang", "en"))

    def fail(message: str) -> int:
        safe_print(f"manastack: {message}", file=sys.stderr)
        return 2

    try:
        agent = get_agent(args.vs)
    except KeyError as err:
        del err
        return fail(unknown_agent(args.vs).render(t))
    name = args.name.strip()
    opp = "bob" if name.lower() != "bob" else "alice"
    if (
        not name
        or any(ch in name for ch in " ,'’")
        or name.lower() == "opponent"
        or not name.isprintable()
        or len(name) > 40
    ):
        return fail(
            t.tr("--name must be one word of at most 40 printable characters (no commas or quotes)")
        )
    if args.save:
        try:
            # Checked now, not after an hour of play.
            check_writable(args.save)
        except InputError as err:
            return fail(t.tr("--save: {err}", err=err.localized(t)))
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    try:
        any_size = bool(getattr(args, "any_deck_size", False))
        mine = _deck(args.deck, DEFAULT_DECK, seed, any_size)
        theirs = _deck(args.opponent_deck, DEFAULT_OPPONENT_DECK, seed, any_size)
    except ManastackError as err:
        return fail(err.localized(t))
    width = Console().size.width  # the terminal's full width (80 when not a terminal)
    console = Console(width=width, highlight=False, soft_wrap=False, record=True)
    # Arguments a caller's namespace may lack (embedding, tests): the defaults of the command.
    rules: str = getattr(args, "rules", "current")
    fmt_arg: str = getattr(args, "format", "ffa")
    fmt = {"2hg": "two-headed giant", "ffa": "free-for-all"}.get(fmt_arg, fmt_arg)
    decks, names, teams = [mine, theirs], [name, opp], None
    if fmt != "free-for-all":
        # You play both seats of your team (`NAME: command` acts as your teammate).
        others = [n for n in ("alice", "bob", "carol", "dave", "erin") if n != name.lower()]
        mate, opp, opp2 = others[0], others[1], others[2]
        decks, names = [mine, mine, theirs, theirs], [name, mate, opp, opp2]
        teams = [[name, mate], [opp, opp2]]
    session = PlaySession.new(
        decks,
        names,
        agent,
        format=fmt,
        teams=teams,
        seed=seed,
        rules=rules,
        first_player=None,
        mulligans=True,
        stops=args.stops,
        console=console,
        lang=getattr(args, "lang", "en"),
    )
    console.print(
        t.tr(
            "manastack play: you are {name}, against the {agent} agent; seed {seed} "
            "(--seed {seed} plays this game again). Type `help` at any prompt.",
            name=name,
            agent=args.vs,
            seed=seed,
        ),
        markup=False,
    )
    if rules == "2004":
        console.print(
            t.tr(
                "Rules of June 2004: combat damage goes on the stack, unused mana burns as each "
                "phase ends, the old legend rule. The words are today's: battlefield for 'in "
                "play', exile for 'removed from the game', cast for 'play a spell'."
            ),
            markup=False,
        )
    if sys.stdin.isatty():
        _install_readline(session)
    session.run()
    if args.save and not session.save(args.save):
        # The game is not lost: the record goes to stderr, to be saved by hand.
        print(session.record.to_json(), file=sys.stderr)
        return fail(t.tr("the record could not be saved; it was printed above"))
    return 0


__all__ = ["Outcome", "PlaySession", "command", "complete"]
