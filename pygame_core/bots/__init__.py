"""Bots: ``make_bot(level, seed)`` for the levels of :data:`LEVELS`, weakest first.

Every bot has ``choose(game, seat) -> action`` and ``start(game, seat) -> thinker`` (think in
slices: ``thinker.step(budget_ms)`` returns the action once decided, else ``None``; see
:mod:`.base`). Levels:

- ``random``: a uniformly random legal action.
- ``easy``: a simple greedy rule per game, with some randomness (:mod:`.snorkeling`,
  :mod:`.go_fish`, :mod:`.enemy_anemone`).
- ``medium``: the per-game strategy a decent casual player would recognise (same modules).
- ``hard``: information-set Monte Carlo tree search over determinizations with the medium strategy
  in the rollouts (:mod:`.ismcts`); reproducible per seed by its iteration budget, with a time cap.

What a bot may read (GEN-7): ``game.view(seat)``, the public ``game.history`` and, on its turn,
``game.legal_actions()``; a search bot also makes copies (``game.clone()``, ``game.fork()``,
``game.determinize(seat, rng)``) and ``apply``s actions to those copies only. A determinization
re-deals every card hidden from ``seat`` consistently with what ``seat`` may know, so no bot ever
reads another hand, the stock order, a face-down discard or the game's RNG. Each bot draws only on
its own seeded RNG: the same seed and the same positions give the same moves.

The coach, :func:`advise` (:mod:`.ismcts`), reads the same and no more: it rates every legal action
of the seat to move with the hard bot's determinized search; :func:`review` rates each decision a
seat made in a game the same way, position by position.
"""

from __future__ import annotations

from .base import Bot, Decided, Thinker
from .heuristic import EasyBot, MediumBot
from .ismcts import Advice, Adviser, Decision, HardBot, Rating, Review, Reviewer, advise, review
from .random_bot import RandomBot

BOTS = {"random": RandomBot, "easy": EasyBot, "medium": MediumBot, "hard": HardBot}
LEVELS = tuple(BOTS)


def make_bot(level: str, seed: int | None = None, **settings) -> Bot:
    """A bot of ``level`` (one of :data:`LEVELS`) with its own seeded RNG.

    ``settings`` go to the bot's class (``hard``: ``iterations``, ``time_ms``, ``clock``). Raises
    ``ValueError`` for an unknown level.
    """
    cls = BOTS.get(level)
    if cls is None:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    return cls(seed, **settings)


__all__ = ["BOTS", "LEVELS", "Advice", "Adviser", "Bot", "Decided", "EasyBot", "HardBot", "MediumBot",
           "RandomBot", "Rating", "Thinker", "advise", "make_bot"]
