"""Browser test harness: the built site on a loopback port, Debian's Chromium through Playwright.

Fixtures:
    base_url   session: http://127.0.0.1:<free port> serving dist/site/ (build it first:
               `python3 build.py test` does)
    browser    session: headless /usr/bin/chromium (never a downloaded browser)
    page       a fresh context and page per test; every request to a host other than 127.0.0.1 /
               localhost is aborted and recorded; console errors and page errors are recorded;
               at teardown the test fails if any of that happened. Opt out per test with
               @pytest.mark.allow_external_requests and/or @pytest.mark.allow_console_errors.
               Service workers are blocked (so tests do not each precache the whole site) unless
               the test is marked @pytest.mark.service_worker.
    page_log   what the `page` fixture recorded (PageLog), for tests that assert on it
    open_app   the open_app(page, base_url, query="") helper below, as a fixture
"""

from __future__ import annotations

import dataclasses
from urllib.parse import urlsplit

import pytest

import build

LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "::1"}
LOCAL_SCHEMES = {"data", "blob", "about", "chrome", "chrome-extension", "devtools"}
APP_TIMEOUT_MS = 60_000


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "allow_external_requests: do not fail the test for requests that left loopback")
    config.addinivalue_line(
        "markers", "allow_console_errors: do not fail the test for console errors or page errors")
    config.addinivalue_line(
        "markers", "service_worker: let the page register its service worker (blocked otherwise)")


def is_external(url: str) -> bool:
    """True for a URL that would leave this machine (anything but loopback or a local scheme)."""
    parts = urlsplit(url)
    return parts.scheme not in LOCAL_SCHEMES and parts.hostname not in LOOPBACK_HOSTS


@dataclasses.dataclass
class PageLog:
    """What happened in a test's browser context."""

    external: list[str] = dataclasses.field(default_factory=list)  # URLs blocked or attempted
    errors: list[str] = dataclasses.field(default_factory=list)  # console errors, page errors

    def record_request(self, url: str) -> None:
        if is_external(url) and url not in self.external:
            self.external.append(url)


@pytest.fixture(scope="session")
def site_dir():
    """The built site; fails clearly if it has not been built."""
    if not (build.SITE / "index.html").is_file():
        pytest.fail(f"{build.SITE / 'index.html'} does not exist: run `python3 build.py build` "
                    "(or `python3 build.py test`, which builds first)", pytrace=False)
    return build.SITE


@pytest.fixture(scope="session")
def base_url(site_dir):
    """Serve the built site on a free loopback port for the whole session."""
    server, url = build.start_server(site_dir, quiet=True)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium, launched once per session."""
    if not build.CHROMIUM.exists():
        pytest.fail(f"{build.CHROMIUM} is missing: install Debian's `chromium` package "
                    "(`python3 build.py test` does this when run as root)", pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(build.CHROMIUM), headless=True, args=list(build.CHROMIUM_ARGS))
        yield chromium
        chromium.close()


@pytest.fixture
def page_log():
    return PageLog()


@pytest.fixture
def page(browser, page_log, request):
    """A page in a fresh context that blocks and records every non-loopback request."""
    workers = "allow" if request.node.get_closest_marker("service_worker") else "block"
    # Playwright evaluates the tests' string predicates with eval(), which the page's
    # Content-Security-Policy forbids; test_csp.py checks the app under the policy itself.
    context = browser.new_context(service_workers=workers, bypass_csp=True)

    def guard(route):
        if is_external(route.request.url):
            page_log.record_request(route.request.url)
            route.abort("blockedbyclient")
        else:
            route.continue_()

    context.route("**/*", guard)
    context.on("request", lambda req: page_log.record_request(req.url))
    context.on("console", lambda msg: msg.type == "error" and page_log.errors.append(
        f"console error: {msg.text} ({msg.location.get('url')}:{msg.location.get('lineNumber')})"))
    context.on("weberror", lambda err: page_log.errors.append(f"page error: {err.error}"))
    new_page = context.new_page()
    new_page.on("websocket", lambda ws: page_log.record_request(ws.url))
    yield new_page
    context.close()

    problems = []
    if page_log.external and not request.node.get_closest_marker("allow_external_requests"):
        problems.append("requests left loopback:\n  " + "\n  ".join(page_log.external))
    if page_log.errors and not request.node.get_closest_marker("allow_console_errors"):
        problems.append("console/page errors:\n  " + "\n  ".join(page_log.errors))
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


def open_app(page, base_url: str, query: str = "", timeout: float = APP_TIMEOUT_MS) -> str:
    """Open index.html?{query} and wait until <html data-state> leaves "loading"; return it."""
    page.goto(f"{base_url}/index.html" + (f"?{query}" if query else ""))
    page.wait_for_function(
        "() => { const s = document.documentElement.dataset.state; return s && s !== 'loading'; }",
        timeout=timeout)
    return page.evaluate("document.documentElement.dataset.state")


@pytest.fixture(name="open_app")
def open_app_fixture():
    """The open_app helper, for tests (conftest modules are not meant to be imported)."""
    return open_app
