"""Message catalogs in every language (pygame_core/locales), plural rules, and illegal-move
reasons in the player's language.

A language's catalog is ``<lang>.json`` merged with its ``<lang>.<part>.json`` files. It must
have exactly the English keys, with the same ``{placeholders}`` in each string; it may add plural
variants of an English key (``key.<number>`` or ``key.<CLDR category>``, e.g. Arabic ``.two``),
which describe.py and the page pick by count. No string may be the English one, except the loan
words listed here and identifiers (``dir``, the rules' section lists, language names).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import pygame_core as pc
from pygame_core.describe import (LANGUAGES, PLURAL_CATEGORIES, catalog, describe, describe_action,
                                  describe_reason, format_number, plural_category, translated)
from pygame_core.errors import REASONS
from pygame_core.facade import call

LOCALES = Path(pc.__file__).resolve().parent / "locales"
OTHERS = [lang for lang in LANGUAGES if lang != "en"]
PLACEHOLDER = re.compile(r"\{(\w+)\}")

# Strings that may equal the English one: names that stay as they are, in every language or in
# one. Game names are the published titles (players use them as they are); "Bot" is German too.
LOANS = {
    "all": {"Tidepool", "Snorkeling", "Enemy Anemone"},
    "de": {"Go Fish", "Bot {n} ({level})", "Anemone +{side}", "Marina", "Finn", "Kai"},
    "id": {"Go Fish", "Bot {n} ({level})", "Total", "Menu", "Marina"},
    "pt": {"Total", "Menu", "Marina"},
    "ar": set(),
}
IDENTIFIER_KEYS = re.compile(r"^(dir|lang\.\w+|rules\.\w+\.(sections|questions))$")


def raw(lang: str) -> dict[str, str]:
    """The language's own catalog files merged (no English fallback)."""
    merged: dict[str, str] = {}
    for path in sorted(LOCALES.glob(f"{lang}.*json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert not set(data) & set(merged), f"{path.name} repeats keys of another part"
        merged.update(data)
    return merged


EN = raw("en")


def plural_base(key: str) -> str | None:
    """``key`` without a plural suffix (``.1``, ``.two``), if it has one and the base is English."""
    base, _, suffix = key.rpartition(".")
    if base in EN and (suffix.isdigit() or suffix in PLURAL_CATEGORIES):
        return base
    return None


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


# ----- completeness ----------------------------------------------------------------------------


def test_every_language_has_a_catalog():
    assert translated() == list(LANGUAGES)
    for lang in LANGUAGES:
        for part in ("", ".snorkeling", ".go_fish", ".enemy_anemone", ".rules", ".demos"):
            assert (LOCALES / f"{lang}{part}.json").is_file(), f"{lang}{part}.json"


@pytest.mark.parametrize("lang", OTHERS)
def test_catalog_has_exactly_the_english_keys(lang):
    cat = raw(lang)
    missing = sorted(set(EN) - set(cat))
    extra = sorted(k for k in set(cat) - set(EN) if plural_base(k) is None)
    assert not missing, f"{lang} lacks {missing[:10]}"
    assert not extra, f"{lang} has keys English does not: {extra[:10]}"


@pytest.mark.parametrize("lang", OTHERS)
def test_same_placeholders_in_every_string(lang):
    cat = raw(lang)
    for key, text in cat.items():
        if key in EN:
            assert placeholders(text) == placeholders(EN[key]), (lang, key, text)
        else:  # a plural variant: only what the English key and its variants use
            base = plural_base(key)
            allowed = set().union(*(placeholders(v) for k, v in EN.items()
                                    if k == base or plural_base(k) == base))
            assert placeholders(text) <= allowed, (lang, key, text)


@pytest.mark.parametrize("lang", OTHERS)
def test_no_string_is_left_in_english(lang):
    cat = raw(lang)
    loans = LOANS["all"] | LOANS[lang]
    same = [key for key, text in cat.items()
            if key in EN and text == EN[key] and re.search(r"[^\W\d_]", PLACEHOLDER.sub("", text))
            and text not in loans and not IDENTIFIER_KEYS.match(key)]
    assert not same, f"{lang}: still English: {same[:10]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_identifiers_and_language_names(lang):
    cat = raw(lang)
    for key in EN:
        if key.startswith("lang.") or re.match(r"^rules\.\w+\.(sections|questions)$", key):
            assert cat[key] == EN[key], (lang, key)
    assert cat["lang.de"] == "Deutsch" and cat["lang.ar"] == "العربية"
    assert cat["dir"] == ("rtl" if lang == "ar" else "ltr")


@pytest.mark.parametrize("lang", OTHERS)
def test_rules_answers_keep_their_rule_ids(lang):
    cat = raw(lang)
    for key, text in EN.items():
        if ".a." in key:
            assert re.findall(r"[A-Z]{2}-\d+", cat[key]) == re.findall(r"[A-Z]{2}-\d+", text), key
    # the arrow points the way the text reads: in right-to-left Arabic, 4 ← 0 shows 4 first
    assert ("4 ← 0" if lang == "ar" else "4 → 0") in cat["rules.snorkeling.a.wrap"]


def test_glossary_per_language():
    for lang in OTHERS:
        text = (LOCALES / f"glossary.{lang}.md").read_text(encoding="utf-8")
        assert raw(lang)["game.go_fish"] in text


# ----- plurals and numbers ---------------------------------------------------------------------

NUMBERS = (0, 1, 2, 3, 5, 11, 21, 100, 101, 102)
CLDR = {
    "en": ("other", "one", "other", "other", "other", "other", "other", "other", "other", "other"),
    "de": ("other", "one", "other", "other", "other", "other", "other", "other", "other", "other"),
    "pt": ("one", "one", "other", "other", "other", "other", "other", "other", "other", "other"),
    "id": ("other",) * 10,
    "ar": ("zero", "one", "two", "few", "few", "many", "many", "other", "other", "other"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_category_matches_cldr(lang):
    assert tuple(plural_category(lang, n) for n in NUMBERS) == CLDR[lang]


def test_plural_category_edges():
    assert [plural_category("ar", n) for n in (103, 110, 111, 199, 200, 1000, 1003)] == [
        "few", "few", "many", "many", "other", "other", "few"]
    assert plural_category("xx", 1) == "other"


def test_format_number():
    assert [format_number(lang, 1234567) for lang in LANGUAGES] == [
        "1,234,567", "1.234.567", "1.234.567", "1.234.567", "1,234,567"]
    assert format_number("de", 999) == "999"
