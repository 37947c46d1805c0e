"""What every bot shares: the ``choose``/``start`` interface and the thinker protocol.

A bot decides for one seat from what that seat may know (GEN-7): ``game.view(seat)``,
``game.history`` and, on its turn, ``game.legal_actions()``. Search bots also work on copies
(``game.clone()``, ``game.determinize(seat, rng)``) and ``apply`` actions to those copies only; they
never read another hand, the stock or the RNG of the real game.

Thinking in slices (for the browser, where no frame may be blocked for long)::

    thinker = bot.start(game, seat)
    while (action := thinker.step(40)) is None:
        ...                      # give the page a frame, then think for another 40 ms
    game.apply(action)

``bot.choose(game, seat)`` is ``bot.start(game, seat).choose()``. The game must not change while a
thinker is running (the thinker works on a copy taken at ``start``).
"""

from __future__ import annotations

import random
from typing import Protocol

from ..engine import Game


class Thinker(Protocol):
    """A decision in progress: ``step`` thinks for about ``budget_ms`` and returns the action once
    it is decided (``None`` = not yet); ``choose`` thinks to the end and returns the action."""

    def step(self, budget_ms: float) -> str | None: ...

    def choose(self) -> str: ...


class Decided:
    """A thinker whose action is already known (bots that decide at once)."""

    def __init__(self, action: str) -> None:
        self.action = action

    def step(self, budget_ms: float) -> str:
        """The action, at once."""
        return self.action

    def choose(self) -> str:
        """The action."""
        return self.action


class Bot:
    """Base of every bot: a level name and its own seeded RNG (reproducible per seed, GEN-1).

    Subclasses implement :meth:`decide` (decide at once) or override :meth:`start` (think in
    slices). Each decision draws on the bot's RNG, so a bot answers the same sequence of
    positions with the same sequence of actions for the same seed.
    """

    level = ""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def start(self, game: Game, seat: int) -> Thinker:
        """Begin deciding ``seat``'s move in ``game``. Raises ``ValueError`` if it is not ``seat``'s
        turn."""
        check_turn(game, seat)
        legal = game.legal_actions()
        if len(legal) == 1:
            return Decided(legal[0])
        return Decided(self.decide(game, seat, legal))

    def choose(self, game: Game, seat: int) -> str:
        """A legal action for ``seat`` (thinking to the end). Raises ``ValueError`` if it is not
        ``seat``'s turn."""
        return self.start(game, seat).choose()

    def decide(self, game: Game, seat: int, legal: list[str]) -> str:
        """Pick one of ``legal`` (at least two) for ``seat``."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} level={self.level!r}>"


def check_turn(game: Game, seat: int) -> None:
    """Raise ``ValueError`` unless it is ``seat``'s turn in ``game``."""
    if game.current_player is None or game.current_player != seat:
        raise ValueError(f"it is not seat {seat}'s turn")
