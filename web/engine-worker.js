// The engine's worker: the vendored Pyodide runtime with the engine wheel, answering the page's
// calls off the page's thread. Started by web/engine.js, whose first message names the wheel:
//   {wheel: "<wheel file name>"}
// The wheel and the runtime are then fetched at once, in parallel; the runtime is restored from
// the memory snapshot an earlier visit stored, where there is one for this wheel. Messages to the page:
//   {progress: {done, total}}   bytes of the large downloads so far (runtime and wheel)
//   {ready: true, boot}         the engine answers calls; boot is "snapshot" or "fresh"
//   {failed: "message"}         it could not start
//   {id, reply}                 the facade's JSON reply to the call [id, command, payload]
import { loadPyodide, version } from "../pyodide/pyodide.mjs";

const site = new URL("../", import.meta.url);
const named = new Promise((resolve) => {
  self.onmessage = ({ data }) => resolve(data?.wheel);
});
const LARGE = [".wasm", ".zip", ".whl"];

// Count the bytes of the large downloads as they stream in (no second fetch).
const plainFetch = self.fetch.bind(self);
const sizes = new Map();
const done = new Map();
let reported = 0;
function report() {
  const now = performance.now();
  if (now - reported < 50) return;
  reported = now;
  const sum = (map) => [...map.values()].reduce((a, b) => a + b, 0);
  postMessage({ progress: { done: sum(done), total: sum(sizes) } });
}
self.fetch = async (input, init) => {
  const response = await plainFetch(input, init);
  const url = typeof input === "string" ? input : input.url ?? String(input);
  if (!LARGE.some((end) => url.split("?")[0].endsWith(end)) || !response.body) return response;
  sizes.set(url, Number(response.headers.get("content-length")) || 0);
  done.set(url, 0);
  const counter = new TransformStream({
    transform(chunk, controller) {
      done.set(url, done.get(url) + chunk.byteLength);
      report();
      controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(counter),
    { status: response.status, statusText: response.statusText, headers: response.headers });
};

function firstLine(err) {
  return String(err?.message ?? err).split("\n").filter((line) => line.trim()).at(-1) ?? "unknown error";
}

// Pyodide's memory snapshot: the first visit boots the runtime, imports the engine and stores the
// runtime's memory in the Cache API; later visits restore that memory instead of starting Python
// and importing the engine again. Keyed by Pyodide's version and the wheel's SHA-256, so a new
// build or runtime never restores an old engine. Wherever the cache is unavailable (storage denied,
// a damaged or stale entry) the worker boots fresh, and a failed restore deletes the entry.
// <html data-engine-boot="fresh|snapshot"> (set by engine.js from the ready message) says which.
const SNAPSHOT_CACHE = "tidepool-snapshot";
const IMPORTS = "import pygame_core.facade, pygame_core.games, pygame_core.bots, pygame_core.describe";

const SNAPSHOT_PREFIX = new URL(`snapshot/${version}/`, site).href;  // this runtime's entries

async function snapshotKey(wheelBytes) {
  const digest = await crypto.subtle.digest("SHA-256", wheelBytes);
  return SNAPSHOT_PREFIX + [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function openSnapshots() {
  try {
    return await caches.open(SNAPSHOT_CACHE);
  } catch {
    return null;  // storage denied (a sandboxed or third-party frame): boot fresh, store nothing
  }
}

// The engine's memory, to store once the engine is up: a failed write only costs the next visit
// its head start. Older builds' entries go: one snapshot (about the runtime's heap) is kept.
function storer(snapshots, key, memory) {
  return async () => {
    try {
      for (const old of await snapshots.keys()) if (old.url !== key) await snapshots.delete(old);
      await snapshots.put(key, new Response(memory));
    } catch {
      // storage full or gone: the next visit boots fresh
    }
  };
}

// This build's stored memory (a Uint8Array), or null: none stored, storage denied, or an older
// build's entry (replaced once this boot is stored). `key` resolves once the wheel is in.
async function storedMemory(snapshots, key) {
  if (!snapshots) return null;
  try {
    const entry = (await snapshots.keys()).find((request) => request.url.startsWith(SNAPSHOT_PREFIX));
    if (!entry || entry.url !== await key) return null;
    return new Uint8Array(await (await snapshots.match(entry)).arrayBuffer());
  } catch {
    return null;
  }
}

// Boot the runtime with the engine imported: {call, how: "snapshot"|"fresh", store: null or a
// function that stores this boot's memory snapshot}. The wheel downloads meanwhile.
async function start() {
  const wheelName = await named;
  if (!wheelName) throw new Error("no engine wheel named");
  const wheel = self.fetch(new URL(wheelName, site)).then((response) => {
    if (!response.ok) throw new Error(`${wheelName}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  const key = wheel.then(snapshotKey);
  key.catch(() => {});  // a failed download is reported where the wheel is unpacked
  const indexURL = new URL("pyodide/", site).href;
  const snapshots = await openSnapshots();
  const memory = await storedMemory(snapshots, key);
  let pyodide = null;
  if (memory) {
    try {
      pyodide = await loadPyodide({ indexURL, _loadSnapshot: memory });
    } catch {
      await snapshots.delete(await key).catch(() => {});
    }
  }
  const how = pyodide ? "snapshot" : "fresh";
  pyodide ??= await loadPyodide({ indexURL, _makeSnapshot: Boolean(snapshots) });
  // The files are not part of the memory: a restored runtime unpacks the wheel again.
  pyodide.unpackArchive(await wheel, "wheel");
  let store = null;
  if (how === "fresh") {
    pyodide.runPython(IMPORTS);
    try {
      if (snapshots) store = storer(snapshots, await key, pyodide.makeMemorySnapshot());
    } catch {
      // the runtime refused to snapshot: nothing to store
    }
  }
  return { call: pyodide.runPython("from pygame_core.facade import call\ncall"), how, store };
}

try {
  const { call, how, store } = await start();
  self.fetch = plainFetch;
  self.onmessage = ({ data: [id, command, payload] }) => {
    let reply;
    try {
      reply = call(command, payload);
    } catch (err) {  // the facade answers every error itself; this is a last resort
      reply = JSON.stringify({ ok: false, error: `internal error: ${firstLine(err)}` });
    }
    postMessage({ id, reply });
  };
  postMessage({ ready: true, boot: how });
  store?.();
} catch (err) {
  postMessage({ failed: firstLine(err) });
}
