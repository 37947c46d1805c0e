"""The random bot: a uniformly random legal action."""

from __future__ import annotations

import random

from ..engine import Game


class RandomBot:
    """Picks uniformly among the legal actions with its own seeded RNG (reproducible per seed)."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: int) -> str:
        """A legal action for ``seat``. Raises ``ValueError`` if it is not ``seat``'s turn."""
        if game.current_player != seat:
            raise ValueError(f"it is not seat {seat}'s turn")
        return self.rng.choice(game.legal_actions())
