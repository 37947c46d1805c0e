"""The wheel the browser runs (build.py): within its budget, without the page-only files, and the
same engine as the source tree: a game played from the wheel equals the one played from source.
Where the build cannot make the engine's memory snapshot, it says why in one line."""

import gzip
import io
import json
import re
import shutil
import subprocess
import tarfile
import sys
import zipfile

import pytest

import build

PLAY = """
import json, random, sys
import pygame_core as pc
from pygame_core.bots import make_bot
out = []
for name in pc.GAMES:
    game = pc.new_game(name, players=3, seed=5)
    rng, bot = random.Random(5), make_bot("medium", seed=5)
    while not game.is_over:
        seat = game.current_player
        game.apply(bot.choose(game, seat) if seat == 0 else rng.choice(game.legal_actions()))
    out.append([name, game.winners, game.totals, game.to_json()])
print(json.dumps([pc.__file__.split("pygame_core")[0], out]))
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    return build.build_wheel(tmp_path_factory.mktemp("wheel"))


def test_wheel_within_budget_and_without_page_only_files(wheel):
    """DESIGN.md: the engine wheel under 100 KB; rules texts and demos ship as static site files,
    and the command line (run from the source tree) is left out."""
    assert wheel.stat().st_size < build.WHEEL_BUDGET
    names = zipfile.ZipFile(wheel).namelist()
    assert "pygame_core/games/snorkeling.py" in names and "pygame_core/locales/ar.json" in names
    assert not [n for n in names if n.endswith((".rules.json", ".demos.json", "/demos.py", "/__main__.py"))]
    source = zipfile.ZipFile(wheel).read("pygame_core/engine.py").decode()
    assert '"""' not in source.split("\n", 3)[0]  # docstrings are left out of the shipped code


def test_wheel_plays_exactly_like_the_source(wheel, tmp_path):
    """GEN-1: the same seeds and choices give the same games from the wheel as from the source."""
    zipfile.ZipFile(wheel).extractall(tmp_path / "site-packages")
    runs = []
    for path in (tmp_path / "site-packages", build.ROOT):
        result = subprocess.run([sys.executable, "-c", PLAY], cwd=tmp_path, check=True, text=True,
                                capture_output=True, env={"PYTHONPATH": str(path)})
        runs.append(json.loads(result.stdout))
    (from_wheel, games_wheel), (from_source, games_source) = runs
    assert from_wheel.startswith(str(tmp_path)) and from_source.startswith(str(build.ROOT))
    assert games_wheel == games_source
    assert [g[0] for g in games_wheel] == ["snorkeling", "go_fish", "enemy_anemone"]


def test_without_node_the_site_has_no_snapshot_and_the_build_says_so(wheel, tmp_path, monkeypatch, capsys):
    """The build makes the engine's memory snapshot with Node.js; without it the site has none (a
    first visit then boots the engine itself, as web/interpreter.mjs does for a missing file) and
    the build says so in one line."""
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    (tmp_path / build.SNAPSHOT_FILE).write_bytes(b"an older build's")
    (tmp_path / build.SNAPSHOT_FILES).write_bytes(b"an older build's")
    build.write_snapshot(tmp_path, wheel)
    assert not (tmp_path / build.SNAPSHOT_FILE).exists() and not (tmp_path / build.SNAPSHOT_FILES).exists()
    assert capsys.readouterr().out == ("snapshot: none (Node.js (node) is not installed); "
                                       "a first visit boots the engine itself\n")


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_a_failed_snapshot_step_says_why_in_one_line(wheel, tmp_path, monkeypatch, capsys):
    """Node.js that cannot boot the runtime (here: a site without one) leaves the site without a
    snapshot and says why in one line, not with a stack trace."""
    monkeypatch.setattr(build, "SNAPSHOT_CACHE", tmp_path / "cache")
    build.vendor_pyscript(tmp_path / "pyscript")  # PyScript's sources are read before Node.js runs
    build.write_snapshot(tmp_path, wheel)
    out = capsys.readouterr().out
    assert out.startswith("snapshot: none (Node.js: ") and out.count("\n") == 1, out
    assert "pyodide.mjs" in out and " at " not in out
    assert not (tmp_path / build.SNAPSHOT_FILE).exists() and not (tmp_path / "cache").exists()


# ---------------------------------------------------------------- PyScript's configuration

WHEEL = build.wheel_filename(build.project_metadata())


def write_config(tmp_path, text):
    path = tmp_path / "pyscript.toml"
    path.write_text(text)
    return path


def refusal(capsys, path):
    with pytest.raises(SystemExit) as stop:
        build.check_pyscript_config(path, WHEEL)
    return str(stop.value)


def test_the_sites_pyscript_configs_install_this_wheel_from_the_site():
    """pyscript.toml (the engine's worker) and the example page's configuration name the wheel this
    build makes and an interpreter module of the site's own."""
    for path in (build.ROOT / "pyscript.toml", build.ROOT / "web" / "examples" / "tournament.toml"):
        build.check_pyscript_config(path, WHEEL)  # no SystemExit
    import tomllib

    config = tomllib.loads((build.ROOT / "pyscript.toml").read_text())
    assert config["interpreter"] == "./web/interpreter.mjs"
    assert config["packages"] == [f"pygame_core @ ./{WHEEL}"]
    assert config["packages_cache"] == "never" and config["index_urls"] == []


@pytest.mark.parametrize("text, says", [
    ('interpreter = "https://cdn.example/pyodide.mjs"\npackages = ["./{w}"]', "refers to another host"),
    ('packages = ["./{w}"]', "names no interpreter module of the site"),
    ('interpreter = "./web/interpreter.mjs"\npackages = ["numpy"]', "does not install the engine wheel"),
    ('interpreter = "./web/interpreter.mjs"\npackages = ["./pygame_core-9.9-py3-none-any.whl"]',
     "make the versions agree"),
])
def test_a_pyscript_config_that_would_leave_the_site_or_miss_the_engine_is_refused(tmp_path, capsys, text, says):
    path = write_config(tmp_path, text.replace("{w}", WHEEL))
    assert says in refusal(capsys, path)


def test_the_site_vendors_pyscript_micropip_and_names_its_snapshot(site_files):
    """The built site carries PyScript's core and the chunks it loads (no source maps, no code
    editor), micropip's wheel beside Pyodide with its SHA-256 in the lock, and the snapshot key
    filled into the interpreter module."""
    site = build.SITE
    chunks = {p.name for p in (site / "pyscript").iterdir()}
    assert "core.js" in chunks and any(n.startswith("core-") for n in chunks)
    assert not [n for n in chunks if n.endswith(".map") or n.startswith(("codemirror", "zip", "xterm"))]
    lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text())
    assert list(lock["packages"]) == ["micropip"]  # the one package the site carries
    assert lock["packages"]["micropip"]["sha256"] == build.MICROPIP.sha256
    assert build.file_digest(site / "pyodide" / build.MICROPIP.filename, "sha256").hex() == build.MICROPIP.sha256
    module = (site / "web" / "interpreter.mjs").read_text()
    facts = json.loads(re.search(r"^const BUILD = (\{.*\});$", module, re.M).group(1))
    with gzip.open(site / build.SNAPSHOT_FILE) as shipped:
        memory = int(shipped.read(build.SNAPSHOT_HEADER).split()[2])
    assert memory > 1_000_000
    assert facts == {"runtime": build.PYODIDE.spec.split("@")[1],
                     "sha256": build.file_digest(site / WHEEL, "sha256").hex(),
                     "snapshot": build.file_digest(site / build.SNAPSHOT_FILE, "sha256").hex(),
                     "pathMtime": build.PATH_MTIME, "memory": memory,
                     "downloads": {  # the loading counter's totals
                         "runtime": sum((site / "pyodide" / n).stat().st_size for n in ("pyodide.asm.wasm", "python_stdlib.zip")),
                         "snapshot": (site / build.SNAPSHOT_FILE).stat().st_size,
                         "files": (site / build.SNAPSHOT_FILES).stat().st_size,
                         "wheels": (site / WHEEL).stat().st_size + (site / "pyodide" / build.MICROPIP.filename).stat().st_size}}
    assert (site / "pyscript.toml").read_text() == (build.ROOT / "pyscript.toml").read_text()


@pytest.fixture(scope="module")
def site_files():
    if not (build.SITE / "index.html").is_file():
        pytest.fail("dist/site/ is not built: run `python3 build.py build`", pytrace=False)


# Restores the site's memory snapshot under Node.js as the page does (web/interpreter.mjs: the
# references to JavaScript made again, micropip's table pointed at the runtime's, the table told
# that micropip is loaded), then runs the Python code given: prints what Python printed and wrote to
# stderr.
RESTORE_AND_RUN = r"""
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
const [site, memoryPath, code] = process.argv.slice(1);
const indexPath = site + "/pyodide/";
globalThis.require = createRequire(pathToFileURL(indexPath));
const { loadPyodide } = await import(pathToFileURL(indexPath + "pyodide.mjs"));
const { referenceStandIns, REBIND } = await import(pathToFileURL(site + "/web/snapshot-references.mjs"));
const memory = readFileSync(memoryPath);
const { deserializer, bind } = referenceStandIns();
const py = await loadPyodide({ indexURL: indexPath, _loadSnapshot: memory, _snapshotDeserializer: deserializer,
                               stdout: (line) => console.log(line), stderr: (line) => console.log(line) });
bind(py);
py.runPython(REBIND);
py.loadedPackages.micropip = "default channel";
py.runPython(code);
"""


def restore_and_run(tmp_path, code: str) -> list[str]:
    """The lines Python prints running `code` in the site's snapshot restored under Node.js."""
    if not (build.SITE / build.SNAPSHOT_FILE).is_file():
        pytest.skip("the site has no snapshot")
    data = gzip.decompress((build.SITE / build.SNAPSHOT_FILE).read_bytes())
    size = int(data[:build.SNAPSHOT_HEADER].split()[2])
    (tmp_path / "memory").write_bytes(build.expand_memory(data[build.SNAPSHOT_HEADER:], size))
    out = subprocess.run(["node", "--input-type=module", "--eval", RESTORE_AND_RUN, str(build.SITE),
                          str(tmp_path / "memory"), code],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    return out.strip().splitlines()


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_snapshot_holds_no_open_file(site_files, tmp_path):
    """An open file does not survive a snapshot: the standard library's zip file that
    importlib.metadata listed is closed in it, so dropping that listing in the page prints nothing
    (it printed "Exception ignored … OSError: [Errno 8] Bad file descriptor"), after importlib's
    caches are dropped and garbage collected, as a long game may."""
    code = "import gc, importlib\nimportlib.invalidate_caches()\ngc.collect()\nprint('collected')"
    assert restore_and_run(tmp_path, code) == ["collected"]


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_snapshot_holds_micropip_imported_and_reaching_the_restored_runtime(site_files, tmp_path):
    """micropip and pyodide.http are in the memory, imported; restored as the page restores it,
    what micropip reaches of the runtime's JavaScript side is the restored runtime's: its table
    of loaded packages (where the page records micropip as loaded), its own address (not the build
    machine's), and Pyodide's API object and functions (stand-ins that call the restored ones)."""
    code = """
import sys, pyodide_js
from micropip._compat import _compat_in_pyodide as compat
print(sorted(name for name in ("micropip", "micropip.package_manager", "pyodide.http") if name in sys.modules))
print(compat.loadedPackages.micropip, compat.CompatibilityInPyodide.loadedPackages.micropip)
print(compat.CompatibilityInPyodide.lockfile_base_url == pyodide_js.lockfileBaseUrl, pyodide_js.lockfileBaseUrl.endswith("/pyodide/"))
print(compat.pyodide_js.version == pyodide_js.version, compat.loadPackage.name)
"""
    assert restore_and_run(tmp_path, code) == [
        "['micropip', 'micropip.package_manager', 'pyodide.http']",
        "default channel default channel",
        "True True",
        "True standIn",
    ]


# ---------------------------------------------------------------- the snapshot's file formats


def test_the_memory_ships_without_its_pages_of_zeros_and_comes_back_whole():
    """sparse_memory keeps a bitmap of the memory's pages and the pages that hold a byte other
    than 0; expand_memory (as web/interpreter.mjs) puts them back, the last page however short."""
    page = build.SNAPSHOT_PAGE
    memory = bytes(page) + b"\x01" * page + bytes(3 * page) + b"\x02" + bytes(page - 2) + b"\x03" + b"\x04" * 10
    sparse = build.sparse_memory(memory)  # 7 pages: 0 zero, 1 kept, 2-4 zero, 5 kept, 6 (short) kept
    assert sparse[:1] == bytes([0b01100010]) and len(sparse) == 1 + 2 * page + 10
    assert build.expand_memory(sparse, len(memory)) == memory
    assert build.sparse_memory(bytes(3 * page)) == b"\x00"  # all zeros: the bitmap alone
    for damaged in (sparse[:-1], sparse + b"\x00", b"\xff" + sparse[1:]):
        with pytest.raises(ValueError, match="not a sparse memory"):
            build.expand_memory(damaged, len(memory))


def test_pyscripts_own_package_is_read_as_the_vendored_bundle_carries_it(tmp_path, monkeypatch):
    """The `pyscript` package's sources come from the npm package's src/stdlib/pyscript.js and must
    be verbatim in the vendored chunks (bytecode made from another source would run in its place):
    a bundle that differs stops the build."""
    build.vendor_pyscript(tmp_path)
    sources = build.pyscript_sources(tmp_path)
    assert {"__init__.py", "context.py", "display.py", "fs.py"} <= set(sources)
    assert "from pyscript.context import" in sources["__init__.py"]
    chunk = next(path for path in tmp_path.glob("core-*.js"))
    chunk.write_text(chunk.read_text().replace("from pyscript.context import", "from pyscript.ctx import", 1))
    with pytest.raises(SystemExit, match="the bundle's pyscript/__init__.py differs"):
        build.pyscript_sources(tmp_path)


def test_the_files_archive_holds_the_installed_wheels_and_unchecked_bytecode(site_files):
    """snapshot-files.tar.gz holds, at their paths in the runtime's file system: both wheels' files
    where micropip installed them (the engine's dist-info, which micropip's satisfied requirement
    reads), and unchecked hash-based bytecode (PEP 552 flags 0b01) for every module of PyScript's
    package, which the page imports afresh and whose sources it has not (micropip's modules are
    imported in the memory)."""
    path = build.SITE / build.SNAPSHOT_FILES
    if not path.is_file():
        pytest.skip("the site has no snapshot")
    purelib = "lib/python3.14/site-packages"
    with tarfile.open(fileobj=io.BytesIO(gzip.decompress(path.read_bytes()))) as archive:
        members = {member.name: member for member in archive.getmembers()}
        assert all(member.isfile() and member.mtime == 0 for member in members.values())
        with zipfile.ZipFile(build.SITE / WHEEL) as wheel:
            assert {f"{purelib}/{name}" for name in wheel.namelist()} <= set(members)
        assert f"{purelib}/pygame_core-0.1.0.dist-info/METADATA" in members
        assert f"{purelib}/micropip/package_manager.py" in members
        bytecode = {name for name in members if name.endswith(".pyc")}
        expected = {f"home/pyodide/pyscript/__pycache__/{name[:-3]}.cpython-314.pyc"
                    for name in build.pyscript_sources(build.SITE / "pyscript")}
        assert bytecode == expected
        assert not [name for name in members if name.startswith("home/pyodide/pyscript/") and name.endswith(".py")]
        for name in bytecode:
            assert archive.extractfile(name).read()[4:8] == b"\x01\x00\x00\x00", name
