"""Enemy Anemone rules EA-1 ... EA-13 (RULES.md), tested through the public API only.

Most positions are hand-built with stacked decks (GEN-2: top card first, dealt round-robin from
seat 0, GEN-3). Many use "own-suit" deals, where seat ``s`` holds the whole of suit ``SUITS[s]``:
every card is then a new suit in its trick, so a schedule table ``table[seat][trick] = rank``
fully scripts a hand.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pygame_core as pc
from pygame_core.describe import catalog, describe, describe_action

GAME = "enemy_anemone"
SUITS = "OJSRCT"


# ----- helpers ----------------------------------------------------------------------------------


def full_deck(players: int) -> list[str]:
    """The cards of one hand for ``players`` (EA-1, EA-2, EA-11)."""
    if players == 2:
        return [f"{s}{r}" for s in SUITS[:4] for r in range(2, 10)]
    if players == 6:
        return [f"{s}{r}" for s in SUITS for r in range(2, 10)]
    return [f"{s}{r}" for s in SUITS[:players] for r in range(1, 11)]


def stack(hands: list[list[str]], stock: list[str] = ()) -> list[str]:
    """A deck, top first, that deals ``hands[s]`` to seat ``s`` round-robin, then ``stock``."""
    return [hand[i] for i in range(len(hands[0])) for hand in hands] + list(stock)


def new(hands: list[list[str]], first: int, stock: list[str] = (), seed: int = 1) -> pc.Game:
    return pc.new_game(GAME, players=len(hands), seed=seed, options={"first_player": first},
                       deck=stack(hands, stock))


def own_suits(players: int, first: int, seed: int = 1) -> pc.Game:
    """Seat ``s`` holds every card of suit ``SUITS[s]``."""
    ranks = range(2, 10) if players == 6 else range(1, 11)
    return new([[f"{SUITS[s]}{r}" for r in ranks] for s in range(players)], first, seed=seed)


def play_schedule(g: pc.Game, table: list[list[int]]) -> None:
    """Play an own-suit hand: in trick ``t`` seat ``s`` plays rank ``table[s][t]``."""
    for trick in range(len(table[0])):
        for _ in range(g.players):
            seat = g.current_player
            g.apply(f"play {SUITS[seat]}{table[seat][trick]}")


def apply_all(g: pc.Game, actions: list[str]) -> None:
    for action in actions:
        g.apply(action)


def entries(g: pc.Game, kind: str) -> list[dict]:
    return [e for e in g.history if e["type"] == kind]


def strip(entry: dict, *keys: str) -> dict:
    return {k: v for k, v in entry.items() if k in keys}


def snapshot(g: pc.Game) -> tuple:
    views = [g.view(s) for s in [None, *range(g.players)]]
    return g.to_json(), json.dumps(views), json.dumps(g.history), g.current_player


# Seat 0: O1-O5, S6-S10; seat 1: J1-J5, S1-S5; seat 2: O6-O10, J6-J10. After an octopus lead
# and a jellyfish, seat 2 holds no squid and must discard.
DISCARD_HANDS = [
    ["O1", "O2", "O3", "O4", "O5", "S6", "S7", "S8", "S9", "S10"],
    ["J1", "J2", "J3", "J4", "J5", "S1", "S2", "S3", "S4", "S5"],
    ["O6", "O7", "O8", "O9", "O10", "J6", "J7", "J8", "J9", "J10"],
]

# Two players (EA-11). Seat 0 leads and wins every trick; seat 1 discards in tricks 2-4 (slot 4,
# no stingray in hand yet); the last four stock cards are stingrays, so in trick 8 both hold only
# stingrays: R6 is the lone card played.
TWO_HANDS = [["O9", "R2", "O8", "S8", "O7", "S7", "O6", "S6"],
             ["J8", "S5", "J7", "O2", "J6", "J9", "J5", "S9"]]
TWO_STOCK = ["O5", "R9", "J4", "S4", "O4", "R8", "J3", "S3",
             "O3", "R7", "J2", "S2", "R6", "R5", "R3", "R4"]
TWO_TRICKS = [
    ["play O9", "play J8", "play R2", "play S5"],
    ["play O8", "play J7", "play S8", "discard O2"],
    ["play O7", "play J6", "play S7", "discard J9"],
    ["play O6", "play J5", "play S6", "discard S9"],
    ["play O5", "play J4", "play R9", "play S4"],
    ["play O4", "play J3", "play R8", "play S3"],
    ["play O3", "play J2", "play R7", "play S2"],
    ["play R6", "discard R3", "discard R5", "discard R4"],
]


def two_player_game() -> pc.Game:
    return new(TWO_HANDS, first=0, stock=TWO_STOCK)


# Own-suit schedules (found by search, outcomes checked by hand below).
# 3 players: hand scores [16, 7, 16].
T3 = [[1, 5, 10, 4, 7, 6, 2, 9, 3, 8],
      [10, 4, 7, 6, 2, 9, 3, 8, 1, 5],
      [2, 9, 3, 8, 1, 5, 10, 4, 7, 6]]
# 4 players: hand scores [16, 10, 16, 10]: two tied for highest, two tied for lowest.
T4 = [[3, 2, 4, 8, 5, 9, 1, 10, 7, 6],
      [7, 6, 3, 2, 4, 8, 5, 9, 1, 10],
      [9, 1, 10, 7, 6, 3, 2, 4, 8, 5],
      [8, 5, 9, 1, 10, 7, 6, 3, 2, 4]]
# 6 players: seat s wins trick s+1 with its 9 (s = 0..5), seat 0 also wins tricks 7 and 8.
# Lowest cards: seat 1 in tricks 1, 7, 8; seats 2, 3, 4, 5, 0 in tricks 2..6. So seat 1 takes,
# flips, takes; everyone else takes once: 7 Anemones leave the supply, 2 remain.
# SIX_TIE: every trick 2..6 holds two cards of rank 3/5/8, so seats 1..5 all score 6 + 2 = 8.
SIX_TIE = [[9, 3, 5, 6, 4, 2, 8, 7],
           [2, 9, 6, 8, 7, 5, 3, 4],
           [6, 2, 9, 7, 8, 3, 4, 5],
           [3, 7, 2, 9, 8, 4, 5, 6],
           [3, 4, 8, 2, 9, 7, 6, 5],
           [5, 8, 4, 3, 2, 9, 7, 6]]
# SIX_PLACES: seat 4 scores 7 (lowest), seats 2 and 5 score 8 (tied second lowest).
SIX_PLACES = [[9, 6, 3, 5, 4, 2, 8, 7],
              [2, 9, 7, 8, 6, 5, 3, 4],
              [7, 2, 9, 3, 8, 6, 4, 5],
              [3, 8, 2, 9, 7, 4, 5, 6],
              [7, 8, 4, 2, 9, 3, 6, 5],
              [4, 8, 5, 3, 2, 9, 7, 6]]


def play_until(g: pc.Game, found, limit: int = 1000) -> tuple[dict, dict]:
    """Apply the first legal action until a new history entry satisfies ``found``.

    Returns that entry and the spectator view from just before the action that logged it.
    """
    for _ in range(limit):
        seen, before = len(g.history), g.view(None)
        g.apply(g.legal_actions()[0])
        for entry in g.history[seen:]:
            if found(entry):
                return entry, before
    raise AssertionError("entry not found")


# ----- EA-1, EA-2, EA-11: setup -----------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ea1_first_n_suits_ten_cards_each(players):
    g = pc.new_game(GAME, players=players, seed=11)
    hands = [g.view(s)["hand"] for s in range(players)]
    assert [len(h) for h in hands] == [10] * players
    assert sorted(c for h in hands for c in h) == sorted(full_deck(players))
    assert {c[0] for h in hands for c in h} == set(SUITS[:players])
    view = g.view(None)
    assert view["supply"] == 9
    assert view["anemones"] == [[]] * players
    assert view["stock_size"] == 0 and view["round"] == 1 and view["hand_scores"] == []


def test_ea1_stacked_deck_deals_round_robin_from_seat_0():
    g = own_suits(3, first=0)
    assert g.view(1)["hand"] == sorted(f"J{r}" for r in range(1, 11))
    assert g.view(2)["hand"] == sorted(f"S{r}" for r in range(1, 11))


def test_ea1_deck_must_fit_the_player_count():
    with pytest.raises(pc.InvalidDeck):
        pc.new_game(GAME, players=3, deck=full_deck(4))
    with pytest.raises(pc.InvalidDeck):
        pc.new_game(GAME, players=6, deck=full_deck(6)[:-1] + ["O1"])
    with pytest.raises(pc.InvalidOption):
        pc.new_game(GAME, players=7)
    with pytest.raises(pc.InvalidOption):
        pc.new_game(GAME, players=3, options={"target_score": 6})


def test_ea2_six_players_48_cards_without_1_and_10_eight_each():
    g = pc.new_game(GAME, players=6, seed=5)
    hands = [g.view(s)["hand"] for s in range(6)]
    assert [len(h) for h in hands] == [8] * 6
    cards = sorted(c for h in hands for c in h)
    assert cards == sorted(full_deck(6)) and len(cards) == 48
    assert not any(c[1:] in ("1", "10") for c in cards)


def test_ea11_two_players_four_suits_without_1_and_10_stock_of_16():
    g = pc.new_game(GAME, players=2, seed=5)
    hands = [g.view(s)["hand"] for s in range(2)]
    assert [len(h) for h in hands] == [8, 8]
    assert g.view(None)["stock_size"] == 16
    assert set(c for h in hands for c in h) < set(full_deck(2))
    assert len(full_deck(2)) == 32


# ----- EA-3: tricks and discards ----------------------------------------------------------------


def test_ea3_leader_may_play_any_card():
    g = new(DISCARD_HANDS, first=0)
    assert g.legal_actions() == sorted("play " + c for c in DISCARD_HANDS[0])
    assert g.view(0)["legal_actions"] == g.legal_actions() and g.view(1)["legal_actions"] == []


def test_ea3_followers_must_play_a_suit_not_yet_in_the_trick():
    g = new(DISCARD_HANDS, first=0)
    g.apply("play O3")
    assert g.current_player == 1
    assert g.legal_actions() == sorted("play " + c for c in DISCARD_HANDS[1])  # J and S: no O
    g.apply("play S2")
    assert g.legal_actions() == sorted("play " + c for c in DISCARD_HANDS[2] if c[0] == "J")


def test_ea3_player_without_a_new_suit_discards_into_own_score_pile():
    g = new(DISCARD_HANDS, first=0)
    apply_all(g, ["play O3", "play J2"])
    assert g.legal_actions() == sorted("discard " + c for c in DISCARD_HANDS[2])
    g.apply("discard O8")
    assert entries(g, "discard") == [{"type": "discard", "seat": 2}]
    end = entries(g, "trick_end")[0]
    assert strip(end, "winner", "lowest", "cards", "count") == {
        "winner": 0, "lowest": 1, "cards": ["O3", "J2"], "count": 2}
    view = g.view(2)
    assert view["score_pile_sizes"] == [2, 0, 1]
    assert view["score_pile"] == ["O8"]
    assert view["score_pile_bonus"] == 1 and view["score_pile_points"] == 2
    assert g.view(0)["score_pile"] == ["J2", "O3"]
    assert view["hand_sizes"] == [9, 9, 9]
    # The finished trick stays in the view with who discarded into it (EA-12: not what).
    assert view["last_trick"] == {"trick": [{"seat": 0, "card": "O3", "value": 3, "anemones": []},
                                            {"seat": 1, "card": "J2", "value": 2, "anemones": []}],
                                  "winner": 0, "lowest": 1, "discards": [2]}


def test_ea3_discard_is_illegal_while_holding_a_new_suit():
    g = new(DISCARD_HANDS, first=0)
    g.apply("play O3")
    before = snapshot(g)
    with pytest.raises(pc.IllegalAction) as err:
        g.apply("discard J2")
    assert str(err.value).startswith("discard J2: seat 1 holds J1, J2, J3, J4, J5, S1,")
    assert "must play a card (EA-3)" in str(err.value)
    assert snapshot(g) == before


def test_ea3_suit_already_played_is_illegal():
    g = new(DISCARD_HANDS, first=0)
    apply_all(g, ["play O3", "play J2"])
    before = snapshot(g)
    with pytest.raises(pc.IllegalAction) as err:
        g.apply("play J7")
    assert str(err.value) == "play J7: jellyfish already played this trick"
    assert not isinstance(err.value, pc.MalformedAction)
    assert snapshot(g) == before


# ----- EA-4: Anemones on a card -----------------------------------------------------------------


def test_ea4_boost_decides_the_trick_and_used_anemones_return_to_supply():
    g = own_suits(3, first=0)
    apply_all(g, ["play O1", "play J5", "play S6"])  # seat 2 wins; seat 0 lowest gains a +1
    assert g.view(None)["anemones"] == [[1], [], []] and g.view(None)["supply"] == 8
    assert g.current_player == 2
    g.apply("play S2")
    assert "play O7 +1" in g.legal_actions() and "play O7 +2" not in g.legal_actions()
    g.apply("play O7 +1")
    view = g.view(None)
    assert view["trick"] == [
        {"seat": 2, "card": "S2", "value": 2, "anemones": []},
        {"seat": 0, "card": "O7", "value": 8, "anemones": [1]},
    ]
    assert view["anemones"] == [[], [], []] and view["supply"] == 8
    assert g.history[-1] == {"type": "play", "seat": 0, "card": "O7", "anemones": [1], "count": 1,
                             "boost": 1, "value": 8}
    g.apply("play J7")  # 7 would tie O7's printed 7 and win as the later card; 8 beats it
    end = entries(g, "trick_end")[-1]
    assert strip(end, "winner", "lowest", "high", "low", "tie") == {
        "winner": 0, "lowest": 2, "high": 8, "low": 2, "tie": False}
    assert entries(g, "anemones_return")[-1] == {"type": "anemones_return", "count": 1, "supply": 9}
    view = g.view(None)
    assert view["anemones"] == [[], [], [1]] and view["supply"] == 8
    assert view["score_pile_sizes"] == [3, 0, 3] and g.current_player == 0


def test_ea4_attach_choices_are_each_distinct_sub_multiset_once():
    g = two_player_game()
    for trick in TWO_TRICKS[:6]:
        apply_all(g, trick)
    g.apply("play O3")
    assert g.view(1)["anemones"] == [[1], [1, 2, 2]]
    assert g.view(1)["hand"] == ["J2", "R3", "R4", "S2"]
    suffixes = ["", " +1", " +1 +2", " +1 +2 +2", " +2", " +2 +2"]
    legal = g.legal_actions()
    assert legal == ["play " + c + s for c in ["J2", "R3", "R4", "S2"] for s in suffixes]
    assert legal == sorted(set(legal))
    with pytest.raises(pc.IllegalAction, match=r"holds 1 Anemone\(s\) showing \+1, not 2"):
        g.apply("play J2 +1 +1")
    with pytest.raises(pc.IllegalAction, match=r"holds 2 Anemone\(s\) showing \+2, not 3"):
        g.apply("play J2 +2 +2 +2")


def test_ea4_anemones_cannot_go_on_a_discard():
    g = new(DISCARD_HANDS, first=0)
    apply_all(g, ["play O3", "play J2"])
    before = snapshot(g)
    with pytest.raises(pc.MalformedAction, match="a discard takes no Anemones"):
        g.apply("discard O8 +1")
    assert snapshot(g) == before


def test_ea4_anemones_attached_in_two_player_trick_are_gone_for_the_second_card():
    g = two_player_game()
    for trick in TWO_TRICKS[:6]:
        apply_all(g, trick)
    apply_all(g, ["play O3", "play J2 +1 +2 +2"])
    assert g.view(None)["anemones"] == [[1], []]
    g.apply("play R7")
    assert g.legal_actions() == ["play S2"]
    g.apply("play S2")
    end = entries(g, "trick_end")[-1]  # J2+5 = 7 ties R7; R7 was played later and wins
    assert strip(end, "winner", "lowest", "high", "low", "high_tie") == {
        "winner": 0, "lowest": 1, "high": 7, "low": 2, "high_tie": True}
    # 5 in the supply before the trick, 3 returned, then seat 1 (no +1 held) takes one
    assert g.view(None)["supply"] == 7
    assert g.view(None)["anemones"] == [[1], [1]]


# ----- EA-5: winning the trick ------------------------------------------------------------------


def test_ea5_highest_takes_all_played_cards_lowest_gains_winner_leads():
    g = own_suits(3, first=0)
    apply_all(g, ["play O4", "play J9", "play S2"])
    end = entries(g, "trick_end")[0]
    assert strip(end, "winner", "lowest", "high", "low", "cards", "tie", "reason") == {
        "winner": 1, "lowest": 2, "high": 9, "low": 2, "cards": ["O4", "J9", "S2"], "tie": False,
        "reason": "clear"}
    view = g.view(1)
    assert view["score_pile_sizes"] == [0, 3, 0] and view["score_pile"] == ["J9", "O4", "S2"]
    assert view["anemones"] == [[], [], [1]]
    assert g.current_player == 1 and view["leader"] == 1 and view["trick"] == []
    assert view["trick_number"] == 2
    assert view["last_trick"]["winner"] == 1 and view["last_trick"]["lowest"] == 2
    assert view["last_trick"]["discards"] == []


def test_ea5_tie_for_highest_goes_to_later_card():
    g = own_suits(3, first=0)
    apply_all(g, ["play O7", "play J7", "play S3"])
    end = entries(g, "trick_end")[0]
    assert strip(end, "winner", "lowest", "high_tie", "low_tie", "tie", "reason") == {
        "winner": 1, "lowest": 2, "high_tie": True, "low_tie": False, "tie": True,
        "reason": "tie_high"}
    # later in play order, not a higher seat number: seat 2 leads, seat 0 plays after it
    g = own_suits(3, first=2)
    apply_all(g, ["play S7", "play O7", "play J3"])
    assert entries(g, "trick_end")[0]["winner"] == 0


def test_ea5_tie_for_lowest_goes_to_later_card():
    g = own_suits(3, first=0)
    apply_all(g, ["play O2", "play J2", "play S9"])
    end = entries(g, "trick_end")[0]
    assert strip(end, "winner", "lowest", "low_tie", "reason") == {
        "winner": 2, "lowest": 1, "low_tie": True, "reason": "tie_low"}
    assert g.view(None)["anemones"] == [[], [1], []]


def test_ea5_all_values_equal_last_card_is_highest_and_lowest():
    g = own_suits(3, first=1)
    apply_all(g, ["play J5", "play S5", "play O5"])
    end = entries(g, "trick_end")[0]
    assert strip(end, "winner", "lowest", "reason") == {"winner": 0, "lowest": 0, "reason": "tie_both"}
    assert g.view(None)["anemones"] == [[1], [], []]


def test_ea5_lone_card_is_both_highest_and_lowest():
    g = two_player_game()
    for trick in TWO_TRICKS[:7]:
        apply_all(g, trick)
    assert g.view(0)["hand"] == ["R5", "R6"] and g.view(1)["hand"] == ["R3", "R4"]
    apply_all(g, TWO_TRICKS[7])
    end = entries(g, "trick_end")[-1]
    assert strip(end, "trick", "winner", "lowest", "cards", "count", "lone", "reason") == {
        "trick": 8, "winner": 0, "lowest": 0, "cards": ["R6"], "count": 1, "lone": True,
        "reason": "lone"}
    assert entries(g, "anemone_flip")[-1] == {"type": "anemone_flip", "receiver": 0,
                                               "reason": "lowest_card"}
    assert "is both the highest and the lowest" in describe(GAME, end)


# ----- EA-6: hand scoring -----------------------------------------------------------------------


def test_ea6_hand_score_is_cards_plus_one_per_printed_3_5_8():
    g = own_suits(3, first=0)
    play_schedule(g, T3)
    # seat 0 won tricks 3, 5, 8, 10 (3s/5s/8s: S3 J8 O8 J5); seat 1 tricks 1, 6 (S5);
    # seat 2 tricks 2, 4, 7, 9 (O5 S8 J3 O3)
    assert strip(entries(g, "hand_end")[0], "scores", "bonuses", "pile_sizes", "totals") == {
        "scores": [16, 7, 16], "bonuses": [4, 1, 4], "pile_sizes": [12, 6, 12],
        "totals": [16, 7, 16]}
    assert g.view(0)["hand_scores"] == [[16, 7, 16]] and g.totals == [16, 7, 16]


def test_ea6_discards_score_for_the_discarder():
    g = two_player_game()
    for trick in TWO_TRICKS[:7]:
        apply_all(g, trick)
    apply_all(g, TWO_TRICKS[7][:3])  # before the last discard: seat 1's pile is its discards
    assert g.view(1)["score_pile"] == ["J9", "O2", "R3", "S9"]
    assert g.view(1)["score_pile_points"] == 5  # 4 cards + R3
    g.apply(TWO_TRICKS[7][3])
    end = entries(g, "hand_end")[0]
    # seat 0: 26 trick cards + discarded R5 = 27 cards; 3/5/8: J8 S5 O8 S8 J5 O5 J3 S3 R8 O3 R5
    # seat 1: discards O2 J9 S9 R3 R4 = 5 cards + R3
    assert strip(end, "scores", "bonuses", "pile_sizes") == {
        "scores": [38, 6], "bonuses": [11, 1], "pile_sizes": [27, 5]}


# ----- EA-7: gaining an Anemone -----------------------------------------------------------------


def test_ea7_gaining_a_plus_one_while_holding_one_flips_it():
    g = own_suits(3, first=0)
    apply_all(g, ["play O1", "play J5", "play S6"])  # seat 0 takes a +1
    apply_all(g, ["play S7", "play O2", "play J8"])  # seat 0 lowest again: flip
    assert entries(g, "anemone_flip") == [{"type": "anemone_flip", "receiver": 0,
                                           "reason": "lowest_card"}]
    assert g.view(None)["anemones"] == [[2], [], []] and g.view(None)["supply"] == 8
    apply_all(g, ["play J1", "play S8", "play O3"])  # seat 1 lowest: takes one
    apply_all(g, ["play S9", "play O4", "play J2"])  # seat 1 lowest again: flip
    apply_all(g, ["play S1", "play O5", "play J3"])  # seat 2 lowest: takes one
    assert g.view(None)["anemones"] == [[2], [2], [1]] and g.view(None)["supply"] == 6
    apply_all(g, ["play O6", "play J4", "play S2"])  # seat 2 lowest again: flip
    apply_all(g, ["play O7", "play J6", "play S3"])  # seat 2 lowest, holds no +1: takes one
    assert g.view(None)["anemones"] == [[2], [2], [1, 2]] and g.view(None)["supply"] == 5
    assert entries(g, "anemone_supply")[-1] == {"type": "anemone_supply", "receiver": 2,
                                                "side": 1, "supply": 5, "reason": "lowest_card"}


def test_ea7_empty_supply_most_cards_gives_lowest_side_ties_by_total_then_clockwise():
    g = own_suits(6, first=3)
    play_schedule(g, SIX_TIE)
    gains = [e for e in g.history if e["type"].startswith("anemone")]
    assert [strip(e, "type", "receiver", "giver", "side", "given_side", "supply") for e in gains[-5:]] == [
        {"type": "anemone_supply", "receiver": 3, "side": 2, "supply": 1},
        {"type": "anemone_supply", "receiver": 4, "side": 2, "supply": 0},
        # holdings 0:[1] 1:[1,2] 2:[1] 3:[1,2] 4:[1,2]: seats 1, 3, 4 tie on (2 cards, 3);
        # first clockwise from the receiver 5 is seat 1; its +1 is turned to +2 (6 players)
        {"type": "anemone_given", "giver": 1, "receiver": 5, "side": 2, "given_side": 1},
        # 0:[1] 2:[1] 3:[1,2] 4:[1,2] 5:[1,2]: clockwise from 1 -> seat 3
        {"type": "anemone_given", "giver": 3, "receiver": 1, "side": 2, "given_side": 1},
        # 0:[1] 1:[2,2] 3:[2] 4:[1,2] 5:[1,2]: seats 1, 4, 5 hold 2 cards; seat 1's total 4 beats
        # seat 4, which comes first clockwise from 2; seat 1 gives its lowest side, a +2
        {"type": "anemone_given", "giver": 1, "receiver": 2, "side": 2, "given_side": 2},
    ]
    view = g.view(None)
    assert view["anemones"] == [[1], [2], [1, 2], [2], [1, 2], [1, 2]] and view["supply"] == 0


def test_ea7_plus_one_from_a_giver_keeps_its_side_ties_clockwise_from_receiver():
    g = own_suits(4, first=0, seed=2)
    play_schedule(g, T4)  # hand 1; hand 2 is dealt by the seeded RNG
    assert g.view(None)["anemones"] == [[2], [2, 2], [2], [2, 2]]
    entry, before = play_until(g, lambda e: e["type"] == "anemone_given")
    assert entry == {"type": "anemone_given", "giver": 3, "receiver": 1, "side": 2,
                     "given_side": 2, "reason": "lowest_card"}
    # just before: supply 0; receiver 1 held only +2s; seats 0 [2,2] and 3 [2,2] tie on count
    # and total (seat 2's [1,2] has a lower total); clockwise from seat 1, seat 3 comes first
    assert before["round"] == 2 and before["trick_number"] == 6 and before["supply"] == 0
    assert before["anemones"] == [[2, 2], [2, 2, 2], [1, 2], [2, 2]]
    assert g.view(None)["anemones"] == [[2, 2], [2, 2, 2, 2], [1, 2], [2]]


def test_ea7_nobody_else_holds_one_nothing_is_gained():
    g = pc.new_game(GAME, players=2, seed=0, options={"first_player": 0})
    entry, before = play_until(g, lambda e: e["type"] == "anemone_none")
    assert entry == {"type": "anemone_none", "receiver": 0, "side": 1, "reason": "lowest_card"}
    assert before["anemones"] == [[2] * 9, []] and before["supply"] == 0
    assert g.view(None)["anemones"] == [[2] * 9, []] and g.view(None)["supply"] == 0
    assert "gains nothing" in describe(GAME, entry)


# ----- EA-8: end-of-hand bonus ------------------------------------------------------------------


def test_ea8_lowest_hand_score_gains_a_plus_one():
    g = own_suits(3, first=0)
    play_schedule(g, T3)
    assert [strip(e, "seat", "side", "reason", "score") for e in entries(g, "hand_bonus")] == [
        {"seat": 1, "side": 1, "reason": "lowest", "score": 7}]
    # seat 1 held [1, 2] (take, flip, take in tricks 2, 9, 10): the bonus flips the +1
    assert g.history[-2] == {"type": "anemone_flip", "receiver": 1, "reason": "hand_bonus"}
    assert g.view(None)["anemones"] == [[1, 2], [2, 2], [2, 2]]


def test_ea8_every_player_tied_for_lowest_gains():
    g = own_suits(4, first=0)
    play_schedule(g, T4)
    assert [e["seat"] for e in entries(g, "hand_bonus")] == [1, 3]
    assert g.view(None)["anemones"] == [[2], [2, 2], [2], [2, 2]]
    assert g.view(None)["supply"] == 3


def test_ea8_six_players_lowest_takes_a_plus_two_second_lowest_gains_a_plus_one():
    g = own_suits(6, first=0)
    play_schedule(g, SIX_PLACES)
    assert entries(g, "hand_end")[0]["scores"] == [24, 9, 8, 10, 7, 8]
    assert [strip(e, "seat", "side", "reason") for e in entries(g, "hand_bonus")] == [
        {"seat": 4, "side": 2, "reason": "lowest"},
        {"seat": 2, "side": 1, "reason": "second_lowest"},
        {"seat": 5, "side": 1, "reason": "second_lowest"},
    ]
    # seat 4 held a +1 but takes a new card showing +2 (no flip); seats 2 and 5 flip their +1
    view = g.view(None)
    assert view["anemones"] == [[1], [1, 2], [2], [1], [1, 2], [2]] and view["supply"] == 1
    assert "second-lowest score" in describe(GAME, entries(g, "hand_bonus")[1])


def test_ea8_six_players_tie_for_lowest_all_take_plus_two_and_no_second_place():
    g = own_suits(6, first=3)
    play_schedule(g, SIX_TIE)
    assert entries(g, "hand_end")[0]["scores"] == [26, 8, 8, 8, 8, 8]
    # clockwise from the hand's leader (seat 3); seat 0 gets nothing
    assert [strip(e, "seat", "side") for e in entries(g, "hand_bonus")] == [
        {"seat": s, "side": 2} for s in (3, 4, 5, 1, 2)]


# ----- EA-9: hands and the next leader ----------------------------------------------------------


def test_ea9_next_hand_led_by_highest_total():
    g = own_suits(3, first=0)
    apply_all(g, ["play O1", "play J10", "play S2"])
    view = g.view(None)
    assert view["hand_leader"] == 0 and view["leader"] == 1
    play_schedule(g, [row[1:] for row in T3])
    # totals [16, 7, 16]: seats 0 and 2 tie; the first tied seat clockwise from seat 0 is 0
    view = g.view(0)
    assert view["round"] == 2 and view["hand_leader"] == 0 and g.current_player == 0
    assert entries(g, "hand_start")[-1] == {"type": "hand_start", "round": 2, "leader": 0,
                                            "stock": 0}
    assert view["hand_scores"] == [[16, 7, 16]] and view["totals"] == [16, 7, 16]
    assert len(view["hand"]) == 10 and view["score_pile_sizes"] == [0, 0, 0]


@pytest.mark.parametrize("first, leader", [(0, 0), (1, 2), (2, 2), (3, 0)])
def test_ea9_tied_totals_go_clockwise_from_previous_leader_inclusive(first, leader):
    g = own_suits(4, first=first)
    play_schedule(g, T4)  # every trick has four different values: the order does not matter
    assert g.totals == [16, 10, 16, 10]
    assert g.current_player == leader and g.view(None)["hand_leader"] == leader
    assert g.view(None)["anemones"] == [[2], [2, 2], [2], [2, 2]]  # Anemones carry over


def test_ea9_each_hand_is_reshuffled_by_the_seeded_rng():
    def second_hand(seed):
        g = own_suits(3, first=0, seed=seed)
        play_schedule(g, T3)
        return [g.view(s)["hand"] for s in range(3)]

    assert second_hand(4) == second_hand(4)
    assert second_hand(4) != second_hand(5)
    hands = second_hand(4)
    assert sorted(c for h in hands for c in h) == sorted(full_deck(3))
    assert hands[0] != sorted(f"O{r}" for r in range(1, 11))  # the stacked deck was hand 1 only


def test_ea9_four_hands_then_the_game_ends():
    g = pc.new_game(GAME, players=4, seed=21)
    rng = random.Random(21)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    assert [e["round"] for e in entries(g, "hand_end")] == [1, 2, 3, 4]
    assert len(g.actions) == 4 * 4 * 10
    assert g.view(None)["round"] == 4 and g.current_player is None and g.legal_actions() == []
    assert g.totals == [sum(h[s] for h in g.view(None)["hand_scores"]) for s in range(4)]
    assert sum(g.totals) == 4 * (40 + 12)  # every card scores once, plus 12 threes/fives/eights
    assert g.history[-1] == {"type": "game_end", "winners": g.winners, "totals": g.totals}


def test_gen4_first_leader_from_seeded_rng_when_not_given():
    leaders = {pc.new_game(GAME, players=5, seed=s).current_player for s in range(40)}
    assert leaders == set(range(5))
    assert pc.new_game(GAME, players=5, seed=9).current_player == \
        pc.new_game(GAME, players=5, seed=9).current_player


# ----- EA-10: game end --------------------------------------------------------------------------


def finish_first_legal(g: pc.Game) -> None:
    while not g.is_over:
        g.apply(g.legal_actions()[0])


def test_ea10_tied_total_goes_to_more_anemone_cards():
    g = own_suits(4, first=0, seed=10)
    play_schedule(g, T4)
    finish_first_legal(g)
    assert g.totals == [56, 56, 55, 41]
    assert g.view(None)["anemones"] == [[2, 2], [2, 2, 2], [2, 2], [2, 2]]
    assert g.winners == [1]
    assert g.history[-2] == {"type": "tie_break", "seats": [0, 1], "total": 56,
                             "anemone_counts": [2, 3]}


def test_ea10_still_tied_the_win_is_shared():
    g = own_suits(4, first=0, seed=77)
    play_schedule(g, T4)
    finish_first_legal(g)
    assert g.totals == [57, 54, 57, 40]
    assert [len(a) for a in g.view(None)["anemones"]] == [2, 2, 2, 3]
    assert g.winners == [0, 2] and g.view(3)["winners"] == [0, 2]


def test_ea10_highest_total_wins_without_tie_break():
    g = pc.new_game(GAME, players=3, seed=3)
    finish_first_legal(g)
    best = max(g.totals)
    assert g.totals.count(best) == 1 and g.winners == [g.totals.index(best)]
    assert not entries(g, "tie_break")


# ----- EA-11: two players -----------------------------------------------------------------------


def test_ea11_four_slots_alternate_leader_and_other():
    g = two_player_game()
    seats = []
    for action in TWO_TRICKS[0]:
        seats.append(g.current_player)
        g.apply(action)
    assert seats == [0, 1, 0, 1]
    assert entries(g, "trick_end")[0]["cards"] == ["O9", "J8", "R2", "S5"]
    with_seat_1_leading = new(TWO_HANDS, first=1, stock=TWO_STOCK)
    seats = []
    for action in ["play J9", "play O6", "play S9", "play R2"]:
        seats.append(with_seat_1_leading.current_player)
        with_seat_1_leading.apply(action)
    assert seats == [1, 0, 1, 0]


def test_ea11_each_card_a_new_suit_and_a_discard_uses_the_slot():
    g = two_player_game()
    apply_all(g, TWO_TRICKS[0] + TWO_TRICKS[1][:2])
    # seat 0 drew O5 and R9 and holds a +1 Anemone; octopus and jellyfish are played
    assert g.legal_actions() == [f"play {c}{s}" for c in ["R9", "S6", "S7", "S8"] for s in ["", " +1"]]
    g.apply("play S8")
    assert g.legal_actions() == sorted("discard " + c for c in g.view(1)["hand"])
    g.apply("discard O2")
    end = entries(g, "trick_end")[1]  # 8, 7, 8: the later 8 wins
    assert strip(end, "winner", "lowest", "cards", "high_tie") == {
        "winner": 0, "lowest": 1, "cards": ["O8", "J7", "S8"], "high_tie": True}
    assert g.current_player == 0 and g.view(None)["trick"] == []


def test_ea11_draw_two_each_winner_first_while_the_stock_lasts():
    g = new(TWO_HANDS, first=1, stock=TWO_STOCK)
    apply_all(g, ["play J9", "play O6", "play S9", "play R2"])  # S9 ties J9 later: seat 1 wins
    assert entries(g, "trick_end")[0]["winner"] == 1
    assert entries(g, "draw") == [
        {"type": "draw", "seat": 1, "count": 2, "stock": 14},
        {"type": "draw", "seat": 0, "count": 2, "stock": 12},
    ]
    assert {"O5", "R9"} <= set(g.view(1)["hand"])  # the top two stock cards
    assert {"J4", "S4"} <= set(g.view(0)["hand"])
    assert g.view(0)["hand_sizes"] == [8, 8] and g.current_player == 1


def test_ea11_stock_runs_out_after_four_tricks_then_hands_play_out():
    g = two_player_game()
    stock_sizes, hand_sizes = [], []
    for trick in TWO_TRICKS[:-1]:
        apply_all(g, trick)
        stock_sizes.append(g.view(None)["stock_size"])
        hand_sizes.append(g.view(None)["hand_sizes"])
    assert stock_sizes == [12, 8, 4, 0, 0, 0, 0]
    assert hand_sizes == [[8, 8]] * 4 + [[6, 6], [4, 4], [2, 2]]
    assert [e["seat"] for e in entries(g, "draw")] == [0, 1] * 4
    apply_all(g, TWO_TRICKS[-1])
    assert g.view(None)["round"] == 2 and g.view(None)["stock_size"] == 16
    assert g.view(None)["anemones"] == [[2], [1, 2, 2, 2]] and g.totals == [38, 6]


# ----- EA-12, GEN-7: visibility ------------------------------------------------------------------


def test_ea12_view_contents():
    g = new(DISCARD_HANDS, first=0)
    g.apply("play O3")
    view = g.view(1)
    assert view["hand"] == sorted(DISCARD_HANDS[1])
    assert view["trick"] == [{"seat": 0, "card": "O3", "value": 3, "anemones": []}]
    assert view["anemones"] == [[], [], []] and view["supply"] == 9
    assert view["score_pile_sizes"] == [0, 0, 0] and view["hand_sizes"] == [9, 10, 10]
    assert view["round"] == 1 and view["leader"] == 0 and view["stock_size"] == 0
    assert view["hand_scores"] == [] and view["totals"] == [0, 0, 0]
    assert view["current_player"] == 1 and view["legal_actions"] == g.legal_actions()
    assert view["score_pile"] == [] and view["score_pile_points"] == 0
    assert g.view(2)["legal_actions"] == []
    spectator = g.view(None)
    assert spectator["hand"] == [] and spectator["score_pile"] == [] and spectator["legal_actions"] == []
    json.dumps(view)


def test_gen7_view_identical_for_decks_differing_only_in_hidden_cards():
    # deck B swaps O8 (seat 2) with O4 (seat 0): seat 1 sees neither, and seat 2 discards the
    # swapped card face down
    hands_b = [[("O8" if c == "O4" else c) for c in DISCARD_HANDS[0]], DISCARD_HANDS[1],
               [("O4" if c == "O8" else c) for c in DISCARD_HANDS[2]]]
    a, b = new(DISCARD_HANDS, first=0), new(hands_b, first=0)
    assert a.view(1) == b.view(1)
    apply_all(a, ["play O3", "play J2", "discard O8"])
    apply_all(b, ["play O3", "play J2", "discard O4"])
    assert a.view(1) == b.view(1) and a.view(None) == b.view(None)
    assert a.history == b.history
    assert a.view(2)["score_pile"] == ["O8"] and b.view(2)["score_pile"] == ["O4"]


def test_gen7_two_player_stock_order_is_hidden():
    other_stock = TWO_STOCK[8:] + TWO_STOCK[:8]
    a, b = two_player_game(), new(TWO_HANDS, first=0, stock=other_stock)
    for seat in (0, 1, None):
        assert a.view(seat) == b.view(seat)


def test_ea12_discards_are_never_revealed():
    g = two_player_game()
    for trick in TWO_TRICKS[:2]:
        apply_all(g, trick)  # seat 1 discarded O2
    assert entries(g, "discard") == [{"type": "discard", "seat": 1}]
    for seat in (0, None):
        assert "O2" not in json.dumps(g.view(seat))
    assert "O2" not in json.dumps(g.history)
    assert "O2" in g.view(1)["score_pile"]


# ----- EA-13, GEN-5: notation and illegal actions ------------------------------------------------


@pytest.mark.parametrize("action", [
    "", "play", "discard", "pass", "play J7 ", " play J7", "play  J7", "Play J7", "play j7",
    "play J11", "play J0", "play J07", "play X7", "play 7J", "play J7 +3", "play J7 +0",
    "play J7 +2 +1", "play J7 1", "play J7 2+", "play J7,+1", "discard J7 +1", "discard J7 J8",
    "play J7\n", 7, None, ["play J7"],
])
def test_ea13_malformed_actions_raise_and_leave_state_unchanged(action):
    g = new(DISCARD_HANDS, first=0)
    g.apply("play O3")
    before = snapshot(g)
    with pytest.raises(pc.MalformedAction):
        g.apply(action)
    assert snapshot(g) == before


@pytest.mark.parametrize("action, message", [
    ("play O4", "play O4: O4 is not in seat 1's hand"),
    ("play T5", "play T5: T5 is not in seat 1's hand"),  # a card of the game, not of 3 players
    ("play J2 +1", "play J2 +1: seat 1 holds 0 Anemone(s) showing +1, not 1"),
    ("discard S1", "discard S1: seat 1 holds J1, J2, J3, J4, J5, S1, S2, S3, S4, S5 of a suit not "
                   "yet played this trick and must play a card (EA-3)"),
])
def test_ea13_illegal_actions_name_the_reason_and_leave_state_unchanged(action, message):
    g = new(DISCARD_HANDS, first=0)
    g.apply("play O3")
    before = snapshot(g)
    with pytest.raises(pc.IllegalAction) as err:
        g.apply(action)
    assert str(err.value) == message and not isinstance(err.value, pc.MalformedAction)
    assert snapshot(g) == before


def test_gen5_no_action_after_the_game_ends():
    g = pc.new_game(GAME, players=2, seed=8)
    finish_first_legal(g)
    before = snapshot(g)
    with pytest.raises(pc.IllegalAction, match="the game is over"):
        g.apply("play O5")
    assert snapshot(g) == before


def test_ea13_action_fields_and_sentences():
    assert describe_action(GAME, "play J7") == "Play jellyfish 7"
    assert describe_action(GAME, "play O10 +2") == "Play octopus 10 with a +2 Anemone"
    assert describe_action(GAME, "play T5 +1 +2 +2") == "Play turtle 5 with 3 Anemones (+5)"
    assert describe_action(GAME, "discard R3") == "Discard stingray 3 face down"
    g = own_suits(3, first=0)
    assert type(g).card_fields("O10") == {"suit": "O", "rank": "10"}


# ----- saves, clones, properties -----------------------------------------------------------------


def test_save_round_trip_and_clone_independence():
    g = two_player_game()
    for trick in TWO_TRICKS[:5]:
        apply_all(g, trick)
    restored = pc.load_game(g.to_json())
    assert snapshot(restored) == snapshot(g)
    copy = g.clone()
    apply_all(copy, TWO_TRICKS[5])
    assert snapshot(restored) == snapshot(g) and snapshot(copy) != snapshot(g)
    apply_all(g, TWO_TRICKS[5])
    assert snapshot(copy) == snapshot(g)


def check_invariants(g: pc.Game) -> None:
    players = g.players
    spectator = g.view(None)
    views = [g.view(s) for s in range(players)]
    # cards are conserved: hands + score piles + the trick + the stock = the deck
    seen = [c for v in views for c in v["hand"] + v["score_pile"]]
    seen += [e["card"] for e in spectator["trick"]]
    if not g.is_over:
        assert len(seen) == len(set(seen))
        assert len(seen) + spectator["stock_size"] == len(full_deck(players))
        assert set(seen) <= set(full_deck(players))
    # Anemones are conserved: held + on cards in the trick + supply = 9; never two +1s
    held = sum(len(a) for a in spectator["anemones"])
    attached = sum(len(e["anemones"]) for e in spectator["trick"])
    assert held + attached + spectator["supply"] == 9
    assert all(a.count(1) <= 1 and a == sorted(a) and set(a) <= {1, 2} for a in spectator["anemones"])
    legal = g.legal_actions()
    assert legal == sorted(set(legal))
    for seat, view in enumerate(views):
        assert view["legal_actions"] == (legal if seat == g.current_player else [])
        assert view["hand"] == sorted(view["hand"])


def expected_giver(anemones: list[list[int]], receiver: int) -> int | None:
    """EA-7 ruling, written independently: most cards, then higher total, then clockwise."""
    n = len(anemones)
    order = [(receiver + i) % n for i in range(1, n)]
    holders = [s for s in order if anemones[s]]
    if not holders:
        return None
    return max(holders, key=lambda s: (len(anemones[s]), sum(anemones[s]), -order.index(s)))


def replay_gains(before: dict, new_entries: list[dict]) -> tuple[list[list[int]], int]:
    """Re-derive the Anemones after ``new_entries`` from the public view before them (EA-4/7/8)."""
    held = [list(a) for a in before["anemones"]]
    supply = before["supply"]
    wanted = 1  # the side being gained: +1 after a trick, the bonus's side after hand_bonus
    for e in new_entries:
        kind = e["type"]
        if kind == "play":
            for side in e["anemones"]:
                held[e["seat"]].remove(side)
        elif kind == "anemones_return":
            supply += e["count"]
            assert supply == e["supply"]
        elif kind == "trick_end":
            wanted = 1
        elif kind == "hand_bonus":
            wanted = e["side"]
        elif kind == "anemone_flip":
            assert wanted == 1
            held[e["receiver"]].remove(1)
            held[e["receiver"]].append(2)
        elif kind == "anemone_supply":
            assert supply > 0 and e["side"] == wanted
            assert wanted == 2 or 1 not in held[e["receiver"]]
            supply -= 1
            held[e["receiver"]].append(e["side"])
        elif kind == "anemone_given":
            assert supply == 0 and e["giver"] == expected_giver(held, e["receiver"])
            assert wanted == 2 or 1 not in held[e["receiver"]]
            given = min(held[e["giver"]])
            assert e["given_side"] == given and e["side"] == (given if wanted == 1 else 2)
            held[e["giver"]].remove(given)
            held[e["receiver"]].append(e["side"])
        elif kind == "anemone_none":
            assert supply == 0 and expected_giver(held, e["receiver"]) is None
        for a in held:
            a.sort()
    return held, supply


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31 - 1), thrifty=st.booleans())
def test_property_random_play_terminates_conserves_and_follows_ea7(players, seed, thrifty):
    """Random play; ``thrifty`` players mostly keep their Anemones, so the supply runs dry."""
    g = pc.new_game(GAME, players=players, seed=seed)
    rng = random.Random(seed)
    hand_size = {2: 32, 6: 48}.get(players, players * 10)
    check_invariants(g)
    while not g.is_over:
        before, seen = g.view(None), len(g.history)
        legal = g.legal_actions()
        plain = [a for a in legal if "+" not in a]
        g.apply(rng.choice(plain if thrifty and rng.random() < 0.9 else legal))
        after = g.view(None)
        assert replay_gains(before, g.history[seen:]) == (after["anemones"], after["supply"])
        check_invariants(g)
        assert len(g.actions) <= 4 * hand_size  # GEN-6: every action uses one card
    assert len(g.actions) == 4 * hand_size
    assert g.winners and set(g.winners) <= set(g.leaders())
    for entry in g.history:
        text = describe(GAME, entry)
        assert "{" not in text and not text.startswith(GAME), (entry, text)


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31 - 1))
def test_property_save_round_trip_at_every_step(players, seed):
    g = pc.new_game(GAME, players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        action = rng.choice(g.legal_actions())
        assert describe_action(GAME, action).count("{") == 0
        g.apply(action)
        if rng.random() < 0.2 or g.is_over:
            assert snapshot(pc.load_game(g.to_json())) == snapshot(g)


def test_catalog_renders_every_entry_type():
    g = two_player_game()
    for trick in TWO_TRICKS:
        apply_all(g, trick)
    six = own_suits(6, first=3)
    play_schedule(six, SIX_TIE)
    none = pc.new_game(GAME, players=2, seed=0, options={"first_player": 0})
    play_until(none, lambda e: e["type"] == "anemone_none")
    tie = own_suits(4, first=0, seed=10)
    play_schedule(tie, T4)
    finish_first_legal(tie)
    boost = own_suits(3, first=0)
    apply_all(boost, ["play O1", "play J5", "play S6", "play S2", "play O7 +1", "play J7"])
    kinds = set()
    for game in (g, six, none, tie, boost):
        for entry in game.history:
            kinds.add(entry["type"])
            text = describe(GAME, entry)
            assert "{" not in text and not text.startswith(GAME), (entry, text)
    assert kinds == {"hand_start", "play", "discard", "trick_end", "anemones_return",
                     "anemone_flip", "anemone_supply", "anemone_given", "anemone_none", "draw",
                     "hand_end", "hand_bonus", "tie_break", "game_end"}


@pytest.mark.parametrize("lang", ["en", "de", "id", "pt", "ar"])
def test_an_anemone_handed_over_says_whether_it_kept_its_side(lang):
    """EA-7 ruling: with the supply empty, the other player holding the most Anemones gives the
    receiver their lowest-side card, which keeps its side (a +1 gain may arrive as a +2), or, for
    the +2 of the lowest hand at 6 players (EA-8, EA-14), is turned to +2. The sentence names the
    giver as the one with the most *of the other players* and says which of the two happened."""
    names = ["Player 1", "Bot 2", "Bot 3"]
    kept = describe("enemy_anemone", {"type": "anemone_given", "giver": 1, "receiver": 0, "side": 2, "given_side": 2},
                    names, lang)
    turned = describe("enemy_anemone", {"type": "anemone_given", "giver": 1, "receiver": 0, "side": 2, "given_side": 1},
                      names, lang)
    words = catalog(lang)
    assert kept == words["enemy_anemone.log.anemone_given"].replace("{giver}", "Bot 2").replace(
        "{receiver}", "Player 1").replace("{side}", "2")
    assert turned == words["enemy_anemone.log.anemone_given.turned"].replace("{giver}", "Bot 2").replace(
        "{receiver}", "Player 1").replace("{side}", "2")
    assert kept != turned and "+2" in kept and "+2" in turned
    if lang == "en":
        assert kept == ("The supply is empty, so Bot 2, who holds the most Anemones of the other players, hands one "
                        "of theirs to Player 1; an Anemone handed over keeps its side: +2.")
        assert turned.endswith("hands one of theirs to Player 1, turned to +2.")
