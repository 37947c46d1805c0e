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
