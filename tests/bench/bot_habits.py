"""Bot habits benchmark (prints figures, asserts nothing): how often the hard and medium bots
show the habits of the "hard at full strength in the browser" issue, in seeded games of hard
against medium (seats rotated, hard under its default time cap unless told otherwise).

- Go Fish, 2 and 4 players: asks where a catch was sure (the opponent asked for a rank we hold and has
  not given it away since, GF-10) but the bot asked for something else, and missed (asking for
  another rank the opponent surely holds, which the public history and the card count can also
  tell, is no habit; the bench reads the real hand only to tell the two apart).
- Enemy Anemone, 2 and 4 players: plays with Anemones attached (EA-4), how many of them before
  the last play of the trick, and the Anemones a bot still holds at the end of the game.
- Snorkeling, 4 players: decisions with placements open on two or more opponents' piles (SN-5)
  where the projected leader (total + pile top) is one of them: how often the bot placed on it.

Each case is played twice on the same deals: with today's hard bot and with the hard bot as
landed in ee57367 (``landed_source.py``, playing on a mirror of the game in the landed engine).

Run directly: python3 tests/bench/bot_habits.py [GAMES [SEED [TIME_CAP_MS]]]   (default 12 4242
250; a cap of 0 means none)
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame_core as pc  # noqa: E402
from pygame_core.bots import make_bot  # noqa: E402
from pygame_core.bots.go_fish import Memory  # noqa: E402
from search_speed import as_landed  # noqa: E402  (installs the landed engine)
from landed.bots import ismcts as landed  # noqa: E402


def play(name: str, players: int, games: int, seed: int, cap: float | None, watch,
         old: bool = False) -> Counter:
    """Play ``games`` games of one hard bot (seat ``g % players``) against medium bots (with
    ``old``: the landed hard bot); ``watch(game, level, action, tally)`` sees every decision
    with a choice before it is applied."""
    tally: Counter = Counter()
    for g in range(games):
        game = pc.new_game(name, players=players, seed=seed * 1000 + g)
        mirror = as_landed(game) if old else None
        hard_seat = g % players
        levels = ["hard" if s == hard_seat else "medium" for s in range(players)]
        bots = []
        for s, level in enumerate(levels):
            if level == "hard":
                if old:
                    bots.append(landed.HardBot(seed=seed * 100 + g * 10 + s, time_ms=cap))
                else:
                    bots.append(make_bot("hard", seed * 100 + g * 10 + s, time_ms=cap, clock="cpu"))
            else:
                bots.append(make_bot(level, seed=seed * 100 + g * 10 + s))
        while not game.is_over:
            seat = game.current_player
            on = mirror if old and levels[seat] == "hard" else game
            action = bots[seat].choose(on, seat)
            if len(game.legal_actions()) > 1:
                watch(game, levels[seat], action, tally)
            game.apply(action)
            if mirror is not None:
                mirror.apply(action)
        if name == "enemy_anemone":
            for s, level in enumerate(levels):
                tally[f"{level} anemones left"] += len(game.anemones[s])
                tally[f"{level} seats"] += 1
    return tally


def go_fish_watch(game: pc.Game, level: str, action: str, tally: Counter) -> None:
    seat = game.current_player
    memory = Memory(game.players)
    memory.read(game.history)
    mine = {card[0] for card in game.view(seat)["hand"]}
    sure = {(other, rank) for other in range(game.players) if other != seat
            for rank in memory.holds[other] & mine}
    _, target, rank = action.split(" ")
    tally[f"{level} asks"] += 1
    if sure:  # passed up: another ask, and one that missed (another sure catch is no habit)
        caught = any(card[0] == rank[0] for card in game.hands[int(target)])
        tally[f"{level} sure"] += 1
        tally[f"{level} sure passed up"] += (int(target), rank[0]) not in sure and not caught


def anemone_watch(game: pc.Game, level: str, action: str, tally: Counter) -> None:
    if "+" not in action:
        return
    view = game.view(game.current_player)
    slots = 4 if game.players == 2 else game.players
    after = slots - len(view["trick"]) - len(view["trick_discards"]) - 1
    tally[f"{level} attached"] += 1
    tally[f"{level} attached early"] += after > 0


def snorkeling_watch(game: pc.Game, level: str, action: str, tally: Counter) -> None:
    view = game.view(game.current_player)
    if view["phase"] != "playing":
        return
    places = [a for a in view["legal_actions"] if a.startswith("place ")]
    targets = {int(a.split(" ")[2]) for a in places}
    if len(targets) < 2:
        return
    projected = [t + int(p[-1][1]) for t, p in zip(view["totals"], view["piles"])]
    me = game.current_player
    leader = max(projected[s] for s in range(game.players) if s != me)
    leaders = {s for s in range(game.players) if s != me and projected[s] == leader}
    if not targets & leaders or targets <= leaders:
        return
    tally[f"{level} choices"] += 1
    tally[f"{level} hit leader"] += action.startswith("place ") and int(action.split(" ")[2]) in leaders


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 4242
    cap = float(sys.argv[3]) if len(sys.argv) > 3 else 250.0
    cap_ms = cap or None
    print(f"\n== bot habits: hard vs medium, {games} games per case, seed {seed}, hard time cap "
          f"{'none' if cap_ms is None else f'{cap:g} ms'}")
    for old in (False, True):
        tag = "landed" if old else "now"
        for players in (2, 4):
            t = play("go_fish", players, games, seed, cap_ms, go_fish_watch, old)
            for level in ("hard", "medium"):
                print(f"  {tag:<7}go_fish {players}p        {level:<7} sure catch passed up "
                      f"{t[f'{level} sure passed up']} of {t[f'{level} sure']} (asks {t[f'{level} asks']})")
        for players in (2, 4):
            t = play("enemy_anemone", players, games, seed, cap_ms, anemone_watch, old)
            for level in ("hard", "medium"):
                seats = max(1, t[f"{level} seats"])
                print(f"  {tag:<7}enemy_anemone {players}p  {level:<7} attached before the last "
                      f"play {t[f'{level} attached early']} of {t[f'{level} attached']}; Anemones "
                      f"left at the end {t[f'{level} anemones left'] / seats:.2f} per seat")
        t = play("snorkeling", 4, games, seed, cap_ms, snorkeling_watch, old)
        for level in ("hard", "medium"):
            print(f"  {tag:<7}snorkeling 4p     {level:<7} hit the projected leader "
                  f"{t[f'{level} hit leader']} of {t[f'{level} choices']} choices")
    return 0


if __name__ == "__main__":
    sys.exit(main())
