"""The game registry: one module per game, rules only."""

from .snorkeling import Snorkeling

REGISTRY = {cls.name: cls for cls in (Snorkeling,)}
