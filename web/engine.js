// The bridge to the Python engine, which runs in PyScript's worker (Pyodide with the engine wheel),
// so the runtime's start-up and every bot search stay off the page's thread. PyScript starts when a
// link's game or the page asks for it (startEngine); every call is asynchronous: call(command, payload) resolves
// to the facade's reply or rejects with an EngineError carrying the engine's readable message.
//
// Page contract: <html data-engine="loading|ready|error"> says where the engine is. The steps of its
// start are User Timing marks (performance.getEntriesByName): "tidepool:start" (PyScript's core
// loading), "tidepool:worker" (the interpreter module running in PyScript's worker),
// "tidepool:runtime" (Pyodide restored or started), "tidepool:packages" (micropip done),
// "tidepool:ready" (web/engine.py run, calls answered).

import { keepIndexedDBInMemory } from "./memory-indexeddb.js";

const html = document.documentElement;
const START_TIMEOUT_MS = 120000;

export class EngineError extends Error {}

let failure = null;
const stateListeners = new Set();
const progressListeners = new Set();

function setEngineState(state) {
  html.dataset.engine = state;
  for (const listener of stateListeners) listener(state);
}

/** Call `listener(state)` whenever data-engine changes ("loading", "ready", "error"). */
export function onEngineState(listener) {
  stateListeners.add(listener);
}

/** Call `listener(done, total)` (bytes) as the runtime and the wheel download. */
export function onEngineProgress(listener) {
  progressListeners.add(listener);
}

export function engineState() {
  return html.dataset.engine ?? "loading";
}

/** Why the engine could not start (a readable line), or null. */
export function engineFailure() {
  return failure;
}

// The engine runs in PyScript's worker: index.html's <script type="py" worker name="engine"
// src="web/engine.py"> with pyscript.toml (the interpreter, web/interpreter.mjs, and the engine wheel,
// installed by micropip). PyScript starts it once its core (pyscript/core.js) has loaded, which
// this module imports; the script exports the facade's call(command, json) -> json.
const tag = document.querySelector('script[type="py"][worker][name="engine"]');
let xworker = null;

// The worker's news; `onFailure(Error)` when the runtime cannot start.
function listen(worker, onFailure) {
  worker.addEventListener("message", ({ data }) => {
    const news = data?.tidepool;
    if (news?.failed) {
      onFailure(new Error(news.failed));
    } else if (news?.progress) {
      for (const listener of progressListeners) listener(news.progress.done, news.progress.total);
    } else if (news?.boot) {
      html.dataset.engineBoot = news.boot;
    } else if (news?.mark) {
      performance.mark(news.mark, { startTime: news.at - performance.timeOrigin });
    }
  });
}

// PyScript's worker, once its tag has one (PyScript attaches it while it handles the tag); it stops
// looking once `failure` rejects.
async function engineWorker(deadline, failure) {
  let over = false;
  failure.catch(() => { over = true; });
  while (!tag.xworker && !over) {
    if (performance.now() > deadline) throw new Error("the game engine did not start in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return tag.xworker;
}

async function start() {
  if (!tag) throw new Error("the page has no engine script");
  const deadline = performance.now() + START_TIMEOUT_MS;
  // What stops the start: the worker's news of a failed download, an error in the worker, or
  // PyScript's own fetch of the engine's script failing on this page (a rejection nobody handles).
  let failed;
  const failure = new Promise((_, reject) => { failed = reject; });
  failure.catch(() => {});  // news of a failure after the start changes nothing
  const rejected = ({ reason }) => reason instanceof TypeError && failed(reason);
  addEventListener("unhandledrejection", rejected);
  const late = new Promise((_, reject) => setTimeout(
    () => reject(new Error("the game engine did not start in time")), Math.max(0, deadline - performance.now())));
  try {
    // PyScript's own small stores live in memory (see memory-indexeddb.js): set up before
    // PyScript's core opens its store.
    keepIndexedDBInMemory();
    performance.mark("tidepool:start");
    const { hooks } = await import("../pyscript/core.js");
    // PyScript's one default worker hook (for async worker scripts, which this page has none of)
    // would be turned into code with Function(), which the page's Content-Security-Policy forbids
    // ('unsafe-eval'): it is dropped before PyScript handles the engine's tag (after fetching
    // pyscript.toml), so the worker is started without it.
    hooks.worker.onBeforeRunAsync.clear();
    const worker = await Promise.race([engineWorker(deadline, failure), failure]);
    listen(worker, failed);
    worker.addEventListener("error", (event) => failed(new Error(event.message || "the game engine's worker failed")));
    await Promise.race([worker.ready, failure, late]);
    performance.mark("tidepool:ready");
    xworker = worker;
  } finally {
    removeEventListener("unhandledrejection", rejected);
  }
}

// When the engine starts loading: at once for a link that starts a game (the player waits for its
// table), else at the first call or when the page asks (boot.js: once the start screen has loaded,
// so that PyScript's downloads and start do not hold it up on a slow connection).
let begin;
const begun = new Promise((resolve) => { begin = resolve; });

/** Start loading the engine, if it has not started; `ready` says when it answers. */
export function startEngine() {
  begin();
}
if (new URLSearchParams(location.search).has("game")) startEngine();

/** Resolves once the engine answers calls; rejects with a readable Error if it cannot start. */
export const ready = begun.then(start).then(() => setEngineState("ready"), (err) => {
  failure = String(err?.message ?? err).split("\n").filter((line) => line.trim()).at(-1) ?? "unknown error";
  setEngineState("error");
  throw err;
});
setEngineState("loading");
ready.catch(() => {});  // callers that care await it; an unhandled rejection would only add noise

/** Run a facade command in the engine: resolves to the reply object, rejects with EngineError.
 * Each answered call is a User Timing measure "tidepool:call:<command>" (detail: the reply's `done`,
 * which says whether a bot_step finished its move), for the bench; only the latest of each command
 * stays in the timeline, a PerformanceObserver sees them all. */
export async function call(command, payload = {}) {
  startEngine();
  await ready;
  const sent = performance.now();
  const reply = JSON.parse(await xworker.sync.call(command, JSON.stringify(payload)));
  const name = `tidepool:call:${command}`;
  performance.clearMeasures(name);
  performance.measure(name, { start: sent, detail: { done: reply.done ?? null } });
  if (!reply.ok) {
    if (reply.detail) console.warn(reply.detail);
    throw new EngineError(reply.error);
  }
  return reply;
}

// For embedding pages and tests: `await window.tidepool.call("state")` reads what the page shows.
window.tidepool = { call, ready };
