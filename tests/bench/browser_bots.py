"""Bots in the browser (prints figures, asserts nothing): how long a bot takes per move in Pyodide,
how far the engine is from CPython, and the longest task that blocked the page while bots thought.

Run through `python3 build.py bench` (it builds first and runs this with .venv's Python).

For each game a two-player table of `hard` bots plays at full speed (`speed=0`) in headless
Chromium. Every `bot_step` call to the engine's worker is timed from the page (web/engine.js's
User Timing measure of each call: a call is a move, or a slice of one, thought in the worker, off
the page's thread). Long tasks (over 50 ms) on the
page from the first bot move on are taken from the browser's Long Tasks API ("longest task 0"
means none). The engine-speed ratio times the same random playouts (the facade's `playout_speed`
command) in Pyodide and in this CPython.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

MOVES = 40
TIMEOUT_MS = 300_000

INSTRUMENT = """
window.__slices = [];
window.__longest = 0;
window.__firstBot = Infinity;
new PerformanceObserver((list) => {  // only tasks while bots play, not the runtime's start-up
  for (const e of list.getEntries()) {
    if (e.startTime >= window.__firstBot) window.__longest = Math.max(window.__longest, e.duration);
  }
}).observe({ type: "longtask", buffered: true });
// Each bot_step call from the page to the engine's worker and back, as web/engine.js measures it
// (one call is one move, or a slice of one until its reply says done).
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.name !== "tidepool:call:bot_step") continue;
    window.__firstBot = Math.min(window.__firstBot, e.startTime);
    window.__slices.push([e.duration, e.detail.done]);
  }
}).observe({ type: "measure", buffered: true });
"""

def moves_from(slices: list) -> list[float]:
    moves, current = [], 0.0
    for ms, done in slices:
        current += ms
        if done:
            moves.append(current)
            current = 0.0
    return moves


def main() -> int:
    from playwright.sync_api import sync_playwright

    import pygame_core as pc
    from pygame_core import facade

    with build.serving(build.SITE) as base:
        print(f"\n== bots in the browser: hard vs hard, 2 players, first {MOVES} bot moves per game")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(build.CHROMIUM),
                                                 headless=True, args=list(build.CHROMIUM_ARGS))
            for name in pc.GAMES:
                context = browser.new_context(service_workers="block", bypass_csp=True)
                context.add_init_script(INSTRUMENT)
                page = context.new_page()
                page.goto(f"{base}/index.html?game={name}&players=2&seats=bot:hard,bot:hard&seed=1&speed=0")
                page.wait_for_function(
                    f"window.__slices.filter(s => s[1]).length >= {MOVES} || "
                    "document.documentElement.dataset.state === 'over'", timeout=TIMEOUT_MS)
                slices = page.evaluate("window.__slices")
                longest = page.evaluate("window.__longest")
                moves = moves_from(slices)[:MOVES]
                thought = [m for m in moves if m > 1]  # moves with a real choice (more than one action)
                print(f"  {name:<14} per move: median {statistics.median(moves):6.0f} ms, "
                      f"max {max(moves):6.0f} ms (median of moves that searched: "
                      f"{statistics.median(thought) if thought else 0:.0f} ms); "
                      f"longest task {longest:.0f} ms; slices {len(slices)}")
                context.close()
            print("\n== engine in Pyodide vs CPython: random 4-player playouts, actions/s")
            context = browser.new_context(service_workers="block", bypass_csp=True)
            page = context.new_page()
            page.goto(f"{base}/index.html")
            page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=TIMEOUT_MS)
            for name in pc.GAMES:
                payload = json.dumps({"game": name, "seconds": 2})
                in_browser = page.evaluate("(p) => window.tidepool.call('playout_speed', JSON.parse(p))",
                                           payload)["actions_per_second"]
                native = json.loads(facade.call("playout_speed", payload))["actions_per_second"]
                print(f"  {name:<14} Pyodide {in_browser:9.0f}  CPython {native:9.0f}  "
                      f"ratio {in_browser / native:5.0%}  (budget >= 40%)")
            context.close()
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
