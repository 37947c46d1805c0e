"""Loading save texts written by ``Game.to_json`` (replayed action by action, GEN-1)."""

from __future__ import annotations

import json

from .engine import SAVE_FORMAT, SAVE_VERSION, Game, shown
from .errors import InvalidSave


MAX_DEPTH = 32  # a save nests 4 deep; far deeper JSON could overflow a small (browser) stack
# GEN-6: the longest game of all, Game.max_actions() of Snorkeling at 6 players with its caps at
# their maxima: 100 rounds * (4 * 500 turns + 5 * 6). A save holding more is refused unread.
MAX_SAVE_ACTIONS = 203_000
# The longest action in a save takes 13 characters ("place B3 2", quotes, comma); 20 leaves room for
# indented JSON, and 64 KiB for the setup (the longest stacked deck is 75 cards of 5 characters).
MAX_SAVE_CHARS = 20 * MAX_SAVE_ACTIONS + 65_536


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON ``text`` nests arrays/objects more than ``limit`` deep (strings skipped)."""
    if text.count("[") + text.count("{") <= limit:  # a save has a handful: no need to scan
        return False
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


def cut_short(text: str | bytes, exc: Exception, *markers: str) -> bool:
    """Whether ``text``, which ``json.loads`` refused with ``exc``, is a save with its end missing:
    it names one of ``markers`` (a save format's marker) and the parser ran out of text (in a
    string, which then never closes, or between values)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    ran_out = isinstance(exc, json.JSONDecodeError) and (
        exc.msg.startswith("Unterminated string") or exc.pos >= len(text.rstrip()))
    return ran_out and any(f'"{marker}"' in text for marker in markers)


def load_game(text: str) -> Game:
    """Restore a game from ``Game.to_json()`` text.

    Raises :class:`InvalidSave` when the text is not JSON, is cut short, has another format or an
    unknown version, names an unknown game or bad setup (``options`` must be an object), or holds
    an action that is not legal where it stands (e.g. a card twice in the deck). Longer saves than
    any game can produce are refused before they are replayed (GEN-6): over
    :data:`MAX_SAVE_CHARS` characters, over :data:`MAX_SAVE_ACTIONS` actions, or over the
    game's own ``max_actions()`` for its setup. Never returns a broken game.
    """
    from . import new_game  # the registry lives in the package root

    if not isinstance(text, (str, bytes)):
        raise InvalidSave("a save is JSON text", "not_save")
    if len(text) > MAX_SAVE_CHARS:
        raise InvalidSave(f"the save is {len(text):,} characters long; the longest game fits in "
                          f"{MAX_SAVE_CHARS:,} (GEN-6)", "too_long")
    if too_deep(text if isinstance(text, str) else text.decode("utf-8", "replace")):
        raise InvalidSave(f"not a Tidepool save: the JSON nests deeper than {MAX_DEPTH} levels", "not_save")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        if cut_short(text, exc, SAVE_FORMAT):
            raise InvalidSave(f"the save is cut short: the text ends before its JSON does ({exc})",
                              "cut_short") from None
        raise InvalidSave(f"not a Tidepool save: the text is not valid JSON ({exc})", "not_save") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise InvalidSave("not a Tidepool save: the format marker is missing", "not_save")
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        raise InvalidSave(f"save version {shown(version)} is not supported (expected {SAVE_VERSION})", "version")
    keys = {"game", "players", "seed", "options", "deck", "actions"}
    missing = sorted(keys - set(data))
    if missing:
        raise InvalidSave(f"the save is incomplete: {', '.join(missing)} missing")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InvalidSave("the save's actions must be a list of strings")
    if len(actions) > MAX_SAVE_ACTIONS:
        raise InvalidSave(f"the save has {len(actions):,} actions; the longest game has "
                          f"{MAX_SAVE_ACTIONS:,} (GEN-6)", "too_long")
    if not isinstance(data["options"], dict):
        raise InvalidSave(f"the save's options must be an object, got {shown(data['options'])}")
    try:
        game = new_game(data["game"], players=data["players"], seed=data["seed"],
                        options=data["options"], deck=data["deck"])
    except ValueError as exc:
        raise InvalidSave(f"the save's setup is invalid: {exc}") from None
    if len(actions) > game.max_actions():
        raise InvalidSave(f"the save has {len(actions):,} actions; a {game.name} game with these "
                          f"players and options ends within {game.max_actions():,} (GEN-6)", "too_long")
    for index, action in enumerate(actions):
        try:
            game.apply(action)
        except ValueError as exc:
            raise InvalidSave(f"the save is inconsistent at action {index + 1}: {exc}") from None
    return game
