// PyScript's interpreter module for the engine's worker (pyscript.toml: interpreter =
// "./web/interpreter.mjs"). PyScript imports it in its worker in place of Pyodide's pyodide.mjs and
// calls its loadPyodide(options) and version, as it would Pyodide's own; this module runs the
// vendored Pyodide (../pyodide/) and, where it can, restores the runtime's memory instead of
// starting Python: Pyodide's memory snapshot, made by the build (build.py make_snapshot) with the
// engine imported and micropip's dependencies loaded, so that what PyScript then does (load
// micropip, install the wheel pyscript.toml names, run web/engine.py) finds most of its work done.
//
// The memory comes from the first of
//   - the Cache API entry an earlier visit stored ("tidepool-snapshot");
//   - the build's file snapshot.bin, which a first visit downloads and then stores for the next;
// and where neither restores (storage denied, a damaged entry or file, another build's) the runtime
// starts fresh. Both are keyed by Pyodide's version and the engine wheel's SHA-256 (SNAPSHOT_KEY,
// written here by the build), so no other build's memory is ever restored; a stored entry that
// fails to restore is deleted. Where the browser denies IndexedDB, PyScript's package cache is
// kept in memory (storage-fallback.js). Messages to the page, on PyScript's worker:
//   {tidepool: {progress: {done, total}}}   bytes of the large downloads so far
//   {tidepool: {boot: "snapshot"|"fresh"}}  how the runtime started
import { loadPyodide as startPyodide, version } from "../pyodide/pyodide.mjs";
import { keepIndexedDBInMemoryIfDenied } from "./storage-fallback.js";

export { version };

// "<Pyodide's version> <the engine wheel's SHA-256>": the build writes it into the site's copy.
const SNAPSHOT_KEY = "__TIDEPOOL_SNAPSHOT_KEY__";
const SNAPSHOT_CACHE = "tidepool-snapshot";
const SHIPPED_HEADER = 128;  // the build's file: gzip of SNAPSHOT_KEY padded to this, then the memory

const site = new URL("../", import.meta.url);
const indexURL = new URL("pyodide/", site).href;
const shipped = new URL("snapshot.bin", site);
const cacheKey = new URL(`snapshot/${SNAPSHOT_KEY.replace(" ", "/")}`, site).href;
const prefix = new URL(`snapshot/${version}/`, site).href;  // this runtime's entries

keepIndexedDBInMemoryIfDenied();  // PyScript opens its package cache before loadPyodide

// Count the bytes of the large downloads as they stream in (no second fetch) for the page's bar.
const LARGE = [".wasm", ".zip", ".whl", ".bin"];
const plainFetch = self.fetch.bind(self);
const sizes = new Map();
const done = new Map();
let reported = 0;
function report(force = false) {
  const now = performance.now();
  if (!force && now - reported < 50) return;
  reported = now;
  const sum = (map) => [...map.values()].reduce((a, b) => a + b, 0);
  postMessage({ tidepool: { progress: { done: sum(done), total: sum(sizes) } } });
}
self.fetch = async (input, init) => {
  const url = typeof input === "string" ? input : input.url ?? String(input);
  const response = await plainFetch(input, init);
  if (!LARGE.some((end) => url.split("?")[0].endsWith(end)) || !response.body) return response;
  sizes.set(url, Number(response.headers.get("content-length")) || 0);
  done.set(url, 0);
  const counter = new TransformStream({
    transform(chunk, controller) {
      done.set(url, done.get(url) + chunk.byteLength);
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

// This build's stored memory (a Uint8Array), or null: none stored, storage denied, or an older
// build's entry (replaced once this boot stores its own).
async function storedMemory(snapshots) {
  if (!snapshots) return null;
  try {
    const entry = (await snapshots.keys()).find((request) => request.url.startsWith(prefix));
    if (!entry || entry.url !== cacheKey) return null;
    return new Uint8Array(await (await snapshots.match(entry)).arrayBuffer());
  } catch {
    return null;
  }
}

// The memory in the build's file (a Uint8Array) as it downloads and unpacks; rejects where the file
// is missing, damaged (gzip checks the length and CRC-32 of what it unpacks) or another build's.
async function shippedMemory() {
  const response = await self.fetch(shipped);
  if (!response.ok) throw new Error(`${shipped}: HTTP ${response.status}`);
  const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(unpacked).arrayBuffer());
  const header = new TextDecoder().decode(bytes.subarray(0, SHIPPED_HEADER)).trimEnd();
  if (header !== SNAPSHOT_KEY) throw new Error(`${shipped}: made from another build`);
  return bytes.subarray(SHIPPED_HEADER);
}

// Store the memory for the next visit; one entry is kept (about the runtime's heap). A failed
// write only costs the next visit its head start.
async function store(snapshots, memory) {
  try {
    for (const old of await snapshots.keys()) if (old.url !== cacheKey) await snapshots.delete(old);
    await snapshots.put(cacheKey, new Response(memory));
  } catch {
    // storage full or gone: the next visit restores the build's file again
  }
}

/** Pyodide's loadPyodide(options) for PyScript: the vendored runtime, its memory restored from a
 * snapshot where one fits (see above), else started fresh. Resolves to the Pyodide API object. */
export async function loadPyodide(options) {
  // PyScript derives indexURL from this module's address; the runtime lives in ../pyodide/.
  const settings = { ...options, indexURL };
  const snapshots = await openSnapshots();
  const stored = await storedMemory(snapshots);
  let pyodide = null;
  if (stored) {
    pyodide = await startPyodide({ ...settings, _loadSnapshot: stored }).catch(() => null);
    if (!pyodide) await snapshots.delete(cacheKey).catch(() => {});
  }
  if (!pyodide) {
    // The runtime downloads while the build's file unpacks: loadPyodide takes the memory as a
    // promise and rejects if the file turns out missing, damaged or another build's.
    const memory = shippedMemory();
    memory.catch(() => {});  // handled where loadPyodide awaits it
    pyodide = await startPyodide({ ...settings, _loadSnapshot: memory }).catch(() => null);
    if (pyodide && snapshots) memory.then((bytes) => store(snapshots, bytes));
  }
  const boot = pyodide ? "snapshot" : "fresh";
  if (pyodide) {
    // The memory holds Python's global random generator as the build left it (the same for every
    // player): reseed it from the browser, as a fresh start does. The engine itself draws only
    // from generators of its own, seeded by each game's seed.
    pyodide.runPython("import random\nrandom.seed()");
  } else {
    pyodide = await startPyodide(settings);
  }
  // PyScript loads micropip with Pyodide's default messages, "Loading micropip" on the console.
  const loadPackage = pyodide.loadPackage.bind(pyodide);
  pyodide.loadPackage = (names, settings) => loadPackage(names, { messageCallback() {}, ...settings });
  postMessage({ tidepool: { boot } });
  return pyodide;
}
