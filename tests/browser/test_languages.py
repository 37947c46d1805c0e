"""Every screen in German, Indonesian, Portuguese and Arabic: a human plays a whole game of each
game by clicking, and each rules demo runs to its end, with no sentence of the English catalog on
screen, <html lang> set, and Arabic right to left with the layout mirrored (the hand's first card
on the right).
"""

import json
from pathlib import Path

import pytest
from pages import make_a_move, wait_for_my_turn_or_end
from playwright.sync_api import expect

import pygame_core as pc
from pygame_core.describe import catalog

LANGS = ["de", "id", "pt", "ar"]
GAMES = ["snorkeling", "go_fish", "enemy_anemone"]
SHORT = {"snorkeling": "target_score=6,first_player=0", "go_fish": "first_player=0", "enemy_anemone": "first_player=0"}
TIMEOUT_MS = 120_000
LOCALES = Path(pc.__file__).resolve().parent / "locales"


def english_sentences(lang):
    """English catalog texts of two words or more, with no placeholder, that ``lang`` words
    differently: none of them may be on screen in ``lang``."""
    own = catalog(lang)
    english = {}
    for path in LOCALES.glob("en*.json"):
        english.update(json.loads(path.read_text(encoding="utf-8")))
    return sorted({text for key, text in english.items()
                   if "{" not in text and " " in text.strip() and own.get(key) != text and "\n" not in text})


def visible_english(page, sentences):
    text = page.evaluate("document.body.innerText")
    return [s for s in sentences if s in text]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_whole_game_in_every_language(page, base_url, open_app, lang, game):
    sentences = english_sentences(lang)
    open_app(page, base_url, f"lang={lang}&game={game}&players=2&seats=human,bot:random&seed=21&speed=0"
                             f"&options={SHORT[game]}")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.evaluate("document.documentElement.dir") == ("rtl" if lang == "ar" else "ltr")
    moves = 0
    while wait_for_my_turn_or_end(page) == "playing":
        page.locator("[data-legal]").first.wait_for()
        assert visible_english(page, sentences) == []
        if lang == "ar":
            xs = page.locator("[data-part=hand] .card").evaluate_all(
                "cards => cards.map((c) => c.getBoundingClientRect().left)")
            if len(set(xs)) > 1:  # the hand's first card is the rightmost one
                assert xs[0] == max(xs) and min(xs) < xs[0], f"the hand is not mirrored: {xs}"
        make_a_move(page)
        moves += 1
        assert moves < 400
    assert moves > 0
    page.locator("#over").wait_for()
    assert visible_english(page, sentences) == []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_rules_demo_in_every_language(page, base_url, open_app, lang, game):
    sentences = english_sentences(lang)
    open_app(page, base_url, f"lang={lang}&demo={game}")
    assert page.evaluate("document.documentElement.lang") == lang
    steps = 0
    while page.evaluate("document.documentElement.dataset.state") == "playing":
        step = page.evaluate("document.documentElement.dataset.demoStep")
        assert visible_english(page, sentences) == [], f"step {step}"
        page.locator("#demo-next").click()
        page.wait_for_function(f"document.documentElement.dataset.demoStep !== '{step}'")
        steps += 1
    assert steps >= 5
    assert page.locator("#demo-end").is_visible()
    assert visible_english(page, sentences) == []


def test_unknown_language_falls_back_to_english_and_keeps_the_link(page, base_url, open_app):
    """A link with a language this build lacks says so, in English, and still starts its game."""
    assert open_app(page, base_url, "lang=xx&game=go_fish&players=3&seats=human,bot:random,bot:random&seed=3") == "playing"
    assert page.evaluate("document.documentElement.lang") == "en"
    assert "not available" in page.locator(".toast").first.inner_text(timeout=5000)
    assert page.evaluate("window.tidepool.call('state').then((r) => r.view.players)") == 3


@pytest.mark.parametrize("tag, lang", [("AR", "ar"), ("pt-BR", "pt"), ("de_DE", "de")])
def test_a_language_tag_in_any_case_or_with_a_region_is_taken(page, base_url, open_app, tag, lang):
    """lang=AR, pt-BR, de_DE: the language the tag names, with no notice."""
    assert open_app(page, base_url, f"lang={tag}&game=go_fish&players=2&seats=human,bot:random&seed=3") == "playing"
    assert page.evaluate("document.documentElement.lang") == lang
    page.wait_for_timeout(500)
    assert page.locator(".toast").count() == 0


def test_language_switches_live_at_the_table(page, base_url, open_app):
    open_app(page, base_url, "game=snorkeling&players=2&seats=human,bot:random&seed=4&speed=0&options=first_player=0")
    wait_for_my_turn_or_end(page)
    before = page.evaluate("window.tidepool.call('state').then((r) => r.steps)")
    page.locator("#side-toggle").click() if page.locator("#table-lang").is_hidden() else None
    page.locator("#table-lang").select_option("pt")
    page.wait_for_function("document.documentElement.lang === 'pt'")
    page.wait_for_function("document.querySelector('#log li') && !/Round 1 begins/.test(document.querySelector('#log').innerText)")
    assert page.evaluate("window.tidepool.call('state').then((r) => r.steps)") == before
    assert "Rodada" in page.locator("#log").inner_text() or "rodada" in page.locator("#log").inner_text()



@pytest.mark.parametrize("lang", ["en"] + LANGS)
def test_the_pages_title_description_and_labels_are_in_your_language(page, base_url, open_app, lang):
    """What a tab, a bookmark and a search show (<title>, the description) and every aria-label of
    the page's fixed controls (the share box's link field among them) come from the catalog."""
    own = catalog(lang)
    open_app(page, base_url, f"lang={lang}")
    assert page.title() == own["app.page_title"]
    assert page.locator('meta[name="description"]').get_attribute("content") == own["app.description"]
    labels = page.evaluate("""[...document.querySelectorAll('[aria-label]')]
        .filter((n) => !n.closest('#felt, #log, #lobby-games')).map((n) => [n.id || n.className, n.getAttribute('aria-label')])""")
    english = {text for key, text in catalog("en").items() if own.get(key) != text}
    assert labels and not [label for label in labels if label[1] in english], labels
    assert page.locator("#share-link").get_attribute("aria-label") == own["share.link"]


# A link for each way a link's settings can be refused (facade.parse_query, and the table's start
# for seats and options that need another), and the parameter or value its sentence names.
BAD_LINKS = {
    "game=chess": "chess",
    "game=snorkeling&players=9": "players",
    "game=snorkeling&seed=-1": "seed",
    "game=snorkeling&speed=fast": "speed",
    "game=snorkeling&embed=2": "embed",
    "game=snorkeling&hints=yes": "hints",
    "game=snorkeling&players=3&players=4": "players",
    "game=snorkeling&options=expert": "expert",
    "game=snorkeling&options=expert=1,expert=0": "expert",
    "game=snorkeling&options=depth=3": "depth",
    "game=snorkeling&options=expert=maybe": "maybe",
    "game=snorkeling&options=target_score=99": "target_score",
    "game=snorkeling&players=3&seats=human,robot,bot:easy": "robot",
    "game=snorkeling&players=3&seats=human": "human",
    "game=go_fish&options=ask_own_card=1": "ask_own_card",
}


@pytest.mark.parametrize("lang", LANGS)
def test_every_refused_link_is_said_in_your_language(page, base_url, open_app, lang):
    """Each refused link's message on the start screen is the catalog's lead and its sentence in
    the page's language, naming what was wrong; no English catalog sentence, and nothing of the
    engine's own English ("expected …", "given twice", "unknown …")."""
    english = english_sentences(lang)
    lead = catalog(lang)["error.params"].split("{message}")[0]
    for query, named in BAD_LINKS.items():
        assert open_app(page, base_url, f"{query}&lang={lang}") == "ready"
        message = page.locator("#start-message")
        message.wait_for()
        text = message.inner_text()
        assert text.startswith(lead) and named in text, (query, text)
        assert not [s for s in english if s in text], (query, text)
        assert not [w for w in ("expected", "given twice", "unknown", "entries", "only possible") if w in text], (query, text)

# A file the page cannot load (blocked, gone from the host): which one, the link, the sentence it
# gets, and other files blocked with it. The engine wheel is fetched only where the runtime starts
# without the build's memory snapshot (a restore finds the engine installed), so its case blocks
# the snapshot file as well.
BLOCKED = {
    "web/tables/go_fish.js": ("game=go_fish&players=3&seats=human,bot:easy,bot:easy", "error.table_load", ()),
    "pyodide/pyodide.asm.wasm": ("game=snorkeling", "error.engine_load", ()),
    "pygame_core-0.1.0-py3-none-any.whl": ("game=enemy_anemone", "error.engine_load", ("snapshot.bin",)),
    "web/engine.py": ("game=snorkeling", "error.engine_load", ()),
}


@pytest.mark.allow_console_errors  # the blocked request itself, and the reason the page logs
@pytest.mark.parametrize("blocked", list(BLOCKED))
@pytest.mark.parametrize("lang", ["en"] + LANGS)
def test_a_file_that_cannot_load_is_said_in_your_language(page, base_url, lang, blocked):
    """A table module, the runtime, the engine wheel (on a start without the snapshot) or the
    engine's script that cannot be downloaded: within 10 s the page says so in the player's
    language (no English detail), with a Reload button, and <html data-state="error">, instead of
    a blank felt or an endless wait."""
    query, key, also = BLOCKED[blocked]
    own = catalog(lang)
    for path in (blocked, *also):
        page.route(f"{base_url}/{path}", lambda route: route.abort())
    page.goto(f"{base_url}/index.html?lang={lang}&{query}")
    page.wait_for_function("document.documentElement.dataset.state === 'error'", timeout=10_000)
    expected = own[key].replace("{game}", own["game.go_fish"])
    assert page.locator("#error-message").inner_text() == expected
    assert page.locator("#error-reload").inner_text() == own["error.reload"]
    assert page.locator("#error-reload").is_visible()
    if lang != "en":
        assert visible_english(page, english_sentences(lang)) == []


# Each button of the start screen's bar: its label's overflow (scroll over client width), its box,
# and whether its label broke inside a word (a line that starts with a letter following a letter).
START_BAR = """() => [...document.querySelectorAll('.start-buttons button')]
  .filter((b) => b.getBoundingClientRect().width)
  .map((b) => { const r = b.getBoundingClientRect(); return {
    id: b.id, over: b.scrollWidth - b.clientWidth, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
    words: b.textContent.trim().split(/\\s+/).map((w) => { const range = document.createRange();
      const node = b.firstChild; const at = b.textContent.indexOf(w); range.setStart(node, at); range.setEnd(node, at + w.length);
      return range.getClientRects().length; }) }; })"""


@pytest.mark.parametrize("lang", ["en"] + LANGS)
def test_the_start_bar_fits_a_phone_in_every_language(page, base_url, open_app, lang):
    """At 320, 360 and 390 px the start screen's bar (Start, Open file, Rules) stays one row in
    every language: no label is cut or runs into the next button, none leaves the screen, and a
    label that needs two lines breaks between words, never inside one ("Abrir arquivo" ran 33 px
    into "Regras" and "Começar o jogo" was covered at 360 px)."""
    open_app(page, base_url, f"lang={lang}")
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 700})
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        buttons = page.evaluate(START_BAR)
        assert [b["id"] for b in buttons] == ["start-button", "start-import-button", "start-rules-button"]
        for b in buttons:
            assert b["over"] <= 1, (width, b)
            assert b["left"] >= -0.5 and b["right"] <= width + 0.5, (width, b)
            assert all(lines == 1 for lines in b["words"]), (width, b)  # no word split over two lines
        for a, b in zip(buttons, buttons[1:]):
            assert (b["left"] >= a["right"] - 0.5) if lang != "ar" else (b["right"] <= a["left"] + 0.5), (width, a, b)
        assert max(b["top"] for b in buttons) < min(b["bottom"] for b in buttons)  # one row


@pytest.mark.allow_console_errors  # the page logs each refused file's English detail
@pytest.mark.parametrize("lang", LANGS)
def test_every_refused_file_is_said_in_your_language(page, base_url, open_app, lang, tmp_path):
    """Each way the file loader refuses a file (not a save, another version, longer than any game
    (GEN-6), cut short, damaged (GEN-5)) is one sentence of the player's catalog, with no English,
    and the game on the table goes on."""
    own = catalog(lang)
    open_app(page, base_url, f"game=snorkeling&players=2&seats=human,bot:random&seed=2&speed=0&lang={lang}")
    assert wait_for_my_turn_or_end(page) == "playing"
    text = page.evaluate("window.tidepool.call('save').then((r) => r.text)")
    save = json.loads(text)
    files = {
        "not_save": '{"kind": "a shopping list"}',
        "version": json.dumps({**save, "game": {**save["game"], "version": 999}}),
        "too_long": json.dumps({**save, "game": {**save["game"], "actions": ["pass"] * 203_001}}),
        "cut_short": text[: len(text) // 2],
        "damaged": json.dumps({**save, "game": {**save["game"], "actions": ["fish:everything"]}}),
    }
    sentences = english_sentences(lang)
    for why, content in files.items():
        path = tmp_path / f"{why}.json"
        path.write_text(content)
        page.locator("#import-file").set_input_files(str(path))
        toast = page.locator(".toast").last
        expected = own["save.bad_file"].replace("{message}", own[f"save.why.{why}"])
        expect(toast).to_have_text(expected)
        assert not visible_english(page, sentences), (why, visible_english(page, sentences))
        toast.locator(".toast-close").click()
        expect(page.locator(".toast")).to_have_count(0)
    assert page.evaluate("document.documentElement.dataset.state") == "playing"
