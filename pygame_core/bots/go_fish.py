"""Go Fish strategies (RULES.md GF-1 ... GF-11) for the easy, medium and hard bots.

Decisions use ``game.view(seat)`` (own hand, hand sizes, books) and the public ``game.history``
(asks, answers, shown draws) only. The ideas a casual player would recognise:

- *easy*: ask a random opponent for the rank it holds most of; now and then a random ask.
- *medium*: remembers the table talk (:class:`Memory`): who asked for which rank (and so still
  holds it, unless they gave it away since) and who answered "Go fish" to which rank (and so lacks
  it until they draw; after one draw it most likely still does). It asks a player known to hold
  one of its ranks; otherwise it asks for the rank it holds most of, from a player not known to
  lack it, picked with odds by hand size (more cards, more chances; asking only the largest hand
  would leave a short-handed player, under GF-5's default, waiting for dozens of asks between two
  turns). A rank a player refused and has drawn one card since is asked of another player, or
  another rank is asked, before that player is asked again (asking again at once was a fifth of
  all asks at three players, a third at two, nearly all of them refused).
- *hard* (:mod:`.ismcts`, paired mode): its own first choice is :func:`expert` (the medium plan,
  sharpened with determinizations at two players and in keep-playing games, with a longer memory
  in the default game at more); every legal ask is then tried on the same sampled worlds
  (``GoFish.determinize``, which knows all of the above and more) with the medium strategy
  playing every seat, and another ask replaces the first choice only when it wins clearly more
  often (:data:`CONFIDENCE` standard errors for one rival, more with more rivals, see
  :func:`.ismcts.paired_margin`). With a sure catch on the table only the sure catches are
  searched (:func:`candidates`: taking one first is never worse).
"""

from __future__ import annotations

import random
from collections import Counter

from ..engine import Game
from ..games.go_fish import ASK, MAX_PLAYERS, rank_counts

ITERATIONS = {2: 320, 3: 300, 4: 300, 5: 300, 6: 360}  # hard bot's search budget by players
PAIRED = True  # root moves compared on the same worlds; keep the expert's move unless beaten
CONFIDENCE = 2.0  # ... by this many standard errors (for one rival, see ismcts.paired_margin)
MODEL_OPPONENTS = True  # in the tree, the others play the medium strategy (no peeking)
OTHERS = [[tuple(other for other in range(players) if other != seat) for seat in range(players)]
          for players in range(MAX_PLAYERS + 1)]  # OTHERS[players][seat]: the other seats
SAMPLES = 24  # determinizations the expert choice uses to judge the other hands (see expert)
ROLLOUT_ACTIONS = 400  # a rollout this long (keep_playing stalls) is cut off and evaluated


class Memory:
    """What a player remembers from the public history: per seat the ranks it is known to hold
    (``holds``) and known to lack (``lacks``). Update it with :meth:`read` as the history grows.

    A "Go fish" answer puts the rank in ``lacks`` until that player draws, then in ``doubted``
    (lacked before its last draw: one card drawn seldom brings the rank) until it draws again; with
    ``sticky`` it stays in ``lacks`` (a seat known to hold the rank again is asked anyway:
    ``holds`` comes first).
    """

    __slots__ = ("holds", "lacks", "doubted", "read_to", "asked", "sticky")

    def __init__(self, players: int, sticky: bool = False) -> None:
        self.holds: list[set] = [set() for _ in range(players)]
        self.lacks: list[set] = [set() for _ in range(players)]
        self.doubted: list[set] = [set() for _ in range(players)]
        self.read_to = 0
        self.asked = ""
        self.sticky = sticky

    def copy(self) -> "Memory":
        new = Memory.__new__(Memory)
        new.holds = list(map(set.copy, self.holds))
        new.lacks = list(map(set.copy, self.lacks))
        new.doubted = list(map(set.copy, self.doubted))
        new.read_to = self.read_to
        new.asked = self.asked
        new.sticky = self.sticky
        return new

    def read(self, history: list[dict]) -> None:
        """Take in the history entries not read yet."""
        hear = self.hear
        for entry in history[self.read_to:]:
            hear(**entry)
        self.read_to = len(history)

    def hear(self, type: str, seat: int = 0, rank: str = "", card: str = "", asker: int = 0,
             asked: int = 0, count: int = 0, **_) -> None:
        """Take in one history entry, given as :meth:`Game.log` writes it (``type`` and its
        fields): the search's worlds call it in place of logging (see :func:`rollout_factory`).
        The commonest entries of a game come first. The fields of the commonest entries are
        named (``asked``, ``count`` unused) so that a call builds no dict of the others."""
        if type == "ask":
            self.asked = rank
            self.holds[seat].add(rank)
        elif type == "go_fish" or type == "miss":
            if self.asked:
                self.lacks[seat].add(self.asked)
        elif type == "fish" or type == "draw":
            if not self.sticky:
                self.doubted[seat] = self.lacks[seat]
                self.lacks[seat] = set()
        elif type == "give":
            holds = self.holds
            holds[seat].discard(rank)
            self.lacks[seat].add(rank)
            holds[asker].add(rank)
        elif type == "book":
            for held in self.holds:
                held.discard(rank)
            for lacked in self.lacks:
                lacked.discard(rank)
            for lacked in self.doubted:
                lacked.discard(rank)
        elif type == "fish_shown":
            self.holds[seat].add(card[0])
        elif type == "ask_card":  # a miss only says the asked player lacks that one card
            self.asked = ""
            self.holds[seat].add(card[0])
        elif type == "give_card":
            self.holds[asker].add(card[0])


_counts = rank_counts  # cards per rank in a hand, ranks in the hand's order


def _ask(view: dict, target: int, rank: str, rng: random.Random) -> str:
    """The action asking ``target`` for ``rank`` (with ``ask_card``: a card of it we lack)."""
    if not view["options"]["ask_card"]:
        return f"ask {target} {rank}"
    missing = [rank + suit for suit in "CDHS" if rank + suit not in view["hand"]]
    return f"ask {target} {rng.choice(missing)}"


def decide_with_memory(view: dict, memory: Memory, rng: random.Random) -> str:
    """The medium strategy for the seat of ``view``, given what it remembers."""
    return decide(view["seat"], view["hand"], view["hand_sizes"], view["options"]["ask_card"],
                  view["legal_actions"], memory, rng)


def decide(seat: int, hand: list[str], sizes: list[int], ask_card: bool, legal: list[str] | None,
           memory: Memory, rng: random.Random, counts: dict[str, int] | None = None) -> str:
    """The medium strategy on plain data: ``seat``'s own sorted ``hand``, every seat's hand size,
    the ``ask_card`` option (GF-8), the legal actions (not changed), what ``seat`` remembers and
    optionally the hand's cards per rank (``{rank: count}``, e.g. the world's ``counts[seat]``;
    read only; counted from ``hand`` when ``None``).
    Returns one of ``legal``; with ``legal=None`` (the search's rollouts, which skip listing the
    legal actions) the ask it builds, which is legal whenever it is ``seat``'s turn: a rank
    ``seat`` holds (GF-2), of a seat with cards. Reads nothing hidden from ``seat`` (GEN-7): the search's rollouts
    call it on a sampled world with that world's own hand of the seat to move."""
    if counts is None:
        counts = _counts(hand)
    holds = memory.holds
    draw = rng.random
    others = OTHERS[len(sizes)][seat]
    if not all(sizes):  # only some seats have cards (a hand can run out with keep_playing)
        others = [other for other in others if sizes[other]]
    known = None
    ours = counts.keys()  # tested against each (smaller) set of ranks a seat is known to hold
    for other in others:  # the seats known to hold one of our ranks
        held = holds[other]
        if held and not ours.isdisjoint(held):
            common = held.intersection(counts)
            if known is None:
                known = []
            for rank in sorted(common) if len(common) > 1 else common:
                known.append((counts[rank], draw(), other, rank))
    if known:
        _, _, target, rank = max(known) if len(known) > 1 else known[0]
    else:  # the rank held most that some seat is not known to lack (ties: at random)
        lacks, doubted = memory.lacks, memory.doubted
        # First what each seat lacks or lacked before its last draw, then what it surely lacks.
        picked = None
        if any(doubted[other] for other in others):
            picked = _pick(counts, others, [lacks[o] | doubted[o] if doubted[o] else lacks[o] for o in others],
                           sizes, draw)
        if picked is None:
            picked = _pick(counts, others, [lacks[o] for o in others], sizes, draw)
        if picked is not None:
            rank, target = picked
        else:  # every seat is known to lack every rank held: the rank held most, any seat
            best = max(counts.values())
            picks = [rank for rank, count in counts.items() if count == best]
            rank = picks[int(draw() * len(picks))]
            target = rng.choice(others)
    if ask_card:
        missing = [rank + suit for suit in "CDHS" if rank + suit not in hand]
        action = ASK[target][rng.choice(missing)]
    else:
        action = ASK[target][rank]
    if legal is None or action in legal:
        return action
    return rng.choice(legal)


def _pick(counts: dict[str, int], others: list[int] | tuple[int, ...], shut: list[set],
          sizes: list[int], draw) -> tuple[str, int] | None:
    """``(rank, seat)`` for the medium ask when nobody is known to hold one of our ranks: the rank
    held most (``counts``) that not every seat of ``others`` shuts out (``shut[i]``: the ranks
    ``others[i]`` is taken to lack), ties at random, from a seat not shutting it out, picked with
    odds by hand size; ``None`` if every seat shuts out every rank held. ``draw``: the rng's
    ``random``."""
    closed = shut[0]  # the ranks every other seat is taken to lack
    if closed and len(shut) > 1:
        for other in shut[1:]:
            closed = closed & other
            if not closed:
                break
    best, picks = 0, []
    for rank, count in counts.items():
        if count >= best and rank not in closed:
            if count > best:
                best, picks = count, [rank]
            else:
                picks.append(rank)
    if not picks:
        return None
    rank = picks[0] if len(picks) == 1 else picks[int(draw() * len(picks))]  # draw() * n < n: a uniform index
    target, total, several = -1, 0, False  # the seats not taken to lack it: how many
    for other, lacked in zip(others, shut):
        if rank not in lacked:
            if target < 0:
                target = other
            else:
                several = True
            total += sizes[other]
    if several:  # the odds of a seat follow its hand size (each card may be of it)
        pick = draw() * total
        for target, lacked in zip(others, shut):
            if rank not in lacked:
                pick -= sizes[target]
                if pick < 0:
                    break
    return rank, target


def medium(game: Game, seat: int, rng: random.Random) -> str:
    """The medium strategy (see the module docstring)."""
    view = game.view(seat)
    memory = Memory(game.players)
    memory.read(game.history)
    return _legal_or_random(decide_with_memory(view, memory, rng), view, rng)


def expert(game: Game, seat: int, rng: random.Random) -> str:
    """The hard bot's own first choice (its search keeps it unless another ask does clearly
    better), an ask (``"ask 2 Q"``, GF-3) legal for ``seat``, reading only what ``seat`` may know
    (GEN-7). With one opponent, or with ``keep_playing`` (GF-9), the chance that each other seat
    holds each of our ranks is measured on :data:`SAMPLES` determinizations: a sure catch first
    (the rank held most), else the rank held most that some seat holds with a chance of at least
    5%, asked of the seat likeliest to hold it (a rank every seat surely lacks is skipped, even
    after a draw). In the default game at three or more players, the medium plan with "Go fish"
    answers remembered for good (a short game: few draws undo them, and asking in proportion to
    hand size did better there; measured against the chances: 4 players 32.2% vs 29.3% of 4,000
    games against medium bots, while with ``keep_playing`` the chances did better at 3 to 6
    players, 38.3% vs 32.2% at 3)."""
    view = game.view(seat)
    if game.players > 2 and not game.keep_playing:
        memory = Memory(game.players, sticky=True)
        memory.read(game.history)
        return _legal_or_random(decide_with_memory(view, memory, rng), view, rng)
    counts = _counts(view["hand"])
    sizes = view["hand_sizes"]
    everyone = OTHERS[game.players][seat]  # deal_hidden's hands, in seat order
    others = [other for other in everyone if sizes[other]]
    if not others:  # nobody to ask (keep_playing): the turn's only moves are not asks
        return rng.choice(view["legal_actions"])
    held = {other: Counter() for other in others}
    for _ in range(SAMPLES):  # the other hands as determinize deals them (no world built)
        for other, hand in zip(everyone, game.deal_hidden(seat, rng)):
            if other in held:
                held[other].update({card[0] for card in hand})
    chance = {(other, rank): held[other][rank] / SAMPLES for other in others for rank in counts}
    sure = [(counts[r], rng.random(), o, r) for o in others for r in counts if chance[o, r] >= 0.999]
    if sure:
        _, _, target, rank = max(sure)
    else:
        likeliest = {r: others[0] if len(others) == 1 else max(others, key=lambda o: (chance[o, r], rng.random()))
                     for r in counts}
        ranked = sorted(counts, key=lambda r: (-counts[r], rng.random()))
        hopeful = [r for r in ranked if chance[likeliest[r], r] >= 0.05]
        rank = hopeful[0] if hopeful else max(counts, key=lambda r: (chance[likeliest[r], r], rng.random()))
        target = likeliest[rank]
    return _legal_or_random(_ask(view, target, rank, rng), view, rng)


def easy(game: Game, seat: int, rng: random.Random) -> str:
    """The easy strategy: the rank held most, from a random opponent; sometimes random."""
    view = game.view(seat)
    legal = view["legal_actions"]
    if rng.random() < 0.25:
        return rng.choice(legal)
    counts = _counts(view["hand"])
    rank = max(counts, key=lambda r: (counts[r], rng.random()))
    sizes = view["hand_sizes"]
    others = [s for s in range(view["players"]) if s != seat and sizes[s]]
    return _legal_or_random(_ask(view, rng.choice(others), rank, rng), view, rng)


def _legal_or_random(action: str, legal: list[str] | dict | None, rng: random.Random) -> str:
    """``action`` if it is in ``legal`` (a list, or a view holding ``legal_actions``), else a
    random legal action; ``action`` itself when ``legal`` is ``None`` (see :func:`decide`)."""
    if legal is None:
        return action
    if type(legal) is dict:
        legal = legal["legal_actions"]
    return action if action in legal else rng.choice(legal)


# ----- hard bot hooks (see .ismcts) ------------------------------------------------------------

def rollout_factory(game: Game):
    """A maker of rollout policies: each simulated player plays the medium strategy with the
    memory of the public history (read once here). The policy's ``hear`` is that memory's
    :meth:`Memory.hear`: the search has its world tell it each simulated entry instead of
    logging it (no history is kept in the search)."""
    base = Memory(game.players)
    base.read(game.history)

    def make():
        memory = base.copy()

        def policy(world: Game, rng: random.Random) -> str:
            seat = world.current_player
            return decide(seat, world.hands[seat], list(map(len, world.hands)), world.ask_card,
                          None, memory, rng, world.counts[seat])
        policy.hear = memory.hear
        return policy
    return make


def candidates(game: Game, legal: list[str]) -> list[str]:
    """The asks the search considers: with a sure catch on the table (GF-3, GF-10: a seat asked
    for one of our ranks and has neither given it away nor laid its book since), only the sure
    catches, else every legal ask. A sure catch first is never worse than another ask first: it
    keeps the turn, so the other ask can still follow, while an ask that misses ends the turn
    and may leave the sure catch to someone else. With ``ask_card`` (GF-8) a rank held is no
    card held, so nothing is pruned. Reads the public history only (a sampled world keeps none:
    every ask is kept there)."""
    if not game.history or game.ask_card:
        return legal
    memory = Memory(game.players)
    memory.read(game.history)
    sure = [action for action in legal
            if action.split(" ", 2)[2] in memory.holds[int(action.split(" ", 2)[1])]]
    return sure or legal


def why(game: Game, action: str) -> tuple[str, dict] | None:
    """Why the coach's move is good, where the public history shows it (the coach's hint says
    it): an ask of a seat known to hold the rank (it asked for it or showed it drawn, and has
    neither given it away nor laid its book since: GF-3, GF-10) is ``("go_fish.why.holds",
    {"asked": seat, "rank": rank})``, a catalog sentence and its fields; else ``None``."""
    if game.ask_card or not action.startswith("ask "):
        return None
    seat, rank = int(action.split(" ", 2)[1]), action.split(" ", 2)[2]
    memory = Memory(game.players)
    memory.read(game.history)
    return ("go_fish.why.holds", {"asked": seat, "rank": rank}) if rank in memory.holds[seat] else None


def evaluate(world: Game) -> list[float]:
    """Reward per seat in [0, 1]: the win share at the end, else the share of the most books."""
    winners = world.winners if world.current_player is None else world.leaders()
    rewards = [0.0] * world.players
    share = 1.0 / len(winners)
    for seat in winners:
        rewards[seat] = share
    return rewards


cutoff = None  # a rollout stops only after ROLLOUT_ACTIONS actions (very long keep_playing games)
