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
    "de": {"Go Fish", "Bot {n} ({level})", "Bot {n}", "Bot ({level})", "Anemone +{side}", "Marina", "Finn", "Kai", "Link"},
    "id": {"Go Fish", "Go fish!", "Bot {n} ({level})", "Bot {n}", "Bot ({level})", "Total", "Total {n}", "Menu", "Marina"},
    "pt": {"Total", "Total {n}", "Menu", "Marina", "Link"},
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


# ----- log sentences in every language ---------------------------------------------------------


def played_history(name: str) -> list[dict]:
    entries = []
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        options = {"ask_card": True} if name == "go_fish" and seed == 3 else None
        game = pc.new_game(name, players, seed=seed, options=options)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        entries += game.history
    return entries


def english_fragments() -> set[str]:
    """Literal runs of the English sentences (between placeholders), long enough to be telling."""
    out = set()
    for key, text in EN.items():
        if ".log." in key or key.startswith(("log.", "illegal.")) or ".illegal." in key:
            out.update(part.strip() for part in PLACEHOLDER.split(text) if len(part.strip()) >= 10)
    return out


@pytest.mark.parametrize("name", pc.GAMES)
@pytest.mark.parametrize("lang", OTHERS)
def test_log_sentences_contain_no_english(lang, name):
    fragments = english_fragments()
    for entry in played_history(name):
        text = describe(name, entry, lang=lang)
        assert text != describe(name, entry), (lang, entry)
        assert "{" not in text and not any(f in text for f in fragments), (lang, entry, text)


SENTENCES = [
    ("snorkeling", {"type": "center", "seat": 1, "card": "B3"}, {
        "de": "Spieler 2 spielt Blau-3 in die Mitte.",
        "id": "Pemain 2 memainkan 3 biru ke tengah.",
        "pt": "Jogador 2 joga 3 azul no centro.",
        "ar": "اللاعب 2 يلعب 3 أزرق في الوسط."}),
    ("snorkeling", {"type": "place", "seat": 0, "card": "G4", "target": 2}, {
        "de": "Spieler 1 legt Grün-Rochen auf den Stapel von Spieler 3.",
        "id": "Pemain 1 menaruh Pari hijau di tumpukan Pemain 3.",
        "pt": "Jogador 1 coloca Raia verde na pilha do Jogador 3.",
        "ar": "اللاعب 1 يضع راي أخضر على كومة اللاعب 3."}),
    ("go_fish", {"type": "give", "seat": 2, "asker": 0, "rank": "Q", "count": 2}, {
        "de": "Spieler 3 gibt Spieler 1 zwei Damen.",
        "id": "Pemain 3 memberi Pemain 1 dua kartu Queen.",
        "pt": "Jogador 3 dá 2 damas ao Jogador 1.",
        "ar": "اللاعب 3 يعطي اللاعب 1 بطاقتين من بطاقات البنت."}),
    ("go_fish", {"type": "ask_card", "seat": 0, "asked": 1, "card": "QS"}, {
        "de": "Spieler 1 bittet Spieler 2 um Pik-Dame.",
        "id": "Pemain 1 meminta Queen Sekop kepada Pemain 2.",
        "pt": "Jogador 1 pede dama de espadas ao Jogador 2.",
        "ar": "اللاعب 1 يطلب من اللاعب 2 بنت بستوني."}),
    ("enemy_anemone", {"type": "play", "seat": 0, "card": "J7", "anemones": [1, 2], "count": 2,
                       "boost": 3, "value": 10}, {
        "de": "Spieler 1 spielt Qualle 7 mit 2 Anemonen (+3): Wert 10.",
        "id": "Pemain 1 memainkan Ubur-ubur 7 dengan 2 Anemon (+3): nilai 10.",
        "pt": "Jogador 1 joga Água-viva 7 com 2 Anêmonas (+3): valor 10.",
        "ar": "اللاعب 1 يلعب قنديل البحر 7 مع أنيمونين (+3): القيمة 10."}),
    ("snorkeling", {"type": "game_end", "winners": [0, 2], "totals": [12, 7, 12]}, {
        "de": "Das Spiel ist vorbei. Gemeinsamer Sieg: Spieler 1, Spieler 3.",
        "id": "Permainan selesai. Menang bersama: Pemain 1, Pemain 3.",
        "pt": "Fim de jogo. Vitória dividida: Jogador 1, Jogador 3.",
        "ar": "انتهت اللعبة. فوز مشترك: اللاعب 1، اللاعب 3."}),
]


# Brazilian Portuguese puts the article before a seat's name, which is a noun ("Jogador 2",
# "Robô 3"): "pede setes ao Jogador 2", "a pilha do Jogador 3"; a count of two queens (feminine)
# is written as a digit rather than "dois"; a shared win lists the winners without a preposition.
PT_ARTICLES = [
    ("go_fish", {"type": "ask", "seat": 0, "asked": 1, "rank": "7"}, "Jogador 1 pede setes ao Jogador 2."),
    ("go_fish", {"type": "give", "seat": 1, "asker": 0, "rank": "K", "count": 1}, "Jogador 2 dá ao Jogador 1 uma carta: rei."),
    ("go_fish", {"type": "game_end", "winners": [2], "totals": [1, 0, 3]},
     "Fim de jogo. Vitória do Jogador 3 (quadras por jogador: 1, 0, 3)."),
    ("go_fish", {"type": "game_end", "winners": [0, 2], "totals": [3, 0, 3]},
     "Fim de jogo. Vitória dividida: Jogador 1, Jogador 3 (quadras por jogador: 3, 0, 3)."),
    ("enemy_anemone", {"type": "anemone_given", "giver": 1, "receiver": 2, "side": 1},
     "A reserva acabou, então Jogador 2, que tem mais Anêmonas entre os outros jogadores, dá uma das suas ao "
     "Jogador 3; a Anêmona dada mantém o lado: +1."),
]


@pytest.mark.parametrize("name,entry,text", PT_ARTICLES)
def test_portuguese_puts_the_article_before_a_seats_name(name, entry, text):
    assert describe(name, entry, lang="pt") == text


# Indonesian: a log may name you "Pemain 1 (Anda)", so a seat's own things are "sendiri", never
# the third person's "-nya"; Go Fish keeps its English call, as it keeps its name.
ID_SENTENCES = [
    ("snorkeling", {"type": "takeback", "seat": 0, "card": "B3"},
     "Pemain 1 (Anda) mengambil kembali 3 biru dari tumpukan sendiri."),
    ("enemy_anemone", {"type": "anemone_flip", "receiver": 0},
     "Pemain 1 (Anda) membalik Anemon +1 milik sendiri menjadi +2."),
    ("go_fish", {"type": "go_fish", "seat": 1}, "Bot 2 (acak) berkata: “Go fish!”"),
]


@pytest.mark.parametrize("name,entry,text", ID_SENTENCES)
def test_indonesian_speaks_of_you_in_one_person(name, entry, text):
    assert describe(name, entry, names=["Pemain 1 (Anda)", "Bot 2 (acak)"], lang="id") == text


@pytest.mark.parametrize("name,entry,texts", SENTENCES)
def test_exact_sentences_in_every_language(name, entry, texts):
    for lang, text in texts.items():
        assert describe(name, entry, lang=lang) == text


def test_action_labels_in_every_language():
    assert describe_action("go_fish", "ask 2 7", lang="de") == "Spieler 3 um Siebenen bitten"
    assert describe_action("go_fish", "ask 2 7", lang="id") == "Minta kartu Tujuh kepada Pemain 3"
    assert describe_action("go_fish", "ask 2 7", lang="pt") == "Pedir setes ao Jogador 3"
    assert describe_action("go_fish", "ask 2 7", lang="ar") == "اطلب من اللاعب 3 بطاقات السبعة"


@pytest.mark.parametrize("count,text", [
    (1, "اللاعب 1 يسحب بطاقة."),
    (2, "اللاعب 1 يسحب بطاقتين."),
    (3, "اللاعب 1 يسحب 3 بطاقات."),
    (10, "اللاعب 1 يسحب 10 بطاقات."),
    (11, "اللاعب 1 يسحب 11 بطاقة."),
    (100, "اللاعب 1 يسحب 100 بطاقة."),
    (103, "اللاعب 1 يسحب 103 بطاقات."),
])
def test_arabic_plural_forms(count, text):
    assert describe("snorkeling", {"type": "draw", "seat": 0, "count": count}, lang="ar") == text


def test_exact_number_beats_category_and_other_languages_keep_their_forms():
    entry = {"type": "anemones_return", "count": 1, "supply": 9}
    assert describe("enemy_anemone", entry, lang="ar") == "يعود أنيمون واحد إلى المخزون (فيه الآن 9)."
    entry["count"] = 2
    assert describe("enemy_anemone", entry, lang="ar") == "يعود أنيمونان إلى المخزون (فيه الآن 9)."
    assert describe("enemy_anemone", entry, lang="pt") == "2 Anêmonas voltam para a reserva (agora há 9 lá)."
    assert describe("enemy_anemone", entry) == "2 Anemones go back to the supply (9 there now)."


def test_numbers_are_formatted_per_language():
    entry = {"type": "reshuffle", "count": 1500}
    assert "1.500 Karten" in describe("snorkeling", entry, lang="de")
    assert "1,500 بطاقة" in describe("snorkeling", entry, lang="ar")


# ----- illegal-move reasons in the player's language -------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_key_is_in_every_catalog(lang):
    cat = raw(lang)
    for key in REASONS:
        assert key in cat, (lang, key)
        assert not re.search(r"[A-Z]{2}-\d", cat[key]), "no rule ids in what players read"
    assert "illegal.not_your_turn" in cat


def test_illegal_action_carries_key_and_arguments():
    game = pc.new_game("snorkeling", 2, seed=4, options={"first_player": 0})
    card = game.hands[1][0]
    with pytest.raises(pc.IllegalAction) as info:
        game.apply(f"center {card}")
    exc = info.value
    assert exc.key == "illegal.not_in_hand" and exc.reason_args == {"card": card, "seat": 0}
    assert exc.action == f"center {card}" and str(exc) == f"center {card}: {card} is not in seat 0's hand"
    with pytest.raises(pc.MalformedAction) as info:
        game.apply("dive")
    assert info.value.key == "illegal.malformed"
    assert describe_reason("snorkeling", info.value.key, info.value.reason_args, lang="de") == (
        "Das ist in diesem Spiel kein Zug.")


def test_reasons_render_in_every_language():
    args = {"card": "O3", "center": "B1"}
    assert describe_reason("snorkeling", "snorkeling.illegal.no_follow", args) == (
        "You cannot play orange 3 on blue 1: play a card one higher, or one of the same colour.")
    assert describe_reason("snorkeling", "snorkeling.illegal.no_follow", args, lang="de") == (
        "Orange-3 passt nicht auf Blau-1: Spiel eine Karte, die um eins höher ist oder dieselbe "
        "Farbe hat.")
    assert describe_reason("snorkeling", "snorkeling.illegal.no_follow", args, lang="ar") == (
        "لا يمكنك لعب 3 برتقالي على 1 أزرق: العب بطاقة أعلى بواحد، أو من اللون نفسه.")
    args = {"seat": 0, "count": 2, "side": 1, "want": 3}
    assert describe_reason("enemy_anemone", "enemy_anemone.illegal.anemones", args, lang="ar") == (
        "لديك أنيمونان فقط بوجه +1، لا 3.")
    assert describe_reason("go_fish", "go_fish.illegal.rank_not_held", {"seat": 0, "rank": "K"},
                           lang="pt") == "Você só pode pedir um valor que tem na mão, e você não tem reis."


def start_german_snorkeling() -> dict:
    reply = json.loads(call("start", json.dumps({
        "game": "snorkeling", "players": 2, "seed": 3, "seats": ["human", "bot:easy"],
        "lang": "de", "options": {"first_player": 0}})))
    assert reply["ok"]
    return reply


def test_act_answers_an_illegal_move_in_the_tables_language():
    reply = start_german_snorkeling()
    assert reply["view"]["hand"] == ["B1", "G0", "G3", "O0", "P1"] and reply["view"]["center_top"] == "Y4"
    answer = json.loads(call("act", json.dumps({"action": "center G3"})))
    assert answer == {"ok": False, "code": "snorkeling.illegal.no_follow",
                      "error": "Grün-3 passt nicht auf Gelb-Rochen: Spiel eine Karte, die um eins "
                               "höher ist oder dieselbe Farbe hat."}
    answer = json.loads(call("act", json.dumps({"action": "place G3 0"})))
    assert answer["error"] == "Auf deinen eigenen Stapel darfst du nichts legen, nur auf den eines Gegners."
    answer = json.loads(call("act", json.dumps({"action": "end"})))
    assert answer["code"] == "snorkeling.illegal.end_early"
    assert json.loads(call("act", json.dumps({"action": "center O0"}))) == {"ok": True}


def test_explain_says_why_without_changing_the_game():
    start_german_snorkeling()
    before = json.loads(call("state"))
    answer = json.loads(call("explain", json.dumps({"action": "place G3 1"})))
    assert answer == {"ok": True, "legal": False, "code": "snorkeling.illegal.place_first",
                      "reason": "Eine Karte auf den Stapel eines Gegners legen darfst du erst, "
                                "nachdem du in die Mitte gespielt hast."}
    answer = json.loads(call("explain", json.dumps({"action": "center B3"})))
    assert answer["reason"] == "Du hast Blau-3 nicht auf der Hand."
    assert json.loads(call("explain", json.dumps({"action": "center O0"}))) == {
        "ok": True, "legal": True, "reason": None, "code": None}
    assert json.loads(call("state")) == before
    call("act", json.dumps({"action": "pass"}))  # now the bot is to move
    answer = json.loads(call("explain", json.dumps({"action": "pass"})))
    assert answer["legal"] is False and answer["reason"] == "Bot 2 (leicht) ist am Zug, nicht du."
    answer = json.loads(call("act", json.dumps({"action": "pass"})))
    assert answer == {"ok": False, "code": "illegal.not_your_turn",
                      "error": "Bot 2 (leicht) ist am Zug, nicht du."}


def test_unknown_lang_in_a_link_falls_back_to_english():
    reply = json.loads(call("parse_query", json.dumps({"query": "?game=go_fish&lang=xx&players=4&seed=9"})))
    assert reply["ok"]
    config = reply["config"]
    assert config["lang"] == "en" and config["notice"] == "lang"
    assert (config["game"], config["players"], config["seed"], config["start"]) == ("go_fish", 4, 9, True)
    config = json.loads(call("parse_query", json.dumps({"query": "lang=ar"})))["config"]
    assert config["lang"] == "ar" and "notice" not in config
    assert catalog("en")["notice.lang"]
