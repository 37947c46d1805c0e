"""Rules demos: a guided walk through each game, built by really playing stacked-deck games.

A demo is data (:data:`DEMOS`): a list of *scenes*. A scene is one game: player count, options,
seed, and a stacked deck (GEN-2) written as the hands dealt (seat by seat, dealt round-robin from
seat 0, GEN-3) plus the cards that come next, top first (Snorkeling's first centre card, then the
draw pile; the Go Fish stock; the Enemy Anemone stock). The rest of the deck follows in a fixed
order. A scene's steps each name:

- ``id``: the caption is the catalog text ``demo.<game>.<id>`` (``locales/<lang>.demos.json``),
  with ``{p0}``, ``{p1}`` ... replaced by the players' names and ``{total0}`` ... by their totals;
- ``actions``: the actions applied next, on top of the scene's earlier steps (RULES.md notation);
- ``seat``: whose view is shown (``None``: a spectator's);
- ``highlight``: what the page marks: a card (``"B3"``: every element showing it), ``"seat:N"``
  (seat N's box), ``"score:N"`` (seat N's score) or ``"rank:R"`` (Go Fish: the rank's cards in
  hand and its book);
- ``moves`` (optional, default false): also hand the shown seat's legal moves to the page, so the
  table marks the cards that may be played.

:func:`build_demo` plays every step on a real engine game, so a demo can never show a position the
rules do not allow: an action that is not legal raises :class:`~pygame_core.IllegalAction`.
:func:`demo_steps` lists each step fully expanded (players, options, seed, deck, every action from
the scene's start) for tests and for anyone who wants to replay one.
"""

from __future__ import annotations

from . import new_game
from .describe import catalog, log_items, move_items
from .engine import Game
from .engine import stacked_deck as engine_stacked_deck

DEMO_SEED = 1  # the shuffles after the stacked first round (e.g. Snorkeling's round 2), GEN-1


def _scene(players: int, hands: list[list[str]], steps: list[dict], then: tuple = (),
           options: dict | None = None) -> dict:
    return {"players": players, "options": {"first_player": 0, **(options or {})}, "seed": DEMO_SEED,
            "hands": hands, "then": list(then), "steps": steps}


def _step(key: str, seat: int | None, actions: tuple | list = (), highlight: tuple | list = (),
          moves: bool = False) -> dict:
    return {"id": key, "seat": seat, "actions": list(actions), "highlight": list(highlight),
            "moves": moves}


# Seat 0 is Marina, seat 1 Finn, seat 2 Coral (catalog keys demo.name.0 ...).
DEMOS: dict[str, list[dict]] = {
    "snorkeling": [
        _scene(3, hands=[["G3", "O3", "O4", "O1", "B4"],
                         ["P4", "O2", "O0", "O3", "O4"],
                         ["O0", "G4", "B1", "P1", "Y1"]],
               # the centre card, then the draw pile in the order the turns below draw it
               then=("Y2", "Y4", "O1", "G2", "G3", "P3", "Y3", "B0", "Y2", "B1", "G1", "P1",
                     "P2", "O0", "B2", "Y0", "G0"),
               steps=[
                   _step("setup", 0, highlight=("L5", "Y2")),
                   _step("higher", 0, ["center G3"], ("G3",), moves=True),
                   _step("draw", 0, ["end"], ("Y4",)),
                   _step("ray", 1, ["center P4"], ("P4",)),
                   _step("wrap", 2, ["end", "center O0"], ("O0",)),
                   _step("colour", 0, ["end"], ("O0", "O1", "O3", "O4"), moves=True),
                   _step("run", 0, ["center O3", "center O4", "center O1"], ("O1", "B4", "Y4"),
                         moves=True),
                   _step("place", 0, ["place B4 1"], ("B4",)),
                   _step("ruling", 1, ["center O2"], ("O2",), moves=True),
                   _step("empty", 1, ["center O0", "center O3", "center O4", "center O1", "end"],
                         ("B4", "P3"), moves=True),
                   _step("takeback", 1, ["takeback"], ("B4", "seat:1")),
                   _step("later", 0, [
                       "center G2", "place G4 0",                   # Coral
                       "center G3", "place Y4 2", "keep",           # Marina
                       "center B4", "place P3 2",                   # Finn
                       "pass",                                      # Coral
                       "center B0", "place Y2 2", "keep",           # Marina
                       "center B1", "place G1 2",                   # Finn
                       "pass",                                      # Coral
                       "center P2",                                 # Marina
                   ], ("O0", "G1", "G4"), moves=True),
                   _step("score", 0, ["place O0 2"], ("score:0", "score:1", "score:2")),
               ]),
        _scene(2, options={"expert": True},
               hands=[["B3", "G4", "G1", "Y2", "P0"], ["O1", "O2", "O3", "P1", "P2"]],
               then=("B2",),
               steps=[
                   _step("expert", 0, ["center B3", "center G4", "center G1", "center Y2"], ("Y2",),
                         moves=True),
               ]),
    ],
    "go_fish": [
        _scene(3, hands=[["7H", "KD", "3S", "9D", "QC"],
                         ["7S", "7D", "2C", "5S", "JC"],
                         ["7C", "4D", "2H", "5H", "JD"]],
               then=("8C", "4S"),  # the top of the stock
               steps=[
                   _step("setup", 0, highlight=("7H",), moves=True),
                   _step("catch", 0, ["ask 1 7"], ("7H", "7S", "7D"), moves=True),
                   _step("go_fish", 0, ["ask 2 K"], ("8C", "KD")),
                   _step("lucky", 2, ["ask 1 4"], ("4S", "4D"), moves=True),
                   _step("book", 2, ["ask 0 7"], ("rank:7",), moves=True),
                   _step("end", 2, ["ask 1 2", "ask 1 5", "ask 1 J"], ("seat:1", "rank:7")),
               ]),
        _scene(3, options={"ask_card": True},
               hands=[["QH", "QD", "5C", "8H", "AS"],
                      ["QS", "3C", "6D", "9S", "KH"],
                      ["2D", "4C", "TH", "JS", "7D"]],
               then=("5H",),
               steps=[
                   _step("exact", 0, ["ask 1 QS"], ("QS", "QH", "QD"), moves=True),
               ]),
    ],
    "enemy_anemone": [
        _scene(3, hands=[["O7", "J3", "O4", "S8", "O1", "O10", "S1", "S3", "S4", "S10"],
                         ["J4", "O6", "J2", "J1", "J5", "J6", "J8", "O9", "O3", "J9"],
                         ["S2", "S6", "J7", "O8", "O2", "O5", "J10", "S5", "S7", "S9"]],
               steps=[
                   _step("setup", 0),
                   _step("lead", 0, ["play O7"], ("O7",)),
                   _step("follow", 2, ["play J4"], ("O7", "J4"), moves=True),
                   _step("trick", 0, ["play S2"], ("O7", "S2")),
                   _step("anemone", 2, ["play J3", "play O6", "play S6 +1"], ("S6", "O6")),
                   _step("must_discard", 1, ["play J7", "play O4"], ("J7", "O4"), moves=True),
                   _step("discard", 0, ["discard J1"], ("J7", "O4")),
                   _step("tie", 0, ["play O8", "play S8", "play J2"], ("O8", "S8", "J2")),
                   _step("hand_end", 0, [
                       "play O1", "play J5", "play S5", "play J10", "play O10", "discard J6",
                       "play S1", "play J8", "play O2", "play J9", "play O5", "play S10",
                       "play S3", "play O3", "discard S7", "play O9", "play S9", "discard S4",
                   ], ("score:0", "score:1", "score:2")),
               ]),
        _scene(2, hands=[["O5", "S3", "O2", "O9", "J2", "J9", "S6", "R4"],
                         ["J7", "R9", "O3", "O8", "J3", "S2", "S9", "R6"]],
               then=("R2", "R3", "J4", "S4"),  # the stock: the trick's winner draws first
               steps=[
                   _step("two_players", 0, ["play O5", "play J7"], ("O5", "J7"), moves=True),
                   _step("two_trick", 0, ["play S3", "play R9"], ("S3", "R9", "J4", "S4")),
               ]),
    ],
}


def stacked_deck(game: str, players: int, options: dict, hands: list[list[str]],
                 then: list[str]) -> list[str]:
    """The full deck, top first, that deals ``hands`` (GEN-3) and then turns up / leaves on top
    ``then``; the game's other cards follow in sorted order. Raises ``ValueError`` if a card is
    used more often than the deck holds it or the hands differ in size."""
    if len(hands) != players:
        raise ValueError(f"demo {game}: expected {players} hands")
    try:
        return engine_stacked_deck(new_game(game, players, seed=0, options=options).full_deck(), hands, then)
    except ValueError as exc:
        raise ValueError(f"demo {game}: {exc}") from None


def demo_steps(name: str) -> list[dict]:
    """Every step of demo ``name`` fully expanded: ``{"game", "scene", "id", "players", "options",
    "seed", "deck", "actions" (all from the scene's start), "seat", "highlight", "moves",
    "caption"}`` (``caption`` is the catalog key). Raises ``ValueError`` for an unknown demo."""
    if name not in DEMOS:
        raise ValueError(f"demo: unknown game {name!r}; use one of {', '.join(DEMOS)}")
    out = []
    for number, scene in enumerate(DEMOS[name]):
        deck = stacked_deck(name, scene["players"], scene["options"], scene["hands"], scene["then"])
        actions: list[str] = []
        for step in scene["steps"]:
            actions = actions + step["actions"]
            out.append({"game": name, "scene": number, "id": step["id"], "players": scene["players"],
                        "options": dict(scene["options"]), "seed": scene["seed"], "deck": list(deck),
                        "actions": list(actions), "seat": step["seat"],
                        "highlight": list(step["highlight"]), "moves": step["moves"],
                        "caption": f"demo.{name}.{step['id']}"})
    return out


def _fill(text: str, args: dict) -> str:
    for key, value in args.items():
        text = text.replace("{" + key + "}", str(value))
    return text


def _snapshot(game: Game, spec: dict, names: list[str], lang: str, log_from: int) -> dict:
    cat = catalog(lang)
    seat = spec["seat"]
    view = game.view(seat)
    moves = []
    if spec["moves"]:
        moves = move_items(game.name, view["legal_actions"], names, lang)
    else:
        view["legal_actions"] = []
    log = log_items(game, 0, names, lang)
    args = {f"p{s}": n for s, n in enumerate(names)}
    args.update({f"total{s}": t for s, t in enumerate(game.totals)})
    key = spec["caption"]
    return {"id": spec["id"], "scene": spec["scene"], "caption_key": key,
            "caption": _fill(cat.get(key, key), args), "highlight": list(spec["highlight"]),
            "view": view, "viewer": seat, "names": names, "seats": ["human"] * game.players,
            "moves": moves, "log": log, "log_from": log_from, "log_size": len(game.history),
            "seed": game.seed}


def build_demo(name: str, lang: str = "en") -> dict:
    """Demo ``name`` as the page shows it: ``{"game", "title", "steps"}``, each step
    ``{"id", "caption", "caption_key", "highlight", "view", "viewer", "names", "seats", "moves",
    "log", "log_from", "log_size", "scene", "seed"}``. ``log`` is the whole public history of the
    step's game as sentences (``{"i", "type", "text"}``); the entries from ``log_from`` on are what
    this step's actions did. Every action is applied to a real game (GEN-2), so an illegal one
    raises ``IllegalAction``; an unknown demo or language raises ``ValueError``."""
    if name not in DEMOS:
        raise ValueError(f"demo: unknown game {name!r}; use one of {', '.join(DEMOS)}")
    cat = catalog(lang)
    steps = []
    game: Game | None = None
    scene = -1
    for spec in demo_steps(name):
        if spec["scene"] != scene:
            scene = spec["scene"]
            game = new_game(name, spec["players"], seed=spec["seed"], options=spec["options"],
                            deck=spec["deck"])
            done = 0
        names = [cat.get(f"demo.name.{s}", f"Player {s + 1}") for s in range(spec["players"])]
        log_from = len(game.history)
        for action in spec["actions"][done:]:
            game.apply(action)
        done = len(spec["actions"])
        steps.append(_snapshot(game, spec, names, lang, log_from))
    return {"game": name, "title": cat.get(f"demo.{name}.title", name), "steps": steps}


def visible(name: str, step: dict) -> set[str]:
    """The highlight tokens that step (an item of ``build_demo(name)["steps"]``) can show: the
    cards its table draws face up for the shown seat, every ``seat:N`` and ``score:N``, and for
    Go Fish ``rank:R`` for ranks in that hand or in a book."""
    view = step["view"]
    seats = range(view["players"])
    tokens = {f"seat:{s}" for s in seats} | {f"score:{s}" for s in seats}
    cards = set(view["hand"])
    if name == "snorkeling":
        cards.add(view["center_top"])
        cards.update(card for pile in view["piles"] for card in pile)
    elif name == "go_fish":
        tokens.update(f"rank:{card[0]}" for card in view["hand"])
        tokens.update(f"rank:{rank}" for books in view["books"] for rank in books)
    elif name == "enemy_anemone":
        cards.update(entry["card"] for entry in view["trick"])
        if view["last_trick"]:
            cards.update(entry["card"] for entry in view["last_trick"]["trick"])
    return tokens | cards


__all__ = ["DEMOS", "build_demo", "demo_steps", "stacked_deck", "visible"]
