"""Lighthouse benchmark (prints figures, asserts nothing): Performance of the start screen.

Run through `python3 build.py bench`, which installs the pinned `lighthouse` npm package into
.cache/bench/ (a bench-only dependency, never shipped) and builds the site first. Lighthouse drives
Debian's Chromium (CHROME_PATH) against the site served on loopback, once with its mobile settings
(emulated phone, throttled network and CPU) and once with its desktop preset, RUNS times each;
the median score and its main metrics are printed.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

RUNS = 3
CLI = build.CACHE / "bench" / "node_modules" / "lighthouse" / "cli" / "index.js"
METRICS = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time",
           "cumulative-layout-shift", "speed-index")


def run_lighthouse(url: str, desktop: bool) -> dict:
    """One Lighthouse run; returns its JSON report."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        args = ["node", str(CLI), url, "--output=json", f"--output-path={out}", "--quiet",
                "--only-categories=performance", "--max-wait-for-load=60000",
                "--chrome-flags=" + " ".join(build.CHROMIUM_ARGS)]
        if desktop:
            args.append("--preset=desktop")
        env = {**os.environ, "CHROME_PATH": str(build.CHROMIUM)}
        subprocess.run(args, check=True, env=env, cwd=tmp)
        return json.loads(out.read_text())


def main() -> int:
    if not CLI.is_file():
        print(f"lighthouse: {CLI} is missing (python3 build.py bench installs it); skipped")
        return 1
    with build.serving(build.SITE) as base:
        print(f"\n== Lighthouse Performance of the start screen (median of {RUNS}; target >= 90)")
        for desktop in (False, True):
            reports = [run_lighthouse(f"{base}/index.html", desktop) for _ in range(RUNS)]
            scores = [100 * r["categories"]["performance"]["score"] for r in reports]
            pick = reports[scores.index(statistics.median_low(scores))]
            metrics = ", ".join(f"{m} {pick['audits'][m]['displayValue']}" for m in METRICS
                                if m in pick["audits"])
            label = "desktop" if desktop else "mobile"
            print(f"  {label:<8} score {statistics.median(scores):5.1f}  (runs: "
                  f"{', '.join(f'{s:.0f}' for s in scores)})  {metrics}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
