"""The engine's error family. Every error is a ``ValueError`` so callers can catch one type."""

from __future__ import annotations

from typing import Any

# Why an action is illegal, by reason key: the English text programmers see in the message of
# :class:`IllegalAction` (``"<action>: <reason>"``). Players see the reason in their language
# instead: the same key in the message catalog (``locales/<lang>*.json``), with the same
# arguments, rendered by ``describe.describe_reason``. Shared keys start with ``illegal.``, a
# game's own with ``<game>.illegal.``.
def shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters; a whole number too
    long to print (Python refuses ints over 4,300 digits) is described by its size instead."""
    if type(value) is int and value.bit_length() > 200:
        return f"a whole number of {value.bit_length()} bits"
    try:
        text = repr(value)
    except ValueError:  # e.g. a list holding a huge int
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 3] + "..."


REASONS: dict[str, str] = {
    "illegal.not_a_string": "an action is a string",
    "illegal.malformed": "{problem}",
    "illegal.game_over": "the game is over",
    "illegal.not_now": "not a legal action now",
    "illegal.not_in_hand": "{card} is not in seat {seat}'s hand",
    "snorkeling.illegal.takeback_first": "choose takeback or keep first",
    "snorkeling.illegal.own_pile": "cards are placed on an opponent's pile, not your own",
    "snorkeling.illegal.place_first": "place only after playing to the centre (SN-5)",
    "snorkeling.illegal.pile_top": "seat {target}'s pile top is {top}",
    "snorkeling.illegal.higher_ended": "a +1 play of another colour ends the centre play (SN-3)",
    "snorkeling.illegal.same_colour": "{card} does not follow the centre top {center} (SN-3)",
    "snorkeling.illegal.no_follow": "{card} does not follow the centre top {center} (SN-3)",
    "snorkeling.illegal.pass_late": "passing is only possible before playing to the centre",
    "snorkeling.illegal.end_early": "end only after playing to the centre",
    "snorkeling.illegal.no_takeback": "no take-back is offered now",
    "go_fish.illegal.ask_self": "a player asks another player, not themselves (GF-2)",
    "go_fish.illegal.asked_empty": "seat {asked} holds no cards to ask for (GF-2)",
    "go_fish.illegal.rank_not_held": "seat {seat} may only ask for a rank they hold (GF-2)",
    "go_fish.illegal.own_card": ("{card} is in seat {seat}'s own hand; naming it needs option "
                                 "ask_own_card (GF-8)"),
    "enemy_anemone.illegal.must_play": ("seat {seat} holds {cards} of a suit not yet played this "
                                        "trick and must play a card (EA-3)"),
    "enemy_anemone.illegal.suit_played": "{suit_name} already played this trick",
    "enemy_anemone.illegal.anemones": "seat {seat} holds {count} Anemone(s) showing +{side}, not {want}",
}


def reason_text(key: str, args: dict[str, Any] | None = None) -> str:
    """The English reason for programmers, e.g. ``reason_text("snorkeling.illegal.pile_top",
    {"target": 2, "top": 5})`` -> ``"seat 2's pile top is 5"`` (lists are joined by ``", "``)."""
    text = REASONS.get(key, key)
    for name, value in (args or {}).items():
        if isinstance(value, (list, tuple)):
            value = ", ".join(str(v) for v in value)
        text = text.replace("{" + name + "}", str(value))
    return text


class IllegalAction(ValueError):
    """An action that is not in ``legal_actions()`` right now (GEN-5).

    The message names the action and the reason, e.g. ``"place B3 2: seat 2's pile top is 5"``.
    The game state is left exactly as it was.

    ``key`` and ``reason_args`` say the same for a player's language: a message-catalog key (see
    :data:`REASONS`) and its arguments (seats as numbers, cards in notation), e.g.
    ``"snorkeling.illegal.pile_top"`` and ``{"card": "B3", "target": 2, "top": 5, "wanted": 4}``.
    ``action`` is the action that was refused. (``args`` keeps its usual exception meaning.)
    """

    def __init__(self, message: str = "", *, key: str = "illegal.not_now",
                 reason_args: dict[str, Any] | None = None, action: Any = None) -> None:
        super().__init__(message)
        self.key = key
        self.reason_args = dict(reason_args or {})
        self.action = action

    @classmethod
    def because(cls, action: Any, key: str, **args: Any) -> "IllegalAction":
        """The error for ``action`` refused for reason ``key`` (in :data:`REASONS`) with ``args``;
        the message is ``"<action>: <English reason>"`` (``repr`` of a non-string action)."""
        text = action if isinstance(action, str) and len(action) <= 60 else shown(action)
        return cls(f"{text}: {reason_text(key, args)}", key=key, reason_args=args, action=action)


class MalformedAction(IllegalAction):
    """An action string that is not in the game's notation at all (e.g. ``"ask 1 10"``)."""


class InvalidOption(ValueError):
    """An unknown game name, a player count out of range, an unknown option or a bad value.

    The message names the problem for developers, in English. ``why`` (a string, or ``None``)
    sorts it for players and ``params`` (a dict of strings) holds what their sentence names: the
    facade words it in their language from catalog key ``link.<why>`` (e.g. ``why="number"``,
    ``params={"name": "players", "low": "2", "high": "6", "value": "'99'"}``).
    """

    def __init__(self, message: str, why: str | None = None, params: dict[str, str] | None = None):
        super().__init__(message)
        self.why = why
        self.params = dict(params or {})


class InvalidDeck(ValueError):
    """A stacked deck (GEN-2) that is not a permutation of the game's deck."""


class InvalidSave(ValueError):
    """A save text that is malformed, truncated, from an unknown version or inconsistent.

    ``why`` sorts the refusal for players (the page says it in their words): ``"not_save"`` (not a
    Tidepool save at all), ``"version"`` (another save version), ``"too_long"`` (longer than any
    game can be, GEN-6), ``"cut_short"`` (a save whose text ends before its JSON does) or
    ``"damaged"`` (incomplete, a bad setup, or an action that is not legal where it stands). The
    message itself names the problem for developers.
    """

    WHYS = ("not_save", "version", "too_long", "cut_short", "damaged")

    def __init__(self, message: str, why: str = "damaged"):
        if why not in self.WHYS:
            raise ValueError(f"InvalidSave: why must be one of {', '.join(self.WHYS)}, got {why!r}")
        super().__init__(message)
        self.why = why
