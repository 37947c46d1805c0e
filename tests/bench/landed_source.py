"""The rules and bots as they landed in commit ee57367, before the fast search path, taken from git
for the benchmarks that measure the current search against them in the same run
(``search_speed.py``, ``browser_search.py``, ``bot_habits.py``). They are imported as the package
``landed``; nothing of them is kept in the tree or shipped in the wheel.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LANDED = "ee57367"
PARTS = ("engine.py", "errors.py", "games", "bots")  # what the landed search imports
INIT = '"""The engine\'s rules and bots as landed in commit ee57367 (benchmarks only)."""\n'


def landed_files() -> list[tuple[str, str]]:
    """``[(path under landed/, text), ...]`` of the landed engine, read from git."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True,
                              text=True).stdout

    names = git("ls-tree", "-r", "--name-only", LANDED, *(f"pygame_core/{p}" for p in PARTS)).split()
    files = [("landed/__init__.py", INIT)]
    for name in names:
        if name.endswith(".py"):
            files.append(("landed/" + name.removeprefix("pygame_core/"), git("show", f"{LANDED}:{name}")))
    return files


def install() -> Path:
    """Write the landed engine into a temporary folder and put it on ``sys.path``; return it."""
    folder = Path(tempfile.mkdtemp(prefix="tidepool-landed-"))
    for name, text in landed_files():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    sys.path.insert(0, str(folder))
    return folder
