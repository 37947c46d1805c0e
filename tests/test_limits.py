"""Hostile input and long runs: bounded options and saves (GEN-6), one whole-number rule for seeds
and options at every entry point (GEN-1), clean command-line errors, independent clones, the
facade's answers to malformed commands, and a short slice of the soak test (tests/soak.py)."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import pygame_core as pc
from pygame_core import facade
from pygame_core.describe import catalog
from pygame_core.engine import MAX_SEED, whole_number
from pygame_core.games import REGISTRY
from pygame_core.saves import MAX_SAVE_ACTIONS, MAX_SAVE_CHARS
import soak

ROOT = Path(__file__).resolve().parent.parent


def save(actions: list[str], **fields) -> str:
    """A Snorkeling save text (2 players, seed 1) with ``actions`` and other ``fields`` replaced."""
    data = json.loads(pc.new_game("snorkeling", 2, seed=1).to_json())
    data.update(fields, actions=actions)
    return json.dumps(data)


def pass_game(players: int = 2, **options) -> pc.Game:
    """Snorkeling where everyone passes unless that would end the round by SN-13 (a long game)."""
    game = pc.new_game("snorkeling", players, seed=3, options=options)
    while not game.is_over:
        legal = game.legal_actions()
        view = game.view(None)
        stalling = view["draw_pile_size"] == 0 and view["center_size"] <= 1
        plays = [a for a in legal if a.startswith("center")]
        game.apply(plays[0] if plays and (stalling or "pass" not in legal) else
                   "pass" if "pass" in legal else "keep" if "keep" in legal else "end")
    return game


# ----- GEN-6: bounded options, actions and saves -----------------------------------------------

@pytest.mark.parametrize("option,bad", [("max_rounds", 101), ("max_rounds", 1_000_000_000),
                                        ("max_turns_per_round", 501), ("max_turns_per_round", 0)])
def test_gen6_snorkeling_caps_bounded(option, bad):
    high = {"max_rounds": 100, "max_turns_per_round": 500}[option]
    with pytest.raises(pc.InvalidOption, match=f"^option {option}: expected a whole number from 1 to {high}, got {bad}$"):
        pc.new_game("snorkeling", 2, seed=1, options={option: bad})


def test_gen6_max_actions_per_game():
    assert pc.new_game("snorkeling", 6, seed=1).max_actions() == 100 * (4 * 500 + 5 * 6) == MAX_SAVE_ACTIONS
    assert pc.new_game("snorkeling", 2, seed=1, options={"max_rounds": 1, "max_turns_per_round": 1}).max_actions() == 14
    assert pc.new_game("go_fish", 4, seed=1).max_actions() == 53 * 53 + 14 * 1000
    assert [pc.new_game("enemy_anemone", n, seed=1).max_actions() for n in range(2, 7)] == [128, 120, 160, 200, 192]
    for name, cls in REGISTRY.items():  # the save limit covers every game at its largest options
        for players in range(cls.min_players, cls.max_players + 1):
            spec = cls.all_options()
            biggest = {n: o.bounds(players)[1] for n, o in spec.items() if o.kind is int and not o.seat}
            assert pc.new_game(name, players, seed=1, options=biggest).max_actions() <= MAX_SAVE_ACTIONS


def test_gen6_the_issues_long_save_is_refused():
    """``max_rounds`` of 10^9 with 100,000 passes was a legal save that froze the page."""
    text = save(["pass"] * 100_000, options={"max_rounds": 1_000_000_000})
    with pytest.raises(pc.InvalidSave, match="^the save's setup is invalid: option max_rounds: expected a "
                                             "whole number from 1 to 100, got 1000000000$"):
        pc.load_game(text)


def test_gen6_save_with_more_actions_than_any_game_is_refused():
    with pytest.raises(pc.InvalidSave, match="^the save has 203,001 actions; the longest game has 203,000 "
                                             r"\(GEN-6\)$"):
        pc.load_game(save(["pass"] * (MAX_SAVE_ACTIONS + 1)))


def test_gen6_save_with_more_actions_than_its_setup_allows_is_refused():
    text = save(["pass"] * 15, options={"max_rounds": 1, "max_turns_per_round": 1})
    with pytest.raises(pc.InvalidSave, match="^the save has 15 actions; a snorkeling game with these players "
                                             r"and options ends within 14 \(GEN-6\)$"):
        pc.load_game(text)


def test_gen6_oversized_save_text_is_refused_unread():
    text = save([]) + " " * MAX_SAVE_CHARS
    with pytest.raises(pc.InvalidSave, match=rf"^the save is {len(text):,} characters long; the longest game "
                                             rf"fits in {MAX_SAVE_CHARS:,} \(GEN-6\)$"):
        pc.load_game(text)
    answer = json.loads(facade.call("load", json.dumps({"text": text})))
    assert answer == {"ok": False, "error": "It is longer than any game of Tidepool can be.",
                      "detail": f"this save file is {len(text):,} characters long; the longest "
                                f"game fits in {MAX_SAVE_CHARS:,} (GEN-6)"}


def test_gen6_a_long_legal_save_loads_exactly():
    """A game of passes across the caps (every round to its turn cap or SN-13) replays exactly;
    `python3 tests/bench/engine_speed.py` times the longest such save."""
    game = pass_game(max_rounds=3, max_turns_per_round=200)
    assert game.is_over and len(game.actions) > 300
    loaded = pc.load_game(game.to_json())
    assert loaded.history == game.history and loaded.winners == game.winners


# ----- load_game: options must be an object ----------------------------------------------------

@pytest.mark.parametrize("options", [[], 0, False, "", None, [["expert", True]]])
def test_load_game_refuses_options_that_are_not_an_object(options):
    with pytest.raises(pc.InvalidSave, match=rf"^the save's options must be an object, got {options!r}$".replace("[", r"\[")):
        pc.load_game(save([], options=options))


# ----- GEN-1: one whole-number rule for seeds and options --------------------------------------

def test_gen1_whole_number_rule():
    assert whole_number("seed", MAX_SEED) == 2**53 - 1
    assert whole_number("seed", "0042", text=True) == 42
    for bad in ["-5", "+5", " 5", "5 ", "1_000", "５", "²", "٣", "", "1e3", "9007199254740992", "9" * 5000]:
        with pytest.raises(pc.InvalidOption, match="^seed: expected a whole number from 0 to 9007199254740991, got "):
            whole_number("seed", bad, text=True)
    for bad in [-1, 2**53, True, 5.0, "5", None, 10**5000]:
        with pytest.raises(pc.InvalidOption, match="^seed: expected a whole number from 0 to 9007199254740991, got "):
            whole_number("seed", bad)


def test_gen1_api_seed_bounds():
    assert pc.new_game("snorkeling", 2, seed=MAX_SEED).seed == MAX_SEED
    with pytest.raises(pc.InvalidOption, match="^seed: expected a whole number from 0 to 9007199254740991, "
                                               "got 9007199254740992$"):
        pc.new_game("snorkeling", 2, seed=MAX_SEED + 1)


def test_gen1_save_seed_bounds():
    assert pc.load_game(save([], seed=MAX_SEED)).seed == MAX_SEED
    with pytest.raises(pc.InvalidSave, match="^the save's setup is invalid: seed: expected a whole number from 0 "
                                             "to 9007199254740991, got 9007199254740992$"):
        pc.load_game(save([], seed=MAX_SEED + 1))


# Bad links (GEN-1, GEN-6 and the page contract) and the developer's message each gets.
BAD_LINKS = [
    ("game=snorkeling&seed=9007199254740992",
     "seed: expected a whole number from 0 to 9007199254740991, got '9007199254740992'"),
    ("game=snorkeling&seed=%EF%BC%97", "seed: expected a whole number from 0 to 9007199254740991, got '７'"),
    ("game=snorkeling&seed=-5", "seed: expected a whole number from 0 to 9007199254740991, got '-5'"),
    ("game=snorkeling&options=target_score=%EF%BC%96",
     "option target_score: expected a whole number from 6 to 12, got '６'"),
    ("game=snorkeling&options=max_rounds=%C2%B2", "option max_rounds: expected a whole number from 1 to 100, got '²'"),
    ("game=snorkeling&options=max_rounds=101", "option max_rounds: expected a whole number from 1 to 100, got '101'"),
    ("game=snorkeling&players=3&options=first_player=3", "option first_player: expected a whole number from 0 to 2, got '3'"),
    ("game=snorkeling&players=7", "players: expected a whole number from 2 to 6, got '7'"),
    ("game=snorkeling&options=expert=maybe", "option expert: expected 1 or 0, got 'maybe'"),
    ("game=snorkeling&game=go_fish", "game: given twice; a link gives each setting once"),
    ("game=snorkeling&players=3&players=4", "players: given twice; a link gives each setting once"),
    ("game=snorkeling&options=expert=1,expert=0", "options: 'expert' given twice; a link gives each option once"),
    ("game=snorkeling&embed=2", "embed: expected 1 (an embedded table) or 0, got '2'"),
    ("game=snorkeling&hints=yes", "hints: expected 1 (the Hint button) or 0 (none), got 'yes'"),
    ("game=snorkeling&hints=1&hints=0", "hints: given twice; a link gives each setting once"),
    ("game=chess", "game: unknown game 'chess'; use one of snorkeling, go_fish, enemy_anemone"),
    ("game=snorkeling&speed=fast", "speed: expected a whole number from 0 to 60000, got 'fast'"),
    ("game=snorkeling&options=expert", "options: expected name=value, got 'expert'"),
    ("game=snorkeling&options=colour=red", "unknown option 'colour' for snorkeling; known: expert, first_player, "
                                           "max_rounds, max_turns_per_round, target_score"),
]


@pytest.mark.parametrize("query,message", BAD_LINKS)
def test_gen1_link_numbers_follow_the_rule(query, message):
    reply = json.loads(facade.call("parse_query", json.dumps({"query": query})))
    assert reply["ok"] is False and reply["error"] == message and reply["key"].startswith("link."), reply


@pytest.mark.parametrize("lang", ["en", "de", "id", "pt", "ar"])
def test_a_bad_link_is_worded_in_the_players_language(lang):
    """With the page's language in the payload, each bad link's error is the catalog's sentence
    for it (``link.<why>``) in that language, naming the parameter and the value; the developer's
    English message moves to "detail". No sentence is English in another language."""
    own, english = catalog(lang), catalog("en")
    for query, message in BAD_LINKS:
        reply = json.loads(facade.call("parse_query", json.dumps({"query": query, "lang": lang})))
        assert reply["detail"] == message
        assert reply["error"] == own[reply["key"]].format_map(reply["args"])
        assert all(value in reply["error"] for value in reply["args"].values()), reply
        if lang != "en":
            assert reply["error"] != english[reply["key"]].format_map(reply["args"])


@pytest.mark.parametrize("lang", ["de", "ar"])
def test_bad_seats_and_options_at_the_start_are_worded_in_the_players_language(lang):
    """The seats and options a link asks for are checked together as the table starts: a wrong
    seat count or kind, or an option without the one it needs, gets the catalog's sentence in the
    table's language too."""
    bad = [(["human"], {}, "link.seats_count", {"players": "3", "value": "['human']"}),
           (["human", "bot:genius", "bot:easy"], {}, "link.seat", {"value": "'bot:genius'", "levels": "random, easy, medium, hard"}),
           (None, {"ask_own_card": True}, "link.option_needs", {"name": "ask_own_card", "needs": "ask_card"})]
    for seats, options, key, args in bad:
        reply = json.loads(facade.call("start", json.dumps({"game": "go_fish", "players": 3, "seats": seats,
                                                             "options": options, "lang": lang})))
        assert (reply["ok"], reply["key"], reply["args"]) == (False, key, args)
        assert reply["error"] == catalog(lang)[key].format_map(args)


def test_gen1_link_seed_and_options_accepted_at_the_bounds():
    config = facade.parse_query("game=snorkeling&seed=9007199254740991&options=max_rounds=100,target_score=6")
    assert config["seed"] == MAX_SEED and config["options"] == {"max_rounds": 100, "target_score": 6}
    state = json.loads(facade.call("start", json.dumps({**config, "seats": ["human", "bot:random", "bot:random"]})))
    assert state["ok"] and state["seed"] == MAX_SEED
    assert json.loads(facade.call("save"))["text"].count('"seed": 9007199254740991') == 1


def test_gen1_page_start_seed_bounds():
    answer = json.loads(facade.call("start", json.dumps({"game": "snorkeling", "seed": MAX_SEED + 1})))
    assert answer == {"ok": False, "error": "seed: expected a whole number from 0 to 9007199254740991, "
                                            "got 9007199254740992",
                      "key": "link.number", "args": {"name": "seed", "low": "0", "high": "9007199254740991",
                                                     "value": "9007199254740992"}}


@pytest.mark.parametrize("call,message", [
    (lambda: pc.new_game("snorkeling", 2, options={1: True}),
     "snorkeling: unknown option 1; known: expert, first_player, max_rounds, max_turns_per_round, target_score"),
    (lambda: pc.new_game("snorkeling", 2, seed=10**5000),
     "seed: expected a whole number from 0 to 9007199254740991, got a whole number of 16610 bits"),
    (lambda: pc.new_game("snorkeling", 10**5000),
     "snorkeling: players: expected a whole number from 2 to 6, got a whole number of 16610 bits"),
    (lambda: pc.new_game("snorkeling", 2, options={"max_rounds": 10**5000}),
     "option max_rounds: expected a whole number from 1 to 100, got a whole number of 16610 bits"),
    (lambda: pc.new_game("snorkeling", 2, options=[]), "options must be a dict of option names to values, got []"),
])
def test_gen1_api_bad_numbers_and_option_names_raise_invalid_option(call, message):
    with pytest.raises(pc.InvalidOption) as caught:
        call()
    assert str(caught.value) == message


# ----- the command line --------------------------------------------------------------------------

CLI_ERRORS = [  # the issue's cases first: each runs in a subprocess, the rest in this process
    (["--games", "0"], "argument --games: expected a whole number from 1 to 1000000, got '0'"),
    (["--seed", "-5"], "argument --seed: expected a whole number from 0 to 9007199254740991, got '-5'"),
    (["--options", "expert=maybe"], "--options: option expert: expected 1 or 0, got 'maybe'"),
    (["--players", "0"], "argument --players: expected a whole number from 1 to 99, got '0'"),
    (["--games", "-1"], "argument --games: expected a whole number from 1 to 1000000, got '-1'"),
    (["--seed", "9007199254740992"],
     "argument --seed: expected a whole number from 0 to 9007199254740991, got '9007199254740992'"),
    (["--options", "max_rounds=²"], "--options: option max_rounds: expected a whole number from 1 to 100, got '²'"),
    (["--options", "colour=blue"], "--options: unknown option 'colour' for snorkeling; known: expert, "
                                   "first_player, max_rounds, max_turns_per_round, target_score"),
    (["--options", "expert"], "--options: expected name=value, got 'expert'"),
    (["--players", "3"], "--seats names 2 levels for 3 players"),
    (["--players", "7", "--seats", "random"], "snorkeling takes 2 to 6 players, got 7"),
    (["--seats", "random,wizard"], "--seats: unknown level 'wizard'; levels: random, easy, medium, hard"),
    (["--time-cap", "nan"], "argument --time-cap: expected a number of milliseconds, 0 or more, got 'nan'"),
    (["--jobs", "0"], "argument --jobs: expected a whole number from 1 to 64, got '0'"),
    (["--iterations", "٣"], "argument --iterations: expected a whole number from 1 to 1000000, got '٣'"),
]
USAGE = "usage: python -m pygame_core tournament GAME --seats LEVEL,LEVEL,... [options]"


def tournament_args(extra: list[str]) -> list[str]:
    seats = [] if "--seats" in extra else ["--seats", "random,random"]
    return ["tournament", "snorkeling", *seats, "--games", "2", *extra]


@pytest.mark.parametrize("args,message", CLI_ERRORS[:4])
def test_cli_bad_arguments_exit_2_with_one_line(args, message):
    run = subprocess.run([sys.executable, "-m", "pygame_core", *tournament_args(args)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stdout == "" and "Traceback" not in run.stderr
    assert run.stderr.splitlines() == [USAGE, f"python -m pygame_core tournament: error: {message}"]


@pytest.mark.parametrize("args,message", CLI_ERRORS[4:])
def test_cli_more_bad_arguments_are_usage_errors(args, message, capsys):
    from pygame_core.__main__ import main
    with pytest.raises(SystemExit) as stopped:
        main(tournament_args(args))
    out = capsys.readouterr()
    assert stopped.value.code == 2 and out.out == ""
    assert out.err.splitlines() == [USAGE, f"python -m pygame_core tournament: error: {message}"]


def test_cli_largest_seed_plays(capsys):
    from pygame_core.__main__ import main
    assert main(["tournament", "go_fish", "--seats", "random,random", "--games", "2", "--seed", str(MAX_SEED)]) == 0
    assert "2 games" in capsys.readouterr().out


# ----- clone() shares nothing mutable ------------------------------------------------------------

def test_clone_shares_no_history_entry():
    game = pass_game(max_rounds=2, max_turns_per_round=3)
    copy = game.clone()
    end = next(i for i, e in enumerate(copy.history) if e["type"] == "round_end")
    copy.history[0]["round"] = 99
    copy.history[end]["totals"].append(7)
    copy.options["expert"] = True
    assert game.history[0]["round"] == 1 and len(game.history[end]["totals"]) == 2
    assert game.options["expert"] is False
    assert pc.load_game(game.to_json()).history == game.history


# ----- the facade answers malformed commands -----------------------------------------------------

@pytest.mark.parametrize("command,payload,message", [
    ("state", "[]", "state: the payload must be a JSON object, got []"),
    ("state", '"x"', "state: the payload must be a JSON object, got 'x'"),
    ("state", "{", "state: the payload is not JSON (Expecting property name enclosed in double quotes: "
                   "line 1 column 2 (char 1))"),
    ("state", '{"log_from": "5"}', "log_from: expected a whole number from 0 to 9007199254740991, got '5'"),
    ("state", '{"log_from": -1}', "log_from: expected a whole number from 0 to 9007199254740991, got -1"),
    ("state", '{"viewer": "0"}', "viewer: expected a whole number from 0 to 2, got '0'"),
    ("replay", '{"step": 1.5}', "replay step must be 0..0, got 1.5"),
    ("replay", '{"viewer": [0]}', "viewer: expected a whole number from 0 to 2, got [0]"),
    ("act", '{"action": 5}', "action: expected a string, got 5"),
    ("act", "{}", "action: expected a string, got None"),
    ("undo", '{"seat": "0"}', "seat: expected a whole number from 0 to 2, got '0'"),
    ("bot_step", '{"budget_ms": "40"}', "budget_ms: expected a number from 0 up or null, got '40'"),
    ("bot_step", '{"budget_ms": NaN}', "budget_ms: expected a number from 0 up or null, got nan"),
    ("advise", '{"iterations": 0}', "iterations: expected a whole number from 1 to 1000000, got 0"),
    ("advise", '{"iterations": 1000001}', "iterations: expected a whole number from 1 to 1000000, got 1000001"),
    ("advise", '{"time_ms": "1"}', "time_ms: expected a number from 0 up or null, got '1'"),
    ("advise", '{"time_ms": 0}', "time_ms must be a number > 0 or None, got 0"),
    ("advise", '{"seed": -2}', "seed: expected a whole number from 0 to 9007199254740991, got -2"),
    ("advise", '{"budget_ms": "5"}', "budget_ms: expected a number from 0 up or null, got '5'"),
    ("load", '{"text": {"kind": "tidepool-table"}}', "text: expected a string, got {'kind': 'tidepool-table'}"),
    ("parse_query", '{"query": 5}', "query: expected a string, got 5"),
    ("info", '{"lang": null}', "lang: expected a string, got None"),
    ("playout_speed", '{"game": "go_fish", "seconds": "1"}', "seconds: expected a number from 0 up, got '1'"),
    ("start", '{"game": "snorkeling", "players": "3"}',
     "players (snorkeling): expected a whole number from 2 to 6, got '3'"),
    ("start", '{"game": "snorkeling", "options": []}', "options must be a dict of option names to values, got []"),
    ([1], "{}", "unknown command [1]; known: act, advise, bot_step, explain, info, load, parse_query, "
                "playout_speed, replay, review, save, start, state, undo"),
])
def test_facade_names_the_problem_of_a_malformed_command(command, payload, message):
    facade.call("start", json.dumps({"game": "snorkeling", "players": 3, "seed": 1,
                                     "seats": ["human", "bot:random", "bot:random"]}))
    reply = json.loads(facade.call(command, payload))
    assert (reply["ok"], reply["error"]) == (False, message)
    assert set(reply) <= {"ok", "error", "key", "args"}  # a bad number is sorted for players too (no lang: no "detail")


# ----- the soak test, briefly ----------------------------------------------------------------------

def test_soak_slice_finds_no_failure():
    """A few seconds of tests/soak.py (``python3 build.py soak`` runs it for longer)."""
    stats = soak.soak(seconds=1.5, games=None, seed=1)
    assert stats["failures"] == 0 and stats["games"] >= 1 and stats["actions"] >= 1
    assert stats["saves"] == soak.MUTATIONS * stats["games"]


def test_soak_checks_leave_the_game_as_it_was():
    """The soak's per-state checks (each legal action tried on a copy, a re-dealt world) change
    nothing in the game, its RNG included: Snorkeling's round starts shuffle (SN-2)."""
    game = pc.new_game("snorkeling", 2, seed=5, options={"target_score": 12})
    rng = random.Random(1)
    rounds = 0
    while not game.is_over:
        before = (soak.snapshot(game), game.rng.getstate())
        views = soak.check_state(game, rng)
        assert views == soak.all_views(game)
        assert (soak.snapshot(game), game.rng.getstate()) == before
        game.apply(rng.choice(game.legal_actions()))
        rounds += game.history[-1]["type"] == "round_start"
    assert rounds >= 1


def test_soak_in_two_processes_sums_their_games(capsys):
    """``--jobs 2`` splits ``--games`` between two processes and prints their sum."""
    assert soak.main(["--games", "5", "--jobs", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith("soak (seed 3, 2 jobs): 5 games, ") and " 0 failures in " in out[-1]
    per = [line.split() for line in out[:-1]]
    assert sum(int(words[1]) for words in per) == 5


@pytest.mark.parametrize("argv", [["--jobs", "0"], ["--games", "-1"], ["--minutes", "0"]])
def test_soak_refuses_bad_arguments(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        soak.main(argv)
    assert exit_.value.code == 2 and "usage:" in capsys.readouterr().err


def test_soak_reports_a_broken_invariant(monkeypatch):
    """The soak's checks bite: legal actions in the wrong order are a failure, reported with the
    game, seed and options."""
    from pygame_core.games.snorkeling import Snorkeling

    legal = Snorkeling._legal_actions
    monkeypatch.setattr(Snorkeling, "_legal_actions", lambda self: legal(self)[::-1])
    monkeypatch.setattr(soak, "configs", lambda: [("snorkeling", 2, {})])
    out = io.StringIO()
    stats = soak.soak(seconds=60, games=2, seed=1, out=out)
    assert stats["games"] == 2 and stats["failures"] == 2 and stats["per"]["snorkeling/2"][2] == 2
    assert out.getvalue().startswith("FAILURE: snorkeling, 2 players, seed ")
