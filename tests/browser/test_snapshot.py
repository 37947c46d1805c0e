"""The engine's memory snapshot (web/engine-worker.js): the first visit boots Pyodide, imports the
engine and stores the runtime's memory in the Cache API ("tidepool-snapshot", keyed by Pyodide's
version and the wheel's SHA-256); later visits restore it instead of starting Python again.

Page contract: <html data-engine-boot> is "fresh" or "snapshot" once data-engine is "ready".
A damaged entry is deleted and the engine boots fresh; the game itself is the same either way.
"""

import time

import pytest

from pages import make_a_move, wait_for_engine

PRESET = "?game=go_fish&players=2&seats=human,bot:random&seed=5&lang=de"

STORED = """async () => {
  const cache = await caches.open("tidepool-snapshot");
  const keys = await cache.keys();
  if (!keys.length) return null;
  const body = await (await cache.match(keys[0])).arrayBuffer();
  return { count: keys.length, key: keys[0].url, bytes: body.byteLength };
}"""


def boot(page, base_url, query=PRESET):
    page.goto(f"{base_url}/index.html{query}")
    wait_for_engine(page)
    return page.evaluate("document.documentElement.dataset.engineBoot")


def wait_for_stored(page, timeout_s=90.0):
    """The stored entry once the engine has written it (after it answers calls)."""
    deadline = time.monotonic() + timeout_s
    while (stored := page.evaluate(STORED)) is None and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    assert stored is not None, "no snapshot stored"
    return stored


def play_two_moves(page):
    """Two moves by the human and the bot's answers: the restored engine deals, judges moves and
    writes the log in the page's language (its catalogs come from the wheel's files)."""
    page.wait_for_selector("[data-legal]", timeout=90_000)
    deal = page.locator("#log li").count()
    make_a_move(page)
    page.wait_for_selector("[data-legal]", timeout=90_000)
    make_a_move(page)
    lines = page.locator("#log li").all_inner_texts()
    assert len(lines) > deal + 1
    assert any("fragt" in line for line in lines), lines  # a German ask sentence (GF-5)
    return lines


def test_second_visit_restores_the_snapshot_and_plays_the_same_game(page, base_url):
    assert boot(page, base_url) == "fresh"
    stored = wait_for_stored(page)
    assert stored["count"] == 1
    assert "/snapshot/" in stored["key"]
    assert stored["bytes"] > 1_000_000  # the runtime's whole memory, not an empty entry
    fresh = play_two_moves(page)

    assert boot(page, base_url) == "snapshot"
    restored = play_two_moves(page)
    assert restored[:len(fresh)] == fresh  # same seed, same moves: the same log (GEN-3)
    assert page.evaluate(STORED)["count"] == 1  # restoring stores nothing new


def test_damaged_snapshot_is_dropped_and_the_engine_boots_fresh(page, base_url):
    assert boot(page, base_url) == "fresh"
    key = wait_for_stored(page)["key"]
    page.evaluate("""async (key) => {
      const cache = await caches.open("tidepool-snapshot");
      await cache.put(key, new Response(new Uint8Array(4096).fill(7)));
    }""", key)

    assert boot(page, base_url) == "fresh"
    play_two_moves(page)
    replaced = wait_for_stored(page)
    assert replaced["key"] == key and replaced["bytes"] > 1_000_000
    assert boot(page, base_url) == "snapshot"


@pytest.mark.service_worker
def test_snapshot_outlives_the_service_workers_install_and_restores_offline(page, base_url):
    """The service worker's activation deletes old builds' caches but keeps the snapshot's: the
    first visit's snapshot is restored on the second visit, with no network."""
    assert boot(page, base_url) == "fresh"
    wait_for_stored(page)
    page.wait_for_function(
        "async () => (await navigator.serviceWorker.ready).active.state === 'activated'", timeout=60_000)
    page.wait_for_timeout(500)
    assert page.evaluate(STORED)["count"] == 1

    page.context.set_offline(True)
    assert boot(page, base_url) == "snapshot"
    play_two_moves(page)
