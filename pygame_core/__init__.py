"""Tidepool's engine: Snorkeling, Go Fish and Enemy Anemone with bots, standard library only.

>>> import pygame_core as pc
>>> g = pc.new_game("snorkeling", players=3, seed=7)
>>> g.current_player in range(3), "pass" in g.legal_actions()
(True, True)
"""

from __future__ import annotations

from .engine import Game, shown
from .errors import IllegalAction, InvalidDeck, InvalidOption, InvalidSave, MalformedAction
from .games import REGISTRY
from .saves import load_game
from .bots import Advice, Decision, Rating, Review, advise, review

__version__ = "0.1.0"

GAMES = tuple(REGISTRY)


def new_game(name: str, players: int, seed: int | None = None, options: dict | None = None,
             deck: list[str] | None = None) -> Game:
    """Start a game.

    ``name`` is one of :data:`GAMES`; ``players`` a count in the game's range; ``seed`` a whole
    number >= 0 (``None`` picks one, kept in ``game.seed``); ``options`` a dict of the game's options
    (missing ones take their defaults); ``deck`` fixes the first round's deck, top card first (GEN-2).
    Raises :class:`InvalidOption` or :class:`InvalidDeck` (both ``ValueError``) naming the problem.
    """
    cls = REGISTRY.get(name) if isinstance(name, str) else None
    if cls is None:
        raise InvalidOption(f"unknown game {shown(name)}; known: {', '.join(GAMES)}")
    return cls(players, seed=seed, options=options, deck=deck)


__all__ = ["GAMES", "Advice", "Decision", "Game", "IllegalAction", "InvalidDeck", "InvalidOption", "InvalidSave",
           "MalformedAction", "Rating", "Review", "advise", "load_game", "new_game", "review"]
