"""The hard bot against OpenSpiel's ISMCTS at Go Fish (prints figures, asserts nothing).

OpenSpiel (``open_spiel`` on PyPI, a bench-only dependency that ``python3 build.py bench`` installs
into .venv/, never into the site) has a ``go_fish`` game and an information-set MCTS bot
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``, random roll-outs). Its Go Fish is ours with
``keep_playing`` (GF-9, GF-9a) and ``next_after_fish="left"`` (GF-5): 7 cards each at 2 players,
5 at more (GF-1), a miss passes the turn to the left, an empty hand draws one card at the start of
a turn, play goes on until all 13 books are down, the most books win and ties share (GF-7).
Ranks only matter there, so a card is its rank (``a`` .. ``m`` for ``A`` .. ``K``).

How a game is played: our engine is the table (seat 0 starts, ``first_player=0``). A copy of the
game in OpenSpiel replays every action, its chance nodes dealt and drawn with the ranks our deal
gives, and after every action both must agree on whose turn it is, every hand (as rank counts),
the books and the stock's size: a rules disagreement stops the bench. When the ISMCTS seat is to
move, it searches from a state built from its own view alone (phase, seat to move, its hand, every
seat's hand size and books, the unseen cards as the pool; no history, so its tree's keys hold
nothing it could not know); pyspiel 2.0.2's ``go_fish`` has no resampler, so the bench supplies
one: each sampled world is our ``determinize`` from that seat (GF-10: the hidden cards re-dealt
consistently with the public history) written out as an OpenSpiel state.

Equal CPU per move: the hard bot thinks for ``CPU_MS`` of CPU time (anytime, ``clock="cpu"``);
the ISMCTS bot runs simulations until it has used the same CPU time on that move (its resampling
counted, as the hard bot's determinizing is). ``CPU_MS`` defaults to the page's cap at the page's
speed (``TIME_CAP_MS * BROWSER_SPEED``, what ``tournament --browser-speed`` gives the hard bot).

At two players the bench also plays a *seer* against the same ISMCTS on the same deals: a bot that
sees every hand and the stock's next card (it asks where the catch is, else for the card it will
draw). Go Fish is so much a game of luck that even the seer loses some games: its score is the
ceiling to read the hard bot's against.

Each deal is played once per rotation of the seats (the hard bot at each seat in turn); the
hard bot's score is its share of the wins (a shared win split), with a 95% Wilson interval; the
fair share is 1/players.

Run: .venv/bin/python tests/bench/openspiel_go_fish.py [GAMES [CASES [JOBS [CPU_MS]]]]
(default 200 "2,seer" 2 and the page's cap; CASES are player counts for the hard bot and
``seer`` for the seer at two players, e.g. ``90 3,4``).
"""

from __future__ import annotations

import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame_core as pc  # noqa: E402
from pygame_core.bots import make_bot  # noqa: E402
from pygame_core.bots.ismcts import BROWSER_SPEED, TIME_CAP_MS  # noqa: E402

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError:  # run through build.py bench, which installs it
    pyspiel = None

RANKS = "A23456789TJQK"
CPU_MS = TIME_CAP_MS * BROWSER_SPEED
OPTIONS = {"keep_playing": True, "next_after_fish": "left", "first_player": 0}
UCT_C = 2.0  # OpenSpiel's usual exploration constant for returns in [-1, 1]


def letter(rank: str) -> str:
    return chr(ord("a") + RANKS.index(rank))


def rank_counts(cards) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in cards:
        counts[card[0]] = counts.get(card[0], 0) + 1
    return counts


def written(counts: dict[str, int]) -> str:
    """Rank counts as an OpenSpiel state line: ``a2c1``, ranks in order."""
    return "".join(f"{letter(r)}{counts[r]}" for r in RANKS if counts.get(r))


def state_line(game, hands, stock) -> str:
    """An OpenSpiel ``go_fish`` state string (``new_specific_state``): the phase, the seat to
    move, each seat's hand and book count, the pool (the stock's ranks)."""
    lines = ["Ask", str(game.current_player)]
    for seat in range(game.players):
        lines.append(f"{written(rank_counts(hands[seat]))}:{len(game.books[seat])}")
    lines.append(written(rank_counts(stock)))
    return "\n".join(lines)


class TimedISMCTS(ismcts.ISMCTSBot if pyspiel else object):
    """OpenSpiel's ISMCTS, run for a CPU time per move instead of a number of simulations."""

    def __init__(self, game, cpu_s: float, seed: int) -> None:
        rng = np.random.RandomState(seed)
        super().__init__(game, mcts.RandomRolloutEvaluator(1, rng), UCT_C, max_simulations=1,
                         random_state=rng)
        self.cpu_s = cpu_s
        self.simulations: list[int] = []

    def run_search(self, state):
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        began, done = time.process_time(), 0
        while done == 0 or time.process_time() - began < self.cpu_s:
            self.run_simulation(self.sample_root_state(state))
            done += 1
        self.simulations.append(done)
        return self.get_final_policy(state, self._root_node)


def agree(game, state) -> None:
    """Raise ``AssertionError`` unless OpenSpiel's state is our game's position."""
    lines = str(state).split("\n")
    assert lines[0] == ("GameOver" if game.is_over else "Ask"), (lines[0], game.history[-3:])
    if not game.is_over:
        assert int(lines[1]) == game.current_player, (lines[1], game.current_player)
    for seat in range(game.players):
        assert lines[2 + seat] == f"{written(rank_counts(game.hands[seat]))}:{len(game.books[seat])}", (
            seat, lines[2 + seat], game.hands[seat], game.books[seat])
    assert lines[-1] == written(rank_counts(game.stock)), (lines[-1], game.stock)


def seer(game, seat: int, rng: random.Random) -> str:
    """A bot that sees every hand and the stock (the ceiling no fair bot reaches): it asks a seat
    that holds one of its ranks (the rank it holds most of), else for the rank on top of the
    stock (a shown draw and another turn, GF-4), else at random."""
    legal = game.legal_actions()
    mine = rank_counts(game.hands[seat])
    catches = [a for a in legal if any(c[0] == a.split()[2] for c in game.hands[int(a.split()[1])])]
    if catches:
        return max(catches, key=lambda a: (mine[a.split()[2]], rng.random()))
    top = [a for a in legal if game.stock and a.split()[2] == game.stock[-1][0]]
    return rng.choice(top or legal)


def play_one(task: tuple) -> dict:
    """One game: ``task`` = (players, deal seed, our bot's seat, CPU ms, our bot: "hard" or
    "seer"). Returns our bot's win share, its CPU per move and the ISMCTS simulations per move."""
    players, seed, hard_seat, cpu_ms, kind = task
    game = pc.new_game("go_fish", players=players, seed=seed, options=OPTIONS)
    spiel_game = pyspiel.load_game("go_fish", {"players": players})
    mirror = spiel_game.new_initial_state()
    for seat in range(players):  # OpenSpiel deals seat 0's cards, then seat 1's, ...
        for card in game.hands[seat]:
            mirror.apply_action(ord(letter(card[0])) - ord("a"))
    hard = make_bot("hard", seed=seed * 10 + hard_seat, time_ms=cpu_ms, clock="cpu")
    rivals = {s: TimedISMCTS(spiel_game, cpu_ms / 1000.0, seed * 10 + s)
              for s in range(players) if s != hard_seat}
    rng = random.Random(seed)
    cpu: list[float] = []

    def resample(state, seat):  # the bench's resampler: our determinize from ``seat``'s view
        world = game.determinize(seat, rng)
        return spiel_game.new_specific_state(state_line(world, world.hands, world.stock))

    for bot in rivals.values():
        bot.set_resampler(resample)
    agree(game, mirror)
    while not game.is_over:
        seat = game.current_player
        if seat == hard_seat:
            began = time.process_time()
            action = hard.choose(game, seat) if kind == "hard" else seer(game, seat, rng)
            if len(game.legal_actions()) > 1:
                cpu.append(time.process_time() - began)
        else:
            root = resample(None, seat)  # its own hand, the public counts; nothing else real
            chosen = rivals[seat].step(root)
            target, rank = divmod(chosen, 13)
            action = f"ask {target} {RANKS[rank]}"
        stock = list(game.stock)
        game.apply(action)
        drawn = stock[len(game.stock):][::-1]  # the stock is drawn from its end
        mirror.apply_action(int(action.split()[1]) * 13 + RANKS.index(action.split()[2]))
        for card in drawn:  # OpenSpiel's chance nodes: the same cards, in the same order
            assert mirror.is_chance_node(), (action, drawn, str(mirror))
            mirror.apply_action(RANKS.index(card[0]))
        agree(game, mirror)
    share = 1.0 / len(game.winners) if hard_seat in game.winners else 0.0
    sims = [n for bot in rivals.values() for n in bot.simulations]
    return {"share": share, "cpu": cpu, "sims": sims}


def deal_seeds(players: int, deals: int) -> list[int]:
    """The first ``deals`` seeds from 1000 whose deal lays no book (GF-1): OpenSpiel lays a dealt
    book at once and deals that seat more cards, so such a deal would not be the same game."""
    seeds, seed = [], 1000
    while len(seeds) < deals:
        if not any(pc.new_game("go_fish", players=players, seed=seed, options=OPTIONS).books):
            seeds.append(seed)
        seed += 1
    return seeds


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate ``share`` over ``n`` games."""
    if n == 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else float("nan")


def main() -> int:
    if pyspiel is None:
        print("openspiel_go_fish: open_spiel is not installed (python3 build.py bench installs it)")
        return 1
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    cases = (sys.argv[2] if len(sys.argv) > 2 else "2,seer").split(",")
    jobs = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    cpu_ms = float(sys.argv[4]) if len(sys.argv) > 4 else CPU_MS
    print(f"\n== hard vs OpenSpiel ISMCTS (open_spiel {pyspiel.__version__ if hasattr(pyspiel, '__version__') else ''}"
          f" go_fish, keep playing, random roll-outs, UCT c {UCT_C}), {cpu_ms:.1f} ms CPU a move each")
    for players, kind in [(2, "seer") if case == "seer" else (int(case), "hard") for case in cases]:
        seeds = deal_seeds(players, -(-games // players))
        tasks = [(players, seeds[i // players], i % players, cpu_ms, kind) for i in range(games)]
        started = time.perf_counter()
        if jobs > 1:
            import multiprocessing
            with multiprocessing.Pool(jobs) as pool:
                results = list(pool.imap(play_one, tasks, chunksize=1))
        else:
            results = [play_one(task) for task in tasks]
        share = sum(r["share"] for r in results) / len(results)
        low, high = wilson(share, len(results))
        cpu = [c for r in results for c in r["cpu"]]
        sims = [n for r in results for n in r["sims"]]
        print(f"  {players} players: {kind} {100 * share:.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
              f"over {len(results)} games (fair share {100 / players:.1f}%); "
              + (f"hard CPU a move median {1000 * median(cpu):.0f} ms, " if kind == "hard" else
                 "the seer sees every hand and the stock: the ceiling; ")
              + f"ISMCTS simulations a move median {median(sims):.0f}; "
              f"{time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
