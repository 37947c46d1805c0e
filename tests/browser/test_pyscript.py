"""The engine is loaded through PyScript (index.html: <py-config src="pyscript.toml"> and
<script type="py" worker name="engine" src="web/engine.py">): PyScript's core from the site, its
worker on Pyodide through the site's interpreter module (web/interpreter.mjs), the engine wheel
installed by micropip from the site. PyScript's IndexedDB stores live in memory
(web/memory-indexeddb.js), so it starts in a frame on another site where the browser denies
storage, and in a frame under about:blank, where IndexedDB never answers; a web author's own
PyScript page can import the engine (web/examples/tournament.html).
"""

import json
from urllib.parse import urlsplit

import pytest

import build
from pages import play_to_the_end, wait_for_engine

TIMEOUT_MS = 120_000
WHEEL = build.wheel_filename(build.project_metadata())


def test_the_engine_runs_in_pyscripts_worker_from_the_sites_own_files(page, base_url, page_log):
    requests = []
    page.on("request", lambda request: requests.append(request.url.removeprefix(base_url + "/")))
    page.goto(f"{base_url}/index.html?game=go_fish&players=2&seats=human,bot:random&seed=5")
    wait_for_engine(page)
    for path in ("pyscript/core.js", "pyscript.toml", "web/engine.py", "web/interpreter.mjs",
                 "pyodide/pyodide.mjs", build.SNAPSHOT_FILE, build.SNAPSHOT_FILES):
        assert path in requests, path
    engine = page.locator('script[type="py"][worker][name="engine"]')
    assert engine.get_attribute("src") == "web/engine.py"
    assert page.evaluate("Boolean(document.querySelector('script[name=engine]').xworker)")
    assert page.evaluate("document.documentElement.dataset.engineBoot") == "snapshot"
    page.locator('[data-part="hand"]').wait_for()
    reply = page.evaluate("window.tidepool.call('state')")
    assert reply["ok"] and len(reply["seats"]) == 2 and reply["view"]["hand"]
    assert page_log.external == []


def blocked_third_party_storage(tmp_path):
    """A Chromium profile whose settings block third-party cookies and with them a cross-site
    frame's storage: localStorage, the Cache API, IndexedDB and service workers."""
    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    (profile / "Default" / "Preferences").write_text(json.dumps(
        {"profile": {"cookie_controls_mode": 1, "block_third_party_cookies": True}}))
    return profile


@pytest.mark.allow_console_errors
def test_a_cross_site_frame_with_storage_denied_by_the_browser_plays_to_the_end(browser, tmp_path, base_url):
    """The browser itself denies the frame storage (not a script standing in for it): IndexedDB
    refuses to open, which would stop PyScript's worker; the engine restores the build's snapshot
    (the Cache API is denied too) and a human plays Go Fish to the end by clicking."""
    port = base_url.rsplit(":", 1)[1]
    # A browser of its own: a profile's settings apply to a persistent context only.
    context = browser.browser_type.launch_persistent_context(
        blocked_third_party_storage(tmp_path), executable_path=str(build.CHROMIUM), headless=True,
        args=list(build.CHROMIUM_ARGS), bypass_csp=True)
    left = []
    context.on("request", lambda request: urlsplit(request.url).hostname not in ("127.0.0.1", "localhost")
               and not request.url.startswith(("blob:", "data:")) and left.append(request.url))
    try:
        page = context.new_page()
        page.goto(f"http://localhost:{port}/lobby.json")  # another site than 127.0.0.1
        src = (f"http://127.0.0.1:{port}/index.html?game=go_fish&players=2&seats=human,bot:random"
               "&seed=11&speed=0&embed=1&options=first_player=0")
        page.set_content(f'<iframe title="Go Fish" style="width:800px;height:500px;border:0" src="{src}"></iframe>')
        page.frame_locator("iframe").locator("[data-legal]").first.wait_for(timeout=TIMEOUT_MS)
        frame = page.frames[1]
        denied = frame.evaluate("""async () => {
            const denied = [];
            try { localStorage.length; } catch { denied.push("localStorage"); }
            try { await caches.open("x"); } catch { denied.push("caches"); }
            return denied; }""")
        assert denied == ["localStorage", "caches"]
        assert frame.evaluate("document.documentElement.dataset.engineBoot") == "snapshot"
        moves = play_to_the_end(frame)
        assert frame.evaluate("document.documentElement.dataset.state") == "over" and moves > 0
        assert left == []  # nothing fetched from another host, PyScript's CDN included
    finally:
        context.close()


def test_pyscripts_indexeddb_lives_in_memory(page, base_url):
    """What PyScript's idb-map does with IndexedDB works on the page's in-memory stand-in: a store
    is created, written and read back, and nothing is opened in the browser's storage."""
    page.goto(f"{base_url}/index.html")
    wait_for_engine(page)
    result = page.evaluate("""async () => {
        const use = (name) => new Promise((resolve) => {
            const open = indexedDB.open(name);
            open.onupgradeneeded = ({ target }) => target.result.createObjectStore("entries");
            open.onsuccess = ({ target }) => {
                const db = target.result;
                const put = db.transaction("entries", "readwrite").objectStore("entries").put({ n: 1 }, "k");
                put.onsuccess = () => {
                    const get = db.transaction("entries", "readonly").objectStore("entries").get("k");
                    get.onsuccess = ({ target }) => resolve(target.result);
                };
            };
        });
        const value = await use("tidepool-test");
        const names = (await indexedDB.databases()).map((d) => d.name);
        const real = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(window), "indexedDB")
            ?? Object.getOwnPropertyDescriptor(Window.prototype, "indexedDB");
        const stored = real ? (await real.get.call(window).databases()).map((d) => d.name) : null;
        return { value, names, stored };
    }""")
    assert result["value"] == {"n": 1}
    assert "IDBMap/@pyscript.fs" in result["names"] and "tidepool-test" in result["names"]
    assert result["stored"] in (None, [])  # the browser's own IndexedDB holds nothing of ours


def test_a_frame_under_about_blank_starts_the_engine(page, base_url):
    """In a frame whose top document is about:blank IndexedDB never answers an open; PyScript's
    stores in memory let the engine start there all the same."""
    src = f"{base_url}/index.html?game=go_fish&players=2&seats=human,bot:random&seed=3&embed=1"
    page.set_content(f'<iframe title="Go Fish" style="width:800px;height:500px;border:0" src="{src}"></iframe>')
    page.frame_locator("iframe").locator("[data-part=hand] [data-legal]").first.wait_for(timeout=TIMEOUT_MS)
    assert page.frames[1].evaluate("document.documentElement.dataset.engine") == "ready"


def test_a_web_authors_pyscript_page_runs_a_tournament_with_the_engine(page, base_url):
    """web/examples/tournament.html: PyScript on the page with its own config naming the engine
    wheel; its Python imports pygame_core, plays the games and draws the table."""
    page.goto(f"{base_url}/web/examples/tournament.html")
    page.locator("html[data-state=ready]").wait_for(state="attached", timeout=TIMEOUT_MS)
    page.select_option("select[name=game]", "enemy_anemone")
    page.select_option("select[name=first]", "medium")
    page.select_option("select[name=second]", "random")
    page.fill("input[name=deals]", "3")
    page.locator("button[name=run]").click()
    page.get_by_text("Done: 6 games").wait_for(timeout=TIMEOUT_MS)
    rows = [row.split("\t") for row in page.locator("#results tbody tr").all_inner_texts()]
    assert [row[0] for row in rows] == ["1. medium", "2. random"]
    assert sum(float(row[1]) for row in rows) == 6  # every game's win shared out (ties split)
    assert sum(float(row[2].rstrip("%")) for row in rows) == pytest.approx(100, abs=0.2)
    assert page.url.endswith("tournament.html")  # the form was not sent anywhere
    page.evaluate("document.querySelector('input[name=deals]').removeAttribute('required')")
    page.fill("input[name=deals]", "")
    page.locator("button[name=run]").click()
    page.get_by_text("Deals: a whole number from 1 to 200.").wait_for()
