"""Shared test helpers: stacked decks (GEN-2, GEN-3) and scripted play through the public API."""

from __future__ import annotations

import random
from collections import Counter

import pygame_core as pc


def stacked_deck(full_deck: list[str], hands: list[list[str]], turned_up: list[str] | tuple = (),
                 draws: list[str] | tuple = ()) -> list[str]:
    """The full top-first deck that deals ``hands`` (GEN-3), then ``turned_up``, then ``draws``.

    ``hands[s]`` are seat ``s``'s cards in the order they are dealt; cards go out one at a time,
    round-robin from seat 0, so every hand must have the same length. ``turned_up`` are the cards
    the game turns face up right after dealing (e.g. Snorkeling's first centre card), ``draws`` the
    next cards of the draw pile, top first. The cards of ``full_deck`` not used so far follow in
    sorted order. Raises ``ValueError`` if a card is not available often enough.
    """
    sizes = {len(hand) for hand in hands}
    if len(sizes) > 1:
        raise ValueError(f"hands must have equal sizes for round-robin dealing, got {sorted(sizes)}")
    size = sizes.pop() if sizes else 0
    top: list[str] = [hands[seat][i] for i in range(size) for seat in range(len(hands))]
    top += list(turned_up) + list(draws)
    left = Counter(full_deck)
    left.subtract(top)
    short = sorted(card for card, n in left.items() if n < 0)
    if short:
        raise ValueError(f"cards used more often than the deck holds them: {short}")
    return top + sorted(left.elements())


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
