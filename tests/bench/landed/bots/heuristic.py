"""The easy and medium bots: hand-written per-game strategies (see each game's bot module)."""

from __future__ import annotations

from ..engine import Game
from . import enemy_anemone, go_fish, snorkeling
from .base import Bot

STRATEGIES = {module.__name__.rsplit(".", 1)[1]: module
              for module in (snorkeling, go_fish, enemy_anemone)}


class HeuristicBot(Bot):
    """The strategy of :attr:`level` (``easy`` or ``medium``) for the game at hand; decides at once
    from ``game.view(seat)`` and the public ``game.history``."""

    def __init__(self, level: str, seed: int | None = None) -> None:
        super().__init__(seed)
        self.level = level

    def decide(self, game: Game, seat: int, legal: list[str]) -> str:
        strategy = getattr(STRATEGIES[game.name], self.level)
        action = strategy(game, seat, self.rng)
        if action not in legal:  # a strategy bug must not stall the table
            raise RuntimeError(f"{self.level} bot chose {action!r}, not legal in {game!r}")
        return action


class EasyBot(HeuristicBot):
    """A simple greedy rule with some randomness."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__("easy", seed)


class MediumBot(HeuristicBot):
    """What a decent casual player does (remembers the table talk, protects itself, attacks the
    leader, manages highest/lowest)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__("medium", seed)
