"""Bot latency benchmark (prints figures, asserts nothing): the hard bot's time per move in CPython
for every game at 2 and 4 players, playing one seat against medium bots.

Only decisions with a choice count (a single legal action is answered at once). Wall-clock time
is what a player waits; CPU time is shown too because it is steadier on a busy machine. The slice
figure is the longest single ``thinker.step(SLICE_MS)`` call (the first one counted together with
``bot.start``): what the browser page would block for between two frames. DESIGN.md's browser budget: median < 300 ms, never > 1 s, no frame
blocked > 100 ms (Pyodide runs roughly 1.5-3x slower than CPython).

Run directly: python3 tests/bench/bots.py [MOVES_PER_CASE [PLAYER_COUNTS]]   (default 60 "2,4")
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame_core as pc  # noqa: E402
from pygame_core.bots import make_bot  # noqa: E402

SLICE_MS = 40.0
PLAYER_COUNTS = (2, 4)


def measure(name: str, players: int, moves: int) -> dict:
    """Play seeded games (hard at seat 0, medium elsewhere) until ``moves`` hard decisions."""
    walls, cpus, slices = [], [], []
    seed = 0
    while len(walls) < moves:
        game = pc.new_game(name, players=players, seed=seed)
        bots = [make_bot("hard" if s == 0 else "medium", seed=seed * 10 + s) for s in range(players)]
        while not game.is_over and len(walls) < moves:
            seat = game.current_player
            if seat != 0 or len(game.legal_actions()) == 1:
                game.apply(bots[seat].choose(game, seat))
                continue
            wall, cpu = time.perf_counter(), time.process_time()
            thinker = bots[0].start(game, 0)
            began = wall  # the first slice includes start()
            while True:
                action = thinker.step(SLICE_MS)
                slices.append(time.perf_counter() - began)
                if action is not None:
                    break
                began = time.perf_counter()
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            game.apply(action)
        seed += 1
    return {"walls": walls, "cpus": cpus, "slices": slices}


def main() -> int:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    counts = [int(n) for n in sys.argv[2].split(",")] if len(sys.argv) > 2 else PLAYER_COUNTS
    print(f"\n== bots: hard-bot time per move vs medium bots (CPython {sys.version.split()[0]}, "
          f"{moves} decisions each; slice = longest step({SLICE_MS:g} ms))")
    print(f"  {'game':<16}{'players':>8}{'median ms':>11}{'max ms':>9}{'cpu median':>12}"
          f"{'cpu max':>9}{'slice max':>11}")
    for name in pc.GAMES:
        for players in counts:
            m = measure(name, players, moves)
            ms = [1000 * t for t in m["walls"]]
            cpu = [1000 * t for t in m["cpus"]]
            print(f"  {name:<16}{players:>8}{statistics.median(ms):>11.1f}{max(ms):>9.1f}"
                  f"{statistics.median(cpu):>12.1f}{max(cpu):>9.1f}"
                  f"{1000 * max(m['slices']):>11.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
