"""A table that plays like a game: cards travel, round ends are shown with names until the player
continues, forced moves play themselves, an unplayable card says why, game over stays reachable,
leaving a running game asks, and Enemy Anemone's plain play is one click."""

import pytest
from playwright.sync_api import expect
from pages import continue_round, make_a_move, wait_for_attr, wait_for_my_turn_or_end, eventually

GAMES = ["snorkeling", "go_fish", "enemy_anemone"]
TIMEOUT_MS = 180_000

# Count the animations the page starts (Element.animate), before any of its scripts run.
COUNT_ANIMATIONS = """
  window.__animations = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) { window.__animations += 1; return animate.apply(this, args); };
"""


def engine(page, command, payload=None):
    reply = page.evaluate("([c, p]) => window.tidepool.call(c, p)", [command, payload or {}])
    assert reply["ok"], reply
    return reply


def log_count(page):
    return page.locator("#log li").count()


def wait_for_bot_moves(page, count):
    """Wait until the log has grown by ``count`` entries (the bots are moving)."""
    start = log_count(page)
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {start + count}", timeout=TIMEOUT_MS)


# ----- motion -----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_cards_travel_on_bot_plays(page, base_url, open_app, game):
    """At a bot speed, a bot's play starts card animations, and its last move stays marked."""
    page.add_init_script(COUNT_ANIMATIONS)
    open_app(page, base_url, f"game={game}&players=3&seats=bot:random,bot:random,bot:random&seed=3&speed=300")
    wait_for_bot_moves(page, 8)
    assert page.evaluate("window.__animations") > 0

    # The last move stays marked: the card it put down, or in Go Fish the seats of the last ask.
    mark = "#felt .gf-seat.asker" if game == "go_fish" else "#felt .last-move"

    def marked():
        assert page.locator(mark).count() > 0
    eventually(marked)


# Record each card's slides (motion.js marks a sliding card ".sliding": it takes no taps).
WATCH_SLIDES = """
  window.__slides = [];
  addEventListener("DOMContentLoaded", () => {
    new MutationObserver((records) => {
      for (const r of records) {
        const was = (r.oldValue ?? "").split(" ").includes("sliding");
        const now = r.target.classList.contains("sliding");
        if (was !== now) window.__slides.push([now, performance.now(), r.target.dataset.card]);
      }
    }).observe(document.getElementById("felt"), { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ["class"] });
  });
"""

# The [data-legal] elements a tap near their top reaches now, and those it does not.
TAPPABLE = """() => {
  const hit = [], missed = [];
  for (const node of document.querySelectorAll('#felt [data-legal]')) {
    const r = node.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));
    (top && top.closest('[data-legal]') === node ? hit : missed).push(node.className);
  }
  return { hit, missed };
}"""


@pytest.mark.parametrize("game,size", [("enemy_anemone", (390, 844)), ("snorkeling", (1366, 768)),
                                       ("go_fish", (390, 844))])
def test_a_tap_the_moment_your_turn_begins_is_taken(page, base_url, open_app, game, size):
    """Taps are never lost to the motion: the moment a bot's move makes it your turn, every button
    and card you can play takes a tap, even while your hand's cards shift or lift into place (a
    tap lands on the card drawn under the finger). Only a card arriving from another place takes
    none until it is there, and no longer than the motion (speed 300: 275 ms, plus 60 ms a card
    for a bot's later cards)."""
    page.add_init_script(WATCH_SLIDES)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(page, base_url, f"game={game}&players=3&seats=human,bot:random,bot:random&seed=3&speed=300")
    hits = 0
    for _ in range(5):
        if wait_for_my_turn_or_end(page) != "playing":
            break
        taps = page.evaluate(TAPPABLE)
        assert taps["missed"] == [], taps
        hits += len(taps["hit"])
        make_a_move(page)
    assert hits > 0
    changes = page.evaluate("window.__slides")
    assert any(on for on, _, _ in changes), changes
    began = {}
    for on, at, card in changes:
        if on:
            began[card] = at
        elif card in began:
            assert at - began.pop(card) < 275 + 3 * 60 + 150, changes
    expect(page.locator("#felt .sliding")).to_have_count(0, timeout=2_000)


@pytest.mark.parametrize("game", GAMES)
def test_reduced_motion_moves_nothing(page, base_url, open_app, game):
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(COUNT_ANIMATIONS)
    open_app(page, base_url, f"game={game}&players=3&seats=bot:random,bot:random,bot:random&seed=3&speed=300")
    wait_for_bot_moves(page, 8)
    assert page.evaluate("window.__animations") == 0


ZOOM_THEN_MOVE = """async () => {
  const { measure, animate } = await import('./web/tables/motion.js');
  const felt = document.createElement('div');
  felt.innerHTML = '<div data-anchor="seat-0"><span data-card="A">A</span><span data-card="B">B</span></div><div data-anchor="centre"></div>';
  felt.style.cssText = 'position:fixed;inset:0;zoom:var(--fit)';
  document.body.append(felt);
  const mine = () => document.getAnimations().filter((a) => felt.contains(a.effect?.target));
  const count = (scale, change) => {
    const before = measure(felt);
    felt.dataset.fit = String(scale);
    felt.style.setProperty('--fit', String(scale));
    change();
    animate(felt, before, [], { ms: 300, viewer: 0, ghost: () => null });
    const n = mine().length;
    mine().forEach((a) => a.cancel());
    return n;
  };
  const hand = felt.firstChild, centre = felt.lastChild;
  return {
    zoomOnly: count(0.7, () => {}),                                   // every card moved on screen
    zoomAndPlay: count(1, () => centre.append(hand.firstChild)),      // A went to the centre
    playSameZoom: count(1, () => hand.prepend(centre.firstChild)),    // A came back before B: both move
  };
}"""


def test_a_new_zoom_moves_no_card_that_kept_its_place(page, base_url, open_app):
    """When the table's zoom changes (your turn after others played), the cards that stayed where
    they were take their new size and place at once (no slide over their neighbours); a card that
    changed places still travels (tables/motion.js)."""
    open_app(page, base_url)
    assert page.evaluate(ZOOM_THEN_MOVE) == {"zoomOnly": 0, "zoomAndPlay": 1, "playSameZoom": 2}


# ----- round and hand ends ------------------------------------------------------------------

def play_to_round_end(page, base_url, open_app, query):
    """Open the table at ``query`` and make the first legal move until the round-end panel shows."""
    open_app(page, base_url, query)
    panel = page.locator('[data-part="round-end"]')
    while not panel.is_visible():
        assert wait_for_my_turn_or_end_without_continuing(page) == "playing"
        if panel.is_visible():
            break
        make_a_move(page)
    return panel


@pytest.mark.parametrize("game", ["snorkeling", "enemy_anemone"])
def test_round_end_names_every_player_with_the_scores(page, base_url, open_app, game):
    """SN-7 / EA-8: the round-end table lists each seat by name with its round score and total,
    stays until the player continues, and nobody is to move meanwhile; the log stops with it.
    Snorkeling's notes say who put the Beach on whose pile."""
    panel = play_to_round_end(page, base_url, open_app, f"game={game}&players=3&seats=human,bot:random,bot:random&seed=4&speed=0")
    state = engine(page, "state", {"log_from": 0})
    end = [e["entry"] for e in state["log"] if e["type"] in ("round_end", "hand_end")][-1]
    rows = page.locator("#round-end-scores tbody tr")
    expect(rows).to_have_count(3)
    for seat in range(3):
        cells = rows.nth(seat).locator("th, td")
        assert cells.first.inner_text() == state["names"][seat]
        assert cells.nth(-2).inner_text() == str(end["scores"][seat])
        assert cells.nth(-1).inner_text() == str(end["totals"][seat])
    assert page.evaluate("document.documentElement.dataset.turn") == ""
    goal = page.locator("#round-end-notes .round-end-goal")
    if game == "snorkeling":  # SN-8: why the game goes on
        best = max(end["totals"])
        assert goal.inner_text() == ("The game ends after a round in which someone reaches 12 points; the highest total wins." if best < 12
                                     else f"The lead is shared at {best} points, so another round decides.")
        # SN-7: the placement that ended the round opens the notes.
        k = max(i for i, e in enumerate(state["log"]) if e["type"] == "round_end")
        beach = [e for e in state["log"][:k] if e["type"] == "place"][-1]
        assert end["reason"] == "beach" and beach["entry"]["card"][1] == "0"
        assert page.locator("#round-end-notes li").first.inner_text() == beach["text"]
        assert "round-end-cause" in page.locator("#round-end-notes li").first.get_attribute("class")
    else:
        assert goal.count() == 0
    # The side log stops with the round's end: the next round's deal is listed once you continue.
    starts = page.locator("#log li.log-round_start, #log li.log-hand_start")
    assert starts.count() == end["round"]
    if game == "enemy_anemone":  # EA-5: the hand's last trick, settled by its last play, is drawn here
        k = max(i for i, e in enumerate(state["log"]) if e["type"] == "hand_end")
        last_trick = [e for e in state["log"][:k] if e["type"] == "trick_end"][-1]
        picture = page.locator("#round-end-picture")
        assert picture.locator(".ea-slot .card.ea").evaluate_all("(cs) => cs.map((c) => c.dataset.card)") \
            == last_trick["entry"]["cards"]
        assert picture.locator(".ea-slot").count() == 3  # a seat that discarded shows a face-down card
        winner = picture.locator(".ea-slot.win")
        assert winner.get_attribute("data-seat") == str(last_trick["entry"]["winner"])
        assert picture.locator(".ea-result-win").inner_text().startswith(f'{state["names"][last_trick["entry"]["winner"]]} takes the trick')
        assert last_trick["text"] not in page.locator("#round-end-notes li").all_inner_texts()  # drawn, not told twice
    # The bar names the round that ended while its table is up, not the next one already dealt.
    label = {"snorkeling": "Round {n}", "enemy_anemone": "Hand {n} of 4"}[game].format(n=end["round"])
    assert page.locator("#round-label").inner_text() == label
    assert state["view"]["round"] == end["round"] + 1
    page.wait_for_timeout(1500)  # it waits for the player, bots included
    assert panel.is_visible()
    title = page.locator("#round-end-title").inner_text()
    page.reload()  # ... across a reload too
    expect(panel).to_be_visible(timeout=60_000)
    assert page.locator("#round-end-title").inner_text() == title
    assert page.locator("#round-label").inner_text() == label
    assert starts.count() == end["round"]
    assert continue_round(page)
    expect(panel).to_be_hidden()
    assert starts.count() == end["round"] + 1
    assert page.locator("#round-label").inner_text() == label.replace(str(end["round"]), str(end["round"] + 1), 1)
    page.reload()  # once continued, a reload goes straight on with the next round
    wait_for_attr(page, "state", "playing")
    page.locator('[data-part="hand"] [data-card]').first.wait_for()
    expect(panel).to_be_hidden()


END_NOTES = """async () => {
  const { snorkelingEndNote } = await import('./web/tables/snorkeling.js');
  const { t, setLanguage } = await import('./web/i18n.js');
  const state = (target, over = false) => ({ view: { is_over: over, options: { target_score: target } } });
  const goal = (totals, s) => snorkelingEndNote({ totals, reason: 'stalemate' }, s, t, []).goal ?? null;
  const notes = [goal([9, 4, 11], state(12)), goal([13, 13, 2], state(12)), goal([13, 10, 2], state(12, true))];
  await setLanguage('ar');
  notes.push(goal([3, 1], state(6)), goal([7, 7], state(6)));
  await setLanguage('en');
  return notes;
}"""


def test_snorkeling_round_end_says_why_the_game_goes_on(page, base_url, open_app):
    """SN-8: under the round-end table, the target while nobody has reached it, the shared lead
    when the leaders are tied at or above it (another round decides), nothing once the game is
    over; Arabic takes the plural its numbers need (6 and 7: نقاط)."""
    open_app(page, base_url, "game=snorkeling&players=3&seats=human,bot:random,bot:random&seed=4&speed=0")
    assert page.evaluate(END_NOTES) == [
        "The game ends after a round in which someone reaches 12 points; the highest total wins.",
        "The lead is shared at 13 points, so another round decides.",
        None,
        "تنتهي اللعبة بعد الجولة التي يبلغ فيها أحدٌ 6 نقاط، ويفوز صاحب أعلى مجموع.",
        "الصدارة مشتركة عند 7 نقاط، لذا تحسمها جولة أخرى.",
    ]


@pytest.mark.parametrize("width, height, card", [(390, 844, 60), (360, 780, 54)])
def test_a_tall_phone_shows_a_three_seat_round_end_large_and_whole(page, base_url, open_app, width, height, card):
    """SN-7 on a tall phone, in German (the longest column heads): with three seats the piles that
    ended the round are drawn 54-60 px wide in rows with room around them, and the table's every
    column (Gesamt last) is in view with nothing to scroll sideways."""
    page.set_viewport_size({"width": width, "height": height})
    play_to_round_end(page, base_url, open_app, "game=snorkeling&players=3&seats=human,bot:random,bot:random&seed=4&speed=0&lang=de")
    box = page.evaluate("""() => {
      const wrap = document.getElementById('round-end-scores'), panel = document.querySelector('[data-part=round-end]');
      const total = wrap.querySelector('thead th:last-child').getBoundingClientRect();
      return { cards: [...wrap.querySelectorAll('.end-pile .card')].map((c) => Math.round(c.getBoundingClientRect().width)),
               rows: [...wrap.querySelectorAll('tbody tr')].map((r) => Math.round(r.getBoundingClientRect().height)),
               sideways: wrap.scrollWidth - wrap.clientWidth, inView: total.right <= panel.getBoundingClientRect().right,
               head: wrap.querySelector('thead th:last-child').textContent };
    }""")
    assert box["head"] == "Gesamt" and box["sideways"] <= 1 and box["inView"], box
    assert box["cards"] and set(box["cards"]) == {card}, box
    assert len(box["rows"]) == 3 and min(box["rows"]) >= card * 1.4 + 20, box


def test_a_tall_phone_shows_the_hand_ends_last_trick_large(page, base_url, open_app):
    """EA-8 on a 390x844 phone with four seats: the hand end's last trick is drawn with 48 px
    cards (36 px before), and the panel, its scores and Continue fit with nothing to scroll."""
    page.set_viewport_size({"width": 390, "height": 844})
    play_to_round_end(page, base_url, open_app, "game=enemy_anemone&players=4&seats=human,bot:random,bot:random,bot:random&seed=3&speed=0")
    box = page.evaluate("""() => { const panel = document.querySelector('[data-part=round-end]');
      const bottom = document.getElementById('round-end-continue').getBoundingClientRect().bottom;
      return { cards: [...document.querySelectorAll('#round-end-picture .ea-slot .card.ea')].map((c) => Math.round(c.getBoundingClientRect().width)),
               scrolls: panel.scrollHeight - panel.clientHeight, inView: bottom <= panel.getBoundingClientRect().bottom }; }""")
    assert len(box["cards"]) >= 3 and set(box["cards"]) == {48}, box  # a discard shows a back
    assert box["scrolls"] <= 1 and box["inView"], box


@pytest.mark.parametrize("game", ["snorkeling", "enemy_anemone"])
def test_a_phone_on_its_side_shows_the_round_end_whole(page, base_url, open_app, game):
    """SN-7 / EA-8 at 844x390 with four seats: the scores on the left, the notes and Continue
    beside them; every row, the Total column and Continue are in view with nothing to scroll."""
    page.set_viewport_size({"width": 844, "height": 390})
    play_to_round_end(page, base_url, open_app, f"game={game}&players=4&seats=human,bot:random,bot:random,bot:random&seed=3&speed=0")
    box = page.evaluate("""() => { const panel = document.querySelector('[data-part=round-end]');
      const inside = (node) => { const r = node.getBoundingClientRect(), p = panel.getBoundingClientRect();
        return r.top >= p.top - 0.5 && r.bottom <= p.bottom + 0.5 && r.left >= p.left - 0.5 && r.right <= p.right + 0.5; };
      const scores = document.querySelector('.round-end-scores'), go = document.getElementById('round-end-continue');
      return { scrolls: panel.scrollHeight - panel.clientHeight, rows: document.querySelectorAll('#round-end-scores tbody tr').length,
               whole: [scores, go, ...document.querySelectorAll('#round-end-scores tbody tr')].every(inside),
               beside: go.getBoundingClientRect().left >= scores.getBoundingClientRect().right }; }""")
    assert box == {"scrolls": 0, "rows": 4, "whole": True, "beside": True}, box


def test_round_end_in_a_small_frame_shows_every_seat_and_total_without_scrolling(page, base_url, open_app):
    """EA-8 at 360x600 embedded with six seats: every row and the Total column of the hand-end
    table are inside the frame with nothing to scroll (the table never scrolls inside itself), and
    its notes are the hand's own (its last trick, Anemones gained), not the next hand's moves;
    where the frame is short they give way, never the scores or Continue."""
    page.set_viewport_size({"width": 360, "height": 600})
    seats = ",".join(["bot:random"] * 6)
    open_app(page, base_url, f"game=enemy_anemone&players=6&seats={seats}&seed=2&speed=0&embed=1")
    # With no human the panel continues by itself after 1.5 s: looked for every 50 ms (not by
    # expect()'s polling, which slows to a second between looks, nor by frames, which a busy
    # machine may not draw).
    page.wait_for_function("() => !document.querySelector('[data-part=\"round-end\"]').hidden",
                           timeout=TIMEOUT_MS, polling=50)
    box = page.evaluate("""() => {
      const cells = [...document.querySelectorAll('#round-end-scores th, #round-end-scores td, #round-end-continue')];
      const vw = innerWidth, vh = innerHeight;
      const off = cells.filter((c) => { const r = c.getBoundingClientRect();
        return r.left < 0 || r.top < 0 || r.right > vw + 0.5 || r.bottom > vh + 0.5; }).map((c) => c.textContent);
      const wrap = document.querySelector('.round-end-scores'), end = document.querySelector('.round-end');
      return { off, rows: document.querySelectorAll('#round-end-scores tbody tr').length,
               inner: wrap.scrollWidth - wrap.clientWidth + wrap.scrollHeight - wrap.clientHeight,
               panel: end.scrollHeight - end.clientHeight,
               notes: [...document.querySelectorAll('#round-end-notes li')].map((li) => li.textContent) };
    }""")
    assert box["rows"] == 6 and box["off"] == [] and box["inner"] <= 1 and box["panel"] <= 1, box
    notes = box["notes"]  # no room for the last trick's picture: the notes tell it
    assert page.locator("#round-end-picture").inner_html() == ""
    assert any("wins trick 8" in note for note in notes) and any("Anemone" in note for note in notes), notes
    assert not any(" plays " in note or " leads " in note for note in notes), notes


ZOOM_LOG = """() => {
  window.__fits = [];
  const felt = document.getElementById('felt');
  const note = () => window.__fits.push([`${felt.dataset.layout}|${felt.dataset.mode ?? ""}`, Number(felt.dataset.fit),
                                         felt.dataset.hold === "1", Number(felt.dataset.fitAnchor)]);
  note();
  new MutationObserver(note).observe(felt, { attributes: true, attributeFilter: ['data-fit'] });
}"""


@pytest.mark.parametrize("game", GAMES)
def test_the_zoom_holds_still_within_a_round_on_a_phone(page, base_url, open_app, game):
    """On a 390x844 phone the felt's zoom (data-fit) never grows past the scale of your last turn
    while the bots play a round on one table: the cards do not grow and shrink with every bot move;
    it may shrink when the table needs more room and come back after, and it is found afresh on
    your turn (as large as the space allows for your taps, but grown only by 20% or more) and
    each round."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, base_url, f"game={game}&players=4&seats=human,bot:random,bot:random,bot:random&seed=7&speed=0")
    wait_for_my_turn_or_end(page)
    page.evaluate(ZOOM_LOG)
    for _ in range(8):
        if wait_for_my_turn_or_end(page) != "playing":
            break
        make_a_move(page)
    fits = page.evaluate("window.__fits")
    assert len(fits) > 8, fits
    held = 0
    for (layout, fit, _, anchor), (next_layout, next_fit, hold, next_anchor) in zip(fits, fits[1:]):
        if layout == next_layout and hold:
            held += 1
            assert next_fit <= anchor + 0.005 and next_anchor == anchor, fits
        elif layout == next_layout:  # your turn: a little growth would only move the hand
            assert next_fit <= fit + 0.005 or next_fit >= fit * 1.2 - 0.01, fits
    assert held >= 4, fits
    assert all(0.4 <= fit <= 1.5 for _, fit, _, _ in fits), fits


def wait_for_my_turn_or_end_without_continuing(page):
    page.wait_for_function(
        """() => { const h = document.documentElement;
            return h.dataset.state === 'over' || !document.querySelector('[data-part=round-end]').hidden
                || (h.dataset.state === 'playing' && h.dataset.turn === '0'); }""", timeout=TIMEOUT_MS)
    return page.evaluate("document.documentElement.dataset.state")


# The moves that ended a round stand on the table as it was (ghosts in #flights) before its end
# table opens: the felt takes no clicks meanwhile.
LAST_MOVES_STAND = """() => document.querySelector('#felt.waiting') && document.querySelector('#flights')?.children.length
    && document.querySelector('[data-part=round-end]').hidden"""


@pytest.mark.parametrize("game", ["snorkeling", "enemy_anemone"])
def test_the_move_that_ends_a_round_lands_before_its_end_table(page, base_url, open_app, game):
    """SN-7 / EA-8: the engine's answer already holds the next round, so the move that ended the
    round flies onto the table as it was and stays a beat; then the round-end table opens, with
    nothing left flying over it."""
    open_app(page, base_url, f"game={game}&players=3&seats=bot:random,bot:random,bot:random&seed=4&speed=300")
    page.wait_for_function(LAST_MOVES_STAND, polling=20, timeout=TIMEOUT_MS)
    flyer = page.locator("#flights > .card:not(.back)").last  # a face: the card that was played
    expect(flyer).to_have_count(1)
    panel = page.locator('[data-part="round-end"]')
    page.wait_for_timeout(300)
    assert not panel.is_visible() and flyer.is_visible()  # it stays where it landed a beat
    expect(panel).to_be_visible(timeout=5_000)
    assert page.locator("#flights > *").count() == 0


@pytest.mark.parametrize("game,width,height", [("snorkeling", 1366, 768), ("enemy_anemone", 390, 844)])
def test_a_double_tap_on_continue_plays_nothing_on_the_next_round(page, base_url, open_app, game, width, height):
    """SN-7 / EA-8: Continue lies over where your hand is drawn (on a phone at the panel's foot);
    the second tap of a double tap on it lands on a card of the next round's hand, and neither
    plays that card nor says "It's Bot 1's turn". Any tap later is the player's own."""
    page.set_viewport_size({"width": width, "height": height})
    play_to_round_end(page, base_url, open_app, f"game={game}&players=3&seats=human,bot:random,bot:random&seed=4&speed=0")
    mine = "() => window.tidepool.call('state', { log_from: 0 }).then((s) => s.log.filter((e) => e.entry?.seat === 0).length)"
    before = page.evaluate(mine)
    box = page.locator('[data-part="continue"]').bounding_box()
    first = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
    page.mouse.click(*first)
    # The second tap of the double tap, where a finger lands again (within 20 px of the first):
    # on a card of the next round's hand.
    x, y = page.evaluate("""([x0, y0]) => { for (const r of [0, 8, 14, 20]) for (let k = 0; k < 16; k++) {
        const x = x0 + r * Math.cos(k * Math.PI / 8), y = y0 + r * Math.sin(k * Math.PI / 8);
        if (document.elementFromPoint(x, y)?.closest('[data-card]')) return [x, y]; } return [null, null]; }""", first)
    assert x is not None, "a card of the next round lies under Continue"
    page.mouse.click(x, y)
    page.wait_for_timeout(600)
    assert page.locator(".toast").count() == 0
    assert page.evaluate(mine) == before
    # Later taps are the player's own: on the player's turn a move is taken.
    assert wait_for_my_turn_or_end_without_continuing(page) == "playing"
    make_a_move(page)

    def moved():
        assert page.evaluate(mine) > before
    eventually(moved)


def test_round_end_continues_by_itself_without_humans(page, base_url, open_app):
    open_app(page, base_url, "game=snorkeling&players=2&seats=bot:random,bot:random&seed=4&speed=100")
    panel = page.locator('[data-part="round-end"]')
    expect(panel).to_be_visible(timeout=TIMEOUT_MS)
    expect(panel).to_be_hidden(timeout=10_000)


# ----- forced moves -------------------------------------------------------------------------

FORCED = "game=snorkeling&players=2&seats=human,bot:easy&seed=12&speed=0&options=first_player=0"


def test_forced_pass_is_played_for_the_player(page, base_url, open_app):
    """Seed 12: the human's first turn offers only `pass`; with the option on (the default) the
    table says why (SN-3: what the centre would take), then plays it."""
    open_app(page, base_url, FORCED)
    wait_for_attr(page, "state", "playing")
    expect(page.locator("#prompt")).to_contain_text("so you pass", timeout=30_000)
    # Meanwhile the hand steps back and the Pass button fills up: the table is about to press it.
    expect(page.locator("#felt[data-forced]")).to_have_count(1)
    # Greyed, not darkened: a grey face, the suit's own colour on the border and symbol (SN-3:
    # colour decides what follows, and a darkened orange reads as brown).
    face, border, symbol, suit, filtered = page.evaluate("""() => {
        const card = document.querySelector('[data-part=hand] .card'), style = getComputedStyle(card);
        const probe = document.createElement('span');
        probe.style.color = style.getPropertyValue('--c');
        document.body.append(probe);
        const suit = getComputedStyle(probe).color;
        probe.remove();
        return [style.backgroundColor, style.borderTopColor, getComputedStyle(card.querySelector('svg')).color, suit, style.filter]; }""")
    assert face == "rgb(174, 184, 190)" and filtered == "none"
    assert border == symbol == suit, (border, symbol, suit)
    assert page.evaluate("getComputedStyle(document.querySelector('[data-legal=pass]'), '::after').animationName") == "forced-fill"
    expect(page.locator("#log li", has_text="Player 1 (you) passes.")).to_have_count(1, timeout=30_000)


def test_a_pass_made_for_you_keeps_the_news_since_your_last_play(page, base_url, open_app):
    """Seed 12: your first move is a forced pass, played for you. At your next turn the news beside
    the centre still runs from the round's start (your pass among it): a pass made for you does not
    wipe what you never saw (SN-5: cards put on your pile)."""
    open_app(page, base_url, FORCED)
    expect(page.locator("#log li", has_text="Player 1 (you) passes.")).to_have_count(1, timeout=30_000)
    wait_for_my_turn_or_end(page)
    lines = page.locator(".sn-news li").all_inner_texts()
    assert "Player 1 (you) passes." in lines, lines


def test_forced_pass_waits_when_the_option_is_off(page, base_url, open_app):
    page.add_init_script("localStorage.setItem('tidepool.forced', '0')")
    open_app(page, base_url, FORCED)
    wait_for_my_turn_or_end(page)
    page.wait_for_timeout(2500)
    expect(page.locator("#log li", has_text="passes")).to_have_count(0)
    # The same reason as when it is played for you (SN-3: what the centre would take).
    top = engine(page, "state")["view"]["center_top"]
    colour = {"B": "blue", "G": "green", "O": "orange", "P": "purple", "Y": "yellow"}[top[0]]
    value = {"0": "Beach", "4": "Ray"}.get(top[1], top[1])
    assert page.locator("#prompt").inner_text() == (
        f"Nothing in your hand goes on {colour} {value} (it takes a {(int(top[1]) + 1) % 5} or a card of "
        "its colour), so you pass.")
    assert not page.locator("#forced").is_checked()
    expect(page.locator("#felt[data-forced]")).to_have_count(0)  # nothing is played for you
    page.locator('[data-legal="pass"]').click()
    expect(page.locator("#log li", has_text="Player 1 (you) passes.")).to_have_count(1)


# ----- an unplayable card says why ----------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_unplayable_card_click_says_why(page, base_url, open_app, game):
    page.add_init_script("localStorage.setItem('tidepool.forced', '0')")
    open_app(page, base_url, f"game={game}&players=2&seats=bot:easy,human&seed=8&speed=2000&options=first_player=0")
    wait_for_attr(page, "state", "playing")
    # The bot is to move (it waits 2 s at this speed): no card in the hand is playable.
    card = page.locator('[data-part="hand"] [data-card]').first
    card.wait_for()
    page.locator('[data-part="hand"] .gf-group, [data-part="hand"] [data-card]').first.click()
    expect(page.locator(".toast")).to_contain_text("Bot 1", timeout=10_000)
    # The notice never takes a tap meant for the cards under it.
    hit = page.locator(".toast").evaluate("""t => { const r = t.getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.closest('.toast') === null; }""")
    assert hit
    # It sits under the prompt line, clear of the hand the player is reaching for.
    toast, hand, prompt = (page.locator(sel).bounding_box() for sel in
                           (".toast", '[data-part="hand"]', '[data-part="prompt"]'))
    assert toast["y"] >= prompt["y"] + prompt["height"] and toast["y"] + toast["height"] <= hand["y"], (toast, hand)
    # Said to screen readers, and gone after four seconds (a reason, not a failure).
    assert "Bot 1" in page.locator("#announcer").inner_text()
    expect(page.locator(".toast")).to_have_count(0, timeout=6_000)



# What a notice must never cover (table.js KEEP_CLEAR): the seats' names, the prompt, the hand.
NOTICE_COVERS = """() => {
  const box = document.querySelector('.toast').getBoundingClientRect();
  return [...document.querySelectorAll('.seat-name, .ea-slot-name, [data-part=prompt], [data-part=hand]')]
    .filter((n) => { const r = n.getBoundingClientRect();
      return r.width && r.height && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top; })
    .map((n) => n.textContent.trim().slice(0, 40) || n.dataset.part);
}"""


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", [(390, 844), (1366, 768), (800, 500)], ids=["phone", "laptop", "frame"])
def test_a_notice_never_covers_the_names_the_prompt_or_the_hand(page, base_url, open_app, game, size):
    """At four players, the notice an unplayable card brings sits clear of every seat's name, the
    prompt and the hand, at a phone, a laptop and an embedding frame's size."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.add_init_script("localStorage.setItem('tidepool.forced', '0')")
    open_app(page, base_url, f"game={game}&players=4&seats=bot:easy,human,bot:easy,bot:easy&seed=8"
                             f"&speed=2000&options=first_player=0&lang=en")
    wait_for_attr(page, "state", "playing")
    page.locator('[data-part="hand"] [data-card]').first.wait_for()
    page.locator('[data-part="hand"] .gf-group, [data-part="hand"] [data-card]').first.click()
    expect(page.locator(".toast")).to_contain_text("Bot 1", timeout=10_000)
    assert page.evaluate(NOTICE_COVERS) == []
    box = page.locator(".toast").bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= size[1], box


def test_a_notice_over_a_dialog_shows_above_its_backdrop(page, base_url, open_app):
    """"Link copied" shows over the Share dialog, not under its backdrop: at the notice's middle,
    the topmost thing on the screen is the notice itself. The dialog closed while it is on show,
    it goes back over the table, clear of the names, the prompt and the hand (it stayed at the
    top of the page, over the prompt)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_app(page, base_url, "game=go_fish&players=3&seed=4&speed=0&lang=en")
    wait_for_my_turn_or_end(page)
    page.locator("#share-button").click()
    page.locator("#share-copy").click()
    notice = page.locator(".toast")
    expect(notice).to_have_text("Link copied.", timeout=10_000)
    assert notice.evaluate(ON_TOP)
    page.locator("#share-close").click()
    assert notice.evaluate("t => !t.closest('dialog')")
    assert page.evaluate(NOTICE_COVERS) == []


def test_a_notice_over_the_open_drawer_leaves_the_scores_and_the_newest_entry_in_view(page, base_url, open_app):
    """On a phone the scores and log are a drawer over the felt: "Link copied", said with the
    drawer open (Share is in it), sits over the drawer clear of its headings, the scores and the
    newest log entry (it covered a seat's name in the scores)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_app(page, base_url, "game=go_fish&players=4&seed=4&speed=0&lang=en")
    wait_for_my_turn_or_end(page)
    make_a_move(page)
    wait_for_my_turn_or_end(page)
    page.locator("#side-toggle").click()
    page.locator("#share-button").click()
    page.locator("#share-copy").click()
    page.locator("#share-close").click()
    notice = page.locator(".toast")
    expect(notice).to_have_text("Link copied.")
    covered = page.evaluate("""() => {
        const box = document.querySelector('.toast').getBoundingClientRect();
        return [...document.querySelectorAll('#side h2, #scores tr, #log li:last-child')].filter((n) => {
            const r = n.getBoundingClientRect();
            return r.width && r.height && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
        }).map((n) => n.textContent.trim().slice(0, 40)); }""")
    assert covered == []
    side = page.locator("#side").bounding_box()
    box = notice.bounding_box()
    assert side["y"] <= box["y"] and box["y"] + box["height"] <= side["y"] + side["height"]


# At the notice's middle, the topmost thing on screen is the notice.
ON_TOP = """t => { t.style.pointerEvents = 'auto';
    const r = t.getBoundingClientRect();
    return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === t; }"""


def test_a_notice_on_show_when_a_dialog_opens_stays_above_its_backdrop(page, base_url, open_app):
    """A notice already on show (why a card cannot be played) moves above the backdrop of the
    dialog that opens (Share), and back to the table when it closes."""
    open_app(page, base_url, "game=go_fish&players=2&seats=bot:easy,human&seed=8&speed=2000&options=first_player=0&lang=en")
    wait_for_attr(page, "state", "playing")
    page.locator('[data-part="hand"] .gf-group').first.click()
    notice = page.locator(".toast")
    expect(notice).to_contain_text("Bot 1", timeout=10_000)
    page.locator("#share-button").click()
    expect(page.locator("#share-dialog")).to_be_visible()
    assert notice.evaluate(ON_TOP)
    page.locator("#share-close").click()
    assert notice.count() == 0 or notice.evaluate("t => !t.closest('dialog')")
    # A <details> that opens is no dialog: it leaves a notice where it is.
    page.locator('[data-part="hand"] .gf-group').first.click()
    expect(notice.last).to_be_visible()
    page.evaluate("document.querySelector('details.all-moves').open = true")
    page.wait_for_timeout(100)
    assert page.evaluate("[...document.querySelectorAll('.toast')].map((t) => t.parentElement.localName)") \
        == ["body"] * notice.count()


# ----- game over stays reachable; leaving asks --------------------------------------------

def test_closing_game_over_keeps_replay_and_a_new_game(page, base_url, open_app):
    open_app(page, base_url, "game=go_fish&players=2&seats=bot:random,bot:random&seed=2&speed=0")
    wait_for_attr(page, "state", "over")
    expect(page.locator("#over")).to_be_visible()
    page.locator("#over-close").click()
    bar = page.locator('[data-part="over-bar"]')
    expect(bar).to_be_visible()
    expect(page.locator(".gf-seat.asked, .gf-seat.asker")).to_have_count(0)  # no "?" left on a seat
    expect(bar).to_contain_text("The game is over.")
    page.locator("#over-bar-summary").click()
    expect(page.locator("#over")).to_be_visible()
    page.locator("#over-close").click()
    page.locator("#over-bar-replay").click()
    expect(page.locator("#replay-bar")).to_be_visible()
    expect(bar).to_be_hidden()  # one bar at a time: the replay's
    page.locator("#replay-exit").click()
    expect(bar).to_be_visible()  # back after the replay, and the summary stays closed
    expect(page.locator("#over")).to_be_hidden()


def test_leaving_a_running_game_asks_first(page, base_url, open_app):
    open_app(page, base_url, "game=snorkeling&players=2&seats=human,bot:random&seed=5&speed=0")
    wait_for_my_turn_or_end(page)
    make_a_move(page)
    logged = page.locator("#log li").count()
    page.locator("#menu-button").click()
    page.locator("#start-button").click()
    dialog = page.locator("#leave-dialog")
    expect(dialog).to_be_visible()
    # A link's game stays saved under its link (the new game takes its own address).
    expect(dialog.locator("#leave-text")).to_have_text(
        "A new game starts here with its own address. The game you are playing stays saved under its link: open "
        "the link again to go on with it.")
    dialog.locator('button[value="stay"]').click()
    wait_for_attr(page, "screen", "table")
    assert page.locator("#log li").count() >= logged
    page.locator("#menu-button").click()
    page.locator("#start-button").click()
    dialog.locator('button[value="leave"]').click()
    wait_for_attr(page, "state", "playing")

    def new_deal():  # a new game from the menu gets a new seed
        assert engine(page, "state")["seed"] != 5
    eventually(new_deal)
    # The plain page keeps one game of its own: a new one there ends the one it started.
    page.goto(f"{base_url}/index.html")
    wait_for_attr(page, "screen", "table")  # the plain page resumes the game played last (the link's)
    page.locator("#menu-button").click()
    page.locator("#start-button").click()
    expect(dialog.locator("#leave-text")).to_contain_text("stays saved under its link")
    dialog.locator('button[value="leave"]').click()
    wait_for_attr(page, "state", "playing")
    page.locator("#menu-button").click()
    page.locator("#start-button").click()
    expect(dialog.locator("#leave-text")).to_have_text("The game you are playing will end, and a new one will start.")


# ----- Enemy Anemone: a plain play is one click -------------------------------------------

def test_enemy_anemone_plain_play_is_one_click_with_anemones(page, base_url, open_app):
    """EA-4: attaching Anemones is optional, so with Anemones in hand a card click plays it
    plainly; a tap on an Anemone first attaches it, so a boosted play is two taps."""
    page.add_init_script("localStorage.setItem('tidepool.forced', '0')")
    open_app(page, base_url, "game=enemy_anemone&players=3&seats=human,bot:random,bot:random&seed=4&speed=0")
    toggles = page.locator(".ea-attach-row .ea-toggle")

    def turn_with_anemones():
        for _ in range(200):
            assert wait_for_my_turn_or_end(page) == "playing"
            if toggles.count():
                return
            make_a_move(page)
        pytest.fail("the human never held an Anemone with a boostable play")

    turn_with_anemones()
    # The prompt says how to attach them, whether leading or following.
    assert "or first pick your Anemones below" in page.locator('[data-part="prompt"]').inner_text()
    card = page.locator('[data-part="hand"] [data-card][data-legal^="play "]').first
    code = card.get_attribute("data-card")
    assert card.get_attribute("data-legal") == f"play {code}"
    logged = log_count(page)
    card.click()
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {logged}", timeout=TIMEOUT_MS)
    assert engine(page, "state", {"log_from": logged})["log"][0]["entry"]["anemones"] == []
    # Next time: an Anemone, then a card: played with it attached.
    turn_with_anemones()
    side = int(toggles.first.get_attribute("data-side"))
    toggles.first.click()
    expect(toggles.first).to_have_attribute("aria-pressed", "true")
    card = page.locator('[data-part="hand"] .card.playable').first
    code = card.get_attribute("data-card")
    expect(card).to_have_attribute("data-legal", f"play {code} +{side}")
    logged = log_count(page)
    card.click()
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {logged}", timeout=TIMEOUT_MS)
    played = engine(page, "state", {"log_from": logged})["log"][0]["entry"]
    assert (played["card"], played["anemones"]) == (code, [side])


def test_back_button_returns_to_the_start_screen(page, base_url, open_app):
    """The table is a history entry: Back shows the start screen with the game kept, Forward the
    table again."""
    open_app(page, base_url, "game=snorkeling&players=2&seats=human,bot:random&seed=5&speed=0")
    wait_for_my_turn_or_end(page)
    page.go_back()
    wait_for_attr(page, "screen", "start")
    expect(page.locator("#continue-button")).to_be_visible()
    assert page.evaluate("document.documentElement.dataset.turn") == ""  # nobody moves here
    page.go_forward()
    wait_for_attr(page, "screen", "table")
    assert wait_for_my_turn_or_end(page) == "playing"


# ----- the lobby -----------------------------------------------------------------------------

def test_lobby_cards_have_art_and_a_dependent_option_waits_for_its_own(page, base_url, open_app):
    """A card per game with its picture, name, pitch and player range; Go Fish's bluffs (GF-8's
    ask_own_card) stay off and greyed out until exact cards (ask_card) are on."""
    assert open_app(page, base_url) == "ready"
    for game, title in zip(GAMES, ["Snorkeling", "Go Fish", "Enemy Anemone"]):
        card = page.locator(f".game-choice.game-{game}")
        expect(card.locator(".game-art .art-card")).to_have_count(3)
        assert card.locator(".game-art").get_attribute("aria-hidden") == "true"
        assert card.locator(".game-name").inner_text() == title
        assert card.locator(".game-range").inner_text() == "2–6 players"
        assert len(card.locator(".game-blurb").inner_text()) > 20
    page.locator("input[name=game][value=go_fish]").check()
    exact = page.locator("input[name='option.ask_card']")
    bluffs = page.locator("input[name='option.ask_own_card']")
    expect(bluffs).to_be_disabled()
    exact.check()
    expect(bluffs).to_be_enabled()
    bluffs.check()
    exact.uncheck()
    expect(bluffs).to_be_disabled()
    expect(bluffs).not_to_be_checked()
    exact.check()
    bluffs.check()
    page.locator("#start-button").click()
    wait_for_attr(page, "state", "playing")
    options = engine(page, "state")["view"]["options"]
    assert options["ask_card"] is True and options["ask_own_card"] is True


# ----- sound ------------------------------------------------------------------------------------

SOUNDS = "performance.getEntriesByType('mark').filter((m) => m.name.startsWith('tidepool:sound:')).map((m) => m.name.slice(15))"


def play_moves(page, count, seat=0):
    for _ in range(count):
        if wait_for_my_turn_or_end(page, seat=seat) != "playing":
            break
        make_a_move(page)


def test_the_table_sounds_its_moves_and_the_choice_is_kept(page, base_url, open_app):
    """Web Audio effects (no files) as moves land: a card played, a trick won (Enemy Anemone).
    The sound button turns them off; off is kept after a reload, and on again plays."""
    link = "game=enemy_anemone&players=3&seats=human,bot:easy,bot:easy&seed=5&speed=0&options=first_player=0"
    open_app(page, base_url, link)
    sound = page.locator("#sound-button")
    expect(sound).to_have_attribute("aria-pressed", "true")
    assert sound.get_attribute("aria-label") == "Sound"
    play_moves(page, 4)
    kinds = page.evaluate(SOUNDS)
    assert "card" in kinds and "trick" in kinds, kinds
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "false")
    before = len(page.evaluate(SOUNDS))
    play_moves(page, 2)
    assert len(page.evaluate(SOUNDS)) == before  # silent
    open_app(page, base_url, link)
    expect(page.locator("#sound-button")).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("localStorage.getItem('tidepool.sound')") == "0"
    page.locator("#sound-button").click()
    play_moves(page, 2)
    assert "card" in page.evaluate(SOUNDS)


@pytest.mark.parametrize("why", ["embed", "reduced_motion"])
def test_a_table_is_silent_until_turned_on_in_an_embed_or_with_reduced_motion(page, base_url, open_app, why):
    """An embedded table, or a system that asks for reduced motion, starts with sound off; the
    player's own choice turns it on."""
    if why == "reduced_motion":
        page.emulate_media(reduced_motion="reduce")
    link = "game=snorkeling&players=2&seats=human,bot:easy&seed=3&speed=0&options=first_player=0"
    open_app(page, base_url, link + ("&embed=1" if why == "embed" else ""))
    sound = page.locator("#sound-button")
    expect(sound).to_have_attribute("aria-pressed", "false")
    play_moves(page, 2)
    assert page.evaluate(SOUNDS) == []
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    play_moves(page, 2)
    assert "card" in page.evaluate(SOUNDS)


# Each card flying over the table: where its flight ends (the centre its last keyframe moves it
# to) and, at that moment, the score pile it ends on (data-anchor "pile-N"), if any.
WATCH_SWEEPS = """window.__sweeps = [];
new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes) {
  if (!n.classList?.contains('flyer') || !n.classList.contains('card')) continue;
  const frames = n.getAnimations()[0]?.effect.getKeyframes() ?? [];
  const m = /translate\\(([-\\d.]+)px, ([-\\d.]+)px\\)/.exec(frames.at(-1)?.transform ?? '');
  if (!m) continue;
  const z = Number(n.style.zoom) || 1, x = m[1] * z, y = m[2] * z;
  const pile = [...document.querySelectorAll('#felt [data-anchor^="pile-"]')].find((p) => {
    const b = p.getBoundingClientRect(); return x >= b.left - 1 && x <= b.right + 1 && y >= b.top - 1 && y <= b.bottom + 1; });
  window.__sweeps.push({ pile: pile?.dataset.anchor ?? null,
    trick: document.querySelector('#felt .ea-trick-area.done .ea-slot.win')?.dataset.seat ?? null });
} }).observe(document.documentElement, { childList: true, subtree: true });"""


def test_a_finished_trick_is_swept_to_its_winners_score_pile(page, base_url, open_app):
    """EA-5: when a trick ends its cards fly from the trick to the winner's score pile (they stay
    on show as the last trick)."""
    page.add_init_script(f"document.addEventListener('DOMContentLoaded', () => {{ {WATCH_SWEEPS} }});")
    open_app(page, base_url, "game=enemy_anemone&players=3&seats=bot:random,bot:random,bot:random&seed=4&speed=300")
    page.wait_for_function("window.__sweeps.filter((s) => s.pile).length >= 6", timeout=TIMEOUT_MS)
    sweeps = [s for s in page.evaluate("window.__sweeps") if s["pile"]]
    assert all(s["pile"] == f"pile-{s['trick']}" for s in sweeps), sweeps  # the winner's, each time
