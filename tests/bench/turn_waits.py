"""Waits between a human's turns (prints figures, asserts nothing): at the default bot pace, how
long the player waits from making a move until it is their turn again, per game and player count.

Run through `python3 build.py bench`, or alone: .venv/bin/python tests/bench/turn_waits.py [WAITS]
(default 24 waits per table: its games, seeded 1, 2, ..., are played until it has them).

Each table is seat 0 (a human, played by the page itself: it clicks the first legal move, and a
card's first target) against medium bots, seeded, at the default pace (no `speed` in the link).
A wait is measured in the page (tests/browser/pages.py PLAY_SEAT_0), from the moment the move
leaves (<html data-turn> empties) until <html data-turn> names seat 0 again; waits that span a
round's end table (which waits for the player) are left out. "most log lines": the most log
lines one wait brought (the bots' moves in it).

The rules the figures come from (web/table.js scheduleBot): a bot thinks while the cards of the move
before fly, and moves once they have landed and its pace has passed; in Go Fish (its table's
`runPaces`) the bots' moves between two of a human's turns get at most 5 paces (3.5 s at the default
700 ms), and the rest of the run is played at once, its news summed up "since your last ask".
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

sys.path.insert(0, str(ROOT / "tests" / "browser"))
from pages import PLAY_SEAT_0  # noqa: E402

TABLES = [("go_fish", n) for n in (3, 4, 5, 6)] + [("snorkeling", 3), ("snorkeling", 6),
                                                     ("enemy_anemone", 3), ("enemy_anemone", 6)]
AT_ONCE = 4  # tables played side by side (each in its own browser context)
TIMEOUT_S = 900



def main() -> int:
    from playwright.sync_api import sync_playwright

    wanted = int(sys.argv[1]) if len(sys.argv) > 1 else 24
    print(f"\n== waits between a human's turns at the default pace (seat 0 against medium bots, "
          f"{wanted} waits per table, games seeded 1, 2, ...)")
    print(f"  {'game':<15}{'players':>8}{'games':>7}{'waits':>7}{'median s':>10}{'p90 s':>7}{'max s':>7}"
          f"{'most log lines':>16}")
    with build.serving(build.SITE) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(build.CHROMIUM), headless=True,
                                             args=list(build.CHROMIUM_ARGS))
        for start in range(0, len(TABLES), AT_ONCE):
            tables = []
            for game, players in TABLES[start:start + AT_ONCE]:
                context = browser.new_context(service_workers="block", bypass_csp=True,
                                              viewport={"width": 1366, "height": 768})
                context.add_init_script("localStorage.clear(); localStorage.setItem('tidepool.forced', '1')")
                context.add_init_script(PLAY_SEAT_0)
                table = {"game": game, "players": players, "page": context.new_page(), "seed": 0,
                         "waits": [], "context": context}
                tables.append(table)
                next_game(base, table)
            deadline = time.monotonic() + TIMEOUT_S
            pending = list(tables)
            while pending and time.monotonic() < deadline:
                for table in list(pending):
                    page = table["page"]
                    if len(table["waits"]) + page.evaluate("window.__waits.length") >= wanted:
                        page.evaluate("window.__stop = true")
                        table["waits"] += page.evaluate("window.__waits")
                        pending.remove(table)
                    elif page.evaluate("document.documentElement.dataset.state === 'over'"):
                        table["waits"] += page.evaluate("window.__waits")
                        next_game(base, table)
                time.sleep(0.5)
            for table in tables:
                waits = sorted(table["waits"])[:]
                if waits:
                    seconds = sorted(ms / 1000 for ms, _ in waits)
                    p90 = seconds[min(len(seconds) - 1, int(len(seconds) * 0.9))]
                    print(f"  {table['game']:<15}{table['players']:>8}{table['seed']:>7}{len(seconds):>7}"
                          f"{statistics.median(seconds):>10.1f}{p90:>7.1f}{seconds[-1]:>7.1f}"
                          f"{max(lines for _, lines in waits):>16}")
                else:
                    print(f"  {table['game']:<15}{table['players']:>8}  no waits measured")
                table["context"].close()
        browser.close()
    return 0


def next_game(base: str, table: dict) -> None:
    """Open the table's next seeded game (a fresh page, so the in-page player starts anew)."""
    table["seed"] += 1
    table["page"].goto(f"{base}/index.html?game={table['game']}&players={table['players']}"
                       f"&seed={table['seed']}&lang=en")


if __name__ == "__main__":
    sys.exit(main())
