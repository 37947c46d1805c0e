"""The random bot: a uniformly random legal action."""

from __future__ import annotations

from ..engine import Game
from .base import Bot


class RandomBot(Bot):
    """Picks uniformly among the legal actions with its own seeded RNG (reproducible per seed)."""

    level = "random"

    def decide(self, game: Game, seat: int, legal: list[str]) -> str:
        return self.rng.choice(legal)
