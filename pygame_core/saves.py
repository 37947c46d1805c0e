"""Loading save texts written by ``Game.to_json`` (replayed action by action, GEN-1)."""

from __future__ import annotations

import json

from .engine import SAVE_FORMAT, SAVE_VERSION, Game
from .errors import InvalidSave


MAX_DEPTH = 32  # a save nests 4 deep; far deeper JSON could overflow a small (browser) stack


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON ``text`` nests arrays/objects more than ``limit`` deep (strings skipped)."""
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


def load_game(text: str) -> Game:
    """Restore a game from ``Game.to_json()`` text.

    Raises :class:`InvalidSave` when the text is not JSON, is truncated, has another format or an
    unknown version, names an unknown game or bad setup, or holds an action that is not legal
    where it stands (e.g. a card twice in the deck). Never returns a broken game.
    """
    from . import new_game  # the registry lives in the package root

    if not isinstance(text, (str, bytes)):
        raise InvalidSave("a save is JSON text")
    if too_deep(text if isinstance(text, str) else text.decode("utf-8", "replace")):
        raise InvalidSave(f"not a Tidepool save: the JSON nests deeper than {MAX_DEPTH} levels")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise InvalidSave(f"not a Tidepool save: the text is not valid JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise InvalidSave("not a Tidepool save: the format marker is missing")
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        raise InvalidSave(f"save version {version!r} is not supported (expected {SAVE_VERSION})")
    keys = {"game", "players", "seed", "options", "deck", "actions"}
    missing = sorted(keys - set(data))
    if missing:
        raise InvalidSave(f"the save is incomplete: {', '.join(missing)} missing")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InvalidSave("the save's actions must be a list of strings")
    try:
        game = new_game(data["game"], players=data["players"], seed=data["seed"],
                        options=data["options"], deck=data["deck"])
    except ValueError as exc:
        raise InvalidSave(f"the save's setup is invalid: {exc}") from None
    for index, action in enumerate(actions):
        try:
            game.apply(action)
        except ValueError as exc:
            raise InvalidSave(f"the save is inconsistent at action {index + 1}: {exc}") from None
    return game
