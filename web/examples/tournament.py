"""A bot tournament run in the page with the Tidepool engine (``import pygame_core``), its result
drawn as a table. PyScript runs this file on the page (tournament.html) after micropip has installed
the engine wheel that tournament.toml names.

Each deal is played once per rotation of the seats, so seat order and deal luck cancel out; a tie
shares the win between the tied seats, as `python -m pygame_core tournament` counts it.
"""

import asyncio

from pyscript import document, when

import pygame_core as pc
from pygame_core.bots import make_bot


def play(game_name: str, levels: list[str], deal: int, rotation: int) -> list[float]:
    """Play one game of ``levels`` (one per entry) with the seats rotated by ``rotation``; return
    each entry's share of the win."""
    players = len(levels)
    game = pc.new_game(game_name, players=players, seed=deal)
    entry_at = [(seat - rotation) % players for seat in range(players)]  # seat -> entry
    bots = [make_bot(levels[entry_at[seat]], seed=deal * 16 + seat) for seat in range(players)]
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))
    share = [0.0] * players
    for seat in game.winners:
        share[entry_at[seat]] += 1 / len(game.winners)
    return share


def cell(row, text: str, header: bool = False) -> None:
    element = document.createElement("th" if header else "td")
    element.textContent = text
    row.append(element)


def draw(levels: list[str], shares: list[float], played: int, total: int) -> None:
    """Redraw the results table: one row per entry, its wins and win rate so far."""
    body = document.querySelector("#results tbody")
    body.replaceChildren()
    for entry, level in enumerate(levels):
        row = document.createElement("tr")
        cell(row, f"{entry + 1}. {level}", header=True)
        cell(row, f"{shares[entry]:g}")
        cell(row, f"{100 * shares[entry] / played:.1f}%" if played else "–")
        body.append(row)
    document.querySelector("#status").textContent = (
        f"{played} of {total} games played" if played < total else f"Done: {total} games")


@when("submit", "#setup")
def run(event) -> None:
    """Start the tournament the form describes (the form itself is not sent anywhere)."""
    event.preventDefault()
    asyncio.ensure_future(tournament(document.querySelector("#setup")))


async def tournament(form) -> None:
    """Play the tournament ``form`` describes, a game at a time, redrawing the table after each."""
    game_name = form.elements.namedItem("game").value
    levels = [form.elements.namedItem("first").value, form.elements.namedItem("second").value]
    text = form.elements.namedItem("deals").value
    if not (text.isdigit() and 1 <= int(text) <= 200):
        document.querySelector("#status").textContent = "Deals: a whole number from 1 to 200."
        return
    deals = int(text)
    total = deals * len(levels)
    shares = [0.0] * len(levels)
    form.elements.namedItem("run").disabled = True
    try:
        played = 0
        for deal in range(deals):
            for rotation in range(len(levels)):
                for entry, share in enumerate(play(game_name, levels, deal, rotation)):
                    shares[entry] += share
                played += 1
                draw(levels, shares, played, total)
                await asyncio.sleep(0)  # let the page paint between games
    finally:
        form.elements.namedItem("run").disabled = False


document.querySelector("#status").textContent = "Ready: choose and press Run."
document.querySelector("#setup").elements.namedItem("run").disabled = False
document.documentElement.dataset.state = "ready"
