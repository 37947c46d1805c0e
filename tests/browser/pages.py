"""Helpers the browser tests share for driving the page through its contract (<html data-…>)."""

GAME_TIMEOUT_MS = 180_000


def wait_for_my_turn_or_end(page, seat=0, timeout=GAME_TIMEOUT_MS):
    """Wait until the game is over or it is ``seat``'s turn at the table; return data-state."""
    page.wait_for_function(
        f"""() => {{ const h = document.documentElement;
            return h.dataset.state === 'over' || (h.dataset.state === 'playing' && h.dataset.turn === '{seat}'); }}""",
        timeout=timeout)
    return page.evaluate("document.documentElement.dataset.state")
