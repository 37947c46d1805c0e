"""Smoke tests: the built site starts from its own origin alone, and again with no network at all.

Page contract: <html data-state> goes "loading" -> "ready" once the start screen is usable (before
the engine), and <html data-engine> goes "loading" -> "ready" once the runtime and the engine wheel
are loaded in PyScript's worker. The `page` fixture also fails a test on any request that leaves
loopback and on any console error or page error.
"""

import pytest
from pages import wait_for_engine

SERVICE_WORKER_TIMEOUT_MS = 60_000


def describe_failure(page) -> str:
    """The visible text of the page, to explain a state other than "ready"."""
    return page.evaluate("document.body ? document.body.innerText.slice(0, 2000) : ''")


def test_site_starts_without_leaving_loopback(page, base_url, open_app, page_log):
    state = open_app(page, base_url)
    assert state == "ready", describe_failure(page)
    wait_for_engine(page)
    assert page.evaluate("window.tidepool.call('info').then((r) => r.games.length)") == 3
    assert page_log.external == []


@pytest.mark.service_worker
def test_site_starts_offline_after_first_visit(page, base_url, open_app):
    """After one visit the service worker has cached the whole site: it starts with no network,
    and its loading screen no longer speaks of a download or a first visit."""
    # What the loading line says, from the first paint on (the loading screen may pass quickly).
    page.add_init_script("""window.__loadLines = [];
        const watch = setInterval(() => {
            const line = document.querySelector('#load-status')?.textContent;
            if (line && window.__loadLines.at(-1) !== line) window.__loadLines.push(line);
            if (document.documentElement.dataset.engine === 'ready') clearInterval(watch);
        }, 5);""")
    assert open_app(page, base_url) == "ready", describe_failure(page)
    assert page.locator("#load-offline").get_attribute("hidden") is None
    has_worker = page.evaluate("""async () => {
        for (let i = 0; i < 50 && !(await navigator.serviceWorker.getRegistration()); i++) {
            await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return Boolean(await navigator.serviceWorker.getRegistration());
    }""")
    assert has_worker, "the page registered no service worker (the app must register ./sw.js)"
    page.wait_for_function(
        "async () => (await navigator.serviceWorker.ready).active.state === 'activated'",
        timeout=SERVICE_WORKER_TIMEOUT_MS)

    page.context.set_offline(True)
    assert open_app(page, base_url) == "ready", describe_failure(page)
    wait_for_engine(page)
    assert page.locator("#load-offline").get_attribute("hidden") is not None
    lines = page.evaluate("window.__loadLines")
    assert not [line for line in lines if line.startswith("Downloading")], lines


@pytest.mark.service_worker
@pytest.mark.parametrize("query", ["", "?game=go_fish&seats=human,bot:easy&seed=3"])
def test_console_stays_silent_at_start(page, base_url, query):
    """Nothing in the console while the page and its engine start (warnings and logs included),
    on the plain page with its service worker and on a preset link; the worker's messages count."""
    messages = []
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
    page.goto(f"{base_url}/index.html{query}")
    wait_for_engine(page)
    if query:
        page.locator('[data-part="hand"]').wait_for()
    page.wait_for_timeout(500)
    assert messages == []


# What the plain page's start screen is drawn from, and what it leaves for later: the table's
# modules (boot.js loads them once the start screen is drawn and the page is idle) and PyScript.
START_SCREEN_FILES = ("/web/boot.js", "/web/i18n.js", "/web/lobby.js", "/web/state.js", "/web/screen.js",
                      "/web/saved.js", "/web/store.js", "/lobby.json", "/i18n/en.json")
AFTER_THE_START_SCREEN = ("/web/table.js", "/web/tools.js", "/web/replay.js", "/web/demo.js", "/web/rules.js",
                          "/web/tables/index.js", "/web/coach.js", "/web/review.js", "/pyscript/core.js")


def test_the_start_screen_is_drawn_before_the_tables_modules_and_the_engine_load(page, base_url):
    """The plain page is usable (data-state="ready") before any of the table's modules or
    PyScript's is requested; they then load by themselves, and the first tap on Start game plays."""
    page.add_init_script("""
      new MutationObserver(() => {
        if (document.documentElement?.dataset.state === "ready" && window.readyAt == null) window.readyAt = performance.now();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
    """)
    page.goto(f"{base_url}/index.html")
    wait_for_engine(page)
    page.wait_for_function("performance.getEntriesByType('resource').some((e) => e.name.endsWith('/web/review.js'))")
    ready_at = page.evaluate("window.readyAt")
    started = page.evaluate("""Object.fromEntries(performance.getEntriesByType("resource")
        .map((e) => [new URL(e.name).pathname, e.startTime]))""")
    assert ready_at is not None
    assert {path: started[path] < ready_at for path in START_SCREEN_FILES} == dict.fromkeys(START_SCREEN_FILES, True)
    assert {path: started[path] > ready_at for path in AFTER_THE_START_SCREEN} == dict.fromkeys(AFTER_THE_START_SCREEN, True)
    page.get_by_role("button", name="Start game").click()
    page.locator("html[data-state=playing]").wait_for()
    assert page.locator("#felt [data-part=hand] .card").count() > 0
