"""The shared engine base: options, seeded shuffles, dealing, turn bookkeeping, history, saves.

A game module subclasses :class:`Game` and implements ``_setup``, ``_legal_actions``, ``_apply``,
``_game_view`` and ``full_deck``. Everything the three games share lives here once.

State kept by a game must be JSON-free of objects: ``str``/``int``/``bool``/``None`` leaves,
tuples, and lists nested at most two deep (a list of hands is fine). :meth:`Game.clone` relies on it.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import IllegalAction, InvalidDeck, InvalidOption, MalformedAction

SAVE_FORMAT = "tidepool-save"
SAVE_VERSION = 1


@dataclass(frozen=True)
class Option:
    """One game option: its default and the values it accepts.

    ``kind`` is ``bool``, ``int`` or ``str``; ``choices`` limits the values (``None`` = any of
    ``kind`` within ``minimum``). ``seat`` options take a seat number or ``None``.
    """

    default: Any
    kind: type = bool
    choices: tuple | None = None
    minimum: int | None = None
    seat: bool = False

    def check(self, name: str, value: Any, players: int) -> Any:
        """Return ``value`` if it is acceptable, else raise :class:`InvalidOption`."""
        if self.seat:
            if value is None:
                return None
            if type(value) is not int or not 0 <= value < players:
                raise InvalidOption(f"option {name}: expected a seat number 0..{players - 1}, got {value!r}")
            return value
        if type(value) is not self.kind:
            raise InvalidOption(f"option {name}: expected {self.kind.__name__}, got {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise InvalidOption(f"option {name}: expected one of {allowed}, got {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise InvalidOption(f"option {name}: expected at least {self.minimum}, got {value!r}")
        return value


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

    def __init__(self, players: int, seed: int | None = None, options: dict | None = None,
                 deck: list[str] | None = None) -> None:
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise InvalidOption(
                f"{self.name}: players must be {self.min_players}..{self.max_players}, got {players!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if type(seed) is not int or seed < 0:
            raise InvalidOption(f"seed must be a whole number >= 0, got {seed!r}")
        self.players = players
        self.seed = seed
        self.options = self._check_options(options or {})
        self.rng = random.Random(seed)
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
            raise InvalidOption(f"options must be a dict, got {options!r}")
        spec = self.all_options()
        unknown = sorted(set(options) - set(spec))
        if unknown:
            raise InvalidOption(f"{self.name}: unknown option {unknown[0]!r}; known: {', '.join(sorted(spec))}")
        return {name: opt.check(name, options.get(name, opt.default), self.players)
                for name, opt in spec.items()}

    def _check_deck(self, deck: list[str] | None) -> list[str] | None:
        if deck is None:
            return None
        if not isinstance(deck, (list, tuple)) or not all(isinstance(c, str) for c in deck):
            raise InvalidDeck("deck must be a list of card strings, top card first")
        full = self.full_deck()
        if sorted(deck) != sorted(full):
            extra = sorted(set(deck) - set(full))
            hint = f"unknown card {extra[0]!r}" if extra else (
                f"{len(deck)} cards given, {len(full)} expected" if len(deck) != len(full)
                else "some card appears the wrong number of times")
            raise InvalidDeck(f"{self.name}: deck is not a permutation of the game's deck ({hint})")
        return list(deck)

    def full_deck(self) -> list[str]:
        """The cards shuffled for one round with this player count and these options."""
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
        """A new stock of ``cards`` shuffled by the game's seeded RNG (GEN-1), top card at the end."""
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

    def _illegal(self, action: Any) -> IllegalAction:
        if not isinstance(action, str):
            return MalformedAction(f"{action!r}: an action is a string")
        problem = self._malformed(action)
        if problem:
            return MalformedAction(f"{action}: {problem}")
        if self.current_player is None:
            return IllegalAction(f"{action}: the game is over")
        return IllegalAction(f"{action}: {self._explain(action)}")

    def _malformed(self, action: str) -> str | None:
        """Why ``action`` is not in the game's notation, or ``None`` if it is well formed."""
        raise NotImplementedError

    def _explain(self, action: str) -> str:
        """Why the well-formed ``action`` is not legal now (games override for precise reasons)."""
        return "not a legal action now"

    def view(self, seat: int | None) -> dict:
        """What ``seat`` may know (GEN-7), JSON-safe; ``None`` is a spectator.

        Always has ``game``, ``players``, ``seat``, ``hand`` (sorted, ``[]`` for a spectator),
        ``current_player``, ``totals``, ``winners``, ``is_over``, ``round`` and ``legal_actions``
        (empty unless it is that seat's turn), plus the game's own keys. Raises ``ValueError`` for
        a seat out of range.
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            raise ValueError(f"seat must be None or 0..{self.players - 1}, got {seat!r}")
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
            raise ValueError(f"count must be 0..{len(self.actions)}, got {count!r}")
        game = type(self)(self.players, seed=self.seed, options=self.options, deck=self._deck)
        for action in self.actions[:count]:
            game.apply(action)
        return game

    def clone(self) -> "Game":
        """An independent copy: applying actions to it never affects this game."""
        new = object.__new__(type(self))
        state = self.__dict__.copy()
        for key, value in state.items():
            if type(value) is list:
                state[key] = [v[:] if type(v) is list else v for v in value]
            elif type(value) is dict:
                state[key] = dict(value)
        state["rng"] = random.Random()
        state["rng"].setstate(self.rng.getstate())
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
        """Append one public history entry ``{"type": kind, **data}`` (JSON-safe values only)."""
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


def parse_seat(token: str, players: int) -> int | None:
    """The seat number in ``token`` (decimal digits, in range), else ``None``."""
    if token.isdigit() and token.isascii() and (token == "0" or not token.startswith("0")):
        seat = int(token)
        if seat < players:
            return seat
    return None

