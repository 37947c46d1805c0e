"""The page's Content-Security-Policy (a <meta> in index.html, the same header from `build.py
serve`): present, strict, and the app plays every game under it with no violation.

These tests run in a context that keeps the policy (the shared `page` fixture bypasses it, since
Playwright evaluates string predicates with eval()), so they wait with locators only.
"""

import re

import pytest

import build

GAMES = ["snorkeling", "go_fish", "enemy_anemone"]
TIMEOUT_MS = 180_000
EXPECTED = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
            "img-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; "
            "base-uri 'self'; form-action 'self'")


def test_policy_in_the_page_and_from_the_server(base_url):
    assert build.content_security_policy(build.SITE / "index.html") == EXPECTED
    from urllib.request import urlopen

    with urlopen(f"{base_url}/index.html") as response:
        assert response.headers["Content-Security-Policy"] == EXPECTED
    with urlopen(f"{base_url}/web/interpreter.mjs") as response:  # the worker's modules too
        assert response.headers["Content-Security-Policy"] == EXPECTED


@pytest.fixture
def strict_page(browser):
    """A page that keeps the policy and records every violation and console error."""
    context = browser.new_context(service_workers="block")
    context.add_init_script("""
        window.__violations = [];
        document.addEventListener("securitypolicyviolation",
            (ev) => window.__violations.push(`${ev.violatedDirective} ${ev.blockedURI}`));
    """)
    page = context.new_page()
    problems = []
    page.on("console", lambda m: m.type == "error" and problems.append(m.text))
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("worker", lambda w: w.on("console", lambda m: m.type == "error" and problems.append(m.text)))
    yield page, problems
    context.close()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_to_the_end_under_the_policy(strict_page, base_url, game):
    page, problems = strict_page
    page.goto(f"{base_url}/index.html?game={game}&players=2&seats=bot:random,bot:random&seed=3&speed=0")
    page.locator("html[data-engine=ready]").wait_for(state="attached", timeout=TIMEOUT_MS)
    assert page.locator("html[data-engine-boot=snapshot]").count() == 1  # the build's, unpacked
    page.locator("html[data-state=over]").wait_for(state="attached", timeout=TIMEOUT_MS)
    assert page.locator("#over").is_visible()
    assert page.evaluate("window.__violations") == []
    assert not [p for p in problems if re.search(r"Content.Security.Policy|violat", p, re.I)], problems
    assert problems == []


def test_a_host_page_keeps_its_own_styles(strict_page, base_url):
    """The app's policy is the app's: the embedding example (a host page served beside it) is
    sent without it, so its inline <style> sizes the frames (640 px high, not the 150 px default)."""
    from urllib.request import urlopen

    with urlopen(f"{base_url}/web/embed-example.html") as response:
        assert "Content-Security-Policy" not in response.headers
    page, _ = strict_page
    page.goto(f"{base_url}/web/embed-example.html")
    heights = [box["height"] for box in (f.bounding_box() for f in page.locator("iframe").all())]
    assert heights == [640, 640], heights
    assert page.evaluate("window.__violations") == []
