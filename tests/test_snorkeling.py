"""Snorkeling rules, one or more tests per rule id (RULES.md SN-1 ... SN-14, GEN-2 ... GEN-5).

Every test starts from a hand-built position: a stacked deck (GEN-2, top card first) built from the
hands, the first centre card and the first draw-pile cards, with ``first_player`` 0. Only the public
API is used.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import pygame_core as pc
from helpers import all_views, history_types, play, stacked_deck

FULL = pc.new_game("snorkeling", 2, seed=0).full_deck()


def sn(hands: list[list[str]], centre: str, draws: list[str] | tuple = (), seed: int = 1,
       **options) -> pc.Game:
    """A Snorkeling game dealing ``hands`` (seat by seat), ``centre`` face up, then ``draws``."""
    deck = stacked_deck(FULL, hands, [centre], draws)
    return pc.new_game("snorkeling", len(hands), seed=seed, options={"first_player": 0, **options},
                       deck=deck)


def new_entries(game: pc.Game, since: int) -> list[dict]:
    """History entries from index ``since`` on (copies)."""
    return [dict(entry) for entry in game.history[since:]]


def snapshot(game: pc.Game) -> tuple:
    """Everything observable through the public API (GEN-5: unchanged by an illegal action)."""
    return game.to_json(), json.dumps(all_views(game)), json.dumps(game.history), game.legal_actions()


# A two-player game in which seat 0 builds seat 1's pile 4-3-2-1 and then places a Beach on it,
# while seat 1 only passes. Used by SN-5, SN-6 (Lanternfish), SN-7 and SN-9 tests.
BEACH_HANDS = [["B1", "G4", "B2", "G3", "B3"], ["P0", "P1", "P2", "O0", "O1"]]
BEACH_DRAWS = ["G2", "P3", "B4", "O2", "G1", "Y2", "B0", "G0", "Y3"]
BEACH_SCRIPT = ["center B1", "place G4 1", "pass",
                "center B2", "place G3 1", "pass",
                "center B3", "place G2 1", "pass",
                "center B4", "place G1 1", "pass"]


def beach_game(**options) -> pc.Game:
    """The beach scenario, played up to seat 0's fifth turn (centre top B4, seat 1's pile top G1)."""
    return play(sn(BEACH_HANDS, "B0", BEACH_DRAWS, **options), *BEACH_SCRIPT)


# ----- GEN-2, GEN-3, GEN-4 ---------------------------------------------------------------------

def test_gen2_full_deck_is_75_sea_cards():
    """The shuffled deck holds 5 colours x values 0-4 x 3 copies and no Lanternfish."""
    assert len(FULL) == 75
    assert Counter(FULL) == Counter({f"{c}{v}": 3 for c in "BGOPY" for v in range(5)})
    for players in range(2, 7):
        assert sorted(pc.new_game("snorkeling", players, seed=3).full_deck()) == sorted(FULL)


def test_gen2_later_rounds_use_the_seeded_rng():
    """The stacked deck fixes round 1 only; round 2 is a fresh shuffle that depends on the seed."""
    def round2_hands(seed):
        g = sn(BEACH_HANDS, "B0", BEACH_DRAWS, seed=seed, max_turns_per_round=1)
        g.apply("pass")
        assert g.round == 2
        return [g.view(s)["hand"] for s in range(2)], g.view(None)["center_top"]

    assert round2_hands(11) == round2_hands(11)
    assert len({json.dumps(round2_hands(seed)) for seed in range(11, 16)}) > 1


@pytest.mark.parametrize("players", range(2, 7))
def test_gen3_round_robin_deal_and_centre(players):
    """Card i of the deck goes to seat i % players for the first 5*players cards; the next card is
    the centre; the draw pile is the rest."""
    deck = list(FULL)
    random.Random(players).shuffle(deck)
    g = pc.new_game("snorkeling", players, seed=1, options={"first_player": 0}, deck=deck)
    for seat in range(players):
        assert g.view(seat)["hand"] == sorted(deck[seat:5 * players:players])
    assert g.view(None)["center_top"] == deck[5 * players]


def test_gen3_stacked_deck_helper_matches_the_deal():
    g = sn([["B1", "G4", "B2", "G3", "B3"], ["P0", "P1", "P2", "O0", "O1"], ["Y0", "Y1", "Y2", "Y3", "Y4"]],
           "O4")
    assert g.view(0)["hand"] == ["B1", "B2", "B3", "G3", "G4"]
    assert g.view(1)["hand"] == ["O0", "O1", "P0", "P1", "P2"]
    assert g.view(2)["hand"] == ["Y0", "Y1", "Y2", "Y3", "Y4"]
    assert g.view(None)["center_top"] == "O4"


def test_gen4_first_player_option():
    for first in range(4):
        g = pc.new_game("snorkeling", 4, seed=5, options={"first_player": first})
        assert g.current_player == first
        assert g.view(None)["start_player"] == first
        assert g.history[0] == {"type": "round_start", "round": 1, "start_player": first,
                                "center": g.view(None)["center_top"]}


def test_gen4_first_player_from_seeded_rng_when_absent():
    firsts = [pc.new_game("snorkeling", 4, seed=seed).current_player for seed in range(40)]
    assert firsts == [pc.new_game("snorkeling", 4, seed=seed).current_player for seed in range(40)]
    assert set(firsts) == {0, 1, 2, 3}
    assert pc.new_game("snorkeling", 4, seed=9).options["first_player"] is None


# ----- SN-1 setup ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", range(2, 7))
def test_sn1_setup_sizes_and_lanternfish_piles(players):
    g = pc.new_game("snorkeling", players, seed=players, options={"first_player": 0})
    v = g.view(None)
    assert v["hand_sizes"] == [5] * players
    assert v["piles"] == [["L5"]] * players  # one Lanternfish each; the spare ones left the game
    assert v["center_size"] == 1
    assert v["draw_pile_size"] == 75 - 5 * players - 1
    assert v["round"] == 1 and v["totals"] == [0] * players and v["winners"] == []
    assert v["hand"] == [] and v["legal_actions"] == []
    assert g.current_player == 0 and g.is_over is False
    for seat in range(players):
        assert len(g.view(seat)["hand"]) == 5
        assert "L5" not in g.view(seat)["hand"]


# ----- SN-2 turn -------------------------------------------------------------------------------

def test_sn2_turn_offers_pass_or_centre_play_only():
    g = sn([["B1", "G4", "O2", "P3", "Y0"], ["P0", "P1", "P2", "O0", "O1"]], "B0", ["Y1"])
    assert g.legal_actions() == ["center B1", "pass"]  # no place/end before a centre play


def test_sn2_pass_plays_nothing_then_end_of_turn_draw():
    g = sn([["B1", "G4", "O2", "P3", "Y0"], ["P0", "P1", "P2", "O0", "O1"]], "B0", ["Y1", "Y2"])
    since = len(g.history)
    g.apply("pass")
    assert new_entries(g, since) == [{"type": "pass", "seat": 0}, {"type": "draw", "seat": 0, "count": 1}]
    v = g.view(0)
    assert v["hand"] == ["B1", "G4", "O2", "P3", "Y0", "Y1"]
    assert v["center_top"] == "B0" and v["center_size"] == 1
    assert v["piles"] == [["L5"], ["L5"]]
    assert g.current_player == 1 and v["draw_pile_size"] == 75 - 11 - 1


# ----- SN-3 centre, base game ------------------------------------------------------------------

def test_sn3_higher_any_colour_then_centre_play_ends():
    """Higher: exactly value + 1, colour irrelevant; one card only when the first card is +1 of
    another colour (ruling)."""
    g = sn([["G3", "Y3", "O1", "P4", "G0"], ["B4", "B4", "B4", "O0", "O0"]], "B2", ["Y1"])
    assert g.legal_actions() == ["center G3", "center Y3", "pass"]
    g.apply("center G3")
    # P4 is +1 of G3, G0 is G3's colour: neither may follow a +1 play of another colour.
    assert g.legal_actions() == ["end", "place P4 1"]
    assert g.view(None)["center_top"] == "G3" and g.view(None)["center_size"] == 2


def test_sn3_higher_wraps_ray_to_beach():
    g = sn([["B0", "G1", "O3", "P2", "G2"], ["B4", "B4", "B4", "O0", "O0"]], "Y4")
    assert g.legal_actions() == ["center B0", "pass"]  # 4 -> 0 wraps; nothing else follows Y4
    g.apply("center B0")
    assert g.view(None)["center_top"] == "B0"


def test_sn3_same_colour_run_in_any_order():
    g = sn([["B0", "B4", "B1", "G3", "Y2"], ["P4", "P4", "P4", "O0", "O0"]], "B2", ["Y1"])
    assert g.legal_actions() == ["center B0", "center B1", "center B4", "center G3", "pass"]
    g.apply("center B4")
    assert g.legal_actions() == ["center B0", "center B1", "end"]
    g.apply("center B0")
    assert g.legal_actions() == ["center B1", "end"]
    g.apply("center B1")
    assert g.legal_actions() == ["end"]  # G3 is not blue; no 4 to place on a Lanternfish
    assert [e["card"] for e in g.history if e["type"] == "center"] == ["B4", "B0", "B1"]
    assert g.view(None)["center_top"] == "B1" and g.view(None)["center_size"] == 4


def test_sn3_ruling_plus_one_and_same_colour_counts_as_same_colour():
    """B3 on B2 is both +1 and blue: more blue cards may follow, but not a +1 of another colour."""
    g = sn([["B3", "B0", "G4", "Y1", "O2"], ["P4", "P4", "P4", "O0", "O0"]], "B2", ["Y1"])
    g.apply("center B3")
    assert g.legal_actions() == ["center B0", "end", "place G4 1"]  # not "center G4" (+1 of B3)
    with pytest.raises(pc.IllegalAction, match="G4 does not follow the centre top B3"):
        g.apply("center G4")
    g.apply("center B0")
    assert g.legal_actions() == ["end", "place G4 1"]


def test_sn3_ruling_plus_one_of_another_colour_ends_centre_play():
    g = sn([["G3", "G4", "G1", "P4", "B0"], ["P0", "P0", "P0", "O0", "O0"]], "B2", ["Y1"])
    g.apply("center G3")
    assert g.legal_actions() == ["end", "place G4 1", "place P4 1"]
    with pytest.raises(pc.IllegalAction, match="a \\+1 play of another colour ends the centre play"):
        g.apply("center G1")  # same colour as the new top, but the turn chose "higher"
    with pytest.raises(pc.IllegalAction):
        g.apply("center G4")  # +1 and same colour, still no second card


# ----- SN-4 expert -----------------------------------------------------------------------------

def test_sn4_expert_chains_by_either_rule():
    g = sn([["G3", "G4", "Y0", "P1", "Y4"], ["B2", "B2", "O0", "O0", "O0"]], "B2", ["Y1", "Y2"],
           expert=True)
    assert g.options["expert"] is True
    g.apply("center G3")  # +1 of another colour: the base game would stop here
    assert g.legal_actions() == ["center G4", "center Y4", "end", "place G4 1", "place Y4 1"]
    g.apply("center G4")  # same colour (and +1)
    assert g.legal_actions() == ["center Y0", "end", "place Y4 1"]
    g.apply("center Y0")  # +1 with the 4 -> 0 wrap, other colour
    assert g.legal_actions() == ["center P1", "center Y4", "end", "place Y4 1"]
    g.apply("center P1")  # +1, other colour again
    assert g.legal_actions() == ["end", "place Y4 1"]
    assert [e["card"] for e in g.history if e["type"] == "center"] == ["G3", "G4", "Y0", "P1"]


def test_sn4_expert_still_at_most_one_placement():
    g = sn([["G3", "B4", "Y4", "O4", "O1"], ["B2", "B2", "O0", "O0", "O0"], ["P0", "P0", "P0", "P1", "P1"]],
           "B2", ["Y1", "Y2"], expert=True)
    g.apply("center G3")
    assert [a for a in g.legal_actions() if a.startswith("place")] == [
        "place B4 1", "place B4 2", "place O4 1", "place O4 2", "place Y4 1", "place Y4 2"]
    g.apply("place B4 1")
    assert g.current_player == 1  # the turn ended: Y4 and O4 stay in hand
    assert g.view(0)["hand"] == ["O1", "O4", "Y1", "Y4"]
    assert g.view(None)["piles"] == [["L5"], ["L5", "B4"], ["L5"]]


def test_sn4_base_game_refuses_the_expert_chain():
    g = sn([["G3", "G4", "Y0", "P1", "Y4"], ["B2", "B2", "O0", "O0", "O0"]], "B2", ["Y1"])
    assert g.options["expert"] is False
    g.apply("center G3")
    assert "center G4" not in g.legal_actions() and "center Y4" not in g.legal_actions()


# ----- SN-5 placing ----------------------------------------------------------------------------

def test_sn5_place_needs_centre_play():
    g = sn([["B1", "G4", "O2", "P3", "Y0"], ["P0", "P1", "P2", "O0", "O1"]], "B0", ["Y1"])
    before = snapshot(g)
    with pytest.raises(pc.IllegalAction, match=r"^place G4 1: place only after playing to the centre \(SN-5\)$"):
        g.apply("place G4 1")
    assert snapshot(g) == before
    g.apply("center B1")
    assert "place G4 1" in g.legal_actions()


def test_sn5_place_only_on_opponents():
    g = sn([["B1", "G4", "O2", "P3", "Y0"], ["P0", "P1", "P2", "O0", "O1"], ["Y4", "Y4", "Y4", "O0", "B4"]],
           "B0", ["Y1"])
    g.apply("center B1")
    assert g.legal_actions() == ["end", "place G4 1", "place G4 2"]
    with pytest.raises(pc.IllegalAction, match="cards are placed on an opponent's pile, not your own"):
        g.apply("place G4 0")


def test_sn5_place_exactly_one_below_the_top():
    """Colour does not matter; the card must be exactly one lower than the pile's top."""
    hands = [["B1", "B4", "G4", "Y2", "O2"], ["B2", "P4", "P0", "P1", "O0"], ["G3", "O3", "P2", "Y3", "Y4"]]
    g = sn(hands, "B0", ["Y1", "Y0", "B3", "P3"])
    g.apply("center B1")
    assert g.legal_actions() == ["center B4", "end", "place B4 1", "place B4 2", "place G4 1", "place G4 2"]
    play(g, "place G4 1", "pass", "center P2")
    assert g.current_player == 2
    assert g.view(None)["piles"] == [["L5"], ["L5", "G4"], ["L5"]]
    # seat 1's top is 4: threes of any colour; seat 0's Lanternfish: fours only.
    assert g.legal_actions() == ["end", "place G3 1", "place O3 1", "place Y3 1", "place Y4 0"]
    before = snapshot(g)
    with pytest.raises(pc.IllegalAction, match=r"^place Y4 1: seat 1's pile top is 4$"):
        g.apply("place Y4 1")
    assert snapshot(g) == before
    g.apply("place Y3 1")
    assert g.view(None)["piles"] == [["L5"], ["L5", "G4", "Y3"], ["L5"]]


def test_sn5_card_must_be_in_hand():
    g = sn([["B1", "G4", "O2", "P3", "Y0"], ["P0", "P1", "P2", "O0", "O1"]], "B0", ["Y1"])
    g.apply("center B1")
    with pytest.raises(pc.IllegalAction, match=r"^place B4 1: B4 is not in seat 0's hand$"):
        g.apply("place B4 1")


def test_sn5_nothing_goes_on_a_beach():
    """No wrap: a pile never shows a 0 to place on, because the Beach ends the round at once; a 0
    goes only on a 1 and a 4 only on a 5."""
    g = beach_game()
    assert g.legal_actions() == ["center B0", "center G0", "pass"]
    play(g, "center B0")
    assert g.legal_actions() == ["end", "place G0 1"]
    g.apply("place G0 1")
    assert g.round == 2 and g.view(None)["piles"] == [["L5"], ["L5"]]


# ----- SN-6 end of turn ------------------------------------------------------------------------

TAKEBACK_HANDS = [["B1", "G4", "B2", "B3", "P3"], ["B2", "Y4", "O1", "O2", "O3"]]
TAKEBACK_DRAWS = ["B4", "P0", "Y1", "Y2", "Y3"]


def takeback_game() -> pc.Game:
    """Seat 0 empties their hand on turn 3 while their pile shows Y4 (placed by seat 1)."""
    g = sn(TAKEBACK_HANDS, "B0", TAKEBACK_DRAWS)
    play(g, "center B1", "place G4 1", "center B2", "place Y4 0")
    assert g.view(0)["hand"] == ["B2", "B3", "B4", "P3"]
    assert g.view(None)["piles"] == [["L5", "Y4"], ["L5", "G4"]]
    play(g, "center B3", "center B2", "center B4")
    return g


def test_sn6_draw_one_then_takeback_choice_when_hand_emptied():
    g = takeback_game()
    since = len(g.history)
    g.apply("place P3 1")  # the hand is now empty
    assert new_entries(g, since) == [{"type": "place", "seat": 0, "card": "P3", "target": 1},
                                     {"type": "draw", "seat": 0, "count": 1}]
    assert g.current_player == 0 and g.view(0)["phase"] == "takeback"
    assert g.legal_actions() == ["keep", "takeback"]
    assert g.view(0)["hand"] == ["Y1"]  # step 1 happened before the choice (ruling)
    assert g.view(1)["legal_actions"] == []
    with pytest.raises(pc.IllegalAction, match="choose takeback or keep first"):
        g.apply("end")


def test_sn6_takeback_takes_own_pile_top():
    g = takeback_game()
    g.apply("place P3 1")
    since = len(g.history)
    g.apply("takeback")
    assert new_entries(g, since) == [{"type": "takeback", "seat": 0, "card": "Y4"}]  # 2 cards: no draw
    assert g.view(0)["hand"] == ["Y1", "Y4"]
    assert g.view(None)["piles"] == [["L5"], ["L5", "G4", "P3"]]
    assert g.current_player == 1 and g.view(None)["draw_pile_size"] == 75 - 11 - 3


def test_sn6_keep_then_draw_up_to_two():
    g = takeback_game()
    g.apply("place P3 1")
    since = len(g.history)
    g.apply("keep")
    assert new_entries(g, since) == [{"type": "keep", "seat": 0}, {"type": "draw", "seat": 0, "count": 1}]
    assert g.view(0)["hand"] == ["Y1", "Y2"]
    assert g.view(None)["piles"] == [["L5", "Y4"], ["L5", "G4", "P3"]]
    assert g.current_player == 1


def test_sn6_lanternfish_stays_and_an_extra_card_is_drawn():
    g = sn([["B1", "B2", "B3", "B4", "G4"], ["P0", "P1", "P2", "O0", "O1"]], "B0", ["Y1", "Y2", "Y3"])
    play(g, "center B1", "center B2", "center B3", "center B4")
    assert g.legal_actions() == ["end", "place G4 1"]
    since = len(g.history)
    g.apply("place G4 1")
    assert new_entries(g, since) == [{"type": "place", "seat": 0, "card": "G4", "target": 1},
                                     {"type": "draw", "seat": 0, "count": 1},
                                     {"type": "draw", "seat": 0, "count": 1}]
    assert g.view(0)["hand"] == ["Y1", "Y2"]  # no take-back offered, no step-3 draw needed
    assert g.view(None)["piles"] == [["L5"], ["L5", "G4"]]
    assert g.current_player == 1 and g.view(None)["draw_pile_size"] == 75 - 11 - 2


def test_sn6_hand_emptied_by_centre_plays_alone():
    """Emptying the hand counts however it happens; with the Lanternfish on top: two draws."""
    g = sn([["B1", "B2", "B3", "B4", "B0"], ["P0", "P1", "P2", "O0", "O1"]], "B0", ["Y1", "Y2", "Y3"])
    play(g, "center B1", "center B2", "center B3", "center B4", "center B0")
    assert g.legal_actions() == ["end"]
    since = len(g.history)
    g.apply("end")
    assert history_types(g, since) == ["end", "draw", "draw"]
    assert g.view(0)["hand"] == ["Y1", "Y2"] and g.current_player == 1


def test_sn6_end_of_turn_without_emptying_draws_one():
    g = sn([["B1", "G4", "B2", "B3", "P3"], ["B2", "Y4", "O1", "O2", "O3"]], "B0", ["Y1", "Y2"])
    since = len(g.history)
    play(g, "center B1", "center B2", "center B3", "end")
    assert history_types(g, since) == ["center", "center", "center", "end", "draw"]
    assert g.view(0)["hand"] == ["G4", "P3", "Y1"]
    assert g.current_player == 1


def test_sn6_skipped_when_the_round_ended():
    g = beach_game()
    since = len(g.history)
    play(g, "center B0", "place G0 1")
    assert history_types(g, since) == ["center", "place", "round_end", "round_start"]


# ----- SN-7 round end --------------------------------------------------------------------------

def test_sn7_beach_on_a_pile_ends_the_round_and_pile_tops_score():
    g = beach_game()
    assert g.view(None)["piles"] == [["L5"], ["L5", "G4", "G3", "G2", "G1"]]
    assert g.round == 1
    since = len(g.history)
    play(g, "center B0", "place G0 1")
    entries = new_entries(g, since)
    assert entries[2] == {"type": "round_end", "round": 1, "reason": "beach", "scores": [5, 0],
                          "totals": [5, 0], "piles": [["L5"], ["L5", "G4", "G3", "G2", "G1", "G0"]]}
    assert g.totals == [5, 0] and g.view(None)["round_scores"] == [[5, 0]]
    assert g.is_over is False and g.winners == []


def test_sn7_scores_are_each_players_own_pile_top():
    hands = [["B1", "B4", "G4", "Y2", "O2"], ["B2", "P4", "P0", "P1", "O0"], ["G3", "O3", "P2", "Y3", "Y4"]]
    g = sn(hands, "B0", ["Y1", "Y0", "B3", "P3"], max_turns_per_round=3)
    play(g, "center B1", "place G4 1", "center B2", "place P4 2", "center G3", "place Y3 1")
    end = [e for e in g.history if e["type"] == "round_end"]
    assert end == [{"type": "round_end", "round": 1, "reason": "turn_cap", "scores": [5, 3, 4],
                    "totals": [5, 3, 4], "piles": [["L5"], ["L5", "G4", "Y3"], ["L5", "P4"]]}]
    assert g.totals == [5, 3, 4]


# ----- SN-8 game end ---------------------------------------------------------------------------

ROUND1 = ["center B1", "place G4 1"]  # seat 0 puts a Ray on seat 1's Lanternfish


def test_sn8_default_target_is_12():
    assert pc.new_game("snorkeling", 2, seed=1).options["target_score"] == 12
    with pytest.raises(pc.InvalidOption, match="target_score"):
        pc.new_game("snorkeling", 2, seed=1, options={"target_score": 10})


def test_sn8_target_6_ends_after_reaching_it():
    g = sn(BEACH_HANDS, "B0", BEACH_DRAWS, target_score=6, max_turns_per_round=1)
    play(g, *ROUND1)
    assert g.totals == [5, 4] and not g.is_over and g.round == 2 and g.current_player == 1
    g.apply("pass")
    assert g.is_over and g.current_player is None
    assert g.totals == [10, 9] and g.winners == [0]
    assert g.legal_actions() == [] and all(v["legal_actions"] == [] for v in all_views(g))
    assert g.history[-1] == {"type": "game_end", "winners": [0], "totals": [10, 9]}
    assert g.view(1)["winners"] == [0] and g.view(None)["is_over"] is True
    with pytest.raises(pc.IllegalAction, match="the game is over"):
        g.apply("pass")


def test_sn8_target_12_plays_on():
    g = sn(BEACH_HANDS, "B0", BEACH_DRAWS, max_turns_per_round=1)
    play(g, *ROUND1, "pass")
    assert g.totals == [10, 9] and not g.is_over and g.winners == [] and g.round == 3
    g.apply("pass")  # round 3 starts with seat 0 again
    assert g.totals == [15, 14] and g.is_over and g.winners == [0]
    assert [e["totals"] for e in g.history if e["type"] == "round_end"] == [[5, 4], [10, 9], [15, 14]]


def test_sn8_tie_at_the_target_plays_another_round():
    g = sn([*BEACH_HANDS, ["Y0", "Y1", "Y2", "Y3", "Y4"]], "B0", BEACH_DRAWS, target_score=6,
           max_turns_per_round=1)
    play(g, "center B1", "place G4 2")
    assert g.totals == [5, 5, 4]
    g.apply("pass")
    assert g.totals == [10, 10, 9]  # two share the highest total, at or above 6
    assert not g.is_over and g.winners == [] and g.round == 3 and g.current_player == 2
    assert history_types(g)[-2:] == ["round_end", "round_start"]
    # Play on, breaking the tie by a placement where one is possible (else pass), until it ends.
    for _ in range(60):
        if g.is_over:
            break
        choice = "pass"
        for centre in [a for a in g.legal_actions() if a.startswith("center")]:
            trial = g.clone()
            trial.apply(centre)
            places = [a for a in trial.legal_actions() if a.startswith("place")]
            if places:
                choice = centre
                break
        g.apply(choice)
        if choice != "pass":
            g.apply([a for a in g.legal_actions() if a.startswith("place")][0])
            if g.view(None)["phase"] == "takeback":
                g.apply("keep")
    assert g.is_over
    best = max(g.totals)
    assert best >= 6 and g.totals.count(best) == 1 and g.winners == [g.totals.index(best)]
    ends = [e["totals"] for e in g.history if e["type"] == "round_end"]
    assert all(sorted(t)[-1] == sorted(t)[-2] for t in ends[1:-1])  # every earlier round: a tie on top


# ----- SN-9 next round -------------------------------------------------------------------------

def test_sn9_next_round_full_setup_totals_kept():
    g = beach_game()
    play(g, "center B0", "place G0 1")
    v = g.view(None)
    assert v["round"] == 2 and g.round == 2
    assert v["hand_sizes"] == [5, 5] and v["piles"] == [["L5"], ["L5"]]
    assert v["center_size"] == 1 and v["draw_pile_size"] == 64
    assert v["totals"] == [5, 0] and v["start_player"] == 1 and g.current_player == 1
    assert v["turn"] == 1
    assert g.history[-1] == {"type": "round_start", "round": 2, "start_player": 1, "center": v["center_top"]}


def test_sn9_start_player_moves_left_each_round():
    g = sn([*BEACH_HANDS, ["Y0", "Y1", "Y2", "Y3", "Y4"]], "B0", seed=4, first_player=2,
           max_turns_per_round=1)
    starts = [g.current_player]
    for expected_totals in ([5, 5, 5], [10, 10, 10], [15, 15, 15]):
        g.apply("pass")
        assert g.totals == expected_totals  # all tied: the game goes on
        v = g.view(None)
        assert v["hand_sizes"] == [5, 5, 5] and v["draw_pile_size"] == 75 - 16
        starts.append(g.current_player)
    assert starts == [2, 0, 1, 2]
    assert [e["start_player"] for e in g.history if e["type"] == "round_start"] == [2, 0, 1, 2]


# ----- SN-10 draw pile empty -------------------------------------------------------------------

def drain_by_centre_plays(seed: int) -> pc.Game:
    """Play one centre card and end each turn when possible (else pass) until the draw pile is
    empty at the start of a turn. No placements, so the round cannot end."""
    deck = list(FULL)
    random.Random(seed).shuffle(deck)
    g = pc.new_game("snorkeling", 2, seed=seed, options={"first_player": 0}, deck=deck)
    for _ in range(200):
        if g.view(None)["draw_pile_size"] == 0:
            return g
        centre = [a for a in g.legal_actions() if a.startswith("center")]
        play(g, centre[0], "end") if centre else g.apply("pass")
    raise AssertionError("the draw pile never emptied")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sn10_reshuffle_centre_except_top(seed):
    g = drain_by_centre_plays(seed)
    assert g.round == 1 and g.view(None)["phase"] == "start"
    before = g.view(None)
    centre_cards = [g.history[0]["center"]] + [e["card"] for e in g.history if e["type"] == "center"]
    assert len(centre_cards) == before["center_size"] >= 2
    me = g.current_player
    hand = g.view(me)["hand"]
    since = len(g.history)
    g.apply("pass")
    assert new_entries(g, since) == [{"type": "pass", "seat": me},
                                     {"type": "reshuffle", "count": before["center_size"] - 1},
                                     {"type": "draw", "seat": me, "count": 1}]
    after = g.view(None)
    assert after["center_top"] == before["center_top"] and after["center_size"] == 1
    assert after["draw_pile_size"] == before["center_size"] - 2
    drawn = Counter(g.view(me)["hand"]) - Counter(hand)
    assert sum(drawn.values()) == 1
    assert next(iter(drawn)) in centre_cards[:-1]  # a former centre card, not the top


def test_sn10_nothing_to_draw_skips_the_draw():
    g = sn([["B1", "G4", "O2", "P3", "Y0"], ["P0", "P1", "P2", "O0", "O1"]], "B0")
    play(g, *["pass"] * 64)
    v = g.view(None)
    assert v["draw_pile_size"] == 0 and v["center_size"] == 1 and v["hand_sizes"] == [37, 37]
    since = len(g.history)
    g.apply("pass")
    assert new_entries(g, since) == [{"type": "pass", "seat": 0}]
    assert g.view(None)["hand_sizes"] == [37, 37] and g.current_player == 1 and g.round == 1


# ----- SN-11 visibility ------------------------------------------------------------------------

def test_sn11_views_differ_only_in_own_hand():
    g = beach_game()
    views = all_views(g)
    private = {"seat", "hand", "legal_actions"}
    for v in views:
        assert {k: x for k, x in v.items() if k not in private} == \
               {k: x for k, x in views[-1].items() if k not in private}
    assert views[0]["hand"] == ["B0", "G0"] and views[1]["hand"] == g.view(1)["hand"]
    assert views[2]["hand"] == [] and views[2]["seat"] is None
    assert views[0]["legal_actions"] == ["center B0", "center G0", "pass"] and views[1]["legal_actions"] == []
    pub = views[2]
    assert pub["piles"] == [["L5"], ["L5", "G4", "G3", "G2", "G1"]]  # full stacks, bottom -> top
    assert pub["center_top"] == "B4" and pub["center_size"] == 5
    assert pub["hand_sizes"] == [2, 9] and pub["draw_pile_size"] == 75 - 11 - 9
    assert set(pub) >= {"center_top", "piles", "hand_sizes", "draw_pile_size", "round", "current_player",
                        "totals", "legal_actions", "hand"}


def test_sn11_history_shows_draw_counts_not_cards():
    g = beach_game()
    draws = [e for e in g.history if e["type"] == "draw"]
    assert draws and all(set(e) == {"type", "seat", "count"} for e in draws)


# ----- SN-12 notation --------------------------------------------------------------------------

@pytest.mark.parametrize("action", ["", "PASS", "pass ", " pass", "center", "center B5", "center L5",
                                    "center b3", "place B3", "place B3 7", "place B3 01", "place B3 -1",
                                    "place B3 1 2", "take back", "draw", "end now"])
def test_sn12_malformed_actions(action):
    g = sn([["B1", "G4", "B3", "P3", "Y0"], ["P0", "P1", "P2", "O0", "O1"]], "B0")
    before = snapshot(g)
    with pytest.raises(pc.MalformedAction) as info:
        g.apply(action)
    assert isinstance(info.value, pc.IllegalAction)
    assert str(info.value).startswith(action + ":") and len(str(info.value)) > len(action) + 5
    assert snapshot(g) == before


def test_sn12_action_strings():
    g = sn([["B1", "G4", "B2", "B3", "P3"], ["B2", "Y4", "O1", "O2", "O3"]], "B0", ["Y1"])
    assert g.legal_actions() == ["center B1", "center B2", "center B3", "pass"]
    g.apply("center B1")
    assert g.legal_actions() == ["center B2", "center B3", "end", "place G4 1"]
    play(g, "center B2", "center B3", "place G4 1")
    assert [e["type"] for e in g.history[1:5]] == ["center", "center", "center", "place"]


# ----- GEN-5 illegal actions -------------------------------------------------------------------

@pytest.mark.parametrize("action,reason", [
    ("end", "end only after playing to the centre"),
    ("takeback", "no take-back is offered now"),
    ("keep", "no take-back is offered now"),
    ("center G4", "G4 does not follow the centre top B0 (SN-3)"),
    ("center Y4", "Y4 is not in seat 0's hand"),
])
def test_gen5_illegal_action_leaves_state_unchanged(action, reason):
    g = sn([["B1", "G4", "B2", "B3", "P3"], ["B2", "Y4", "O1", "O2", "O3"]], "B0", ["Y1"])
    before = snapshot(g)
    with pytest.raises(pc.IllegalAction) as info:
        g.apply(action)
    assert str(info.value) == f"{action}: {reason}"
    assert snapshot(g) == before
    g.apply("center B1")  # still playable afterwards
    before = snapshot(g)
    with pytest.raises(pc.IllegalAction, match="^pass: passing is only possible before playing to the centre$"):
        g.apply("pass")
    assert snapshot(g) == before


def test_gen5_non_string_action():
    g = sn([["B1", "G4", "B2", "B3", "P3"], ["B2", "Y4", "O1", "O2", "O3"]], "B0", ["Y1"])
    before = snapshot(g)
    for action in (None, 3, ["pass"], b"pass"):
        with pytest.raises(pc.IllegalAction, match="an action is a string"):
            g.apply(action)
    assert snapshot(g) == before


# ----- SN-13 stalemate -------------------------------------------------------------------------

def test_sn13_stalemate_when_everyone_passes_with_nothing_to_draw():
    g = sn([["B1", "G4", "O2", "P3", "Y0"], ["P0", "P1", "P2", "O0", "O1"]], "B0")
    play(g, *["pass"] * 65)
    assert g.round == 1 and g.current_player == 1  # one pass with nothing to draw is not enough
    since = len(g.history)
    g.apply("pass")
    assert new_entries(g, since)[:2] == [
        {"type": "pass", "seat": 1},
        {"type": "round_end", "round": 1, "reason": "stalemate", "scores": [5, 5], "totals": [5, 5],
         "piles": [["L5"], ["L5"]]}]
    assert g.round == 2 and g.current_player == 1


def test_sn13_a_centre_play_breaks_the_succession():
    g = sn([["B1", "G4", "O2", "P3", "Y0"], ["P0", "P1", "P2", "O0", "O1"]], "B0")
    play(g, *["pass"] * 65)  # seat 0 has passed with nothing to draw
    centre = [a for a in g.legal_actions() if a.startswith("center")]
    assert centre, "seat 1 holds 37 cards and can follow B0"
    since = len(g.history)
    play(g, centre[0], "end")
    assert history_types(g, since) == ["center", "end", "reshuffle", "draw"]  # the old top B0 returns
    assert g.view(None)["draw_pile_size"] == 0 and g.view(None)["center_size"] == 1
    g.apply("pass")  # seat 0: nothing to draw, 1st pass in succession
    assert g.round == 1
    g.apply("pass")  # seat 1: 2nd -> every player passed in succession
    assert g.round == 2
    assert [e for e in g.history if e["type"] == "round_end"][0]["reason"] == "stalemate"


# ----- GEN-6 termination (max_rounds: a ruling in snorkeling.py, not yet in RULES.md) -----------

@pytest.mark.parametrize("players", [2, 3])
def test_gen6_always_passing_still_ends_the_game(players):
    """If everyone always passes, every round ends by SN-13 with all piles at 5 and the totals stay
    tied, so SN-8's tie ruling alone would play on forever; option ``max_rounds`` (default 100)
    ends the game and the tied leaders share the win."""
    g = pc.new_game("snorkeling", players, seed=1)
    assert g.options["max_rounds"] == 100
    for _ in range(20_000):
        if g.is_over:
            break
        g.apply("pass")
    assert g.is_over and g.round == 100
    assert g.totals == [500] * players and g.winners == list(range(players))
    assert g.history[-1] == {"type": "game_end", "winners": list(range(players)), "totals": [500] * players}


def test_gen6_max_rounds_ends_a_tied_game_early():
    g = sn([*BEACH_HANDS, ["Y0", "Y1", "Y2", "Y3", "Y4"]], "B0", max_turns_per_round=1, max_rounds=3)
    play(g, "center B1", "place G4 2", "pass")
    assert g.totals == [10, 10, 9] and not g.is_over and g.round == 3
    g.apply("pass")
    assert g.is_over and g.totals == [15, 15, 14] and g.winners == [0, 1]  # tied leaders share


def test_gen6_max_rounds_still_lets_a_sole_leader_win():
    g = sn(BEACH_HANDS, "B0", BEACH_DRAWS, max_turns_per_round=1, max_rounds=1)
    play(g, *ROUND1)
    assert g.is_over and g.round == 1 and g.totals == [5, 4] and g.winners == [0]  # target not reached


def test_gen6_max_rounds_bounds():
    for bad in (0, 101, 10**9):
        with pytest.raises(pc.InvalidOption, match=f"^option max_rounds: expected a whole number from 1 to 100, got {bad}$"):
            pc.new_game("snorkeling", 2, seed=1, options={"max_rounds": bad})
    assert pc.new_game("snorkeling", 2, seed=1, options={"max_rounds": 100}).options["max_rounds"] == 100


# ----- SN-14 turn cap --------------------------------------------------------------------------

def test_sn14_turn_cap_ends_the_round():
    g = sn([["B1", "G4", "O2", "P3", "Y0"], ["P0", "P1", "P2", "O0", "O1"]], "B0", max_turns_per_round=3)
    play(g, "pass", "pass")
    assert g.round == 1 and g.view(None)["turn"] == 3
    g.apply("pass")
    ends = [e for e in g.history if e["type"] == "round_end"]
    assert ends == [{"type": "round_end", "round": 1, "reason": "turn_cap", "scores": [5, 5], "totals": [5, 5],
                     "piles": [["L5"], ["L5"]]}]  # SN-7: the piles as the round ended, for the table
    assert g.round == 2 and g.view(None)["turn"] == 1


def test_sn14_a_turn_with_several_actions_counts_once():
    g = sn([["B1", "B2", "O2", "P3", "Y0"], ["P0", "P1", "P2", "O0", "O1"]], "B0", max_turns_per_round=2)
    play(g, "center B1", "center B2", "end")
    assert g.round == 1 and g.view(None)["turn"] == 2
    g.apply("pass")
    assert g.round == 2


def test_sn14_default_and_bounds():
    assert pc.new_game("snorkeling", 3, seed=1).options["max_turns_per_round"] == 500
    for bad in (0, 501, 10**9):
        with pytest.raises(pc.InvalidOption,
                           match=f"^option max_turns_per_round: expected a whole number from 1 to 500, got {bad}$"):
            pc.new_game("snorkeling", 3, seed=1, options={"max_turns_per_round": bad})
