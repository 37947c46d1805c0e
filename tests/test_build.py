"""The wheel the browser runs (build.py): within its budget, without the page-only files, and the
same engine as the source tree: a game played from the wheel equals the one played from source."""

import json
import subprocess
import sys
import zipfile

import pytest

import build

PLAY = """
import json, random, sys
import pygame_core as pc
from pygame_core.bots import make_bot
out = []
for name in pc.GAMES:
    game = pc.new_game(name, players=3, seed=5)
    rng, bot = random.Random(5), make_bot("medium", seed=5)
    while not game.is_over:
        seat = game.current_player
        game.apply(bot.choose(game, seat) if seat == 0 else rng.choice(game.legal_actions()))
    out.append([name, game.winners, game.totals, game.to_json()])
print(json.dumps([pc.__file__.split("pygame_core")[0], out]))
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    return build.build_wheel(tmp_path_factory.mktemp("wheel"))


def test_wheel_within_budget_and_without_page_only_files(wheel):
    """DESIGN.md: the engine wheel under 100 KB; rules texts and demos ship as static site files."""
    assert wheel.stat().st_size < build.WHEEL_BUDGET
    names = zipfile.ZipFile(wheel).namelist()
    assert "pygame_core/games/snorkeling.py" in names and "pygame_core/locales/ar.json" in names
    assert not [n for n in names if n.endswith((".rules.json", ".demos.json", "/demos.py"))]
    source = zipfile.ZipFile(wheel).read("pygame_core/engine.py").decode()
    assert '"""' not in source.split("\n", 3)[0]  # docstrings are left out of the shipped code


def test_wheel_plays_exactly_like_the_source(wheel, tmp_path):
    """GEN-1: the same seeds and choices give the same games from the wheel as from the source."""
    zipfile.ZipFile(wheel).extractall(tmp_path / "site-packages")
    runs = []
    for path in (tmp_path / "site-packages", build.ROOT):
        result = subprocess.run([sys.executable, "-c", PLAY], cwd=tmp_path, check=True, text=True,
                                capture_output=True, env={"PYTHONPATH": str(path)})
        runs.append(json.loads(result.stdout))
    (from_wheel, games_wheel), (from_source, games_source) = runs
    assert from_wheel.startswith(str(tmp_path)) and from_source.startswith(str(build.ROOT))
    assert games_wheel == games_source
    assert [g[0] for g in games_wheel] == ["snorkeling", "go_fish", "enemy_anemone"]
