"""The hard bot: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

One search tree is grown from the bot's own point of view. Each iteration

1. samples a world the bot cannot tell from the real one: ``game.determinize(seat, rng)`` re-deals
   every card hidden from ``seat`` consistently with its view and the public history;
2. walks down the tree with the actions legal *in that world*, choosing by UCB1 with availability
   counts (a child's exploration term uses how often it was available, not its parent's visits);
   with ``model_opponents`` the other seats do not search in the tree but play the game's
   rollout policy, which sees only their own (sampled) hand, so they cannot "peek" at the
   bot's real hand through the shared tree (the known weakness of SO-ISMCTS);
3. adds one new node (below the root, the rollout policy's own move first, then the others at
   random), then plays on with the game's rollout policy (the medium strategy, see the game's
   bot module) until the game ends or the rollout is cut off (end of a round or hand, or a
   fixed number of actions), and scores the result with the game's evaluation (win share, or a
   soft win chance from projected scores);
4. backs each seat's reward up the path: every node is scored for the seat that chose it.

The move played is the root action visited most. In ``paired`` mode (for games where luck
swamps the differences between moves) the root instead tries every move in turn on the same
sampled world with the same dice (common random numbers), and plays the game's ``expert``
choice (else the rollout policy's move) unless another move did better on the same worlds by a
margin of paired standard errors: ``confidence`` for one rival, more for more rivals
(:func:`paired_margin`), so that noise alone rarely unseats the first choice.

The search path: worlds are played with ``Game.moves()`` (the cached legal list) and
``Game.step()`` (the rules of ``apply`` without the legality check and the action record),
rollout policies read the world's state directly (the mover's own hand and public state, never
another hand) through the same strategy functions the medium bot uses on its view, and are asked
for every simulated move, forced ones too (a policy answers those at once, or, like Go Fish's,
builds a legal move without listing the legal actions at all), a world keeps no history (a policy
that remembers the table talk, like Go Fish's, has its ``hear`` told each simulated entry in place
of the world's :meth:`~pygame_core.engine.Game.log`), and ``determinize`` reuses
per-position work (what the seat knows) across the samples. No rule exists twice: the
conformance suite plays the same games through ``apply`` and ``step``.

Only ``game.view``/``game.history``/``game.legal_actions()`` of the real game and ``determinize``
are used; simulated worlds are copies, so the real hidden state is never read (the copy of the
position taken at ``start`` is only ever passed to ``determinize``). Each game's bot module
supplies the hooks: ``ITERATIONS`` (by player count), ``rollout_policy`` or ``rollout_factory``,
``evaluate``, ``cutoff`` (``None``: a rollout stops only after ``ROLLOUT_ACTIONS`` actions,
counted without a call per action), and optionally ``candidates`` (moves worth searching),
``expert``, ``PAIRED``, ``CONFIDENCE`` and ``MODEL_OPPONENTS``.

Budget: by default the hard bot is *anytime*: it thinks until its time cap (``time_ms``, default
:data:`TIME_CAP_MS` of thinking time, counted over all slices), so a faster engine or machine
plays stronger, unless the decision is clear first (:meth:`SearchThinker.clear`: in paired mode
every rival move did worse than the choice on the same worlds by :data:`CLEAR_CONFIDENCE` paired
standard errors, or the same on every world, after at least :data:`CLEAR_ROUNDS` worlds; in tree
mode the most visited move cannot be overtaken in the time left). An iteration count
(``iterations``) instead stops the search after that many iterations (or at the cap, whichever
comes first): with the same seed and no cap moves are then reproducible. With neither a cap nor
a count the game's ``ITERATIONS`` (by player count, sized for about 100-150 ms of CPython time
per move on this project's 2-core machine) is the count. The cap counts wall-clock time (what a
player waits) or, with ``clock="cpu"``, this process's CPU time (``tournament --browser-speed`` uses it with the cap scaled by
:data:`BROWSER_SPEED`, so a busy machine plays the bot as the page does).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from statistics import NormalDist

from ..engine import Game, whole_number
from . import enemy_anemone, go_fish, snorkeling
from .base import Bot, Decided, check_turn

TIME_CAP_MS = 250.0  # thinking time cap per move (the browser budget is < 300 ms median, < 1 s)
# Pyodide's speed as a share of CPython's for the engine, the slowest game measured on this
# project's 2-core machine (67-91% across games, Chromium, tests/bench/browser_bots.py): a
# CPython tournament with the cap times this share searches about as much as the page does.
BROWSER_SPEED = 0.67
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
EXPLORATION = 0.7  # UCB1 constant for rewards in [0, 1]
# An anytime search stops before its cap once its choice is clear (SearchThinker.clear): after at
# least CLEAR_ROUNDS sampled worlds per root move, every rival did worse on the same worlds by
# CLEAR_CONFIDENCE paired standard errors (Bonferroni over the rivals, see paired_margin).
CLEAR_ROUNDS = 24
CLEAR_CONFIDENCE = 2.5
HOOKS = {module.__name__.rsplit(".", 1)[1]: module
         for module in (snorkeling, go_fish, enemy_anemone)}


def paired_margin(confidence: float, rivals: int) -> float:
    """The standard errors a rival move must gain over the first choice when ``rivals`` moves
    compete with it: one-sided error ``1 - Phi(confidence)`` shared out over the rivals
    (Bonferroni). ``paired_margin(2.0, 1) == 2.0``; more rivals, a larger margin."""
    if rivals <= 1:
        return confidence
    normal = NormalDist()
    return normal.inv_cdf(1.0 - (1.0 - normal.cdf(confidence)) / rivals)


class Node:
    """A tree node: the statistics of the action that leads to it, for the seat that chose it."""

    __slots__ = ("children", "visits", "reward", "avail")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


def _rollout_factory(hooks, game: Game):
    factory = getattr(hooks, "rollout_factory", None)
    if factory is not None:
        return factory(game)
    policy = hooks.rollout_policy
    return lambda: policy


class SearchThinker:
    """One decision of the hard bot, thought out in slices: ``step(budget_ms)`` runs iterations
    for about ``budget_ms`` and returns the action once the iteration budget (or the time cap) is
    used up, else ``None``; ``choose()`` runs to the end. ``iterations=None`` makes the search
    anytime: it runs until the time cap ``time_ms`` (then required) unless :meth:`clear` says the
    choice can no longer change first. ``actions`` (default: the game's ``candidates`` of the
    legal actions, else all of them) are the moves searched at the root. Raises ``ValueError``
    for an anytime search without a cap."""

    def __init__(self, game: Game, seat: int, rng: random.Random, iterations: int | None,
                 time_ms: float | None, exploration: float = EXPLORATION,
                 paired: bool = False, confidence: float = 1.0,
                 model_opponents: bool = True, clock=time.perf_counter,
                 actions: list[str] | None = None) -> None:
        self.position = game.clone()  # frozen: only ever passed to determinize()
        self.clock = clock
        self.confidence = confidence
        self.model_opponents = model_opponents
        self.seat = seat
        self.rng = rng
        self.hooks = HOOKS[game.name]
        if iterations is None and time_ms is None:
            raise ValueError("an anytime search (iterations=None) needs a time cap")
        self.iterations = iterations
        self.cap = None if time_ms is None else time_ms / 1000.0
        self.exploration = exploration
        self.root = Node()
        candidates = getattr(self.hooks, "candidates", None)
        self.prune = candidates
        legal = game.legal_actions()
        if actions is not None:  # the coach rates every legal action, not just the candidates
            self.root_actions = list(actions)
        else:
            self.root_actions = candidates(game, legal) if candidates else legal
        self.start_round = game.round
        self.make_policy = _rollout_factory(self.hooks, game)
        self.cutoff = self.hooks.cutoff
        # with a cutoff of None: the actions a rollout may take (else None: the cutoff decides)
        self.limit = self.hooks.ROLLOUT_ACTIONS if self.cutoff is None else None
        self.done = 0
        self.thought = 0.0
        self.paired = paired
        self.group: tuple | None = None  # paired mode: (world, dice state) shared by a round
        self.dice = random.Random(0)  # paired mode: the round's dice, set to its state each time
        self.samples: dict[str, list[float]] = {a: [] for a in self.root_actions}
        # anytime: when to ask clear() next (iterations done), growing by half each time
        self.clear_at = CLEAR_ROUNDS * (len(self.root_actions) if paired else 1)
        self.action: str | None = self.root_actions[0] if len(self.root_actions) == 1 else None
        self.default = None
        if paired and self.action is None:  # the first choice, kept unless clearly beaten
            expert = getattr(self.hooks, "expert", None)
            default = expert(game, seat, rng) if expert else self.make_policy()(game, rng)
            self.default = default if default in self.samples else self.root_actions[0]

    # ----- the thinker protocol -----------------------------------------------------------------

    def step(self, budget_ms: float) -> str | None:
        """Think for about ``budget_ms`` (at least one iteration); the action once decided."""
        if self.action is not None:
            return self.action
        clock = self.clock
        began = clock()
        until = began + budget_ms / 1000.0
        if self.cap is not None:
            until = min(until, began + self.cap - self.thought)
        # The clock is read about once a millisecond, not after every iteration: a CPU clock
        # costs a system call, as much as a short iteration on a busy machine.
        last, stride, check = began, 1, self.done + 1
        budget = self.iterations
        clear = False
        while budget is None or self.done < budget:
            self._iterate()
            self.done += 1
            if self.done >= check:
                now = clock()
                if now >= until:
                    break
                per = (now - last) / stride  # seconds per iteration lately
                stride = min(2 * stride, max(1, int(0.001 / per))) if per > 0 else 2 * stride
                last, check = now, self.done + stride
                if budget is None and self.done >= self.clear_at:
                    self.clear_at += self.clear_at // 2
                    if self.clear(self.cap - self.thought - (now - began), per):
                        clear = True
                        break
        self.thought += clock() - began
        if clear or (budget is not None and self.done >= budget) or (
                self.cap is not None and self.thought >= self.cap):
            self.action = self._best()
        return self.action

    def clear(self, left: float, per: float) -> bool:
        """Whether more thinking can no longer change the choice (the anytime search's stopping
        rule), with ``left`` seconds of the cap to go at ``per`` seconds an iteration. Paired
        mode: every rival move, on at least :data:`CLEAR_ROUNDS` of the same worlds as the
        choice, did worse by :data:`CLEAR_CONFIDENCE` paired standard errors (more with more
        rivals, :func:`paired_margin`), or exactly the same on every world. Tree mode: the most
        visited root move leads the next by more iterations than the time left allows."""
        if self.paired:
            choice = self._paired_best()
            base = self.samples[choice]
            z = paired_margin(CLEAR_CONFIDENCE, len(self.samples) - 1)
            for action, rewards in self.samples.items():
                n = min(len(rewards), len(base))
                if action == choice:
                    continue
                if n < CLEAR_ROUNDS:
                    return False
                diffs = [rewards[g] - base[g] for g in range(n)]
                mean = sum(diffs) / n
                var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
                if var == 0.0 and mean == 0.0:  # the same on every world: either will do
                    continue
                if mean + z * math.sqrt(var / n) >= 0.0:
                    return False
            return True
        visits = sorted((child.visits for child in self.root.children.values()), reverse=True)
        if len(visits) < len(self.root_actions):
            return False
        return visits[0] - visits[1] > left / per if per > 0 else False

    def choose(self) -> str:
        """Think to the end (iteration budget or time cap) and return the action."""
        while True:
            action = self.step(1000.0)
            if action is not None:
                return action

    # ----- the search ---------------------------------------------------------------------------

    def _best(self) -> str:
        children = self.root.children
        tried = [a for a in self.root_actions if a in children]
        if not tried:
            return self.root_actions[0]
        if self.paired:
            return self._paired_best()
        return max(tried, key=lambda a: (children[a].visits,
                                         children[a].reward / max(1, children[a].visits)))

    def _paired_best(self, among: set[str] | None = None) -> str:
        """The first choice unless another move (of ``among``, default any) did better on the
        same worlds by a paired margin (then the best such move). The margin is ``confidence``
        standard errors for one rival and grows with their number (a Bonferroni correction: the
        chance that noise alone unseats the first choice stays what one comparison at
        ``confidence`` would risk)."""
        base = self.samples[self.default]
        best, best_gain = self.default, 0.0
        z = paired_margin(self.confidence, len(self.samples) - 1)
        for action, rewards in self.samples.items():
            n = min(len(rewards), len(base))
            if action == self.default or n < 3 or (among is not None and action not in among):
                continue
            diffs = [rewards[g] - base[g] for g in range(n)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            if mean > best_gain and mean > z * math.sqrt(var / n):
                best, best_gain = action, mean
        return best

    def _world(self, rng: random.Random) -> Game:
        """A sampled world for one iteration (``determinize``) that keeps no history."""
        world = self.position.determinize(self.seat, rng)
        world.history = []
        world.quiet = True
        return world

    def _iterate(self) -> None:
        rng = self.rng
        hooks = self.hooks
        forced = None
        if self.paired:  # every root action in turn on the same world with the same dice
            turn = self.done % len(self.root_actions)
            if turn == 0:
                world = self._world(rng)
                self.dice.seed(rng.getrandbits(64))
                self.group = (world, self.dice.getstate())
            base, dice = self.group
            rng = self.dice
            if turn:  # the first move finds the dice in that state already
                rng.setstate(dice)  # as random.Random(seed), without seeding again
            world = base.sample_copy(rng)  # the same world and the same dice for every move
            forced = self.root_actions[turn]
        else:
            world = self._world(rng)
        node = self.root
        path: list[tuple[Node, int]] = []
        actions = 0
        start = self.start_round
        cutoff = self.cutoff
        log = math.log
        sqrt = math.sqrt
        c = self.exploration
        policy = self.make_policy()
        hear = getattr(policy, "hear", None)
        if hear is not None:  # the policy hears each simulated entry in place of the log
            world.log = hear
        model = self.model_opponents
        seat = self.seat
        prune = self.prune
        limit = self.limit
        while world.current_player is not None and (
                actions < limit if limit is not None else not cutoff(world, start, actions)):
            player = world.current_player
            if model and player != seat:  # the others play the policy, knowing only their hand
                action = policy(world, rng)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = Node()
                world.step(action)
                actions += 1
                path.append((child, player))
                node = child
                continue
            if node is self.root:
                legal = self.root_actions
            else:
                legal = world.moves()
                if prune is not None:
                    legal = prune(world, legal)
            children = node.children
            if forced is not None:
                legal = [forced]
                forced = None
            untried = [a for a in legal if a not in children]
            if untried:
                if len(untried) == 1:
                    action = untried[0]
                else:  # the rollout policy's own move first, then the others at random
                    action = policy(world, rng) if player == seat and node is not self.root else None
                    if action not in untried:
                        action = rng.choice(untried)
                child = children[action] = Node()
            elif len(legal) == 1:  # nothing to compare (e.g. paired mode's root move)
                action = legal[0]
                child = children[action]
            else:
                action, child, best = legal[0], children[legal[0]], -1.0
                for a in legal:
                    n = children[a]
                    score = n.reward / n.visits + c * sqrt(log(n.avail + 1) / n.visits)
                    if score > best:
                        action, child, best = a, n, score
            if len(children) == 1:  # only the child taken (just added, or the one legal move)
                child.avail += 1
            else:
                for a in legal:
                    n = children.get(a)
                    if n is not None:
                        n.avail += 1
            world.step(action)
            actions += 1
            path.append((child, player))
            node = child
            if untried:
                break
        step = world.step
        if limit is not None:  # no cutoff to ask: only the number of actions stops a rollout
            actions += world.play_out(policy, rng, limit - actions)
        else:
            while world.current_player is not None and not cutoff(world, start, actions):
                step(policy(world, rng))
                actions += 1
        rewards = hooks.evaluate(world)
        if self.paired:
            self.samples[self.root_actions[self.done % len(self.root_actions)]].append(
                rewards[self.seat])
        for child, player in path:
            child.visits += 1
            child.reward += rewards[player]


class HardBot(Bot):
    """The search bot (see the module docstring). By default it is anytime: it thinks for its
    whole time cap ``time_ms`` (thinking time per move) unless its choice is clear first.
    ``iterations`` instead stops each search after that many iterations (or at the cap); with
    ``time_ms=None`` and no ``iterations`` the game's ``ITERATIONS`` (by player count) is the
    count. ``exploration`` is the UCB1 constant. ``paired``, ``confidence`` and
    ``model_opponents`` override the game module's ``PAIRED`` (default off),
    ``CONFIDENCE`` (default 1.0 standard error) and ``MODEL_OPPONENTS`` (default on).
    ``clock`` is what the time cap counts: ``"wall"`` (default, what a player waits) or
    ``"cpu"`` (this process's CPU time: steadier for tournaments on a busy machine).
    Raises ``ValueError`` for another clock; ``start`` raises ``ValueError`` when it is not
    ``seat``'s turn."""

    level = "hard"

    def __init__(self, seed: int | None = None, iterations: int | None = None,
                 time_ms: float | None = TIME_CAP_MS, exploration: float = EXPLORATION,
                 paired: bool | None = None, confidence: float | None = None,
                 model_opponents: bool | None = None, clock: str = "wall") -> None:
        super().__init__(seed)
        if clock not in CLOCKS:
            raise ValueError(f"clock must be one of {', '.join(CLOCKS)}, got {clock!r}")
        self.clock = CLOCKS[clock]
        self.confidence = confidence
        self.model_opponents = model_opponents
        self.iterations = iterations
        self.time_ms = time_ms
        self.exploration = exploration
        self.paired = paired

    def start(self, game: Game, seat: int):
        check_turn(game, seat)
        legal = game.legal_actions()
        if len(legal) == 1:
            return Decided(legal[0])
        iterations = self.iterations
        if iterations is None and self.time_ms is None:  # no cap: the game's fixed budget
            iterations = HOOKS[game.name].ITERATIONS[game.players]
        rng = random.Random(self.rng.getrandbits(64))
        paired = self.paired if self.paired is not None else getattr(HOOKS[game.name], "PAIRED", False)
        confidence = (self.confidence if self.confidence is not None
                      else getattr(HOOKS[game.name], "CONFIDENCE", 1.0))
        model = (self.model_opponents if self.model_opponents is not None
                 else getattr(HOOKS[game.name], "MODEL_OPPONENTS", True))
        return SearchThinker(game, seat, rng, iterations, self.time_ms, self.exploration, paired,
                             confidence, model, self.clock)


# ----- the coach -----------------------------------------------------------------------------

SAMPLES_PER_ACTION = 96  # the least number of sampled worlds behind each rated action by default
# (its chance then within about 0.1 at 95% confidence; the rivals, on the same worlds, closer)
# The coach's second looks (Adviser): where another action rates at least as high as the one
# named, the two are played again on fresh worlds, at most this many times a hint; the other is
# named if it did better there by this many paired standard errors.
SECOND_LOOKS = 2
SECOND_LOOK_Z = 1.0
# A move the hint says the one named is "not clearly better than": its paired mean reward on the
# first look's worlds within this many standard errors of the named one's (about 95% sure either
# way). At one error, the hint called a 9-point gap in Go Fish "next best" that a review's fresh
# worlds did not bear out.
AS_GOOD_Z = 2.0


CALIBRATION_FLOOR = 0.002  # a mean reward is read as at least this far from 0 and 1 (a logit's range)


def calibrated(game: Game, raw: float) -> float:
    """The chance to win (a float in [0, 1]) that a mean search reward ``raw`` (in [0, 1]) stands
    for in ``game``'s game. Where the game's bot module has a ``CALIBRATION`` ``(slope, shift)``,
    fitted offline (Platt scaling: ``logistic(slope * logit(raw) + shift)``, see the module), the
    reward is read through it; else, and for a reward of exactly 0 or 1 (lost or won in every
    world), it is the chance as it is. Never decreasing in ``raw``: the coach's order of moves
    is the search's."""
    scale = getattr(HOOKS[game.name], "CALIBRATION", None)
    if scale is None or raw <= 0.0 or raw >= 1.0:
        return raw
    slope, shift = scale
    clamped = min(max(raw, CALIBRATION_FLOOR), 1.0 - CALIBRATION_FLOOR)
    return 1.0 / (1.0 + math.exp(-(slope * math.log(clamped / (1.0 - clamped)) + shift)))


@dataclass(frozen=True)
class Rating:
    """One legal action as the coach rates it: ``chance`` (a float in [0, 1]) is the seat's chance
    to win after playing ``action``: the mean reward it got on ``samples`` sampled worlds (the
    game's evaluation: its win share, ties shared, where the game ended, else the game's estimate
    of it where a rollout was cut off), read through the game's calibration (:func:`calibrated`)."""

    action: str
    chance: float
    samples: int


@dataclass(frozen=True)
class Advice:
    """The coach's answer for ``seat``: ``ratings`` holds every legal action, the highest chance
    first (equal chances keep the order of ``legal_actions()``), and ``best`` is the action the
    coach names: the hard bot's own first choice (its ``expert`` plan) unless another action did
    better on the same worlds by a paired margin (one standard error, more with more rivals:
    :meth:`SearchThinker._paired_best`), then the best of those; and where another still rated at
    least as high, whichever of the two did better on a second look at fresh worlds
    (:class:`Adviser`). Several asks of Go Fish, or cards of Enemy Anemone, often rate within a
    point or two of each other: the highest of such noisy ratings is a draw among them, while the
    plan reads the table talk. So ``best`` may rate a little below ``ratings[0]``: within a
    standard error of a move looked at again with it, or one never looked at again after the
    last look."""

    seat: int
    best: str
    ratings: tuple[Rating, ...]


class Adviser:
    """Rates every legal action of ``seat`` (default: the seat to move) from that seat's view only,
    in slices: ``step(budget_ms)`` samples for about ``budget_ms`` and returns the
    :class:`Advice` once done, else ``None``; :meth:`advise` runs to the end.

    Each round of samples draws one world the seat cannot tell from the real one
    (``game.determinize``, as the hard bot does) and plays every legal action on it in turn with
    the same dice (common random numbers, the hard bot's paired mode), the game going on with the
    hard bot's search and rollout policy. ``iterations`` (default: the hard bot's budget for this
    game and player count, and at least :data:`SAMPLES_PER_ACTION` per action) is rounded up to
    whole rounds; ``time_ms`` (default ``None``: no cap) stops sampling after the round in which
    it ran out (at least one round). The same ``seed`` and iteration budget give the same advice.
    ``actions`` (default: every legal action) rates only those legal actions.

    The action named (:class:`Advice`) is the hard bot's plan unless another did better on the same
    worlds by a paired margin. Only the game's ``candidates`` may be named (every action is
    rated): a move another one dominates is never named, however its noisy rating reads (Go
    Fish: with a sure catch on the table, a sure catch, GF-10; Enemy Anemone: no Anemones beyond
    the cheapest that make the card the highest, EA-4). Where another action still rates at least as high as the one named
    (the highest of several noisy ratings is biased upwards: with eight asks one looks better than
    the plan by chance alone), the two are looked at again (``second_look``, default on): played
    on twice as many fresh worlds as each action had at first (the same rng going on:
    deterministic), paired; the other is named if it did better there by :data:`SECOND_LOOK_Z`
    paired standard errors (the plan keeps the benefit of the doubt: a sure catch in Go Fish is
    not given up for an ask that reads a point higher), and both are rated by those worlds alone
    (their ``samples``: twice the others'). If another action still rates as high as the one
    named, the next look plays it with those on new fresh worlds, and so on, :data:`SECOND_LOOKS`
    looks at most. Under a time cap a look stops with the cap too (at a whole round), and none
    starts once the cap is used up.
    Raises ``ValueError`` when the game is over or it is not ``seat``'s turn, or for an
    ``iterations`` that is not a whole number >= 1, a ``time_ms`` that is not > 0 or a ``seed``
    that is not a whole number from 0 to 2**53 - 1 (or None)."""

    def __init__(self, game: Game, seat: int | None = None, iterations: int | None = None,
                 time_ms: float | None = None, seed: int | None = 0, *, actions: list[str] | None = None,
                 second_look: bool = True) -> None:
        if game.current_player is None:
            raise ValueError("the game is over: there is no move to rate")
        seat = game.current_player if seat is None else seat
        check_turn(game, seat)
        legal = game.legal_actions() if actions is None else list(actions)
        hooks = HOOKS[game.name]
        if iterations is None:
            iterations = max(hooks.ITERATIONS[game.players], SAMPLES_PER_ACTION * len(legal))
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise ValueError(f"iterations must be a whole number >= 1, got {iterations!r}")
        if time_ms is not None and (isinstance(time_ms, bool) or not isinstance(time_ms, (int, float))
                                    or not time_ms > 0):
            raise ValueError(f"time_ms must be a number > 0 or None, got {time_ms!r}")
        if seed is not None:
            whole_number("seed", seed)
        rounds = -(-iterations // len(legal))
        self.game = game
        self.seat = seat
        self.cap = None if time_ms is None else time_ms / 1000.0
        self.thought = 0.0
        self.advice: Advice | None = None
        self.search = SearchThinker(
            game, seat, random.Random(seed), rounds * len(legal), None, paired=True,
            model_opponents=getattr(hooks, "MODEL_OPPONENTS", True), actions=legal)
        self.second_look = second_look
        self.confirm: SearchThinker | None = None  # the second look under way
        self.looks = 0  # second looks done
        prune = getattr(hooks, "candidates", None)
        # The actions it may name; all of them where none is a candidate (a review's second look
        # at two plays that each waste Anemones, say).
        self.nameable = set(prune(game, legal) if prune else ()) or set(legal)
        self.named: str | None = None  # the action named so far
        self.rated: dict[str, tuple[float, int]] = {}  # action: (mean reward, worlds), from the last look at it

    def step(self, budget_ms: float) -> Advice | None:
        """Sample for about ``budget_ms`` (at least one action's world); the advice once done."""
        if self.advice is not None:
            return self.advice
        search = self.confirm or self.search
        per_round = len(search.root_actions)
        began = time.perf_counter()
        until = began + budget_ms / 1000.0
        capped_at = None if self.cap is None else began + self.cap - self.thought
        while search.done < search.iterations:
            search._iterate()
            search.done += 1
            now = time.perf_counter()
            if capped_at is not None and now >= capped_at:
                if search.done % per_round == 0:  # the cap ran out: only the round is finished
                    break
            elif now >= until:
                break
        self.thought += time.perf_counter() - began
        capped = search.done % per_round == 0 and self.cap is not None and self.thought >= self.cap
        if search.done < search.iterations and not capped:
            return None
        if search is self.search:  # the first look: every action on the same worlds
            self.rated = {a: (sum(r) / len(r), len(r)) for a, r in search.samples.items()}
            if search.default in self.nameable:
                self.named = search._paired_best(self.nameable)
            else:  # no plan, or one that may not be named: the highest rated that may
                self.named = max(self.nameable, key=lambda a: (self.rated[a][0], a))
        elif search.done:  # a second look: its actions on fresh worlds
            means = {a: sum(r) / len(r) for a, r in search.samples.items()}
            self.named = self._looked_best(search.samples)
            for action, mean in means.items():
                self.rated[action] = (mean, len(search.samples[action]))
            self.looks += 1
        rival = self._rival()
        if rival is not None and not capped and self.looks < SECOND_LOOKS:
            # The one named, those looked at again before and the rival; twice as many worlds as
            # each action had at first, the same rng going on.
            looked = self.confirm.root_actions if self.confirm else []
            actions = [self.named] + [a for a in looked if a != self.named] + [rival]
            rounds = 2 * (self.search.iterations // len(self.search.root_actions))
            self.confirm = SearchThinker(
                self.game, self.seat, random.Random(self.search.rng.getrandbits(64)), rounds * len(actions),
                None, paired=True, model_opponents=self.search.model_opponents, actions=actions)
            return None
        means = sorted(((mean, a, n) for a, (mean, n) in self.rated.items()),
                       key=lambda mean: -mean[0])  # stable: ties keep the legal order
        ratings = [Rating(a, calibrated(self.search.position, mean), n) for mean, a, n in means]
        self.advice = Advice(self.seat, self.named, tuple(ratings))
        return self.advice

    def as_good(self, action: str) -> bool:
        """Whether ``action`` was not shown worse than the action named: on the first look's worlds
        (every action played on the same ones), its paired mean reward is within
        :data:`AS_GOOD_Z` standard errors of the named one's, or above it (the hint then says the
        named move is "not clearly better than" it, not that it is the "next best").
        Raises ``ValueError`` before the advice is done or for an action not rated."""
        if self.advice is None or action not in self.search.samples:
            raise ValueError(f"as_good: no advice rating {action!r}")
        if action == self.named:
            return True
        _, _, gap, error, _ = _paired(self.search.samples, self.named, action)
        return gap <= AS_GOOD_Z * error

    @staticmethod
    def _looked_best(samples: dict[str, list[float]]) -> str:
        """Of a second look's actions (``samples``: each one's rewards on the same fresh worlds,
        the one named so far first), the one named so far unless another did better by
        :data:`SECOND_LOOK_Z` paired standard errors; then the one that did best."""
        named, *others = samples
        best, best_gain = named, 0.0
        for action in others:
            _, _, gain, error, _ = _paired(samples, action, named)
            if gain > SECOND_LOOK_Z * error and gain > best_gain:
                best, best_gain = action, gain
        return best

    def _rival(self) -> str | None:
        """The action rated highest besides those of the last look (or the one named), of those it
        may name, if it rated at least as high as the one named (then it is looked at again);
        else None."""
        if self.named is None or not self.second_look:
            return None
        rated = self.rated
        looked = self.confirm.root_actions if self.confirm else [self.named]  # compared already
        rival = max((a for a in rated if a not in looked and a in self.nameable), key=lambda a: rated[a][0],
                    default=None)
        return rival if rival is not None and rated[rival][0] >= rated[self.named][0] else None

    @property
    def progress(self) -> float:
        """How far the sampling is, from 0 to 1 (by iterations, or by time under a cap)."""
        if self.advice is not None:
            return 1.0
        done = self.search.done / self.search.iterations
        if self.confirm is not None:  # a second look: about half as many worlds again, then more
            per = self.confirm.iterations // len(self.confirm.root_actions)
            looks = sum(per * (k + 2) for k in range(SECOND_LOOKS))  # 2, 3, ... actions a look
            done = (self.search.iterations + sum(per * (k + 2) for k in range(self.looks))
                    + self.confirm.done) / (self.search.iterations + looks)
        if self.cap is not None:
            done = max(done, self.thought / self.cap)
        return min(done, 0.99)

    def advise(self) -> Advice:
        """Sample to the end (the iteration budget, or the time cap) and return the advice."""
        while True:
            advice = self.step(1000.0)
            if advice is not None:
                return advice


def advise(game: Game, seat: int | None = None, iterations: int | None = None,
           time_ms: float | None = None, seed: int | None = 0) -> Advice:
    """The coach: every legal action of ``seat`` (default: the seat to move) with its estimated
    chance to win, best first (see :class:`Adviser` for how, the defaults and the errors). Reads
    only what ``seat`` may know (GEN-7): its view, the public history and determinizations.

    >>> import pygame_core as pc
    >>> game = pc.new_game("go_fish", players=2, seed=3)
    >>> advice = pc.advise(game, iterations=40)  # 6 legal asks: 7 worlds each (42 iterations)
    >>> len(advice.ratings), sorted(r.samples for r in advice.ratings), advice.best in game.legal_actions()
    (6, [7, 7, 7, 7, 14, 14], True)
    >>> sorted(r.action for r in advice.ratings) == sorted(game.legal_actions())
    True
    """
    return Adviser(game, seat, iterations, time_ms, seed).advise()


MISTAKE_GAP = 0.10  # a decision is a mistake when the best move's chance is this much higher...
MISTAKE_Z = 3.0  # ...and that gap is this many standard errors (paired worlds): about 99.9% sure
RECONSIDER_GAP = 0.05  # a move to reconsider (short of a mistake): the best move this much higher...
RECONSIDER_Z = 2.0  # ...by this many standard errors: about 97.7% sure it was the better move
REVIEW_SAMPLES = 48  # worlds per legal action for each decision of a review (half a hint's)
CONFIRM_SAMPLES = 192  # fresh worlds on which a candidate mistake's two moves are compared again


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat. ``step`` is how many actions the game had taken before it
    (``game.prefix(step)`` is the position; ``game.actions[step]`` is ``played``); ``chance`` is
    the played action's estimated chance to win and ``best_chance`` the best-rated action's (the
    same action when the seat played the best), both as :class:`Rating` gives them; ``gap`` is
    their difference (>= 0) and ``error`` its standard error over the ``samples`` paired worlds
    behind these figures (the mean rewards' paired error times the calibration's slope between
    the two); ``mistake`` says
    ``gap >= MISTAKE_GAP`` and ``gap >= MISTAKE_Z * error``, judged on worlds of their own (see
    :class:`Reviewer`); ``reconsider`` says the same of the smaller bar, ``RECONSIDER_GAP`` and
    ``RECONSIDER_Z``, for a decision that is not a mistake: a move worth a second look."""

    step: int
    played: str
    chance: float
    best: str
    best_chance: float
    gap: float
    error: float
    mistake: bool
    samples: int
    reconsider: bool = False


@dataclass(frozen=True)
class Review:
    """The coach's review of ``seat``'s decisions in a game, in the order they were made (only
    positions with more than one legal action: a forced move is no decision)."""

    seat: int
    decisions: tuple[Decision, ...]

    @property
    def mistakes(self) -> tuple[Decision, ...]:
        """The decisions whose played action was clearly worse than the best (see :class:`Decision`)."""
        return tuple(d for d in self.decisions if d.mistake)

    @property
    def to_reconsider(self) -> tuple[Decision, ...]:
        """The decisions short of a mistake whose played action was still likely worse than the
        best, by the smaller bar (see :class:`Decision`)."""
        return tuple(d for d in self.decisions if d.reconsider)


def _paired(rewards: dict[str, list[float]], best: str, played: str) -> tuple[float, float, float, float, int]:
    """(played's mean, best's mean, the mean paired gap, its standard error, worlds) of two
    actions sampled on the same worlds."""
    diffs = [b - p for b, p in zip(rewards[best], rewards[played])]
    n = len(diffs)
    gap = sum(diffs) / n
    error = math.sqrt(sum((d - gap) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 1.0
    return sum(rewards[played]) / n, sum(rewards[best]) / n, gap, error, n


class Reviewer:
    """Rates every decision ``seat`` made in ``game`` (finished or not) as the coach would have at
    that position, from that seat's view only (GEN-7), in slices: ``step(budget_ms)`` rates for
    about ``budget_ms`` and returns the :class:`Review` once done, else ``None``; :meth:`review`
    runs to the end. Deterministic for a seed.

    Each decision is rated in two stages. First :class:`Adviser` on ``game.prefix(step)``
    (``samples`` worlds per legal action, seeded ``seed + step``) finds the best-rated action.
    The best of several noisy estimates is biased upwards (with many legal actions one of them
    looks better than the move played by chance alone), so where it beats the move played by
    ``RECONSIDER_GAP`` or more, the two are compared again on :data:`CONFIRM_SAMPLES` fresh worlds,
    paired, and only that second comparison decides a mistake or a move to reconsider and gives
    its figures.
    Raises ``ValueError`` for a ``seat`` that is not one of the game's, ``samples`` that is not a
    whole number >= 1, or a ``seed`` that is not a whole number from 0 to 2**53 - 2**32."""

    def __init__(self, game: Game, seat: int, samples: int = REVIEW_SAMPLES, seed: int = 0) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise ValueError(f"seat must be 0..{game.players - 1}, got {seat!r}")
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples must be a whole number >= 1, got {samples!r}")
        whole_number("seed", seed, 0, 2**53 - 2**32)
        self.game, self.seat, self.samples, self.seed = game, seat, samples, seed
        cursor = game.prefix(0)
        self.steps: list[int] = []
        for step, action in enumerate(game.actions):
            if cursor.current_player == seat and len(cursor.legal_actions()) > 1:
                self.steps.append(step)
            cursor.apply(action)
        self.decisions: list[Decision] = []
        self.position: Game | None = None  # the decision being rated
        self.adviser: Adviser | None = None  # its first look, or its second (self.second)
        self.second = False
        self.result: Review | None = None

    def _rated(self, step: int, advice: Advice) -> None:
        """A look at decision ``step`` done: its Decision, or a second look at a candidate mistake."""
        played = self.game.actions[step]
        best = advice.ratings[0].action
        raw, raw_best, raw_gap, raw_error, n = _paired(self.adviser.search.samples, best, played)
        chance, best_chance = calibrated(self.position, raw), calibrated(self.position, raw_best)
        gap = best_chance - chance
        if not self.second and best != played and gap >= RECONSIDER_GAP:
            self.adviser = Adviser(self.position, self.seat, 2 * CONFIRM_SAMPLES, None,
                                   self.seed + step + 2**32, actions=[played, best], second_look=False)
            self.second = True
            return
        if raw_gap <= 0:  # the move played was as good: it was the best
            best, best_chance, gap = played, chance, 0.0
        # the standard error in chances: the mean rewards' one times the calibration's slope between the two
        error = raw_error * (gap / raw_gap if raw_gap > 0 else 1.0)
        mistake = self.second and gap >= MISTAKE_GAP and gap >= MISTAKE_Z * error
        reconsider = self.second and not mistake and gap >= RECONSIDER_GAP and gap >= RECONSIDER_Z * error
        self.decisions.append(Decision(step, played, chance, best, best_chance, gap, error, mistake, n, reconsider))
        self.position, self.adviser, self.second = None, None, False

    def step(self, budget_ms: float) -> Review | None:
        """Rate for about ``budget_ms`` (at least one sampled world); the review once done."""
        until = time.perf_counter() + budget_ms / 1000.0
        while self.result is None:
            done = len(self.decisions)
            if done == len(self.steps):
                self.result = Review(self.seat, tuple(self.decisions))
                break
            step = self.steps[done]
            if self.adviser is None:
                self.position = self.game.prefix(step)
                self.adviser = Adviser(self.position, self.seat, self.samples * len(self.position.legal_actions()),
                                       None, self.seed + step, second_look=False)
            advice = self.adviser.step(max((until - time.perf_counter()) * 1000.0, 0.0))
            if advice is not None:
                self._rated(step, advice)
            if time.perf_counter() >= until:
                break
        return self.result

    @property
    def progress(self) -> float:
        """How far the review is, from 0 to 1 (by decisions; the current one's first look counts
        half, its second look the other half)."""
        if self.result is not None or not self.steps:
            return 1.0
        current = 0.0
        if self.adviser is not None:
            current = 0.5 * self.second + 0.5 * self.adviser.progress
        return min((len(self.decisions) + current) / len(self.steps), 0.99)

    def review(self) -> Review:
        """Rate every decision and return the review."""
        while True:
            result = self.step(1000.0)
            if result is not None:
                return result


def review(game: Game, seat: int, samples: int = REVIEW_SAMPLES, seed: int = 0) -> Review:
    """The coach's review of ``seat``'s decisions in ``game`` (see :class:`Reviewer` for how, the
    defaults and the errors): each decision with the chance of the action played and of the best
    one, the mistakes among them, and the moves to reconsider.

    >>> import pygame_core as pc
    >>> game = pc.new_game("go_fish", players=2, seed=3, options={"first_player": 0})
    >>> game.apply(game.legal_actions()[0])
    >>> result = pc.review(game, seat=0, samples=4)
    >>> [(d.step, d.played) for d in result.decisions]
    [(0, 'ask 1 4')]
    >>> 0.0 <= result.decisions[0].chance <= result.decisions[0].best_chance <= 1.0
    True
    """
    return Reviewer(game, seat, samples, seed).review()
