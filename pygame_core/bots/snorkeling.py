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
  another one scored better by :data:`CONFIDENCE` standard errors of the paired differences
  (for one rival; more with more rivals, see :func:`.ismcts.paired_margin`).
  Many moves change nothing within the horizon; comparing them on the same worlds and keeping the
  medium move on a tie is what makes the search stronger than medium at four players (without
  it, hard won 40% of a hard-hard-medium-medium table).
"""

from __future__ import annotations

import math
import random

from ..engine import Game
from ..games.snorkeling import PLACE, START, TAKEBACK, VALUE

ROLLOUT_TURNS = 24  # simulated actions (of all players) before a rollout is cut off and evaluated
TEMPERATURE = 2.5  # points: how sharply a lead in projected score turns into a win chance
ITERATIONS = {2: 360, 3: 280, 4: 230, 5: 200, 6: 180}  # hard bot's search budget by players
PAIRED = True  # root moves compared on the same worlds; keep the medium move unless beaten
CONFIDENCE = 1.0  # ... by this many standard errors (for one rival, see ismcts.paired_margin)


def _value(card: str) -> int:
    return VALUE[card]


def _projected(view: dict) -> list[int]:
    """Total so far plus the current pile top: the score if the round ended now (SN-7)."""
    return [total + VALUE[pile[-1]] for total, pile in zip(view["totals"], view["piles"])]


def _place_score(view: dict, card: str, target: int) -> float:
    """How good placing ``card`` on ``target``'s pile is for the player to move (> 0 = worth it)."""
    return _place_scores(view["seat"], _projected(view), VALUE[card] == 0)[target]


def _place_scores(me: int, projected: list[int], beach: bool) -> list[float]:
    """Per target seat, how good placing a card there is for ``me`` (> 0 = worth it): a Beach
    ends the round (SN-7), so only when that leaves ``me`` in front; any other card hurts the
    target, the projected leader most."""
    scores = []
    if beach:
        for target in range(len(projected)):
            best_other = max(p - (s == target) for s, p in enumerate(projected) if s != me)
            scores.append(20.0 if projected[me] > best_other else -20.0)
        return scores
    leader = max(p for s, p in enumerate(projected) if s != me)
    return [1.0 + (2.0 if p == leader else 0.0) + 0.1 * p for p in projected]


def _keep_value(view: dict, card: str) -> float:
    """How much ``card`` is worth keeping in hand (the lowest goes to the centre first)."""
    tops = [VALUE[pile[-1]] for pile in view["piles"]]
    return _keep_values(view["seat"], tops)[VALUE[card]]


def _keep_values(me: int, tops: list[int]) -> list[float]:
    """Per card value 0 ... 4, how much a card of that value is worth keeping in hand."""
    attack = {top - 1 for seat, top in enumerate(tops) if seat != me}
    near = {top - 2 for seat, top in enumerate(tops) if seat != me}
    own = tops[me] - 1
    values = []
    for value in range(5):
        keep = 0.5 if value == 0 else 0.0
        if value == own:
            keep += 2.0  # it could be placed on our own pile: nobody else gets it while we hold it
        if value in attack:
            keep += 1.5  # an attack card
        elif value in near:
            keep += 0.5
        values.append(keep)
    return values


def _can_empty(hand: list[str], top: str, expert: bool, same_only: bool = False) -> bool:
    """Whether every card of ``hand`` can go to the centre this turn, starting on ``top``."""
    if not hand:
        return True
    if len(hand) > 6:
        return False
    for i, card in enumerate(hand):
        higher = VALUE[card] == (VALUE[top] + 1) % 5
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
    projected = _projected(view)
    found = []
    for target, pile in enumerate(view["piles"]):
        if target != me:
            wanted = VALUE[pile[-1]] - 1
            for card in sorted(set(hand)):
                if VALUE[card] == wanted:
                    found.append((_place_scores(me, projected, wanted == 0)[target],
                                  f"place {card} {target}"))
    return found


def medium(game: Game, seat: int, rng: random.Random) -> str:
    """The medium strategy (see the module docstring)."""
    view = game.view(seat)
    return decide(seat, view["hand"], view["piles"], view["totals"], view["center_top"],
                  view["phase"], view["options"]["expert"], view["legal_actions"], rng)


def decide(seat: int, hand: list[str], piles: list[list[str]], totals: list[int], top: str,
           phase: str, expert: bool, legal: list[str], rng: random.Random) -> str:
    """The medium strategy on plain data: ``seat``'s own sorted ``hand``, the public ``piles``
    (bottom -> top), ``totals``, centre ``top`` card, turn ``phase`` (``start``, ``playing``,
    ``takeback``), the ``expert`` option (SN-4) and the sorted ``legal`` actions (not changed;
    only their ``center`` actions are read, so those alone will do, at least one in the start
    phase). Returns a legal action. Reads nothing hidden from ``seat`` (GEN-7): the search's rollouts
    call it on a sampled world with that world's own hand of the seat to move."""
    if phase == "takeback":
        return "takeback"
    tops = [VALUE[pile[-1]] for pile in piles]
    scores, best_by_value, keep, wanted = _position(seat, tops, totals)
    own_hit = tops[seat] < 5
    if phase == "playing":
        for card in hand:
            if VALUE[card] in wanted:
                score, action = max(_placements_of(seat, hand, tops, scores))
                if score > 0:
                    return action
                break
        if own_hit:  # keep going if the whole hand can follow: then we may take back (SN-6)
            for action in legal:
                if action[0] != "c":
                    break
                card = action[7:]
                rest = list(hand)
                rest.remove(card)
                if _can_empty(rest, card, expert, same_only=not expert):
                    return action
        return "end"
    if legal[0][0] != "c":  # no centre play: "pass" sorts after every "center ..." action
        return "pass"
    have = [0] * 5
    for card in hand:
        have[VALUE[card]] += 1
    first = second = -1  # the two values in hand that allow the best placements, best first
    for v in range(5):
        if have[v] and best_by_value[v] != 0.0:
            if first < 0 or best_by_value[v] > best_by_value[first]:
                first, second = v, first
            elif second < 0 or best_by_value[v] > best_by_value[second]:
                second = v
    options = []
    draw = rng.random
    for action in legal:
        if action[0] != "c":
            break
        played = VALUE[action[7:]]
        # the best placement the rest of the hand allows after playing this card
        if first >= 0 and (first != played or have[first] > 1):
            best = best_by_value[first]
        else:
            best = best_by_value[second] if second >= 0 else 0.0
        options.append((best - 0.1 * keep[played], draw(), action))
    score, _, action = max(options)
    if score > 0:
        return action
    if own_hit:  # the first card of a run that empties the hand, to take back (SN-6)
        for action in legal:
            if action[0] != "c":
                break
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


_POSITIONS: dict[tuple, tuple] = {}  # _position's results (a search meets the same few often)
POSITIONS_KEPT = 4096  # at most this many (a few MB); then they are forgotten and worked out again


def _position(seat: int, tops: list[int], totals: list[int]) -> tuple:
    """What :func:`decide` weighs that depends only on ``seat``, the pile tops' values and the
    totals: ``(scores, best_by_value, keep, wanted)``: :func:`_place_scores` per target (a
    Beach's where the target's top is 1), the best placement a card of each value allows (0.0:
    none), :func:`_keep_values`, and the values that can be placed on another pile."""
    key = (seat, *tops, *totals)
    found = _POSITIONS.get(key)
    if found is not None:
        return found
    projected = [total + top for total, top in zip(totals, tops)]
    plain = _place_scores(seat, projected, False)
    beach = _place_scores(seat, projected, True)
    scores = [beach[target] if top == 1 else plain[target] for target, top in enumerate(tops)]
    best_by_value = [0.0] * 5
    for target, pile_top in enumerate(tops):
        if target != seat and 1 <= pile_top <= 5:
            score = scores[target]
            v = pile_top - 1
            if score > best_by_value[v] or best_by_value[v] == 0.0:
                best_by_value[v] = score
    wanted = frozenset(top - 1 for s, top in enumerate(tops) if s != seat)
    if len(_POSITIONS) >= POSITIONS_KEPT:
        _POSITIONS.clear()
    found = _POSITIONS[key] = (scores, best_by_value, _keep_values(seat, tops), wanted)
    return found


def _placements_of(seat: int, hand: list[str], tops: list[int], scores: list[float]) -> list[tuple]:
    """``(score, action)`` for every placement ``hand`` allows (SN-5), ``scores`` per target
    as :func:`_position` gives them."""
    found = []
    last = ""
    for card in hand:  # sorted: each card once
        if card == last:
            continue
        last = card
        value = VALUE[card] + 1
        for target, top in enumerate(tops):
            if target != seat and top == value:
                found.append((scores[target], PLACE[card][target]))
    return found


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
    """The policy every simulated player follows in a rollout: the medium strategy (:func:`decide`)
    on the sampled world's state, reading only the mover's own hand and public state. It hands
    :func:`decide` only the ``center`` actions (all it reads of the legal ones), not listing the
    placements, which :func:`decide` finds itself."""
    seat = world.current_player
    phase = world.phase
    if phase == TAKEBACK:
        return "takeback"  # what decide answers at once
    centre = world.centre_moves()
    if not centre and phase == START:  # a forced pass (the search asks the policy for every move)
        return "pass"
    return decide(seat, world.hands[seat], world.piles, world.totals, world.centre[-1], phase,
                  world.options["expert"], centre, rng)


def evaluate(world: Game) -> list[float]:
    """Reward per seat in [0, 1]: the win share at the end of the game, else a soft win chance
    from the projected scores (totals plus pile tops)."""
    if world.is_over:
        share = 1.0 / len(world.winners)
        return [share if seat in world.winners else 0.0 for seat in range(world.players)]
    projected = [total + VALUE[pile[-1]] for total, pile in zip(world.totals, world.piles)]
    best = max(projected)
    weights = [math.exp((p - best) / TEMPERATURE) for p in projected]
    total = sum(weights)
    return [w / total for w in weights]


def cutoff(world: Game, start_round: int, turns: int) -> bool:
    """Whether a rollout stops here: the round changed or it ran :data:`ROLLOUT_TURNS` actions."""
    return world.round != start_round or turns >= ROLLOUT_TURNS
