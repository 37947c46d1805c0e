"""The engine's memory snapshot (web/interpreter.mjs, PyScript's interpreter module): the build
makes one under Node.js (build.py write_snapshot, dist/site/snapshot.bin) with the engine and
micropip imported, which a first visit restores instead of starting Python; the worker then stores
the memory in the Cache API ("tidepool-snapshot", keyed by Pyodide's version, the wheel's SHA-256
and the build's file's), which later visits restore. Both leave out the memory's pages of zeros
(build.py sparse_memory). The files the memory expects are written after a restore from
dist/site/snapshot-files.tar.gz (a snapshot holds memory, not files), so PyScript's micropip finds
the engine installed; on a fresh start micropip fetches and installs it. Where the build's file is missing, another build's or
damaged, the engine boots fresh; a stored entry that does not restore is deleted and the build's
file restores instead.

Page contract: <html data-engine-boot> is "fresh" or "snapshot" once data-engine is "ready".
The game itself is the same either way.
"""

import gzip
import json
import re
import time

import pytest

import build
from pages import make_a_move, wait_for_engine

PRESET = "?game=go_fish&players=2&seats=human,bot:random&seed=5&lang=de"

STORED = """async () => {
  const cache = await caches.open("tidepool-snapshot");
  const keys = await cache.keys();
  if (!keys.length) return null;
  const body = await (await cache.match(keys[0])).arrayBuffer();
  return { count: keys.length, key: keys[0].url, bytes: body.byteLength };
}"""

FORGET_STORED = """async () => {
  const cache = await caches.open("tidepool-snapshot");
  for (const key of await cache.keys()) await cache.delete(key);
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
    assert any("bittet" in line for line in lines), lines  # a German ask sentence (GF-5)
    return lines


def serve_instead(page, body):
    """Answer the worker's request for the build's snapshot file with `body` (None: a 404, as
    from a site built without Node.js)."""
    page.route(f"**/{build.SNAPSHOT_FILE}", lambda route: route.fulfill(
        status=404 if body is None else 200, body=b"" if body is None else body,
        content_type="application/octet-stream"))


@pytest.fixture(scope="module")
def shipped(site_dir):
    """The build's snapshot file, unpacked: (header text, memory less its zero pages, memory)."""
    path = site_dir / build.SNAPSHOT_FILE
    if not path.is_file():
        pytest.fail(f"{path} is missing: the build made no snapshot (see the line it printed)",
                    pytrace=False)
    data = gzip.decompress(path.read_bytes())
    header, sparse = data[:build.SNAPSHOT_HEADER].decode().rstrip(" "), data[build.SNAPSHOT_HEADER:]
    return header, sparse, build.expand_memory(sparse, int(header.split(" ")[2]))


def test_the_build_names_what_its_snapshot_was_made_from(shipped, site_dir):
    header, sparse, memory = shipped
    version, wheel_sha, size = header.split(" ")
    assert version == build.PYODIDE.spec.split("@")[1]
    wheel = site_dir / build.wheel_filename(build.project_metadata())
    assert wheel_sha == build.file_digest(wheel, "sha256").hex()
    assert memory[:4] == bytes.fromhex("00736e70")  # Pyodide's snapshot magic, "\0snp"
    assert int(size) == len(memory) > 1_000_000  # the runtime's whole memory
    assert len(sparse) < 0.75 * len(memory)  # less its pages of zeros


def test_first_visit_restores_the_builds_snapshot_and_plays_like_a_fresh_boot(page, base_url, shipped):
    assert boot(page, base_url) == "snapshot"
    restored = play_two_moves(page)
    stored = wait_for_stored(page)  # kept for the next visit, unpacked
    digest = build.file_digest(build.SITE / build.SNAPSHOT_FILE, "sha256").hex()
    assert stored["count"] == 1 and stored["key"].endswith(f"/{shipped[0].split(' ')[1]}/{digest}")
    assert stored["bytes"] == len(shipped[1])  # as the build's file has it, less the header
    assert boot(page, base_url) == "snapshot"
    assert play_two_moves(page)[:len(restored)] == restored
    assert page.evaluate(STORED)["count"] == 1  # restoring the stored entry stores nothing new

    page.evaluate(FORGET_STORED)
    serve_instead(page, None)  # a site built without Node.js
    assert boot(page, base_url) == "fresh"
    fresh = play_two_moves(page)
    assert fresh[:len(restored)] == restored  # same seed, same moves: the same log (GEN-3)
    assert page.evaluate(STORED) is None  # a fresh boot stores nothing


def test_a_restore_writes_the_files_its_memory_expects_and_a_fresh_start_installs_the_wheels(page, base_url):
    """After a restore the worker writes the build's snapshot-files.tar.gz (the wheels' files where
    micropip installed them, and bytecode), so micropip finds the engine's requirement satisfied and
    neither wheel is fetched; a fresh start has PyScript load micropip's wheel (beside Pyodide) and
    micropip install the engine's, both from the site."""
    requests = []
    page.on("request", lambda request: requests.append(request.url.split("?")[0].rsplit("/", 1)[1]))
    wheel = build.wheel_filename(build.project_metadata())
    assert boot(page, base_url) == "snapshot"
    assert build.SNAPSHOT_FILES in requests
    assert build.MICROPIP.filename not in requests and wheel not in requests
    play_two_moves(page)

    requests.clear()
    page.evaluate(FORGET_STORED)
    serve_instead(page, None)
    assert boot(page, base_url) == "fresh"
    assert build.MICROPIP.filename in requests and wheel in requests
    play_two_moves(page)


@pytest.mark.allow_console_errors  # the blocked request itself
def test_a_restore_without_its_files_archive_has_micropip_install_the_engine(page, base_url):
    """Where snapshot-files.tar.gz cannot be had the restored runtime is given nothing it expects
    on disk: PyScript then loads micropip's wheel and micropip installs the engine's, and the game
    plays as ever."""
    requests = []
    page.on("request", lambda request: requests.append(request.url.split("?")[0].rsplit("/", 1)[1]))
    page.route(f"{base_url}/{build.SNAPSHOT_FILES}", lambda route: route.abort())
    assert boot(page, base_url) == "snapshot"
    assert build.MICROPIP.filename in requests and build.wheel_filename(build.project_metadata()) in requests
    play_two_moves(page)


def file_that_does_not_fit(shipped, kind):
    """The build's snapshot file made from another wheel or runtime, or damaged."""
    header, sparse, _ = shipped
    version, wheel_sha, size = header.split(" ")
    header = {"another-wheel": f"{version} {'0' * 64} {size}",
              "another-runtime": f"0.0.1 {wheel_sha} {size}"}.get(kind, header)
    data = gzip.compress(header.encode().ljust(build.SNAPSHOT_HEADER) + sparse, compresslevel=1)
    middle = len(data) // 2
    if kind == "truncated":
        return data[:middle]
    if kind == "one-byte-changed":
        return data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1:]
    return data


@pytest.mark.parametrize("kind", ["another-wheel", "another-runtime", "truncated", "one-byte-changed"])
def test_a_snapshot_file_that_does_not_fit_is_ignored(page, base_url, shipped, kind):
    """A file made from another wheel or runtime is never restored; a damaged one (gzip checks its
    length and CRC-32) neither: the engine boots fresh, plays, and stores nothing."""
    serve_instead(page, file_that_does_not_fit(shipped, kind))
    assert boot(page, base_url) == "fresh"
    play_two_moves(page)
    assert page.evaluate(STORED) is None


def test_damaged_stored_snapshot_is_dropped_and_the_builds_file_restores(page, base_url):
    assert boot(page, base_url) == "snapshot"
    key = wait_for_stored(page)["key"]
    page.evaluate("""async (key) => {
      const cache = await caches.open("tidepool-snapshot");
      await cache.put(key, new Response(new Uint8Array(4096).fill(7)));
    }""", key)

    assert boot(page, base_url) == "snapshot"  # the build's file, after the entry failed
    play_two_moves(page)
    replaced = wait_for_stored(page)
    assert replaced["key"] == key and replaced["bytes"] > 1_000_000


def test_a_memory_stored_by_another_build_of_the_same_engine_is_not_restored(page, base_url):
    """A stored entry's key ends in the build's snapshot file's SHA-256: a memory stored by an
    earlier build of the same engine wheel (other imports in it, another micropip) is not restored;
    the build's file is, and its memory takes the entry's place."""
    assert boot(page, base_url) == "snapshot"
    key = wait_for_stored(page)["key"]
    other = key.rsplit("/", 1)[0] + "/" + "0" * 64
    page.evaluate("""async ([key, other]) => {
      const cache = await caches.open("tidepool-snapshot");
      await cache.put(other, await cache.match(key));
      await cache.delete(key);
    }""", [key, other])
    requests = []
    page.on("request", lambda request: requests.append(request.url.rsplit("/", 1)[1]))
    assert boot(page, base_url) == "snapshot"
    assert build.SNAPSHOT_FILE in requests  # the build's file, not the other build's entry
    play_two_moves(page)
    page.wait_for_function("""async (key) => {
      const keys = await (await caches.open("tidepool-snapshot")).keys();
      return keys.length === 1 && keys[0].url === key;
    }""", arg=key, timeout=90_000)
    stored = page.evaluate(STORED)
    assert (stored["count"], stored["key"]) == (1, key)


@pytest.mark.service_worker
def test_snapshot_outlives_the_service_workers_install_and_restores_offline(page, base_url):
    """The service worker's activation deletes old builds' caches but keeps the snapshot's: the
    first visit's entry is restored on the second visit, with no network; and the service worker
    keeps the build's file, which restores the engine offline once the entry is gone."""
    assert boot(page, base_url) == "snapshot"
    wait_for_stored(page)
    page.wait_for_function(
        "async () => (await navigator.serviceWorker.ready).active.state === 'activated'", timeout=60_000)
    page.wait_for_timeout(500)
    assert page.evaluate(STORED)["count"] == 1

    page.context.set_offline(True)
    assert boot(page, base_url) == "snapshot"
    play_two_moves(page)
    page.evaluate(FORGET_STORED)
    assert boot(page, base_url) == "snapshot"
    play_two_moves(page)


# Every loading line and progress bar value the page shows, from its first paint.
WATCH_COUNTER = """window.__counter = [];
    const watch = setInterval(() => {
        const line = document.querySelector('#load-status')?.textContent;
        const bar = document.querySelector('#load-progress')?.value;
        const last = window.__counter.at(-1);
        if (line && (!last || last[0] !== line || last[1] !== bar)) window.__counter.push([line, bar]);
        if (document.documentElement.dataset.engine === 'ready') clearInterval(watch);
    }, 2);"""


def counter_totals(page):
    """``(totals, dones, bar values)`` the loading counter showed ("(2.6 of 18.9 MB)")."""
    seen = page.evaluate("window.__counter")
    pairs = [re.search(r"\(([\d.]+) \D+ ([\d.]+) MB\)", line) for line, _ in seen]
    pairs = [(float(m[1]), float(m[2])) for m in pairs if m]
    return [b for _, b in pairs], [d for d, _ in pairs], [bar for _, bar in seen]


def test_the_loading_counter_counts_to_one_total_and_never_back(page, base_url, site_dir):
    """The loading counter's total is the build's figure for this start from its first message on
    (the build's memory file, runtime and files archive on a first visit; without the memory file
    once it is stored), and neither the bytes counted nor the progress bar ever go back."""
    facts = json.loads(re.search(r'const BUILD = (\{.*?\}\});', (site_dir / "web" / "interpreter.mjs").read_text())[1])
    sizes = facts["downloads"]
    assert sizes["snapshot"] == (site_dir / build.SNAPSHOT_FILE).stat().st_size
    mb = lambda n: round(n / 1048576, 1)  # noqa: E731  (as the page writes it)
    page.add_init_script(WATCH_COUNTER)
    for visit, total in (("first", sizes["runtime"] + sizes["files"] + sizes["snapshot"]),
                         ("second", sizes["runtime"] + sizes["files"])):
        assert boot(page, base_url) == "snapshot"
        totals, dones, bars = counter_totals(page)
        assert totals and set(totals) == {mb(total)}, (visit, totals)
        assert dones == sorted(dones), (visit, dones)
        assert bars == sorted(bars) and bars[-1] >= 95, (visit, bars)
        if visit == "first":
            wait_for_stored(page)
