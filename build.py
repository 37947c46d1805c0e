#!/usr/bin/env python3
"""Tidepool build tool: standard library only, so it runs before anything is installed.

    python3 build.py build            wheel + vendored runtime + app  ->  dist/site/
    python3 build.py serve [--port N] build, then serve dist/site/ on http://localhost:8000
    python3 build.py test [ARGS...]   set up .venv/ and Chromium, build, run pytest with ARGS
    python3 build.py bench            build, then print start-up, wheel size, engine, search and hint speed,
                                      and the hard bot against OpenSpiel's ISMCTS
    python3 build.py soak [--minutes N] play random and bot games checking every invariant

The runtime (Pyodide) comes from the npm registry through `npm pack`, pinned by version and checked
by hash, and is cached under .cache/ so a second build needs no network.
"""

from __future__ import annotations

import argparse
import ast
import base64
import contextlib
import functools
import gzip
import hashlib
import http.server
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import NoReturn
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent
PACKAGE_DIR = ROOT / "pygame_core"
DIST = ROOT / "dist"
SITE = DIST / "site"
CACHE = ROOT / ".cache"
VENV = ROOT / ".venv"
CHROMIUM = Path("/usr/bin/chromium")
# Flags for Debian's Chromium under Playwright (tests and benchmarks): headless, and quiet on the
# network, so that any request the page makes is the page's own.
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-quic",
    "--disable-sync",
)

WHEEL_BUDGET = 100 * 1024
# Fixed zip timestamp, so the same sources give a byte-identical wheel (and the same sw version).
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


# --------------------------------------------------------------------------- vendored runtime


@dataclass(frozen=True)
class NpmTarball:
    """A pinned npm package: its `npm pack` spec, tarball name and expected hashes."""

    spec: str
    filename: str
    integrity: str  # npm's sha512 "integrity" string
    sha256: str

    @property
    def path(self) -> Path:
        return CACHE / "npm" / self.filename


PYODIDE = NpmTarball(
    spec="pyodide@314.0.7",
    filename="pyodide-314.0.7.tgz",
    integrity="sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==",
    sha256="66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0",
)
PYSCRIPT = NpmTarball(
    spec="@pyscript/core@0.7.31",
    filename="pyscript-core-0.7.31.tgz",
    integrity="sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ==",
    sha256="b2ca1a0c0956aebd990a7c8524cca1eb061444a8319a7264d2f31ef30bea276a",
)
# What loadPyodide() fetches from indexURL, and micropip's wheel, which PyScript loads to install
# the packages pyscript.toml names (the npm package lacks it: see MICROPIP).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


@dataclass(frozen=True)
class PypiWheel:
    """A pinned wheel from PyPI: its `pip download` requirement, file name and SHA-256."""

    requirement: str
    filename: str
    sha256: str

    @property
    def path(self) -> Path:
        return CACHE / "pypi" / self.filename


# The micropip that Pyodide 314.0.7's lock names (0.11.1): PyPI's wheel, whose SHA-256 the vendored
# pyodide-lock.json is given in place of the one Pyodide's own build recorded.
MICROPIP = PypiWheel(
    requirement="micropip==0.11.1",
    filename="micropip-0.11.1-py3-none-any.whl",
    sha256="768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3",
)
# PyScript's main chunk lazily imports its plugins (all loaded at start unless pyscript.toml says
# `plugins = ["!name"]`) and helpers; what a plugin imports lazily in turn (xterm for a terminal, a
# second TOML parser for the editor, MicroPython) is for features Tidepool does not use. Of the
# main chunk's own lazy imports these are unused too: the code editor (codemirror*) and zip (only
# MicroPython unpacks archives with it). Matched against a chunk's name without its content hash.
PYSCRIPT_UNUSED_CHUNKS = ("codemirror", "zip")
_STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\./[^"']+\.js)["']""")
_DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["'](\./[^"']+\.js)["']\s*\)""")
_CHUNK_HASH = re.compile(r"-[\w-]{8}\.js$")


def fail(message: str) -> NoReturn:
    """Stop the build tool with a readable message (no traceback)."""
    sys.exit(f"build.py: error: {message}")


def file_digest(path: Path, algorithm: str) -> bytes:
    """Digest of a file's bytes."""
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, algorithm).digest()


def tarball_ok(tarball: NpmTarball) -> bool:
    """True if the cached tarball exists and matches both recorded hashes."""
    if not tarball.path.is_file():
        return False
    sha512 = "sha512-" + base64.b64encode(file_digest(tarball.path, "sha512")).decode()
    sha256 = file_digest(tarball.path, "sha256").hex()
    return sha512 == tarball.integrity and sha256 == tarball.sha256


def fetch_tarball(tarball: NpmTarball) -> Path:
    """Return the verified cached tarball, downloading it with `npm pack` if needed."""
    if tarball_ok(tarball):
        return tarball.path
    npm = shutil.which("npm")
    if npm is None:
        fail(f"{tarball.spec} is not cached in {tarball.path.parent} and `npm` is not installed "
             "(install Node.js/npm, e.g. `apt-get install npm`)")
    tarball.path.parent.mkdir(parents=True, exist_ok=True)
    tarball.path.unlink(missing_ok=True)
    print(f"npm pack {tarball.spec}")
    subprocess.run([npm, "pack", tarball.spec, "--pack-destination", str(tarball.path.parent),
                    "--silent"], check=True, stdout=subprocess.DEVNULL)
    if not tarball_ok(tarball):
        tarball.path.unlink(missing_ok=True)
        fail(f"{tarball.spec}: the downloaded tarball does not match the hashes in build.py")
    return tarball.path


def read_package_files(tarball: NpmTarball, prefix: str = "package/") -> dict[str, bytes]:
    """All regular files of an npm tarball, keyed by their path inside the package."""
    files = {}
    with tarfile.open(fetch_tarball(tarball), "r:gz") as archive:
        for member in archive.getmembers():
            if member.isfile() and member.name.startswith(prefix):
                files[member.name[len(prefix):]] = archive.extractfile(member).read()
    return files


def write_file(path: Path, data: bytes) -> None:
    """Write bytes, creating parent folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def fetch_wheel(wheel: PypiWheel) -> Path:
    """Return the verified cached wheel, downloading it with `pip download` if needed."""
    if wheel.path.is_file() and file_digest(wheel.path, "sha256").hex() == wheel.sha256:
        return wheel.path
    wheel.path.parent.mkdir(parents=True, exist_ok=True)
    wheel.path.unlink(missing_ok=True)
    print(f"pip download {wheel.requirement}")
    # Pyodide's Python is newer than the one running the build: ask for that wheel regardless.
    result = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                             "--disable-pip-version-check", "--only-binary=:all:",
                             "--python-version", "3.13", "--ignore-requires-python",
                             "--dest", str(wheel.path.parent), wheel.requirement],
                            capture_output=True, text=True)
    if result.returncode != 0 or not wheel.path.is_file():
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        fail(f"pip download {wheel.requirement} failed: {lines[-1] if lines else result.returncode}")
    if file_digest(wheel.path, "sha256").hex() != wheel.sha256:
        wheel.path.unlink()
        fail(f"{wheel.requirement}: the downloaded wheel does not match the SHA-256 in build.py")
    return wheel.path


def vendor_pyodide(dest: Path) -> None:
    """Copy the Pyodide runtime files that loadPyodide() fetches into dest/, with micropip's wheel
    beside them, the only package the lock names (by its SHA-256)."""
    files = read_package_files(PYODIDE)
    for name in PYODIDE_FILES:
        write_file(dest / name, files[name])
    # The lock names the one package the site carries: micropip, with the SHA-256 of PyPI's wheel.
    # (Pyodide's own lists some 350 packages the site does not carry, which every start would read.)
    lock = json.loads(files["pyodide-lock.json"])
    entry = lock["packages"]["micropip"]
    if entry["file_name"] != MICROPIP.filename or entry["depends"]:
        fail(f"{PYODIDE.spec} locks {entry['file_name']} (depending on {entry['depends']}), "
             f"but build.py pins {MICROPIP.filename} alone")
    lock["packages"] = {"micropip": {**entry, "sha256": MICROPIP.sha256}}
    write_file(dest / "pyodide-lock.json", json.dumps(lock, separators=(",", ":")).encode())
    shutil.copyfile(fetch_wheel(MICROPIP), dest / MICROPIP.filename)


def pyscript_chunks(files: dict[str, bytes], entry: str = "core.js") -> list[str]:
    """The chunks PyScript loads: the entry's static imports, then the main chunks' lazy imports
    (plugins and helpers, less PYSCRIPT_UNUSED_CHUNKS) with their static imports."""

    def imports(name: str, pattern: re.Pattern) -> set[str]:
        return {PurePosixPath(p).name for p in pattern.findall(files[f"dist/{name}"].decode())}

    def static_closure(names: set[str]) -> set[str]:
        found, todo = set(), list(names)
        while todo:
            name = todo.pop()
            if name not in found:
                found.add(name)
                todo.extend(imports(name, _STATIC_IMPORT))
        return found

    main = static_closure({entry})
    lazy = {name for chunk in main for name in imports(chunk, _DYNAMIC_IMPORT)
            if not _CHUNK_HASH.sub("", name).startswith(PYSCRIPT_UNUSED_CHUNKS)}
    return sorted(main | static_closure(lazy))


def vendor_pyscript(dest: Path) -> None:
    """Copy PyScript's core.js and the chunks it needs (no source maps) into dest/. Its core.css
    styles PyScript's own elements (editors, terminals, dialogs), which the site does not use."""
    files = read_package_files(PYSCRIPT)
    for name in pyscript_chunks(files):
        data = files[f"dist/{name}"]
        if name.endswith(".js"):  # the .map files are not shipped: drop the comment naming them
            data = re.sub(rb"\n?//# sourceMappingURL=\S+\s*$", b"\n", data)
        write_file(dest / name, data)


def pyscript_sources(vendored: Path) -> dict[str, str]:
    """PyScript's own Python package, `pyscript`, as its worker writes it into the runtime's home
    folder before it runs a script: {file name: source}. Read from the npm package's
    src/stdlib/pyscript.js (the module its bundle is made from: `export default {"pyscript":
    {name: source}}`), and checked to be verbatim in the chunks vendored in `vendored`; raises
    SystemExit (fail) where it is not, as bytecode made from another source would run in its
    place (see SNAPSHOT_FILES)."""
    text = read_package_files(PYSCRIPT)["src/stdlib/pyscript.js"].decode()
    literal = re.search(r"export default\s*(\{.*\})\s*;?\s*$", text, re.S)
    try:
        sources = json.loads(literal.group(1))["pyscript"] if literal else None
    except (json.JSONDecodeError, KeyError):
        sources = None
    if not isinstance(sources, dict) or not all(isinstance(v, str) for v in sources.values()):
        fail(f"{PYSCRIPT.spec}: src/stdlib/pyscript.js is not the {{name: source}} module expected")
    bundle = "".join(path.read_text() for path in sorted(vendored.glob("*.js")))
    for name, source in sources.items():
        if json.dumps(source, ensure_ascii=False) not in bundle:
            fail(f"{PYSCRIPT.spec}: the bundle's pyscript/{name} differs from src/stdlib/pyscript.js")
    return sources


# --------------------------------------------------------------------------- engine wheel


def project_metadata() -> dict:
    """The [project] table of pyproject.toml."""
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)["project"]


def wheel_filename(project: dict) -> str:
    """PEP 427 file name of the pure-Python wheel for the project."""
    name = re.sub(r"[-_.]+", "_", project["name"]).lower()
    return f"{name}-{project['version']}-py3-none-any.whl"


# What the page gets as static files from the build (write_static_data), so the wheel that runs
# in the browser leaves it out: the rules texts, the rules demos (their module and captions) and
# the page's own words (the table's buttons and dialogs, the coach's sentences: site/i18n/).
PAGE_ONLY = ("demos.py", "*.rules.json", "*.demos.json", "*.page.json")
# What only a terminal runs, from the source tree (`python3 -m pygame_core …`): the command line.
# A page (the site's, or a web author's PyScript page) imports the engine and never runs it.
TERMINAL_ONLY = ("__main__.py",)


def package_files() -> list[Path]:
    """Every file of the engine package that goes into the wheel, sorted (less PAGE_ONLY and
    TERMINAL_ONLY)."""
    if not (PACKAGE_DIR / "__init__.py").is_file():
        fail(f"{PACKAGE_DIR / '__init__.py'} is missing")
    files = [p for p in PACKAGE_DIR.rglob("*")
             if p.is_file() and (p.suffix in (".py", ".json") or p.name == "py.typed")
             and "__pycache__" not in p.parts and not any(p.match(glob) for glob in PAGE_ONLY + TERMINAL_ONLY)]
    return sorted(files)


def without_docstrings(source: str) -> str:
    """Python source as the browser runs it: the same code, without docstrings and comments
    (`ast.unparse`), which the page never reads; the wheel stays within its 100 KB budget."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]
    return ast.unparse(tree) + "\n"


def wheel_data(path: Path) -> bytes:
    """A file's bytes as the wheel carries them: JSON catalogs without indentation, Python
    without docstrings and comments."""
    if path.suffix == ".json":
        return json.dumps(json.loads(path.read_text(encoding="utf-8")), ensure_ascii=False,
                          separators=(",", ":")).encode()
    if path.suffix == ".py":
        return without_docstrings(path.read_text(encoding="utf-8")).encode()
    return path.read_bytes()


def metadata_text(project: dict) -> str:
    """Core metadata (METADATA) for the wheel."""
    lines = ["Metadata-Version: 2.1", f"Name: {project['name']}", f"Version: {project['version']}"]
    if "description" in project:
        lines.append(f"Summary: {project['description']}")
    if "requires-python" in project:
        lines.append(f"Requires-Python: {project['requires-python']}")
    lines += [f"Requires-Dist: {dep}" for dep in project.get("dependencies", [])]
    return "\n".join(lines) + "\n"


def record_line(arcname: str, data: bytes) -> str:
    """One RECORD row: path, urlsafe-base64 sha256 without padding, size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arcname},sha256={digest},{len(data)}"


def build_wheel(out_dir: Path) -> Path:
    """Build the pure-Python engine wheel with zipfile; return its path."""
    project = project_metadata()
    filename = wheel_filename(project)
    dist_info = f"{filename.split('-')[0]}-{project['version']}.dist-info"
    entries = [(p.relative_to(ROOT).as_posix(), wheel_data(p)) for p in package_files()]
    entries.append((f"{dist_info}/METADATA", metadata_text(project).encode()))
    entries.append((f"{dist_info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: tidepool build.py\n"
                                          b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    record = [record_line(name, data) for name, data in entries] + [f"{dist_info}/RECORD,,"]
    entries.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))

    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / filename
    with zipfile.ZipFile(path, "w") as wheel:
        for name, data in entries:
            info = zipfile.ZipInfo(name, ZIP_EPOCH)
            info.external_attr = 0o644 << 16
            wheel.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return path


# --------------------------------------------------------------------------- memory snapshot

# The engine's memory snapshot, made at build time so that PyScript's worker restores it instead of
# starting Python and importing the engine (web/interpreter.mjs). The file is gzip of
# SNAPSHOT_HEADER bytes naming what it was made from and its size, "<Pyodide's version> <the
# wheel's SHA-256 in hex> <the memory's bytes>" padded with spaces, followed by Pyodide's memory
# snapshot (makeMemorySnapshot()) less its pages of zeros (sparse_memory: about 40% of the
# runtime's 30 MB, which then cost the page nothing to inflate). The worker restores it only when
# the header is the one the build writes into the site's web/interpreter.mjs (BUILD_PLACEHOLDER,
# write_build_facts).
SNAPSHOT_FILE = "snapshot.bin"
SNAPSHOT_HEADER = 128
SNAPSHOT_PAGE = 4096
SNAPSHOT_TIMEOUT_S = 300
SNAPSHOT_CACHE = CACHE / "snapshot"
BUILD_PLACEHOLDER = "__TIDEPOOL_BUILD__"
# What the snapshot holds imported: the modules web/engine.py's import pulls in, and those the
# engine's first calls import (importlib.resources' readers, for its catalogs: the standard library
# is compiled from source in the page, 20 ms on a first parse_query).
SNAPSHOT_IMPORTS = ("import pygame_core.facade, pygame_core.games, pygame_core.bots, pygame_core.describe, "
                    "importlib.readers, importlib.resources._adapters, importlib.resources.readers")
# PyScript then loads micropip to install pyscript.toml's packages. So that this costs little, the
# memory holds micropip imported. micropip's modules hold references to the runtime's JavaScript
# side: Pyodide carries those to globals (`js.fetch`) by name, and the others (Pyodide's API object
# and three of its functions) are named by web/snapshot-references.mjs (SNAPSHOT_REFERENCES) when
# the memory is taken and stood in for when it is restored; what micropip took from the API object
# by value (its table of loaded packages, the runtime's address) is pointed at the restored
# runtime's after a restore (REBIND there). (Nor can a runtime that ran loadPackage be
# snapshotted: hence micropip's wheel unpacked by hand here.)
#
# micropip's first question, the engine's installed version, lists each folder on sys.path (the
# standard library's zip file the slowest) and caches what it found by the folder's mtime: the
# folders are given a fixed mtime (PATH_MTIME, a build fact) here and again after a restore, so that
# the answer cached in the memory holds; and the modules it imports (email's parser, ...) are
# imported here, so that nothing of the standard library is compiled again in the page. Listing
# the standard library's zip file leaves it open (importlib.metadata keeps the ZipFile with the
# folder's listing); an open file does not survive a snapshot (its descriptor means nothing after a
# restore, and when the listing was dropped in the page, closing it printed "Exception ignored …
# Bad file descriptor" on the console), so it is closed here and the listing kept.
PATH_MTIME = 315532800  # 1980-01-01, as the wheel's files
SNAPSHOT_REFERENCES = ROOT / "web" / "snapshot-references.mjs"
MICROPIP_PRELOAD = f"""\
import gc, importlib.metadata, os, sys
for path in sys.path:
    if os.path.exists(path):
        os.utime(path, ({PATH_MTIME}, {PATH_MTIME}))
import micropip, pyodide.http
importlib.metadata.version("pygame_core")
for path in sys.path:  # the standard library's zip file, left open by its listing: see above
    opened = getattr(importlib.metadata.FastPath(path).__dict__.get("joinpath"), "__self__", None)
    if opened is not None:
        opened.root.close()
del micropip, pyodide, path
gc.collect()
"""

# A snapshot holds memory, not files: the files that memory expects to find go beside it in
# SNAPSHOT_FILES, a tar.gz of paths in the runtime's file system, which web/interpreter.mjs writes
# after a restore. They are the two wheels' files where micropip installed them (so PyScript finds
# micropip loaded and micropip finds the engine's requirement satisfied, and the engine its data
# files), and the bytecode of what the page imports afresh: PyScript's own `pyscript` package,
# whose sources (PYSCRIPT_SOURCES, {file name: source}, as the vendored bundle carries them:
# pyscript_sources()) its worker writes into the home folder's pyscript/ before it runs a script. The bytecode is unchecked hash-based .pyc (PEP 552: Python
# takes it without comparing it to the source's mtime, which is the moment the page writes it),
# compiled from the very sources the page has. SNAPSHOT_FILES_SCRIPT makes the archive in the
# build's runtime, once its memory is taken, as /tmp/files.tar (no mtimes, owners or modes kept).
SNAPSHOT_FILES = "snapshot-files.tar.gz"
SNAPSHOT_FILES_SCRIPT = f"""\
import json, os, py_compile, sysconfig, tarfile
purelib = sysconfig.get_path("purelib")
home_pyscript = os.path.join(os.getcwd(), "pyscript")
for name, text in json.loads(PYSCRIPT_SOURCES).items():
    path = os.path.join(home_pyscript, name)  # written as PyScript's worker writes it, and compiled from that
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
    py_compile.compile(path, doraise=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    os.remove(path)
def plain(info):
    info.mtime, info.uid, info.gid, info.uname, info.gname, info.mode = 0, 0, 0, "", "", 0o644
    return info
with tarfile.open("/tmp/files.tar", "w", format=tarfile.USTAR_FORMAT) as archive:
    for root in (purelib, home_pyscript):
        for folder, folders, names in sorted(os.walk(root)):
            for name in sorted(names):
                path = os.path.join(folder, name)
                archive.add(path, arcname=path.lstrip("/"), recursive=False, filter=plain)
"""

# Runs under Node.js with arguments: the site's pyodide/ folder, the engine wheel, micropip's wheel,
# the engine's imports, micropip's preload, SNAPSHOT_FILES_SCRIPT, PyScript's sources (a JSON file),
# SNAPSHOT_REFERENCES, the output files (the memory, the files' tar) and the header's size. It
# boots the vendored runtime, unpacks both wheels, runs the imports and the preload, takes the
# memory and archives the files, then checks both as PyScript will use them (web/interpreter.mjs):
# restored, micropip's table of loaded packages the runtime's own, micropip installing the engine
# wheel, the engine answering. It writes the header and the memory, and the tar. Any failure
# is one line on stderr and exit status 1.
SNAPSHOT_SCRIPT = r"""
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename } from "node:path";
import { pathToFileURL } from "node:url";

const [indexPath, wheelPath, micropipPath, imports, preload, filesScript, sourcesPath, referencesPath,
       outPath, filesPath, headerSize] = process.argv.slice(1);
// Emscripten names the program (sys.executable, os.environ["_"]) after process.argv[1]; with no
// arguments it uses the name it has in a browser, so no path of the build machine is remembered.
process.argv.length = 1;
// Under Node, Pyodide loads the npm package ws unless require() exists; the engine needs neither.
globalThis.require = createRequire(pathToFileURL(indexPath));
// Python keeps the time zone and LANG it starts with: the same ones on any build machine.
process.env.TZ = "UTC";
try {
  const { loadPyodide, version } = await import(pathToFileURL(indexPath + "pyodide.mjs"));
  const { referenceNames, referenceStandIns, REBIND } = await import(pathToFileURL(referencesPath));
  const pyodide = await loadPyodide({ indexURL: indexPath, _makeSnapshot: true, env: { LANG: "C.UTF-8" } });
  // Where micropip installs a wheel: the modules imported here must have the paths they will have.
  const extractDir = pyodide.runPython("import sysconfig\nsysconfig.get_path('purelib')");
  const wheel = new Uint8Array(readFileSync(wheelPath));
  pyodide.unpackArchive(wheel, "wheel", { extractDir });
  pyodide.runPython(imports);
  pyodide.unpackArchive(new Uint8Array(readFileSync(micropipPath)), "wheel", { extractDir });
  pyodide.runPython(preload);
  const memory = pyodide.makeMemorySnapshot({ serializer: referenceNames(pyodide) });
  // The files that memory expects, archived once it is taken.
  pyodide.globals.set("PYSCRIPT_SOURCES", readFileSync(sourcesPath, "utf8"));
  pyodide.runPython(filesScript);
  const files = pyodide.FS.readFile("/tmp/files.tar");
  // Restore it as PyScript's worker will (web/interpreter.mjs), the files written; micropip must
  // then find the engine's requirement satisfied (the URL is never fetched), and the engine must
  // answer: a snapshot that fails is not shipped.
  const { deserializer, bind } = referenceStandIns();
  const restored = await loadPyodide({ indexURL: indexPath, _loadSnapshot: memory, _snapshotDeserializer: deserializer });
  bind(restored);
  restored.runPython(REBIND);
  restored.loadedPackages.micropip = "default channel";
  if (restored.runPython("from micropip._compat import loadedPackages\nloadedPackages.micropip") !== "default channel") {
    throw new Error("micropip does not see the restored runtime's table of loaded packages");
  }
  restored.FS.writeFile("/tmp/files.tar", files);
  restored.runPython('import tarfile\nwith tarfile.open("/tmp/files.tar") as archive: archive.extractall("/", filter="data")');
  const requirement = `pygame_core @ emfs:/tmp/absent/${basename(wheelPath)}`;
  await restored.runPythonAsync(`import micropip\nawait micropip.install(${JSON.stringify(requirement)})`);
  const reply = JSON.parse(restored.runPython("from pygame_core.facade import call\ncall('info')"));
  if (!reply.ok) throw new Error(`the restored engine answers: ${reply.error}`);
  const header = Buffer.alloc(Number(headerSize), " ");
  header.write(`${version} ${createHash("sha256").update(wheel).digest("hex")}`);
  writeFileSync(outPath, Buffer.concat([header, memory]));
  writeFileSync(filesPath, files);
} catch (err) {
  const lines = String(err?.message ?? err).split("\n").filter((line) => line.trim());
  process.stderr.write(`${lines.at(-1) ?? "unknown error"}\n`);
  process.exitCode = 1;
}
"""


def sparse_memory(memory: bytes) -> bytes:
    """The memory as the site ships it and the page stores it: a bitmap of its SNAPSHOT_PAGE-byte
    pages (page i holds a byte other than 0 where bit i % 8 of byte i // 8 is set), then those
    pages in order, the last one as long as the memory leaves it. web/interpreter.mjs expands it."""
    starts = range(0, len(memory), SNAPSHOT_PAGE)
    bitmap = bytearray((len(starts) + 7) // 8)
    kept = []
    zeros = bytes(SNAPSHOT_PAGE)
    for index, start in enumerate(starts):
        page = memory[start:start + SNAPSHOT_PAGE]
        if page != zeros[:len(page)]:
            bitmap[index // 8] |= 1 << (index % 8)
            kept.append(page)
    return bytes(bitmap) + b"".join(kept)


def expand_memory(sparse: bytes, size: int) -> bytes:
    """The `size` bytes of memory that sparse_memory() left out the zero pages of; raises
    ValueError where `sparse` is not that memory's (too short or too long)."""
    pages = (size + SNAPSHOT_PAGE - 1) // SNAPSHOT_PAGE
    bitmap, at = sparse[:(pages + 7) // 8], (pages + 7) // 8
    memory = bytearray(size)
    for index in range(pages):
        if len(bitmap) == (pages + 7) // 8 and bitmap[index // 8] >> (index % 8) & 1:
            start = index * SNAPSHOT_PAGE
            length = min(SNAPSHOT_PAGE, size - start)
            memory[start:start + length] = sparse[at:at + length]
            at += length
    if at != len(sparse) or len(memory) != size:
        raise ValueError(f"{len(sparse)} bytes are not a sparse memory of {size} bytes")
    return bytes(memory)


def make_snapshot(site: Path, wheel: Path, out: Path, files_out: Path) -> str:
    """Write the gzip snapshot file for this site and wheel to `out`, and the files its memory
    expects (SNAPSHOT_FILES) to `files_out`, with Node.js; return how it went in a few words. Made
    once per runtime, lock, wheels, PyScript, scripts and imports (kept in .cache/snapshot/, so a
    rebuild of the same sources gives the same files); raises RuntimeError with a one-line reason
    when they cannot be made."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("Node.js (node) is not installed")
    lock = site / "pyodide" / "pyodide-lock.json"  # missing: Node.js says why the runtime fails
    sources = json.dumps(pyscript_sources(site / "pyscript"), sort_keys=True)
    inputs = hashlib.sha256()
    for part in (PYODIDE.sha256.encode(), MICROPIP.sha256.encode(), file_digest(wheel, "sha256"),
                 sources.encode(), file_digest(lock, "sha256") if lock.is_file() else b"no lock",
                 SNAPSHOT_SCRIPT.encode(), SNAPSHOT_IMPORTS.encode(), MICROPIP_PRELOAD.encode(),
                 SNAPSHOT_FILES_SCRIPT.encode(), SNAPSHOT_REFERENCES.read_bytes(), str(SNAPSHOT_HEADER).encode(),
                 inspect.getsource(make_snapshot).encode(), inspect.getsource(sparse_memory).encode()):
        inputs.update(part + b"\0")
    cached = SNAPSHOT_CACHE / inputs.hexdigest()[:32]
    if cached.with_suffix(".bin").is_file() and cached.with_suffix(".tar.gz").is_file():
        shutil.copyfile(cached.with_suffix(".bin"), out)
        shutil.copyfile(cached.with_suffix(".tar.gz"), files_out)
        return "cached"
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as scratch:
        raw, tar, sources_file = (Path(scratch) / name for name in ("memory", "files.tar", "pyscript.json"))
        sources_file.write_text(sources)
        try:
            result = subprocess.run(
                [node, "--input-type=module", "--eval", SNAPSHOT_SCRIPT, f"{site / 'pyodide'}/",
                 str(wheel), str(site / "pyodide" / MICROPIP.filename), SNAPSHOT_IMPORTS,
                 MICROPIP_PRELOAD, SNAPSHOT_FILES_SCRIPT, str(sources_file), str(SNAPSHOT_REFERENCES), str(raw), str(tar),
                 str(SNAPSHOT_HEADER)],
                capture_output=True, text=True, timeout=SNAPSHOT_TIMEOUT_S, cwd=scratch)
        except subprocess.TimeoutExpired:
            raise RuntimeError(f"Node.js did not finish within {SNAPSHOT_TIMEOUT_S} s") from None
        if result.returncode != 0 or not raw.is_file() or not tar.is_file():
            raise RuntimeError(f"Node.js: {node_error(result)}")
        data = raw.read_bytes()
        memory = data[SNAPSHOT_HEADER:]
        header = f"{data[:SNAPSHOT_HEADER].decode().rstrip()} {len(memory)}".encode().ljust(SNAPSHOT_HEADER)
        sparse = sparse_memory(memory)
        if expand_memory(sparse, len(memory)) != memory:
            raise RuntimeError("the memory does not survive leaving out its pages of zeros")
        # mtime=0: the same memory gives the same file (and the same service worker version).
        write_file(out, gzip.compress(header + sparse, compresslevel=6, mtime=0))
        write_file(files_out, gzip.compress(tar.read_bytes(), compresslevel=9, mtime=0))
    shutil.rmtree(SNAPSHOT_CACHE, ignore_errors=True)  # one snapshot kept: the latest build's
    SNAPSHOT_CACHE.mkdir(parents=True)
    # An interrupted copy is never taken for a snapshot: each is copied whole, the .bin (which says
    # the pair is there) last.
    for made, suffix in ((files_out, ".tar.gz"), (out, ".bin")):
        partial = cached.with_suffix(".partial")
        shutil.copyfile(made, partial)
        partial.replace(cached.with_suffix(suffix))
    return f"made in {time.monotonic() - started:.1f} s"


def node_error(result: subprocess.CompletedProcess) -> str:
    """One line saying why a Node.js run failed: the last line the snapshot script printed, or
    for an error it did not catch (Node.js then ends with its version), that error's line and
    not its stack trace."""
    lines = [line.strip() for line in result.stderr.splitlines() if line.strip()]
    if lines and lines[-1].startswith("Node.js v"):
        lines = [line for line in lines if re.match(r"[A-Za-z]*Error\b", line)] or lines[:-1]
    return (lines or [f"exit status {result.returncode}"])[-1][:200]


def write_snapshot(site: Path, wheel: Path) -> None:
    """Add the engine's memory snapshot to the site, or say in one line why the site has none
    (the engine then makes its own on a first visit, as without one)."""
    out, files_out = site / SNAPSHOT_FILE, site / SNAPSHOT_FILES
    try:
        how = make_snapshot(site, wheel, out, files_out)
    except (RuntimeError, OSError) as exc:
        out.unlink(missing_ok=True)
        files_out.unlink(missing_ok=True)
        print(f"snapshot: none ({exc}); a first visit boots the engine itself")
        return
    print(f"snapshot: {out.relative_to(ROOT)}  {out.stat().st_size / 2**20:.1f} MB "
          f"({snapshot_memory_size(out.parent) / 2**20:.1f} MB of memory), with {files_out.name} "
          f"{files_out.stat().st_size / 2**10:.0f} KB, {how}")


# --------------------------------------------------------------------------- site assembly


def check_pyscript_config(config_path: Path, wheel_name: str) -> None:
    """Fail unless pyscript.toml installs this wheel, runs the site's own interpreter module and
    fetches nothing from another host (PyScript falls back to its CDN for what it is not given)."""
    with config_path.open("rb") as handle:
        config = tomllib.load(handle)
    strings = list(_strings(config))
    remote = [s for s in strings if re.match(r"^[a-z]+://", s, re.I)]
    if remote:
        fail(f"{config_path.name} refers to another host ({', '.join(remote)}); "
             "the site must work offline")
    if not str(config.get("interpreter", "")).startswith(("./", "../")):
        fail(f'{config_path.name} names no interpreter module of the site (interpreter = "./web/...mjs"); '
             "PyScript would fetch Pyodide from its CDN")
    dist_name = wheel_name.split("-")[0]
    urls = [s.split("@", 1)[1].strip() if " @ " in s else s for s in config.get("packages", [])]
    named = {PurePosixPath(s).name for s in urls if re.search(rf"{dist_name}-.*\.whl$", s)}
    if not named:
        fail(f'{config_path.name} does not install the engine wheel: add "./{wheel_name}" to packages')
    wrong = sorted(named - {wheel_name})
    if wrong:
        fail(f"{config_path.name} names {', '.join(wrong)} but pyproject.toml builds {wheel_name}: "
             "make the versions agree")


def _strings(value):
    """Every string key and value in a parsed TOML document."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def check_page(page: Path) -> None:
    """Fail if index.html loads anything from another host: the site must work offline."""
    html = page.read_text(encoding="utf-8")
    remote = re.findall(r"""(?:src|href)\s*=\s*["']([a-z]+://[^"']+)""", html, re.I)
    if remote:
        fail(f"index.html refers to another host ({', '.join(remote)}); the site must work offline")


def write_build_facts(site: Path, wheel: Path) -> None:
    """Write what the site's web/interpreter.mjs needs to know of this build in place of its
    BUILD_PLACEHOLDER: {runtime, sha256, snapshot, pathMtime, memory, downloads}, Pyodide's
    version, the engine wheel's SHA-256 (a memory snapshot is restored only if made from both), the
    snapshot file's SHA-256 ("" where the site has none: a memory stored on an earlier visit is
    restored only if it is this build's), the mtime the snapshot's sys.path folders have
    (PATH_MTIME), the bytes of the snapshot's memory (0 where the site has none), and the bytes of
    the large files a start downloads ({runtime, snapshot, files, wheels}: the loading counter's
    totals; Pyodide's wasm and standard library, the snapshot file and SNAPSHOT_FILES (0 where the
    site has none), the two wheels, which a start without the snapshot installs). Runs after
    write_snapshot."""
    module = site / "web" / "interpreter.mjs"
    text = module.read_text()
    if f'"{BUILD_PLACEHOLDER}"' not in text:
        fail(f"web/interpreter.mjs has no {BUILD_PLACEHOLDER} placeholder")
    size = lambda path: path.stat().st_size if path.is_file() else 0  # noqa: E731
    facts = {"runtime": PYODIDE.spec.split("@")[1],
             "sha256": file_digest(wheel, "sha256").hex(),
             "snapshot": file_digest(site / SNAPSHOT_FILE, "sha256").hex() if (site / SNAPSHOT_FILE).is_file() else "",
             "pathMtime": PATH_MTIME,
             "memory": snapshot_memory_size(site), "downloads": {
                 "runtime": sum(size(site / "pyodide" / name) for name in ("pyodide.asm.wasm", "python_stdlib.zip")),
                 "snapshot": size(site / SNAPSHOT_FILE), "files": size(site / SNAPSHOT_FILES),
                 "wheels": size(wheel) + size(site / "pyodide" / MICROPIP.filename)}}
    module.write_text(text.replace(f'"{BUILD_PLACEHOLDER}"', json.dumps(facts)))


def snapshot_memory_size(site: Path) -> int:
    """The bytes of memory the site's snapshot file holds (its header says), 0 where it has none."""
    path = site / SNAPSHOT_FILE
    if not path.is_file():
        return 0
    with gzip.open(path) as unpacked:
        return int(unpacked.read(SNAPSHOT_HEADER).split()[2])


def copy_app(site: Path) -> None:
    """Copy index.html, pyscript.toml and web/** (less the sw.js template) into the site."""
    for name in ("index.html", "pyscript.toml"):
        if (ROOT / name).is_file():
            shutil.copy2(ROOT / name, site / name)
        else:
            print(f"warning: {name} does not exist: the site has no front end")
    web = ROOT / "web"
    for path in sorted(web.rglob("*")) if web.is_dir() else []:
        rel = path.relative_to(ROOT)
        if (path.is_file() and path != web / "sw.js" and "__pycache__" not in rel.parts
                and not any(part.startswith(".") for part in rel.parts)):
            write_file(site / rel, path.read_bytes())
    write_static_data(site)


def write_static_data(site: Path) -> None:
    """Write what the page shows before (or without) the engine, from the engine itself:
    site/lobby.json (games with player ranges and option specs, bot levels, languages),
    site/i18n/<lang>.json (each language's merged catalog, English filling any gap) and
    site/demos/<game>.<lang>.json (each rules demo, played through on stacked decks)."""
    sys.path.insert(0, str(ROOT))
    try:
        from pygame_core import facade
        from pygame_core.demos import DEMOS, build_demo
        from pygame_core.describe import catalog, translated
    finally:
        sys.path.remove(str(ROOT))
    lobby = facade.info("en")
    del lobby["ok"], lobby["catalog"]
    write_file(site / "lobby.json", json.dumps(lobby, separators=(",", ":")).encode())
    for lang in translated():
        data = json.dumps(catalog(lang), ensure_ascii=False, separators=(",", ":")).encode()
        write_file(site / "i18n" / f"{lang}.json", data)
        for name in DEMOS:
            data = json.dumps(build_demo(name, lang), ensure_ascii=False, separators=(",", ":"))
            write_file(site / "demos" / f"{name}.{lang}.json", data.encode())


def site_files(site: Path) -> list[str]:
    """Paths (relative, POSIX) of every file in the site except the service worker, sorted."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*")
                  if p.is_file() and p != site / "sw.js")


def content_version(site: Path, files: list[str]) -> str:
    """A short hash of the names and contents of the site's files."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + file_digest(site / name, "sha256"))
    return digest.hexdigest()[:16]


def write_service_worker(site: Path) -> None:
    """Write site/sw.js from web/sw.js with the precache list and content version filled in."""
    template = (ROOT / "web" / "sw.js").read_text()
    files = site_files(site)
    filled = template
    for placeholder, value in (('"__TIDEPOOL_VERSION__"', content_version(site, files)),
                               ("[/*__TIDEPOOL_FILES__*/]", ["./", *map(quote, files)])):
        if placeholder not in filled:
            fail(f"web/sw.js has no {placeholder} placeholder")
        filled = filled.replace(placeholder, json.dumps(value))
    (site / "sw.js").write_text(filled)


def tree_size(path: Path) -> int:
    """Total bytes of the files under path."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def build() -> Path:
    """Build the wheel, vendor the runtime and assemble dist/site/; return the site folder."""
    for tarball in (PYODIDE, PYSCRIPT):
        fetch_tarball(tarball)
    wheel = build_wheel(DIST)
    size = wheel.stat().st_size
    verdict = "within" if size < WHEEL_BUDGET else "OVER"
    print(f"wheel: {wheel.relative_to(ROOT)}  {size / 1024:.1f} KB ({verdict} the 100 KB budget)")

    if (ROOT / "index.html").is_file():
        check_page(ROOT / "index.html")
    for config in [ROOT / "pyscript.toml", *sorted((ROOT / "web").rglob("*.toml"))]:
        if config.is_file():
            check_pyscript_config(config, wheel.name)
    shutil.rmtree(SITE, ignore_errors=True)
    SITE.mkdir(parents=True)
    copy_app(SITE)
    shutil.copy2(wheel, SITE / wheel.name)
    vendor_pyodide(SITE / "pyodide")
    vendor_pyscript(SITE / "pyscript")
    write_snapshot(SITE, SITE / wheel.name)
    write_build_facts(SITE, SITE / wheel.name)
    write_service_worker(SITE)
    count = sum(1 for p in SITE.rglob("*") if p.is_file())
    print(f"site:  {SITE.relative_to(ROOT)}/  {count} files, {tree_size(SITE) / 2**20:.1f} MB")
    return SITE


# --------------------------------------------------------------------------- static server

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
}


def content_security_policy(page: Path = ROOT / "index.html") -> str:
    """The policy index.html declares in its <meta http-equiv="Content-Security-Policy">, which
    `serve` also sends as a header (the header covers the engine's worker too)."""
    found = re.search(r'<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"',
                      page.read_text(encoding="utf-8"))
    if not found:
        fail("index.html declares no Content-Security-Policy")
    return found.group(1)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types the runtime needs, the app's Content-Security-Policy (on
    everything but other HTML pages), revalidated on every load."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    policy = ""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        # The app's policy, not a host page's: another page here (the embedding example, a page
        # a web author drops in) keeps its own inline styles.
        path = self.path.split("?", 1)[0]
        if self.policy and not (path.endswith(".html") and not path.endswith("/index.html")):
            self.send_header("Content-Security-Policy", self.policy)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib signature)
        if not self.server.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """Threaded server that can stay quiet (tests) and ignores clients that hang up."""

    daemon_threads = True

    def __init__(self, address, handler, quiet: bool = False):
        self.quiet = quiet
        super().__init__(address, handler)

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 8000, host: str = "127.0.0.1",
                quiet: bool = False) -> SiteServer:
    """A server for directory (not yet running); port 0 picks a free port."""
    page = directory / "index.html"
    policy = content_security_policy(page) if page.is_file() else ""
    handler = type("PolicySiteHandler", (SiteHandler,), {"policy": policy})
    handler = functools.partial(handler, directory=str(directory))
    return SiteServer((host, port), handler, quiet=quiet)


def start_server(directory: Path, quiet: bool = True) -> tuple[SiteServer, str]:
    """Serve directory on a free loopback port in a daemon thread; return (server, base URL).

    Stop it with server.shutdown(); server.server_close().
    """
    server = make_server(directory, port=0, quiet=quiet)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


@contextlib.contextmanager
def serving(directory: Path):
    """The directory served on a free loopback port for the with-block (start_server); yields its
    base URL and stops the server after the block, however it ends."""
    server, url = start_server(directory)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


def serve(port: int) -> int:
    """Build, then serve dist/site/ until interrupted (1 if the port is taken)."""
    site = build()
    try:
        server = make_server(site, port=port)
    except OSError as exc:
        print(f"build.py: cannot serve on port {port} ({exc.strerror}); "
              f"try another one: python3 build.py serve --port {port + 1}", file=sys.stderr)
        return 1
    print(f"serving {site.relative_to(ROOT)}/ on http://localhost:{port}/  (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


# --------------------------------------------------------------------------- test environment


def test_requirements() -> list[str]:
    """The pinned test dependencies from pyproject.toml [project.optional-dependencies] test."""
    return project_metadata()["optional-dependencies"]["test"]


def venv_python() -> Path:
    """The Python interpreter of .venv/."""
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def requirements_satisfied(python: Path, requirements: list[str]) -> bool:
    """True if every `name==version` pin is installed in that interpreter's environment."""
    pins = [re.fullmatch(r"\s*([A-Za-z0-9._-]+)\s*==\s*([^\s;]+)\s*", r) for r in requirements]
    if not all(pins):
        return False  # not all pinned: let pip decide
    check = ("import sys, importlib.metadata as m\n"
             "def ok(n, v):\n"
             "    try: return m.version(n) == v\n"
             "    except m.PackageNotFoundError: return False\n"
             "sys.exit(0 if all(ok(n, v) for n, v in zip(sys.argv[1::2], sys.argv[2::2])) else 1)")
    args = [str(python), "-c", check] + [part for pin in pins for part in pin.groups()]
    return subprocess.run(args).returncode == 0


def ensure_venv() -> Path:
    """Create .venv/ and install the test dependencies unless already satisfied."""
    python = venv_python()
    if not python.exists():
        print(f"creating {VENV.relative_to(ROOT)}/")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    requirements = test_requirements()
    if not requirements_satisfied(python, requirements):
        print("installing test dependencies: " + " ".join(requirements))
        subprocess.run([str(python), "-m", "pip", "install", "--quiet",
                        "--disable-pip-version-check", *requirements], check=True)
    return python


def ensure_chromium() -> None:
    """Make sure Debian's Chromium is at /usr/bin/chromium (install it when root)."""
    if CHROMIUM.exists():
        return
    if os.name != "posix" or os.geteuid() != 0 or not shutil.which("apt-get"):
        fail(f"{CHROMIUM} is missing: install Debian's Chromium (`sudo apt-get install chromium`); "
             "the browser tests never download a browser")
    print("installing chromium with apt-get")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "chromium"], check=True, env=env)
    if not CHROMIUM.exists():
        fail(f"apt-get installed chromium but {CHROMIUM} still does not exist")


def run_tests(pytest_args: list[str]) -> int:
    """Set up the test environment, build, run pytest; return its exit code (5 = no tests)."""
    python = ensure_venv()
    ensure_chromium()
    ensure_test_npm()
    build()
    code = subprocess.run([str(python), "-m", "pytest", *pytest_args], cwd=ROOT).returncode
    if code == 5:
        print("build.py: pytest collected no tests; that counts as a failure")
    return code


# Bench-only npm packages (never shipped in the site), installed into .cache/bench/.
BENCH_NPM = ("lighthouse@12.2.3",)
# Test-only npm packages (never shipped in the site), installed into .cache/test/: axe-core, the
# accessibility checker the browser tests inject into the page.
TEST_NPM = ("axe-core@4.14.1",)
AXE_JS = CACHE / "test" / "node_modules" / "axe-core" / "axe.min.js"


def ensure_npm(prefix: Path, specs: tuple[str, ...], needed_by: str) -> None:
    """Install the pinned npm packages `specs` ("name@version") into `prefix`/node_modules unless
    those versions are already there; `needed_by` names who needs them in the error message."""
    wanted = {spec.rsplit("@", 1)[0]: spec.rsplit("@", 1)[1] for spec in specs}
    have = {}
    for name in wanted:
        manifest = prefix / "node_modules" / name / "package.json"
        if manifest.is_file():
            have[name] = json.loads(manifest.read_text()).get("version")
    if have == wanted:
        return
    npm = shutil.which("npm") or fail(f"{needed_by} need npm (install Node.js/npm)")
    prefix.mkdir(parents=True, exist_ok=True)
    print("npm install " + " ".join(specs))
    subprocess.run([npm, "install", "--prefix", str(prefix), "--no-audit", "--no-fund", "--silent",
                    "--save-exact", *specs], check=True, stdout=subprocess.DEVNULL)


def ensure_bench_npm() -> None:
    """Install the pinned bench-only npm packages into .cache/bench/ unless already there."""
    ensure_npm(CACHE / "bench", BENCH_NPM, "the benchmarks")


def ensure_test_npm() -> None:
    """Install the pinned test-only npm packages (axe-core) into .cache/test/ unless already there."""
    ensure_npm(CACHE / "test", TEST_NPM, "the browser tests")


def run_bench() -> int:
    """Build, then print the benchmark figures (never asserts timing)."""
    python = ensure_venv()
    bench = project_metadata()["optional-dependencies"]["bench"]
    if not requirements_satisfied(python, bench):
        print("installing bench dependencies: " + " ".join(bench))
        subprocess.run([str(python), "-m", "pip", "install", "--quiet",
                        "--disable-pip-version-check", *bench], check=True)
    ensure_chromium()
    ensure_bench_npm()
    wheel = build() / wheel_filename(project_metadata())
    print(f"\n== wheel size: {wheel.stat().st_size / 1024:.1f} KB (budget < 100 KB)")
    codes = [subprocess.run([str(python), str(ROOT / "tests" / "bench" / script)],
                            cwd=ROOT).returncode
             for script in ("startup.py", "lighthouse.py", "engine_speed.py", "bots.py",
                            "search_speed.py", "browser_bots.py", "browser_search.py", "coach_speed.py",
                            "turn_waits.py", "openspiel_go_fish.py")]
    return max(codes)


def run_soak(minutes: float, extra: list[str]) -> int:
    """Run the soak test (tests/soak.py: standard library only, so no set-up) for ``minutes``,
    in this one process's child; return its exit code (1 on any failure)."""
    return subprocess.run([sys.executable, str(ROOT / "tests" / "soak.py"), "--minutes",
                           str(minutes), *extra], cwd=ROOT).returncode


# --------------------------------------------------------------------------- command line


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run a subcommand; return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("build", help="build the wheel and assemble dist/site/")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/site/")
    serve_parser.add_argument("--port", type=int, default=8000)
    commands.add_parser("test", help="set up, build and run every test (other args go to pytest)")
    commands.add_parser("bench", help="build, then print the benchmark figures")
    soak_parser = commands.add_parser(
        "soak", help="random and bot play over every game, player count and option combination, "
                     "checking invariants after every action (other args go to tests/soak.py)",
        description="Run tests/soak.py; --games N plays N games instead of a time, --seed S "
                    "repeats a run, --jobs N plays in N processes at once. Prints games, "
                    "actions and failures; exit status 1 on any failure.")
    soak_parser.add_argument("--minutes", type=float, default=1.0, help="how long (default 1)")
    args, extra = parser.parse_known_args(argv)
    if extra and args.command not in ("test", "soak"):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")

    if args.command == "build":
        build()
    elif args.command == "serve":
        return serve(args.port)
    elif args.command == "test":
        return run_tests(extra)
    elif args.command == "bench":
        return run_bench()
    elif args.command == "soak":
        if not (args.minutes > 0 and args.minutes < float("inf")):
            parser.error(f"soak: --minutes must be a positive number, got {args.minutes}")
        return run_soak(args.minutes, extra)
    return 0


if __name__ == "__main__":
    sys.exit(main())
