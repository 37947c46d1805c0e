"""Shared test helpers: stacked decks (GEN-2, GEN-3) and scripted play through the public API."""

from __future__ import annotations

import json
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


# ----- per-game knowledge of the public view ---------------------------------------------------

VIEW_KEYS = {  # DESIGN.md: keys every view of the game has, besides the shared ones
    "snorkeling": {"center_top", "piles", "hand_sizes", "draw_pile_size", "round"},
    "go_fish": {"books", "hand_sizes", "stock_size"},
    "enemy_anemone": {"trick", "anemones", "score_pile_sizes", "hand", "round"},
}
SHARED_KEYS = {"hand", "current_player", "totals", "legal_actions"}


def card_count(name: str, game: pc.Game, view: dict | None = None) -> tuple[int, int] | None:
    """``(cards counted in the spectator view, cards the game holds)``, or ``None`` if unknown;
    ``view`` is ``game.view(None)`` when the caller has it already."""
    view = game.view(None) if view is None else view
    if name == "snorkeling":  # 75 sea cards + one Lanternfish per player (SN-1)
        counted = (sum(view["hand_sizes"]) + sum(len(pile) for pile in view["piles"])
                   + view["center_size"] + view["draw_pile_size"])
        return counted, 75 + game.players
    if name == "go_fish":  # 52 cards; a book is 4 cards (GF-6)
        counted = sum(view["hand_sizes"]) + 4 * sum(len(books) for books in view["books"]) + view["stock_size"]
        return counted, 52
    if name == "enemy_anemone":  # EA-1/2/11: the deck for this player count; discards sit in score piles
        counted = (sum(view["hand_sizes"]) + len(view["trick"]) + sum(view["score_pile_sizes"])
                   + view["stock_size"])
        return counted, {2: 32, 6: 48}.get(game.players, 10 * game.players)
    return None


def check_card_count(name: str, game: pc.Game, view: dict | None = None) -> None:
    """Cards are conserved (DESIGN "Testing"); a game without a ``card_count`` is checked by
    ``test_card_count_is_known`` instead, which skips with the reason. ``view``: as for
    :func:`card_count`."""
    counts = card_count(name, game, view)
    if counts is not None:
        assert counts[0] == counts[1], f"cards not conserved: {counts[0]} counted, {counts[1]} expected"


def snapshot(game: pc.Game) -> tuple:
    """Everything observable through the public API, as comparable text."""
    return (game.to_json(), json.dumps(all_views(game), sort_keys=True), json.dumps(game.history),
            game.legal_actions(), game.current_player, game.is_over, list(game.totals), list(game.winners))


def check_invariants(name: str, game: pc.Game, history_from: int = 0) -> list[dict]:
    """The per-state contract: legal actions, turn, winners, views, card count; the history from
    entry ``history_from`` on is checked to be JSON-safe. Returns the views it checked, as
    :func:`all_views` does (every seat's, then the spectator's)."""
    legal = game.legal_actions()
    assert all(isinstance(a, str) for a in legal)
    assert legal == sorted(legal) and len(legal) == len(set(legal)), legal
    assert (game.current_player is None) == game.is_over
    if game.is_over:
        assert legal == []
        assert game.winners, "a finished game names its winners"
        assert game.winners == sorted(set(game.winners)) and set(game.winners) <= set(range(game.players))
    else:
        assert legal, "a running game always offers an action"
        assert game.current_player in range(game.players)
        assert game.winners == []
    assert len(game.totals) == game.players and all(type(t) is int for t in game.totals)
    views = all_views(game)
    for seat, view in zip([*range(game.players), None], views):
        assert json.loads(json.dumps(view)) == view, "views are JSON-safe (lists, str keys)"
        assert SHARED_KEYS | VIEW_KEYS.get(name, set()) <= set(view), sorted(view)
        assert view["current_player"] == game.current_player and view["totals"] == game.totals
        assert view["legal_actions"] == (legal if seat is not None and seat == game.current_player else [])
        assert view["hand"] == sorted(view["hand"])
        if seat is None:
            assert view["hand"] == []
    entries = game.history[history_from:]
    assert json.loads(json.dumps(entries)) == entries, "history is JSON-safe"
    return views
