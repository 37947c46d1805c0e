"""Human sentences for actions and history entries, from the message catalog in ``locales/``.

The catalog for a language is ``locales/<lang>.json`` (shared and UI text) merged with every
``locales/<lang>.<part>.json`` (one per game, plus rules and demos). Templates use ``{name}`` placeholders. Entry and
action fields are rendered by their names: seat fields become player names, card fields card
names, ``rank`` a rank name; a template ``<key>.<count>`` (e.g. ``.1``) wins when ``count`` matches,
and ``<key>.shared`` when an entry names several ``winners``. A game without its own sentence for an
entry type uses the shared ``log.<type>``.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from .games import REGISTRY

LANGUAGES = ("en", "de", "id", "pt", "ar")
SEAT_FIELDS = {"seat", "target", "asked", "asker", "start_player", "leader", "winner", "lowest",
               "giver", "receiver"}
SEAT_LIST_FIELDS = {"winners", "seats"}
CARD_FIELDS = {"card", "center"}


def translated() -> list[str]:
    """The languages of :data:`LANGUAGES` that have a catalog of their own (others fall back to English)."""
    folder = resources.files(__package__) / "locales"
    return [lang for lang in LANGUAGES if (folder / f"{lang}.json").is_file()]


@lru_cache(maxsize=None)
def catalog(lang: str = "en") -> dict[str, str]:
    """The merged message catalog for ``lang`` (falling back to English key by key).

    Raises ``ValueError`` for a language not in :data:`LANGUAGES`.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    merged: dict[str, str] = {} if lang == "en" else dict(catalog("en"))
    folder = resources.files(__package__) / "locales"
    parts = sorted(p.name for p in folder.iterdir() if p.name.startswith(f"{lang}.") and p.name.endswith(".json"))
    for name in sorted(parts, key=lambda n: n != f"{lang}.json"):
        merged.update(json.loads((folder / name).read_text(encoding="utf-8")))
    return merged


def _fill(template: str, args: dict[str, Any]) -> str:
    out = template
    for key, val in args.items():
        out = out.replace("{" + key + "}", str(val))
    return out


def card_name(game: str, card: str, lang: str = "en") -> str:
    """The spoken name of ``card`` in ``game``, e.g. ``"B3"`` -> ``"blue 3"``."""
    cat = catalog(lang)
    special = cat.get(f"{game}.card.{card}")
    if special:
        return special
    fields = REGISTRY[game].card_fields(card)
    args = {k: cat.get(f"{game}.{k}.{v}", v) for k, v in fields.items()}
    return _fill(cat[f"{game}.card"], args)


def player_name(seat: int, names: list[str] | None, lang: str = "en") -> str:
    """``names[seat]`` when given, else the catalog's "Player N" (1-based)."""
    if names and 0 <= seat < len(names):
        return names[seat]
    return _fill(catalog(lang)["player"], {"n": seat + 1})


def _render(game: str, key: str, fields: dict[str, Any], names: list[str] | None, lang: str) -> str:
    cat = catalog(lang)
    args: dict[str, Any] = {}
    for k, v in fields.items():
        if k in SEAT_FIELDS and isinstance(v, int):
            args[k] = player_name(v, names, lang)
        elif k in SEAT_LIST_FIELDS and isinstance(v, list):
            args[k] = cat["list_sep"].join(player_name(s, names, lang) for s in v)
        elif k in CARD_FIELDS and isinstance(v, str):
            args[k] = card_name(game, v, lang)
        elif k == "cards" and isinstance(v, list):
            args[k] = cat["list_sep"].join(card_name(game, c, lang) for c in v)
        elif k == "rank" and isinstance(v, str):
            args[k] = cat.get(f"{game}.rank.{v}", v)
            args["ranks"] = cat.get(f"{game}.ranks.{v}", v)
        elif k == "reason" and isinstance(v, str):
            args[k] = cat.get(f"{game}.reason.{v}", v)
        elif isinstance(v, list):
            args[k] = cat["list_sep"].join(str(x) for x in v)
        else:
            args[k] = v
    variants = [f"{key}.{fields.get('count')}"]
    if len(fields.get("winners") or ()) > 1:
        variants.append(f"{key}.shared")
    template = next((cat[k] for k in variants if k in cat), None) or cat.get(key)
    if template is None:
        return key
    return _fill(template, args)


def describe(game: str, entry: dict, names: list[str] | None = None, lang: str = "en") -> str:
    """One history entry of ``game`` as a sentence, e.g. ``"Player 2 plays blue 3 to the centre."``."""
    key = f"{game}.log.{entry['type']}"
    if key not in catalog(lang):
        key = f"log.{entry['type']}"  # shared sentences, e.g. the game end
    return _render(game, key, entry, names, lang)


def log_items(game, start: int = 0, names: list[str] | None = None, lang: str = "en") -> list[dict]:
    """``game.history[start:]`` for a page: ``[{"i", "type", "text", "entry"}, …]`` (public entries)."""
    return [{"i": i, "type": e["type"], "text": describe(game.name, e, names, lang), "entry": e}
            for i, e in enumerate(game.history[start:], start=start)]


def move_items(game_name: str, actions: list[str], names: list[str] | None = None,
               lang: str = "en") -> list[dict]:
    """Legal actions for a page: ``[{"action", "label"}, …]``."""
    return [{"action": a, "label": describe_action(game_name, a, names, lang)} for a in actions]


def describe_action(game: str, action: str, names: list[str] | None = None, lang: str = "en") -> str:
    """A legal-action string as a short imperative label, e.g. ``"place B3 2"`` -> ``"Put blue 3 on Player 3's pile"``."""
    fields = REGISTRY[game].action_fields(action)
    return _render(game, f"{game}.action.{fields['verb']}", fields, names, lang)
