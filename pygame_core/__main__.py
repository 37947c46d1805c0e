"""Command line: ``python -m pygame_core tournament GAME --players N --seats hard,medium ...`` and
``python -m pygame_core advise SAVE`` and ``python -m pygame_core review SAVE --seat N``.

``tournament`` runs bot tournaments and prints each level's win rate with a 95% Wilson interval
and its time per move. Games are played in rotations: every deal (game seed) is played once per rotation of the
seat list, so each entry sits in every position on the same cards and position and deal luck
cancel out. ``advise`` reads a saved game (the page's *Save file*, or ``Game.to_json()``) and
prints the coach's rating of each legal move of the seat to move (:func:`pygame_core.advise`);
``review`` rates every decision one seat made in a saved game and marks the mistakes
(:func:`pygame_core.review`). Standard library only.

Every bad argument ends the program with argparse's usage line, a one-line message and exit
status 2; numbers follow the engine's whole-number rule (:func:`~pygame_core.engine.whole_number`).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections import defaultdict

from . import GAMES, InvalidSave, new_game
from .bots import LEVELS, advise, make_bot, review
from .describe import describe_action
from .engine import MAX_SEED, whole_number
from .bots.ismcts import (BROWSER_SPEED, MISTAKE_GAP, MISTAKE_Z, RECONSIDER_GAP, RECONSIDER_Z, REVIEW_SAMPLES,
                          TIME_CAP_MS)
from .games import REGISTRY

MAX_GAMES = 1_000_000
MAX_JOBS = 64
MAX_ITERATIONS = 1_000_000


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``n`` (fractional successes allowed)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def parse_options(game: str, text: str, players: int) -> dict:
    """``name=value,...`` into typed options of ``game`` (as the page's URL parameter). Raises
    ``ValueError`` naming the bad item."""
    from .facade import parse_options as parse
    if not text:
        return {}
    pairs = {}
    for item in text.split(","):
        name, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"expected name=value, got {item!r}")
        pairs[name.strip()] = value.strip()
    return parse(game, pairs, players)


def whole(low: int, high: int):
    """An argparse ``type``: ASCII digits naming a whole number from ``low`` to ``high``."""
    def convert(text: str) -> int:
        try:
            return whole_number("value", text, low, high, text=True)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc).removeprefix("value: ")) from None
    return convert


def milliseconds(text: str) -> float:
    """An argparse ``type``: a finite number of milliseconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not (text.isascii() and math.isfinite(value) and value >= 0):
        raise argparse.ArgumentTypeError(f"expected a number of milliseconds, 0 or more, got {text!r}")
    return value


def check(args: argparse.Namespace) -> tuple[list[str], int, dict]:
    """The seats, player count and options of a tournament; raises ``ValueError`` with a message
    for the usage error."""
    seats = [s.strip() for s in args.seats.split(",")]
    cls = REGISTRY[args.game]
    players = args.players or len(seats)
    if not cls.min_players <= players <= cls.max_players:
        raise ValueError(f"{args.game} takes {cls.min_players} to {cls.max_players} players, "
                         f"got {players}" + ("" if args.players else " (one per --seats level)"))
    if len(seats) != players:
        raise ValueError(f"--seats names {len(seats)} levels for {players} players")
    unknown = [s for s in seats if s not in LEVELS]
    if unknown:
        raise ValueError(f"--seats: unknown level {unknown[0]!r}; levels: {', '.join(LEVELS)}")
    try:
        options = parse_options(args.game, args.options, players)
    except ValueError as exc:
        raise ValueError(f"--options: {exc}") from None
    return seats, players, options


def play_one(task: tuple) -> dict:
    """Play game ``index`` of a tournament; returns per entry the win share and decision times."""
    game_name, players, seats, options, seed, index, settings = task
    deal, rotation = divmod(index, players)
    game = new_game(game_name, players=players, seed=(seed * 1_000_003 + deal) % (MAX_SEED + 1),
                    options=options)
    entry_at = [(s - rotation) % players for s in range(players)]  # seat -> index in seats
    bots = []
    for seat in range(players):
        entry = entry_at[seat]
        level = seats[entry]
        extra = settings if level == "hard" else {}
        bots.append(make_bot(level, seed=(seed * 7919 + index) * 16 + entry, **extra))
    times: dict[int, list] = defaultdict(list)
    while not game.is_over:
        seat = game.current_player
        forced = len(game.legal_actions()) == 1
        wall, cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(game, seat)
        if not forced:
            times[entry_at[seat]].append((time.perf_counter() - wall, time.process_time() - cpu))
        game.apply(action)
    share = [0.0] * players
    for seat in game.winners:
        share[entry_at[seat]] += 1.0 / len(game.winners)
    return {"share": share, "times": dict(times), "actions": len(game.actions)}


def tournament(args: argparse.Namespace) -> int:
    """Play the tournament ``args`` describes (checked by :func:`check`) and print the report."""
    seats, players, options = check(args)
    settings: dict = {}
    if args.time_cap is not None:
        settings["time_ms"] = args.time_cap or None
    if args.browser_speed is not None:  # the page's cap, in CPython time at the page's speed
        if not 0 < args.browser_speed <= 10:
            raise SystemExit(
                f"--browser-speed: expected a ratio in (0, 10], got {args.browser_speed:g}")
        cap = settings.get("time_ms", TIME_CAP_MS)
        settings["time_ms"] = None if cap is None else cap * args.browser_speed
        settings["clock"] = "cpu"
    if args.iterations:
        settings["iterations"] = args.iterations
    tasks = [(args.game, players, seats, options, args.seed, i, settings) for i in range(args.games)]
    started = time.perf_counter()
    if args.jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(args.jobs) as pool:
            results = list(pool.imap(play_one, tasks, chunksize=1))
    else:
        results = []
        for i, task in enumerate(tasks):
            results.append(play_one(task))
            if args.progress and (i + 1) % args.progress == 0:
                print(f"  ... {i + 1} games", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - started
    report(args, seats, players, options, results, elapsed)
    return 0


def report(args, seats: list[str], players: int, options: dict, results: list[dict],
           elapsed: float) -> None:
    games = len(results)
    deals = math.ceil(games / players)
    cap = ("default" if args.time_cap is None else
           "none" if args.time_cap == 0 else f"{args.time_cap:g} ms")
    if args.browser_speed is not None:
        cap += f" x browser speed {args.browser_speed:g} (CPU time)"
    print(f"tournament: {args.game}, {players} players, seats {','.join(seats)}, {games} games "
          f"({deals} deals x {players} rotations), seed {args.seed}"
          + (f", options {options}" if options else "")
          + f"; hard time cap {cap}" + (f", iterations {args.iterations}" if args.iterations else "")
          + f"; {elapsed:.0f} s")
    if games % players:
        print(f"  note: {games} is not a multiple of {players}: the last deal is not fully rotated")
    levels = []
    for level in seats:
        if level not in levels:
            levels.append(level)
    print(f"{'level':<8}{'seats':>6}{'wins':>9}{'win rate':>10}  {'95% interval':<17}"
          f"{'even':>7}  {'verdict':<8}{'moves':>8}{'mean ms':>9}{'median':>8}{'max':>8}"
          f"{'cpu med':>9}")
    for level in levels:
        entries = [i for i, s in enumerate(seats) if s == level]
        wins = sum(r["share"][i] for r in results for i in entries)
        low, high = wilson(wins, games)
        even = len(entries) / players
        verdict = "above" if low > even else "below" if high < even else "even?"
        walls = [w for r in results for i in entries for w, _ in r["times"].get(i, ())]
        cpus = [c for r in results for i in entries for _, c in r["times"].get(i, ())]
        if walls:
            timing = (f"{len(walls):>8}{1000 * statistics.fmean(walls):>9.2f}"
                      f"{1000 * statistics.median(walls):>8.2f}{1000 * max(walls):>8.1f}"
                      f"{1000 * statistics.median(cpus):>9.2f}")
        else:
            timing = f"{0:>8}"
        print(f"{level:<8}{len(entries):>6}{wins:>9.1f}{wins / games:>9.1%}  "
              f"[{low:6.1%}, {high:6.1%}] {even:>7.1%}  {verdict:<8}{timing}")
    print("win rate: share of games won (a shared win counts 1/k to each of k winners); even: the "
          "share a level would get if all seats were equally strong (its seats / players); "
          "times: decisions with a choice (more than one legal action), wall clock and CPU")


def read_save(path: str):
    """The game in the file at ``path``: the page's table save or ``Game.to_json()`` text. Raises
    ``ValueError`` (:class:`~pygame_core.InvalidSave`, ``OSError`` as one) naming the problem."""
    from .facade import _table_save
    from .saves import load_game
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        return _table_save(text)[0]
    except InvalidSave as exc:
        if exc.why != "not_save":
            raise ValueError(f"{path}: {exc}") from None
    try:
        return load_game(text)
    except InvalidSave as exc:
        raise ValueError(f"{path}: {exc}") from None


def coach(args: argparse.Namespace) -> int:
    """Print the coach's rating of every legal move of the seat to move in the saved game."""
    game = args.game
    advice = advise(game, None, args.iterations, args.time_ms, args.seed)
    names = [f"Player {seat + 1}" for seat in range(game.players)]
    print(f"{game.name}, {game.players} players, Player {advice.seat + 1} to move (seed {args.seed})")
    print(f"{'chance':>7}  {'worlds':>6}    move")
    for rating in advice.ratings:
        label = describe_action(game.name, rating.action, names)
        print(f"{rating.chance:>7.1%}  {rating.samples:>6} {'*' if rating.action == advice.best else ' '}  {label}  [{rating.action}]")
    print("chance: the mean result of the move over sampled worlds the seat cannot tell from this "
          "one (a win 1, a shared win 1/k), play going on with the hard bot's search")
    print("*: the move the coach names: the hard bot's own plan unless another did clearly better "
          "on the same worlds, or on a second look at fresh worlds (the two moves with more worlds)")
    return 0


def check_coach(args: argparse.Namespace) -> None:
    """Read the save (``ValueError`` naming the problem); ``--time-ms 0`` means no cap."""
    args.game = read_save(args.save)
    args.time_ms = args.time_ms or None
    if args.game.is_over:
        raise ValueError(f"{args.save}: the game is over: there is no move to rate")


def coach_review(args: argparse.Namespace) -> int:
    """Print the coach's review of one seat's decisions in the saved game."""
    game = args.game
    result = review(game, args.seat, args.samples, args.seed)
    names = [f"Player {seat + 1}" for seat in range(game.players)]
    print(f"{game.name}, {game.players} players: Player {args.seat + 1}'s {len(result.decisions)} "
          f"decision{'' if len(result.decisions) == 1 else 's'}, {len(result.mistakes)} "
          f"mistake{'' if len(result.mistakes) == 1 else 's'}, {len(result.to_reconsider)} "
          f"move{'' if len(result.to_reconsider) == 1 else 's'} to reconsider ({args.samples} sampled "
          f"worlds per move, seed {args.seed})")
    print(f"{'step':>5} {'played':>7} {'best':>7}  move")
    for d in result.decisions:
        played = describe_action(game.name, d.played, names)
        line = f"{d.step:>5} {d.chance:>7.1%} {d.best_chance:>7.1%}  {played} [{d.played}]"
        if d.best != d.played:
            line += f"; best: {describe_action(game.name, d.best, names)} [{d.best}]"
        print(line + ("  <- mistake" if d.mistake else "  <- reconsider" if d.reconsider else ""))
    print(f"a mistake: the best move's chance at least {MISTAKE_GAP:.0%} higher, and by at least "
          f"{MISTAKE_Z:g} standard errors over the same sampled worlds; a move to reconsider: at least "
          f"{RECONSIDER_GAP:.0%} higher, by at least {RECONSIDER_Z:g} standard errors")
    return 0


def check_review(args: argparse.Namespace) -> None:
    """Read the save (``ValueError`` naming the problem) and check the seat is one of its seats."""
    args.game = read_save(args.save)
    if args.seat >= args.game.players:
        raise ValueError(f"--seat must be 0..{args.game.players - 1} for this {args.game.players}-player game")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m pygame_core",
        description="Tidepool engine command line: bot tournaments for "
                    + ", ".join(GAMES) + ".")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    tour = sub.add_parser(
        "tournament", help="play bots against each other and print win rates and move times",
        usage="%(prog)s GAME --seats LEVEL,LEVEL,... [options]",
        description="Play GAMES games between bot levels. Seats are rotated so every level "
                    "plays every position on the same deals; prints each level's win rate with "
                    "a 95%% Wilson interval and its time per move (mean/median/max).")
    tour.add_argument("game", choices=GAMES, help="which game")
    tour.add_argument("--players", type=whole(1, 99), help="number of players (default: number of seats)")
    tour.add_argument("--seats", required=True,
                      help=f"comma list of one level per seat, levels: {', '.join(LEVELS)}")
    tour.add_argument("--games", type=whole(1, MAX_GAMES), default=100, help="games to play (default 100; "
                      "a multiple of the player count keeps rotations complete)")
    tour.add_argument("--seed", type=whole(0, MAX_SEED), default=0,
                      help=f"tournament seed, 0 to {MAX_SEED} (default 0)")
    tour.add_argument("--options", default="", help="game options, e.g. expert=1,target_score=6")
    tour.add_argument("--jobs", type=whole(1, MAX_JOBS), default=1, help="worker processes (default 1)")
    tour.add_argument("--time-cap", type=milliseconds, default=None, metavar="MS",
                      help="hard bots' thinking time per move in ms: they think that long "
                           "unless their choice is clear first (0 = no cap: the game's fixed "
                           "iteration budget; default: the bot's own, see "
                           "pygame_core.bots.ismcts.TIME_CAP_MS)")
    tour.add_argument("--browser-speed", type=float, nargs="?", const=BROWSER_SPEED, default=None,
                      metavar="RATIO",
                      help="measure hard as players meet it in the page: its time cap (default "
                           f"or --time-cap) times RATIO, Pyodide's speed as a share of CPython's "
                           f"(default {BROWSER_SPEED:g}, see pygame_core.bots.ismcts."
                           "BROWSER_SPEED), counted in CPU time so other load on the machine "
                           "does not shorten it")
    tour.add_argument("--iterations", type=whole(1, MAX_ITERATIONS), default=None,
                      help="hard bots' iterations per move (default: per game and player count)")
    tour.add_argument("--progress", type=whole(0, MAX_GAMES), default=0, metavar="N",
                      help="print a progress line to stderr every N games (with --jobs 1)")
    tour.set_defaults(run=tournament, check=check, parser=tour)
    coach_parser = sub.add_parser(
        "advise", help="rate every legal move of the seat to move in a saved game",
        usage="%(prog)s SAVE [--iterations N] [--time-ms MS] [--seed N]",
        description="Rate every legal move of the seat to move in SAVE (the page's Save file, or "
                    "Game.to_json() text) with its estimated chance to win, from that seat's view "
                    "only, best first.")
    coach_parser.add_argument("save", metavar="SAVE", help="the saved game's file")
    coach_parser.add_argument("--iterations", type=whole(1, MAX_ITERATIONS), default=None,
                              help="sampled worlds in all, rounded up to whole rounds of every move "
                                   "(default: the hard bot's budget, at least 96 per move)")
    coach_parser.add_argument("--time-ms", type=milliseconds, default=None, metavar="MS",
                              help="stop sampling after the round in which MS ms ran out "
                                   "(0 or default: none, the iterations alone: reproducible)")
    coach_parser.add_argument("--seed", type=whole(0, MAX_SEED), default=0,
                              help=f"the coach's seed, 0 to {MAX_SEED} (default 0)")
    coach_parser.set_defaults(run=coach, check=check_coach, parser=coach_parser)
    review_parser = sub.add_parser(
        "review", help="rate every decision one seat made in a saved game and mark its mistakes",
        usage="%(prog)s SAVE --seat N [--samples N] [--seed N]",
        description="Rate every decision seat N (from 0) made in SAVE (the page's Save file, or "
                    "Game.to_json() text) as the coach would have at that position, from that "
                    "seat's view only: the chance of the move played and of the best move, and "
                    f"the mistakes (the best move at least {MISTAKE_GAP:.0%} better, by "
                    f"{MISTAKE_Z:g} standard errors) and the moves to reconsider (at least "
                    f"{RECONSIDER_GAP:.0%}, by {RECONSIDER_Z:g}).")
    review_parser.add_argument("save", metavar="SAVE", help="the saved game's file")
    review_parser.add_argument("--seat", type=whole(0, 5), required=True, help="the seat to review, from 0")
    review_parser.add_argument("--samples", type=whole(1, MAX_ITERATIONS), default=REVIEW_SAMPLES,
                               help=f"sampled worlds per legal move at each decision (default {REVIEW_SAMPLES})")
    review_parser.add_argument("--seed", type=whole(0, MAX_SEED), default=0,
                               help=f"the coach's seed, 0 to {MAX_SEED} (default 0)")
    review_parser.set_defaults(run=coach_review, check=check_review, parser=review_parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; a bad argument exits with status 2 and a usage message."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        args.check(args)
    except ValueError as exc:
        args.parser.error(str(exc))
    try:
        return args.run(args)
    except BrokenPipeError:  # the reader stopped early (`| head`): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
