"""The game registry: one module per game, rules only."""

from .enemy_anemone import EnemyAnemone
from .go_fish import GoFish
from .snorkeling import Snorkeling

REGISTRY = {cls.name: cls for cls in (Snorkeling, GoFish, EnemyAnemone)}
