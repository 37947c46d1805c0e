"""Rules demos and the rules dialog in the browser.

Page contract: ``?demo=<game>`` starts the game's rules demo; while a step shows,
``<html data-state="playing" data-demo-step="N">``; after the last step ``data-state="over"`` with an
end screen ("Play this game", "Replay demo"). The rules dialog (``#rules-dialog``) opens from the
rules button on the start screen and on the table bar.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

GAMES = ("snorkeling", "go_fish", "enemy_anemone")
DEMO_TIMEOUT_MS = 10_000

# Every highlight token of the shown step ("B3", "seat:1", "score:0", "rank:7") matches at least
# one element of the felt (a score: the seat's row of the round-end table when that is on show),
# and those elements carry the class "highlight".
MISSING_HIGHLIGHTS = """() => {
  const felt = document.querySelector('#felt');
  const end = document.querySelector('[data-part=round-end]:not([hidden])');
  const tokens = (felt.dataset.highlights || '').split(' ').filter(Boolean);
  const select = (tok) => {
    const [kind, v] = tok.includes(':') ? tok.split(':') : ['card', tok];
    if (kind === 'score' && end) return end.querySelectorAll(`tr[data-seat="${v}"]`);
    if (kind === 'card') return felt.querySelectorAll(`[data-card="${v}"]`);
    if (kind === 'seat') return felt.querySelectorAll(`.seat[data-seat="${v}"]`);
    if (kind === 'score') return felt.querySelectorAll(`.seat[data-seat="${v}"] .seat-score`);
    return felt.querySelectorAll(`[data-rank="${v}"]`);
  };
  return tokens.filter((tok) => { const found = [...select(tok)];
    return !found.length || !found.every((n) => n.classList.contains('highlight')); });
}"""


def html_data(page, name):
    return page.evaluate(f"document.documentElement.dataset.{name} ?? null")


def open_demo(page, base_url, open_app, game):
    state = open_app(page, base_url, f"demo={game}")
    assert state == "playing", page.locator("#start-message").all_inner_texts()
    assert html_data(page, "demoStep") == "1"


@pytest.mark.parametrize("game", GAMES)
def test_demo_runs_to_its_end_by_clicking_next(page, base_url, open_app, game):
    open_demo(page, base_url, open_app, game)
    total = int(re.search(r"of (\d+)", page.locator("#demo-counter").inner_text()).group(1))
    assert total >= 7
    assert page.locator("#demo-back").is_disabled()
    captions = []
    for n in range(1, total + 1):
        assert html_data(page, "state") == "playing"
        assert html_data(page, "demoStep") == str(n)
        assert page.locator("#demo-counter").inner_text() == f"Step {n} of {total}"
        caption = page.locator("#demo-caption").inner_text()
        assert len(caption) > 40 and "{" not in caption and caption not in captions
        captions.append(caption)
        assert page.locator("#felt .card").count() > 0, "the step's table is drawn"
        assert page.evaluate(MISSING_HIGHLIGHTS) == [], f"step {n}"
        # the demo's players are Marina, Finn…: no seat's hand or piles are "yours" ("Your score
        # pile" was Marina's); the moves' labels still speak to whoever plays them ("Keep your pile")
        felt = (page.locator("#felt").inner_text() + " " + page.locator("#felt [aria-label]").evaluate_all(
            "(nodes) => nodes.map((n) => n.getAttribute('aria-label')).join(' ')")).lower()
        assert not [words for words in ("your hand", "your score pile", "since your last move") if words in felt], (n, felt)
        assert "your pile" not in [label.lower() for label in page.locator("#felt .label").all_inner_texts()]
        page.click("#demo-next")
    page.wait_for_function("document.documentElement.dataset.state === 'over'", timeout=DEMO_TIMEOUT_MS)
    assert html_data(page, "demoStep") is None
    end = page.locator("#demo-end")
    assert end.is_visible()
    assert page.locator("#demo-play").is_visible() and page.locator("#demo-replay").is_visible()

    page.click("#demo-replay")
    assert html_data(page, "state") == "playing" and html_data(page, "demoStep") == "1"
    assert not end.is_visible()
    assert page.locator("#demo-caption").inner_text() == captions[0]


def test_demo_steps_with_arrow_keys_and_back(page, base_url, open_app):
    open_demo(page, base_url, open_app, "snorkeling")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert html_data(page, "demoStep") == "3"
    page.keyboard.press("ArrowLeft")
    assert html_data(page, "demoStep") == "2"
    page.click("#demo-back")
    assert html_data(page, "demoStep") == "1"
    # The demo shows a real position: the setup deals 5 cards, the centre shows one card.
    assert page.locator("#felt .hand .card").count() == 5
    assert page.locator("#felt .centre .card").count() == 1


@pytest.mark.parametrize("game,step,totals", [("snorkeling", 13, ["4", "5", "0"]),
                                               ("enemy_anemone", 9, ["15", "10", "14"])])
def test_the_step_that_ends_a_round_shows_its_end_table(page, base_url, open_app, game, step, totals):
    """SN-7 / EA-8: the step whose moves end the first round shows that round's end as the table
    does (each player by name, the round's scores and totals, their rows marked), not the next
    round's deal; the demo's own buttons lead on (no Continue), and the steps around it show the
    felt."""
    open_demo(page, base_url, open_app, game)
    panel = page.locator('[data-part="round-end"]')
    for n in range(1, step):
        assert not panel.is_visible(), f"step {n}"
        page.click("#demo-next")
    assert html_data(page, "demoStep") == str(step)
    expect(panel).to_be_visible()
    assert not page.locator("#felt").is_visible() and not page.locator('[data-part="continue"]').is_visible()
    rows = panel.locator("tbody tr")
    assert rows.locator("th").all_inner_texts() == ["Marina", "Finn", "Coral"]
    assert [row.locator("td").last.inner_text() for row in rows.all()] == totals
    assert rows.evaluate_all("rows => rows.map((r) => r.dataset.highlight)") == ["score:0", "score:1", "score:2"]
    page.click("#demo-back")
    expect(panel).to_be_hidden()
    assert page.locator("#felt .card").first.is_visible()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(panel).to_be_hidden()
    assert page.locator("#felt .card").first.is_visible()


def test_play_this_game_leaves_the_demo_for_that_game(page, base_url, open_app):
    open_demo(page, base_url, open_app, "go_fish")
    while html_data(page, "state") == "playing":
        page.click("#demo-next")
    page.click("#demo-play")
    page.wait_for_function("document.documentElement.dataset.state !== 'over'", timeout=DEMO_TIMEOUT_MS)
    assert not page.locator("#demo-panel").count() and not page.locator("#demo-end").count()
    assert html_data(page, "demoStep") is None
    if html_data(page, "state") == "ready":  # back on the start screen with the game chosen
        assert page.locator("#start-form input[name=game]:checked").get_attribute("value") == "go_fish"
    else:  # or straight into a game of it
        assert html_data(page, "state") == "playing"
        assert page.locator("#felt.gf-table").count() == 1


@pytest.mark.parametrize("size", [(360, 600), (320, 400)])
def test_a_small_frame_gives_the_demo_caption_the_room(page, base_url, open_app, size):
    """An embedded demo in a small upright frame: the step's caption is read whole at 360x600
    (Snorkeling's step 6, five lines), and under that size shows three lines at least and scrolls
    in its box; the panel's buttons are on screen, and nothing of the panel spills over the felt;
    "What happened" starts closed."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, base_url, "demo=snorkeling&embed=1")
    for step in range(5):
        page.click("#demo-next")
        page.wait_for_function(f"document.documentElement.dataset.demoStep === '{step + 2}'")
    caption = page.locator("#demo-caption")
    shown, whole, line = caption.evaluate("c => [c.clientHeight, c.scrollHeight, parseFloat(getComputedStyle(c).lineHeight)]")
    assert shown >= min(whole, 3 * line) - 1, (shown, whole, line)
    if width == 360:
        assert shown >= whole - 1, (shown, whole)
    assert page.locator(".demo-happened").get_attribute("open") is None
    spilled = page.evaluate("""() => { const panel = document.querySelector('#demo-panel').getBoundingClientRect();
        return [...document.querySelectorAll('#demo-panel > *')].filter((n) => n.checkVisibility())
            .map((n) => [n.className, n.getBoundingClientRect().bottom - panel.bottom]).filter(([, d]) => d > 1); }""")
    assert spilled == []
    for part in ("#demo-back", "#demo-next", "#demo-exit"):
        box = page.locator(part).bounding_box()
        assert 0 <= box["x"] and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height, part


def test_unknown_demo_shows_a_readable_message(page, base_url, open_app):
    assert open_app(page, base_url, "demo=chess") == "ready"
    message = page.locator("#start-message")
    assert message.is_visible() and "no rules demo called “chess”" in message.inner_text()


def test_a_link_with_a_demo_and_a_game_says_the_game_waits(page, base_url, open_app):
    """A link naming a demo and a table shows the demo, says so, and leaves that table set up on
    the start screen when the demo is left."""
    assert open_app(page, base_url, "demo=go_fish&game=snorkeling&players=4") == "playing"
    assert html_data(page, "demoStep") == "1"
    expect(page.locator(".toast")).to_contain_text("the game it sets up waits on the start screen")
    page.click("#demo-exit")
    page.wait_for_function("document.documentElement.dataset.state === 'ready'", timeout=DEMO_TIMEOUT_MS)
    game = page.locator("#start-form input[name=game]:checked")
    expect(game).to_have_value("snorkeling", timeout=60_000)
    expect(page.locator("#players")).to_have_value("4")


# ----- the rules dialog ------------------------------------------------------------------------


def click_rules(page):
    """The visible rules button (on the start screen or on the table bar)."""
    page.locator("#rules-button, #start-rules-button").locator("visible=true").first.click()
    page.wait_for_selector("#rules-dialog[open]", timeout=DEMO_TIMEOUT_MS)
    return page.locator("#rules-dialog")


def check_rules(dialog, game):
    assert dialog.get_attribute("data-game") == game
    sections = dialog.locator(".rules-section")
    assert sections.count() >= 6
    for title in sections.locator("h3").all_inner_texts():
        assert title and "." not in title, title  # a text, not a missing catalog key
    # Answers in players' words; the rule ids and rulings behind them only in the collapsed list.
    answers = dialog.locator(".rules-faq > dl > dd").all_inner_texts()
    prefix = {"snorkeling": "SN", "go_fish": "GF", "enemy_anemone": "EA"}[game]
    assert len(answers) >= 5 and not [a for a in answers if re.search(r"[A-Z]{2}-\d", a)]
    assert not [a for a in answers if "source" in a.lower()]
    rulings = dialog.locator(".rules-rulings")
    assert rulings.get_attribute("open") is None
    assert rulings.locator("summary").inner_text() == "Rulings and rule numbers"
    references = rulings.locator("dd").all_text_contents()  # collapsed: not rendered
    assert len(references) == len(answers)
    assert all(re.match(rf"{prefix}-\d+", r) for r in references)
    link = dialog.locator("a.rules-demo-link")
    assert f"demo={game}" in link.get_attribute("href")


@pytest.mark.parametrize("game", GAMES)
def test_rules_dialog_on_the_start_screen(page, base_url, open_app, game):
    assert open_app(page, base_url) == "ready"
    page.locator(f"#start-form input[name=game][value={game}]").check()
    dialog = click_rules(page)
    check_rules(dialog, game)
    page.keyboard.press("Escape")
    assert not page.locator("#rules-dialog[open]").count()


@pytest.mark.parametrize("game", GAMES)
def test_rules_dialog_at_the_table(page, base_url, open_app, game):
    query = f"game={game}&players=2&seats=human,bot:random&seed=3&speed=2000&options=first_player=0"
    assert open_app(page, base_url, query) == "playing"
    dialog = click_rules(page)
    check_rules(dialog, game)
    dialog.locator("#rules-close").click()
    assert not page.locator("#rules-dialog[open]").count()


def test_rules_on_a_phone_on_its_side_keep_most_of_the_height_for_the_text(page, base_url, open_app):
    """At 844x390 the rules text has at least half the screen's height (its header and tabs are
    compact and the footer's Close gives way to the header's ×, which still closes it)."""
    page.set_viewport_size({"width": 844, "height": 390})
    assert open_app(page, base_url, "game=go_fish&players=2&seats=human,bot:random&seed=3&speed=2000") == "playing"
    dialog = click_rules(page)
    assert dialog.locator(".rules-body").evaluate("(b) => b.clientHeight") >= 195
    dialog.locator("#rules-close").click()
    assert not page.locator("#rules-dialog[open]").count()


def test_rules_dialog_switches_games_and_links_to_the_demo(page, base_url, open_app):
    assert open_app(page, base_url) == "ready"
    page.locator("#start-form input[name=game][value=snorkeling]").check()
    dialog = click_rules(page)
    dialog.locator(".rules-tab[data-game=enemy_anemone]").click()
    check_rules(dialog, "enemy_anemone")
    assert "Two players" in dialog.inner_text()
    dialog.locator("a.rules-demo-link").click()
    page.wait_for_function("document.documentElement.dataset.demoStep === '1'", timeout=60_000)
    assert "Enemy Anemone" in page.locator("#demo-panel").inner_text()
