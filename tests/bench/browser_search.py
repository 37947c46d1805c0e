"""Hard bot search speed in the browser (prints figures, asserts nothing): the figures of
``search_speed.py`` measured inside Pyodide in headless Chromium, timed by the page's clock.

A blank page on the built site's own origin loads the vendored Pyodide (``dist/site/pyodide``),
gets this checkout's ``pygame_core`` sources, the landed engine (``landed_source.py``, from git)
and ``search_speed.py`` written into its file system, and runs ``search_speed.measure`` there:
iterations per second now and as landed (ee57367) on the same positions in the same run, their
ratio, and how many iterations the anytime hard bot runs within the 250 ms cap in the page, as
a multiple of the game's fixed budget.

Run through `python3 build.py bench` (it builds first), or directly after a build:
python3 tests/bench/browser_search.py [POSITIONS [ITERATIONS]]   (default 8 100)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

sys.path.insert(0, str(ROOT / "tests" / "bench"))
import landed_source  # noqa: E402

TIMEOUT_MS = 1_200_000
BLANK = "/bench-blank.html"

BOOT = """async () => {
  const { loadPyodide } = await import("/pyodide/pyodide.mjs");
  window.__py = await loadPyodide({ indexURL: "/pyodide/" });
  return window.__py.version;
}"""

WRITE = """([files]) => {
  const py = window.__py;
  try { py.FS.mkdir("/bench"); } catch (e) { /* exists */ }
  for (const [path, text] of files) {
    const parts = path.split("/");
    let dir = "/bench";
    for (const part of parts.slice(0, -1)) {
      dir += "/" + part;
      try { py.FS.mkdir(dir); } catch (e) { /* exists */ }
    }
    py.FS.writeFile("/bench/" + path, text);
  }
}"""

RUN = """([name, players, count, iterations]) => window.__py.runPython(`
import json, sys
sys.path[:0] = ["/bench", "/bench/tests/bench"]
import search_speed
search_speed.CLOCK = "wall"
json.dumps(search_speed.measure("${name}", ${players}, ${count}, ${iterations}))
`)"""


def sources() -> list[tuple[str, str]]:
    """Every file the measurement imports, as (path relative to the checkout, text)."""
    files = [p for p in (ROOT / "pygame_core").rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    files.append(ROOT / "tests" / "bench" / "search_speed.py")
    landed = [(f"tests/bench/{name}", text) for name, text in landed_source.landed_files()]
    return [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8")) for p in files] + landed


def main() -> int:
    from playwright.sync_api import sync_playwright

    import pygame_core as pc
    sys.path.insert(0, str(ROOT / "tests" / "bench"))
    import search_speed

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    with build.serving(build.SITE) as base:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(build.CHROMIUM),
                                                 headless=True, args=list(build.CHROMIUM_ARGS))
            context = browser.new_context(service_workers="block", bypass_csp=True)
            page = context.new_page()
            page.route(f"{base}{BLANK}", lambda route: route.fulfill(
                status=200, content_type="text/html", body="<!doctype html><title>bench</title>"))
            page.goto(f"{base}{BLANK}")
            version = page.evaluate(BOOT)
            page.evaluate(WRITE, [sources()])
            search_speed.CLOCK = "wall"
            print(search_speed.header(f"Chromium, Pyodide {version}", count, iterations))
            for name in pc.GAMES:
                for players in search_speed.PLAYER_COUNTS:
                    page.set_default_timeout(TIMEOUT_MS)
                    m = json.loads(page.evaluate(RUN, [name, players, count, iterations]))
                    print(search_speed.row(name, players, m), flush=True)
            context.close()
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
