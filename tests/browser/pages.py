"""Helpers the browser tests share for driving the page through its contract (<html data-…>)."""

import time

GAME_TIMEOUT_MS = 180_000
ENGINE_TIMEOUT_MS = 90_000


def eventually(check, timeout_s=30.0):
    """Retry ``check()`` (an assertion) until it passes or ``timeout_s`` runs out: the page answers
    moves asynchronously, after the engine's worker replies."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            return check()
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def wait_for_attr(page, name, value, timeout=GAME_TIMEOUT_MS):
    """Wait until ``<html data-NAME>`` equals ``value`` (a string)."""
    page.wait_for_function(f"document.documentElement.dataset.{name} === {str(value)!r}", timeout=timeout)


def make_a_move(page, timeout=GAME_TIMEOUT_MS):
    """Click a legal move through the page contract: a [data-legal] element that makes one, else
    one that starts one (a card) and then its target; wait until the log has its sentence.
    ``page`` may be a Page or a Frame."""
    continue_round(page)
    logged = page.locator("#log li").count()
    direct = page.locator('[data-legal]:not([data-legal=""])')
    if not direct.count():
        page.locator("[data-legal]").first.click()
        direct.first.wait_for()
    direct.first.click()
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {logged}", timeout=timeout)


def wait_for_engine(page, timeout=ENGINE_TIMEOUT_MS):
    """Wait until <html data-engine="ready">: the Python engine answers in its worker."""
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=timeout)


ROUND_END_UP = "!!document.querySelector('[data-part=continue]') && !document.querySelector('[data-part=round-end]').hidden"


# A tap within 400 ms and 24 px of a tap on Continue is the second tap of a double tap, which the
# table drops (table.js SECOND_TAP_MS): a player's next tap comes after that.
SECOND_TAP_MS = 400


def continue_round(page):
    """Close the round (hand) end table if it is on show (it waits for the player); True if it was.
    Returns once a tap where Continue was counts as the player's own again."""
    if not page.evaluate(ROUND_END_UP):
        return False
    page.locator('[data-part="continue"]').click()
    page.wait_for_timeout(SECOND_TAP_MS + 50)
    return True


def wait_for_my_turn_or_end(page, seat=0, timeout=GAME_TIMEOUT_MS):
    """Wait until the game is over or it is ``seat``'s turn at the table, continuing past round
    ends (data-part="round-end", which leave data-turn empty until the player continues);
    return data-state."""
    while True:
        page.wait_for_function(
            f"""() => {{ const h = document.documentElement;
                return h.dataset.state === 'over' || ({ROUND_END_UP})
                    || (h.dataset.state === 'playing' && h.dataset.turn === '{seat}'); }}""",
            timeout=timeout)
        if not continue_round(page):
            return page.evaluate("document.documentElement.dataset.state")


def play_to_the_end(page, seat=0, after_move=None, limit=300):
    """Play ``seat``'s moves by clicking (make_a_move) until the game is over; call
    ``after_move(count)`` after each move; return how many moves were made. ``page`` may be a Page
    or a Frame."""
    moves = 0
    while wait_for_my_turn_or_end(page, seat) == "playing":
        page.locator("[data-legal]").first.wait_for()
        make_a_move(page)
        moves += 1
        assert moves < limit, f"no end after {limit} moves"
        if after_move:
            after_move(moves)
    return moves


# An init script that plays seat 0 in the page itself (the first legal move, a card's first target,
# Continue at a round's end) and measures its waits: window.__waits holds, per wait, [ms from its
# move leaving (<html data-turn> empties) until data-turn names seat 0 again, log lines added
# meanwhile]; waits that span a round's end table (it waits for the player) are left out.
# window.__turns counts seat 0's turns; window.__stop = true stops the playing.
PLAY_SEAT_0 = """
window.__waits = [];
window.__turns = 0;
addEventListener("DOMContentLoaded", () => {
  const html = document.documentElement;
  const logged = () => document.querySelectorAll("#log li").length;
  let left = null, lines = 0, spansRoundEnd = false, mine = false;
  new MutationObserver(() => {
    const turn = html.dataset.turn;
    if (turn === "" && left === null && mine) { left = performance.now(); lines = logged(); spansRoundEnd = false; }
    mine = turn === "0";
    if (mine && left !== null) {
      if (!spansRoundEnd) window.__waits.push([performance.now() - left, logged() - lines]);
      left = null;
      window.__turns += 1;
    }
  }).observe(html, { attributes: true, attributeFilter: ["data-turn"] });
  setInterval(() => {
    if (window.__stop) return;
    const more = document.querySelector("[data-part=continue]");
    if (more && !document.querySelector("[data-part=round-end]").hidden) { spansRoundEnd = true; more.click(); return; }
    if (html.dataset.turn !== "0" || html.dataset.state !== "playing") return;
    const direct = document.querySelector('[data-legal]:not([data-legal=""])');
    (direct ?? document.querySelector("[data-legal]"))?.click();
  }, 60);
});
"""


# When each batch of log lines (one move and what followed it) reaches the page.
LOG_TIMES = """() => { window.__batches = [];
  new MutationObserver((records) => {
    const lines = records.flatMap((r) => [...r.addedNodes].map((n) => n.textContent));
    if (lines.length) window.__batches.push([performance.now(), lines]);
  }).observe(document.getElementById('log'), { childList: true }); }"""
