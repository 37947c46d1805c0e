// The engine's worker: the vendored Pyodide runtime with the engine wheel, answering the page's
// calls off the page's thread. Started by web/engine.js, whose first message names the wheel:
//   {wheel: "<wheel file name>"}
// The wheel and the runtime are then fetched at once, in parallel; the runtime is restored from a
// memory snapshot made from this wheel (the one an earlier visit stored, else the build's) where
// there is one. Messages to the page:
//   {progress: {done, total}}   bytes of the large downloads so far (runtime, wheel, snapshot file)
//   {ready: true, boot}         the engine answers calls; boot is "snapshot" or "fresh"
//   {failed: "message"}         it could not start
//   {id, reply}                 the facade's JSON reply to the call [id, command, payload]
import { loadPyodide, version } from "../pyodide/pyodide.mjs";

const site = new URL("../", import.meta.url);
const named = new Promise((resolve) => {
  self.onmessage = ({ data }) => resolve(data?.wheel);
});
const LARGE = [".wasm", ".zip", ".whl", ".bin"];

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

// Pyodide's memory snapshot: instead of starting Python and importing the engine, the worker
// restores the runtime's memory with the engine already imported, from the first of
//   - the Cache API entry an earlier visit stored;
//   - the build's snapshot file (build.py write_snapshot), which a first visit downloads;
// and otherwise boots fresh. Unless it restored from the Cache API, it then stores the memory there
// for the next visit, which so reads it without unpacking or downloading anything. Both are keyed
// by Pyodide's version and the wheel's SHA-256, so a new build or runtime never restores an old
// engine. Wherever storage is unavailable (denied, a damaged or stale entry, a damaged file) the
// worker boots fresh, and a failed restore deletes the entry. <html data-engine-boot=
// "fresh|snapshot"> (set by engine.js from the ready message) says whether it restored.
const SNAPSHOT_CACHE = "tidepool-snapshot";
const IMPORTS = "import pygame_core.facade, pygame_core.games, pygame_core.bots, pygame_core.describe";

const SNAPSHOT_PREFIX = new URL(`snapshot/${version}/`, site).href;  // this runtime's entries

// The build's snapshot file: gzip of SHIPPED_HEADER bytes naming what it was made from, "<Pyodide's
// version> <the wheel's SHA-256>" padded with spaces, then the memory. Absent where the build had
// no Node.js to make it.
const SHIPPED = new URL("snapshot.bin", site);
const SHIPPED_HEADER = 128;

async function sha256(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
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

// The build's snapshot file as it downloads (a Response), or null where the build has none.
async function shippedFile() {
  try {
    const response = await self.fetch(SHIPPED);
    return response.ok ? response : null;
  } catch {
    return null;
  }
}

// The memory in the build's snapshot file `response` (a Uint8Array); rejects unless it was made
// from this runtime and the wheel whose SHA-256 `digest` resolves to, or when the file is damaged
// (gzip checks the length and CRC-32 of what it unpacks).
async function shippedMemory(response, digest) {
  const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(unpacked).arrayBuffer());
  const header = new TextDecoder().decode(bytes.subarray(0, SHIPPED_HEADER)).trimEnd();
  if (header !== `${version} ${await digest}`) throw new Error(`${SHIPPED}: made from another build`);
  return bytes.subarray(SHIPPED_HEADER);
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
  const digest = wheel.then(sha256);
  const key = digest.then((hex) => SNAPSHOT_PREFIX + hex);
  key.catch(() => {});  // a failed download is reported where the wheel is unpacked
  const indexURL = new URL("pyodide/", site).href;
  const snapshots = await openSnapshots();
  const stored = await storedMemory(snapshots, key);
  const shipped = stored ? null : await shippedFile();
  // The runtime downloads while the build's memory unpacks: loadPyodide takes it as a promise, and
  // fails if the file turns out damaged or another build's (the worker then boots fresh).
  const unpacked = shipped && shippedMemory(shipped, digest);
  unpacked?.catch(() => {});  // handled where loadPyodide awaits it
  const memory = stored ?? unpacked;
  let pyodide = null;
  if (memory) {
    try {
      pyodide = await loadPyodide({ indexURL, _loadSnapshot: memory });
    } catch {
      if (stored) await snapshots.delete(await key).catch(() => {});
    }
  }
  const how = pyodide ? "snapshot" : "fresh";
  pyodide ??= await loadPyodide({ indexURL, _makeSnapshot: Boolean(snapshots) });
  // The files are not part of the memory: a restored runtime unpacks the wheel again.
  pyodide.unpackArchive(await wheel, "wheel");
  let keep = null;  // the memory to store for the next visit
  if (how === "snapshot") {
    // The memory holds Python's global random generator as it was when the snapshot was made (for
    // the build's file, the same for every player): reseed it from the browser, as a fresh start
    // does. The engine itself draws only from generators of its own, seeded by each game's seed.
    pyodide.runPython("import random\nrandom.seed()");
    if (!stored) keep = await unpacked;
  } else {
    pyodide.runPython(IMPORTS);
    try {
      if (snapshots) keep = pyodide.makeMemorySnapshot();
    } catch {
      // the runtime refused to snapshot: nothing to store
    }
  }
  const store = snapshots && keep ? storer(snapshots, await key, keep) : null;
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
