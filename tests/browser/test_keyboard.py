"""Keyboard only: each game is played whole against a random bot with keys alone (Enter, Space,
the arrow keys, Escape; no clicks), and after every move focus is somewhere sensible — the hand's
first playable card, a target, a button, the prompt ([data-part=prompt]) or a dialog — never the
page's body. The game-over dialog keeps Tab inside it and closes with Escape.
"""

import pytest
from pages import GAME_TIMEOUT_MS, make_a_move

GAMES = ["snorkeling", "go_fish", "enemy_anemone"]

# Forced moves are left to the player, so every move of the human seat is made by a key.
NO_FORCED = "localStorage.setItem('tidepool.forced', '0');"

FOCUS = """() => { const a = document.activeElement;
  return { body: !a || a === document.body, tag: a ? a.tagName : '', part: a?.dataset?.part ?? '',
           legal: a?.dataset?.legal ?? null, inHand: !!a?.closest?.('[data-part=hand]'),
           inDialog: !!a?.closest?.('dialog'), text: (a?.getAttribute?.('aria-label') || a?.textContent || '').slice(0, 60) }; }"""

# What the page is waiting for: the human's move, a round end's Continue, or the end.
NEXT = """() => { const h = document.documentElement;
  if (h.dataset.state === 'over') return 'over';
  const end = document.querySelector('[data-part=round-end]');
  if (end && !end.hidden) return 'round-end';
  if (h.dataset.state === 'playing' && h.dataset.turn === '0' && document.querySelector('#handover').hidden
      && document.querySelector('#felt [data-legal]')) return 'turn';
  return ''; }"""


def wait_next(page):
    page.wait_for_function(f"({NEXT})() !== ''", timeout=GAME_TIMEOUT_MS)
    return page.evaluate(NEXT)


def log_size(page):
    return page.evaluate("document.querySelectorAll('#log li').length")


def play_by_keyboard(page, base_url, game):
    """Play a whole 2-player game against a random bot by keyboard; return (moves, drops), where
    drops lists the focus after each move that ended on the body."""
    page.add_init_script(NO_FORCED)
    page.goto(f"{base_url}/index.html?game={game}&players=2&seats=human,bot:random&seed=11&speed=0")
    moves, drops = 0, []
    while True:
        where = wait_next(page)
        focus = page.evaluate(FOCUS)
        if focus["body"]:
            drops.append(f"before move {moves + 1} ({where})")
        if where == "over":
            break
        if where == "round-end":
            assert focus["part"] == "continue", f"a round end should focus Continue, not {focus}"
            page.keyboard.press("Enter")
            page.wait_for_function("document.querySelector('[data-part=round-end]').hidden")
            continue
        # The human's turn: focus is on something that plays (a card or a button).
        assert focus["legal"] is not None, f"move {moves + 1}: focus is on {focus}, not on a legal move"
        if moves % 2 and focus["inHand"]:  # walk the hand with the arrows: right, then back left
            page.keyboard.press("ArrowRight")
            assert page.evaluate(FOCUS)["inHand"]
            page.keyboard.press("ArrowLeft")
        logged = log_size(page)
        page.keyboard.press("Enter" if moves % 3 else "Space")
        for _ in range(3):  # a card that still needs its target: focus moved to the first target
            if page.evaluate(f"document.querySelectorAll('#log li').length > {logged}"):
                break
            try:
                page.wait_for_function(f"document.querySelectorAll('#log li').length > {logged}", timeout=1500)
                break
            except Exception:
                focus = page.evaluate(FOCUS)
                assert not focus["body"], f"move {moves + 1}: focus dropped to the body after a pick"
                page.keyboard.press("Enter")
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {logged}", timeout=GAME_TIMEOUT_MS)
        moves += 1
        page.wait_for_function("() => { const h = document.documentElement; return h.dataset.state === 'over' || h.dataset.turn !== ''"
                               " || !document.querySelector('[data-part=round-end]').hidden; }", timeout=GAME_TIMEOUT_MS)
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        if page.evaluate(FOCUS)["body"]:
            drops.append(f"after move {moves}")
    return moves, drops


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_by_keyboard(page, base_url, game):
    moves, drops = play_by_keyboard(page, base_url, game)
    print(f"{game}: {moves} moves by keyboard, focus on <body> {len(drops)} time(s)")
    assert moves > 5
    assert drops == [], f"{game}: focus dropped to <body> {len(drops)} time(s) in {moves} moves: {drops}"
    # Game over: the dialog has focus, Tab stays inside it, Escape closes it and focus goes on.
    page.locator("#over[open]").wait_for()
    assert page.evaluate(FOCUS)["inDialog"]
    for _ in range(8):
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUS)["inDialog"], "Tab left the game-over dialog"
    page.keyboard.press("Escape")
    page.locator('[data-part="over-bar"]').wait_for()
    assert not page.evaluate("document.querySelector('#over').open")
    focus = page.evaluate(FOCUS)
    assert not focus["body"] and focus["tag"] == "BUTTON", focus


# Every text the live region (#announcer) is given, in order.
LISTEN = """document.addEventListener('DOMContentLoaded', () => {
  window.__said = [];
  const region = document.querySelector('#announcer');
  new MutationObserver(() => { if (region.textContent) window.__said.push(region.textContent); })
    .observe(region, { childList: true, characterData: true, subtree: true });
});"""


def test_one_live_region_says_each_move_once(page, base_url):
    """The log's sentences reach the live region once each, and "… is thinking" at most once a turn
    (a Go Fish bot asking again and again in one turn is announced thinking once)."""
    page.add_init_script(NO_FORCED)
    page.add_init_script(LISTEN)
    page.goto(f"{base_url}/index.html?game=go_fish&players=2&seats=human,bot:random&seed=4&speed=50")
    page.wait_for_function("document.documentElement.dataset.state === 'playing' && document.querySelectorAll('#log li').length > 0")
    live = "[...document.querySelectorAll('[aria-live]')].filter((n) => !n.closest('[hidden]')).map((n) => n.id)"
    assert page.evaluate(live) == ["announcer"]
    start = log_size(page)
    turns = 0
    for _ in range(8):
        if wait_next(page) != "turn":
            break
        logged = log_size(page)
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {logged}", timeout=GAME_TIMEOUT_MS)
        turns += 1
    said = page.evaluate("window.__said")
    lines = page.evaluate("[...document.querySelectorAll('#log li')].map((li) => li.textContent)")
    heard = " ".join(said)
    for line in set(lines[start:]):
        assert heard.count(line) >= lines[start:].count(line), f"not announced: {line!r}"
    thinking = [text for text in said if "is thinking" in text]
    assert len(thinking) <= turns + 1, f"'is thinking' said {len(thinking)} times in {turns} turns: {said}"


def test_escape_drops_a_picked_card(page, base_url):
    """A Snorkeling card picked by keyboard waits for its target (a pile, SN-5); Escape drops the
    pick and gives focus back to that card in the hand."""
    page.add_init_script(NO_FORCED)
    page.goto(f"{base_url}/index.html?game=snorkeling&players=3&seats=human,bot:random,bot:random&seed=4&speed=0")
    for _ in range(60):
        assert wait_next(page) == "turn"
        if page.locator('#felt [data-part=hand] [data-legal=""]').count():
            break
        logged = log_size(page)
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {logged}", timeout=GAME_TIMEOUT_MS)
    card = page.locator('#felt [data-part=hand] [data-legal=""]').first
    code = card.get_attribute("data-card")
    card.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("!!document.querySelector('#felt .selected, #felt [aria-pressed=true]')")
    assert not page.evaluate(FOCUS)["body"]
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('#felt .selected, #felt [aria-pressed=true]')")
    focus = page.evaluate(FOCUS)
    assert focus["inHand"] and page.evaluate("document.activeElement.dataset.card") == code


@pytest.mark.parametrize("game", GAMES)
def test_arrow_keys_walk_the_hand(page, base_url, game):
    """At the first turn (seed 3), ArrowRight moves focus to the hand's next card that plays and
    ArrowLeft brings it back (Enter or Space then plays it)."""
    page.add_init_script(NO_FORCED)
    page.goto(f"{base_url}/index.html?game={game}&players=2&seats=human,bot:random&seed=3&speed=0&options=first_player=0")
    assert wait_next(page) == "turn"
    # The focused card's place among the hand's card buttons (a Snorkeling hand may hold two of a card).
    which = "[...document.querySelectorAll('#felt [data-part=hand] [role=button]')].indexOf(document.activeElement)"
    assert page.evaluate(FOCUS)["inHand"]
    count = page.locator("#felt [data-part=hand] [role=button]").count()
    assert count >= 2
    here = page.evaluate(which)
    assert here >= 0
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUS)["inHand"] and page.evaluate(which) == (here + 1) % count
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(which) == here


RING = """() => { const a = document.activeElement, s = getComputedStyle(a);
  return { outline: s.outlineStyle, shadow: s.boxShadow, transform: s.transform, tag: a.tagName,
           card: a.dataset.card ?? null, prompt: a.dataset.part === 'prompt' }; }"""


@pytest.mark.parametrize("game", GAMES)
def test_focus_after_a_click_shows_once_a_key_is_pressed(page, base_url, game):
    """After a move made by mouse, the table still puts focus on the next card (or the prompt),
    but draws no ring there and lifts no card: the player never chose it. The first key press
    shows the ring on that same element (<html data-input>)."""
    page.add_init_script(NO_FORCED)
    page.goto(f"{base_url}/index.html?game={game}&players=2&seats=human,bot:random&seed=3&speed=0&options=first_player=0")
    assert wait_next(page) == "turn"
    make_a_move(page)
    assert wait_next(page) == "turn"
    page.mouse.move(1, 1)  # no hover on the card under the last click
    assert page.evaluate("document.documentElement.dataset.input") == "pointer"
    quiet = page.evaluate(RING)
    assert quiet["tag"] != "BODY" and quiet["outline"] == "none", quiet
    page.keyboard.press("Shift")
    assert page.evaluate("document.documentElement.dataset.input") == "keys"
    shown = page.evaluate(RING)
    assert (shown["card"], shown["prompt"]) == (quiet["card"], quiet["prompt"])
    assert shown["outline"] != "none" or shown["shadow"] != quiet["shadow"], (quiet, shown)
