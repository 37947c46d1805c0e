"""Start-up benchmark (prints figures, asserts nothing): the app page vs a bare loadPyodide() page.

Run through `python3 build.py bench` (it builds first and runs this with .venv's Python).

Each run opens a fresh browser context (empty HTTP cache, no service worker) and measures, inside
the page, the time from navigation start to <html data-state="ready">. The bare page is generated
into dist/bench/ and loads the same vendored Pyodide from dist/site/pyodide/; both are served by
the same server, whose root is dist/.
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
BUDGET_RATIO = 1.25

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

# Runs in every document before its own scripts: note when data-state first becomes final.
RECORD_READY = """
new MutationObserver(() => {
  const state = document.documentElement && document.documentElement.dataset.state;
  if (state && state !== "loading" && window.__benchDoneAt === undefined) {
    window.__benchDoneAt = performance.now();
    window.__benchState = state;
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
"""


def time_page(browser, url: str, service_workers: str = "block") -> float:
    """Milliseconds from navigation start to data-state "ready" in a fresh context."""
    context = browser.new_context(service_workers=service_workers)
    try:
        context.add_init_script(RECORD_READY)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("window.__benchDoneAt !== undefined", timeout=TIMEOUT_MS)
        state, elapsed = page.evaluate("[window.__benchState, window.__benchDoneAt]")
        if state != "ready":
            raise RuntimeError(f"{url} ended in data-state={state!r}")
        return elapsed
    finally:
        context.close()


def describe(label: str, times: list[float]) -> str:
    runs = ", ".join(f"{t:.0f}" for t in times)
    return f"  {label:<34} median {statistics.median(times):6.0f} ms   (runs: {runs})"


def main() -> int:
    from playwright.sync_api import sync_playwright

    if not (build.SITE / "index.html").is_file():
        print("startup: dist/site/index.html does not exist (no front end yet); skipped")
        return 1
    bench_dir = build.DIST / "bench"
    bench_dir.mkdir(parents=True, exist_ok=True)
    (bench_dir / "bare.html").write_text(BARE_PAGE)

    server, base = build.start_server(build.DIST, quiet=True)
    pages = {
        "bare loadPyodide()": (f"{base}/bench/bare.html", "block"),
        "Tidepool (index.html)": (f"{base}/site/index.html", "block"),
        "Tidepool, service worker allowed": (f"{base}/site/index.html", "allow"),
    }
    times: dict[str, list[float]] = {label: [] for label in pages}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(build.CHROMIUM),
                                                 headless=True, args=list(build.CHROMIUM_ARGS))
            for url, workers in pages.values():  # warm-up: OS file cache, compiled code
                time_page(browser, url, workers)
            for _ in range(RUNS):
                for label, (url, workers) in pages.items():  # interleaved, so drift hits all alike
                    times[label].append(time_page(browser, url, workers))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()

    print(f"\n== start-up: navigation -> data-state=ready, median of {RUNS} fresh contexts")
    for label, values in times.items():
        print(describe(label, values))
    bare = statistics.median(times["bare loadPyodide()"])
    ours = statistics.median(times["Tidepool (index.html)"])
    print(f"  ratio Tidepool / bare: {ours / bare:.2f}x (budget <= {BUDGET_RATIO}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
