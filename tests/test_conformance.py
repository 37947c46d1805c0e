"""Conformance suite: the contract every registered game must keep (DESIGN.md "Engine API" and
"Testing"; RULES.md GEN-1, GEN-5, GEN-6, GEN-7), checked through the public API only.

Parametrized over ``pygame_core.GAMES`` and every player count of each game, so a newly registered
game is picked up automatically (and fails here if it breaks the contract). Random play is driven by
hypothesis-chosen seeds (derandomized: the same examples on every run).
"""

from __future__ import annotations

import json
import random
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygame_core as pc
from pygame_core.games import REGISTRY
from helpers import all_views, card_count, check_card_count, check_invariants, snapshot

CASES = [pytest.param(name, players, id=f"{name}-{players}")
         for name in pc.GAMES
         for players in range(REGISTRY[name].min_players, REGISTRY[name].max_players + 1)]

MAX_ACTIONS = 20_000  # GEN-6: no game of ours comes near this under random play
SEEDS = st.integers(0, 2**31 - 1)


def examples(n: int):
    return settings(max_examples=n, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


# ----- helpers ---------------------------------------------------------------------------------

def new(name: str, players: int, seed: int, deck: list[str] | None = None) -> pc.Game:
    return pc.new_game(name, players, seed=seed, deck=deck)


@pytest.mark.parametrize("name", pc.GAMES)
def test_card_count_is_known(name):
    game = pc.new_game(name, REGISTRY[name].min_players, seed=1)
    counts = card_count(name, game)
    if counts is None:
        pytest.skip(f"no card_count() for {name!r} yet, so its cards are not checked for "
                    f"conservation: write one from its view keys {sorted(game.view(None))}")
    assert counts[0] == counts[1] == len(game.full_deck()) + (game.players if name == "snorkeling" else 0)


# ----- setup contract --------------------------------------------------------------------------

@pytest.mark.parametrize("name", pc.GAMES)
def test_setup_errors_and_defaults(name):
    cls = REGISTRY[name]
    for players in (cls.min_players - 1, cls.max_players + 1, str(cls.min_players)):
        with pytest.raises(pc.InvalidOption, match=f"{name}: players: expected a whole number from "
                                                   f"{cls.min_players} to {cls.max_players}, got"):
            pc.new_game(name, players, seed=1)
    with pytest.raises(pc.InvalidOption, match="unknown option"):
        pc.new_game(name, cls.min_players, seed=1, options={"no_such_option": True})
    game = pc.new_game(name, cls.min_players, seed=1)
    assert game.name == name and game.players == cls.min_players and game.seed == 1
    assert game.options["first_player"] is None and game.view(None)["options"] == game.options
    deck = game.full_deck()
    with pytest.raises(pc.InvalidDeck, match="deck is not a permutation"):
        pc.new_game(name, cls.min_players, seed=1, deck=deck[1:])
    with pytest.raises(pc.InvalidDeck, match="deck is not a permutation"):
        pc.new_game(name, cls.min_players, seed=1, deck=deck[1:] + [deck[1]])
    for seat in (cls.min_players, -1, "0"):
        with pytest.raises(ValueError):
            game.view(seat)


@pytest.mark.parametrize("name,players", CASES)
def test_gen2_gen4_stacked_deck_and_first_player(name, players):
    """Any permutation of ``full_deck()`` is accepted (GEN-2); ``first_player`` picks who starts
    (GEN-4); GEN-3: seat s holds only cards dealt at deck positions s, s + players, ..."""
    deck = pc.new_game(name, players, seed=2).full_deck()
    random.Random(players).shuffle(deck)
    for first in range(players):
        game = pc.new_game(name, players, seed=2, options={"first_player": first}, deck=deck)
        assert game.current_player == first
    for seat in range(players):
        hand = game.view(seat)["hand"]
        dealt = deck[seat::players][: len(hand) + 4]  # a few may have gone to books already
        assert hand and all(card in dealt for card in hand), (seat, hand)


# ----- GEN-6 termination and the per-state contract --------------------------------------------

@pytest.mark.parametrize("name,players", CASES)
@given(seed=SEEDS)
@examples(10)
def test_gen6_random_playouts_terminate_with_valid_states(name, players, seed):
    game = new(name, players, seed)
    rng = random.Random(seed)
    check_card_count(name, game)
    for _ in range(MAX_ACTIONS):
        check_invariants(name, game)
        check_card_count(name, game)
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert game.is_over, f"not over after {MAX_ACTIONS} actions (GEN-6)"
    check_invariants(name, game)


@pytest.mark.parametrize("name,players", CASES)
def test_gen6_many_fast_playouts_terminate(name, players):
    for seed in range(40):
        game = new(name, players, seed)
        rng = random.Random(seed)
        for _ in range(MAX_ACTIONS):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        assert game.is_over, f"seed {seed}: not over after {MAX_ACTIONS} actions (GEN-6)"
        assert game.winners and game.legal_actions() == []


# ----- GEN-1 determinism -----------------------------------------------------------------------

@pytest.mark.parametrize("name,players", CASES)
@given(seed=SEEDS)
@examples(3)
def test_gen1_same_seed_same_actions_same_game(name, players, seed):
    a = new(name, players, seed)
    rng = random.Random(seed)
    random.seed(seed)  # the global RNG must not matter
    while not a.is_over:
        a.apply(rng.choice(a.legal_actions()))
    random.seed(seed + 1)
    b = new(name, players, seed)
    for action in json.loads(a.to_json())["actions"]:
        b.apply(action)
    assert snapshot(b) == snapshot(a)


# ----- GEN-5 illegal actions -------------------------------------------------------------------

def illegal_candidates(game: pc.Game, seen: set[str], rng: random.Random) -> list:
    """Malformed strings, mutated legal actions, actions legal elsewhere, and non-strings."""
    legal = set(game.legal_actions())
    out: list = [None, 7, b"x", ["x"]]
    alphabet = string.ascii_letters + string.digits + " +-"
    out += ["".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 12))) for _ in range(3)]
    out += ["", " ", "\n", "pass pass", "0", "-1", "ask", "center", "play"]
    for action in rng.sample(sorted(legal), min(3, len(legal))):
        parts = action.split(" ")
        out += [action + " ", " " + action, action.upper(), action + " x", action.replace(" ", "  "),
                action[:-1], " ".join(parts[:-1])]
        for i, part in enumerate(parts):
            if part.isdigit():
                for seat in [*range(game.players), game.players, 99]:
                    out.append(" ".join(parts[:i] + [str(seat)] + parts[i + 1:]))
    out += rng.sample(sorted(seen - legal), min(8, len(seen - legal)))
    return [a for a in out if not (isinstance(a, str) and a in legal)]


@pytest.mark.parametrize("name,players", CASES)
@given(seed=SEEDS)
@examples(4)
def test_gen5_illegal_actions_raise_and_leave_state_unchanged(name, players, seed):
    game = new(name, players, seed)
    rng = random.Random(seed)
    seen: set[str] = set()
    for step in range(MAX_ACTIONS):
        seen.update(game.legal_actions())
        if step % 3 == 0 or game.is_over:
            before = snapshot(game)
            for action in illegal_candidates(game, seen, rng):
                with pytest.raises(pc.IllegalAction) as info:
                    game.apply(action)
                message = str(info.value)
                if isinstance(action, str):
                    assert action in message and len(message) > len(action) + 2, (action, message)
            assert snapshot(game) == before, "an illegal action changed the game (GEN-5)"
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    for action in sorted(seen)[:20]:  # once over, nothing is legal
        with pytest.raises(pc.IllegalAction):
            game.apply(action)


# ----- saves and clones ------------------------------------------------------------------------

@pytest.mark.parametrize("name,players", CASES)
@given(seed=SEEDS)
@examples(3)
def test_load_game_round_trips_at_every_step(name, players, seed):
    game = new(name, players, seed)
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        text = game.to_json()
        loaded = pc.load_game(text)
        assert snapshot(loaded) == snapshot(game)
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("name,players", CASES)
@given(seed=SEEDS)
@examples(4)
def test_clone_is_independent(name, players, seed):
    game = new(name, players, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 60)):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    before = snapshot(game)
    copy = game.clone()
    assert snapshot(copy) == before
    taken = []
    while not copy.is_over:  # play the copy to the end: the original must not move
        action = rng.choice(copy.legal_actions())
        copy.apply(action)
        taken.append(action)
    assert snapshot(game) == before
    other = game.clone()
    for action in taken:  # the same actions give the same game (shared seeded RNG state)
        game.apply(action)
    assert snapshot(game) == snapshot(copy)
    assert snapshot(other) == before  # and the second clone did not follow


# ----- GEN-7 hidden information ----------------------------------------------------------------

def hidden_swap(deck: list[str], players: int, seat: int, rng: random.Random) -> list[str]:
    """Deck ``deck`` with two positions swapped whose cards differ and that ``seat`` cannot see at
    the start: GEN-3 deals position i to seat i % players (or i lies in the stock)."""
    candidates = [i for i in range(len(deck)) if i % players != seat]
    for _ in range(500):
        i, j = rng.sample(candidates, 2)
        if deck[i] != deck[j] and (i % players != j % players or players == 2):
            swapped = list(deck)
            swapped[i], swapped[j] = deck[j], deck[i]
            return swapped
    raise AssertionError("no two hidden positions with different cards")


def stock_shuffled(name: str, players: int, seed: int, options: dict, deck: list[str],
                   rng: random.Random) -> list[str] | None:
    """Deck ``deck`` with every card after the deal (and after up to two turned-up cards) in another
    order: the whole face-down stock is permuted. The first cut that leaves the public history of the
    start unchanged is used (turned-up cards are public, so they appear in the history)."""
    game = pc.new_game(name, players, seed=seed, options=options, deck=deck)
    dealt = players * max(len(game.view(s)["hand"]) for s in range(players))
    for cut in (dealt, dealt + 1, dealt + 2):
        tail = deck[cut:]
        if len(set(tail)) < 2:
            return None
        for _ in range(20):
            rng.shuffle(tail)
            if tail != deck[cut:]:
                break
        other = deck[:cut] + tail
        if pc.new_game(name, players, seed=seed, options=options, deck=other).history == game.history:
            return other
    return None


def compare_hidden(name: str, players: int, seed: int, options: dict, deck_a: list[str],
                   deck_b: list[str], rng: random.Random) -> int:
    """Play the same actions (chosen among those legal in both games) while the public history is
    identical. Every seat whose hand is, and always was, the same in both must get identical views,
    and so must the spectator. Returns the number of states compared."""
    a = pc.new_game(name, players, seed=seed, options=options, deck=deck_a)
    b = pc.new_game(name, players, seed=seed, options=options, deck=deck_b)
    knows: set[int] = set()  # seats that held a card that differs between the games
    compared = 0
    for _ in range(MAX_ACTIONS):
        if a.history != b.history:
            break  # a differing card became public
        for s in range(players):
            if s in knows:
                continue
            va, vb = a.view(s), b.view(s)
            if va["hand"] != vb["hand"]:
                knows.add(s)
                continue
            assert va == vb, f"seat {s}'s view depends on cards hidden from it: {diff(va, vb)}"
        assert a.view(None) == b.view(None), \
            f"the spectator's view depends on hidden cards: {diff(a.view(None), b.view(None))}"
        compared += 1
        if a.is_over or len(knows) == players:
            break
        common = sorted(set(a.legal_actions()) & set(b.legal_actions()))
        if not common:
            break
        action = rng.choice(common)
        a.apply(action)
        b.apply(action)
    return compared


def diff(va: dict, vb: dict) -> dict:
    return {k: (va.get(k), vb.get(k)) for k in set(va) | set(vb) if va.get(k) != vb.get(k)}


@pytest.mark.parametrize("name,players", CASES)
@given(seed=SEEDS)
@examples(12)
def test_gen7_views_do_not_depend_on_cards_hidden_from_the_seat(name, players, seed):
    """Two games whose stacked decks differ only in cards hidden from a seat give that seat (and
    every seat that never held a differing card, and the spectator) identical views after the same
    actions, as long as the public history is the same (GEN-7: no other hand, no draw-pile order).
    Two decks B are tried against deck A: two hidden positions swapped, and the stock permuted."""
    rng = random.Random(seed)
    deck_a = new(name, players, seed).full_deck()
    rng.shuffle(deck_a)
    seat = rng.randrange(players)
    options = {"first_player": rng.randrange(players)}
    compared = compare_hidden(name, players, seed, options, deck_a,
                              hidden_swap(deck_a, players, seat, rng), rng)
    stock_b = stock_shuffled(name, players, seed, options, deck_a, rng)
    if stock_b is not None:
        compared += compare_hidden(name, players, seed, options, deck_a, stock_b, rng)
    assert compared >= 1


# ----- the search path: Game.moves / step / sample_copy, the same rules as apply -------------

SEARCH_CASES = [pytest.param(name, players, {}, id=f"{name}-{players}")
                for name in pc.GAMES
                for players in range(REGISTRY[name].min_players, REGISTRY[name].max_players + 1)]
SEARCH_CASES += [
    pytest.param(name, players, options, id=f"{name}-{players}-" + "-".join(options))
    for name, players, options in (("snorkeling", 3, {"expert": True}),
                                   ("go_fish", 3, {"ask_card": True, "ask_own_card": True,
                                                   "keep_playing": True}),
                                   ("go_fish", 4, {"next_after_fish": "left", "keep_playing": True}))]


@pytest.mark.parametrize("name,players,options", SEARCH_CASES)
@given(seed=SEEDS)
@examples(4)
def test_search_path_plays_the_same_game_as_the_public_api(name, players, options, seed):
    """GEN-5/GEN-6 on the bots' fast path: ``moves()`` equals ``legal_actions()`` at every step
    and ``step`` gives the same states, history and outcome as ``apply``, in the real game and
    in a sampled world (``determinize``: the public history kept, no actions recorded)."""
    public = pc.new_game(name, players, seed=seed, options=options)
    fast = pc.new_game(name, players, seed=seed, options=options)
    rng = random.Random(seed)
    while not public.is_over:
        legal = public.legal_actions()
        assert fast.moves() == legal
        action = rng.choice(legal)
        public.apply(action)
        fast.step(action)
        assert fast.current_player == public.current_player
    assert fast.moves() == [] and fast.is_over
    assert fast.history == public.history
    assert (fast.totals, fast.winners) == (public.totals, public.winners)
    assert all_views(fast) == all_views(public)
    assert fast.actions == []  # step records nothing: worlds are not games to save

    game = pc.new_game(name, players, seed=seed, options=options)
    for _ in range(rng.randrange(0, 80)):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    if game.is_over:
        return
    seat = game.current_player
    world = game.determinize(seat, random.Random(seed))
    assert world.history == game.history and world.actions == []
    assert world.view(seat) == game.view(seat) and world.view(None) == game.view(None)
    a, b = world.clone(), world.clone()
    while not a.is_over:
        legal = a.legal_actions()
        assert b.moves() == legal
        action = rng.choice(legal)
        a.apply(action)
        b.step(action)
    assert b.is_over and (a.history, a.totals, a.winners) == (b.history, b.totals, b.winners)


@pytest.mark.parametrize("name,players", CASES)
@given(seed=SEEDS)
@examples(4)
def test_play_out_plays_the_same_game_as_step(name, players, seed):
    """``play_out`` (the search's rollouts) steps the policy's actions like ``step``, stopping
    at the end or after ``limit`` actions, and says how many it took."""
    def policy(world, rng):
        return rng.choice(world.moves())

    stepped = new(name, players, seed)
    played = new(name, players, seed)
    limit = random.Random(seed).randrange(1, 60)
    rng = random.Random(seed)
    taken = 0
    while not stepped.is_over and taken < limit:
        stepped.step(policy(stepped, rng))
        taken += 1
    assert played.play_out(policy, random.Random(seed), limit) == taken
    assert played.history == stepped.history and played.moves() == stepped.moves()
    assert all_views(played) == all_views(stepped)


def test_sample_copy_keeps_the_state_but_not_the_record():
    game = pc.new_game("snorkeling", 3, seed=5)
    for action in ("pass", "pass"):
        game.apply(action)
    copy = game.sample_copy(random.Random(1))
    assert all_views(copy) == all_views(game)
    assert copy.history == game.history and copy.actions == [] and len(game.actions) == 2
    again = game.sample_copy(random.Random(1))  # one getrandbits(64) draw seeds the copy's RNG
    assert copy.rng.random() == again.rng.random() != game.rng.random()
