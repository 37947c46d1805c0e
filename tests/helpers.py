"""Shared test helpers: stacked decks (GEN-2, GEN-3) and scripted play through the public API."""

from __future__ import annotations

import random

import pygame_core as pc
from pygame_core.engine import stacked_deck  # noqa: F401  (re-exported for the tests)


def play(game: pc.Game, *actions: str) -> pc.Game:
    """Apply ``actions`` in order (each must be legal); returns ``game`` for chaining."""
    for action in actions:
        game.apply(action)
    return game


def random_playout(game: pc.Game, rng: random.Random, limit: int = 100_000) -> int:
    """Play random legal actions until the game is over; returns the number of actions.

    Fails (``AssertionError``) if the game is not over after ``limit`` actions (GEN-6).
    """
    for count in range(limit):
        if game.is_over:
            return count
        game.apply(rng.choice(game.legal_actions()))
    assert game.is_over, f"{game!r} not over after {limit} actions (GEN-6)"
    return limit


def all_views(game: pc.Game) -> list[dict]:
    """``view(seat)`` for every seat, then the spectator's ``view(None)``."""
    return [game.view(seat) for seat in range(game.players)] + [game.view(None)]


def history_types(game: pc.Game, start: int = 0) -> list[str]:
    """The ``type`` of every history entry from index ``start`` on."""
    return [entry["type"] for entry in game.history[start:]]
