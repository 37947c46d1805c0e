"""Bots. Every bot has ``choose(game, seat) -> action`` and sees only what ``seat`` may know."""

from __future__ import annotations

from .random_bot import RandomBot

BOTS = {"random": RandomBot}
LEVELS = tuple(BOTS)


def make_bot(level: str, seed: int | None = None):
    """A bot of ``level`` (one of :data:`LEVELS`) with its own seeded RNG.

    Raises ``ValueError`` for an unknown level.
    """
    cls = BOTS.get(level)
    if cls is None:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    return cls(seed)
