"""The shared engine base: options, seeded shuffles, dealing, turn bookkeeping, history, saves.

A game module subclasses :class:`Game` and implements ``_setup``, ``_legal_actions``, ``_apply``,
``_game_view`` and ``full_deck``. Everything the three games share lives here once.

State kept by a game must be JSON-free of objects: ``str``/``int``/``bool``/``None`` leaves,
tuples, and lists nested at most two deep (a list of hands is fine), each list holding only lists,
only flat dicts of immutable values (e.g. per-seat counts; and the history's entries) or only
immutable values. :meth:`Game.fork` and :meth:`Game.clone` rely on it (they look at a list's first
item to tell).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import IllegalAction, InvalidDeck, InvalidOption, MalformedAction, shown

SAVE_FORMAT = "tidepool-save"
SAVE_VERSION = 1


MAX_SEED = 2**53 - 1  # the largest whole number a page's JavaScript keeps exactly (GEN-1)
TRUE_WORDS, FALSE_WORDS = ("1", "true", "yes", "on"), ("0", "false", "no", "off")  # bool option texts


def whole_number(name: str, value: Any, low: int = 0, high: int = MAX_SEED, *, text: bool = False) -> int:
    """The whole-number rule of every entry point (API, saves, links, command line).

    ``value`` must be an ``int`` (not a ``bool``) from ``low`` to ``high``; seeds take the default
    range ``0 .. 2**53 - 1`` (GEN-1: the same seed in Python and in the page's JavaScript), options
    their own range (GEN-6). With ``text=True`` it must instead be a ``str`` of ASCII digits
    ``0-9`` only (no sign, space, underscore or another script's digits) naming such a number.
    Returns the number; raises :class:`InvalidOption` naming ``name``, the range and the value.
    """
    number = value
    if text:
        if not (isinstance(value, str) and value.isascii() and value.isdigit()):
            number = None
        else:
            digits = value.lstrip("0") or "0"
            number = int(digits) if len(digits) <= len(str(high)) else high + 1
    if type(number) is not int or not low <= number <= high:
        raise InvalidOption(f"{name}: expected a whole number from {low} to {high}, got {shown(value)}",
                            "number", {"name": name, "low": str(low), "high": str(high), "value": shown(value)})
    return number


@dataclass(frozen=True)
class Option:
    """One game option: its default and the values it accepts.

    ``kind`` is ``bool``, ``int`` or ``str``; ``choices`` limits the values (``None`` = any of
    ``kind``). An ``int`` option has a range, ``minimum .. maximum`` (GEN-6: every numeric option
    is bounded), or its ``choices``. ``seat`` options take a seat number or ``None``. ``needs``
    names a ``bool`` option that must be on for this one to be on (``needs_why`` says why, with its
    rule id); the start screen greys it out until then.
    """

    default: Any
    kind: type = bool
    choices: tuple | None = None
    minimum: int | None = None
    maximum: int | None = None
    seat: bool = False
    needs: str | None = None
    needs_why: str = ""

    def bounds(self, players: int) -> tuple[int, int]:
        """The range of a numeric option (a seat option's is ``0 .. players - 1``)."""
        if self.seat:
            return 0, players - 1
        if self.choices is not None:
            return min(self.choices), max(self.choices)
        return self.minimum, self.maximum

    def check(self, name: str, value: Any, players: int) -> Any:
        """Return ``value`` if it is acceptable, else raise :class:`InvalidOption`."""
        if self.seat and value is None:
            return None
        if self.seat or self.kind is int:
            value = _option_number(name, value, *self.bounds(players))
        elif type(value) is not self.kind:
            raise InvalidOption(f"option {name}: expected {self.kind.__name__}, got {shown(value)}",
                                "option_value", {"name": name, "value": shown(value)})
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise InvalidOption(f"option {name}: expected one of {allowed}, got {shown(value)}",
                                "option_choice", {"name": name, "allowed": allowed, "value": shown(value)})
        return value

    def parse(self, name: str, text: str, players: int) -> Any:
        """The value named by ``text`` in a link or on the command line: ``1 true yes on`` /
        ``0 false no off`` for a ``bool``, ASCII digits for a number (:func:`whole_number`), the
        text itself for a ``str``; then checked as :meth:`check`. Raises :class:`InvalidOption`."""
        if self.seat or self.kind is int:
            return self.check(name, _option_number(name, text, *self.bounds(players), text=True), players)
        if self.kind is bool:
            low = text.lower()
            if low not in TRUE_WORDS + FALSE_WORDS:
                raise InvalidOption(f"option {name}: expected 1 or 0, got {shown(text)}",
                                    "option_bool", {"name": name, "value": shown(text)})
            return low in TRUE_WORDS
        return self.check(name, text, players)


def _option_number(name: str, value: Any, low: int, high: int, text: bool = False) -> int:
    """:func:`whole_number` for option ``name`` (its error sorted as ``option_number``)."""
    try:
        return whole_number(f"option {name}", value, low, high, text=text)
    except InvalidOption as exc:
        raise InvalidOption(str(exc), "option_number", {**exc.params, "name": name}) from None


COMMON_OPTIONS = {"first_player": Option(None, seat=True)}  # GEN-4


def deal(stock: list[str], players: int, count: int) -> list[list[str]]:
    """Deal ``count`` cards to each of ``players`` seats one at a time, round-robin from seat 0 (GEN-3).

    ``stock`` holds the top card at its end and is consumed in place. Returns the hands, sorted.
    """
    hands: list[list[str]] = [[] for _ in range(players)]
    for _ in range(count):
        for hand in hands:
            hand.append(stock.pop())
    for hand in hands:
        hand.sort()
    return hands


def stacked_deck(full_deck: list[str], hands: list[list[str]], turned_up: list[str] | tuple = (),
                 draws: list[str] | tuple = ()) -> list[str]:
    """The full top-first deck that deals ``hands`` (GEN-3), then ``turned_up``, then ``draws``.

    ``hands[s]`` are seat ``s``'s cards in the order they are dealt; cards go out one at a time,
    round-robin from seat 0, so every hand must have the same length. ``turned_up`` are the cards
    the game turns face up right after dealing (e.g. Snorkeling's first centre card), ``draws`` the
    next cards of the draw pile, top first. The cards of ``full_deck`` not used so far follow in
    sorted order. Raises ``ValueError`` if a card is not available often enough.
    """
    sizes = {len(hand) for hand in hands}
    if len(sizes) > 1:
        raise ValueError(f"hands must have equal sizes for round-robin dealing, got {sorted(sizes)}")
    size = sizes.pop() if sizes else 0
    top: list[str] = [hands[seat][i] for i in range(size) for seat in range(len(hands))]
    top += list(turned_up) + list(draws)
    left = Counter(full_deck)
    left.subtract(top)
    short = sorted(card for card, n in left.items() if n < 0)
    if short:
        raise ValueError(f"cards used more often than the deck holds them: {short}")
    return top + sorted(left.elements())


class Game:
    """Base of every game: the public API of DESIGN.md.

    Attributes: ``name`` (str), ``players`` (int), ``options`` (dict, defaults filled in),
    ``seed`` (int), ``current_player`` (seat or ``None`` when over), ``totals`` (list[int]),
    ``winners`` (list[int], ``[]`` until over), ``history`` (list of public JSON-safe dicts),
    ``actions`` (list[str] applied so far), ``round`` (1-based round/hand number).

    Raises :class:`InvalidOption` for a player count out of range or a bad option and
    :class:`InvalidDeck` for a bad stacked deck (GEN-2).
    """

    name: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    option_spec: ClassVar[dict[str, Option]] = {}
    # History entry types that show a hidden card (or a hand's content) to every seat but the
    # entry's own ``seat`` (entries without a seat: to everyone), and those that show one to that
    # seat alone (its draws). Undo never steps back over either (see :meth:`reveals`).
    reveals_to_others: ClassVar[frozenset[str]] = frozenset()
    reveals_to_actor: ClassVar[frozenset[str]] = frozenset()
    # Set on the copies search bots play in (:meth:`sample_copy`): ``sampled`` (shuffles by
    # :func:`random_order`), ``quiet`` (:meth:`log` keeps no history; set by the search, whose
    # worlds keep none: a rollout policy that remembers the table talk hears each entry instead).
    sampled: bool = False
    quiet: bool = False
    _rng: random.Random | None = None
    _rng_seed: int = 0

    @property
    def rng(self) -> random.Random:
        """The game's seeded RNG (GEN-1). A sampled world's (:meth:`sample_copy`) is seeded
        when first used: most search worlds never shuffle again, and seeding costs as much as
        copying the world."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._rng_seed)
        return rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    def __init__(self, players: int, seed: int | None = None, options: dict | None = None,
                 deck: list[str] | None = None) -> None:
        self.players = whole_number(f"{self.name}: players", players, self.min_players, self.max_players)
        self.seed = random.SystemRandom().randrange(2**31) if seed is None else whole_number("seed", seed)
        self.options = self._check_options({} if options is None else options)
        self.rng = random.Random(self.seed)
        self.current_player: int | None = None
        self.totals = [0] * players
        self.winners: list[int] = []
        self.history: list[dict] = []
        self.actions: list[str] = []
        self.round = 1
        self._legal: list[str] | None = None
        self._deck = self._check_deck(deck)
        stock = list(reversed(self._deck)) if self._deck else self.shuffled(self.full_deck())
        first = self.options["first_player"]
        self._setup(stock, self.rng.randrange(players) if first is None else first)

    # ----- options and decks --------------------------------------------------------------------

    @classmethod
    def all_options(cls) -> dict[str, Option]:
        """Every option of this game (its own plus the shared ``first_player``), by name."""
        return {**COMMON_OPTIONS, **cls.option_spec}

    def _check_options(self, options: dict) -> dict:
        if not isinstance(options, dict):
            raise InvalidOption(f"options must be a dict of option names to values, got {shown(options)}")
        spec = self.all_options()
        unknown = sorted(shown(name) for name in options if name not in spec)
        if unknown:
            raise InvalidOption(f"{self.name}: unknown option {unknown[0]}; known: {', '.join(sorted(spec))}",
                                "option_unknown", {"name": str(unknown[0]), "game": self.name, "known": ", ".join(sorted(spec))})
        checked = {name: opt.check(name, options.get(name, opt.default), self.players)
                   for name, opt in spec.items()}
        for name, opt in spec.items():
            if opt.needs and checked[name] and not checked[opt.needs]:
                raise InvalidOption(f"option {name}: only possible with {opt.needs}=True ({opt.needs_why})",
                                    "option_needs", {"name": name, "needs": opt.needs})
        return checked

    def _check_deck(self, deck: list[str] | None) -> list[str] | None:
        if deck is None:
            return None
        if not isinstance(deck, (list, tuple)) or not all(isinstance(c, str) for c in deck):
            raise InvalidDeck("deck must be a list of card strings, top card first")
        full = self.full_deck()
        if sorted(deck) != sorted(full):
            extra = sorted(set(deck) - set(full))
            hint = f"unknown card {shown(extra[0])}" if extra else (
                f"{len(deck)} cards given, {len(full)} expected" if len(deck) != len(full)
                else "some card appears the wrong number of times")
            raise InvalidDeck(f"{self.name}: deck is not a permutation of the game's deck ({hint})")
        return list(deck)

    def full_deck(self) -> list[str]:
        """The cards shuffled for one round with this player count and these options."""
        raise NotImplementedError

    def max_actions(self) -> int:
        """An upper bound on the actions of any game with this setup (players and options) under
        any sequence of legal actions (GEN-6); :func:`~pygame_core.load_game` refuses a longer save."""
        raise NotImplementedError

    @staticmethod
    def card_fields(card: str) -> dict[str, str]:
        """The parts of a card's name for the message catalog, e.g. ``{"colour": "B", "value": "3"}``."""
        raise NotImplementedError

    @staticmethod
    def action_fields(action: str) -> dict:
        """A well-formed action split into named fields: ``verb`` plus e.g. ``card``, ``target``."""
        raise NotImplementedError

    def shuffled(self, cards: list[str]) -> list[str]:
        """A new stock of ``cards`` shuffled by the game's seeded RNG (GEN-1), top card at the end.
        In a sampled world (:meth:`sample_copy`) the quicker :func:`random_order` does it: that
        world's later shuffles are unknown anyway."""
        if self.sampled:
            return random_order(cards, self.rng)
        stock = list(cards)
        self.rng.shuffle(stock)
        return stock

    # ----- the public API -----------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the game has ended (``current_player`` is then ``None``)."""
        return self.current_player is None

    def legal_actions(self) -> list[str]:
        """The actions the current player may take, in RULES.md notation, sorted, no duplicates."""
        if self._legal is None:
            self._legal = [] if self.current_player is None else self._legal_actions()
        return list(self._legal)

    def apply(self, action: str) -> None:
        """Apply one legal action for the current player.

        Raises :class:`IllegalAction` (or its subclass :class:`MalformedAction`) naming the action
        and the reason when ``action`` is not legal now; the state is then unchanged (GEN-5).
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.current_player is None else self._legal_actions()
        if action not in legal:
            raise self._illegal(action)
        self._legal = None
        self.actions.append(action)
        self._apply(action)

    # ----- the search path (bots' simulated worlds; the same rules as ``apply``) -----------------

    def moves(self) -> list[str]:
        """The cached list of :meth:`legal_actions` itself (not a copy): for search bots, which
        must not change it. Sorted action strings; ``[]`` once the game is over."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.current_player is None else self._legal_actions()
        return legal

    def step(self, action: str) -> None:
        """Apply ``action``, which must be one of :meth:`moves`, without checking it or recording
        it in ``actions``: the search bots' fast path through the same rules as :meth:`apply`
        (an illegal ``action`` here leaves the state undefined; use :meth:`apply` for real play)."""
        self._legal = None
        self._apply(action)

    def play_out(self, policy, rng: random.Random, limit: int) -> int:
        """:meth:`step` the action ``policy(self, rng)`` returns (one of :meth:`moves`) until the
        game is over or ``limit`` actions were taken; returns how many were taken. The search
        bots' rollouts, without a call to :meth:`step` per action."""
        apply = self._apply
        taken = 0
        while self.current_player is not None and taken < limit:
            action = policy(self, rng)  # which may list the moves: forget them only now
            self._legal = None
            apply(action)
            taken += 1
        return taken

    def _illegal(self, action: Any) -> IllegalAction:
        if not isinstance(action, str):
            return MalformedAction.because(action, "illegal.not_a_string")
        if len(action) > 40:  # longer than any action of ours
            return MalformedAction.because(action, "illegal.malformed", problem=f"not an action of {self.name}")
        problem = self._malformed(action)
        if problem:
            return MalformedAction.because(action, "illegal.malformed", problem=problem)
        if self.current_player is None:
            return IllegalAction.because(action, "illegal.game_over")
        key, args = self._explain(action)
        return IllegalAction.because(action, key, **args)

    def _malformed(self, action: str) -> str | None:
        """Why ``action`` is not in the game's notation, or ``None`` if it is well formed."""
        raise NotImplementedError

    def _explain(self, action: str) -> tuple[str, dict]:
        """Why the well-formed ``action`` is not legal now, as a reason key of
        :data:`~pygame_core.errors.REASONS` and its arguments (games override for precise reasons)."""
        return "illegal.not_now", {}

    def view(self, seat: int | None) -> dict:
        """What ``seat`` may know (GEN-7), JSON-safe; ``None`` is a spectator.

        Always has ``game``, ``players``, ``seat``, ``hand`` (sorted, ``[]`` for a spectator),
        ``current_player``, ``totals``, ``winners``, ``is_over``, ``round`` and ``legal_actions``
        (empty unless it is that seat's turn), plus the game's own keys. Raises ``ValueError`` for
        a seat out of range.
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            raise ValueError(f"seat must be None or 0..{self.players - 1}, got {shown(seat)}")
        view = {
            "game": self.name,
            "players": self.players,
            "options": dict(self.options),
            "seat": seat,
            "current_player": self.current_player,
            "totals": list(self.totals),
            "winners": list(self.winners),
            "is_over": self.is_over,
            "round": self.round,
            "legal_actions": self.legal_actions() if seat is not None and seat == self.current_player else [],
        }
        view.update(self._game_view(seat))
        return view

    def _game_view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def to_json(self) -> str:
        """The game as a save text: setup plus every action taken; ``load_game`` replays it (GEN-1)."""
        return json.dumps({
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.name,
            "players": self.players, "seed": self.seed, "options": self.options,
            "deck": self._deck, "actions": self.actions,
        }, separators=(",", ":"))

    def prefix(self, count: int) -> "Game":
        """A new game with this game's setup and its first ``count`` actions replayed (GEN-1).

        Raises ``ValueError`` when ``count`` is not in ``0..len(actions)``.
        """
        if type(count) is not int or not 0 <= count <= len(self.actions):
            raise ValueError(f"count must be 0..{len(self.actions)}, got {shown(count)}")
        game = type(self)(self.players, seed=self.seed, options=self.options, deck=self._deck)
        for action in self.actions[:count]:
            game.apply(action)
        return game

    def clone(self) -> "Game":
        """An independent copy sharing nothing mutable with this game: applying actions to it, or
        editing its ``history``, ``options`` or any list it exposes, never affects this game."""
        history = [{k: v[:] if type(v) is list else v for k, v in entry.items()}
                   for entry in self.history]  # entries hold flat lists at most (see log)
        return self._same_rng(self._copy(history, self.actions[:]))

    def fork(self) -> "Game":
        """A copy for search bots and the soak, cheaper than :meth:`clone`: applying actions to
        either never affects the other, but the two ``history`` lists hold the same entry dicts
        (the engine never changes an entry once logged; treat them as read-only)."""
        return self._same_rng(self._copy(self.history[:], self.actions[:]))

    def sample_copy(self, rng: random.Random) -> "Game":
        """A copy for a sampled world (``determinize``): the same state and public ``history``,
        but an empty ``actions`` list (a world for search, not a game to save), no cached legal
        actions (the caller may re-deal hidden cards) and its own RNG seeded from ``rng`` (one
        ``getrandbits(64)`` draw), so later shuffles are unknown too (GEN-7); ``sampled`` is set
        (its shuffles use :func:`random_order`)."""
        new = self._copy(self.history[:], [])
        new._rng, new._rng_seed = None, rng.getrandbits(64)  # seeded when first used (rng)
        new._legal = None  # the caller re-deals hidden cards
        new.sampled = True
        return new

    def _same_rng(self, new: "Game") -> "Game":
        """``new`` with an RNG in this game's state (not seeded first: the state is set)."""
        rng = new.rng = random.Random.__new__(random.Random)
        rng.setstate(self.rng.getstate())
        return new

    def _copy(self, history: list, actions: list) -> "Game":
        new = object.__new__(type(self))
        state = self.__dict__.copy()
        state["history"] = state["actions"] = ()  # replaced below, not copied
        for key, value in state.items():
            kind = type(value)
            if kind is list:  # of lists or dicts (hands, piles; copy each) or of immutables
                inner = type(value[0]) if value else None
                if inner is list:
                    state[key] = [v[:] for v in value]
                elif inner is dict:
                    state[key] = [v.copy() for v in value]
                else:
                    state[key] = value[:]
            elif kind is dict:
                state[key] = dict(value)
        state["history"] = history
        state["actions"] = actions
        new.__dict__ = state
        return new

    # ----- helpers for game modules -------------------------------------------------------------

    def _setup(self, stock: list[str], first_player: int) -> None:
        raise NotImplementedError

    def _legal_actions(self) -> list[str]:
        raise NotImplementedError

    def _apply(self, action: str) -> None:
        raise NotImplementedError

    def reveals(self, entry: dict, seat: int) -> bool:
        """Whether the history ``entry`` showed ``seat`` something that was hidden from it (GEN-7)."""
        kind = entry["type"]
        if kind in self.reveals_to_actor:
            return entry.get("seat") == seat
        return kind in self.reveals_to_others and entry.get("seat") != seat

    def log(self, kind: str, **data: Any) -> None:
        """Append one public history entry ``{"type": kind, **data}``: values are ``str``, ``int``,
        ``bool``, ``None`` or flat lists of those (JSON-safe; :meth:`clone` relies on it)."""
        if not self.quiet:
            data["type"] = kind
            self.history.append(data)

    def finish(self, winners: list[int]) -> None:
        """End the game with ``winners`` (seats); logs ``game_end``."""
        self.winners = sorted(winners)
        self.current_player = None
        self.log("game_end", winners=self.winners, totals=list(self.totals))

    def leaders(self) -> list[int]:
        """Seats with the highest total."""
        best = max(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

    def __repr__(self) -> str:
        return (f"pygame_core.new_game({self.name!r}, players={self.players}, seed={self.seed}, "
                f"options={self.options!r})  # after {len(self.actions)} actions")


def random_order(cards: list, rng: random.Random) -> list:
    """A new list of ``cards`` in a uniformly random order drawn from ``rng`` (one ``random()``
    per card): a quicker shuffle for the search bots' sampled worlds, reproducible per ``rng``."""
    draw = rng.random
    return sorted(cards, key=lambda _: draw())  # keys drawn in the order of ``cards``


def parse_seat(token: str, players: int) -> int | None:
    """The seat number in ``token`` (decimal digits, in range), else ``None``."""
    if token.isdigit() and token.isascii() and (token == "0" or not token.startswith("0")):
        seat = int(token)
        if seat < players:
            return seat
    return None

