"""What players and embedders expect from the table: undo, autosave and resume, save files,
replay, share links, hot seat and embedding — checked in the browser for every game."""

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest

import pygame_core as pc
from playwright.sync_api import expect
from pages import eventually, make_a_move, play_to_the_end, wait_for_attr, wait_for_my_turn_or_end

GAMES = ["snorkeling", "go_fish", "enemy_anemone"]
TIMEOUT_MS = 180_000


def state(page):
    return page.evaluate("document.documentElement.dataset.state")


def engine(page, command, payload=None):
    """Ask the page's engine directly (read-only checks of what the page shows)."""
    reply = page.evaluate("([c, p]) => window.tidepool.call(c, p)", [command, payload or {}])
    assert reply["ok"], reply
    return reply


def move_button(page, selector):
    """A legal move from the side panel's list (opened if closed)."""
    if not page.locator(".all-moves").evaluate("d => d.open"):
        page.locator(".all-moves summary").click()
    return page.locator(f"#moves button{selector}").first


@pytest.mark.parametrize("game", ["go_fish", "enemy_anemone"])
def test_undo_never_steps_back_over_what_a_bot_showed(page, base_url, open_app, game):
    """Go Fish: every answer shows something (GF-10); Enemy Anemone: the bot's card follows mine."""
    open_app(page, base_url, f"game={game}&players=2&seats=human,bot:random&seed=6&speed=0&options=first_player=0")
    wait_for_my_turn_or_end(page)
    assert page.locator("#undo-button").is_disabled()
    move_button(page, "").click()
    wait_for_my_turn_or_end(page)
    assert page.locator("#undo-button").is_disabled()
    assert engine(page, "state")["can_undo"] is False


def test_undo_restores_the_exact_view_but_never_a_draw(page, base_url, open_app):
    """Snorkeling: a centre play can be taken back; once the turn ended with a draw, it cannot."""
    open_app(page, base_url, "game=snorkeling&players=2&seats=human,bot:random&seed=3&speed=0"
                             "&options=first_player=0")
    wait_for_my_turn_or_end(page)
    before = engine(page, "state")["view"]
    assert page.locator("#undo-button").is_disabled()
    move_button(page, "[data-action^='center ']").click()
    expect(page.locator("#undo-button")).to_be_enabled()
    page.locator("#undo-button").click()
    expect(page.locator("#undo-button")).to_be_disabled()
    assert engine(page, "state")["view"] == before
    move_button(page, "[data-action='pass']").click()  # pass, then the turn's draw (SN-6)
    wait_for_my_turn_or_end(page)
    assert page.locator("#undo-button").is_disabled()


def test_undo_lets_go_of_a_picked_card(page, base_url, open_app):
    """Snorkeling, 3 players (seed 3): after a centre play, blue 4 may go on either opponent's
    pile (SN-5), so a tap picks it; Undo takes the centre play back and lets go of the card:
    nothing stays picked and the prompt is the turn's own again (it said "the centre or a
    highlighted pile" with no pile lit)."""
    open_app(page, base_url, "game=snorkeling&players=3&seats=human,bot:random,bot:random&seed=3&speed=0"
                             "&options=first_player=0")
    wait_for_my_turn_or_end(page)
    prompt = page.locator("#prompt").inner_text()
    page.locator('#felt [data-legal="center G0"]').click()
    expect(page.locator("#undo-button")).to_be_enabled()
    page.locator('#felt [data-part=hand] .card[data-card="B4"]').click()
    expect(page.locator("#felt .card.selected")).to_have_count(1)
    page.locator("#undo-button").click()
    expect(page.locator("#undo-button")).to_be_disabled()
    expect(page.locator("#felt .card.selected")).to_have_count(0)
    assert page.locator("#prompt").inner_text() == prompt


@pytest.mark.parametrize("game", GAMES)
def test_reload_resumes_mid_game(page, base_url, open_app, game):
    query = f"game={game}&players=3&seats=human,bot:random,bot:random&seed=8&speed=0&options=first_player=1"
    open_app(page, base_url, query)
    wait_for_my_turn_or_end(page)
    before = engine(page, "state")
    assert before["steps"] > 0
    page.reload()
    page.wait_for_function("document.documentElement.dataset.state === 'playing'", timeout=TIMEOUT_MS)
    after = engine(page, "state")
    assert after["view"] == before["view"] and after["steps"] == before["steps"]
    assert page.locator("#unsaved").is_hidden()  # kept in the browser: no "Not saved"


def test_a_game_begun_from_a_link_comes_back_on_the_plain_page(page, base_url, open_app):
    """A link's game keeps its own save, and plain index.html (with no game of its own) resumes it;
    moves made there are kept under the link's save, so the link opens the latest position too."""
    link = "game=go_fish&players=2&seats=human,bot:random&seed=5&speed=0"
    open_app(page, base_url, link)
    wait_for_my_turn_or_end(page)
    make_a_move(page)
    wait_for_my_turn_or_end(page)
    begun = engine(page, "state")
    assert open_app(page, base_url) == "playing"
    resumed = engine(page, "state")
    assert resumed["view"] == begun["view"] and resumed["steps"] == begun["steps"]
    make_a_move(page)
    wait_for_my_turn_or_end(page)
    later = engine(page, "state")
    assert later["steps"] > begun["steps"]
    assert open_app(page, base_url, link) == "playing"
    assert engine(page, "state")["steps"] == later["steps"]
    # With a game of its own too, the plain page brings back the game played last.
    page.evaluate("localStorage.clear()")
    open_app(page, base_url, "game=snorkeling&players=2&seats=human,bot:random&seed=3&speed=0&options=first_player=0")
    wait_for_my_turn_or_end(page)
    make_a_move(page)
    wait_for_my_turn_or_end(page)
    page.evaluate("localStorage.setItem('tidepool.autosave', localStorage.getItem(localStorage.getItem('tidepool.autosave.last')))")
    open_app(page, base_url, link)
    wait_for_my_turn_or_end(page)
    make_a_move(page)
    wait_for_my_turn_or_end(page)
    assert open_app(page, base_url) == "playing"
    assert engine(page, "state")["view"]["game"] == "go_fish"


@pytest.mark.parametrize("game", GAMES)
def test_export_then_import_round_trips(page, base_url, open_app, tmp_path, game):
    open_app(page, base_url, f"game={game}&players=3&seats=human,bot:random,bot:random&seed=12&speed=0")
    wait_for_my_turn_or_end(page)
    before = engine(page, "state")
    with page.expect_download() as download:
        page.locator("#export-button").click()
    path = tmp_path / "save.json"
    download.value.save_as(path)
    saved = json.loads(path.read_text())
    assert saved["kind"] == "tidepool-table" and saved["game"]["game"] == game
    assert download.value.suggested_filename == f"tidepool-{game}-12.json"
    expect(page.locator(".toast")).to_have_text(  # a download may go by unnoticed: the page says where
        f"Saved as “tidepool-{game}-12.json” in your downloads: “Open file” brings the game back, here or on "
        "another device.")
    page.locator("#menu-button").click()
    page.goto(f"{base_url}/index.html")  # a fresh table, then open the file
    page.wait_for_function("document.documentElement.dataset.state !== 'loading'", timeout=TIMEOUT_MS)
    page.evaluate("localStorage.clear()")
    engine(page, "start", {"game": "snorkeling", "players": 2, "seats": ["human", "bot:random"], "seed": 1})
    page.locator("#import-file").set_input_files(str(path))
    page.wait_for_function("document.documentElement.dataset.state === 'playing'", timeout=TIMEOUT_MS)
    after = engine(page, "state")
    assert after["view"] == before["view"] and after["steps"] == before["steps"]
    names = {"snorkeling": "Snorkeling", "go_fish": "Go Fish", "enemy_anemone": "Enemy Anemone"}
    expect(page.locator(".toast")).to_have_text(f"Opened “save.json”: the {names[game]} game goes on from where it was saved.")


@pytest.mark.allow_console_errors
def test_corrupted_file_is_refused_and_the_game_kept(page, base_url, open_app, tmp_path):
    open_app(page, base_url, "game=snorkeling&players=2&seats=human,bot:random&seed=2&speed=0")
    wait_for_my_turn_or_end(page)
    before = engine(page, "state")
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "tidepool-table", "seats": ["human"], "game": {"format": "tidepool-save"')
    page.locator("#import-file").set_input_files(str(bad))
    toast = page.locator(".toast")
    toast.wait_for()
    # In players' words: no rule id, no move notation, no JSON parser's message.
    assert toast.inner_text() == "That file could not be opened. It is cut short: the end of the saved game is missing."
    assert engine(page, "state")["view"] == before["view"]
    assert state(page) == "playing"
    # Said to screen readers too; and, a message to be read, it stays until it is closed.
    assert page.locator("#announcer").inner_text() == toast.inner_text()
    page.wait_for_timeout(4500)
    assert toast.is_visible()
    page.get_by_role("button", name="Close").and_(page.locator(".toast-close")).click()
    expect(toast).to_have_count(0)


@pytest.mark.allow_console_errors
def test_a_file_whose_moves_do_not_fit_is_refused_in_the_players_language(page, base_url, open_app, tmp_path):
    """A real save with one move changed (GEN-5: an illegal action) is 'damaged', said in German."""
    open_app(page, base_url, "game=go_fish&players=2&seats=human,bot:random&seed=4&speed=0&lang=de")
    wait_for_my_turn_or_end(page)
    save = json.loads(engine(page, "save")["text"])
    save["game"]["actions"] = ["fish:everything"]  # no such move
    bad = tmp_path / "damaged.json"
    bad.write_text(json.dumps(save))
    page.locator("#import-file").set_input_files(str(bad))
    toast = page.locator(".toast")
    toast.wait_for()
    assert toast.inner_text() == ("Diese Datei ließ sich nicht öffnen. Der Spielstand ist beschädigt: Seine Züge "
                                  "passen nicht zu dem Spiel, das er beschreibt.")
    assert state(page) == "playing"


@pytest.mark.allow_console_errors
def test_a_links_stored_game_that_no_longer_loads_is_reported_at_its_new_game(page, base_url, open_app):
    """A link's own stored game with a move changed (GEN-5: not legal where it stands): opening
    the link again starts its game afresh and says that the stored one was removed, and why."""
    query = "game=snorkeling&players=2&seats=human,bot:random&seed=2&speed=0"
    open_app(page, base_url, query)
    wait_for_my_turn_or_end(page)
    make_a_move(page)
    key = "tidepool.autosave:?" + query
    page.wait_for_function(f"(localStorage.getItem({key!r}) || '').includes('center ')")
    save = json.loads(page.evaluate(f"localStorage.getItem({key!r})"))
    save["game"]["actions"] = ["fish:everything"]
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps(save)])
    open_app(page, base_url, query)
    toast = page.locator(".toast")
    toast.wait_for()
    assert toast.inner_text() == ("Your saved game could not be restored and was removed. "
                                  "It is damaged: its moves do not fit the game it describes.")
    assert state(page) == "playing" and engine(page, "state")["view"]["round"] == 1
    page.wait_for_function(f"!(localStorage.getItem({key!r}) || '').includes('fish:everything')")


def test_corrupted_stored_game_shows_a_message_and_the_app_works(page, base_url, open_app):
    open_app(page, base_url)
    page.evaluate("localStorage.setItem('tidepool.autosave', '{\"kind\": \"tidepool-table\", \"game\": 7}')")
    assert open_app(page, base_url) == "ready"
    message = page.locator("#start-message")
    assert message.is_visible()
    assert message.inner_text() == "Your saved game could not be restored and was removed. It is not a saved Tidepool game."
    assert page.evaluate("localStorage.getItem('tidepool.autosave')") is None
    page.locator("#start-button").click()
    wait_for_attr(page, "state", "playing")



def test_the_replay_arrows_point_the_way_arabic_reads(page, base_url, open_app):
    """Right to left, the replay bar starts at the right: "first step" sits right of "last step",
    and each arrow is drawn pointing its own way (mirrored), « at the right pointing right."""
    open_app(page, base_url, "game=go_fish&players=2&seats=bot:random,bot:random&seed=4&speed=0&lang=ar")
    page.wait_for_function("document.documentElement.dataset.state === 'over'", timeout=TIMEOUT_MS)
    page.locator("#replay-button").click()
    first, last = (page.locator(f"#replay-{name}").bounding_box() for name in ("first", "last"))
    assert first["x"] > last["x"]
    mirrored = page.evaluate("""['first', 'back', 'next', 'last', 'play'].map((name) =>
        getComputedStyle(document.getElementById(`replay-${name}`)).transform)""")
    assert mirrored == ["matrix(-1, 0, 0, 1, 0, 0)"] * 4 + ["none"]

@pytest.mark.parametrize("game", GAMES)
def test_replay_reaches_the_final_position(page, base_url, open_app, game):
    open_app(page, base_url, f"game={game}&players=3&seats=bot:random,bot:random,bot:random&seed=4&speed=0")
    page.wait_for_function("document.documentElement.dataset.state === 'over'", timeout=TIMEOUT_MS)
    final = engine(page, "state")
    page.locator("#replay-button").click()
    assert page.locator("#replay-bar").is_visible()
    wait_for_attr(page, "replayStep", 0)
    round_label = page.locator("#round-label")
    if game != "go_fish":  # the bar names the round (hand) the step is in, not the last one
        expect(round_label).to_have_text(re.compile(r"^Hand 1 of \d$" if game == "enemy_anemone" else r"^Round 1$"))
    page.locator("#replay-next").click()
    wait_for_attr(page, "replayStep", 1)
    # All cards open, as cards: each seat's hand in the engine's order.
    step = engine(page, "replay", {"step": 1, "viewer": "all"})
    # The prompt says the step's move: the first log entry it wrote (the step count is in the bar).
    said = next(e["text"] for e in step["log"] if e["i"] == step["step_log_from"])
    expect(page.locator("#prompt")).to_have_text(said)
    assert step["step_log_from"] >= 1  # after the deal's own entries
    expect(page.locator("#replay-count")).to_have_text(f"Step 1 of {final['steps']}")
    rows = page.locator("#open-hands .open-hand")
    expect(rows).to_have_count(3)
    for seat in range(3):
        assert rows.nth(seat).locator("h3").inner_text() == step["names"][seat]
        cards = rows.nth(seat).locator(".card[data-card]")
        assert cards.evaluate_all("cs => cs.map(c => c.dataset.card)") == step["open_hands"][seat]
        # Drawn as the table draws them: a card face, in the card's own colour, not the page's text.
        looks = cards.evaluate_all("""cs => cs.map(c => { const s = getComputedStyle(c);
            return [s.backgroundImage !== 'none' || s.backgroundColor !== 'rgba(0, 0, 0, 0)',
                    s.color !== getComputedStyle(document.body).color]; })""")
        assert looks == [[True, True]] * len(looks), looks
    # Play runs the steps on; the button then shows and names a pause, and back.
    play = page.locator("#replay-play")
    assert play.get_attribute("aria-label") == "Play" and play.locator(".play").is_visible()
    assert not play.locator(".pause").is_visible()
    play.click()
    expect(play).to_have_attribute("aria-label", "Pause")
    assert play.locator(".pause").is_visible() and not play.locator(".play").is_visible()
    page.wait_for_function("Number(document.documentElement.dataset.replayStep) > 1")
    play.click()
    expect(play).to_have_attribute("aria-label", "Play")
    assert play.locator(".play").is_visible()
    page.locator("#replay-last").click()
    wait_for_attr(page, "replayStep", final["steps"])
    if game != "go_fish":
        n = final["view"]["round"]
        expect(round_label).to_have_text(re.compile(rf"^Hand {n} of \d$" if game == "enemy_anemone" else rf"^Round {n}$"))
    last = engine(page, "replay", {"step": final["steps"], "viewer": None})
    assert last["view"] == {**final["view"], "legal_actions": []}
    assert page.locator("#log li").count() == final["log_size"]


SHARED_OPTIONS = {"snorkeling": "expert=1,target_score=6", "go_fish": "ask_card=1,next_after_fish=left",
                  "enemy_anemone": "first_player=2"}


@pytest.mark.parametrize("game", GAMES)
def test_share_link_reproduces_the_setup(page, base_url, open_app, game):
    open_app(page, base_url, f"game={game}&players=3&seats=human,bot:random,bot:random&seed=77&speed=0"
                             f"&options={SHARED_OPTIONS[game]}")
    wait_for_my_turn_or_end(page)
    page.locator("#share-button").click()
    link = page.locator("#share-link").input_value()
    query = parse_qs(urlsplit(link).query)
    assert query["game"] == [game] and query["seed"] == ["77"]
    assert query["seats"] == ["human,bot:random,bot:random"]
    first = engine(page, "replay", {"step": 0, "viewer": "all"})
    page.evaluate("localStorage.clear()")
    page.goto(link.replace(urlsplit(link).netloc, urlsplit(base_url).netloc))
    page.wait_for_function("document.documentElement.dataset.state === 'playing'", timeout=TIMEOUT_MS)
    again = engine(page, "replay", {"step": 0, "viewer": "all"})
    assert again["open_hands"] == first["open_hands"]
    assert again["view"]["options"] == first["view"]["options"]
    for item in SHARED_OPTIONS[game].split(","):
        name, value = item.split("=")
        assert str(again["view"]["options"][name]).lower() in (value, {"1": "true"}.get(value, value))


@pytest.mark.parametrize("game", GAMES)
def test_hot_seat_hand_over_hides_the_hand(page, base_url, open_app, game):
    open_app(page, base_url, f"game={game}&players=2&seats=human,human&seed=5&options=first_player=0")
    assert page.locator("#handover").is_visible()
    assert "Player 1" in page.locator("#handover-text").inner_text()
    assert page.locator("#felt .hand .card[data-card]").count() == 0  # nothing of a hand in the page
    assert engine(page, "state", {"viewer": None})["view"]["hand"] == []
    page.locator("#handover-button").click()
    expect(page.locator("#handover")).to_be_hidden()
    assert page.locator("#felt [data-card]").count() > 0
    first_hand = engine(page, "state", {"viewer": 0})["view"]["hand"]
    assert first_hand
    for _ in range(20):  # play Player 1's moves (a pass, an ask, a card) until the turn changes
        if page.evaluate("document.documentElement.dataset.turn") != "0" or state(page) != "playing":
            break
        has_pass = page.locator("#moves button[data-action='pass']").count()
        move_button(page, "[data-action='pass']" if has_pass else "").click()
        page.wait_for_function("document.documentElement.dataset.turn !== ''")
    if page.evaluate("document.documentElement.dataset.turn") == "1":
        assert page.locator("#handover").is_visible()
        assert "Player 2" in page.locator("#handover-text").inner_text()
        assert page.locator("#felt .hand .card[data-card]").count() == 0


def test_embed_example_renders_two_tables(page, base_url):
    page.goto(f"{base_url}/web/embed-example.html")
    frames = page.locator("iframe")
    assert frames.count() == 2
    games = set()
    for frame in page.frames[1:]:
        frame.wait_for_function("document.documentElement.dataset.state === 'playing' || "
                                "document.documentElement.dataset.state === 'over'", timeout=TIMEOUT_MS)
        assert frame.evaluate("document.documentElement.classList.contains('embed')")
        assert frame.locator(".chrome").is_hidden()
        games.add(frame.evaluate("window.tidepool.call('state').then((r) => r.view.game)"))
    assert len(games) == 2
    assert re.search(r"iframe", page.content())


def test_one_link_embedded_twice_keeps_two_saves(page, base_url):
    """A page that embeds the same link in two frames (no seed: each deals its own game) gets both
    games back after a reload, each in its own frame: the frames never share a save."""
    link = f"{base_url}/index.html?game=go_fish&seats=human,bot:easy&embed=1"
    html = (f'<!doctype html><title>two tables</title><iframe src="{link}" width="800" height="500"></iframe>'
            f'<iframe src="{link}" width="400" height="700"></iframe>')
    page.route(f"{base_url}/two-tables.html", lambda route: route.fulfill(body=html, content_type="text/html"))

    def hands():
        shown = []
        for frame in page.frames[1:]:
            # the bot may ask first and take cards from the hand: read it once it is your turn
            frame.wait_for_function("document.documentElement.dataset.state === 'playing'"
                                    " && document.documentElement.dataset.turn === '0'", timeout=TIMEOUT_MS)
            frame.locator('[data-part="hand"] [data-card]').first.wait_for(timeout=TIMEOUT_MS)
            shown.append(frame.locator('[data-part="hand"] [data-card]').evaluate_all("cs => cs.map((c) => c.dataset.card)"))
        return shown

    page.goto(f"{base_url}/two-tables.html")
    first = hands()
    assert len(first) == 2 and first[0] != first[1]
    page.wait_for_timeout(500)  # each frame's autosave follows its first drawing
    page.reload()
    assert hands() == first


def test_a_long_game_sends_the_page_only_its_latest_log_entries(page, base_url, open_app, tmp_path):
    """A long legal save (Go Fish's stalled play, GF-9a's ruling for GEN-6: 1,034 asks) opens with
    the log's last 2,000 entries in the page, the first line saying how many are left out; each
    replay step is paged the same way."""
    deck = [rank + suit for rank in "A23456789TJQK" for suit in "CDHS"]
    g = pc.new_game("go_fish", 4, seed=1, options={"first_player": 0, "keep_playing": True}, deck=deck)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    total = len(g.history)
    assert len(g.actions) == 1034 and total == 2103
    save = {"kind": "tidepool-table", "seats": ["human", "bot:random", "bot:random", "bot:random"],
            "lang": "en", "game": json.loads(g.to_json())}
    path = tmp_path / "long.json"
    path.write_text(json.dumps(save))
    open_app(page, base_url)
    page.locator("#import-file").set_input_files(str(path))
    wait_for_attr(page, "state", "over")
    items = page.locator("#log li")
    expect(items).to_have_count(2001)
    assert items.first.inner_text() == "103 earlier entries are not listed here; Replay shows every move."
    assert items.last.inner_text() == g_text(g.history[-1])
    page.locator("#replay-button").click()
    wait_for_attr(page, "replayStep", 0)
    expect(items).to_have_count(1)  # the deal
    page.locator("#replay-last").click()
    wait_for_attr(page, "replayStep", 1034)
    expect(items).to_have_count(2001)
    assert items.first.inner_text().startswith("103 earlier entries")


def g_text(entry):
    from pygame_core.describe import describe
    return describe("go_fish", entry, ["Player 1 (you)", "Bot 2 (random)", "Bot 3 (random)", "Bot 4 (random)"])


def test_score_chart_legend_draws_each_seats_own_line(page, base_url, open_app):
    """The game-over chart tells seats apart by colour and dash (not by colour alone): each legend
    entry shows its seat's line as drawn, dashes included."""
    open_app(page, base_url, "game=snorkeling&players=4&seats=bot:random,bot:random,bot:random,bot:random"
                             "&seed=2&speed=0&options=target_score=6")
    wait_for_attr(page, "state", "over")
    style = "els => els.map(e => [e.getAttribute('stroke'), e.getAttribute('stroke-dasharray')])"
    lines = page.locator("#over-chart svg.line-chart path").evaluate_all(style)
    swatches = page.locator("#over-chart .legend-item .legend-line line").evaluate_all(style)
    assert len(lines) == 4 and swatches == lines
    assert len({dash for _, dash in lines}) == 4  # four different dash patterns
    assert page.locator("#over-chart .legend-item").all_inner_texts() == [f"Bot {n} (random)" for n in range(1, 5)]
    # Round ticks from 0, evenly spaced, the top one at or above the highest total (SN-8).
    top = max(engine(page, "state")["view"]["totals"])
    marks = [int(v) for v in page.locator("#over-chart .y-tick").all_text_contents()]
    step = marks[1]
    assert marks == [i * step for i in range(len(marks))] and step in (1, 2, 5, 10, 20, 25, 50)
    assert 3 <= len(marks) <= 5 and marks[-1] >= top > marks[-2]
    # The axes named; along x, the start (0) and each round (SN-8).
    assert page.locator("#over-chart .axis").all_text_contents() == ["Round", "Points"]
    rounds = len(engine(page, "state")["view"]["round_scores"])
    assert page.locator("#over-chart .x-tick").all_text_contents() == [str(i) for i in range(rounds + 1)]


def test_game_over_on_a_laptop_shows_its_chart_beside_the_scores_without_scrolling(page, base_url, open_app):
    """At 1366x768 the game-over dialog puts the score chart beside the score table: everything,
    the chart's key included, is in view without scrolling inside it, its buttons on one row (one
    above the other, a 4-player Go Fish game's over dialog scrolled, the key under the buttons)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, base_url, "game=go_fish&players=4&seats=human,bot:random,bot:random,bot:random&seed=3&speed=0")
    play_to_the_end(page)
    over = page.locator("#over[open]")
    expect(over.locator("#over-chart .legend-item")).to_have_count(4)
    assert over.evaluate("(d) => d.scrollHeight <= d.clientHeight + 1")
    scores, chart = (page.locator(f"#over > {part}").bounding_box() for part in (".over-scores-wrap", "#over-chart"))
    assert chart["x"] >= scores["x"] + scores["width"]  # beside it
    assert chart["y"] < scores["y"] + scores["height"] and scores["y"] < chart["y"] + chart["height"]
    tops = {round(b["y"]) for b in (button.bounding_box() for button in page.locator("#over .dialog-buttons button:visible").all())}
    assert len(tops) == 1, tops
    box = over.bounding_box()
    assert box["height"] <= 0.75 * 768


def test_the_side_panel_opens_on_the_latest_moves(page, base_url, open_app):
    """On a phone the scores and log are a drawer: opened mid-game, its log shows the latest
    moves, not the deal at its top."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, base_url, "game=enemy_anemone&players=3&seats=bot:random,bot:random,bot:random&seed=2&speed=0")
    page.wait_for_function("document.querySelectorAll('#log li').length > 30", timeout=TIMEOUT_MS)
    page.locator("#side-toggle").click()
    log = page.locator("#log")
    assert log.evaluate("l => l.scrollHeight > l.clientHeight + 100")  # it has somewhere to scroll
    assert log.evaluate("l => l.scrollTop + l.clientHeight >= l.scrollHeight - 4")


def test_the_drawer_closes_with_escape_or_a_tap_beside_it(page, base_url, open_app):
    """On a phone the scores-and-log drawer lies over the table: Escape closes it (focus back on
    its button), and so does a tap on the table, which then does nothing else (no move made)."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, base_url, "game=snorkeling&players=2&seats=human,bot:random&seed=3&speed=0")
    wait_for_my_turn_or_end(page)
    toggle, side = page.locator("#side-toggle"), page.locator("#side")
    toggle.click()
    expect(side).to_be_visible()
    page.keyboard.press("Escape")
    expect(side).to_be_hidden()
    expect(toggle).to_be_focused()
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    expect(side).to_be_visible()
    logged = page.locator("#log li").count()
    card = page.locator("#felt [data-part=hand] [data-legal]").first
    box = card.bounding_box()
    page.mouse.click(box["x"] + 5, box["y"] + box["height"] / 2)  # a playable card, left of the drawer
    expect(side).to_be_hidden()
    page.wait_for_timeout(500)
    assert page.locator("#log li").count() == logged
    assert page.locator("#felt .card.selected, #felt [aria-pressed=true]").count() == 0


def new_game_from_the_menu(page, game):
    """Leave the table by its menu and start a game of ``game`` from the start screen, saying yes
    to leaving the running one."""
    page.locator("#menu-button").click()
    page.locator(f"#start-form input[name=game][value={game}]").check()
    page.locator("#start-button").click()
    page.locator('#leave-dialog button[value="leave"]').click()


@pytest.mark.parametrize("embed", [False, True])
def test_a_new_game_on_a_links_page_takes_its_own_address(page, base_url, open_app, embed):
    """A link's table, then a new game of another kind from the menu: the address becomes the new
    game's own (its game, seats and seed; the link's embed and speed kept), a reload resumes the
    new game, and the link opened again resumes the link's own game, where it was left."""
    link = "game=go_fish&players=2&seats=human,bot:random&seed=3&speed=0" + ("&embed=1" if embed else "")
    open_app(page, base_url, link)
    wait_for_my_turn_or_end(page)
    make_a_move(page)
    wait_for_my_turn_or_end(page)
    left_at = engine(page, "state")["log_size"]
    new_game_from_the_menu(page, "snorkeling")
    wait_for_attr(page, "state", "playing")
    new = engine(page, "state")
    assert new["view"]["game"] == "snorkeling"
    query = parse_qs(urlsplit(page.url).query)
    assert query["game"] == ["snorkeling"] and query["seed"] == [str(new["seed"])]
    assert query["seats"] == [",".join(new["seats"])] and query["speed"] == ["0"]
    assert query.get("embed") == (["1"] if embed else None)

    page.reload()
    wait_for_attr(page, "state", "playing")
    again = engine(page, "state")
    assert (again["view"]["game"], again["seed"]) == ("snorkeling", new["seed"])

    open_app(page, base_url, link)
    wait_for_attr(page, "state", "playing")
    linked = engine(page, "state")
    assert (linked["view"]["game"], linked["seed"], linked["log_size"]) == ("go_fish", 3, left_at)


def _assert_game(page, name):
    assert engine(page, "state")["view"]["game"] == name


def test_back_past_a_new_game_opens_the_links_own_game(page, base_url, open_app):
    """A link's game, then a New game of another kind (which takes its own address), then the
    browser's Back: the page shows what the link's address says, its own game where it was left,
    and the new game is not saved over it (before, the start screen came up with the new game
    behind "Back to the game", and its next save replaced the link's game)."""
    link = "game=snorkeling&players=3&seats=human,bot:random,bot:random&seed=5&speed=0"
    key = f"tidepool.autosave:?{link}"
    open_app(page, base_url, link)
    for _ in range(2):
        wait_for_my_turn_or_end(page)
        make_a_move(page)
    wait_for_my_turn_or_end(page)
    left_at = engine(page, "state")["log_size"]
    new_game_from_the_menu(page, "enemy_anemone")
    wait_for_my_turn_or_end(page)
    make_a_move(page)
    assert parse_qs(urlsplit(page.url).query)["game"] == ["enemy_anemone"]
    page.go_back()
    page.wait_for_function("document.documentElement.dataset.state === 'playing' && "
                           "document.documentElement.dataset.screen === 'table'")
    assert page.url.endswith(f"?{link}")
    shown = engine(page, "state")
    assert (shown["view"]["game"], shown["seed"], shown["log_size"]) == ("snorkeling", 5, left_at)
    stored = json.loads(page.evaluate("(k) => localStorage.getItem(k)", key))
    assert (stored["game"]["game"], stored["game"]["seed"]) == ("snorkeling", 5)
    assert json.loads(page.evaluate("window.tidepool.call('save').then((r) => r.text)"))["game"] == stored["game"]
    page.go_forward()  # and Forward leads back to the new game, under its own address
    page.wait_for_function("document.documentElement.dataset.state === 'playing' && "
                           "document.documentElement.dataset.screen === 'table'")
    page.wait_for_function("location.search.includes('game=enemy_anemone')")
    eventually(lambda: _assert_game(page, "enemy_anemone"))


def test_the_log_shows_its_newest_entry_after_a_reload_and_a_language_switch(page, base_url, open_app):
    """At a laptop's size the log beside the table ends on the newest move after a reload (the
    scores above it, drawn after the log, made its box smaller: it stopped 112 px short) and
    after a switch of language."""
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, base_url, "game=go_fish&players=4&seats=human,bot:random,bot:random,bot:random&seed=2&speed=0")
    for _ in range(6):
        wait_for_my_turn_or_end(page)
        make_a_move(page)
    wait_for_my_turn_or_end(page)
    log = page.locator("#log")
    at_end = "l => l.scrollTop + l.clientHeight >= l.scrollHeight - 2"
    page.reload()
    wait_for_attr(page, "state", "playing")
    assert log.evaluate("l => l.scrollHeight > l.clientHeight + 100")  # it has somewhere to scroll
    page.wait_for_timeout(300)  # a frame or two after the draw
    assert log.evaluate(at_end)
    page.select_option("#table-lang", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    page.wait_for_timeout(300)
    assert log.evaluate(at_end)


@pytest.mark.parametrize("lang", ["en", "de", "ar"])
def test_the_bot_speed_slider_reads_as_speed_and_is_kept(page, base_url, open_app, lang):
    """The slider says "Slower" at its start and "Faster" at its end (right in a left-to-right
    page, left in Arabic), its far end is the fastest (no wait between bot moves), a screen reader
    hears the wait in words, and the choice is kept for the next table."""
    from pygame_core.describe import catalog
    words = catalog(lang)
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, base_url, f"game=snorkeling&players=2&seats=human,bot:random&seed=5&lang={lang}")
    slider = page.locator("#speed")
    ends = page.locator(".speed .speed-end")
    assert ends.all_inner_texts() == [words["table.speed_slower"], words["table.speed_faster"]]
    slower, faster, bar = ends.nth(0).bounding_box(), ends.nth(1).bounding_box(), slider.bounding_box()
    if lang == "ar":
        assert faster["x"] < bar["x"] < slower["x"]
    else:
        assert slower["x"] < bar["x"] < faster["x"]
    assert slider.get_attribute("aria-valuetext") == words["table.speed_value"].replace(
        "{seconds}", "0.7" if lang == "en" else "0,7" if lang == "de" else "0.7")
    slider.evaluate("s => { s.value = s.max; s.dispatchEvent(new Event('input')); }")
    assert slider.get_attribute("aria-valuetext") == words["table.speed_fastest"]
    assert page.evaluate("localStorage.getItem('tidepool.speed')") == "0"
    open_app(page, base_url, f"game=go_fish&players=2&seats=human,bot:random&seed=5&lang={lang}")
    assert slider.evaluate("s => s.value === s.max")
    # A game from the start screen too: the wait in words, from the first draw. The table's game is
    # forgotten as the next page starts (the table may still save it as it is left), so that the
    # start screen does not resume it.
    page.add_init_script("Object.keys(localStorage).filter((k) => k.startsWith('tidepool.autosave'))"
                         ".forEach((k) => localStorage.removeItem(k))")
    open_app(page, base_url, f"lang={lang}")
    page.locator("#start-button").click()
    wait_for_attr(page, "state", "playing")
    assert slider.get_attribute("aria-valuetext") == words["table.speed_fastest"]


def test_two_tabs_on_one_game_never_lose_a_move(page, base_url, open_app):
    """A move saved in one tab reaches the other, which shows the newest position and says so; a
    move made there then reaches the first; a game the other tab finished sends this one back to
    the start screen, saying why."""
    link = "game=go_fish&players=2&seats=human,bot:random&seed=7&speed=0&options=first_player=0"
    other = page.context.new_page()
    open_app(page, base_url, link)
    wait_for_my_turn_or_end(page)
    open_app(other, base_url, link)
    wait_for_my_turn_or_end(other)
    assert engine(other, "state")["log_size"] == engine(page, "state")["log_size"]
    make_a_move(page)
    wait_for_my_turn_or_end(page)

    def same(a, b):
        return engine(a, "state")["steps"] == engine(b, "state")["steps"]

    other.wait_for_function("document.querySelector('.toast')")
    assert other.locator(".toast").inner_text() == "This game went on in another tab or window: here is its newest position."
    wait_for_my_turn_or_end(other)
    assert same(page, other)
    make_a_move(other)
    wait_for_my_turn_or_end(other)
    page.wait_for_function("document.querySelector('.toast')")
    wait_for_my_turn_or_end(page)
    assert same(page, other)
    other.evaluate(f"localStorage.removeItem('tidepool.autosave:?{link}')")  # as when a game ends there
    wait_for_attr(page, "screen", "start")
    assert page.locator("#start-message").inner_text() == "This game was finished in another tab or window."
    assert page.locator("#continue-button").is_hidden()
    other.close()



def other_tab_moves(other, key, base, mine):
    """In page ``other`` (the other tab), from the stored game ``base``, make a move other than
    ``mine`` and store the game under ``key``, as that tab's autosave would; return the move."""
    return other.evaluate("""async ([k, base, mine]) => {
        const state = await window.tidepool.call('load', { text: base, lang: 'en' });
        const move = state.moves.map((m) => m.action).find((a) => a !== mine);
        await window.tidepool.call('act', { action: move });
        localStorage.setItem(k, (await window.tidepool.call('save')).text);
        return move;
    }""", [key, base, mine])


def test_a_move_overtaken_by_the_other_tab_is_said_not_made(page, base_url, open_app):
    """Two tabs move at the same moment: the save that lands last wins, and the tab whose move
    was not kept says so until the player closes the notice (not the plain "went on" notice), and
    shows the game as it went on."""
    link = "game=go_fish&players=2&seats=human,bot:random&seed=7&speed=0&options=first_player=0"
    key = f"tidepool.autosave:?{link}"
    open_app(page, base_url, link)
    wait_for_my_turn_or_end(page)
    # The turn can show before the first autosave lands: wait for the stored game, as it stands.
    page.wait_for_function("(k) => localStorage.getItem(k) !== null", arg=key)
    base = page.evaluate("(k) => localStorage.getItem(k)", key)
    make_a_move(page)
    page.wait_for_function("([k, b]) => localStorage.getItem(k) !== b", arg=[key, base])
    mine = json.loads(page.evaluate("(k) => localStorage.getItem(k)", key))["game"]["actions"][len(json.loads(base)["game"]["actions"])]
    # The other tab, at the same moment, from the same position: another ask. (Its page shows no
    # table of its own: a link without a game leaves the stored game behind "Back to the game".)
    other = page.context.new_page()
    open_app(other, base_url, "players=2&lang=en")
    other.wait_for_function("document.documentElement.dataset.engine === 'ready'")
    theirs = other_tab_moves(other, key, base, mine)
    assert theirs != mine
    notice = page.locator(".toast")
    expect(notice).to_have_text("Your last move was not made: the game went on in another tab or window at the same "
                                "moment. Here is its newest position.", timeout=10_000)
    page.wait_for_timeout(4500)
    expect(notice).to_be_visible()  # it stays until closed
    actions = json.loads(page.evaluate("window.tidepool.call('save').then((r) => r.text)"))["game"]["actions"]
    assert theirs in actions and mine not in actions[len(json.loads(base)["game"]["actions"]):][:1]
    # The other way round: both move at once and this tab's save lands last. The other tab's
    # event, handled after, finds this tab's own save stored: it keeps its move and says nothing.
    notice.locator(".toast-close").click()
    wait_for_my_turn_or_end(page)
    own = page.evaluate("(k) => localStorage.getItem(k)", key)
    make_a_move(page)
    wait_for_my_turn_or_end(page)  # the bot has answered: this tab's save stands still
    latest = page.evaluate("(k) => localStorage.getItem(k)", key)
    assert latest != own
    mine = json.loads(latest)["game"]["actions"][len(json.loads(own)["game"]["actions"])]
    other.evaluate("""async ([k, own, latest, mine]) => {
        const state = await window.tidepool.call('load', { text: own, lang: 'en' });
        await window.tidepool.call('act', { action: state.moves.map((m) => m.action).find((a) => a !== mine) });
        localStorage.setItem(k, (await window.tidepool.call('save')).text);  // the other's move...
        localStorage.setItem(k, latest);  // ...and this tab's, stored last
    }""", [key, own, latest, mine])
    page.wait_for_timeout(1500)
    assert notice.count() == 0
    assert page.evaluate("window.tidepool.call('save').then((r) => r.text)") == latest
    other.close()


def test_a_move_not_yet_stored_when_the_other_tab_moves_is_said_not_made(page, base_url, open_app):
    """The other tab's save lands while this tab's move is made but not yet stored (between the
    engine's answer and the autosave): this tab says its move was not made, not merely that the
    game went on, and shows the other tab's game."""
    link = "game=go_fish&players=2&seats=human,bot:random&seed=7&speed=0&options=first_player=0"
    key = f"tidepool.autosave:?{link}"
    open_app(page, base_url, link)
    wait_for_my_turn_or_end(page)
    page.wait_for_function("(k) => localStorage.getItem(k) !== null", arg=key)  # the first autosave
    base = page.evaluate("(k) => localStorage.getItem(k)", key)
    other = page.context.new_page()
    open_app(other, base_url, "players=2&lang=en")
    other.wait_for_function("document.documentElement.dataset.engine === 'ready'")
    # This tab's move reaches its engine; its table has not drawn it, so nothing is stored yet.
    mine = page.evaluate("""async () => {
        const state = await window.tidepool.call('state');
        const move = state.moves[0].action;
        await window.tidepool.call('act', { action: move });
        return move;
    }""")
    assert page.evaluate("(k) => localStorage.getItem(k)", key) == base
    theirs = other_tab_moves(other, key, base, mine)
    expect(page.locator(".toast")).to_have_text(
        "Your last move was not made: the game went on in another tab or window at the same moment. Here is its "
        "newest position.", timeout=10_000)
    done = len(json.loads(base)["game"]["actions"])
    actions = json.loads(page.evaluate("window.tidepool.call('save').then((r) => r.text)"))["game"]["actions"]
    assert mine != theirs and actions[done] == theirs
    other.close()

def test_two_tabs_in_two_languages_do_not_pass_the_game_back_and_forth(page, base_url, open_app):
    """The plain page in German resumes the game a link started in English: a move in the English
    tab reaches the German one, which neither saves it again (its text differs only in language)
    nor plays the bots' moves the other tab is playing."""
    link = "game=go_fish&players=3&seats=human,bot:random,bot:random&seed=7&speed=0&options=first_player=0"
    open_app(page, base_url, link)
    wait_for_my_turn_or_end(page)
    german = page.context.new_page()
    open_app(german, base_url, "lang=de")
    german.wait_for_function("document.documentElement.dataset.state === 'playing'")
    page.evaluate("window.__events = 0; addEventListener('storage', () => window.__events++)")
    german.evaluate("window.__events = 0; addEventListener('storage', () => window.__events++)")
    make_a_move(page)
    wait_for_my_turn_or_end(page)
    german.wait_for_function("document.querySelector('.toast')")
    assert german.locator(".toast").inner_text().startswith("Dieses Spiel ging in einem anderen Tab")
    page.wait_for_timeout(1500)
    assert page.evaluate("window.__events") == 0  # the German tab saved nothing back
    assert 1 <= german.evaluate("window.__events") <= 3  # the move and the bots' replies, saved once each
    assert engine(german, "state")["steps"] == engine(page, "state")["steps"]
    german.close()


@pytest.mark.parametrize("game", ["snorkeling", "enemy_anemone"])
def test_a_replay_from_another_seat_names_that_seat_not_you(page, base_url, open_app, game):
    """Replay from Bot 2's point of view: its hand and pile are "Bot 2 (random)'s …", not
    "your …"; from your own point of view they are yours again."""
    options = "target_score=6,first_player=0" if game == "snorkeling" else "first_player=0"
    open_app(page, base_url, f"game={game}&players=2&seats=human,bot:random&seed=21&speed=0&options={options}")
    play_to_the_end(page)
    page.locator("#over-close").click()
    page.locator("#over-bar-replay").click()
    page.locator("#replay-viewer").select_option("1")
    for step in (1, 2, 3):
        page.locator("#replay-next").click()
        wait_for_attr(page, "replayStep", step)
    hand = page.locator("#felt [data-part=hand]")
    expect(hand).to_have_attribute("aria-label", "Bot 2 (random)'s hand")
    def pile_text():  # Snorkeling's caption is painted (data-shown), Enemy Anemone's a sentence
        if game == "snorkeling":
            return page.locator("#felt .my-pile .label").get_attribute("data-shown")
        return page.locator("#felt .ea-pile-points").inner_text()
    assert pile_text().startswith("Bot 2 (random)'s")
    if game == "snorkeling":  # the news beside the centre: since that seat's last move
        title = page.locator("#felt .sn-news-title")
        for step in range(4, 12):
            if title.count():
                break
            page.locator("#replay-next").click()
            wait_for_attr(page, "replayStep", step)
        expect(title).to_have_text("Since Bot 2 (random)'s last move")
    page.locator("#replay-viewer").select_option("0")
    expect(hand).to_have_attribute("aria-label", "Your hand")
    assert pile_text().startswith("Your")


def test_snorkeling_news_in_a_replay_from_another_seat_says_your_of_no_one_else(page, base_url, open_app):
    """Replay from Bot 2's point of view: a card put on Bot 2's pile reads "on Bot 2 (medium)'s
    pile" in the news beside the centre, never "on your pile"; the log names Player 1's pile
    "Player 1 (you)'s pile" (the person at the table), not "your pile" beside Bot 2's."""
    open_app(page, base_url, "game=snorkeling&players=3&seed=12&speed=0&options=target_score=6")
    play_to_the_end(page)
    page.locator("#over-close").click()
    page.locator("#over-bar-replay").click()
    page.locator("#replay-viewer").select_option("1")
    assert page.locator("#announcer").inner_text() == ""  # the live game's last sentence is not left there
    told = []
    for step in range(1, 13):
        page.locator("#replay-next").click()
        wait_for_attr(page, "replayStep", step)
        told += page.locator("#felt .sn-news li").all_inner_texts()
    onto_bot_2 = [line for line in told if "on Bot 2 (medium)'s pile" in line]
    assert onto_bot_2, told  # this game puts cards on Bot 2's pile in its first twelve steps
    assert not [line for line in told if "your pile" in line], told
    # Nor does the log beside it: seen from Bot 2's seat, nobody at the table is "you".
    log = page.locator("#log li").all_inner_texts()
    assert [line for line in log if "on Player 1 (you)'s pile" in line]
    assert not [line for line in log if "your pile" in line.lower()]


@pytest.mark.allow_console_errors
def test_a_notice_said_again_is_not_piled_up(page, base_url, open_app, tmp_path):
    """A notice that stays until closed, said again while on show (the same damaged file opened
    twice; two tabs' races lost one after the other), shows once with how often it was said, and
    is announced again."""
    open_app(page, base_url, "game=snorkeling&players=2&seats=human,bot:random&seed=2&speed=0")
    wait_for_my_turn_or_end(page)
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "tidepool-table", "seats": ["human"], "game": {"format": "tidepool-save"')
    for _ in range(3):
        page.locator("#import-file").set_input_files(str(bad))
        page.wait_for_timeout(200)
    notice = page.locator(".toast.stays")
    expect(notice).to_have_count(1)
    assert notice.get_attribute("data-times") == "3"
    assert page.locator("#announcer").inner_text() == notice.inner_text()


def stored_records(page):
    return json.loads(page.evaluate("localStorage.getItem('tidepool.records') ?? 'null'") or "null")


def test_the_players_record_counts_each_game_against_bots_once(page, base_url, open_app):
    """The record per game and bot level (games, wins, best score), kept in the browser: a table
    of bots only adds nothing; a game against bots counts once, under the strongest bot level,
    shown in the game-over dialog and on the game's card in the lobby, and is not counted again
    when the finished game is reloaded."""
    open_app(page, base_url, "game=go_fish&players=3&seats=bot:random,bot:random,bot:random&seed=4&speed=0")
    wait_for_attr(page, "state", "over")
    assert stored_records(page) is None
    open_app(page, base_url, "game=go_fish&players=3&seats=human,bot:random,bot:easy&seed=3&speed=0")
    play_to_the_end(page)
    final = engine(page, "state")["view"]
    won = 1 if 0 in final["winners"] else 0
    record = page.locator("#over-record")
    expect(record).to_be_visible()
    line = f"Bot (easy) — wins: {won} of 1 · best score: {final['totals'][0]}"
    assert record.inner_text().split("\n") == ["Your record", line]
    assert stored_records(page)["records"] == {
        "go_fish": {"easy": {"games": 1, "wins": won, "best": final["totals"][0]}}}
    # The table drawn again (here in German) shows the finished game again: not counted again.
    page.locator("#over-close").click()
    page.select_option("#table-lang", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    page.locator("#over-bar-summary").click()
    expect(page.locator("#over-record")).to_contain_text(
        f"Bot (leicht) – Siege: {won} von 1 · Bestwert: {final['totals'][0]}")
    assert stored_records(page)["records"]["go_fish"]["easy"]["games"] == 1
    page.locator("#over-close").click()
    page.select_option("#table-lang", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.locator("#over-bar-new").click()
    wait_for_attr(page, "screen", "start")
    card = page.locator(".game-go_fish .game-record")
    expect(card).to_be_visible()
    assert card.inner_text() == line
    expect(page.locator(".game-snorkeling .game-record")).to_be_hidden()


@pytest.mark.parametrize("lang", ["en", "de", "id", "pt", "ar"])
@pytest.mark.parametrize("size", [(360, 640), (390, 844), (430, 932)])
def test_the_table_bar_keeps_its_buttons_on_one_row_on_a_phone(page, base_url, open_app, lang, size):
    """On a phone the bar's buttons (Menu, Undo, Hint, Sound, Rules, the drawer's) share one row in
    every language, so the prompt and the table never move down for a long word."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(page, base_url, f"game=enemy_anemone&players=3&seats=human,bot:random,bot:random&seed=2&speed=0&lang={lang}")
    wait_for_my_turn_or_end(page)
    tops = page.evaluate("""[...document.querySelectorAll('.table-bar > button')]
        .filter((b) => b.getClientRects().length).map((b) => Math.round(b.getBoundingClientRect().top))""")
    assert len(tops) >= 5 and len(set(tops)) == 1, tops


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_seats_are_chips_a_tap_makes_the_next_kind(page, base_url, open_app, touch):
    """Each seat on the start screen is a chip: a tap (or Enter) makes it the next of human and the
    bot levels, weakest to strongest and round again; an arrow key steps either way; the new kind
    is said once; a bot shows its strength as dots; the game starts with the seats shown."""
    if touch:
        from test_touch_targets import touch as phone
        phone(page)
    else:
        page.set_viewport_size({"width": 1366, "height": 768})
    assert open_app(page, base_url, "lang=en") == "ready"
    page.locator("input[name=game][value=go_fish]").check()
    page.locator("#players").select_option("3")
    chips = page.locator("#seat-list .seat-chip")
    assert [chip.get_attribute("value") for chip in chips.all()] == ["human", "bot:medium", "bot:medium"]
    second = chips.nth(1)
    expect(second).to_have_accessible_name("Seat 2 Bot (medium)")
    assert second.locator(".seat-pips").inner_text() == "●●●○"
    second.click()
    assert second.get_attribute("value") == "bot:hard"
    assert second.locator(".seat-pips").inner_text() == "●●●●"
    expect(page.locator("#seat-said")).to_have_text("Bot (hard)")
    second.click()
    assert second.get_attribute("value") == "human" and second.get_attribute("data-kind") == "human"
    assert second.locator(".seat-pips").inner_text() == ""
    second.press("Enter")
    assert second.get_attribute("value") == "bot:random"
    second.press("ArrowUp")
    assert second.get_attribute("value") == "human"
    second.press("ArrowUp")
    second.press("ArrowUp")
    assert second.get_attribute("value") == "bot:medium"
    chips.nth(2).press("ArrowDown")
    expect(page.locator("#seat-said")).to_have_text("Bot (hard)")
    expect(chips.nth(2)).to_have_accessible_description(
        "Tap a seat to change who plays it: a human, or a bot from weakest to strongest.")
    # Every chip whole and on screen: the same height in a row, its name on no more than two lines.
    boxes = [chip.bounding_box() for chip in chips.all()]
    assert all(0 <= b["x"] and b["x"] + b["width"] <= page.viewport_size["width"] for b in boxes)
    assert len({round(b["height"]) for b in boxes}) == 1 and boxes[0]["height"] <= 90
    page.locator("#start-button").click()
    wait_for_attr(page, "state", "playing")
    assert page.evaluate("window.tidepool.call('state').then((s) => s.seats)") == ["human", "bot:medium", "bot:hard"]


def test_the_start_screen_opens_on_the_setup_last_played(page, base_url, open_app):
    """The start screen opens on the last game's setup (game, players, seats, options; not its
    seed), so Start game plays again with the same settings, even after the page is reloaded."""
    open_app(page, base_url, "game=enemy_anemone&players=4&seats=bot:random,bot:easy,bot:random,bot:random"
             "&options=first_player=2&seed=2&speed=0")
    wait_for_attr(page, "state", "over")
    page.goto(f"{base_url}/index.html")
    wait_for_attr(page, "screen", "start")
    form = page.locator("#start-form")
    assert form.evaluate("f => f.elements.game.value") == "enemy_anemone"
    assert page.locator("#players").input_value() == "4"
    assert [chip.get_attribute("value") for chip in page.locator("#seat-list .seat-chip").all()] == [
        "bot:random", "bot:easy", "bot:random", "bot:random"]
    assert page.locator("select[name='option.first_player']").input_value() == "2"
    assert page.locator("#seed").input_value() == ""
