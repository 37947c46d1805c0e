"""Human sentences for actions and history entries, from the message catalog in ``locales/``.

The catalog for a language is ``locales/<lang>.json`` (shared and UI text) merged with every
``locales/<lang>.<part>.json`` (one per game, plus rules and demos). Templates use ``{name}`` placeholders. Entry and
action fields are rendered by their names: seat fields become player names, card fields card
names, ``rank`` a rank name, ``suit`` a suit name, whole numbers are written as the language writes
them (:func:`format_number`). A game without its own sentence for an entry type uses the shared
``log.<type>``.

Plurals: for a template ``key`` and a count (the field ``count``, or ``n`` when there is no
``count``), the first of these in the catalog is used: ``key.<the number>`` (e.g.
``table.cards.1``), ``key.<plural category>`` (:func:`plural_category`: ``zero``, ``one``,
``two``, ``few``, ``many`` or ``other``), ``key.shared`` when an entry names several ``winners``,
``key.turned`` when an Anemone handed over shows another side than it had (``given_side``, EA-7),
then ``key`` itself. The page does the same with ``Intl.PluralRules``. A language's catalog may
therefore hold ``key.<category>`` variants that English does not need (Arabic's ``.two``, ``.few``).

"You": when the reader is a seat of the game (``you``), an entry whose ``seat`` is that seat first
tries ``key.you`` ("You put…"), and one naming that seat in another seat field ``key.to_you``
("…on your pile"), each with the plural lookup above, before ``key``: many languages conjugate
for "you", so the name is never swapped for a pronoun inside another sentence.

Illegal-move reasons (:class:`~pygame_core.IllegalAction`'s ``key`` and ``reason_args``) are
rendered the same way by :func:`describe_reason`.
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
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
GROUP_SEPARATOR = {"en": ",", "de": ".", "id": ".", "pt": ".", "ar": ","}


def plural_category(lang: str, n: int) -> str:
    """The CLDR cardinal plural category of the whole number ``n`` in ``lang``, the value
    ``Intl.PluralRules(lang).select(n)`` gives for integers:

    - ``en``, ``de``: ``one`` for 1, else ``other``.
    - ``pt`` (CLDR ``pt``, Brazilian): ``one`` for 0 and 1, else ``other``.
    - ``id``: always ``other`` (no plural forms).
    - ``ar``: ``zero`` for 0, ``one`` for 1, ``two`` for 2, ``few`` when ``n % 100`` is 3..10,
      ``many`` when ``n % 100`` is 11..99, else ``other`` (100, 101, 102, 200 ...).

    Any other language gets ``other``. Negative numbers take the category of their absolute value.

    >>> [plural_category("ar", n) for n in (0, 1, 2, 3, 11, 100)]
    ['zero', 'one', 'two', 'few', 'many', 'other']
    """
    n = abs(int(n))
    if lang in ("en", "de"):
        return "one" if n == 1 else "other"
    if lang == "pt":
        return "one" if n in (0, 1) else "other"
    if lang == "ar":
        if n <= 2:
            return ("zero", "one", "two")[n]
        rest = n % 100
        if 3 <= rest <= 10:
            return "few"
        if 11 <= rest <= 99:
            return "many"
    return "other"


def format_number(lang: str, n: int) -> str:
    """A whole number as ``Intl.NumberFormat`` writes it for ``lang`` with Western digits
    (Arabic too, ``ar-u-nu-latn``): thousands grouped from 1,000 on, e.g. ``"1.000"`` in German."""
    text = str(abs(n))
    if len(text) > 3:
        groups = []
        while text:
            groups.insert(0, text[-3:])
            text = text[:-3]
        text = GROUP_SEPARATOR.get(lang, ",").join(groups)
    return "-" + text if n < 0 else text


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


def _text(value: Any, lang: str) -> Any:
    return format_number(lang, value) if type(value) is int else value


def _render(game: str, key: str, fields: dict[str, Any], names: list[str] | None, lang: str,
            you: int | None = None) -> str:
    cat = catalog(lang)
    sep = cat["list_sep"]
    args: dict[str, Any] = {}
    for k, v in fields.items():
        if k in SEAT_FIELDS and isinstance(v, int):
            args[k] = player_name(v, names, lang)
        elif k in SEAT_LIST_FIELDS and isinstance(v, list):
            args[k] = sep.join(player_name(s, names, lang) for s in v)
        elif k in CARD_FIELDS and isinstance(v, str):
            args[k] = card_name(game, v, lang)
        elif k == "cards" and isinstance(v, list):
            args[k] = sep.join(card_name(game, c, lang) for c in v)
        elif k == "rank" and isinstance(v, str):
            args[k] = cat.get(f"{game}.rank.{v}", v)
            args["ranks"] = cat.get(f"{game}.ranks.{v}", v)
        elif k == "suit" and isinstance(v, str):
            args[k] = cat.get(f"{game}.suit.{v}", v)
        elif k == "reason" and isinstance(v, str):
            args[k] = cat.get(f"{game}.reason.{v}", v)
        elif isinstance(v, list):
            args[k] = sep.join(str(_text(x, lang)) for x in v)
        else:
            args[k] = _text(v, lang)
    if "reason" in args:  # a reason may name the entry's seats too ("{seat} has no cards left")
        args["reason"] = _fill(args["reason"], {k: v for k, v in args.items() if k != "reason"})
    return _fill(template(key, fields, lang, you), args)


def template(key: str, fields: dict[str, Any], lang: str = "en", you: int | None = None) -> str:
    """The catalog template for ``key`` given an entry's ``fields``, following the lookup of the
    module docstring (with ``you`` a seat: ``key.you`` or ``key.to_you`` first; ``count`` or else
    ``n`` picks ``key.<number>`` or ``key.<category>``); ``key`` itself when the catalog has
    nothing."""
    cat = catalog(lang)
    bases = [key]
    if type(you) is int:
        named = {f for f in SEAT_FIELDS if type(fields.get(f)) is int and fields[f] == you}
        if "seat" in named:
            bases.insert(0, f"{key}.you")
        elif named:
            bases.insert(0, f"{key}.to_you")
    count = fields.get("count", fields.get("n"))
    variants = []
    for base in bases:
        if type(count) is int:
            variants += [f"{base}.{count}", f"{base}.{plural_category(lang, count)}"]
        if len(fields.get("winners") or ()) > 1:
            variants.append(f"{base}.shared")
        if fields.get("given_side") not in (None, fields.get("side")):  # EA-7: an Anemone handed over and turned
            variants.append(f"{base}.turned")
        variants.append(base)
    return next((cat[k] for k in variants if k in cat), key)


def describe(game: str, entry: dict, names: list[str] | None = None, lang: str = "en",
             you: int | None = None) -> str:
    """One history entry of ``game`` as a sentence, e.g. ``"Player 2 plays blue 3 to the centre."``;
    told to seat ``you`` when given (``"Bot 2 puts blue 3 on your pile."``, see the module doc)."""
    key = f"{game}.log.{entry['type']}"
    if key not in catalog(lang):
        key = f"log.{entry['type']}"  # shared sentences, e.g. the game end
    return _render(game, key, entry, names, lang, you)


def log_items(game, start: int = 0, names: list[str] | None = None, lang: str = "en",
              you: int | None = None) -> list[dict]:
    """``game.history[start:]`` for a page: ``[{"i", "type", "text", "entry"}, …]`` (public
    entries), told to seat ``you`` when given (:func:`describe`)."""
    return [{"i": i, "type": e["type"], "text": describe(game.name, e, names, lang, you), "entry": e}
            for i, e in enumerate(game.history[start:], start=start)]


def move_items(game_name: str, actions: list[str], names: list[str] | None = None,
               lang: str = "en") -> list[dict]:
    """Legal actions for a page: ``[{"action", "label"}, …]``."""
    return [{"action": a, "label": describe_action(game_name, a, names, lang)} for a in actions]


def describe_reason(game: str, key: str, args: dict | None = None, names: list[str] | None = None,
                    lang: str = "en") -> str:
    """Why an action is illegal, for a player: the catalog sentence for an
    :class:`~pygame_core.IllegalAction`'s ``key`` and ``reason_args`` in ``lang``, e.g.
    ``describe_reason("snorkeling", "illegal.not_in_hand", {"card": "B3", "seat": 0})`` ->
    ``"You do not hold blue 3."``."""
    return _render(game, key, dict(args or {}), names, lang)


def describe_action(game: str, action: str, names: list[str] | None = None, lang: str = "en") -> str:
    """A legal-action string as a short imperative label, e.g. ``"place B3 2"`` -> ``"Put blue 3 on Player 3's pile"``."""
    fields = REGISTRY[game].action_fields(action)
    return _render(game, f"{game}.action.{fields['verb']}", fields, names, lang)
