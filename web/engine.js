// The bridge to the Python engine, which runs in a worker (web/engine-worker.js: Pyodide with the
// engine wheel), so Pyodide's start-up and every bot search stay off the page's thread. The worker
// starts as soon as this module loads; every call is asynchronous: call(command, payload) resolves
// to the facade's reply or rejects with an EngineError carrying the engine's readable message.
//
// Page contract: <html data-engine="loading|ready|error"> says where the engine is.

const html = document.documentElement;
const START_TIMEOUT_MS = 120000;

export class EngineError extends Error {}

let failure = null;
const stateListeners = new Set();
const progressListeners = new Set();
const pending = new Map();
let nextId = 0;

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

const wheel = document.querySelector('meta[name="tidepool-wheel"]')?.content;
const worker = new Worker(new URL("engine-worker.js", import.meta.url), { type: "module" });
worker.postMessage({ wheel });
setEngineState("loading");

/** Resolves once the engine answers calls; rejects with a readable Error if it cannot start. */
export const ready = new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error("the game engine did not start in time")), START_TIMEOUT_MS);
  worker.addEventListener("message", ({ data }) => {
    if (data.id != null) {
      pending.get(data.id)?.(data.reply);
      pending.delete(data.id);
    } else if (data.progress) {
      for (const listener of progressListeners) listener(data.progress.done, data.progress.total);
    } else if (data.ready) {
      clearTimeout(timer);
      html.dataset.engineBoot = data.boot;
      resolve();
    } else if (data.failed) {
      clearTimeout(timer);
      reject(new Error(data.failed));
    }
  });
  worker.addEventListener("error", (ev) => {
    clearTimeout(timer);
    reject(new Error(ev.message || "the engine's worker could not start"));
  });
}).then(() => setEngineState("ready"), (err) => {
  failure = String(err?.message ?? err).split("\n")[0];
  setEngineState("error");
  throw err;
});
ready.catch(() => {});  // callers that care await it; an unhandled rejection would only add noise

/** Run a facade command in the engine: resolves to the reply object, rejects with EngineError. */
export async function call(command, payload = {}) {
  await ready;
  const id = ++nextId;
  const text = await new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage([id, command, JSON.stringify(payload)]);
  });
  const reply = JSON.parse(text);
  if (!reply.ok) {
    if (reply.detail) console.warn(reply.detail);
    throw new EngineError(reply.error);
  }
  return reply;
}

// For embedding pages and tests: `await window.tidepool.call("state")` reads what the page shows.
window.tidepool = { call, ready };
