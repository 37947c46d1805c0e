"""Enemy Anemone in the browser: whole games played through the page, by bots and by clicking.

The human's games are also played in-process through the same facade the page calls
(``pygame_core.facade.call``) with the same click policy, to pick seeds that exercise an Anemone
attached early and a forced discard, and to check that the clicked game ends exactly as the
engine says it must.
"""

import itertools
import json

import pytest

from pygame_core import facade
from pages import wait_for_my_turn_or_end

GAME_TIMEOUT_MS = 180_000
SUITS = "OJSRCT"


def sort_key(card):
    """The table's hand order: suit O J S R C T, then rank numerically."""
    return SUITS.index(card[0]), int(card[1:])


def engine(command, **payload):
    reply = json.loads(facade.call(command, json.dumps(payload)))
    assert reply["ok"], reply
    return reply


def seats(players, human=True):
    return (["human"] if human else ["bot:random"]) + ["bot:random"] * (players - 1)


def query(players, seed, human=True, extra=""):
    return (f"game=enemy_anemone&players={players}&seats={','.join(seats(players, human))}"
            f"&seed={seed}&speed=0{extra}")


def simulate(players, seed):
    """Seat 0 plays like the test below clicks: the first offered card of the sorted hand; the
    first time it holds Anemones when playing, it attaches its first (lowest) one.
    Returns (hand of the first attach or None, number of forced discards, final totals)."""
    state = engine("start", game="enemy_anemone", players=players, seats=seats(players), seed=seed)
    attached, discards = None, 0
    while not state["view"]["is_over"]:
        if state["bot_to_move"]:
            engine("bot_step")
        else:
            view = state["view"]
            moves = [m["action"] for m in state["moves"]]
            card = min({m.split()[1] for m in moves}, key=sort_key)
            held = view["anemones"][0]
            if all(m.startswith("discard ") for m in moves):
                action, discards = f"discard {card}", discards + 1
            elif held and attached is None:
                action, attached = f"play {card} +{held[0]}", view["round"]
            else:
                action = f"play {card}"
            engine("act", action=action)
        state = engine("state", log_from=1 << 30)
    return attached, discards, state["view"]["totals"]


def all_bot_seed(players, wanted):
    """The first seed whose all-bot game logs an entry of type ``wanted``."""
    for seed in range(1, 500):
        engine("start", game="enemy_anemone", players=players, seats=seats(players, False), seed=seed)
        while engine("bot_step")["bot_to_move"]:
            pass
        if any(e["type"] == wanted for e in engine("state")["log"]):
            return seed
    pytest.fail(f"no all-bot {players}-player game with a {wanted} entry among seeds 1..499")


def datasets(locator, key):
    return locator.evaluate_all(f"els => els.map(e => e.dataset.{key})")


def no_sideways_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("players,seed", [(2, 4), (3, 7), (6, 11)])
def test_all_bot_game_plays_itself_to_the_end(page, base_url, open_app, players, seed):
    open_app(page, base_url, query(players, seed, human=False))
    page.wait_for_function("document.documentElement.dataset.state === 'over'", timeout=GAME_TIMEOUT_MS)
    assert page.locator("#log li").last.inner_text().startswith("The game is over.")
    # EA-9: four hands; the over dialog lists each hand's scores (view.hand_scores) and the total.
    head = page.locator("#over-scores thead tr")
    assert head.first.locator("th").all_inner_texts() == ["Hands", "Total"]
    numbers = head.nth(1).locator("th")
    assert numbers.all_inner_texts() == ["1", "2", "3", "4"]
    assert numbers.first.get_attribute("aria-label") == "Hand 1"
    rows = page.locator("#over-scores tbody tr")
    assert rows.count() == players
    totals = [int(x) for x in page.locator("#scores td:last-child").all_inner_texts()]
    for seat in range(players):
        cells = [int(x) for x in rows.nth(seat).locator("td").all_inner_texts()]
        assert sum(cells[:4]) == cells[4] == totals[seat]
    # The felt shows the final standings with everyone's Anemones (the EA-10 tie-break).
    assert page.locator("#felt .ea-final tbody tr").count() == players
    assert page.locator("#round-label").inner_text() == "Hand 4 of 4"


def test_a_tie_on_points_is_explained_in_the_final_dialog(page, base_url, open_app):
    """EA-10: equal totals go to the player holding more Anemone cards; the dialog says so."""
    seed = all_bot_seed(3, "tie_break")
    open_app(page, base_url, query(3, seed, human=False))
    page.wait_for_function("document.documentElement.dataset.state === 'over'", timeout=GAME_TIMEOUT_MS)
    note = page.locator("#over-result small:not(.over-how)").inner_text()
    assert "the tie goes to the most Anemone cards held" in note
    assert page.locator("#over-result .over-how").inner_text() == "Hand 4 of 4 is over."  # EA-8
    assert page.locator("#felt .ea-final").inner_text().count("the tie goes to") == 1


def test_human_plays_a_whole_game_by_clicking(page, base_url, open_app):
    seed = next(s for s in range(1, 300) if (r := simulate(3, s))[0] == 1 and r[1] >= 1)
    _, _, expected_totals = simulate(3, seed)
    open_app(page, base_url, query(3, seed))
    felt = page.locator("#felt")
    attached = escaped = discards = turns = recap_discards = 0
    while wait_for_my_turn_or_end(page) == "playing":
        turns += 1
        assert turns < 200
        moves = datasets(page.locator("#moves button"), "action")
        hand = datasets(felt.locator(".ea-hand .card"), "card")
        assert hand == sorted(hand, key=sort_key)
        # EA-3: the last trick's recap has every seat, one that discarded face down.
        if felt.locator(".ea-recap:not(.ea-recap-empty)").count():
            assert felt.locator(".ea-recap .ea-slot").count() == 3
            recap_discards += felt.locator(".ea-recap .ea-slot.discard").count()
        # EA-6: a 3, 5 or 8 (one point more in a score pile) shows a star, and only those.
        assert datasets(felt.locator(".ea-hand .card.bonus"), "card") == [c for c in hand if c[1:] in ("3", "5", "8")]
        view = page.evaluate("window.tidepool.call('state')")["view"]
        assert felt.locator(".ea-seat.mine .seat-score").inner_text() == f"Total {view['totals'][0]}"  # EA-9
        # An opponent's score pile says it counts cards won, apart from the gold total and the
        # hand's backs (EA-6).
        sizes = view["score_pile_sizes"]
        assert felt.locator(".ea-seat:not(.mine) .ea-pile").all_inner_texts() == [
            f"{n} card won" if n == 1 else f"{n} cards won" for n in sizes[1:]]
        if not view["score_pile"]:
            assert felt.locator(".ea-pile-points").inner_text() == \
                "Your score pile is empty: each card you take scores 1, each ★ card (3, 5, 8) scores 2."
        offered = felt.locator(".ea-hand .card.playable, .ea-hand .card.discardable")
        # Only legal cards are offered, and every legal card is.
        assert set(datasets(offered, "card")) == {m.split()[1] for m in moves}
        hint = page.locator("[data-part=prompt]").inner_text()
        if all(m.startswith("discard ") for m in moves):  # EA-3
            discards += 1
            if len(moves) == 1:  # a single forced discard: the table says so and plays it
                assert hint.startswith("Your only move: Discard")
                logged = page.locator("#log li").count()
                page.wait_for_function(f"document.querySelectorAll('#log li').length > {logged}")
                continue
            assert hint.startswith("You hold none of the suits not yet played: discard a card face down")
            assert felt.locator(".ea-hand .card.playable").count() == 0
            offered.first.click()
            continue
        if not felt.locator(".ea-trick .ea-slot .card.ea").count():
            assert hint.startswith("Your lead: play any card.")
        card = datasets(offered, "card")[0]
        toggles = felt.locator(".ea-attach-row .ea-toggle")
        if not toggles.count():
            offered.first.click()  # no Anemones to attach: the card is played at once
            continue
        assert "pick your Anemones below" in hint
        rank = int(card[1:])
        if attached == 0:
            # EA-4 in two presses, by keyboard: Space on an Anemone attaches it to every card on
            # offer (each card's move and label say so), Enter on the card plays it.
            toggle = toggles.first
            side = int(toggle.get_attribute("data-side"))
            # Not picked, an Anemone starts each play that takes one of its side (page contract:
            # data-legal="" on an element that starts moves): a hint to play a card with it marks it.
            assert toggle.get_attribute("data-legal") == ""
            assert sorted(toggle.evaluate("(b) => b.starts")) == sorted(
                m for m in moves if m.startswith("play ") and f"+{side}" in m.split()[2:])
            toggle.focus()
            page.keyboard.press("Space")
            assert toggles.first.get_attribute("aria-pressed") == "true"
            assert toggles.first.get_attribute("data-legal") is None  # picked: the card plays it now
            assert page.evaluate("document.activeElement.dataset.focus") == "anemone-0"
            assert page.locator("[data-part=prompt]").inner_text().startswith(f"Now play a card: +{side} goes on it")
            assert offered.first.get_attribute("data-legal") == f"play {card} +{side}"
            assert offered.first.get_attribute("aria-label").endswith(f"with a +{side} Anemone")
            assert offered.first.locator(".ea-attached .ea-token").count() == 1
            offered.first.focus()
            page.keyboard.press("Enter")
            attached += 1
            # The played card shows its value with the Anemone in the trick (or the finished trick).
            shown = felt.locator(f".ea-slot:has(.card[data-card='{card}']) .ea-value").first.inner_text()
            assert shown == f"{rank}\u00a0+{side} =\u00a0{rank + side}"  # wraps only before "= …"
            continue
        if escaped == 0:  # a second tap takes the Anemone off again: the card plays plainly
            toggles.first.click()
            assert offered.first.get_attribute("data-legal").startswith(f"play {card} +")
            toggles.first.click()
            assert toggles.first.get_attribute("aria-pressed") == "false"
            escaped += 1
        # EA-4: attaching is optional, so a click on the card plays it plainly.
        assert offered.first.get_attribute("data-legal") == f"play {card}"
        assert offered.first.locator(".ea-attached").count() == 0
        offered.first.click()
    assert attached == 1 and discards >= 1 and escaped == 1
    assert recap_discards >= discards, (recap_discards, discards)  # your own discards are in the recaps too
    assert page.locator("#log li", has_text="Player 1 (you) plays").filter(has_text="with one Anemone").count() >= 1
    totals = [int(x) for x in page.locator("#scores td:last-child").all_inner_texts()]
    assert totals == expected_totals
    assert page.locator("#over").is_visible()


def test_a_finished_trick_stays_on_show_with_its_winner_and_lowest(page, base_url, open_app):
    """EA-5: after a trick the table shows who took it and who gains an Anemone."""
    open_app(page, base_url, query(4, 3, human=False).replace("speed=0", "speed=150"))
    page.locator("#felt .ea-trick-area.done").wait_for(timeout=GAME_TIMEOUT_MS)
    shown = page.evaluate("""() => {
        const done = document.querySelector('#felt .ea-trick-area.done');
        return { text: done.innerText, title: done.querySelector('.ea-trick-title').textContent,
                 chip: document.querySelector('#felt .ea-info .ea-chip:nth-child(2)').textContent,
                 winner: done.querySelector('.ea-slot.win .ea-slot-name').title,
                 lowest: done.querySelector('.ea-slot.low .ea-slot-name').title,
                 log: [...document.querySelectorAll('#log li.log-trick_end')].at(-1).textContent }; }""")
    assert shown["title"] == "Trick 1"
    assert shown["chip"] == "Trick 1"  # the bar names the trick on show, not the next one
    assert f"{shown['winner']} takes the trick with" in shown["text"]
    assert f"{shown['lowest']} played the lowest value" in shown["text"]
    assert shown["log"].startswith(f"{shown['winner']} wins trick 1 ")


def test_two_players_show_the_stock_and_four_slots(page, base_url, open_app):
    """EA-11: a 2-player trick has four slots; the stock count is on the table."""
    open_app(page, base_url, query(2, 5) + "&options=first_player=0")
    assert wait_for_my_turn_or_end(page) == "playing"
    felt = page.locator("#felt")
    assert felt.locator(".ea-stock").inner_text() == "Stock: 16"
    assert datasets(felt.locator(".ea-trick-area .ea-slot"), "seat") == ["0", "1", "0", "1"]
    assert felt.locator(".ea-slot.current").get_attribute("data-seat") == "0"
    # Before the first trick is taken, the last-trick panel keeps its place: empty slots and the aim.
    recap = felt.locator(".ea-recap-empty")
    assert recap.locator("h2").inner_text().lower() == "last trick"
    assert datasets(recap.locator(".ea-slot.pending"), "seat") == ["0", "1", "0", "1"]
    assert recap.locator(".ea-result").inner_text().startswith("No trick taken yet.")
    assert len(datasets(felt.locator(".ea-hand .card"), "card")) == 8
    felt.locator(".ea-hand .card.playable").first.click()
    assert wait_for_my_turn_or_end(page) == "playing"
    assert felt.locator(".ea-trick-area .ea-slot .card.ea, .ea-trick-area .ea-slot.discard").count() == 2


@pytest.mark.parametrize("width, height", [(1366, 768), (390, 844), (844, 390)])
def test_the_hand_number_is_shown_once(page, base_url, open_app, width, height):
    """"Hand 1 of 4" is on screen once: in the bar where it has room (a laptop), else on the felt
    (a phone, upright or on its side, hides the bar's label)."""
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, base_url, query(3, 5))
    assert wait_for_my_turn_or_end(page) == "playing"
    shown = [node for node in ("#round-label", "#felt .ea-hand-no") if page.locator(node).is_visible()]
    assert shown == (["#round-label"] if width > 700 and height > 450 else ["#felt .ea-hand-no"]), shown
    assert page.locator(shown[0]).inner_text() == "Hand 1 of 4"


# The smallest on-screen font size (CSS px, after the felt's zoom) of the small print: badges,
# the names under the trick's cards, "leads", Anemone sides; and the felt's zoom.
SMALL_PRINT = """() => {
  const sizes = [...document.querySelectorAll('#felt :is(.ea-badge, .ea-slot-name, .ea-lead, .ea-token)')]
    .filter((n) => n.checkVisibility() && n.textContent.trim())
    .map((n) => parseFloat(getComputedStyle(n).fontSize) * n.currentCSSZoom);
  return { least: Math.min(...sizes), count: sizes.length, fit: Number(document.querySelector('#felt').dataset.fit) };
}"""


@pytest.mark.parametrize("width, height, embed", [(844, 390, ""), (360, 600, "&embed=1")])
def test_small_print_stays_readable_on_a_small_screen(page, base_url, open_app, width, height, embed):
    """On a phone on its side and in a 360x600 frame the table is zoomed out to fit (cards at about
    half size), but the last trick's "lowest"/"wins" badges, the names under the trick's cards and
    "leads" are drawn at 8 px or more (they were 4.8 to 6.3 px), and "lowest" is whole."""
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, base_url, query(4, 3, extra=embed))
    for _ in range(4):
        assert wait_for_my_turn_or_end(page) == "playing"
        page.locator("#felt .ea-hand .card.playable, #felt .ea-hand .card.discardable").first.click()
    assert wait_for_my_turn_or_end(page) == "playing"
    small = page.evaluate(SMALL_PRINT)
    assert small["count"] >= 6 and small["least"] >= 7.95, small
    assert small["fit"] >= 0.5, small
    badges = page.locator("#felt .ea-trick.mini .ea-badge")
    assert badges.count() >= 2
    assert all(b.evaluate("(n) => n.scrollWidth <= n.clientWidth") for b in badges.all())


def test_six_players_fit_a_narrow_embed(page, base_url, open_app):
    page.set_viewport_size({"width": 400, "height": 800})
    open_app(page, base_url, query(6, 2, extra="&embed=1"))
    felt = page.locator("#felt")
    for _ in range(6):
        assert wait_for_my_turn_or_end(page) == "playing"
        assert felt.locator(".ea-opponents .ea-seat").count() == 5
        assert felt.locator(".ea-trick-area.live .ea-trick .ea-slot").count() in (0, 6)
        assert no_sideways_scroll(page)
        offered = felt.locator(".ea-hand .card.playable, .ea-hand .card.discardable")
        offered.first.click()


ATTACHED = """async () => {
  const { attached, valueText } = await import('./web/tables/enemy_anemone.js');
  const { t } = await import('./web/i18n.js');
  const badges = (sides) => {
    const box = attached(sides, t);
    return { label: box.getAttribute('aria-label'), shown: box.textContent,
             badges: box.querySelectorAll('.ea-token').length, stacked: box.querySelectorAll('.ea-stack').length };
  };
  return { one: badges([2]), three: badges([2, 2, 1]), value: valueText('P8', [2, 2, 1], 13), plain: valueText('P8', [], 8) };
}"""


def test_several_anemones_on_a_card_show_as_one_badge_with_their_sum(page, base_url, open_app):
    """EA-4: a card with several Anemones carries one badge, their sum drawn as a stack (named
    with each side), and its value reads "8 +5 = 13" (never a run of "+2 +2 +1" that could run
    into the next slot's value)."""
    open_app(page, base_url, "game=enemy_anemone&players=3&seats=human,bot:random,bot:random&seed=2&speed=0")
    got = page.evaluate(ATTACHED)
    assert got["one"] == {"label": got["one"]["label"], "shown": "+2", "badges": 1, "stacked": 0}
    assert got["three"]["shown"] == "+5" and got["three"]["badges"] == 1 and got["three"]["stacked"] == 1
    assert "+2 +2 +1" in got["three"]["label"], got["three"]
    assert got["value"] == "8\u00a0+5 =\u00a013" and got["plain"] == "8"


def test_the_last_trick_says_where_the_lowest_players_anemone_came_from(page, base_url, open_app):
    """EA-6: beside the trick in play, the last trick's recap ends with the log's own sentence on
    the lowest player's Anemone (from the supply, flipped, handed over by the player holding the
    most, or none), for bots and for you alike."""
    open_app(page, base_url, query(3, 5))
    told = 0
    for _ in range(12):
        if wait_for_my_turn_or_end(page) != "playing":
            break
        recap = page.locator("#felt .ea-recap .ea-result-gain")
        if page.locator("#felt .ea-recap:not(.ea-recap-empty) h2").count():
            log = page.locator("#log li").evaluate_all("els => els.map(e => [e.className, e.textContent])")
            last_trick = max(k for k, (kind, _) in enumerate(log) if kind == "log-trick_end")
            gains = [text for kind, text in log[last_trick + 1:] if kind.startswith("log-anemone_")]
            assert recap.all_inner_texts() == gains[:1], (recap.all_inner_texts(), gains)
            told += bool(gains)
        logged = page.locator("#log li").count()
        page.locator('#felt [data-legal]:not([data-legal=""])').first.click()
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {logged}", timeout=GAME_TIMEOUT_MS)
    assert told >= 3, told


# How far your hand lies above the felt's foot, in the table's own (unzoomed) pixels.
HAND_GAP = """() => { const felt = document.querySelector('#felt');
  const hand = felt.querySelector('[data-part=hand]');
  return hand && (felt.getBoundingClientRect().bottom - hand.getBoundingClientRect().bottom) / Number(felt.dataset.fit); }"""


def test_the_hand_stays_put_while_the_trick_grows_and_shrinks(page, base_url, open_app):
    """EA-3: the middle shows a trick being played, then the finished trick, then the next one;
    on a phone your hand keeps to the foot of your seat, the same distance above the felt's foot
    whatever the trick shows, so it is where your finger is when your turn comes."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, base_url, "game=enemy_anemone&players=3&seats=human,bot:random,bot:random&seed=7&speed=300")
    gaps = []
    for _ in range(6):
        if wait_for_my_turn_or_end(page) != "playing":
            break
        page.wait_for_timeout(400)  # the turn's motion ends
        gaps.append(page.evaluate(HAND_GAP))
        logged = page.locator("#log li").count()
        page.locator('#felt [data-legal]:not([data-legal=""])').first.click()
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {logged}")
        page.wait_for_timeout(400)
        gaps.append(page.evaluate(HAND_GAP))
    gaps = [g for g in gaps if g is not None]
    assert len(gaps) >= 8 and max(gaps) - min(gaps) <= 4, gaps  # (the felt's own padding is not zoomed)


# Each name over a trick's card: its text, its full name (title), whether it is cut (more lines
# than it shows), and the words that are split over two lines; each badge's box and whether cut.
TRICK_LABELS = """() => ({
  names: [...document.querySelectorAll('#felt .ea-slot-name')].filter((n) => n.checkVisibility()).map((n) => {
    const text = n.firstChild; const split = [];
    for (const m of n.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange(); range.setStart(text, m.index); range.setEnd(text, m.index + m[0].length);
      if (range.getClientRects().length > 1) split.push(m[0]);
    }
    return { text: n.textContent, title: n.title, cut: n.scrollHeight > n.clientHeight + 1, split };
  }),
  badges: [...document.querySelectorAll('#felt .ea-trick .ea-badge')].filter((b) => b.checkVisibility()).map((b) => {
    const r = b.getBoundingClientRect();
    return { text: b.textContent, cut: b.scrollWidth > b.clientWidth + 1, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  }),
})"""


@pytest.mark.parametrize("lang, you", [("en", "You"), ("de", "Du"), ("pt", "Você")])
def test_names_and_badges_in_a_trick_are_whole_on_a_phone(page, base_url, open_app, lang, you):
    """At 360x640 with six players a trick's slot is a card wide: it names the seat short ("Bot 2",
    "You"; the full "Bot 2 (random)" is its title), never cut and never broken inside a word (it
    showed "Playe/r 1" and "Bot 2 (rando…"), and the "lowest"/"wins" badges are whole and apart
    (German "niedrigste" was cut; side by side the two read "niedrigste gewinnt")."""
    page.set_viewport_size({"width": 360, "height": 640})
    open_app(page, base_url, query(6, 2) + f"&lang={lang}")
    seen_badges = 0
    for _ in range(4):
        assert wait_for_my_turn_or_end(page) == "playing"
        labels = page.evaluate(TRICK_LABELS)
        assert labels["names"], labels
        for name in labels["names"]:
            assert not name["cut"] and not name["split"], name
            assert name["text"] == you or "(" not in name["text"], name  # no level in a slot
            assert name["title"].startswith(name["text"].split(" ")[0]) or name["text"] == you, name
        badges = labels["badges"]
        for b in badges:
            assert not b["cut"], b
        for a, b in itertools.combinations(badges, 2):  # apart: no two boxes overlap
            assert a["right"] <= b["left"] or b["right"] <= a["left"] or a["bottom"] <= b["top"] or b["bottom"] <= a["top"], (a, b)
        seen_badges += len(badges)
        page.locator("#felt .ea-hand .card.playable, #felt .ea-hand .card.discardable").first.click()
    assert seen_badges >= 4


@pytest.mark.parametrize("players", [3, 2])
def test_your_slot_says_what_value_takes_the_trick_as_it_stands(page, base_url, open_app, players):
    """EA-5 at the point of play: on your turn in a trick another seat leads for now, your slot says
    the value that would take it ("7+ wins": a tie goes to the card played later), in full to a
    screen reader; leading, or leading the trick yourself (a two-player trick's third card), it
    says nothing of the kind."""
    open_app(page, base_url, query(players, 5))
    slot = page.locator("#felt .ea-trick-area.live .ea-slot.current")
    said = {"to_take": 0, "to_play": 0}
    for _ in range(12):
        assert wait_for_my_turn_or_end(page) == "playing"
        view = page.evaluate("window.tidepool.call('state')")["view"]
        values = [e["value"] for e in view["trick"]]
        top = next((e for e in reversed(view["trick"]) if e["value"] == max(values)), None) if values else None
        if top and top["seat"] != 0:
            high = max(values)
            assert slot.locator(".ea-value").inner_text() == f"{high}+ wins"
            assert slot.get_attribute("aria-label") == (
                f"Your turn: a value of {high} or more takes the trick as it stands (on a tie, the card played later wins).")
            said["to_take"] += 1
        else:  # leading (the last trick on show, or an empty one), or leading the trick yourself
            assert page.locator("#felt .ea-to-take").count() == 0
            if values:
                assert slot.locator(".ea-value").inner_text() == "to play"
            said["to_play"] += 1
        page.locator("#felt .ea-hand .card.playable, #felt .ea-hand .card.discardable").first.click()
    assert said["to_take"] >= 3 and said["to_play"] >= 1, said
