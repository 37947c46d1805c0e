"""Search speed benchmark (prints figures, asserts nothing): iterations per second of the hard
bot's search, now and as landed (``landed_source.py``: the rules and bots of commit ee57367,
frozen for this comparison), on the same positions in the same run, for every game at 2 and 4
players.

Positions come from seeded medium-vs-medium games (the seat to move, only decisions with a
choice). Each position is searched by both with a fixed iteration budget and no time cap, one
after the other, so machine load hits both alike; the figure is total iterations over total
CPU time, and the ratio is current / landed.

Also printed, for the current search: the game's fixed iteration budget (``ITERATIONS``, what
hard searches with no time cap) and how many iterations the anytime hard bot runs within its
cap in CPU time, as a multiple of that budget (median over the positions; a move whose choice is
clear early stops sooner), for the page's cap of 250 ms and for that cap at the page's speed
(``BROWSER_SPEED``, as ``tournament --browser-speed`` plays it).

Run through `python3 build.py bench`, or directly:
python3 tests/bench/search_speed.py [POSITIONS [ITERATIONS [PLAYER_COUNTS [GAMES]]]]
(default 12 120 "2,4" and every game)
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(0, str(HERE))

import pygame_core as pc  # noqa: E402

try:  # in Pyodide (browser_search.py) the landed engine is written next to this file
    import landed as _  # noqa: F401
except ImportError:
    import landed_source  # noqa: E402

    landed_source.install()
from landed.bots import ismcts as landed  # noqa: E402
from landed.games import REGISTRY as LANDED_GAMES  # noqa: E402
from pygame_core.bots import ismcts, make_bot  # noqa: E402

PLAYER_COUNTS = (2, 4)


def positions(name: str, players: int, count: int) -> list[pc.Game]:
    """``count`` positions with a choice, spread over seeded medium-vs-medium games."""
    found: list[pc.Game] = []
    seed = 0
    while len(found) < count:
        game = pc.new_game(name, players=players, seed=seed)
        bots = [make_bot("medium", seed=seed * 10 + s) for s in range(players)]
        rng = random.Random(seed)
        while not game.is_over and len(found) < count:
            if len(game.legal_actions()) > 1 and rng.random() < 0.15:
                found.append(game.clone())
            seat = game.current_player
            game.apply(bots[seat].choose(game, seat))
        seed += 1
    return found


def as_landed(game: pc.Game):
    """The same position in the landed engine (same setup, same actions replayed, GEN-1)."""
    old = LANDED_GAMES[game.name](game.players, seed=game.seed, options=game.options,
                                  deck=game._deck)
    for action in game.actions:
        old.apply(action)
    return old


CLOCK = "cpu"  # what the figures count: "cpu" (this process, steady on a busy machine) or "wall"
CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}


def search(module, game: pc.Game, seed: int, iterations: int | None, cap: float | None) -> tuple:
    """``(iterations done, seconds)`` of one search of ``module``'s hard bot, timed by
    :data:`CLOCK` (the current bot's cap counts that clock too)."""
    settings = {"time_ms": cap}
    if module is ismcts:
        settings["clock"] = CLOCK
    if iterations:
        settings["iterations"] = iterations
    bot = module.HardBot(seed=seed, **settings)
    clock = CLOCKS[CLOCK]
    began = clock()
    thinker = bot.start(game, game.current_player)
    thinker.choose()
    return getattr(thinker, "done", 0), clock() - began


def measure(name: str, players: int, count: int, iterations: int) -> dict:
    """Landed and current iterations per second on ``count`` positions (``iterations`` each), and
    the iterations the anytime search runs under the page's cap and under the cap scaled to the
    page's speed, as multiples of the game's fixed budget (medians over the positions)."""
    old_done = old_time = new_done = new_time = 0.0
    reached, reached_browser = [], []
    browser_cap = ismcts.TIME_CAP_MS * ismcts.BROWSER_SPEED
    for i, game in enumerate(positions(name, players, count)):
        done, spent = search(landed, as_landed(game), i, iterations, None)
        old_done, old_time = old_done + done, old_time + spent
        done, spent = search(ismcts, game, i, iterations, None)
        new_done, new_time = new_done + done, new_time + spent
        budget = ismcts.HOOKS[name].ITERATIONS[players]
        reached.append(search(ismcts, game, i, None, ismcts.TIME_CAP_MS)[0] / budget)
        reached_browser.append(search(ismcts, game, i, None, browser_cap)[0] / budget)
    return {"landed": old_done / old_time, "now": new_done / new_time,
            "budget": ismcts.HOOKS[name].ITERATIONS[players],
            "reached": statistics.median(reached),
            "reached_browser": statistics.median(reached_browser)}


def header(where: str, count: int, iterations: int) -> str:
    browser_cap = ismcts.TIME_CAP_MS * ismcts.BROWSER_SPEED
    return (f"\n== hard bot search speed ({where}): iterations per {CLOCK} second, {count} "
            f"positions x {iterations} iterations, now vs landed (ee57367)\n"
            f"  {'game':<16}{'players':>8}{'landed it/s':>13}{'now it/s':>10}{'ratio':>8}"
            f"{'budget':>8}{'x budget in 250 ms':>20}{f'at {browser_cap:.0f} ms':>11}")


def row(name: str, players: int, m: dict) -> str:
    return (f"  {name:<16}{players:>8}{m['landed']:>13.0f}{m['now']:>10.0f}"
            f"{m['now'] / m['landed']:>7.2f}x{m['budget']:>8}{m['reached']:>19.1f}x"
            f"{m['reached_browser']:>10.1f}x")


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 120
    counts = [int(n) for n in sys.argv[3].split(",")] if len(sys.argv) > 3 else PLAYER_COUNTS
    games = sys.argv[4].split(",") if len(sys.argv) > 4 else pc.GAMES
    print(header(f"CPython {sys.version.split()[0]}", count, iterations))
    for name in games:
        for players in counts:
            print(row(name, players, measure(name, players, count, iterations)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
