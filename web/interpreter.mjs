// PyScript's interpreter module for the engine's worker (pyscript.toml: interpreter =
// "./web/interpreter.mjs"). PyScript imports it in its worker in place of Pyodide's pyodide.mjs and
// calls its loadPyodide(options) and version, as it would Pyodide's own; this module runs the
// vendored Pyodide (../pyodide/) and, where it can, restores the runtime's memory instead of
// starting Python: Pyodide's memory snapshot, made by the build (build.py make_snapshot) with the
// engine and micropip installed and imported, so that what PyScript then does (load micropip, have
// it install the engine pyscript.toml names, run web/engine.py) finds its work done.
//
// The memory comes from the first of
//   - the Cache API entry an earlier visit stored ("tidepool-snapshot");
//   - the build's file snapshot.bin, which a first visit downloads and then stores for the next;
// and where neither restores (storage denied, a damaged entry or file, another build's) the runtime
// starts fresh. Both are keyed by Pyodide's version and the engine wheel's SHA-256, and the stored
// entry by the build's file's too (BUILD, which the build writes into the site's copy of this
// module), so no other build's memory is ever restored; a stored entry that fails to restore is
// deleted. The memory's references to the page's JavaScript side are made again as it restores
// (snapshot-references.mjs). A snapshot holds memory, not files: after a restore the files it
// expects are written from the build's snapshot-files.tar.gz (the two wheels' files where micropip
// had installed them, so PyScript finds micropip loaded and micropip finds the engine's
// requirement satisfied, and the bytecode of what is imported afresh: build.py SNAPSHOT_FILES).
// Messages to the page, on PyScript's worker:
//   {tidepool: {progress: {done, total}}}   bytes of the large downloads so far, of the total this
//                                           start downloads (BUILD.downloads; known before the
//                                           first message, and `done` only grows)
//   {tidepool: {boot: "snapshot"|"fresh"}}  how the runtime started
//   {tidepool: {failed: message}}           the runtime could not start (a download failed)
//   {tidepool: {mark: name, at}}            a step of the start (epoch ms): "tidepool:worker" (this
//                                           module runs in PyScript's worker), "tidepool:runtime"
//                                           (Pyodide restored or started), "tidepool:packages"
//                                           (PyScript's micropip done)
import { loadPyodide as startPyodide, version } from "../pyodide/pyodide.mjs";
import { keepIndexedDBInMemory } from "./memory-indexeddb.js";
import { referenceStandIns, REBIND } from "./snapshot-references.mjs";

export { version };

// {runtime, sha256, snapshot, pathMtime, memory, downloads}: Pyodide's version, the engine wheel's
// SHA-256, the SHA-256 of the build's snapshot.bin (a stored memory is another build's unless its
// key ends in it), the mtime of the folders on sys.path in the build's memory, the bytes of that
// memory (0 where the build has none), and the bytes of the large files a start downloads
// ({runtime, snapshot, files, wheels}: Pyodide's wasm and standard library, snapshot.bin and
// snapshot-files.tar.gz, or 0 where the build has none, and the two wheels, which micropip installs
// on a fresh start). The build writes it into the site's copy.
const BUILD = "__TIDEPOOL_BUILD__";
const SNAPSHOT_CACHE = "tidepool-snapshot";
// The build's file: gzip of "<runtime> <sha256> <memory bytes>" padded to SHIPPED_HEADER, then the
// memory less its pages of zeros (build.py sparse_memory), as the Cache API entry holds it too.
const SHIPPED_HEADER = 128;
const PAGE = 4096;

const site = new URL("../", import.meta.url);
const indexURL = new URL("pyodide/", site).href;
const shipped = new URL("snapshot.bin", site);
const shippedFiles = new URL("snapshot-files.tar.gz", site);
const cacheKey = new URL(`snapshot/${BUILD.runtime}/${BUILD.sha256}/${BUILD.snapshot}`, site).href;
const prefix = new URL(`snapshot/${version}/`, site).href;  // this runtime's entries

// In PyScript's worker its package cache lives in memory (memory-indexeddb.js): it opens it before
// it calls loadPyodide. A page that runs PyScript itself (web/examples/) keeps the browser's.
if (typeof WorkerGlobalScope !== "undefined") keepIndexedDBInMemory();

const mark = (name) => postMessage({ tidepool: { mark: name, at: performance.timeOrigin + performance.now() } });
mark("tidepool:worker");
addEventListener("py:progress", ({ detail }) => detail === "Loaded Pyodide" && mark("tidepool:packages"));

// Count the bytes of the large downloads as they stream in (no second fetch) for the page's bar.
// In PyScript's worker, which runs from a blob: URL, a relative address is the site's: against the
// blob: URL micropip could not resolve the engine's "./" URL on a fresh start. (On a page, as in
// web/examples/, addresses stay relative to the page.)
const relativeTo = location.protocol === "blob:" ? site : null;
const isRelative = (input) => relativeTo && typeof input === "string" && !/^[a-z][a-z0-9+.-]*:/i.test(input);
if (relativeTo) {
  // micropip's fetch (pyodide.http.pyfetch) builds a Request first.
  const PlainRequest = self.Request;
  self.Request = class Request extends PlainRequest {
    constructor(input, init) {
      super(isRelative(input) ? new URL(input, relativeTo).href : input, init);
    }
  };
}
const LARGE = [".wasm", ".zip", ".whl", ".bin", ".gz"];
const plainFetch = self.fetch.bind(self);
// The counter the page shows: `planned` bytes (set once it is known whether the build's memory
// file is downloaded), of which `done` per address; a file fetched again counts once.
let planned = null;
const done = new Map();
let reported = 0;
function report(force = false) {
  const now = performance.now();
  if (planned == null || (!force && now - reported < 50)) return;
  reported = now;
  const got = [...done.values()].reduce((a, b) => a + b, 0);
  postMessage({ tidepool: { progress: { done: Math.min(got, planned), total: planned } } });
}
function plan(withSnapshot) {
  const { runtime, snapshot, files, wheels } = BUILD.downloads;
  planned = runtime + (BUILD.memory ? files + (withSnapshot ? snapshot : 0) : wheels);
  report(true);
}
// Pyodide waits forever on a runtime file it could not download (it only warns that the wasm did
// not instantiate): such a failure is told to the page at once.
const RUNTIME_FILES = [".wasm", ".zip"];
function failed(url, reason) {
  if (url.startsWith(indexURL) && RUNTIME_FILES.some((end) => url.split("?")[0].endsWith(end))) {
    postMessage({ tidepool: { failed: `${url}: ${reason}` } });
  }
}
// What PyScript's worker cannot recover from while it starts (its script could not be fetched)
// ends in a rejection nobody handles: the page is told as well (it ignores this once started).
addEventListener("unhandledrejection", ({ reason }) => {
  postMessage({ tidepool: { failed: String(reason?.message ?? reason) } });
});
self.fetch = async (input, init) => {
  if (isRelative(input)) input = new URL(input, relativeTo).href;
  const url = typeof input === "string" ? input : input.url ?? String(input);
  let response;
  try {
    response = await plainFetch(input, init);
  } catch (err) {
    failed(url, err?.message ?? err);
    throw err;
  }
  if (!response.ok) failed(url, `HTTP ${response.status}`);
  if (!LARGE.some((end) => url.split("?")[0].endsWith(end)) || !response.body) return response;
  let got = 0;
  const counter = new TransformStream({
    transform(chunk, controller) {
      got += chunk.byteLength;
      done.set(url, Math.max(done.get(url) ?? 0, got));
      report();
      controller.enqueue(chunk);
    },
    flush() {
      report(true);
    },
  });
  return new Response(response.body.pipeThrough(counter),
    { status: response.status, statusText: response.statusText, headers: response.headers });
};

async function openSnapshots() {
  try {
    return await caches.open(SNAPSHOT_CACHE);
  } catch {
    return null;  // storage denied: restore the build's file every time, store nothing
  }
}

// The memory from `stream`, which gives `headerBytes` bytes and then the memory as the build ships
// it: a bitmap of its PAGE-byte pages (page i is set in bit i % 8 of byte i >> 3 where it holds a
// byte other than 0), then those pages in order; the others are zeros (about 40% of the memory, in a
// few long runs), which cost nothing to unpack. Resolves to {header, memory, sparse}: the header's
// bytes, the BUILD.memory bytes of memory, and the rest of what `stream` gave (as the Cache API
// entry keeps it); rejects where the stream fails (gzip checks the length and CRC-32 of what it
// unpacks) or does not give that memory's pages.
async function expandMemory(stream, headerBytes = 0) {
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  const size = BUILD.memory;
  const pages = Math.ceil(size / PAGE);
  const bitmap = bytes.subarray(headerBytes, headerBytes + Math.ceil(pages / 8));
  const kept = (page) => (bitmap[page >> 3] >> (page & 7)) & 1;
  const memory = new Uint8Array(size);
  let from = headerBytes + bitmap.length;
  for (let page = 0; page < pages; page += 1) {
    if (!kept(page)) continue;
    const first = page;
    while (page + 1 < pages && kept(page + 1)) page += 1;  // a run of kept pages, copied at once
    const at = first * PAGE;
    const length = Math.min((page + 1) * PAGE, size) - at;
    if (from + length > bytes.length) throw new Error("the memory ends early");
    memory.set(bytes.subarray(from, from + length), at);
    from += length;
  }
  if (from !== bytes.length) throw new Error("more bytes than the memory has pages");
  return { header: bytes.subarray(0, headerBytes), memory, sparse: bytes.subarray(headerBytes) };
}

// This build's stored memory (a Uint8Array), or null: none stored, storage denied, an older
// build's entry (replaced once this boot stores its own) or a damaged one (replaced likewise).
async function storedMemory(snapshots) {
  if (!snapshots) return null;
  try {
    const entry = (await snapshots.keys()).find((request) => request.url.startsWith(prefix));
    if (!entry || entry.url !== cacheKey) return null;
    return (await expandMemory((await snapshots.match(entry)).body)).memory;
  } catch {
    return null;
  }
}

// The memory in the build's file as it downloads and unpacks: {memory, sparse} (see expandMemory);
// rejects where the file is missing, damaged or another build's.
async function shippedMemory() {
  const response = await self.fetch(shipped);
  if (!response.ok) throw new Error(`${shipped}: HTTP ${response.status}`);
  const { header, memory, sparse } = await expandMemory(
    response.body.pipeThrough(new DecompressionStream("gzip")), SHIPPED_HEADER);
  if (new TextDecoder().decode(header).trimEnd() !== `${BUILD.runtime} ${BUILD.sha256} ${BUILD.memory}`) {
    throw new Error(`${shipped}: made from another build`);
  }
  return { memory, sparse };
}

// Store the memory for the next visit, as the build's file has it (`sparse`); one entry is kept.
// A failed write only costs the next visit its head start.
async function store(snapshots, sparse) {
  try {
    for (const old of await snapshots.keys()) if (old.url !== cacheKey) await snapshots.delete(old);
    await snapshots.put(cacheKey, new Response(sparse));
  } catch {
    // storage full or gone: the next visit restores the build's file again
  }
}

// The files of the build's snapshot-files.tar.gz, unpacked: a tar (ustar) of paths in the runtime's
// file system.
async function filesOf(url) {
  const response = await self.fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

// Write the regular files of a ustar archive into Pyodide's file system, at "/" + their names;
// throws where the archive is damaged.
function writeFiles(pyodide, tar) {
  const decoder = new TextDecoder();
  const text = (at, length) => decoder.decode(tar.subarray(at, at + length)).replace(/\0.*$/s, "");
  for (let at = 0; at + 512 <= tar.length && tar[at];) {  // two blocks of zeros end the archive
    // A 512-byte header: the name at 0, the size in octal at 124, the type at 156, a prefix at 345.
    const name = text(at, 100);
    const size = parseInt(text(at + 124, 12), 8);
    const type = tar[at + 156];
    const prefix = text(at + 345, 155);
    if (!(size >= 0) || at + 512 + size > tar.length) throw new Error("a damaged archive of the runtime's files");
    if (type === 0x30 || type === 0) {
      const path = `/${prefix ? `${prefix}/` : ""}${name}`;
      pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      pyodide.FS.writeFile(path, tar.subarray(at + 512, at + 512 + size));
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

// The memory to restore and the files it expects, fetched as soon as PyScript imports this module
// (it calls loadPyodide a little later): {stored, shipped, snapshots, files}. `stored` is this
// build's Cache API entry or null; `shipped` the build's file, unpacking (a promise that rejects if
// it is missing, damaged or another build's), or null where an entry is stored; `files` the tar.
async function prepare() {
  const files = BUILD.memory ? filesOf(shippedFiles) : Promise.reject(new Error("the build has no snapshot"));
  files.catch(() => {});  // handled once the runtime is up
  const snapshots = await openSnapshots();
  const stored = await storedMemory(snapshots);
  plan(!stored && BUILD.downloads.snapshot > 0);
  const shipped = stored ? null : shippedMemory();
  shipped?.catch(() => {});  // handled where loadPyodide awaits it
  return { stored, shipped, snapshots, files };
}
const prepared = prepare();

// Pyodide restored from `memory` (the memory, or a promise of it) with `settings`, its references to
// the page's JavaScript side made (snapshot-references.mjs), or null where it does not restore.
async function restoreFrom(memory, settings) {
  const { deserializer, bind } = referenceStandIns();
  const pyodide = await startPyodide({ ...settings, _loadSnapshot: memory, _snapshotDeserializer: deserializer }).catch(() => null);
  if (!pyodide) return null;
  bind(pyodide);
  pyodide.runPython(REBIND);
  return pyodide;
}

// The restored runtime, with micropip and the engine installed again as the build had them, or
// null where nothing restores. `settings` are loadPyodide's.
async function restore(settings) {
  const { stored, snapshots, files } = await prepared;
  let { shipped } = await prepared;
  let pyodide = null;
  if (stored) {
    pyodide = await restoreFrom(stored, settings);
    if (!pyodide) {
      await snapshots.delete(cacheKey).catch(() => {});
      plan(BUILD.downloads.snapshot > 0);  // the one case where the total grows: the stored memory failed
      shipped = shippedMemory();
      shipped.catch(() => {});  // handled where loadPyodide awaits it
    }
  }
  if (!pyodide) {
    // The runtime downloads while the build's file unpacks: loadPyodide takes the memory as a
    // promise and rejects if the file turns out missing, damaged or another build's.
    const memory = shipped.then((unpacked) => unpacked.memory);
    memory.catch(() => {});  // handled where loadPyodide awaits it, which may come after it fails
    pyodide = await restoreFrom(memory, settings);
    if (pyodide && snapshots) shipped.then(({ sparse }) => store(snapshots, sparse));
  }
  if (!pyodide) return null;
  // The memory holds Python's global random generator as the build left it (the same for every
  // player): reseed it from the browser, as a fresh start does. The engine itself draws only from
  // generators of its own, seeded by each game's seed.
  pyodide.runPython("import random\nrandom.seed()");
  try {
    writeFiles(pyodide, await files);
    pyodide.loadedPackages.micropip = "default channel";  // what loadPackage("micropip") records
    // The folders on sys.path get the mtime they had in the build's memory, which keeps the
    // listings it cached by mtime (micropip's first look for the engine's version).
    const at = BUILD.pathMtime;
    pyodide.runPython(`import os, sys\n[os.utime(p, (${at}, ${at})) for p in sys.path if os.path.exists(p)]`);
  } catch {
    // files that cannot be had: PyScript loads micropip, which fetches and installs the engine
  }
  return pyodide;
}

/** Pyodide's loadPyodide(options) for PyScript: the vendored runtime, its memory restored from a
 * snapshot where one fits (see above), else started fresh. Resolves to the Pyodide API object. */
export async function loadPyodide(options) {
  // PyScript derives indexURL from this module's address; the runtime lives in ../pyodide/.
  const settings = { ...options, indexURL };
  let pyodide = await restore(settings);
  const boot = pyodide ? "snapshot" : "fresh";
  try {
    pyodide ??= await startPyodide(settings);
  } catch (err) {
    // The runtime cannot be had (a download failed): PyScript would wait on, so the page is told.
    postMessage({ tidepool: { failed: String(err?.message ?? err) } });
    throw err;
  }
  // PyScript loads micropip with Pyodide's default messages, "Loading micropip" on the console.
  const loadPackage = pyodide.loadPackage.bind(pyodide);
  pyodide.loadPackage = (names, more) => loadPackage(names, { messageCallback() {}, ...more });
  postMessage({ tidepool: { boot } });
  mark("tidepool:runtime");
  return pyodide;
}
