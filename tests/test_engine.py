"""The shared engine API (DESIGN.md "Engine API"): errors, options, determinism (GEN-1), saves,
and the human sentences of ``pygame_core.describe``. Snorkeling serves as the concrete game."""

from __future__ import annotations

import json
import random
import re

import pytest

import pygame_core as pc
from pygame_core import facade
from pygame_core.games import REGISTRY
from pygame_core.describe import card_name, catalog, describe, describe_action
from helpers import all_views, play, random_playout, stacked_deck

FULL = pc.new_game("snorkeling", 2, seed=0).full_deck()


def played(seed: int = 7, players: int = 3, actions: int = 40, **options) -> pc.Game:
    """A Snorkeling game after ``actions`` seeded random legal actions."""
    g = pc.new_game("snorkeling", players, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(actions):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


# ----- errors and the registry -----------------------------------------------------------------

def test_error_family_is_valueerror():
    for cls in (pc.IllegalAction, pc.MalformedAction, pc.InvalidSave, pc.InvalidOption, pc.InvalidDeck):
        assert issubclass(cls, ValueError)
    assert issubclass(pc.MalformedAction, pc.IllegalAction)


def test_games_registry():
    assert isinstance(pc.GAMES, tuple)
    assert pc.GAMES[0] == "snorkeling"
    design_order = ["snorkeling", "go_fish", "enemy_anemone"]
    assert [name for name in design_order if name in pc.GAMES] == list(pc.GAMES)  # DESIGN order
    for name in pc.GAMES:
        players = REGISTRY[name].min_players
        g = pc.new_game(name, players, seed=1)
        assert g.name == name and g.players == players


# ----- new_game errors -------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["chess", "Snorkeling", "", "snorkeling "])
def test_new_game_unknown_game(name):
    with pytest.raises(pc.InvalidOption, match=f"unknown game {name!r}; known: snorkeling"):
        pc.new_game(name, 2, seed=1)


@pytest.mark.parametrize("name", [None, 3, ["snorkeling"], {"snorkeling": 1}])
def test_new_game_game_name_not_a_string(name):
    with pytest.raises(pc.InvalidOption, match="unknown game"):
        pc.new_game(name, 2, seed=1)


@pytest.mark.parametrize("players", [1, 7, 0, -2, "3", 3.0, True, None])
def test_new_game_bad_player_count(players):
    with pytest.raises(pc.InvalidOption,
                       match=rf"^snorkeling: players: expected a whole number from 2 to 6, got {re.escape(repr(players))}$"):
        pc.new_game("snorkeling", players, seed=1)


def test_new_game_unknown_option():
    with pytest.raises(pc.InvalidOption, match="unknown option 'colour'; known: expert, first_player"):
        pc.new_game("snorkeling", 2, seed=1, options={"colour": "blue"})


@pytest.mark.parametrize("options,message", [
    ({"expert": "yes"}, "option expert: expected bool, got 'yes'"),
    ({"expert": 1}, "option expert: expected bool, got 1"),
    ({"expert": None}, "option expert: expected bool, got None"),
    ({"target_score": 10}, "option target_score: expected one of 12, 6, got 10"),
    ({"target_score": "12"}, "option target_score: expected a whole number from 6 to 12, got '12'"),
    ({"target_score": 12.0}, "option target_score: expected a whole number from 6 to 12, got 12.0"),
    ({"target_score": True}, "option target_score: expected a whole number from 6 to 12, got True"),
    ({"max_turns_per_round": 0}, "option max_turns_per_round: expected a whole number from 1 to 500, got 0"),
    ({"max_turns_per_round": 501}, "option max_turns_per_round: expected a whole number from 1 to 500, got 501"),
    ({"max_rounds": 10**5000}, "option max_rounds: expected a whole number from 1 to 100, got a whole number of 16610 bits"),
    ({"first_player": 2}, "option first_player: expected a whole number from 0 to 1, got 2"),
    ({"first_player": -1}, "option first_player: expected a whole number from 0 to 1, got -1"),
    ({"first_player": "0"}, "option first_player: expected a whole number from 0 to 1, got '0'"),
    ({"first_player": False}, "option first_player: expected a whole number from 0 to 1, got False"),
    ({1: True}, "snorkeling: unknown option 1; known: expert, first_player, max_rounds, max_turns_per_round, target_score"),
])
def test_new_game_bad_option_values(options, message):
    with pytest.raises(pc.InvalidOption, match=f"^{message}$"):
        pc.new_game("snorkeling", 2, seed=1, options=options)


def test_new_game_options_not_a_dict():
    with pytest.raises(pc.InvalidOption, match="options must be a dict"):
        pc.new_game("snorkeling", 2, seed=1, options=[("expert", True)])


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True, 2**53])
def test_new_game_bad_seed(seed):
    with pytest.raises(pc.InvalidOption, match=rf"^seed: expected a whole number from 0 to 9007199254740991, got {seed!r}$"):
        pc.new_game("snorkeling", 2, seed=seed)


@pytest.mark.parametrize("deck,hint", [
    (FULL[:-1], r"\(74 cards given, 75 expected\)"),
    (FULL + ["B0"], r"\(76 cards given, 75 expected\)"),
    (["Z9"] + FULL[1:], r"\(unknown card 'Z9'\)"),
    (["L5"] + FULL[1:], r"\(unknown card 'L5'\)"),
    (FULL[:-1] + [FULL[0]], r"\(some card appears the wrong number of times\)"),
    ([], r"\(0 cards given, 75 expected\)"),
])
def test_new_game_bad_deck(deck, hint):
    assert FULL[0] != FULL[-1]
    with pytest.raises(pc.InvalidDeck, match="^snorkeling: deck is not a permutation of the game's deck " + hint):
        pc.new_game("snorkeling", 2, seed=1, deck=deck)


@pytest.mark.parametrize("deck", ["B0 B1", [1] * 75, {"B0": 3}])
def test_new_game_deck_not_a_list_of_strings(deck):
    with pytest.raises(pc.InvalidDeck, match="deck must be a list of card strings, top card first"):
        pc.new_game("snorkeling", 2, seed=1, deck=deck)


def test_new_game_accepts_any_permutation_and_keeps_the_seed():
    deck = list(reversed(FULL))
    g = pc.new_game("snorkeling", 2, seed=3, deck=deck)
    assert g.seed == 3 and g.view(0)["hand"] == sorted(deck[0:10:2])


# ----- options and seeds -----------------------------------------------------------------------

def test_options_filled_with_defaults():
    g = pc.new_game("snorkeling", 3, seed=1)
    assert g.options == {"first_player": None, "expert": False, "target_score": 12, "max_turns_per_round": 500,
                         "max_rounds": 100}
    g = pc.new_game("snorkeling", 3, seed=1, options={"expert": True, "first_player": 2})
    assert g.options == {"first_player": 2, "expert": True, "target_score": 12, "max_turns_per_round": 500,
                         "max_rounds": 100}
    assert g.view(0)["options"] == g.options and g.view(None)["options"] == g.options


def test_options_are_copied_from_the_caller():
    mine = {"expert": True}
    g = pc.new_game("snorkeling", 3, seed=1, options=mine)
    mine["expert"] = False
    assert g.options["expert"] is True and mine == {"expert": False}


def test_seed_none_picks_a_kept_seed():
    g = pc.new_game("snorkeling", 2)
    assert type(g.seed) is int and g.seed >= 0
    again = pc.new_game("snorkeling", 2, seed=g.seed)
    assert all_views(again) == all_views(g)


def test_view_rejects_bad_seats():
    g = pc.new_game("snorkeling", 3, seed=1)
    for seat in (3, -1, "0", 1.0):
        with pytest.raises(ValueError, match="seat must be None or 0..2"):
            g.view(seat)


# ----- GEN-1 determinism -----------------------------------------------------------------------

def test_gen1_same_seed_and_actions_same_game():
    """The global RNG is disturbed between the two runs: only the game's own RNG matters."""
    random.seed(1)
    a = played(seed=21, players=4, actions=400)
    random.seed(2)
    random.random()
    b = pc.new_game("snorkeling", 4, seed=21)
    play(b, *a.actions)
    assert b.to_json() == a.to_json()
    assert all_views(b) == all_views(a) and b.history == a.history
    assert a.round > 1, "the sequence should cross a round boundary (seeded reshuffle)"


def test_gen1_different_seeds_differ():
    hands = {json.dumps([pc.new_game("snorkeling", 3, seed=s).view(p)["hand"] for p in range(3)])
             for s in range(10)}
    assert len(hands) == 10


def test_gen1_games_to_the_end_are_reproducible():
    for seed in range(5):
        a = pc.new_game("snorkeling", 2, seed=seed)
        random_playout(a, random.Random(seed))
        b = pc.load_game(a.to_json())
        assert b.is_over and b.winners == a.winners and b.totals == a.totals and b.history == a.history


# ----- saves -----------------------------------------------------------------------------------

def test_save_round_trip_mid_game():
    g = played(seed=5, players=4, actions=123, expert=True)
    text = g.to_json()
    json.loads(text)
    h = pc.load_game(text)
    assert h.to_json() == text
    assert all_views(h) == all_views(g) and h.history == g.history
    assert h.legal_actions() == g.legal_actions() and h.current_player == g.current_player
    assert h.options == g.options and h.seed == g.seed and h.round == g.round
    a = random.Random(1).choice(g.legal_actions())
    g.apply(a)
    h.apply(a)
    assert all_views(h) == all_views(g)


def test_save_round_trip_stacked_deck():
    deck = list(reversed(FULL))
    g = pc.new_game("snorkeling", 2, seed=9, options={"first_player": 1}, deck=deck)
    play(g, "pass", "pass")
    h = pc.load_game(g.to_json())
    assert all_views(h) == all_views(g) and h.history == g.history


def save_dict(**changes) -> dict:
    data = json.loads(played(seed=3, players=2, actions=12).to_json())
    data.update(changes)
    return data


def bad_saves():
    good = played(seed=3, players=2, actions=12).to_json()
    data = json.loads(good)
    missing = {k: v for k, v in data.items() if k != "actions"}
    illegal = dict(data, actions=data["actions"][:2] + ["place B9 1"])
    well_formed_illegal = dict(data, actions=data["actions"][:2] + ["takeback"])
    return [
        ("hello", "not a Tidepool save: the text is not valid JSON"),
        ("", "not a Tidepool save: the text is not valid JSON"),
        (good[:-7], "the save is cut short: the text ends before its JSON does"),
        (good[: len(good) // 2], "the save is cut short: the text ends before its JSON does"),
        (good[:-1] + "x", "not a Tidepool save: the text is not valid JSON"),  # not cut short, spoilt
        ("[1, 2]", "not a Tidepool save: the format marker is missing"),
        ("null", "not a Tidepool save: the format marker is missing"),
        (json.dumps(dict(data, format="chess-pgn")), "not a Tidepool save: the format marker is missing"),
        (json.dumps({k: v for k, v in data.items() if k != "format"}), "format marker is missing"),
        (json.dumps(dict(data, version=2)), "save version 2 is not supported (expected 1)"),
        (json.dumps(dict(data, version="1")), "save version '1' is not supported"),
        (json.dumps(missing), "the save is incomplete: actions missing"),
        (json.dumps({"format": data["format"], "version": 1}),
         "the save is incomplete: actions, deck, game, options, players, seed missing"),
        (json.dumps(dict(data, game="chess")), "the save's setup is invalid: unknown game 'chess'"),
        (json.dumps(dict(data, players=9)),
         "the save's setup is invalid: snorkeling: players: expected a whole number from 2 to 6, got 9"),
        (json.dumps(dict(data, seed=-4)),
         "the save's setup is invalid: seed: expected a whole number from 0 to 9007199254740991, got -4"),
        (json.dumps(dict(data, options={"expert": "yes"})), "the save's setup is invalid: option expert"),
        (json.dumps(dict(data, deck=FULL[:-1])),
         "the save's setup is invalid: snorkeling: deck is not a permutation of the game's deck"),
        (json.dumps(dict(data, deck=FULL[:-1] + ["B0"])), "deck is not a permutation"),
        (json.dumps(illegal), "the save is inconsistent at action 3: place B9 1"),
        (json.dumps(well_formed_illegal), "the save is inconsistent at action 3: takeback"),
        (json.dumps(dict(data, actions=["pass", 7])), "the save's actions must be a list of strings"),
        (json.dumps(dict(data, actions="pass")), "the save's actions must be a list of strings"),
        (json.dumps(dict(data, actions=[None])), "the save's actions must be a list of strings"),
    ]


@pytest.mark.parametrize("index", range(len(bad_saves())))
def test_load_game_refuses(index):
    text, message = bad_saves()[index]
    with pytest.raises(pc.InvalidSave) as info:
        pc.load_game(text)
    assert isinstance(info.value, ValueError)
    assert message in str(info.value)


def expected_why(message):
    """How players are told of a refusal (InvalidSave.why), from the engine's message."""
    if message.startswith("not a Tidepool save") or message == "format marker is missing":
        return "not_save"
    if message.startswith("the save is cut short"):
        return "cut_short"
    return "version" if message.startswith("save version") else "damaged"


@pytest.mark.parametrize("index", range(len(bad_saves())))
def test_refused_saves_reach_the_page_in_players_words(index):
    """The page's `load` says each refusal as one catalog sentence in the page's language, with no
    rule id or notation, and keeps the engine's message in `detail` (the table is kept)."""
    text, message = bad_saves()[index]
    with pytest.raises(pc.InvalidSave) as info:
        pc.load_game(text)
    assert info.value.why == expected_why(message)
    try:
        table_save = json.dumps({"kind": "tidepool-table", "seats": ["human", "bot:random"],
                                 "game": json.loads(text)})
    except ValueError:
        table_save = text  # not JSON at all: the page's file is refused before the game is read
    for lang, words in (("en", {"not_save": "It is not a saved Tidepool game.",
                                "version": "It was saved by another version of Tidepool.",
                                "cut_short": "It is cut short: the end of the saved game is missing.",
                                "damaged": "It is damaged: its moves do not fit the game it describes."}),
                        ("de", {"not_save": "Das ist kein gespeichertes Tidepool-Spiel.",
                                "version": "Der Spielstand wurde mit einer anderen Version von Tidepool gespeichert.",
                                "cut_short": "Der Spielstand ist abgeschnitten: Sein Ende fehlt.",
                                "damaged": "Der Spielstand ist beschädigt: Seine Züge passen nicht zu dem "
                                           "Spiel, das er beschreibt."})):
        answer = json.loads(facade.call("load", json.dumps({"text": table_save, "lang": lang})))
        assert answer["ok"] is False
        assert answer["error"] == words[info.value.why]
        assert message in answer["detail"] or answer["detail"].startswith("this is not a Tidepool save file")


def test_a_table_save_with_bad_seats_is_damaged():
    good = json.loads(played(seed=3, players=2, actions=4).to_json())
    text = json.dumps({"kind": "tidepool-table", "seats": ["human"], "game": good})
    answer = json.loads(facade.call("load", json.dumps({"text": text, "lang": "pt"})))
    assert answer == {"ok": False, "error": "A partida salva está danificada: as jogadas não combinam com a partida "
                                            "que ela descreve.",
                      "detail": "the save's seats: expected 2 entries (human or bot:<level>), got ['human']"}


def test_invalid_save_why_is_one_of_five():
    assert pc.InvalidSave("x").why == "damaged"
    with pytest.raises(ValueError, match="why must be one of not_save, version, too_long, cut_short, damaged"):
        pc.InvalidSave("x", "cosmic rays")


@pytest.mark.parametrize("value", [None, 7, ["{}"], {"format": "tidepool-save"}])
def test_load_game_refuses_non_text(value):
    with pytest.raises(pc.InvalidSave, match="a save is JSON text"):
        pc.load_game(value)


def test_load_game_refuses_deeply_nested_json():
    """Refused before parsing: deep JSON could overflow the browser's small stack."""
    with pytest.raises(pc.InvalidSave, match="not a Tidepool save: the JSON nests deeper than 32 levels"):
        pc.load_game("[" * 100_000)
    with pytest.raises(pc.InvalidSave, match="nests deeper"):
        pc.load_game('{"a": ' * 40 + "1" + "}" * 40)


def test_load_game_depth_check_skips_brackets_inside_strings():
    g = pc.new_game("snorkeling", 2, seed=1)
    data = json.loads(g.to_json())
    data["note"] = "[" * 100 + '\\" {{{'
    restored = pc.load_game(json.dumps(data))
    assert restored.view(None) == g.view(None)


@pytest.mark.parametrize("name", [["snorkeling"], {"n": 1}])
def test_load_game_refuses_unhashable_game_name(name):
    text = json.dumps(save_dict(game=name))
    with pytest.raises(pc.InvalidSave, match="the save's setup is invalid"):
        pc.load_game(text)


def test_load_game_fuzzed_fields_give_a_game_or_invalidsave():
    """Every top-level field replaced by odd JSON values: either a working game or InvalidSave,
    never another exception."""
    odd = [None, True, 0, -1, 2**70, 1.5, "", "x", [], [0], {}, {"a": None}]
    base = save_dict()
    for key in base:
        for value in odd:
            text = json.dumps(dict(base, **{key: value}))
            try:
                g = pc.load_game(text)
            except pc.InvalidSave as exc:
                assert str(exc)
            else:
                json.dumps(all_views(g))
                g.legal_actions()


# ----- describe --------------------------------------------------------------------------------

def takeback_script(choice: str | None, **options) -> pc.Game:
    """Seat 0 empties their hand on turn 3 and is offered their pile's Y4 back (SN-6); ``choice``
    is ``"takeback"``, ``"keep"`` or ``None`` (stop at the choice)."""
    full = pc.new_game("snorkeling", 2, seed=0).full_deck()
    deck = stacked_deck(full, [["B1", "G4", "B2", "B3", "P3"], ["B2", "Y4", "O1", "O2", "O3"]], ["B0"],
                        ["B4", "P0", "Y1", "Y2", "Y3"])
    g = pc.new_game("snorkeling", 2, seed=1, options={"first_player": 0, **options}, deck=deck)
    play(g, "center B1", "place G4 1", "center B2", "place Y4 0", "center B3", "center B2", "center B4",
         "place P3 1")
    assert g.legal_actions() == ["keep", "takeback"]
    if choice:
        g.apply(choice)
    return g


def collect_history() -> list[dict]:
    """History entries of every Snorkeling type: scripted games (take-back and keep, played on to
    the end with a short target and turn cap) plus random games (reshuffles, Beaches)."""
    entries = []
    for choice in ("takeback", "keep"):
        g = takeback_script(choice, target_score=6, max_turns_per_round=4)
        rng = random.Random(3)
        random_playout(g, rng)
        entries += g.history
    for seed in range(6):
        r = pc.new_game("snorkeling", 2, seed=seed)
        random_playout(r, random.Random(seed))
        entries += r.history
    return entries


ENTRY_TYPES = {"round_start", "pass", "center", "place", "end", "draw", "reshuffle", "takeback", "keep",
               "round_end", "game_end"}


def test_describe_every_history_entry_type():
    """Every entry type renders: no placeholder left, no raw catalog key, a full sentence."""
    entries = collect_history()
    assert {e["type"] for e in entries} == ENTRY_TYPES
    for entry in entries:
        text = describe("snorkeling", entry)
        assert "{" not in text and "}" not in text and not text.startswith("snorkeling."), (entry, text)
        assert text.endswith("."), text
        if {"seat", "start_player", "winners"} & set(entry):
            assert "Player " in text, text


@pytest.mark.parametrize("entry,text", [
    ({"type": "round_start", "round": 1, "start_player": 0, "center": "B0"},
     "Round 1 begins. Player 1 starts; the centre shows blue Beach."),
    ({"type": "center", "seat": 1, "card": "B3"}, "Player 2 plays blue 3 to the centre."),
    ({"type": "place", "seat": 0, "card": "G4", "target": 2}, "Player 1 puts green Ray on Player 3's pile."),
    ({"type": "pass", "seat": 2}, "Player 3 passes."),
    ({"type": "end", "seat": 0}, "Player 1 places nothing on a pile."),
    ({"type": "draw", "seat": 0, "count": 1}, "Player 1 draws a card."),
    ({"type": "draw", "seat": 1, "count": 2}, "Player 2 draws 2 cards."),
    ({"type": "reshuffle", "count": 12},
     "The draw pile is empty: 12 centre cards are shuffled into a new draw pile."),
    ({"type": "takeback", "seat": 0, "card": "Y4"}, "Player 1 takes yellow Ray back from their own pile."),
    ({"type": "keep", "seat": 1}, "Player 2 leaves their pile as it is."),
    ({"type": "round_end", "round": 1, "reason": "beach", "scores": [5, 0], "totals": [5, 0]},
     "Round 1 is over (a Beach reached a pile). Scores this round: 5, 0. Totals: 5, 0."),
    ({"type": "round_end", "round": 3, "reason": "stalemate", "scores": [5, 5], "totals": [9, 10]},
     "Round 3 is over (nobody could play or draw). Scores this round: 5, 5. Totals: 9, 10."),
    ({"type": "round_end", "round": 2, "reason": "turn_cap", "scores": [1, 4], "totals": [6, 9]},
     "Round 2 is over (the turn limit was reached). Scores this round: 1, 4. Totals: 6, 9."),
    ({"type": "game_end", "winners": [1], "totals": [10, 13]}, "The game is over. Winner: Player 2."),
])
def test_describe_exact_sentences(entry, text):
    assert describe("snorkeling", entry) == text


def test_describe_with_names():
    entry = {"type": "place", "seat": 0, "card": "P1", "target": 1}
    assert describe("snorkeling", entry, names=["Ann", "Bob"]) == "Ann puts purple 1 on Bob's pile."


@pytest.mark.parametrize("lang,text", [
    ("en", "Bot 1 puts purple 1 on your pile."), ("de", "Bot 1 legt Lila-1 auf deinen Stapel."),
    ("ar", "Bot 1 يضع 1 بنفسجي على كومتك."),
])
def test_describe_told_to_you(lang, text):
    """SN-5 placement told to its target: "your pile", never "Player 2 (you)'s pile"; a sentence
    without a ``.you`` variant keeps the name, and without ``you`` nothing changes."""
    names = ["Bot 1", "Player 2 (you)"]
    entry = {"type": "place", "seat": 0, "card": "P1", "target": 1}
    assert describe("snorkeling", entry, names=names, lang=lang, you=1) == text
    assert describe("snorkeling", entry, names=names, you=None) == "Bot 1 puts purple 1 on Player 2 (you)'s pile."
    mine = {"type": "place", "seat": 1, "card": "P1", "target": 0}
    assert describe("snorkeling", mine, names=names, you=1) == "Player 2 (you) puts purple 1 on Bot 1's pile."


@pytest.mark.parametrize("action,text", [
    ("pass", "Pass"),
    ("center B3", "Play blue 3 to the centre"),
    ("center Y0", "Play yellow Beach to the centre"),
    ("place G4 2", "Put green Ray on Player 3's pile"),
    ("end", "Finish without placing"),
    ("takeback", "Take the top card of your pile back"),
    ("keep", "Keep your pile as it is"),
])
def test_describe_action_exact(action, text):
    assert describe_action("snorkeling", action) == text


def test_describe_action_every_legal_action():
    verbs = set()
    for g in (pc.new_game("snorkeling", 4, seed=2), takeback_script(None)):
        rng = random.Random(2)
        for _ in range(300):
            if g.is_over:
                break
            for action in g.legal_actions():
                text = describe_action("snorkeling", action, names=["A", "B", "C", "D"])
                assert "{" not in text and not text.startswith("snorkeling.") and text, action
                verbs.add(action.split(" ")[0])
            g.apply(rng.choice(g.legal_actions()))
    assert verbs == {"pass", "center", "place", "end", "takeback", "keep"}


def test_card_names():
    assert card_name("snorkeling", "L5") == "Lanternfish"
    assert card_name("snorkeling", "O0") == "orange Beach"
    assert card_name("snorkeling", "P4") == "purple Ray"
    assert card_name("snorkeling", "Y2") == "yellow 2"


def test_describe_other_language_falls_back_to_english_and_unknown_language_fails():
    entry = {"type": "pass", "seat": 0}
    for lang in ("de", "id", "pt", "ar"):
        text = describe("snorkeling", entry, lang=lang)
        assert text and "{" not in text
    assert set(catalog("en")) <= set(catalog("de"))
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        describe("snorkeling", entry, lang="xx")


@pytest.mark.parametrize("seats,told", [(["human", "bot:random"], True), (["human", "human"], False),
                                        (["bot:random", "bot:random"], False)])
def test_table_log_tells_the_one_human_as_you(seats, told):
    """The page's log speaks to the one human ("…on your pile", SN-5); hot seat and all-bot
    tables keep the names."""

    from pygame_core import facade

    game, rng = pc.new_game("snorkeling", 2, seed=4), random.Random(4)
    while not any(e["type"] == "place" and e["target"] == 0 for e in game.history):
        game.apply(rng.choice(game.legal_actions()))
    save = json.dumps({"kind": facade.SAVE_KIND, "game": json.loads(game.to_json()), "seats": seats})
    state = facade.load(save)
    assert state["you"] == (0 if told else None)
    log = state["log"]
    text = next(item["text"] for item in log if item["type"] == "place" and item["entry"]["target"] == 0)
    assert text.endswith(" on your pile.") == told, text
    assert ("(you)'s pile" in text) is False


def test_a_link_without_seats_seats_you_against_medium_bots():
    """A link that names no seats gets the start screen's default: you, then medium bots."""
    from pygame_core import facade

    state = facade.start({"game": "go_fish", "players": 3, "seed": 1})
    assert state["seats"] == ["human", "bot:medium", "bot:medium"]


def test_table_state_says_when_a_bot_has_only_one_move():
    """The page plays a bot's only move (SN-3: nothing follows the centre, so it passes) at a
    quicker pace: ``bot_forced`` is true exactly when a bot is to move with one legal action."""
    from pygame_core import facade

    state = facade.start({"game": "snorkeling", "players": 2, "seats": ["bot:random", "bot:random"], "seed": 12})
    seen = set()
    for _ in range(200):
        if state["view"]["is_over"]:
            break
        game = facade._table.game
        assert state["bot_forced"] == (len(game.legal_actions()) == 1)
        seen.add(state["bot_forced"])
        assert json.loads(facade.call("bot_step", "{}"))["ok"]
        state = json.loads(facade.call("state", "{}"))
    assert seen == {True, False}
    human = facade.start({"game": "snorkeling", "players": 2, "seats": ["human", "bot:random"], "seed": 12,
                          "options": {"first_player": 0}})
    assert not human["bot_to_move"] and not human["bot_forced"]  # seed 12: your only move is a pass
    assert [m["action"] for m in human["moves"]] == ["pass"]


def test_facade_advise_rates_the_moves_of_the_seat_to_move_in_the_tables_language():
    """The coach through the facade (GEN-7: from the seat's view): every legal move, best first,
    labelled as the table labels its moves; refused once the game is over."""
    facade.call("start", json.dumps({"game": "go_fish", "players": 2, "seats": ["human", "bot:easy"],
                                     "seed": 3, "options": {"first_player": 0}, "lang": "de"}))
    state = json.loads(facade.call("state", "{}"))
    reply = json.loads(facade.call("advise", json.dumps({"iterations": 60, "time_ms": None})))
    assert reply["ok"] and reply["seat"] == 0 and reply["best"] == reply["actions"][0]["action"]
    assert sorted((a["action"], a["label"]) for a in reply["actions"]) == sorted(
        (m["action"], m["label"]) for m in state["moves"])
    assert all(a["samples"] == 10 for a in reply["actions"])  # 60 iterations, 6 asks
    assert reply["actions"][0]["label"].endswith(" bitten")  # "Bot 2 (leicht) um Damen bitten"
    game = pc.new_game("go_fish", players=2, seed=3, options={"first_player": 0})
    expected = pc.advise(game, iterations=60)
    assert [(a["action"], a["chance"]) for a in reply["actions"]] == [(r.action, r.chance) for r in expected.ratings]
    while not state["view"]["is_over"]:
        move = state["moves"][0]["action"] if state["moves"] else None
        facade.call("act" if move else "bot_step", json.dumps({"action": move} if move else {}))
        state = json.loads(facade.call("state", "{}"))
    assert json.loads(facade.call("advise", "{}")) == {"ok": False, "error": "the game is over: there is no move to rate"}


def test_facade_advise_thinks_in_slices_counts_hints_and_keeps_them_in_the_save():
    """A hint thought out in slices reports its progress, then the advice; each answer counts one
    hint for the seat, the count is in the state and the save; a save from before the coach counts
    none; a damaged count is refused. A link's ``hints`` is on unless 0."""
    facade.call("start", json.dumps({"game": "snorkeling", "players": 2, "seats": ["human", "human"],
                                     "seed": 8, "options": {"first_player": 0}}))
    replies = [json.loads(facade.call("advise", json.dumps({"budget_ms": 0, "iterations": 400, "time_ms": None})))]
    while not replies[-1]["done"]:
        replies.append(json.loads(facade.call("advise", json.dumps({"budget_ms": 0}))))
    progress = [r["progress"] for r in replies[:-1]]
    assert len(progress) > 1 and progress == sorted(progress) and 0 <= progress[0] < progress[-1] < 1
    assert replies[-1]["seat"] == 0
    assert json.loads(facade.call("advise", json.dumps({"iterations": 10})))["done"]
    state = json.loads(facade.call("state", "{}"))
    assert state["hints"] == [2, 0]
    while state["view"]["current_player"] == 0:  # SN: a turn may take several actions
        facade.call("act", json.dumps({"action": state["moves"][-1]["action"]}))
        state = json.loads(facade.call("state", "{}"))
    assert json.loads(facade.call("advise", json.dumps({"iterations": 10})))["seat"] == 1
    text = json.loads(facade.call("save", "{}"))["text"]
    assert json.loads(text)["hints"] == [2, 1]
    assert json.loads(facade.call("load", json.dumps({"text": text})))["hints"] == [2, 1]
    old = json.loads(text)
    del old["hints"]
    assert json.loads(facade.call("load", json.dumps({"text": json.dumps(old)})))["hints"] == [0, 0]
    for bad in ([1], [1, -1], [1, "2"], "2,1", [True, 0]):
        refused = json.loads(facade.call("load", json.dumps({"text": json.dumps({**old, "hints": bad})})))
        assert not refused["ok"] and "hints: expected 2 whole numbers" in refused["detail"]
    assert json.loads(facade.call("state", "{}"))["hints"] == [0, 0]  # the table loaded last is kept
    assert facade.parse_query("game=go_fish")["hints"] is True
    assert facade.parse_query("game=go_fish&hints=0")["hints"] is False


def test_a_game_started_without_hints_keeps_the_coach_off_in_its_save():
    """``start`` with ``hints`` false (a link's ``hints=0``): the state says the coach is off,
    hints and the review are refused, and the save keeps it off (a reload without the parameter,
    or the file opened elsewhere, does not bring it back); a save from before says nothing and has
    it on; a damaged flag is refused, as is a ``hints`` that is not true or false."""
    facade.call("start", json.dumps({"game": "go_fish", "players": 2, "seats": ["human", "bot:easy"],
                                     "seed": 3, "hints": False}))
    state = json.loads(facade.call("state", "{}"))
    assert state["coach"] is False
    assert json.loads(facade.call("advise", json.dumps({"iterations": 10}))) == {
        "ok": False, "error": "the coach is off at this table: its game was started without hints"}
    assert not json.loads(facade.call("review", json.dumps({"seat": 0})))["ok"]
    text = json.loads(facade.call("save", "{}"))["text"]
    assert json.loads(text)["coach"] is False
    assert json.loads(facade.call("load", json.dumps({"text": text})))["coach"] is False
    assert not json.loads(facade.call("advise", json.dumps({"iterations": 10})))["ok"]
    old = json.loads(text)
    del old["coach"]
    assert json.loads(facade.call("load", json.dumps({"text": json.dumps(old)})))["coach"] is True
    assert json.loads(facade.call("advise", json.dumps({"iterations": 10})))["done"]
    for bad in (0, "false", None):
        refused = json.loads(facade.call("load", json.dumps({"text": json.dumps({**old, "coach": bad})})))
        assert not refused["ok"] and "coach: expected true or false" in refused["detail"], refused
    refused = json.loads(facade.call("start", json.dumps({"game": "go_fish", "hints": "0"})))
    assert refused == {"ok": False, "error": "hints: expected true or false, got '0'"}
    assert json.loads(facade.call("start", json.dumps({"game": "go_fish"})))["coach"] is True


@pytest.mark.parametrize("lang, short", [
    ("en", ["You", "Bot 2", "Player 3"]), ("de", ["Du", "Bot 2", "Spieler 3"]),
    ("pt", ["Você", "Robô 2", "Jogador 3"]), ("ar", ["أنت", "روبوت 2", "اللاعب 3"])])
def test_state_gives_each_seat_a_short_name_too(lang, short):
    """Where room is short (a trick's slot) the page names a seat without the bot's level, and the
    one human the table speaks to as "you"; a second human is "Player N". (Two humans: no "you".)"""
    facade.call("start", json.dumps({"game": "enemy_anemone", "players": 3, "seats": ["human", "bot:easy", "bot:hard"],
                                     "seed": 1, "lang": lang}))
    state = json.loads(facade.call("state", "{}"))
    assert state["short_names"][:2] == short[:2] and state["short_names"][2] == short[1].replace("2", "3")
    assert state["names"][1] != state["short_names"][1]  # the full name keeps the level
    facade.call("start", json.dumps({"game": "enemy_anemone", "players": 3, "seats": ["human", "bot:easy", "human"],
                                     "seed": 1, "lang": lang}))
    state = json.loads(facade.call("state", "{}"))
    assert state["short_names"][0] == short[2].replace("3", "1") and state["short_names"][2] == short[2]


def test_a_replay_from_another_seat_speaks_of_every_seat_in_the_third_person():
    """A replay seen from Bot 2's seat has no "you": the log says "Player 1 (you)'s pile", never
    "your pile" beside Bot 2's own, and the short names say "Player 1"; from the human's own seat
    (or every hand open) the log speaks to the human as the table does."""
    facade.call("start", json.dumps({"game": "snorkeling", "players": 3, "seats": ["human", "bot:random", "bot:random"],
                                     "seed": 12, "lang": "en"}))
    while True:
        state = json.loads(facade.call("state", "{}"))
        if state["view"]["is_over"] or state["log_size"] > 80:
            break
        if state["bot_to_move"]:
            facade.call("bot_step", "{}")
        else:
            facade.call("act", json.dumps({"action": state["view"]["legal_actions"][0]}))
    steps = state["steps"]
    mine = json.loads(facade.call("replay", json.dumps({"step": steps, "viewer": 0})))
    theirs = json.loads(facade.call("replay", json.dumps({"step": steps, "viewer": 1})))
    everyone = json.loads(facade.call("replay", json.dumps({"step": steps, "viewer": "all"})))
    assert mine["you"] == everyone["you"] == 0 and theirs["you"] is None
    assert mine["short_names"][0] == "You" and theirs["short_names"][0] == "Player 1"
    said = lambda s: " ".join(item["text"] for item in s["log"])  # noqa: E731
    assert "on your pile" in said(mine) and "on your pile" not in said(theirs)
    assert "on Player 1 (you)'s pile" in said(theirs)
    assert theirs["names"] == mine["names"]  # the person is still Player 1 (you)


def test_a_replay_step_names_the_log_entries_its_action_wrote():
    """``step_log_from`` is the index of the first log entry written by the step's own action: at
    step 0 the deal (0), at step k the entries after the first k - 1 actions (GF-3/GF-4: an ask,
    the answer, the draw), the same whether the replay steps forward, back or jumps."""
    facade.call("start", json.dumps({"game": "go_fish", "players": 3, "seats": ["human", "bot:random", "bot:random"],
                                     "seed": 12, "lang": "en"}))
    for _ in range(12):
        state = json.loads(facade.call("state", "{}"))
        if state["bot_to_move"]:
            facade.call("bot_step", "{}")
        else:
            facade.call("act", json.dumps({"action": state["view"]["legal_actions"][0]}))
    sizes = []
    for step in range(6):
        replayed = json.loads(facade.call("replay", json.dumps({"step": step, "viewer": 0})))
        sizes.append(replayed["log_size"])
        assert replayed["step_log_from"] == (sizes[step - 1] if step else 0)
    first = json.loads(facade.call("replay", json.dumps({"step": 1, "viewer": 0})))
    assert [e["text"] for e in first["log"] if e["i"] >= first["step_log_from"]] == [
        "Bot 3 (random) asks Bot 2 (random) for fours.", "Bot 2 (random) says: “Go fish!”",
        "Bot 3 (random) draws a card from the stock."]
    for step in (5, 2, 4):  # back and forth: the same as stepping forward
        replayed = json.loads(facade.call("replay", json.dumps({"step": step, "viewer": 1})))
        assert replayed["step_log_from"] == sizes[step - 1]
