"""The coach at the table: the Hint button (and the H key) rates the legal moves of the player to
move in the engine's worker, names the best with its chance to win, and marks it on the felt
([data-hint]); a move drops it; `hints=0` turns it off; every language words it; the game-over
summary counts the hints each player took."""

import re

import pytest
from pages import make_a_move, play_to_the_end, wait_for_my_turn_or_end

from pygame_core.describe import catalog

GAMES = ["snorkeling", "go_fish", "enemy_anemone"]
LINK = "game={game}&players=3&seats=human,bot:medium,bot:medium&seed=4&speed=0&options=first_player=0"


def engine(page, command, payload=None):
    reply = page.evaluate("([c, p]) => window.tidepool.call(c, p)", [command, payload or {}])
    assert reply["ok"], reply
    return reply


def fixed_words(template):
    """The words of a catalog sentence around its {placeholders}."""
    return [part.strip(" ,:()") for part in re.split(r"\{[a-z_]+\}", template) if part.strip(" ,:()")]


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_marks_the_best_move_and_says_its_chance(page, base_url, open_app, game):
    open_app(page, base_url, LINK.format(game=game))
    wait_for_my_turn_or_end(page)
    page.locator("[data-legal]").first.wait_for()
    state = engine(page, "state")
    button = page.locator("#hint-button")
    assert button.is_visible() and button.is_enabled()
    button.click()
    page.locator("[data-hint]").first.wait_for(timeout=10_000)
    best = page.locator("[data-hint]").first.get_attribute("data-hint")
    assert best in [m["action"] for m in state["moves"]]
    labels = {m["action"]: m["label"] for m in state["moves"]}
    line = page.locator("#hint-line").inner_text()
    assert line.startswith(f"{labels[best]}: ") and re.search(r"\d+% to win", line), line
    if len(state["moves"]) > 1:
        assert "(next best, " in line
    for node in page.locator("[data-hint]").all():  # each marked element plays it or starts it
        assert node.get_attribute("data-legal") in (best, "")
        box = node.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"] + 1
    assert engine(page, "state")["hints"] == [1, 0, 0]


def test_a_move_drops_the_hint_and_its_thinking(page, base_url, open_app):
    open_app(page, base_url, LINK.format(game="go_fish"))
    wait_for_my_turn_or_end(page)
    page.locator("[data-legal]").first.wait_for()
    page.keyboard.press("h")  # the key asks as the button does
    page.locator("#hint-line").wait_for()
    make_a_move(page)  # at once: the hint may still be thinking
    assert page.locator("#hint-line").is_hidden()
    page.wait_for_timeout(1500)  # its thinking would have ended by now
    assert page.locator("[data-hint]").count() == 0 and page.locator("#hint-line").is_hidden()
    assert engine(page, "state")["hints"] in ([0, 0, 0], [1, 0, 0])


def test_hints_0_in_the_link_leaves_the_coach_out(page, base_url, open_app):
    open_app(page, base_url, LINK.format(game="snorkeling") + "&hints=0")
    wait_for_my_turn_or_end(page)
    page.locator("[data-legal]").first.wait_for()
    assert page.locator("#hint-button").is_hidden()
    page.keyboard.press("h")
    page.wait_for_timeout(500)
    assert page.locator("#hint-line").is_hidden() and engine(page, "state")["hints"] == [0, 0, 0]


@pytest.mark.parametrize("lang", ["de", "id", "pt", "ar"])
def test_the_hint_speaks_the_players_language(page, base_url, open_app, lang):
    own, english = catalog(lang), catalog("en")
    open_app(page, base_url, LINK.format(game="snorkeling") + f"&lang={lang}")
    wait_for_my_turn_or_end(page)
    page.locator("[data-legal]").first.wait_for()
    assert page.locator("#hint-button").get_attribute("aria-keyshortcuts") == "h"
    assert page.locator("#hint-button .label").inner_text() == own["table.hint"]
    page.locator("#hint-button").click()
    page.locator("[data-hint]").first.wait_for(timeout=10_000)
    line = page.locator("#hint-line").inner_text()
    assert all(word in line for word in fixed_words(own["hint.best"])), line
    assert not any(word in line for word in fixed_words(english["hint.best"])), line


def test_the_game_over_summary_counts_the_hints_taken(page, base_url, open_app):
    open_app(page, base_url, "game=snorkeling&players=2&seats=human,bot:random&seed=21&speed=0"
                             "&options=target_score=6,first_player=0")
    wait_for_my_turn_or_end(page)
    page.locator("[data-legal]").first.wait_for()
    page.locator("#hint-button").click()
    page.locator("[data-hint]").first.wait_for(timeout=10_000)
    play_to_the_end(page)
    page.locator("#over").wait_for()
    assert page.locator("#hint-button").is_hidden()
    assert page.locator("#over-result .over-hints").inner_text() == "Hints taken: Player 1 (you) 1"
