"""Soak test: long random and bot play over every game, player count and option combination.

    python3 tests/soak.py [--minutes N | --games N] [--seed S]      (or: python3 build.py soak)

Games are played round-robin over every game and player count, each taking its combinations of
the bool and choice options in turn; numeric options (Snorkeling's caps) and ``first_player`` are
drawn at random per game, their bounds included. Each seat is a random bot most of the time, else an easy, medium or (with
few iterations) hard bot. After every action it checks (raising ``AssertionError`` on a breach):

- the per-state contract of ``helpers.check_invariants`` (legal actions sorted, unique, non-empty
  while the game runs; turn, winners, JSON-safe views and history) and card conservation;
- every legal action is applicable: applied to a fork, it raises nothing (GEN-5);
- turn order: the action is logged for the seat whose turn it was, and the next seat follows the
  game's rules (:func:`check_turn`);
- the save round trip: a replica loaded from the game's first save and given the same actions
  keeps the same views, legal actions and new history entries (what ``load_game(g.to_json())``
  at every step would replay, without replaying from the start each time), and a real
  ``load_game(g.to_json())`` matches in full at one random step and at the end;
- no leak (GEN-7): one random seat's view equals that seat's view of ``determinize(seat)``, a
  copy whose hidden cards are dealt again at random;
- GEN-6: the game ends within ``max_actions()``.

After each game a few mutated saves go to ``load_game``: each must raise ``InvalidSave`` or load
a game that passes the checks above, never raise anything else. Prints games, actions, saves and
failures per game and player count; exits 1 on any failure. Standard library only.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import random
import signal
import sys
import time
import traceback
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent), str(Path(__file__).resolve().parent)]

import pygame_core as pc  # noqa: E402
from pygame_core.bots import make_bot  # noqa: E402
from pygame_core.games import REGISTRY  # noqa: E402
from helpers import all_views, check_card_count, check_invariants, snapshot  # noqa: E402

MUTATIONS = 4  # mutated saves per game
HUGE = [-1, 2**53, 10**30, 1.5, "7", None, True, [], {}]


def configs() -> list[tuple[str, int, dict]]:
    """Every (game, players, combination of the bool and choice options) that ``new_game`` takes,
    ordered so that each stretch of (games x player counts) configurations has every game and
    player count once (equal shares), taking the option combinations of each in turn."""
    groups = []
    for name, cls in REGISTRY.items():
        spec = {n: o for n, o in cls.all_options().items()
                if not o.seat and (o.kind is bool or o.choices is not None)}
        values = [(False, True) if o.kind is bool else o.choices for o in spec.values()]
        for players in range(cls.min_players, cls.max_players + 1):
            group = []
            for combo in itertools.product(*values):
                options = dict(zip(spec, combo))
                try:
                    pc.new_game(name, players, seed=0, options=options)
                except pc.InvalidOption:
                    continue  # e.g. Go Fish's ask_own_card without ask_card
                group.append((name, players, options))
            groups.append(group)
    rounds = math.lcm(*(len(group) for group in groups))
    return [group[i % len(group)] for i in range(rounds) for group in groups]


def random_options(name: str, players: int, options: dict, rng: random.Random) -> dict:
    """``options`` plus random ``first_player`` and numeric options (often at their bounds)."""
    options = dict(options, first_player=rng.choice([None, rng.randrange(players)]))
    for option_name, opt in REGISTRY[name].all_options().items():
        if opt.kind is int and opt.choices is None and not opt.seat:
            low, high = opt.bounds(players)
            options[option_name] = rng.choice([low, low + 1, rng.randint(low, 40), opt.default, high])
    return options


def make_bots(players: int, rng: random.Random) -> list:
    """One bot per seat: mostly random, else easy, medium or a quick hard bot."""
    bots = []
    for _ in range(players):
        roll = rng.random()
        if roll < 0.6:
            bots.append(make_bot("random", seed=rng.getrandbits(32)))
        elif roll < 0.99:
            bots.append(make_bot(rng.choice(["easy", "medium"]), seed=rng.getrandbits(32)))
        else:
            bots.append(make_bot("hard", seed=rng.getrandbits(32), iterations=8, time_ms=None))
    return bots


def check_turn(game: pc.Game, actor: int, action: str, logged: list[dict]) -> None:
    """The action was logged for ``actor`` and the next seat follows the rules of the game."""
    assert logged and logged[0].get("seat") == actor, f"{action} by seat {actor} logged as {logged[:1]}"
    after = game.current_player
    if after is None or after == actor:
        return
    n = game.players
    kinds = {entry["type"] for entry in logged}
    if game.name == "snorkeling":
        expected = logged[-1]["start_player"] if "round_start" in kinds else (actor + 1) % n
    elif game.name == "go_fish":
        if "skip" in kinds or "draw" in kinds:  # GF-9 rulings: skipped or empty-handed seats
            return
        asked = int(action.split()[1])
        expected = asked if game.options["next_after_fish"] == "asked" else (actor + 1) % n
    else:
        ends = [e for e in logged if e["type"] in ("trick_end", "hand_start")]
        expected = (ends[-1].get("winner", ends[-1].get("leader")) if ends else (actor + 1) % n)
    assert after == expected, f"after {action} by seat {actor}: seat {after} moves, expected {expected}"


def check_state(game: pc.Game, rng: random.Random, history_from: int = 0) -> list[dict]:
    """Per-state checks: the contract, card conservation, applicable actions, no leak. Returns
    every seat's view, then the spectator's (as ``helpers.all_views``)."""
    views = check_invariants(game.name, game, history_from)
    check_card_count(game.name, game, views[-1])
    saved = game.rng.getstate()
    for action in game.legal_actions():  # each on a copy (a fork whose RNG is put back after)
        game._copy(game.history[:], game.actions[:]).apply(action)
        game.rng.setstate(saved)
    seat = rng.randrange(game.players)
    if not game.is_over:
        world = game.determinize(seat, random.Random(rng.getrandbits(32)))
        mine, theirs = views[seat], world.view(seat)
        assert mine == theirs, f"seat {seat}'s view differs in a re-dealt world (GEN-7): " + str(
            {k: (mine[k], theirs.get(k)) for k in mine if mine[k] != theirs.get(k)})
    return views


def play_game(name: str, players: int, options: dict, seed: int, rng: random.Random) -> pc.Game:
    """Play one game with every check; returns it. Raises ``AssertionError`` on a breach."""
    game = pc.new_game(name, players, seed=seed, options=options)
    replica = pc.load_game(game.to_json())
    bots = make_bots(players, rng)
    probe = rng.randrange(200)
    limit = game.max_actions()
    check_state(game, rng)
    while not game.is_over:
        assert len(game.actions) < limit, f"not over after max_actions() = {limit} actions (GEN-6)"
        actor = game.current_player
        action = bots[actor].choose(game, actor)
        before = len(game.history)
        game.apply(action)
        replica.apply(action)
        check_turn(game, actor, action, game.history[before:])
        views = check_state(game, rng, before)
        assert same_state(replica, game, before, views), f"the replayed save differs after {action}"
        if len(game.actions) == probe:
            assert snapshot(pc.load_game(game.to_json())) == snapshot(game), "load_game round trip"
    assert snapshot(pc.load_game(game.to_json())) == snapshot(game), "load_game round trip at the end"
    return game


def same_state(a: pc.Game, b: pc.Game, history_from: int, views: list[dict]) -> bool:
    """Whether ``a`` and ``b`` look the same through the public API (``helpers.snapshot`` without
    the parts that grow with the game: history entries before ``history_from`` and the save);
    ``views`` are ``b``'s, as ``helpers.all_views`` gives them."""
    return (len(a.history) == len(b.history) and a.history[history_from:] == b.history[history_from:]
            and all_views(a) == views
            and a.legal_actions() == b.legal_actions() and a.winners == b.winners)


def mutate(text: str, rng: random.Random) -> str:
    """A damaged copy of the save ``text``: a field retyped, actions edited, or bytes changed."""
    data = json.loads(text)
    kind = rng.randrange(7)
    actions = data["actions"]
    if kind == 0:
        key = rng.choice(sorted(data))
        data[key] = rng.choice(HUGE + [data[key], "", [data[key]]])
    elif kind == 1 and actions:
        i = rng.randrange(len(actions))
        actions[i] = rng.choice([actions[rng.randrange(len(actions))], actions[i] + " ", "pass",
                                 actions[i].replace("1", "2"), actions[i].upper()])
    elif kind == 2 and actions:
        i, j = sorted(rng.sample(range(len(actions) + 1), 2))
        rng.choice([lambda: actions.__delitem__(slice(i, j)),
                    lambda: actions.insert(i, actions[min(j, len(actions) - 1)])])()
    elif kind == 3:
        option = rng.choice(sorted(data["options"]) or ["first_player"])
        data["options"][option] = rng.choice(HUGE + [0, 1, 500, 501, "asked"])
    elif kind == 4 and data["deck"] is None:
        data["deck"] = pc.new_game(data["game"], data["players"], seed=0).full_deck()
        data["deck"][0] = rng.choice(data["deck"])
    out = json.dumps(data)
    if kind >= 5:  # raw damage: flip, drop or insert a character
        chars = list(out)
        i = rng.randrange(len(chars))
        chars[i:i + rng.randrange(2)] = rng.choice(['"', "]", "{", "9", ",", "", "\\", "\u00e9"])
        out = "".join(chars)
    return out


def check_mutated(game: pc.Game, rng: random.Random) -> int:
    """Load ``MUTATIONS`` damaged saves of ``game``; each raises InvalidSave or loads a sound game."""
    for _ in range(MUTATIONS):
        text = mutate(game.to_json(), rng)
        try:
            loaded = pc.load_game(text)
        except pc.InvalidSave:
            continue
        check_state(loaded, rng)
        assert snapshot(pc.load_game(loaded.to_json())) == snapshot(loaded), "mutated save round trip"
    return MUTATIONS


def soak(seconds: float, games: int | None, seed: int, out=sys.stdout) -> dict:
    """Soak for ``seconds`` (or ``games`` games); returns ``{"games", "actions", "saves",
    "failures", "per"}`` where ``per`` maps ``"game/players"`` to ``[games, actions, failures]``."""
    rng = random.Random(seed)
    cases = configs()
    stats = {"games": 0, "actions": 0, "saves": 0, "failures": 0, "per": {}}
    start = time.monotonic()
    end, report = start + seconds, start + 300
    for index in itertools.count():
        now = time.monotonic()
        if (games is not None and index >= games) or (games is None and now >= end):
            break
        if now >= report:  # a progress line every 5 minutes
            report += 300
            print(f"  ... {stats['games']} games, {stats['actions']} actions, {stats['failures']} "
                  f"failures in {now - start:.0f} s", file=out, flush=True)
        name, players, combo = cases[index % len(cases)]
        options = random_options(name, players, combo, rng)
        game_seed = rng.randrange(pc.engine.MAX_SEED + 1)
        per = stats["per"].setdefault(f"{name}/{players}", [0, 0, 0])
        try:
            game = play_game(name, players, options, game_seed, rng)
            stats["saves"] += check_mutated(game, rng)
            stats["actions"] += len(game.actions)
            per[1] += len(game.actions)
        except KeyboardInterrupt:  # Ctrl+C: stop and report what was played
            break
        except Exception:  # every breach or crash is a failure to report, then play on
            stats["failures"] += 1
            per[2] += 1
            if stats["failures"] <= 20:
                print(f"FAILURE: {name}, {players} players, seed {game_seed}, options {options}\n"
                      + traceback.format_exc(limit=4), file=out, flush=True)
        stats["games"] += 1
        per[0] += 1
    return stats


def stop(signum: int, frame) -> None:
    """Signal handler: stop the soak as Ctrl+C does (the report is still printed)."""
    raise KeyboardInterrupt


def merge(results: list[dict]) -> dict:
    """One stats dict (as :func:`soak` returns) summing ``results``."""
    total = {"games": 0, "actions": 0, "saves": 0, "failures": 0, "per": {}}
    for stats in results:
        for key in ("games", "actions", "saves", "failures"):
            total[key] += stats[key]
        for key, counts in stats["per"].items():
            total["per"][key] = [a + b for a, b in zip(total["per"].get(key, [0, 0, 0]), counts)]
    return total


def job(task: tuple[float, int | None, int]) -> dict:
    """One process of a ``--jobs`` soak: :func:`soak` with its own seed; SIGTERM and Ctrl+C
    end it with its stats, as they end a single soak."""
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        return soak(*task)
    finally:  # stopped or done: a later signal must not interrupt handing the stats back
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def main(argv: list[str] | None = None) -> int:
    """Run the soak from the command line; exit status 1 on any failure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=1.0, help="how long to play (default 1)")
    parser.add_argument("--games", type=int, default=None, help="play this many games instead")
    parser.add_argument("--seed", type=int, default=None, help="soak seed (default: random)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes playing at once, each with its own seed drawn from the "
                             "soak seed (default 1)")
    args = parser.parse_args(argv)
    if args.jobs < 1 or (args.games is not None and args.games < 0) or args.minutes <= 0:
        parser.error("--jobs must be at least 1, --games at least 0 and --minutes above 0")
    seed = random.SystemRandom().randrange(2**32) if args.seed is None else args.seed
    started = time.monotonic()
    handlers = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    try:
        if args.jobs == 1:
            signal.signal(signal.SIGTERM, stop)  # kill PID (or Ctrl+C) ends the soak with its report
            signal.signal(signal.SIGINT, stop)
            stats = soak(args.minutes * 60, args.games, seed)
        else:
            seeds = random.Random(seed).sample(range(2**32), args.jobs)
            shares = [None if args.games is None else args.games // args.jobs + (i < args.games % args.jobs)
                      for i in range(args.jobs)]
            signal.signal(signal.SIGTERM, signal.SIG_IGN)  # the jobs stop themselves and report
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            # spawn, not fork: a fork copies locks held by the caller's other threads (a test run
            # drives Chromium from threads) and the jobs can wait on them for ever
            pool = multiprocessing.get_context("spawn").Pool(args.jobs)
            try:
                stats = merge(pool.map(job, [(args.minutes * 60, share, s) for share, s in zip(shares, seeds)]))
            finally:  # close, not terminate: a job ignores SIGTERM once done and ends on its own
                pool.close()
                pool.join()
    finally:  # a caller (the test suite) gets its own signal handlers back
        signal.signal(signal.SIGTERM, handlers[0])
        signal.signal(signal.SIGINT, handlers[1])
    elapsed = time.monotonic() - started
    for key, (count, actions, failures) in sorted(stats["per"].items()):
        print(f"  {key:<16}{count:>9} games{actions:>12} actions{failures:>6} failures")
    print(f"soak (seed {seed}, {args.jobs} job{'s' * (args.jobs > 1)}): {stats['games']} games, "
          f"{stats['actions']} actions, {stats['saves']} mutated saves, {stats['failures']} failures "
          f"in {elapsed:.0f} s ({stats['games'] / max(elapsed, 1e-9):.1f} games/s)")
    return 1 if stats["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
