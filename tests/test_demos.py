"""Rules demos (pygame_core/demos.py, facade command ``demo``) and the in-app rules text.

Every demo step is a real position: built by applying legal actions to a stacked-deck game (GEN-2),
so a demo can never show something the rules do not allow. The positions are also checked against
what their captions claim, so the story told stays true to RULES.md.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import pygame_core as pc
from pygame_core.demos import DEMOS, build_demo, demo_steps, stacked_deck, visible
from pygame_core.describe import LANGUAGES, catalog

ROOT = Path(__file__).resolve().parent.parent
CAT = catalog("en")
TOKEN = re.compile(r"^(seat:\d|score:\d|rank:[A2-9TJQK]|[A-Z]\d{1,2}|[2-9TJQKA][CDHS])$")


def steps_by_id(name: str) -> dict[str, dict]:
    return {step["id"]: step for step in build_demo(name)["steps"]}


# ----- every demo builds, from legal actions only ----------------------------------------------


def test_every_game_has_a_demo():
    assert set(DEMOS) == set(pc.GAMES)


@pytest.mark.parametrize("name", pc.GAMES)
def test_demo_builds_and_every_action_is_legal(name):
    demo = build_demo(name)
    assert demo["game"] == name and demo["title"] == CAT[f"demo.{name}.title"]
    assert len(demo["steps"]) >= 7
    ids = [step["id"] for step in demo["steps"]]
    assert len(ids) == len(set(ids)), "step ids name captions, so they must be unique"


@pytest.mark.parametrize("name", pc.GAMES)
def test_each_step_replays_from_its_own_stacked_deck(name):
    """demo_steps gives each step standalone (deck + every action from the start); replaying it on a
    fresh game, action by action through legal_actions(), gives exactly the view the demo shows."""
    built = build_demo(name)["steps"]
    specs = demo_steps(name)
    assert len(specs) == len(built)
    for spec, step in zip(specs, built):
        game = pc.new_game(name, spec["players"], seed=spec["seed"], options=spec["options"],
                           deck=spec["deck"])
        for action in spec["actions"]:
            assert action in game.legal_actions(), (spec["id"], action, game.legal_actions())
            game.apply(action)
        view = game.view(spec["seat"])
        if not spec["moves"]:
            view["legal_actions"] = []
        assert view == step["view"], spec["id"]
        assert step["viewer"] == spec["seat"] and step["view"]["seat"] == spec["seat"]


def test_a_bad_action_in_a_script_raises_illegal_action(monkeypatch):
    scene = DEMOS["snorkeling"][0]
    broken = {**scene, "steps": [{**scene["steps"][0], "actions": ["center B0"]}]}
    monkeypatch.setitem(DEMOS, "snorkeling", [broken])
    with pytest.raises(pc.IllegalAction):
        build_demo("snorkeling")


def test_stacked_deck_is_a_permutation_and_rejects_overuse():
    deck = stacked_deck("go_fish", 2, {}, [["AS", "2S"], ["3S", "4S"]], ["5S"])
    assert deck[:5] == ["AS", "3S", "2S", "4S", "5S"]  # round-robin from seat 0 (GEN-3)
    assert sorted(deck) == sorted(pc.new_game("go_fish", 2, seed=0).full_deck())
    with pytest.raises(ValueError, match="more often"):
        stacked_deck("go_fish", 2, {}, [["AS"], ["AS"]], [])


# ----- highlights, captions, logs --------------------------------------------------------------


@pytest.mark.parametrize("name", pc.GAMES)
def test_highlights_are_on_the_table_of_their_step(name):
    for step in build_demo(name)["steps"]:
        for token in step["highlight"]:
            assert TOKEN.match(token), (step["id"], token)
        missing = [t for t in step["highlight"] if t not in visible(name, step)]
        assert not missing, f"{name} step {step['id']}: {missing} not shown"


@pytest.mark.parametrize("name", pc.GAMES)
def test_captions_exist_and_are_filled(name):
    for step in build_demo(name)["steps"]:
        assert step["caption_key"] == f"demo.{name}.{step['id']}"
        assert step["caption_key"] in CAT, step["caption_key"]
        assert "{" not in step["caption"] and len(step["caption"]) > 40, step["caption"]
        for seat, player in enumerate(step["names"]):
            assert player == CAT[f"demo.name.{seat}"]


@pytest.mark.parametrize("name", pc.GAMES)
def test_no_unused_captions(name):
    ids = {step["id"] for step in build_demo(name)["steps"]}
    keys = {k for k in CAT if k.startswith(f"demo.{name}.") and k != f"demo.{name}.title"}
    assert keys == {f"demo.{name}.{i}" for i in ids}


@pytest.mark.parametrize("name", pc.GAMES)
def test_step_log_is_the_public_history_in_words(name):
    for step in build_demo(name)["steps"]:
        log = step["log"]
        assert [e["i"] for e in log] == list(range(len(log))) and step["log_size"] == len(log)
        assert 0 <= step["log_from"] <= len(log)
        assert all(e["text"] and not e["text"].startswith(name) for e in log)


def test_steps_without_moves_offer_none():
    for name in pc.GAMES:
        for step in build_demo(name)["steps"]:
            if not step["moves"]:
                assert step["view"]["legal_actions"] == []
            assert step["seats"] == ["human"] * step["view"]["players"]


# ----- the positions say what the captions say -------------------------------------------------


def test_snorkeling_story():
    s = steps_by_id("snorkeling")
    assert s["setup"]["view"]["piles"] == [["L5"]] * 3 and s["setup"]["view"]["center_top"] == "Y2"
    assert s["setup"]["view"]["hand_sizes"] == [5, 5, 5]
    higher = [m["action"] for m in s["higher"]["moves"]]
    assert not any(a.startswith("center") for a in higher)  # SN-3: +1 of another colour ends it
    assert "end" in higher
    assert s["wrap"]["view"]["center_top"] == "O0"  # SN-3: a Beach follows a Ray
    colour = {m["action"] for m in s["colour"]["moves"]}
    assert {"center O1", "center O3", "center O4"} <= colour
    assert s["place"]["view"]["piles"][1] == ["L5", "B4"]  # SN-5
    ruling = {m["action"] for m in s["ruling"]["moves"]}
    assert {"center O0", "center O3"} <= ruling  # SN-3 ruling: +1 and same colour goes on
    assert [m["action"] for m in s["empty"]["moves"]] == ["keep", "takeback"]  # SN-6
    assert s["takeback"]["view"]["piles"][1] == ["L5"] and "B4" in s["takeback"]["view"]["hand"]
    assert "place O0 2" in {m["action"] for m in s["later"]["moves"]}
    assert s["later"]["view"]["piles"][2][-1] == "G1"
    score = s["score"]["view"]
    assert score["totals"] == [4, 5, 0] and score["round"] == 2  # SN-7, SN-9
    assert score["round_scores"] == [[4, 5, 0]]
    assert s["expert"]["view"]["options"]["expert"] is True
    assert s["expert"]["view"]["center_size"] == 5  # SN-4: four cards chained on the first


def test_go_fish_story():
    s = steps_by_id("go_fish")
    assert s["setup"]["view"]["hand_sizes"] == [5, 5, 5] and s["setup"]["view"]["stock_size"] == 37
    catch = s["catch"]["view"]
    assert catch["current_player"] == 0 and catch["hand"].count("7H") == 1
    assert sorted(c for c in catch["hand"] if c[0] == "7") == ["7D", "7H", "7S"]  # GF-3
    fished = s["go_fish"]["view"]
    assert fished["current_player"] == 2 and "8C" in fished["hand"]  # GF-4, GF-5 (asked)
    lucky = s["lucky"]
    assert lucky["view"]["current_player"] == 2 and "4S" in lucky["view"]["hand"]
    assert any(e["type"] == "fish_shown" for e in lucky["log"][lucky["log_from"]:])
    assert s["book"]["view"]["books"] == [[], [], ["7"]]  # GF-6
    end = s["end"]["view"]
    assert end["is_over"] and end["winners"] == [2] and end["hand_sizes"][1] == 0  # GF-7
    exact = s["exact"]["view"]
    assert exact["options"]["ask_card"] and "QS" in exact["hand"] and exact["current_player"] == 0


def test_enemy_anemone_story():
    s = steps_by_id("enemy_anemone")
    assert s["setup"]["view"]["hand_sizes"] == [10, 10, 10] and s["setup"]["view"]["supply"] == 9
    follow = {m["action"] for m in s["follow"]["moves"]}
    assert follow and all(a.split()[1][0] == "S" for a in follow)  # EA-3: only the unplayed suit
    trick = s["trick"]["view"]["last_trick"]
    assert (trick["winner"], trick["lowest"]) == (0, 2)  # EA-5
    assert s["trick"]["view"]["anemones"][2] == [1]  # EA-7
    anemone = s["anemone"]["view"]["last_trick"]
    assert anemone["winner"] == 2 and anemone["trick"][-1] == {"seat": 2, "card": "S6", "value": 7,
                                                               "anemones": [1]}  # EA-4
    assert s["anemone"]["view"]["anemones"][2] == []  # used Anemones return to the supply
    must = {m["action"] for m in s["must_discard"]["moves"]}
    assert must and all(a.startswith("discard ") for a in must)  # EA-3
    assert s["discard"]["view"]["anemones"][0] == [2]  # EA-7: a +1 flips to +2
    tie = s["tie"]["view"]["last_trick"]
    assert [e["value"] for e in tie["trick"]] == [8, 8, 2] and tie["winner"] == 0  # EA-5 ties
    end = s["hand_end"]["view"]
    assert end["round"] == 2 and end["hand_scores"] == [end["totals"]]  # EA-6
    assert end["hand_leader"] == end["totals"].index(max(end["totals"]))  # EA-9
    two = s["two_players"]["view"]
    assert two["players"] == 2 and two["current_player"] == 0 and len(two["trick"]) == 2  # EA-11
    done = s["two_trick"]["view"]
    assert done["last_trick"]["winner"] == 1 and len(done["last_trick"]["trick"]) == 4
    assert done["stock_size"] == 12 and done["hand_sizes"] == [8, 8]


# ----- facade ----------------------------------------------------------------------------------


def test_build_demo_as_the_site_gets_it():
    """The build writes each demo as static JSON (site/demos/<game>.<lang>.json) for the page."""
    demo = build_demo("go_fish", "en")
    assert demo["game"] == "go_fish"
    assert {"view", "names", "caption", "highlight", "log"} <= set(demo["steps"][0])
    json.dumps(demo)  # JSON-safe
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        build_demo("chess")
    with pytest.raises(ValueError, match="unknown language"):
        build_demo("go_fish", "xx")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_demo_builds_in_every_language(lang):
    for name in pc.GAMES:
        assert build_demo(name, lang)["steps"]


# ----- the rules text ------------------------------------------------------------------------

RULE_PREFIX = {"snorkeling": "SN", "go_fish": "GF", "enemy_anemone": "EA"}


def ids(key: str) -> list[str]:
    return [part.strip() for part in CAT[key].split(",")]


@pytest.mark.parametrize("name", pc.GAMES)
def test_rules_sections_are_complete(name):
    assert CAT[f"rules.{name}.title"] == CAT[f"game.{name}"]
    assert len(CAT[f"rules.{name}.intro"]) > 40
    sections = ids(f"rules.{name}.sections")
    assert len(sections) >= 6 and len(set(sections)) == len(sections)
    for section in sections:
        assert CAT[f"rules.{name}.{section}.title"] and len(CAT[f"rules.{name}.{section}.text"]) > 40
    keys = {k for k in CAT if k.startswith(f"rules.{name}.")}
    expected = {f"rules.{name}.{k}" for k in ("title", "intro", "sections", "questions")}
    expected |= {f"rules.{name}.{s}.{part}" for s in sections for part in ("title", "text")}
    expected |= {f"rules.{name}.{qa}.{q}" for q in ids(f"rules.{name}.questions") for qa in "qa"}
    assert keys == expected, "every rules key is listed, every listed key exists"


@pytest.mark.parametrize("name", pc.GAMES)
def test_every_answer_names_its_rule(name):
    prefix = RULE_PREFIX[name]
    for q in ids(f"rules.{name}.questions"):
        assert CAT[f"rules.{name}.q.{q}"].endswith("?")
        assert re.search(rf"\({prefix}-\d+", CAT[f"rules.{name}.a.{q}"]), q


def test_the_rulings_players_ask_about_are_answered():
    answers = " ".join(v for k, v in CAT.items() if k.startswith("rules.") and ".a." in k)
    for rule in ("SN-3", "SN-8", "SN-10", "GF-5", "GF-8", "GF-9", "EA-5", "EA-7", "EA-8", "EA-9",
                 "EA-11"):
        assert f"{rule}" in answers, rule
    assert "4 → 0" in CAT["rules.snorkeling.a.wrap"]
    assert "12" in CAT["rules.snorkeling.a.target"] and "6" in CAT["rules.snorkeling.a.target"]


def test_every_catalog_key_the_pages_use_exists():
    for path in ("web/rules.js", "web/demo.js"):
        text = (ROOT / path).read_text(encoding="utf-8")
        for key in re.findall(r"\bt\(\"([a-z_.]+)\"", text):
            assert key in CAT, f"{path}: {key}"
