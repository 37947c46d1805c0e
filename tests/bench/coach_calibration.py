"""The coach's calibration (prints figures, asserts nothing): does "64% to win" win 64% of the time?

Positions are drawn from games of one ``hard`` bot against ``medium`` bots (the hard seat and the
player count, 2 to 6, vary with the seed): at each decision with a choice, with probability
SAMPLE_SHARE (per game), the coach rates the legal actions of the seat to move (``pc.advise`` with
its defaults, seeded by the seed and step), the seat's bot then plays its own choice and the game
goes on; the outcome of a position is that seat's win share at the end (ties shared). Per game this
prints the mean absolute calibration error over ten deciles of the chance of the action chosen
(equal counts; target <= 0.05), each decile's predicted and observed figures, and the error per
player count. Then, at --playouts positions where the move the coach names (``advice.best``) is
not the bot's own choice (positions are collected until there are that many), the game is played
on from there twice with the same bots and seeds, once after each action: the mean win share of
each and their paired difference with a 95% interval (target: the coach's move wins at least as
often; a difference of a few points needs 600 to 1,000 pairs to be told from none).

Not part of `python3 build.py bench` (about 45 minutes on one core at the defaults). A pair played
on with the hard bot at its time cap takes about 3.4 s of CPU in Go Fish; --fixed-play-on (the
hard bot at its game's fixed budget) about a third of that. Run it directly, with any Python 3.11+
(the engine alone, no packages):
python3 tests/bench/coach_calibration.py [--positions N] [--playouts N] [--games a,b] [--jobs N]
    [--fixed-play-on]
(defaults: 2000 positions and 200 playout pairs per game; all games; one job per core).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame_core as pc  # noqa: E402
from pygame_core.bots import make_bot  # noqa: E402

# The share of decisions with a choice that become positions, per game: a long game (Snorkeling
# plays rounds to a target score) gives fewer of each game, so positions come from more games.
SAMPLE_SHARE = {"snorkeling": 0.1, "go_fish": 0.5, "enemy_anemone": 0.1}
PLAYER_COUNTS = (2, 3, 4, 5, 6)
MEASURE_SEED = 0
GAMES_PER_TASK = 4


def bots_for(seed: int, players: int, bot_seed: int | None = None, fixed: bool = False) -> list:
    """The bots of the game of ``seed``: one hard bot (its seat varies with the seed) and medium
    bots, their own RNGs seeded from ``bot_seed`` (default: ``seed``). The hard bot thinks up to its
    time cap in CPU time (what else runs on the machine does not weaken it), or with ``fixed`` for
    its game's fixed budget of iterations."""
    hard = (seed // len(PLAYER_COUNTS)) % players
    base = seed if bot_seed is None else bot_seed
    return [make_bot("hard", seed=base * 10 + seat, **({"time_ms": None} if fixed else {"clock": "cpu"})) if seat == hard
            else make_bot("medium", seed=base * 10 + seat) for seat in range(players)]


def play_on(game: pc.Game, seed: int, bot_seed: int, fixed: bool = False) -> None:
    """Play ``game`` (of ``seed``) to its end with that game's bots, seeded from ``bot_seed``
    (``fixed``: see :func:`bots_for`)."""
    bots = bots_for(seed, game.players, bot_seed, fixed)
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))


def play(name: str, seed: int) -> list[dict]:
    """One game's positions: players, seat, seed, the actions before it, the coach's chance of the
    action chosen, the move the coach names and the chosen one, and the seat's outcome."""
    players = PLAYER_COUNTS[seed % len(PLAYER_COUNTS)]
    game = pc.new_game(name, players=players, seed=seed)
    bots = bots_for(seed, players)
    rng = random.Random(seed)
    found = []
    while not game.is_over:
        seat = game.current_player
        if len(game.legal_actions()) > 1 and rng.random() < SAMPLE_SHARE[name]:
            advice = pc.advise(game, seed=seed * 1000 + len(game.actions))
            action = bots[seat].choose(game, seat)
            found.append({"players": players, "seat": seat, "seed": seed, "actions": list(game.actions),
                          "chance": next(r.chance for r in advice.ratings if r.action == action),
                          "best": advice.best, "chosen": action})
        else:
            action = bots[seat].choose(game, seat)
        game.apply(action)
    for position in found:
        position["outcome"] = 1.0 / len(game.winners) if position["seat"] in game.winners else 0.0
    return found


def play_many(name: str, seeds: list[int]) -> list[dict]:
    return [position for seed in seeds for position in play(name, seed)]


def collect(name: str, first_seed: int, count: int, differing: int, jobs: int) -> list[dict]:
    """At least ``count`` positions of ``name`` from consecutive seeds from ``first_seed``, and at
    least ``differing`` of them where the move the coach names is not the bot's own choice."""
    found: list[dict] = []
    seed = first_seed
    with ProcessPoolExecutor(jobs) as pool:
        while len(found) < count or sum(p["best"] != p["chosen"] for p in found) < differing:
            batches = [list(range(seed + i * GAMES_PER_TASK, seed + (i + 1) * GAMES_PER_TASK)) for i in range(jobs * 2)]
            seed += GAMES_PER_TASK * jobs * 2
            for positions in pool.map(play_many, [name] * len(batches), batches):
                found.extend(positions)
    return found


def deciles(pairs: list[tuple[float, float]]) -> list[tuple[float, float, int]]:
    """Ten equal-count groups of (predicted, outcome) pairs by predicted: (mean predicted, mean outcome, n)."""
    pairs = sorted(pairs)
    n = len(pairs)
    groups = [pairs[n * i // 10: n * (i + 1) // 10] for i in range(10)]
    return [(statistics.fmean(p for p, _ in g), statistics.fmean(o for _, o in g), len(g)) for g in groups if g]


def calibration_error(pairs: list[tuple[float, float]]) -> float:
    """The mean absolute difference of predicted and observed over the deciles."""
    return statistics.fmean(abs(p - o) for p, o, _ in deciles(pairs))


def wilson(mean: float, n: int) -> str:
    half = 1.96 * math.sqrt(max(mean * (1 - mean), 1e-9) / n)
    return f"{mean:.3f} [{max(0.0, mean - half):.3f}, {min(1.0, mean + half):.3f}]"


def playout_pair(name: str, position: dict, fixed: bool = False) -> tuple[float, float]:
    """The seat's win share after the move the coach names and after the bot's own choice, each
    played on with the same bots and seeds (the real hidden cards: the game itself goes on)."""
    results = []
    for action in (position["best"], position["chosen"]):
        game = pc.new_game(name, players=position["players"], seed=position["seed"])
        for earlier in position["actions"]:
            game.apply(earlier)
        game.apply(action)
        play_on(game, position["seed"], position["seed"] + 7_777_777, fixed)  # the same seats, fresh dice
        results.append(1.0 / len(game.winners) if position["seat"] in game.winners else 0.0)
    return results[0], results[1]


def measure(name: str, count: int, playouts: int, jobs: int, fixed: bool = False) -> None:
    began = time.perf_counter()
    positions = collect(name, MEASURE_SEED, count, playouts, jobs)
    shown = [(p["chance"], p["outcome"]) for p in positions]
    games = len({p["seed"] for p in positions})
    print(f"\n{name}: {len(positions)} positions from {games} games "
          f"({time.perf_counter() - began:.0f} s)")
    print(f"  calibration error by decile: {calibration_error(shown):.3f} (target <= 0.05)")
    print("  decile  predicted  observed      n")
    for i, (p, o, n) in enumerate(deciles(shown)):
        print(f"  {i + 1:>6}  {p:9.3f}  {o:8.3f}  {n:5}")
    for players in PLAYER_COUNTS:
        some = [(p["chance"], p["outcome"]) for p in positions if p["players"] == players]
        if len(some) >= 50:
            print(f"  {players} players: {len(some)} positions, error {calibration_error(some):.3f}")
    differ = [p for p in positions if p["best"] != p["chosen"]][:playouts]
    print(f"  the coach's move is not the bot's own choice at {sum(p['best'] != p['chosen'] for p in positions)} "
          f"positions; playing on from {len(differ)} of them, after each:")
    with ProcessPoolExecutor(jobs) as pool:
        pairs = list(pool.map(playout_pair, [name] * len(differ), differ, [fixed] * len(differ), chunksize=4))
    if pairs:
        best = statistics.fmean(b for b, _ in pairs)
        chosen = statistics.fmean(c for _, c in pairs)
        diffs = [b - c for b, c in pairs]
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
        print(f"  the coach's move: {wilson(best, len(pairs))}; the bot's choice: {wilson(chosen, len(pairs))}; "
              f"difference {best - chosen:+.3f} +- {half:.3f} (target: >= 0)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--games", default=",".join(pc.GAMES))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--fixed-play-on", action="store_true",
                        help="play the pairs on with the hard bot at its game's fixed budget, not its time cap "
                             "(3-5x faster; the bot's own choice at each position is still the capped bot's)")
    args = parser.parse_args()
    print(f"== the coach's calibration: {args.positions} positions per game from hard-vs-medium games, "
          f"2-{PLAYER_COUNTS[-1]} players (CPython, {args.jobs} jobs); pairs played on with hard at its "
          + ("fixed budget" if args.fixed_play_on else "time cap"))
    for name in args.games.split(","):
        measure(name, args.positions, args.playouts, args.jobs, args.fixed_play_on)
    return 0


if __name__ == "__main__":
    sys.exit(main())
