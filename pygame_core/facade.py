"""The browser-facing facade: plain JSON in, plain JSON out, one table session at a time.

The page calls :func:`call` with a command name and a JSON text and gets a JSON text back:
``{"ok": true, ...}`` or ``{"ok": false, "error": "readable message"}``. Nothing here touches the
page itself; ``web/main.py`` wires :func:`call` to JavaScript.
"""

from __future__ import annotations

import json
import math
import random
import time
import traceback
from typing import Any
from urllib.parse import parse_qsl

from . import GAMES, InvalidOption, load_game, new_game
from .bots import LEVELS, Adviser, Reviewer, make_bot
from .bots.ismcts import HOOKS, MISTAKE_GAP, MISTAKE_Z, RECONSIDER_GAP, RECONSIDER_Z, REVIEW_SAMPLES
from .describe import (LANGUAGES, catalog, describe_action, describe_reason, log_items, move_items,
                       player_name, translated)
from .engine import MAX_SEED, SAVE_FORMAT, Game, shown, whole_number
from .errors import IllegalAction, InvalidSave
from .games import REGISTRY
from .saves import MAX_SAVE_CHARS, cut_short, too_deep

SAVE_KIND = "tidepool-table"
MAX_SPEED_MS = 60_000
COACH_TIME_MS = 3000.0  # a hint's thinking in the page, at most: a safety net (its budget takes under 1 s)
MAX_COACH_ITERATIONS = 1_000_000  # a page's request for more is refused, not run for hours
MAX_LOG = 10_000_000  # log entries in one answer: more than any game's history holds (the default)


class Table:
    """One game at the table: the engine game plus who sits where (``human`` or ``bot:<level>``).

    ``steps`` holds, per action taken, ``(seat that acted, history length after it)``; undo and
    replay work from it. ``hints`` counts the coach's answers per seat; ``coach`` says whether the
    coach (hints and the review) is on at this table: a game started with it off (a link's
    ``hints=0``) keeps it off, in its save too.
    """

    def __init__(self, game: Game, seats: list[str], lang: str, hints: list[int] | None = None,
                 coach: bool = True) -> None:
        self.seats = seats
        self.lang = lang
        self.bots = {s: make_bot(kind[4:], seed=game.seed * 8 + s)
                     for s, kind in enumerate(seats) if kind.startswith("bot:")}
        self.humans = [s for s, kind in enumerate(seats) if kind == "human"]
        self.viewer: int | None = self.humans[0] if self.humans else None
        self.replay_cursor: Game | None = None
        self.replay_sizes: list[int] = []  # the cursor's history length after each of its actions
        self.thinking: tuple | None = None  # ((game id, actions taken), thinker) of a bot mid-thought
        self.advising: tuple | None = None  # ((game id, actions taken), Adviser) of a hint mid-thought
        self.reviewing: tuple | None = None  # ((game id, actions, seat, samples, seed), Reviewer) mid-review
        self.hints = list(hints) if hints is not None else [0] * game.players
        self.coach = coach
        self._rebuild(game)

    def _rebuild(self, game: Game) -> None:
        """Take ``game`` as the table's game, replaying it once to learn who took each action."""
        fresh = game.prefix(0)
        self.base_history = len(fresh.history)
        self.steps: list[tuple[int, int]] = []
        for action in game.actions:
            actor = fresh.current_player
            fresh.apply(action)
            self.steps.append((actor, len(fresh.history)))
        self.game = fresh

    def apply(self, action: str) -> None:
        actor = self.game.current_player
        self.game.apply(action)
        self.steps.append((actor, len(self.game.history)))

    def undo_target(self, seat: int | None) -> int | None:
        """How many actions to keep so that ``seat``'s latest decision is taken back, or ``None``
        when something revealed to ``seat`` since then (a draw, a catch, a card played from a
        hidden hand) forbids it."""
        if seat is None or seat not in self.humans or self.game.is_over:
            return None
        history = self.game.history
        for index in range(len(self.steps) - 1, -1, -1):
            actor, end = self.steps[index]
            start = self.steps[index - 1][1] if index else self.base_history
            if any(self.game.reveals(entry, seat) for entry in history[start:end]):
                return None
            if actor == seat:
                return index
        return None

    def undo(self, seat: int | None) -> None:
        keep = self.undo_target(_check_seat("seat", seat, self.game.players))
        if keep is None:
            raise ValueError("nothing to undo: your last decision was followed by a card you have seen")
        self.game = self.game.prefix(keep)
        del self.steps[keep:]

    def you(self) -> int | None:
        """The seat the log speaks to as "you": the one human's, when exactly one seat is human
        (the names call it "Player N (you)" then); ``None`` in hot seat and all-bot games."""
        return self.humans[0] if len(self.humans) == 1 else None

    def names(self) -> list[str]:
        cat = catalog(self.lang)
        names = []
        for seat, kind in enumerate(self.seats):
            if kind == "human":
                names.append(cat["you"].replace("{n}", str(seat + 1)) if seat == self.you()
                             else player_name(seat, None, self.lang))
            else:
                level = cat.get(f"level.{kind[4:]}", kind[4:])
                names.append(cat["bot_name"].replace("{level}", level).replace("{n}", str(seat + 1)))
        return names

    def short_names(self, you: int | None) -> list[str]:
        """Each seat's name where room is short (a trick's slot): "You" for seat ``you`` (the one
        human the table speaks to, or ``None``), "Player N" for another human, "Bot N" without
        its level."""
        cat = catalog(self.lang)
        return [cat["you_short"] if seat == you else
                player_name(seat, None, self.lang) if kind == "human" else cat["bot_short"].replace("{n}", str(seat + 1))
                for seat, kind in enumerate(self.seats)]

    def state(self, log_from: int = 0, log_limit: int = MAX_LOG, **options: Any) -> dict:
        """The page's picture of the table for the viewer: the current human, or ``viewer`` when
        given (``None`` = spectator, e.g. while a hot-seat hand-over hides the hand); ``lang``, when
        given, switches the table's sentences to that language (``ValueError`` if unknown). The
        ``log`` holds the history entries from ``log_from`` on, at most the last ``log_limit`` of
        them (a long game's page gets its latest moves, not megabytes of log). ``bot_to_move``
        says a bot is to move, ``bot_forced`` that its move is its only legal action."""
        game = self.game
        current = game.current_player
        if "lang" in options:
            catalog(options["lang"])  # ValueError for a language the engine does not have
            self.lang = options["lang"]
        if "viewer" in options:
            self.viewer = _check_seat("viewer", options["viewer"], game.players)
        elif current is not None and current in self.humans:
            self.viewer = current
        names, you = self.names(), self.you()
        view = game.view(self.viewer)
        moves = move_items(game.name, view["legal_actions"], names, self.lang)
        log_from = max(0, min(log_from, len(game.history)), len(game.history) - log_limit)
        return {"ok": True, "view": view, "viewer": self.viewer, "seats": self.seats, "names": names,
                "short_names": self.short_names(you), "you": you, "moves": moves, "log": log_items(game, log_from, names, self.lang, you),
                "log_size": len(game.history), "seed": game.seed, "steps": len(game.actions),
                "bot_to_move": current is not None and current in self.bots,
                # a bot with one legal action (a forced pass): the page plays it at a quicker pace
                "bot_forced": current in self.bots and len(game.legal_actions()) == 1,
                "can_undo": self.undo_target(self.viewer) is not None,
                "hints": list(self.hints), "coach": self.coach, "summary": summary(game)}

    def replay_state(self, step: int, viewer: Any, log_limit: int = MAX_LOG, moves: bool = False) -> dict:
        """The table after the first ``step`` actions, seen by ``viewer`` (a seat, ``None`` for a
        spectator, or ``"all"`` for every hand open), with the log up to there (its last
        ``log_limit`` entries at most). No move can be made in a replay: ``legal_actions`` and
        ``moves`` are empty, unless ``moves`` asks for those the viewer had there when it was the
        viewer's turn (the review shows what was played and what the coach would have played).
        From another seat's point of view than the one human's, ``you`` is ``None``: the log and
        the short names speak of every seat in the third person. ``step_log_from`` is the index
        (``i``) of the first log entry the step's own action wrote (0 at step 0: the deal)."""
        if type(step) is not int or not 0 <= step <= len(self.game.actions):
            raise ValueError(f"replay step must be 0..{len(self.game.actions)}, got {shown(step)}")
        cursor = self.replay_cursor
        if cursor is None or len(cursor.actions) > step or cursor.actions != self.game.actions[:len(cursor.actions)]:
            cursor = self.game.prefix(0)
            self.replay_sizes = [len(cursor.history)]
        for action in self.game.actions[len(cursor.actions):step]:
            cursor.apply(action)
            self.replay_sizes.append(len(cursor.history))
        self.replay_cursor = cursor
        names, you = self.names(), self.you()
        seat = None if viewer == "all" else _check_seat("viewer", viewer, cursor.players)
        if seat is not None and seat != you:  # another seat's point of view: nobody is "you" there
            you = None  # (the log says "Player 1 (you)'s pile", never "your pile" beside Bot 2's own)
        view = cursor.view(seat)
        shown_moves = moves is True and seat is not None and seat == cursor.current_player
        if not shown_moves:
            view["legal_actions"] = []
        state = {"ok": True, "view": view, "viewer": seat, "seats": self.seats, "names": names,
                 "short_names": self.short_names(you), "you": you,
                 "moves": move_items(cursor.name, view["legal_actions"], names, self.lang) if shown_moves else [],
                 "log": log_items(cursor, max(0, len(cursor.history) - log_limit), names, self.lang, you),
                 "log_size": len(cursor.history), "step_log_from": self.replay_sizes[step - 1] if step else 0,
                 "step": step, "steps": len(self.game.actions),
                 "bot_to_move": False, "can_undo": False}
        if viewer == "all":
            state["open_hands"] = [cursor.view(s)["hand"] for s in range(cursor.players)]
        return state

    def save_text(self) -> str:
        return json.dumps({"kind": SAVE_KIND, "seats": self.seats, "lang": self.lang,
                           "hints": self.hints, "coach": self.coach, "game": json.loads(self.game.to_json())})


def _check_seat(name: str, seat: Any, players: int) -> int | None:
    """``seat`` if it is ``None`` or a seat number ``0 .. players - 1``; raises ``ValueError``."""
    return None if seat is None else whole_number(name, seat, 0, players - 1)


def summary(game: Game) -> dict:
    """Totals over the game for the end-of-game chart: one point per round or hand end (the
    entries carrying ``totals``), or per book laid in Go Fish. ``{"points": [[total per seat], …]}``."""
    points = [[0] * game.players]
    books = [0] * game.players
    for entry in game.history:
        if entry["type"] in ("round_end", "hand_end"):
            points.append(list(entry["totals"]))
        elif entry["type"] == "book":
            books[entry["seat"]] += 1
            points.append(list(books))
    return {"points": points}


_table: Table | None = None


def parse_options(game: str, items: dict[str, str], players: int | None = None) -> dict:
    """Typed options from ``name -> text`` pairs (e.g. ``{"expert": "1"}``), per the game's spec
    (:meth:`~pygame_core.engine.Option.parse`: numbers in ASCII digits within the option's range,
    a seat within ``players``, or within the game's largest player count when not given).
    Raises :class:`~pygame_core.InvalidOption` (a ``ValueError``) naming the option and the value."""
    cls = REGISTRY[game]
    spec = cls.all_options()
    options = {}
    for name, text in items.items():
        if name not in spec:
            raise InvalidOption(f"unknown option {shown(name)} for {game}; known: {', '.join(sorted(spec))}",
                                "option_unknown", {"name": shown(name), "game": game, "known": ", ".join(sorted(spec))})
        options[name] = spec[name].parse(name, text, players or cls.max_players)
    return options


def parse_query(query: str) -> dict:
    """A table config from a page URL's query string (the page contract of DESIGN.md).

    Returns ``{"game", "players", "seats", "seed", "options", "lang", "embed", "hints", "speed",
    "start"}``;
    ``start`` is true when the query names a game. A ``lang`` without a catalog does not fail: the
    config then has ``"lang": "en"`` and ``"notice": "lang"`` (catalog text ``notice.lang``), and
    every other parameter is used as usual. Raises ``ValueError`` with a readable message, also
    for a parameter or an option given twice (which one counts is not for the page to guess) and
    an ``embed`` or ``hints`` other than 1 or 0.
    """
    given = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    params = dict(given)
    if len(params) < len(given):
        twice = next(key for key in params if sum(k == key for k, _ in given) > 1)
        raise InvalidOption(f"{twice}: given twice; a link gives each setting once", "twice", {"name": twice})
    if params.get("embed", "0") not in ("0", "1"):
        raise InvalidOption(f"embed: expected 1 (an embedded table) or 0, got {shown(params['embed'])}",
                            "flag", {"name": "embed", "value": shown(params["embed"])})
    if params.get("hints", "1") not in ("0", "1"):
        raise InvalidOption(f"hints: expected 1 (the Hint button) or 0 (none), got {shown(params['hints'])}",
                            "flag", {"name": "hints", "value": shown(params["hints"])})
    config: dict[str, Any] = {"game": GAMES[0], "players": None, "seats": None, "seed": None,
                              "options": {}, "lang": "en", "embed": params.get("embed") == "1",
                              "hints": params.get("hints", "1") == "1",
                              "speed": None, "start": "game" in params}
    lang = params.get("lang", "en")
    if lang in translated():
        config["lang"] = lang
    else:
        config["notice"] = "lang"
    if "game" in params:
        if params["game"] not in GAMES:
            raise InvalidOption(f"game: unknown game {shown(params['game'])}; use one of {', '.join(GAMES)}",
                                "game", {"value": shown(params["game"])})
        config["game"] = params["game"]
    cls = REGISTRY[config["game"]]
    for key, low, high in (("players", cls.min_players, cls.max_players), ("seed", 0, MAX_SEED),
                           ("speed", 0, MAX_SPEED_MS)):
        if key in params:
            config[key] = whole_number(key, params[key], low, high, text=True)
    if "seats" in params:
        config["seats"] = [s.strip() for s in params["seats"].split(",")]
    if params.get("options"):
        pairs = {}
        for item in params["options"].split(","):
            name, sep, text = item.partition("=")
            if not sep:
                raise InvalidOption(f"options: expected name=value, got {shown(item)}", "option_pair", {"value": shown(item)})
            if name.strip() in pairs:
                raise InvalidOption(f"options: {shown(name.strip())} given twice; a link gives each option once",
                                    "option_twice", {"name": shown(name.strip())})
            pairs[name.strip()] = text.strip()
        config["options"] = parse_options(config["game"], pairs, config["players"])
    return config


def _check_seats(seats: Any, players: int) -> list[str]:
    if not isinstance(seats, list) or len(seats) != players:
        raise InvalidOption(f"seats: expected {players} entries (human or bot:<level>), got {shown(seats)}",
                            "seats_count", {"players": str(players), "value": shown(seats)})
    for kind in seats:
        if kind != "human" and not (isinstance(kind, str) and kind.startswith("bot:") and kind[4:] in LEVELS):
            raise InvalidOption(f"seats: {shown(kind)} is not human or bot:<level> with level one of {', '.join(LEVELS)}",
                                "seat", {"value": shown(kind), "levels": ", ".join(LEVELS)})
    return list(seats)


def start(config: dict) -> dict:
    """Start a new table from ``{"game", "players", "seats", "seed", "options", "lang", "hints"}``
    (``players``, ``seats``, ``seed`` and ``options`` may be missing or ``null``; missing seats
    are a human and medium bots, as on the start screen; ``hints``, true when missing, false
    turns the coach off for this game: :func:`coach` and :func:`coach_review` refuse). Raises
    ``ValueError`` naming the bad field."""
    global _table
    name = config.get("game")
    if name not in GAMES:
        raise ValueError(f"game: unknown game {shown(name)}")
    cls = REGISTRY[name]
    seats = config.get("seats")
    players = config.get("players")
    if players is None:
        players = len(seats) if isinstance(seats, list) and seats else cls.min_players + 1
    players = whole_number(f"players ({name})", players, cls.min_players, cls.max_players)
    if seats is None:  # as the start screen offers them: you against medium bots
        level = "medium" if "medium" in LEVELS else LEVELS[-1]
        seats = ["human"] + [f"bot:{level}"] * (players - 1)
    seats = _check_seats(seats, players)
    coach_on = config.get("hints", True)
    if type(coach_on) is not bool:
        raise ValueError(f"hints: expected true or false, got {shown(coach_on)}")
    options = config.get("options")
    game = new_game(name, players=players, seed=config.get("seed"), options={} if options is None else options)
    lang = config.get("lang", "en")
    catalog(lang)
    _table = Table(game, seats, lang, coach=coach_on)
    return _table.state()


def _require_table() -> Table:
    if _table is None:
        raise ValueError("no game is running")
    return _table


def _coaching_table() -> Table:
    """The running table, if the coach is on there (``ValueError`` if not, or if none runs)."""
    table = _require_table()
    if not table.coach:
        raise ValueError("the coach is off at this table: its game was started without hints")
    return table


def _refusal(table: Table, exc: IllegalAction) -> tuple[str, str]:
    """``(sentence in the table's language, reason key)`` for an illegal action."""
    return describe_reason(table.game.name, exc.key, exc.reason_args, table.names(), table.lang), exc.key


def _not_your_turn(table: Table) -> IllegalAction | None:
    seat = table.game.current_player
    if seat in table.bots:
        return IllegalAction("it is a bot's turn", key="illegal.not_your_turn",
                             reason_args={"seat": seat})
    return None


def act(action: str) -> dict:
    """Apply a human's action at the table. An illegal action changes nothing and answers
    ``{"ok": false, "error": <the reason in the table's language>, "code": <reason key>}``."""
    table = _require_table()
    try:
        refused = _not_your_turn(table)
        if refused:
            raise refused
        table.apply(action)
    except IllegalAction as exc:
        error, code = _refusal(table, exc)
        return {"ok": False, "error": error, "code": code}
    return {"ok": True}


def explain(action: str) -> dict:
    """Whether ``action`` would be legal for the human now, without changing the game:
    ``{"ok": true, "legal": bool, "reason": <why not, in the table's language> or null,
    "code": <reason key> or null}``."""
    table = _require_table()
    game = table.game
    refused = _not_your_turn(table)
    if refused is None:
        if isinstance(action, str) and action in game.legal_actions():
            return {"ok": True, "legal": True, "reason": None, "code": None}
        try:
            game.clone().apply(action)  # not legal, so this raises; the clone keeps the game safe
        except IllegalAction as exc:
            refused = exc
        else:
            raise RuntimeError(f"{action!r} was accepted but is not in legal_actions()")
    reason, code = _refusal(table, refused)
    return {"ok": True, "legal": False, "reason": reason, "code": code}


def bot_step(budget_ms: float | None = None) -> dict:
    """Let the bot whose turn it is think and move.

    Without ``budget_ms`` it thinks to the end. With it, it thinks for about that many
    milliseconds and answers ``{"done": false}`` when it has not decided yet, so the page can draw
    a frame and call again; the thought carries over as long as the game has not changed.
    """
    table = _require_table()
    game = table.game
    seat = game.current_player
    bot = table.bots.get(seat)
    if bot is None:
        raise ValueError("it is not a bot's turn")
    key = (id(game), len(game.actions))
    if table.thinking is None or table.thinking[0] != key:
        table.thinking = (key, bot.start(game, seat))
    thinker = table.thinking[1]
    action = thinker.choose() if budget_ms is None else thinker.step(budget_ms)
    if action is None:
        return {"ok": True, "done": False, "seat": seat, "bot_to_move": True}
    table.thinking = None
    table.apply(action)
    return {"ok": True, "done": True, "action": action, "seat": seat,
            "bot_to_move": table.game.current_player in table.bots}


def coach(budget_ms: float | None = None, iterations: int | None = None,
          time_ms: float | None = COACH_TIME_MS, seed: int | None = 0) -> dict:
    """The coach's advice for the seat to move (:func:`pygame_core.advise`, from that seat's view
    only): ``{"ok", "done": true, "seat", "best", "actions": [{"action", "label", "chance",
    "samples", "dominated", "as_good"}, …]}``, best first, then by chance those no other move
    dominates (``dominated`` false: the game's candidates, Adviser), then the rest, labelled in the
    table's language; ``as_good``: not shown worse than the best by two paired standard errors
    (Adviser.as_good: the hint says "not clearly better than"); and ``"why"`` (a sentence)
    where the game's bots tell what the table showed that makes the named move good (Go Fish: the
    seat asked is known to hold the rank, ``bots.go_fish.why``); it counts as one of that
    seat's hints. With ``budget_ms`` it thinks for about that long and answers ``{"ok", "done":
    false, "progress"}`` (a share from 0 to 1) until it is done, the thought carrying over as long
    as the game has not changed (a move or an undo starts afresh). ``time_ms`` caps the thinking
    (default :data:`COACH_TIME_MS`; ``None``: the iteration budget alone). ``ValueError`` when the
    game is over, the coach is off at this table (a game started with ``hints`` false), or for a
    bad ``iterations`` or ``time_ms``."""
    table = _coaching_table()
    game = table.game
    key = (id(game), len(game.actions))
    if table.advising is None or table.advising[0] != key:
        table.advising = (key, Adviser(game, None, iterations, time_ms, seed))
    adviser = table.advising[1]
    advice = adviser.advise() if budget_ms is None else adviser.step(budget_ms)
    if advice is None:
        return {"ok": True, "done": False, "progress": adviser.progress}
    table.advising = None
    table.hints[advice.seat] += 1
    names = table.names()
    # The named move first, then by chance those another move does not dominate, then the rest.
    nameable = adviser.nameable
    named = sorted(advice.ratings, key=lambda r: (r.action != advice.best, r.action not in nameable))
    reply = {"ok": True, "done": True, "seat": advice.seat, "best": advice.best,
             "actions": [{"action": r.action, "label": describe_action(game.name, r.action, names, table.lang),
                          "chance": r.chance, "samples": r.samples, "dominated": r.action not in nameable,
                          "as_good": adviser.as_good(r.action)}
                         for r in named]}
    why = getattr(HOOKS[game.name], "why", None)
    reason = why(game, advice.best) if why else None
    if reason:  # what the table showed that makes the move good, as a sentence
        reply["why"] = describe_reason(game.name, reason[0], reason[1], names, table.lang)
    return reply


def coach_review(seat: int | None = None, budget_ms: float | None = None, samples: int = REVIEW_SAMPLES,
                 seed: int = 0) -> dict:
    """The coach's review of ``seat``'s decisions (:func:`pygame_core.review`; default seat: the
    one human the table speaks to): ``{"ok", "done": true, "seat", "gap", "z", "reconsider_gap",
    "reconsider_z", "decisions": [{"step", "played", "played_label", "chance", "best",
    "best_label", "best_chance", "gap", "error", "mistake", "reconsider", "samples"}, …]}`` in the
    order they were made, labelled in the table's language; ``gap`` and ``z`` are the mistake
    threshold (MISTAKE_GAP) and its confidence (MISTAKE_Z standard errors), ``reconsider_gap`` and
    ``reconsider_z`` the smaller bar of a move to reconsider. With ``budget_ms`` it rates for about
    that long and answers ``{"ok", "done": false, "progress"}`` until done, carrying over while
    the game and the request stay the same. ``ValueError`` for a table with no such seat or no one
    to review (no human, or several: name the seat), the coach off at this table, bad ``samples``
    or ``seed``."""
    table = _coaching_table()
    game = table.game
    if seat is None:
        seat = table.you()
        if seat is None:
            raise ValueError("review: name the seat to review (the table has no single human)")
    key = (id(game), len(game.actions), seat, samples, seed)
    if table.reviewing is None or table.reviewing[0] != key:
        table.reviewing = (key, Reviewer(game, seat, samples, seed))
    reviewer = table.reviewing[1]
    result = reviewer.review() if budget_ms is None else reviewer.step(budget_ms)
    if result is None:
        return {"ok": True, "done": False, "progress": reviewer.progress}
    table.reviewing = None
    names = table.names()
    label = lambda action: describe_action(game.name, action, names, table.lang)  # noqa: E731
    return {"ok": True, "done": True, "seat": seat, "gap": MISTAKE_GAP, "z": MISTAKE_Z,
            "reconsider_gap": RECONSIDER_GAP, "reconsider_z": RECONSIDER_Z,
            "decisions": [{"step": d.step, "played": d.played, "played_label": label(d.played),
                           "chance": d.chance, "best": d.best, "best_label": label(d.best),
                           "best_chance": d.best_chance, "gap": d.gap, "error": d.error,
                           "mistake": d.mistake, "reconsider": d.reconsider, "samples": d.samples}
                          for d in result.decisions]}


class Refused(ValueError):
    """A save the page refuses. The message is one sentence for players, in their language
    (catalog ``save.why.<why>``); ``detail`` is the engine's own message naming the problem."""

    def __init__(self, error: InvalidSave, lang: str):
        super().__init__(catalog(lang if lang in LANGUAGES else "en")[f"save.why.{error.why}"])
        self.detail = str(error)


def _table_save(text: str) -> tuple[Game, list[str], str, list[int], bool]:
    """``(game, seats, lang, hints, coach)`` of a :meth:`Table.save_text` (a save without ``hints``
    or ``coach``, from before the coach, counts none and has it on); :class:`InvalidSave` if it is
    none."""
    if isinstance(text, str) and len(text) > MAX_SAVE_CHARS:
        raise InvalidSave(f"this save file is {len(text):,} characters long; the longest game fits "
                          f"in {MAX_SAVE_CHARS:,} (GEN-6)", "too_long")
    if not isinstance(text, str) or too_deep(text):
        raise InvalidSave("this is not a Tidepool save file", "not_save")
    try:
        data = json.loads(text)
    except ValueError as exc:
        if cut_short(text, exc, SAVE_KIND, SAVE_FORMAT):
            raise InvalidSave("the save is cut short: the text ends before its JSON does", "cut_short") from None
        raise InvalidSave("this is not a Tidepool save file (not JSON)", "not_save") from None
    if not isinstance(data, dict) or data.get("kind") != SAVE_KIND:
        raise InvalidSave("this is not a Tidepool save file", "not_save")
    game = load_game(json.dumps(data.get("game")))
    try:
        seats = _check_seats(data.get("seats"), game.players)
    except ValueError as exc:
        raise InvalidSave(f"the save's {exc}") from None
    hints = data.get("hints", [0] * game.players)
    if (not isinstance(hints, list) or len(hints) != game.players
            or any(type(n) is not int or not 0 <= n <= MAX_SEED for n in hints)):
        raise InvalidSave(f"the save's hints: expected {game.players} whole numbers, got {shown(hints)}")
    coach = data.get("coach", True)
    if type(coach) is not bool:
        raise InvalidSave(f"the save's coach: expected true or false, got {shown(coach)}")
    return game, seats, data.get("lang") if data.get("lang") in LANGUAGES else "en", hints, coach


def load(text: str, lang: str = "en") -> dict:
    """Resume a table from :meth:`Table.save_text`; the running table is kept if ``text`` is bad.

    Raises :class:`Refused` (a ``ValueError``) with a sentence in ``lang`` for players (not a
    save, another version, longer than any game (GEN-6), or damaged) and the engine's message in
    its ``detail``."""
    global _table
    try:
        game, seats, saved_lang, hints, coach = _table_save(text)
    except InvalidSave as exc:
        raise Refused(exc, lang) from None
    _table = Table(game, seats, saved_lang, hints, coach)
    return _table.state()


def playout_speed(name: str, seconds: float = 2.0) -> dict:
    """Random 4-player playouts of ``name`` through the public API for about ``seconds``:
    ``{"actions_per_second", "games"}`` (the same code measures CPython and the browser)."""
    if name not in GAMES:
        raise ValueError(f"unknown game {shown(name)}")
    rng = random.Random(0)
    end = time.perf_counter() + seconds
    actions = games = 0
    while time.perf_counter() < end:
        game = new_game(name, players=4, seed=games)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
        games += 1
    return {"ok": True, "actions_per_second": actions / seconds, "games": games}


def info(lang: str = "en") -> dict:
    """What the start screen offers: games with player ranges and options, bot levels, languages."""
    games = []
    for name in GAMES:
        cls = REGISTRY[name]
        options = [{"name": n, "default": o.default, "kind": "seat" if o.seat else o.kind.__name__,
                    "choices": list(o.choices) if o.choices else None, "minimum": o.minimum,
                    "maximum": o.maximum, "needs": o.needs}
                   for n, o in cls.all_options().items()]
        games.append({"name": name, "min_players": cls.min_players, "max_players": cls.max_players,
                      "options": options})
    return {"ok": True, "games": games, "levels": list(LEVELS), "languages": translated(),
            "catalog": catalog(lang)}


def _field(payload: dict, name: str, default: Any, what: str, null: bool = False) -> Any:
    """``payload[name]`` (``default`` when missing) if it is ``what``: ``"a string"``, ``"a
    number"`` (finite, not a bool) or, with ``null``, ``None``. Raises ``ValueError`` naming the
    field, what it takes and the value. Whole numbers go through ``whole_number`` instead."""
    value = payload.get(name, default)
    if value is None and null:
        return value
    if what == "a string" and isinstance(value, str):
        return value
    if (what == "a number" and type(value) in (int, float) and math.isfinite(value)
            and value >= 0):
        return value
    what += " from 0 up" if what == "a number" else ""
    raise ValueError(f"{name}: expected {what}{' or null' if null else ''}, got {shown(value)}")


COMMANDS = {
    "info": lambda p: info(_field(p, "lang", "en", "a string")),
    "parse_query": lambda p: {"ok": True, "config": parse_query(_field(p, "query", "", "a string"))},
    "start": start,
    "state": lambda p: _require_table().state(
        whole_number("log_from", p.get("log_from", 0)),
        whole_number("log_limit", p.get("log_limit", MAX_LOG), 1, MAX_LOG),
        **({"viewer": p["viewer"]} if "viewer" in p else {}),
        **({"lang": _field(p, "lang", "en", "a string")} if "lang" in p else {})),
    "undo": lambda p: (_require_table().undo(p.get("seat")), {"ok": True})[1],
    "replay": lambda p: _require_table().replay_state(
        p.get("step", 0), p.get("viewer"), whole_number("log_limit", p.get("log_limit", MAX_LOG), 1, MAX_LOG),
        p.get("moves", False) is True),
    "act": lambda p: act(_field(p, "action", None, "a string")),
    "explain": lambda p: explain(_field(p, "action", None, "a string")),
    "bot_step": lambda p: bot_step(_field(p, "budget_ms", None, "a number", null=True)),
    "advise": lambda p: coach(
        _field(p, "budget_ms", None, "a number", null=True),
        None if p.get("iterations") is None else whole_number("iterations", p["iterations"], 1, MAX_COACH_ITERATIONS),
        _field(p, "time_ms", COACH_TIME_MS, "a number", null=True),
        whole_number("seed", p.get("seed", 0))),
    "review": lambda p: coach_review(
        None if p.get("seat") is None else whole_number("seat", p["seat"], 0, 5),
        _field(p, "budget_ms", None, "a number", null=True),
        whole_number("samples", p.get("samples", REVIEW_SAMPLES), 1, MAX_COACH_ITERATIONS),
        whole_number("seed", p.get("seed", 0))),
    "playout_speed": lambda p: playout_speed(_field(p, "game", None, "a string"),
                                             min(10.0, _field(p, "seconds", 2, "a number"))),
    "save": lambda p: {"ok": True, "text": _require_table().save_text()},
    "load": lambda p: load(_field(p, "text", None, "a string"), _field(p, "lang", "en", "a string")),
}


def call(command: str, payload: str = "{}") -> str:
    """Run ``command`` with the JSON ``payload`` (an object text; empty means ``{}``); always
    returns JSON, never raises.

    Errors come back as ``{"ok": false, "error": message}``: a ``ValueError`` (bad input, illegal
    action, a payload that is not a JSON object or a field of the wrong type) with its own message
    naming the problem; a refused save with a sentence for players and the engine's message in
    ``"detail"``; anything else as an internal error with its trace in ``"detail"``. A bad setting
    (an :class:`InvalidOption` with a ``why``: a link's parameter, an option, the seats) also
    gives ``"key"`` (``link.<why>``) and ``"args"``, and where the payload names a ``lang`` its
    ``"error"`` is that sentence in that language (the developer's message is then in ``"detail"``).
    """
    data = None
    try:
        handler = COMMANDS.get(command) if isinstance(command, str) else None
        if handler is None:
            raise ValueError(f"unknown command {shown(command)}; known: {', '.join(sorted(COMMANDS))}")
        if payload is not None and not isinstance(payload, str):
            raise ValueError(f"{command}: the payload must be JSON text, got {shown(payload)}")
        try:
            data = json.loads(payload or "{}")
        except (ValueError, RecursionError) as exc:
            raise ValueError(f"{command}: the payload is not JSON ({exc})") from None
        if not isinstance(data, dict):
            raise ValueError(f"{command}: the payload must be a JSON object, got {shown(data)}")
        result = handler(data)
    except InvalidOption as exc:
        result = {"ok": False, "error": str(exc)}
        if exc.why:
            result.update(key=f"link.{exc.why}", args=exc.params)
            lang = data.get("lang") if isinstance(data, dict) else None
            if lang in LANGUAGES:
                result.update(error=catalog(lang)[f"link.{exc.why}"].format_map(exc.params), detail=str(exc))
    except ValueError as exc:
        result = {"ok": False, "error": str(exc), **({"detail": exc.detail} if isinstance(exc, Refused) else {})}
    except Exception as exc:  # the page must get a message, never a dead end
        result = {"ok": False, "error": f"internal error: {exc}", "detail": traceback.format_exc()}
    return json.dumps(result)
