"""Start-up benchmark (prints figures, asserts nothing): the app against a bare loadPyodide() page.

Run through `python3 build.py bench` (it builds first and runs this with .venv's Python).

Figures, each the median of RUNS and a ratio to the bare page in the same run, cold (a fresh
browser context: empty HTTP cache, no service worker) and warm (the second visit in a context whose
service worker has installed; the bare page's second visit uses the HTTP cache):
  - start screen usable: navigation -> <html data-state="ready"> (index.html with no parameters);
  - preset link playable: navigation -> the first [data-legal] element of a human's turn
    (index.html?game=snorkeling&seats=human,...); a cold visit's engine restores the build's memory
    snapshot (dist/site/snapshot.bin), a warm visit's the one its first visit stored in the Cache
    API (web/interpreter.mjs), and the bench prints how many did;
  - the bare page: navigation -> loadPyodide() resolved.
The bare page is generated into dist/bench/ and loads the same vendored Pyodide from dist/site/;
both are served by the same server, whose root is dist/.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

RUNS = 5
TIMEOUT_MS = 120_000

BARE_PAGE = """<!doctype html>
<html lang="en" data-state="loading">
<head><meta charset="utf-8"><title>bare loadPyodide()</title><link rel="icon" href="data:,"></head>
<body>
<p>bare loadPyodide() page (benchmark baseline)</p>
<script type="module">
import { loadPyodide } from "../site/pyodide/pyodide.mjs";
try {
  await loadPyodide({ indexURL: "../site/pyodide/" });
  document.documentElement.dataset.state = "ready";
} catch (error) {
  console.error(error);
  document.documentElement.dataset.state = "error";
}
</script>
</body>
</html>
"""

PRESET = "game=snorkeling&players=3&seats=human,bot:random,bot:random&seed=1&options=first_player=0"

# Runs in every document before its own scripts: note when the page reaches the awaited point
# (data-state "ready", or the first [data-legal] element).
RECORD = """
window.__benchMark = (at) => { if (window.__benchDoneAt === undefined) window.__benchDoneAt = at; };
new MutationObserver(() => {
  const h = document.documentElement;
  if (!h) return;
  const want = window.__benchWant || "ready";
  if (h.dataset.state === "error") window.__benchMark(-1);
  else if (want === "ready" && h.dataset.state === "ready") window.__benchMark(performance.now());
  else if (want === "legal" && document.querySelector("[data-legal]")) window.__benchMark(performance.now());
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-state", "data-legal"] });
"""


WORKER_SETTLED = """async () => {
  const registration = await navigator.serviceWorker?.getRegistration();
  return !registration || registration.active?.state === "activated";
}"""


BOOTS: list[str] = []  # how each preset visit's engine started: "fresh" or "snapshot"
STEPS: list[dict] = []  # each preset visit's start steps: {mark name: ms since navigation}

# The engine's start, step by step (web/engine.js marks them): what each costs on a preset link.
STEP_MARKS = """() => Object.fromEntries(performance.getEntriesByType("mark")
  .filter((m) => m.name.startsWith("tidepool:")).map((m) => [m.name.slice(9), m.startTime]))"""
STEP_NAMES = (("start", "page scripts, until engine.js runs"),
              ("worker", "PyScript: core, config, its worker"),
              ("runtime", "Pyodide: restored from the snapshot"),
              ("packages", "micropip: loaded, engine requirement"),
              ("ready", "web/engine.py run, engine answers"),
              ("legal", "the table: new game, first draw"))

# The app's engine worker stores Pyodide's memory snapshot in the Cache API after its first boot
# (web/interpreter.mjs); a warm visit restores it. A cold context's Cache API is empty, so a cold
# visit that restores has restored the build's snapshot file.
SNAPSHOT_STORED = """async () => {
  if (document.documentElement.dataset.engine !== "ready") return false;
  const cache = await caches.open("tidepool-snapshot");
  return (await cache.keys()).length > 0;
}"""


def visit(context, url: str, want: str, settle: bool = False) -> float:
    """Milliseconds from navigation start until `want` ("ready" or "legal") in a new page; with
    `settle`, also wait until the page's service worker (if it has one) is active."""
    page = context.new_page()
    try:
        page.add_init_script(f"window.__benchWant = {want!r};")
        page.goto(url)
        page.wait_for_function("window.__benchDoneAt !== undefined", timeout=TIMEOUT_MS)
        elapsed = page.evaluate("window.__benchDoneAt")
        if elapsed < 0:
            raise RuntimeError(f"{url} ended in data-state=error")
        if want == "legal":
            BOOTS.append(page.evaluate("document.documentElement.dataset.engineBoot"))
            STEPS.append({**page.evaluate(STEP_MARKS), "legal": elapsed})
        if settle:
            page.wait_for_timeout(300)  # the app registers its worker once the start screen is up
            page.wait_for_function(WORKER_SETTLED, timeout=TIMEOUT_MS)
            if "index.html" in url:  # the engine stores its memory snapshot once it is up
                page.wait_for_function(SNAPSHOT_STORED, timeout=TIMEOUT_MS)
        return elapsed
    finally:
        page.close()


def time_page(browser, url: str, want: str, warm: bool) -> float:
    """One measurement in a fresh context; warm: the second visit, after the first one installed
    the service worker (the bare page has none: its second visit uses the HTTP cache)."""
    context = browser.new_context(service_workers="allow" if warm else "block", bypass_csp=True)
    context.add_init_script(RECORD)
    try:
        if warm:
            visit(context, url, want, settle=True)
        return visit(context, url, want)
    finally:
        context.close()


def describe(label: str, times: list[float], bare: float) -> str:
    runs = ", ".join(f"{t:.0f}" for t in times)
    median = statistics.median(times)
    return f"  {label:<40} median {median:6.0f} ms  {median / bare:5.2f}x bare   (runs: {runs})"


def describe_steps(visits: list[dict], bare: float) -> str:
    """Each step's median duration (from the step before) across `visits`, and its share of the
    bare page's time."""
    lines, before = [], "navigation"
    previous = [0.0] * len(visits)
    for name, meaning in STEP_NAMES:
        ends = [visit.get(name) for visit in visits]
        if None in ends:
            lines.append(f"    {name:<9} (not marked)")
            continue
        median = statistics.median(end - start for end, start in zip(ends, previous))
        lines.append(f"    {before + ' -> ' + name:<24} {median:6.0f} ms  {median / bare:5.2f}x   {meaning}")
        previous, before = ends, name
    return "\n".join(lines)


def main() -> int:
    from playwright.sync_api import sync_playwright

    if not (build.SITE / "index.html").is_file():
        print("startup: dist/site/index.html does not exist (no front end yet); skipped")
        return 1
    bench_dir = build.DIST / "bench"
    bench_dir.mkdir(parents=True, exist_ok=True)
    (bench_dir / "bare.html").write_text(BARE_PAGE)

    server, base = build.start_server(build.DIST, quiet=True)
    bare_url, app_url = f"{base}/bench/bare.html", f"{base}/site/index.html"
    cases = {}
    for warm in (False, True):
        kind = "warm" if warm else "cold"
        cases[f"bare loadPyodide(), {kind}"] = (bare_url, "ready", warm)
        cases[f"start screen usable, {kind}"] = (app_url, "ready", warm)
        cases[f"preset link playable, {kind}"] = (f"{app_url}?{PRESET}", "legal", warm)
    times: dict[str, list[float]] = {label: [] for label in cases}
    boots: dict[str, list[str]] = {label: [] for label in cases}
    steps: dict[str, list[dict]] = {label: [] for label in cases}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(build.CHROMIUM),
                                                 headless=True, args=list(build.CHROMIUM_ARGS))
            for url, want, warm in cases.values():  # warm-up: OS file cache, compiled code
                time_page(browser, url, want, warm)
            for _ in range(RUNS):
                for label, (url, want, warm) in cases.items():  # interleaved: drift hits all alike
                    BOOTS.clear()
                    STEPS.clear()
                    times[label].append(time_page(browser, url, want, warm))
                    if want == "legal":
                        boots[label].append(BOOTS[-1])
                        steps[label].append(STEPS[-1])
            browser.close()
    finally:
        server.shutdown()
        server.server_close()

    print(f"\n== start-up: navigation -> the point named, median of {RUNS}, ratio to the bare page")
    print("   (targets: start screen <= 0.25x, goal 0.1x; preset link cold <= 0.6x, goal 0.4x;"
          " warm <= 0.5x)")
    for kind in ("cold", "warm"):
        bare = statistics.median(times[f"bare loadPyodide(), {kind}"])
        for label, values in times.items():
            if label.endswith(kind):
                print(describe(label, values, bare))
                if boots[label]:
                    restored = boots[label].count("snapshot")
                    source = "the build's snapshot" if kind == "cold" else "the snapshot its first visit stored"
                    print(f"  {'':<40} engine restored from {source} in {restored} of {len(values)}")
                    print(describe_steps(steps[label], bare))
    return 0


if __name__ == "__main__":
    sys.exit(main())
