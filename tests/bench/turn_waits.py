"""Go Fish turn waits (prints figures, asserts nothing): how long seat 0 waits between two of its
turns, in asks by the others, at a table of medium bots, now and as landed in ee57367
(``landed_source.py``) on the same deals. Under GF-5's default the asked player moves next, so
whom the bots ask decides who gets to play; seat 0 plays the easy strategy, a stand-in for a new
player with a short hand.

Run directly: python3 tests/bench/turn_waits.py [GAMES [SEED]]   (default 300 1)
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import landed_source  # noqa: E402

landed_source.install()
import landed.bots as landed_bots  # noqa: E402
from landed.games import REGISTRY as LANDED_GAMES  # noqa: E402

import pygame_core as pc  # noqa: E402
from pygame_core.bots import make_bot  # noqa: E402


def waits(players: int, games: int, seed: int, old: bool) -> tuple[list[int], list[int]]:
    """``(turns of seat 0 per game, asks by the others before each of its turns)``."""
    turns, gaps = [], []
    for g in range(games):
        deal = seed * 10_000 + g
        game = (LANDED_GAMES["go_fish"](players, seed=deal) if old
                else pc.new_game("go_fish", players=players, seed=deal))
        maker = landed_bots.make_bot if old else make_bot
        bots = [maker("easy" if s == 0 else "medium", seed=deal * 8 + s) for s in range(players)]
        count = wait = 0
        while not game.is_over:
            seat = game.current_player
            if seat == 0:
                gaps.append(wait)
                count, wait = count + 1, 0
            else:
                wait += 1
            game.apply(bots[seat].choose(game, seat))
        turns.append(count)
    return turns, gaps


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    print(f"\n== Go Fish turn waits: seat 0 (easy) among medium bots, {games} games, seed {seed}")
    print(f"  {'players':<8}{'':8}{'turns/game':>11}{'median wait':>13}{'p90':>6}{'p99':>6}{'max':>6}")
    for players in (3, 4):
        for old in (True, False):
            turns, gaps = waits(players, games, seed, old)
            gaps.sort()
            pick = lambda q: gaps[min(len(gaps) - 1, int(len(gaps) * q))]  # noqa: E731
            print(f"  {players:<8}{'landed' if old else 'now':<8}{statistics.mean(turns):>11.1f}"
                  f"{statistics.median(gaps):>13g}{pick(0.9):>6}{pick(0.99):>6}{gaps[-1]:>6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
