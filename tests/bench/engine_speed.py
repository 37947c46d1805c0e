"""Engine speed benchmark (prints figures, asserts nothing): random four-player playouts per second
through the public API, for every game in pygame_core.GAMES (Go Fish also with keep_playing), and
how long ``load_game`` takes for the longest saves we can build within the limits (GEN-6).

Run through `python3 build.py bench`, or directly: python3 tests/bench/engine_speed.py [SECONDS]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame_core as pc  # noqa: E402

PLAYERS = 4
SECONDS_PER_CASE = 2.0
MAX_ACTIONS = 100_000  # a playout longer than this is reported, not looped forever
BUDGET = "budget ~2,000 four-player games/s (Go Fish to all 13 books)"


def cases() -> list[tuple[str, dict]]:
    """(game name, options) pairs to measure."""
    found = [(name, {}) for name in pc.GAMES]
    if "go_fish" in pc.GAMES:
        found.append(("go_fish", {"keep_playing": True}))
    return found


def playout(name: str, options: dict, seed: int) -> int:
    """Play one random game to the end; return the number of actions applied."""
    game = pc.new_game(name, players=PLAYERS, seed=seed, options=options)
    rng = random.Random(seed)
    actions = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        actions += 1
        if actions > MAX_ACTIONS:
            raise RuntimeError(f"{name} seed {seed}: not over after {MAX_ACTIONS} actions")
    return actions


def measure(name: str, options: dict, seconds: float) -> tuple[int, int, float]:
    """Play seeded games for about `seconds`; return (games, actions, elapsed seconds)."""
    games = actions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        actions += playout(name, options, seed=games)
        games += 1
    return games, actions, elapsed


def long_game(players: int, style: str, expert: bool) -> pc.Game:
    """A long legal Snorkeling game at the default (and largest) caps: every round runs to its turn
    cap and the tie for the lead goes on to the round cap. ``"play"``: play a centre card whenever
    possible, never place; ``"pass"``: pass unless that ends the round by SN-13 (hands grow large)."""
    game = pc.new_game("snorkeling", players, seed=1, options={"expert": expert})
    while not game.is_over:
        legal = game.legal_actions()
        plays = [a for a in legal if a.startswith("center")]
        view = game.view(None)
        stalling = view["draw_pile_size"] == 0 and view["center_size"] <= 1
        if plays and (style == "play" or stalling or "pass" not in legal):
            game.apply(plays[0])
        else:
            game.apply("pass" if "pass" in legal else "keep" if "keep" in legal else "end")
    return game


def long_saves() -> None:
    """Print ``load_game`` times of long legal saves (the limit is ``max_actions()``: 203,000)."""
    print("\n== load_game of long legal Snorkeling saves (caps at their maxima, 500 turns x 100 rounds)")
    for style, players, expert in (("play", 2, True), ("play", 6, True), ("pass", 2, False),
                                   ("pass", 6, True)):
        game = long_game(players, style, expert)
        text = game.to_json()
        cpu = time.process_time()
        pc.load_game(text)
        cpu = time.process_time() - cpu
        print(f"  {style:<5} {players} players expert={expert!s:<5} {len(game.actions):>7} actions "
              f"{len(text) / 1e6:5.2f} MB  load_game {cpu:5.2f} s CPU")


def main() -> int:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else SECONDS_PER_CASE
    print(f"\n== engine speed: random {PLAYERS}-player playouts through the public API "
          f"(CPython {sys.version.split()[0]}, ~{seconds:g} s each; {BUDGET})")
    status = 0
    for name, options in cases():
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        try:
            games, actions, elapsed = measure(name, options, seconds)
        except Exception as error:  # report and go on: a benchmark prints, it does not stop
            print(f"  {label:<28} failed: {type(error).__name__}: {error}")
            status = 1
            continue
        print(f"  {label:<28} {games / elapsed:8.0f} games/s  {actions / elapsed:10.0f} actions/s"
              f"  ({actions / games:.0f} actions/game, {games} games)")
    long_saves()
    return status


if __name__ == "__main__":
    sys.exit(main())
