"""Go Fish rules GF-1 ... GF-11 (RULES.md), from hand-built positions through the public API only."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pygame_core as pc
from pygame_core.describe import card_name, describe, describe_action

RANKS = "A23456789TJQK"
SUITS = "CDHS"
FULL = [rank + suit for rank in RANKS for suit in SUITS]  # a new deck, in rank order


def stacked(hands: list[str], stock: str = "") -> list[str]:
    """A deck (top first) dealing ``hands`` round-robin from seat 0 (GEN-3), then ``stock`` (top
    first), then every other card in :data:`FULL` order. Hands and stock are space-separated."""
    cards = [hand.split() for hand in hands]
    deck = [hand[i] for i in range(len(cards[0])) for hand in cards]
    deck += stock.split()
    deck += [card for card in FULL if card not in deck]
    assert sorted(deck) == sorted(FULL), "test deck is not a permutation"
    return deck


def new(hands: list[str], stock: str = "", first: int = 0, **options) -> pc.Game:
    return pc.new_game("go_fish", len(hands), seed=1, options={"first_player": first, **options},
                       deck=stacked(hands, stock))


def play(game: pc.Game, *actions: str) -> list[dict]:
    """Apply ``actions`` and return the history entries they added."""
    start = len(game.history)
    for action in actions:
        game.apply(action)
    return game.history[start:]


def snapshot(game: pc.Game) -> tuple:
    return (game.to_json(), [game.view(s) for s in (None, *range(game.players))],
            json.dumps(game.history), game.current_player, list(game.totals))


def first_legal_until(game: pc.Game, stop) -> None:
    """Play the first legal action until ``stop(game)`` holds (a fixed, public-API policy)."""
    while not game.is_over and not stop(game):
        game.apply(game.legal_actions()[0])


def catching_action(game: pc.Game) -> str:
    """The first legal ask that catches cards (tried on a clone), else the first legal ask."""
    start = len(game.history)
    for action in game.legal_actions():
        trial = game.clone()
        trial.apply(action)
        if trial.history[start + 1]["type"] in ("give", "give_card"):
            return action
    return game.legal_actions()[0]


# ----- GF-1 Setup -------------------------------------------------------------------------------

@pytest.mark.parametrize("players, hand_size", [(2, 7), (3, 5), (4, 5), (5, 5), (6, 5)])
def test_gf1_deal_sizes_and_stock(players, hand_size):
    g = pc.new_game("go_fish", players, seed=3, options={"first_player": 0}, deck=FULL)
    view = g.view(0)
    assert view["hand_sizes"] == [hand_size] * players
    assert view["stock_size"] == 52 - players * hand_size
    assert view["hand"] == sorted(FULL[0:players * hand_size:players])  # GEN-3: round-robin from seat 0
    assert g.history[0] == {"type": "deal", "start_player": 0, "hand_size": hand_size,
                            "stock": 52 - players * hand_size}


def test_gf1_dealt_book_laid_before_first_turn():
    g = new(["AC 2C 3C 4C 5C", "AD 2D 3D 4D 5D", "KC KD KH KS 6C"], first=1)
    assert g.history == [{"type": "deal", "start_player": 1, "hand_size": 5, "stock": 37},
                         {"type": "book", "seat": 2, "rank": "K"}]
    assert g.totals == [0, 0, 1]
    view = g.view(2)
    assert view["books"] == [[], [], ["K"]]
    assert view["hand"] == ["6C"]
    assert view["hand_sizes"] == [5, 5, 1]
    assert g.current_player == 1


# ----- GF-2 Asking ------------------------------------------------------------------------------

def test_gf2_legal_asks_are_other_players_and_held_ranks():
    g = new(["AC AD 2C 7H TH", "7C 7D 9C 9D KC", "3C 4C 5C 6C 8C"])
    assert g.legal_actions() == ["ask 1 2", "ask 1 7", "ask 1 A", "ask 1 T",
                                 "ask 2 2", "ask 2 7", "ask 2 A", "ask 2 T"]
    assert g.view(0)["legal_actions"] == g.legal_actions()
    assert g.view(1)["legal_actions"] == []


def test_gf2_rank_not_held_and_asking_yourself_are_refused():
    g = new(["AC AD 2C 7H TH", "7C 7D 9C 9D KC", "3C 4C 5C 6C 8C"])
    before = snapshot(g)
    with pytest.raises(pc.IllegalAction, match=r"ask 1 K: .*rank they hold"):
        g.apply("ask 1 K")
    with pytest.raises(pc.IllegalAction, match=r"ask 0 A: .*not themselves") as info:
        g.apply("ask 0 A")
    assert not isinstance(info.value, pc.MalformedAction)
    assert snapshot(g) == before


def test_gf2_a_player_without_cards_cannot_be_asked():
    g = new(["AC 2C 3C 4C 5C", "AD 2D 3D 4D 5D", "6C 7C 8C 9C TC"], keep_playing=True)
    play(g, "ask 1 A", "ask 1 2", "ask 1 3", "ask 1 4", "ask 1 5")
    assert g.view(0)["hand_sizes"] == [10, 0, 5]
    assert g.legal_actions() == ["ask 2 2", "ask 2 3", "ask 2 4", "ask 2 5", "ask 2 A"]
    with pytest.raises(pc.IllegalAction, match="seat 1 holds no cards"):
        g.apply("ask 1 A")


# ----- GF-3 Catch -------------------------------------------------------------------------------

def test_gf3_catch_takes_every_card_of_the_rank_and_goes_again():
    g = new(["AC AD 2C 7H TH", "7C 7D 9C 9D KC", "3C 4C 5C 6C 8C"])
    assert play(g, "ask 1 7") == [
        {"type": "ask", "seat": 0, "asked": 1, "rank": "7"},
        {"type": "give", "seat": 1, "asker": 0, "rank": "7", "count": 2},
    ]
    assert g.view(0)["hand"] == ["2C", "7C", "7D", "7H", "AC", "AD", "TH"]
    assert g.view(1)["hand"] == ["9C", "9D", "KC"]
    assert g.view(0)["stock_size"] == 37
    assert g.view(0)["last_ask"] == {"seat": 0, "asked": 1, "rank": "7", "given": 2}
    assert g.current_player == 0
    play(g, "ask 2 A")  # another turn: asking anyone, any rank held
    assert g.view(0)["last_ask"] == {"seat": 0, "asked": 2, "rank": "A", "given": 0}


# ----- GF-4 Go fish -----------------------------------------------------------------------------

FOUR = ["AC 2C 3C 4C 5C", "AD 2D 3D 4D 5D", "6C 7C 8C 9C TC", "6D 7D 8D 9D TD"]


def test_gf4_miss_draws_the_top_of_the_stock_hidden():
    g = new(FOUR, stock="JC AH")
    assert play(g, "ask 2 A") == [
        {"type": "ask", "seat": 0, "asked": 2, "rank": "A"},
        {"type": "go_fish", "seat": 2, "asker": 0},
        {"type": "fish", "seat": 0},  # the drawn JC is not shown (GF-10)
    ]
    assert g.view(0)["hand"] == ["2C", "3C", "4C", "5C", "AC", "JC"]
    assert g.view(0)["stock_size"] == 31
    assert g.view(0)["last_ask"]["given"] == 0
    assert "JC" not in json.dumps(g.history)
    assert "JC" not in json.dumps(g.view(2))


def test_gf4_drawing_the_asked_rank_shows_it_and_gives_another_turn():
    g = new(FOUR, stock="AH JC")
    assert play(g, "ask 2 A")[1:] == [
        {"type": "go_fish", "seat": 2, "asker": 0},
        {"type": "fish_shown", "seat": 0, "card": "AH"},
    ]
    assert g.current_player == 0
    assert g.view(0)["hand"] == ["2C", "3C", "4C", "5C", "AC", "AH"]


# ----- GF-5 Whose turn next ---------------------------------------------------------------------

def test_gf5_miss_passes_to_asked_player():
    g = new(FOUR, stock="JC")
    assert g.options["next_after_fish"] == "asked"
    play(g, "ask 2 A")
    assert g.current_player == 2


def test_gf5_left_option_passes_to_askers_left():
    g = new(FOUR, stock="JC", next_after_fish="left")
    play(g, "ask 2 A")
    assert g.current_player == 1


def test_gf5_left_wraps_to_seat_0():
    g = new(FOUR, stock="JC", first=3, next_after_fish="left")
    play(g, "ask 1 6")
    assert g.current_player == 0


# ----- GF-6 Books -------------------------------------------------------------------------------

def test_gf6_book_from_a_catch_is_laid_at_once():
    g = new(["9C 9D 9H QC QD QH 2C", "9S 3C 3D 4C 4D 5C 5D"], stock="QS")
    assert play(g, "ask 1 9")[1:] == [
        {"type": "give", "seat": 1, "asker": 0, "rank": "9", "count": 1},
        {"type": "book", "seat": 0, "rank": "9"},
    ]
    assert g.view(0)["hand"] == ["2C", "QC", "QD", "QH"]
    assert g.view(0)["books"] == [["9"], []]
    assert g.totals == [1, 0]
    assert g.current_player == 0


def test_gf6_book_from_a_hidden_draw_is_laid_at_once():
    g = new(["9C 9D 9H QC QD QH 2C", "9S 3C 3D 4C 4D 5C 5D"], stock="QS")
    play(g, "ask 1 9")
    assert play(g, "ask 1 2")[1:] == [
        {"type": "go_fish", "seat": 1, "asker": 0},
        {"type": "fish", "seat": 0},
        {"type": "book", "seat": 0, "rank": "Q"},
    ]
    assert g.view(0)["hand"] == ["2C"]
    assert g.view(0)["books"] == [["9", "Q"], []]
    assert g.totals == [2, 0]
    assert g.current_player == 1


# ----- GF-7 End ---------------------------------------------------------------------------------

def test_gf7_catch_that_empties_a_hand_ends_the_game():
    g = new(["AC 2C 3C 4C 5C 6C 7C", "AD AH 2D 2H 3D 3H 4D"])
    play(g, "ask 1 A", "ask 1 2", "ask 1 3")
    assert not g.is_over and g.view(1)["hand"] == ["4D"]
    assert play(g, "ask 1 4") == [
        {"type": "ask", "seat": 0, "asked": 1, "rank": "4"},
        {"type": "give", "seat": 1, "asker": 0, "rank": "4", "count": 1},
        {"type": "end", "reason": "empty_hand", "seat": 1},  # the asked player's hand ran out
        {"type": "game_end", "winners": [0, 1], "totals": [0, 0]},
    ]
    assert g.is_over and g.current_player is None
    assert g.legal_actions() == [] and g.view(0)["legal_actions"] == []
    with pytest.raises(pc.IllegalAction, match="game is over"):
        g.apply("ask 1 A")


def test_gf7_most_books_win_and_equal_most_share():
    g = new(["KC KD KH KS AC", "QC QD QH QS AD", "2C 3C 4C 5C 6C"])
    assert g.totals == [1, 1, 0]
    play(g, "ask 1 A")  # seat 1's last card: the game ends
    assert g.is_over
    assert g.winners == [0, 1]
    assert g.history[-1] == {"type": "game_end", "winners": [0, 1], "totals": [1, 1, 0]}


def test_gf7_book_that_empties_the_askers_hand_ends_the_game_single_winner():
    g = new(["KC KD KH KS AC", "AD AH AS 2D 3D", "2C 3C 4C 5C 6C"])
    assert play(g, "ask 1 A")[1:] == [
        {"type": "give", "seat": 1, "asker": 0, "rank": "A", "count": 3},
        {"type": "book", "seat": 0, "rank": "A"},
        {"type": "end", "reason": "empty_hand", "seat": 0},  # the asker's hand ran out
        {"type": "game_end", "winners": [0], "totals": [2, 0, 0]},
    ]
    assert g.winners == [0] and g.view(0)["books"] == [["K", "A"], [], []]


def test_gf7_stock_running_out_ends_the_game_even_on_the_asked_rank():
    # Ruling: GF-7 "at once" beats GF-4's another turn when the last stock card is the asked rank.
    g = pc.new_game("go_fish", 4, seed=1, options={"first_player": 0}, deck=FULL)
    first_legal_until(g, lambda game: game.view(None)["stock_size"] == 1)
    assert not g.is_over and g.current_player == 1 and len(g.actions) == 33
    assert "ask 2 K" in g.legal_actions()
    assert play(g, "ask 2 K") == [
        {"type": "ask", "seat": 1, "asked": 2, "rank": "K"},
        {"type": "go_fish", "seat": 2, "asker": 1},
        {"type": "fish_shown", "seat": 1, "card": "KS"},
        {"type": "end", "reason": "empty_stock"},
        {"type": "game_end", "winners": [0, 1, 2, 3], "totals": [0, 0, 0, 0]},
    ]
    view = g.view(None)
    assert view["stock_size"] == 0 and all(view["hand_sizes"])
    assert g.current_player is None


def test_gf7_stock_running_out_on_a_hidden_draw():
    g = pc.new_game("go_fish", 4, seed=1, options={"first_player": 0, "next_after_fish": "left"},
                    deck=FULL)
    first_legal_until(g, lambda game: game.view(None)["stock_size"] == 1)
    assert not g.is_over
    added = play(g, g.legal_actions()[0])
    assert [entry["type"] for entry in added] == ["ask", "go_fish", "fish", "end", "game_end"]
    assert added[3] == {"type": "end", "reason": "empty_stock"}
    assert g.is_over and g.winners == [0, 1, 2, 3] and len(g.actions) == 36


# ----- GF-8 Variant: specific card --------------------------------------------------------------

CARD_HANDS = ["QC 2C 3C 4C 5C", "QD QS 6C 7C 8C", "9C TC JC KC AC"]


def test_gf8_ask_card_legal_asks_name_cards_not_held():
    g = new(CARD_HANDS, stock="QH", ask_card=True)
    legal = g.legal_actions()
    assert legal == sorted(set(legal))
    assert [a for a in legal if a.startswith("ask 1 ")] == [
        "ask 1 2D", "ask 1 2H", "ask 1 2S", "ask 1 3D", "ask 1 3H", "ask 1 3S",
        "ask 1 4D", "ask 1 4H", "ask 1 4S", "ask 1 5D", "ask 1 5H", "ask 1 5S",
        "ask 1 QD", "ask 1 QH", "ask 1 QS"]
    assert len(legal) == 30
    with pytest.raises(pc.IllegalAction, match="ask_own_card"):
        g.apply("ask 1 QC")


def test_gf8_ask_card_catch_hands_over_only_that_card():
    g = new(CARD_HANDS, stock="QH", ask_card=True)
    assert play(g, "ask 1 QS") == [
        {"type": "ask_card", "seat": 0, "asked": 1, "card": "QS"},
        {"type": "give_card", "seat": 1, "asker": 0, "card": "QS"},
    ]
    assert g.view(0)["hand"] == ["2C", "3C", "4C", "5C", "QC", "QS"]
    assert g.view(1)["hand"] == ["6C", "7C", "8C", "QD"]
    assert g.view(0)["last_ask"] == {"seat": 0, "asked": 1, "card": "QS", "given": 1}
    assert g.current_player == 0


def test_gf8_ask_card_miss_same_rank_other_card_is_hidden_and_ends_the_turn():
    g = new(CARD_HANDS, stock="QH", ask_card=True)
    assert play(g, "ask 2 QD")[1:] == [
        {"type": "go_fish", "seat": 2, "asker": 0},
        {"type": "fish", "seat": 0},  # a queen, but not the queen of diamonds asked for
    ]
    assert g.current_player == 2
    assert "QH" in g.view(0)["hand"]


def test_gf8_ask_card_miss_drawing_the_exact_card_gives_another_turn():
    g = new(CARD_HANDS, stock="QH", ask_card=True)
    assert play(g, "ask 2 QH")[1:] == [
        {"type": "go_fish", "seat": 2, "asker": 0},
        {"type": "fish_shown", "seat": 0, "card": "QH"},
    ]
    assert g.current_player == 0


def test_gf8_bluff_with_ask_own_card_always_gets_go_fish():
    g = new(CARD_HANDS, stock="QH", ask_card=True, ask_own_card=True)
    assert "ask 1 QC" in g.legal_actions()
    assert play(g, "ask 1 QC") == [
        {"type": "ask_card", "seat": 0, "asked": 1, "card": "QC"},
        {"type": "go_fish", "seat": 1, "asker": 0},  # seat 1 holds queens, but not the one named
        {"type": "fish", "seat": 0},
    ]
    assert g.view(1)["hand"] == ["6C", "7C", "8C", "QD", "QS"]
    assert g.view(0)["hand"] == ["2C", "3C", "4C", "5C", "QC", "QH"]
    assert g.current_player == 1  # the turn ends after the draw


# ----- GF-9 Variant: keep playing ---------------------------------------------------------------

THREE = ["AC 2C 3C 4C 5C", "AD 2D 3D 4D 5D", "6C 7C 8C 9C TC"]


def test_gf9_without_keep_playing_an_empty_hand_ends_the_game():
    g = new(THREE)
    play(g, "ask 1 A", "ask 1 2", "ask 1 3", "ask 1 4", "ask 1 5")
    assert g.is_over and g.history[-2] == {"type": "end", "reason": "empty_hand", "seat": 1}


def test_gf9_empty_hand_draws_at_the_start_of_its_turn():
    g = new(THREE, stock="JC JD", keep_playing=True, next_after_fish="left")
    play(g, "ask 1 A", "ask 1 2", "ask 1 3", "ask 1 4", "ask 1 5")
    assert not g.is_over and g.current_player == 0
    assert play(g, "ask 2 A") == [
        {"type": "ask", "seat": 0, "asked": 2, "rank": "A"},
        {"type": "go_fish", "seat": 2, "asker": 0},
        {"type": "fish", "seat": 0},
        {"type": "draw", "seat": 1},  # seat 1 (the asker's left) has no cards: draws one
    ]
    assert g.current_player == 1
    assert g.view(1)["hand"] == ["JD"]
    assert g.view(1)["stock_size"] == 35
    assert g.legal_actions() == ["ask 0 J", "ask 2 J"]


def test_gf9_ruling_nobody_else_holds_cards_passes_the_turn():
    g = new(["AC 2C 3C 4C 5C 6C 7C", "AD AH 2D 2H 3D 3H 4D"], stock="KS 8H", keep_playing=True)
    play(g, "ask 1 A", "ask 1 2", "ask 1 3")
    assert play(g, "ask 1 4")[2:] == [
        {"type": "skip", "seat": 0, "reason": "no_one_to_ask"},  # ruling, not in RULES.md
        {"type": "draw", "seat": 1},
    ]
    assert g.current_player == 1 and g.view(1)["hand"] == ["KS"]
    assert g.legal_actions() == ["ask 0 K"]
    assert play(g, "ask 0 K")[1:] == [{"type": "go_fish", "seat": 0, "asker": 1},
                                      {"type": "fish", "seat": 1}]
    assert g.current_player == 0 and g.view(1)["hand"] == ["8H", "KS"]


def test_gf9_keep_playing_to_all_13_books():
    # A new deck in rank order, five players; every ask that can catch does (tried on clones).
    g = pc.new_game("go_fish", 5, seed=1, options={"first_player": 0, "keep_playing": True},
                    deck=FULL)
    while not g.is_over:
        g.apply(catching_action(g))
    types = [entry["type"] for entry in g.history]
    assert types.count("draw") == 7  # empty-handed players drawing at the start of their turn
    # Seat 0 lays its last cards down as the stock runs out: its extra turn starts empty-handed
    # with nothing to draw, so it is skipped (GF-9 ruling) and seat 1 plays on.
    skip = g.history.index({"type": "skip", "seat": 0, "reason": "no_cards"})
    assert g.history[skip - 3:skip] == [{"type": "go_fish", "seat": 1, "asker": 0},
                                        {"type": "fish_shown", "seat": 0, "card": "KS"},
                                        {"type": "book", "seat": 0, "rank": "K"}]
    assert g.history[skip + 1] == {"type": "ask", "seat": 1, "asked": 2, "rank": "5"}
    assert g.history[-2] == {"type": "end", "reason": "all_books"}
    assert sum(g.totals) == 13 and g.totals == [12, 1, 0, 0, 0]
    assert g.winners == [0]
    assert g.view(None)["stock_size"] == 0 and g.view(None)["hand_sizes"] == [0] * 5
    assert len(g.actions) == 39


def test_gf9_ruling_stalled_play_ends_after_1000_idle_asks():
    # GEN-6: always asking the first legal ask misses forever once the stock is empty.
    g = pc.new_game("go_fish", 4, seed=1, options={"first_player": 0, "keep_playing": True},
                    deck=FULL)
    first_legal_until(g, lambda game: game.view(None)["stock_size"] == 0)
    assert len(g.actions) == 34 and not g.is_over
    assert [e["type"] for e in g.history].count("go_fish") == 32  # GF-4 while the stock lasted
    for _ in range(999):
        asker, action = g.current_player, g.legal_actions()[0]
        added = play(g, action)
        # GF-9a: nobody says "Go fish" and nobody draws from the empty stock; the miss is logged
        assert added[1:] == [{"type": "miss", "seat": added[0]["asked"], "asker": asker}]
        assert g.current_player == added[0]["asked"] != asker  # GF-5: to the asked player
    assert describe("go_fish", added[1]) == (
        f"Player {added[0]['asked'] + 1} has nothing to hand over, and the stock is empty: the turn passes.")
    assert not g.is_over
    play(g, g.legal_actions()[0])
    assert g.is_over and g.history[-2] == {"type": "end", "reason": "stalled"}
    assert g.winners == [0, 1, 2, 3]


# ----- GF-10 Visibility and GEN-7 ---------------------------------------------------------------

def test_gf10_view_has_the_public_table():
    g = new(FOUR, stock="JC")
    play(g, "ask 2 A")
    view = g.view(3)
    assert view["hand"] == ["6D", "7D", "8D", "9D", "TD"]
    assert view["books"] == [[], [], [], []]
    assert view["hand_sizes"] == [6, 5, 5, 5]
    assert view["stock_size"] == 31
    assert view["totals"] == [0, 0, 0, 0]
    assert view["last_ask"] == {"seat": 0, "asked": 2, "rank": "A", "given": 0}
    assert view["legal_actions"] == []
    assert g.view(None)["hand"] == []
    assert g.view(2)["legal_actions"] == g.legal_actions()
    with pytest.raises(ValueError):
        g.view(4)


def test_gen7_view_identical_for_decks_differing_only_in_hidden_cards():
    hands_a = ["AC 2C 3C 4C 5C", "6C 7C 8C 9C TC", "JC QC KC AD 2D"]
    hands_b = ["AC 2C 3C 4C 5C", "KH 7C JC 9C TC", "8C QC KC AD 2D"]  # 6C<->KH (stock), 8C<->JC
    a = new(hands_a, stock="3D 9D 4D")
    b = new(hands_b, stock="3D 9D 4D 6C")
    assert stacked(hands_a, "3D 9D 4D") != stacked(hands_b, "3D 9D 4D 6C")
    for action in (None, "ask 2 A", "ask 1 3", "ask 1 4"):
        if action:
            assert play(a, action) == play(b, action)
        assert a.view(0) == b.view(0)
        assert a.view(None) == b.view(None)
    assert a.history == b.history
    assert a.view(1) != b.view(1)


# ----- GF-11 Action notation --------------------------------------------------------------------

@pytest.mark.parametrize("bad", ["ask 1 a", "ask 1 10", "ask 01 T", "ask 3 T", "ask 9 T", "ask -1 T",
                                 "ask 1 T ", " ask 1 T", "ask  1 T", "Ask 1 T", "ask 1", "ask",
                                 "ask 1 T T", "ask 1 TC", "ask 1 1", "ask 1 t", "", "ask 1 ٢", "ask ١ T"])
def test_gf11_malformed_asks_are_refused_and_change_nothing(bad):
    g = new(["AC 2C 3C 4C TC", "6C 7C 8C 9C TD", "JC QC KC AD 2D"])
    assert "ask 1 T" in g.legal_actions()
    before = snapshot(g)
    with pytest.raises(pc.MalformedAction, match="^" + re.escape(f"{bad}: ")):
        g.apply(bad)
    assert snapshot(g) == before


def test_gf11_non_string_action_is_malformed():
    g = new(THREE)
    before = snapshot(g)
    with pytest.raises(pc.MalformedAction):
        g.apply(42)
    assert snapshot(g) == before


def test_gf11_notation_follows_the_ask_card_variant():
    with_cards = new(CARD_HANDS, ask_card=True)
    with pytest.raises(pc.MalformedAction, match="names one card"):
        with_cards.apply("ask 1 Q")
    plain = new(CARD_HANDS)
    with pytest.raises(pc.MalformedAction, match="not a rank"):
        plain.apply("ask 1 QS")
    assert "ask 1 Q" in plain.legal_actions() and "ask 1 QS" in with_cards.legal_actions()


# ----- options, saves, descriptions -------------------------------------------------------------

def test_options_defaults():
    g = pc.new_game("go_fish", 3, seed=5)
    assert g.options == {"first_player": None, "next_after_fish": "asked", "ask_card": False,
                         "ask_own_card": False, "keep_playing": False}
    assert g.current_player in range(3)


@pytest.mark.parametrize("players, options, message", [
    (3, {"next_after_fish": "right"}, "next_after_fish"),
    (3, {"next_after_fish": 1}, "next_after_fish"),
    (3, {"ask_card": 1}, "ask_card"),
    (3, {"keep_playing": "yes"}, "keep_playing"),
    (3, {"ask_own_card": True}, "ask_own_card: only possible with ask_card=True"),
    (3, {"ask_own_card": True, "ask_card": False}, "ask_own_card"),
    (3, {"first_player": 3}, "first_player"),
    (3, {"bogus": True}, "bogus"),
    (1, {}, "players"),
    (7, {}, "players"),
])
def test_options_bad_values_are_refused(players, options, message):
    with pytest.raises(pc.InvalidOption, match=message):
        pc.new_game("go_fish", players, seed=1, options=options)


def test_gen2_bad_stacked_deck_is_refused():
    with pytest.raises(pc.InvalidDeck):
        pc.new_game("go_fish", 2, seed=1, deck=FULL[:-1])
    with pytest.raises(pc.InvalidDeck):
        pc.new_game("go_fish", 2, seed=1, deck=FULL[:-1] + ["AC"])


def test_saves_round_trip_and_clone_is_independent():
    g = new(FOUR, stock="JC", keep_playing=True, next_after_fish="left")
    play(g, "ask 2 A", "ask 3 2")
    restored = pc.load_game(g.to_json())
    assert snapshot(restored) == snapshot(g)
    copy = g.clone()
    copy.apply(copy.legal_actions()[0])
    assert snapshot(restored) == snapshot(g)
    assert copy.history != g.history


def test_gen1_same_seed_same_game():
    games = [pc.new_game("go_fish", 4, seed=11) for _ in range(2)]
    for _ in range(30):
        if games[0].is_over:
            break
        action = games[0].legal_actions()[-1]
        for g in games:
            g.apply(action)
    assert snapshot(games[0]) == snapshot(games[1])


def _all_entry_types_games() -> list[pc.Game]:
    games = []
    g = new(["KC KD KH KS AC", "QC QD QH QS AD", "2C 3C 4C 5C 6C"])  # deal, book
    g.apply("ask 1 A")  # ask, give.1, end empty_hand, game_end
    games.append(g)
    g = new(["AC AD 2C 7H TH", "7C 7D 7S 9D KC", "2D 2H 2S 6C 8C"], stock="JC AH")
    play(g, "ask 1 7", "ask 2 2", "ask 2 A")  # give.3, give.2... then go_fish, fish
    games.append(g)
    g = new(FOUR, stock="AH")
    play(g, "ask 2 A")  # fish_shown
    games.append(g)
    g = new(CARD_HANDS, stock="QH", ask_card=True)
    play(g, "ask 1 QS")  # ask_card, give_card
    games.append(g)
    g = new(["AC 2C 3C 4C 5C 6C 7C", "AD AH 2D 2H 3D 3H 4D"], stock="KS", keep_playing=True)
    play(g, "ask 1 A", "ask 1 2", "ask 1 3", "ask 1 4")  # skip no_one_to_ask, draw
    games.append(g)
    g = pc.new_game("go_fish", 5, seed=1, options={"first_player": 0, "keep_playing": True},
                    deck=FULL)
    while not g.is_over:  # skip no_cards, end all_books
        g.apply(catching_action(g))
    games.append(g)
    g = pc.new_game("go_fish", 4, seed=1, options={"first_player": 0}, deck=FULL)
    first_legal_until(g, lambda game: False)  # end empty_stock
    games.append(g)
    g = pc.new_game("go_fish", 4, seed=1, options={"first_player": 0, "keep_playing": True},
                    deck=FULL)
    first_legal_until(g, lambda game: False)  # end stalled
    games.append(g)
    return games


def test_describe_renders_every_history_entry_type():
    entries = [entry for g in _all_entry_types_games() for entry in g.history]
    kinds = {(e["type"], e.get("reason"), e.get("count")) for e in entries}
    assert {e["type"] for e in entries} == {
        "deal", "book", "ask", "ask_card", "give", "give_card", "go_fish", "miss", "fish",
        "fish_shown", "draw", "skip", "end", "game_end"}
    assert {("give", None, 1), ("give", None, 2), ("give", None, 3)} <= kinds
    assert {("skip", "no_cards", None), ("skip", "no_one_to_ask", None)} <= kinds
    assert {r for t, r, _ in kinds if t == "end"} == {"empty_hand", "empty_stock", "all_books",
                                                     "stalled"}
    for entry in entries:
        text = describe("go_fish", entry)
        assert "{" not in text and "}" not in text and not text.startswith("go_fish."), text
        assert text[0].isupper() and text.rstrip("”")[-1] in ".!", text


def test_describe_sentences():
    def say(entry):
        return describe("go_fish", entry)
    assert say({"type": "deal", "start_player": 1, "hand_size": 5, "stock": 37}) == (
        "Each player is dealt 5 cards; 37 cards form the stock. Player 2 goes first.")
    assert say({"type": "ask", "seat": 0, "asked": 2, "rank": "T"}) == "Player 1 asks Player 3 for tens."
    assert say({"type": "ask_card", "seat": 0, "asked": 2, "card": "QS"}) == (
        "Player 1 asks Player 3 for the queen of spades.")
    assert say({"type": "give", "seat": 2, "asker": 0, "rank": "6", "count": 1}) == (
        "Player 3 gives Player 1 one six.")
    assert say({"type": "give", "seat": 2, "asker": 0, "rank": "6", "count": 3}) == (
        "Player 3 gives Player 1 three sixes.")
    assert say({"type": "go_fish", "seat": 2, "asker": 0}) == "Player 3 says: “Go fish!”"
    assert say({"type": "fish", "seat": 0}) == "Player 1 draws a card from the stock."
    assert say({"type": "book", "seat": 1, "rank": "K"}) == "Player 2 lays down a book of kings."
    assert say({"type": "skip", "seat": 1, "reason": "no_cards"}) == (
        "Player 2 is skipped: no cards in hand and the stock is empty.")
    # GF-7: the end names whose hand ran out, in every language
    end = {"type": "end", "reason": "empty_hand", "seat": 1}
    assert say(end) == "Play stops: Player 2 has no cards left."
    assert describe("go_fish", end, names=["Ana", "Bo"], lang="de") == "Das Spiel endet: Bo hat keine Karten mehr."
    assert say({"type": "end", "reason": "empty_stock"}) == "Play stops: the stock is empty."
    assert say({"type": "game_end", "winners": [0, 1], "totals": [1, 1, 0]}) == (
        "The game is over. Shared win: Player 1, Player 2 (books per player: 1, 1, 0).")
    assert card_name("go_fish", "TH") == "ten of hearts"
    assert describe_action("go_fish", "ask 2 T") == "Ask Player 3 for tens"
    assert describe_action("go_fish", "ask 2 TH") == "Ask Player 3 for the ten of hearts"
    assert describe_action("go_fish", "ask 0 A", names=["Ann", "Bo"]) == "Ask Ann for aces"


def test_describe_every_legal_action():
    for options in ({}, {"ask_card": True, "ask_own_card": True}):
        g = pc.new_game("go_fish", 6, seed=2, options=options)
        for action in g.legal_actions():
            text = describe_action("go_fish", action)
            assert text.startswith("Ask Player ") and "{" not in text, text


# ----- properties (hypothesis) ------------------------------------------------------------------

OPTIONS = st.fixed_dictionaries({
    "next_after_fish": st.sampled_from(["asked", "left"]),
    "keep_playing": st.booleans(),
    "ask_card": st.booleans(),
}).flatmap(lambda o: st.fixed_dictionaries(
    {**{k: st.just(v) for k, v in o.items()},
     "ask_own_card": st.booleans() if o["ask_card"] else st.just(False)}))


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31 - 1), options=OPTIONS,
       picks=st.randoms(use_true_random=False))
def test_property_random_play_terminates_conserves_cards_and_hides_hands(players, seed, options,
                                                                          picks):
    g = pc.new_game("go_fish", players, seed=seed, options=options)
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal and legal == sorted(set(legal))
        views = [g.view(s) for s in range(players)]
        spectator = g.view(None)
        held = sum(spectator["hand_sizes"])
        assert held + spectator["stock_size"] + 4 * sum(g.totals) == 52
        assert [len(v["hand"]) for v in views] == spectator["hand_sizes"]
        if not options["ask_card"]:  # with ask_card, asks name cards in others' hands in public
            for seat, view in enumerate(views):
                text = json.dumps(view)
                for other in range(players):
                    if other != seat:
                        assert not any(f'"{card}"' in text for card in views[other]["hand"])
        g.apply(picks.choice(legal))
        steps += 1
        assert steps < 30_000  # GEN-6
    assert g.winners and g.legal_actions() == []
    best = max(g.totals)
    assert g.winners == [s for s, t in enumerate(g.totals) if t == best]
    if options["keep_playing"] and g.history[-2]["reason"] != "stalled":
        assert sum(g.totals) == 13
    for entry in g.history:
        if entry["type"] in ("fish", "draw"):
            assert "card" not in entry
    assert snapshot(pc.load_game(g.to_json())) == snapshot(g)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 40),
       junk=st.sampled_from(["ask 0 A", "ask 1 X", "ask 5 2", "ask 1 2H", "ask 2 K", "fish"]))
def test_property_illegal_actions_leave_the_state_unchanged(seed, steps, junk):
    g = pc.new_game("go_fish", 3, seed=seed, options={"keep_playing": True})
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(g.legal_actions()[seed % len(g.legal_actions())])
    if junk in g.legal_actions():
        return
    before = snapshot(g)
    with pytest.raises(pc.IllegalAction):
        g.apply(junk)
    assert snapshot(g) == before


def test_copies_share_no_list_or_dict_of_the_state():
    """GoFish spells out Game._copy for speed: every list or dict of the state (whatever it
    holds) must be copied, as the engine's copy would, or a clone or search world would move
    the original."""
    rng = random.Random(3)
    for options in ({}, {"ask_card": True, "keep_playing": True}):
        game = pc.new_game("go_fish", 3, seed=5, options=options)
        for _ in range(12):
            game.apply(rng.choice(game.legal_actions()))
        game.legal_actions()  # cache the legal list too
        for copy in (game.clone(), game.fork(), game.sample_copy(rng), game.determinize(0, rng)):
            for key, value in game.__dict__.items():
                if type(value) in (list, dict) and key != "history":
                    mine = copy.__dict__.get(key)
                    if mine is None:  # dropped by the copy (a sampled world's cached legal list)
                        continue
                    assert mine is not value, key
                    if type(value) is list:
                        for a, b in zip(value, mine):
                            assert type(a) not in (list, dict) or a is not b, key
