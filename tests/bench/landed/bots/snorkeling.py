"""Snorkeling strategies (RULES.md SN-1 ... SN-14) for the easy, medium and hard bots.

Every function decides from ``game.view(seat)`` (own hand, piles, centre top, totals, phase, legal
actions) only. The ideas a casual player would recognise:

- *easy*: place a card on someone's pile whenever possible, otherwise mostly pass; a random streak.
- *medium*: always take back (SN-6); attack the leader: play the least useful card to the centre
  when that lets it place on an opponent, preferring the opponent with the best projected score
  (total + pile top); end the round with a Beach (SN-7) only when that leaves it in front; keep
  the cards that could hurt its own pile (value = own top - 1, so nobody else gets them) and the
  cards it can attack with; play its whole hand into the centre when that lets it take back a card
  from its own pile.
- *hard* (:mod:`.ismcts`, paired mode): every legal move is tried on the same sampled worlds
  (``Snorkeling.determinize``) with the medium strategy playing every seat afterwards
  (:func:`rollout_policy`), rollouts cut off at the end of the round or after
  :data:`ROLLOUT_TURNS` actions and scored by :func:`evaluate`; the medium move is played unless
  another one scored better by :data:`CONFIDENCE` standard errors of the paired differences.
  Many moves change nothing within the horizon; comparing them on the same worlds and keeping the
  medium move on a tie is what makes the search stronger than medium at four players (without
  it, hard won 40% of a hard-hard-medium-medium table).
"""

from __future__ import annotations

import math
import random

from ..engine import Game

ROLLOUT_TURNS = 24  # simulated actions (of all players) before a rollout is cut off and evaluated
TEMPERATURE = 2.5  # points: how sharply a lead in projected score turns into a win chance
ITERATIONS = {2: 360, 3: 280, 4: 230, 5: 200, 6: 180}  # hard bot's search budget by players
PAIRED = True  # root moves compared on the same worlds; keep the medium move unless beaten
CONFIDENCE = 1.0  # ... by this many standard errors


def _value(card: str) -> int:
    return int(card[1])


def _projected(view: dict) -> list[int]:
    """Total so far plus the current pile top: the score if the round ended now (SN-7)."""
    return [total + _value(pile[-1]) for total, pile in zip(view["totals"], view["piles"])]


def _place_score(view: dict, card: str, target: int) -> float:
    """How good placing ``card`` on ``target``'s pile is for the player to move (> 0 = worth it)."""
    me = view["seat"]
    projected = _projected(view)
    if _value(card) == 0:  # a Beach ends the round (SN-7): only when that leaves us in front
        projected[target] -= 1
        best_other = max(p for s, p in enumerate(projected) if s != me)
        return 20.0 if projected[me] > best_other else -20.0
    others = [p for s, p in enumerate(projected) if s != me]
    leader_bonus = 2.0 if projected[target] == max(others) else 0.0
    return 1.0 + leader_bonus + 0.1 * projected[target]


def _keep_value(view: dict, card: str) -> float:
    """How much ``card`` is worth keeping in hand (the lowest goes to the centre first)."""
    me = view["seat"]
    tops = [_value(pile[-1]) for pile in view["piles"]]
    value = _value(card)
    keep = 0.0
    if value == tops[me] - 1:
        keep += 2.0  # it could be placed on our own pile: nobody else gets it while we hold it
    if any(value == top - 1 for seat, top in enumerate(tops) if seat != me):
        keep += 1.5  # an attack card
    elif any(value == top - 2 for seat, top in enumerate(tops) if seat != me):
        keep += 0.5
    if value == 0:
        keep += 0.5
    return keep


def _can_empty(hand: list[str], top: str, expert: bool, same_only: bool = False) -> bool:
    """Whether every card of ``hand`` can go to the centre this turn, starting on ``top``."""
    if not hand:
        return True
    if len(hand) > 6:
        return False
    for i, card in enumerate(hand):
        higher = _value(card) == (_value(top) + 1) % 5
        same = card[0] == top[0]
        if expert:
            if (higher or same) and _can_empty(hand[:i] + hand[i + 1:], card, True):
                return True
        elif same_only:
            if same and _can_empty(hand[:i] + hand[i + 1:], card, False, True):
                return True
        elif same:
            if _can_empty(hand[:i] + hand[i + 1:], card, False, True):
                return True
        elif higher and len(hand) == 1:
            return True
    return False


def _placements(view: dict, hand: list[str]) -> list[tuple[float, str]]:
    """``(score, action)`` for every placement ``hand`` allows now."""
    me = view["seat"]
    found = []
    for target, pile in enumerate(view["piles"]):
        if target != me:
            wanted = _value(pile[-1]) - 1
            for card in sorted(set(hand)):
                if _value(card) == wanted:
                    found.append((_place_score(view, card, target), f"place {card} {target}"))
    return found


def medium(game: Game, seat: int, rng: random.Random) -> str:
    """The medium strategy (see the module docstring)."""
    view = game.view(seat)
    legal = view["legal_actions"]
    phase = view["phase"]
    if phase == "takeback":
        return "takeback"
    hand = view["hand"]
    expert = view["options"]["expert"]
    own_hit = _value(view["piles"][seat][-1]) < 5
    centre = [a for a in legal if a.startswith("center ")]
    if phase == "playing":
        places = [(s, a) for s, a in _placements(view, hand) if a in legal]
        if places:
            score, action = max(places, key=lambda sa: (sa[0], sa[1]))
            if score > 0:
                return action
        if own_hit:  # keep going if the whole hand can follow: then we may take back (SN-6)
            for action in centre:
                rest = list(hand)
                rest.remove(action[7:])
                if _can_empty(rest, action[7:], expert, same_only=not expert):
                    return action
        return "end"
    if not centre:
        return "pass"
    options = []
    for action in centre:
        card = action[7:]
        rest = list(hand)
        rest.remove(card)
        places = [s for s, _ in _placements(view, rest)]
        best = max(places, default=0.0)
        options.append((best - 0.1 * _keep_value(view, card), rng.random(), action))
    score, _, action = max(options)
    if score > 0:
        return action
    if own_hit:  # the first card of a run that empties the hand, to take back (SN-6)
        top = view["center_top"]
        for action in centre:
            card = action[7:]
            rest = list(hand)
            rest.remove(card)
            if expert:
                empties = _can_empty(rest, card, True)
            else:  # SN-3: only a same-colour start lets more cards follow
                empties = not rest or (card[0] == top[0] and _can_empty(rest, card, False, True))
            if empties:
                return action
    return "pass"


def easy(game: Game, seat: int, rng: random.Random) -> str:
    """The easy strategy: place whenever possible, otherwise mostly pass; sometimes random."""
    view = game.view(seat)
    legal = view["legal_actions"]
    if view["phase"] == "takeback":
        return "takeback"
    if rng.random() < 0.15:
        return rng.choice(legal)
    places = [a for a in legal if a.startswith("place ")]
    if places:
        return rng.choice(places)
    centre = [a for a in legal if a.startswith("center ")]
    if view["phase"] == "playing":
        return "end"
    hand = view["hand"]
    useful = []
    for action in centre:
        rest = list(hand)
        rest.remove(action[7:])
        if _placements(view, rest):
            useful.append(action)
    if useful:
        return rng.choice(useful)
    if centre and rng.random() < 0.3:
        return rng.choice(centre)
    return "pass"


# ----- hard bot hooks (see .ismcts) ------------------------------------------------------------

def rollout_policy(world: Game, rng: random.Random) -> str:
    """The policy every simulated player follows in a rollout: the medium strategy."""
    return medium(world, world.current_player, rng)


def evaluate(world: Game) -> list[float]:
    """Reward per seat in [0, 1]: the win share at the end of the game, else a soft win chance
    from the projected scores (totals plus pile tops)."""
    if world.is_over:
        share = 1.0 / len(world.winners)
        return [share if seat in world.winners else 0.0 for seat in range(world.players)]
    view = world.view(None)
    projected = _projected(view)
    best = max(projected)
    weights = [math.exp((p - best) / TEMPERATURE) for p in projected]
    total = sum(weights)
    return [w / total for w in weights]


def cutoff(world: Game, start_round: int, turns: int) -> bool:
    """Whether a rollout stops here: the round changed or it ran :data:`ROLLOUT_TURNS` actions."""
    return world.round != start_round or turns >= ROLLOUT_TURNS
