"""Enemy Anemone strategies (RULES.md EA-1 ... EA-13) for the easy, medium and hard bots.

Every function decides from ``game.view(seat)`` (own hand, the trick so far, Anemones held,
legal actions) only. The ideas a casual player would recognise:

- *easy*: beat the trick with its highest card if it can, else play its lowest; never spends
  Anemones; now and then a random card.
- *medium*: manages highest and lowest. Last to play, it takes the trick with its cheapest
  winning card, spending the fewest Anemones that win only when the trick is worth it; earlier,
  it plays a card only if it is likely to stand (or dumps its lowest card, which may earn an
  Anemone, EA-5). Leading, it plays a sure winner or its lowest card. When it must discard
  (EA-3), it gives up a middle card, preferring a 3, 5 or 8 (worth a point more, EA-6).
- *hard* (:mod:`.ismcts`, paired mode): every candidate move (:func:`candidates`) is tried on
  the same sampled worlds with the medium strategy playing every seat afterwards; the simulated
  hand is cut off after :data:`ROLLOUT_TRICKS` tricks and scored by :func:`evaluate`, and the
  medium move is played unless another one scored clearly better (:data:`CONFIDENCE`
  standard errors, more with more rivals). The medium move spends Anemones only as the last to
  play, where they decide the trick; held Anemones count for less as the game runs out of
  tricks (:func:`anemone_worth`).
"""

from __future__ import annotations

import math
import random

from ..engine import Game
from ..games.enemy_anemone import BONUS, HANDS_PER_GAME, RANK

ITERATIONS = {2: 300, 3: 360, 4: 300, 5: 260, 6: 260}  # hard bot's search budget by players
PAIRED = True  # root moves compared on the same worlds; keep the medium move unless beaten
CONFIDENCE = 1.0  # ... by this many standard errors (more with more rivals)
ROLLOUT_TRICKS = 4  # tricks simulated beyond the current one before a rollout is evaluated
TEMPERATURE = 3.0  # points: how sharply a lead in projected score turns into a win chance
# The coach's chance to win for a mean search reward (ismcts.calibrated: Platt scaling,
# logistic(slope * logit(raw) + shift)). The soft estimate at a rollout's cut-off is too sure of
# itself: on 2,076 positions of 136 hard-vs-medium games (tests/bench/coach_calibration.py), those
# rated 0.6% won 3.4% and those rated 81% won 70%. Fitted by logistic regression on 6,468 other
# positions of 200 games (seeds 1,000,000 and 2,000,000 up, 2 to 6 players); over 20 random
# halvings of those games, fitted on one half, the other half's calibration error by decile was
# 0.023 (the raw rewards: 0.032); and on the bench's own positions 0.028 (without it: 0.055).
CALIBRATION = (0.757, -0.223)
ANEMONE_WORTH = 0.5  # points per side shown on a held Anemone, when judging a position
BONUS_RANKS = (3, 5, 8)  # EA-6


def _rank(card: str) -> int:
    return RANK[card]


def _parse(action: str) -> tuple[str, str, int]:
    """``(verb, card, boost)`` of an action string (remembered once parsed)."""
    parsed = _PARSED.get(action)
    if parsed is None:
        parts = action.split(" ")
        parsed = _PARSED[action] = (parts[0], parts[1], sum(int(p) for p in parts[2:]))
    return parsed


_PARSED: dict[str, tuple[str, str, int]] = {}
PLAY = {card: "play " + card for card in RANK}  # the play of a card without Anemones
_PLAY_ORDER = {action: (RANK[card], action) for card, action in PLAY.items()}  # by rank


def _trick_state(view: dict) -> tuple[int | None, int | None, int, int]:
    """``(highest value, lowest value, cards in the trick, slots still to come after this one)``."""
    trick = view["trick"]
    values = [entry["value"] for entry in trick]
    slots = 4 if view["players"] == 2 else view["players"]
    done = len(trick) + len(view["trick_discards"])
    high = max(values) if values else None
    low = min(values) if values else None
    return high, low, len(trick), slots - done - 1


def _discard(legal: list[str]) -> str:
    """A middle card, a 3, 5 or 8 first (it scores a point more in the score pile, EA-6)."""
    def worth(action: str) -> tuple:
        rank = RANK[action[8:]]
        return (rank in BONUS_RANKS, -abs(rank - 5.5), action)
    return max(legal, key=worth)


def medium(game: Game, seat: int, rng: random.Random) -> str:
    """The medium strategy (see the module docstring)."""
    view = game.view(seat)
    return decide(view["players"], [(entry["card"], entry["value"]) for entry in view["trick"]],
                  len(view["trick_discards"]), view["legal_actions"])


def decide(players: int, trick: list[tuple[str, int]], discards: int, legal, plain=None) -> str:
    """The medium strategy on plain data: the player count, the current trick as ``(card,
    value)`` pairs in play order, how many discards it has had (EA-3) and the sorted legal
    actions of the seat to move (not changed). Returns one of ``legal``. Reads nothing hidden
    (GEN-7): the search's rollouts call it on a sampled world.

    ``plain``, when given, are the plays without Anemones (``play CARD``, sorted, at least one):
    then ``legal`` may instead be a function returning the legal actions, called only when
    Anemones are weighed (the search's rollouts list the plays with Anemones only then)."""
    if plain is None:
        if legal[0][0] == "d":
            return _discard(legal)
        plain = [a for a in legal if a.count(" ") == 1]  # plays without Anemones
    slots = 4 if players == 2 else players
    after = slots - len(trick) - discards - 1  # slots still to come after this one
    by_rank = sorted([_PLAY_ORDER[action] for action in plain])  # (rank, action), lowest first
    lowest, highest = by_rank[0][1], by_rank[-1][1]
    top = 9 if players in (2, 6) else 10  # the highest rank in this deck
    if not trick:  # leading: a sure winner, else the lowest card
        return highest if by_rank[-1][0] >= top else lowest
    high = max([value for _, value in trick])
    if after == 0:  # last to play: take the trick as cheaply as possible
        for rank, action in by_rank:
            if rank >= high:  # ties: the later card wins (EA-5)
                return action
        worth = len(trick) + sum(1 for card, _ in trick if RANK[card] in BONUS_RANKS)
        if worth >= 3 or players == 2:
            boosted = []
            for action in legal() if callable(legal) else legal:
                verb, card, boost = _parse(action)
                if boost and RANK[card] + boost >= high:
                    boosted.append((boost, action.count("+"), RANK[card], action))
            if boosted:
                return min(boosted)[3]
        return lowest
    # more players to come: play a card that will likely stand, else dump the lowest
    stands = max(high + (1 if after == 1 else 2), top - 1)
    for rank, action in by_rank:
        if rank >= stands:
            return action
    return lowest


def easy(game: Game, seat: int, rng: random.Random) -> str:
    """The easy strategy: beat the trick with the highest card if possible, else play the
    lowest; never spends Anemones; sometimes a random card."""
    view = game.view(seat)
    legal = view["legal_actions"]
    plain = [a for a in legal if a.count(" ") == 1]
    if rng.random() < 0.2:
        return rng.choice(plain)
    if legal[0].startswith("discard"):
        return rng.choice(legal)
    by_rank = sorted(plain, key=lambda a: (_rank(a[5:]), a))
    high = _trick_state(view)[0]
    if high is None:
        return rng.choice(plain)
    if _rank(by_rank[-1][5:]) >= high:
        return by_rank[-1]
    return by_rank[0]


# ----- hard bot hooks (see .ismcts) ------------------------------------------------------------

def rollout_policy(world: Game, rng: random.Random) -> str:
    """The policy every simulated player follows in a rollout: the medium strategy (:func:`decide`)
    on the sampled world's public trick and the mover's own playable cards (the plays with
    Anemones are listed only when the strategy weighs them)."""
    cards = world.playable()
    if not cards:  # EA-3: a discard
        legal = world.moves()
        return legal[0] if len(legal) == 1 else _discard(legal)
    if len(cards) == 1 and not world.anemones[world.current_player]:  # a forced move
        return PLAY[cards[0]]
    return decide(world.players, [(entry[1], entry[3]) for entry in world.trick],
                  len(world.trick_discards), world.moves, [PLAY[card] for card in cards])


def candidates(world: Game, legal: list[str]) -> list[str]:
    """The moves the search considers (and the coach may name): every card without Anemones,
    plus Anemones where they can decide the trick (EA-4; EA-5: the highest value takes it, a tie
    going to the card played later). A card played last to the trick takes only the cheapest
    Anemones that make it the highest (more would only waste them). A card played earlier may
    take any that leave it at least the highest so far (leading: any), as a card still to come
    may beat a smaller boost; Anemones that leave it below the highest so far never win it."""
    if len(legal) < 2 or legal[0].startswith("discard"):
        return legal
    high = max((entry[3] for entry in world.trick), default=None)  # public: this trick's values
    slots = 4 if world.players == 2 else world.players
    last = len(world.trick) + len(world.trick_discards) == slots - 1
    keep = []
    cheapest: dict[str, tuple] = {}
    for action in legal:
        verb, card, boost = _parse(action)
        if not boost:
            keep.append(action)
        elif not last:
            if high is None or _rank(card) + boost >= high:
                keep.append(action)
        elif high is not None and _rank(card) < high <= _rank(card) + boost:
            key = (boost, action.count("+"))
            if card not in cheapest or key < cheapest[card][0]:
                cheapest[card] = (key, action)
    keep += [action for _, action in cheapest.values()]
    return keep


def anemone_worth(players: int, hand: int, trick: int) -> float:
    """Points a held Anemone side is worth when judging a position in trick ``trick`` of hand
    ``hand`` (1-based): :data:`ANEMONE_WORTH` while a whole hand of tricks is still to come,
    then less and less, down to nothing after the last trick of the game (EA-9: four hands). An
    Anemone only scores by winning a trick it decides (EA-4, EA-5); one kept to the end counts
    for the tie-break alone (EA-10), which the final win share already holds."""
    per_hand = 8 if players in (2, 6) else 10  # tricks in a hand (EA-1, EA-2, EA-11)
    left = (HANDS_PER_GAME - hand) * per_hand + per_hand - trick + 1
    return ANEMONE_WORTH * min(1.0, left / per_hand)


def evaluate(world: Game) -> list[float]:
    """Reward per seat in [0, 1]: the win share at the end of the game, else a soft win chance
    from totals plus this hand's score pile plus Anemones held (:func:`anemone_worth` a side:
    :data:`ANEMONE_WORTH`, less in the last hand, where fewer tricks remain to use them)."""
    if world.is_over:
        share = 1.0 / len(world.winners)
        return [share if seat in world.winners else 0.0 for seat in range(world.players)]
    held = world.anemones
    worth = anemone_worth(world.players, world.round, world.trick_number)
    projected = [total + len(pile) + sum([BONUS[card] for card in pile]) + worth * sum(held[seat])
                 for seat, (total, pile) in enumerate(zip(world.totals, world.piles))]
    best = max(projected)
    weights = [math.exp((p - best) / TEMPERATURE) for p in projected]
    total = sum(weights)
    return [w / total for w in weights]


def cutoff(world: Game, start_round: int, actions: int) -> bool:
    """Whether a rollout stops here: the hand ended, or about :data:`ROLLOUT_TRICKS` tricks past
    the one the search began in were played (a trick takes one action per slot, EA-3/EA-11)."""
    slots = 4 if world.players == 2 else world.players
    return world.round != start_round or actions >= (ROLLOUT_TRICKS + 1) * slots
