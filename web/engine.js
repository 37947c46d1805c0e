// The bridge to the Python engine. PyScript runs web/engine.py in a worker (the <script type="py"
// worker name="engine"> tag of index.html), so Pyodide's start-up and every bot search stay off
// the page's thread. Every call is asynchronous: call(command, payload) resolves to the facade's
// reply or rejects with an EngineError carrying the engine's readable message.
//
// Page contract: <html data-engine="loading|ready|error"> says where the engine is.

const html = document.documentElement;
const START_TIMEOUT_MS = 120000;

export class EngineError extends Error {}

let worker = null;
let failure = null;
const listeners = new Set();

function setEngineState(state) {
  html.dataset.engine = state;
  for (const listener of listeners) listener(state);
}

/** Call `listener(state)` whenever data-engine changes ("loading", "ready", "error"). */
export function onEngineState(listener) {
  listeners.add(listener);
}

export function engineState() {
  return html.dataset.engine ?? "loading";
}

/** Why the engine could not start (a readable line), or null. */
export function engineFailure() {
  return failure;
}

async function findWorker() {
  const tag = document.querySelector('script[type="py"][worker][name="engine"]');
  if (!tag) throw new Error("the page has no engine script");
  // PyScript attaches the worker to its tag once core.js has run; `ready` resolves once the
  // worker's Python has run web/engine.py.
  const deadline = performance.now() + START_TIMEOUT_MS;
  while (!tag.xworker) {
    if (performance.now() > deadline) throw new Error("the game engine did not start in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const xworker = tag.xworker;
  const broken = new Promise((_, reject) => {
    xworker.addEventListener("error", (ev) => reject(new Error(ev.message || "the engine's worker failed")));
  });
  const late = new Promise((_, reject) => setTimeout(() => reject(new Error("the game engine did not start in time")),
    Math.max(0, deadline - performance.now())));
  await Promise.race([xworker.ready, broken, late]);
  return xworker;
}

/** Resolves once the engine answers calls; rejects with a readable Error if it cannot start. */
export const ready = (async () => {
  setEngineState("loading");
  try {
    worker = await findWorker();
    setEngineState("ready");
  } catch (err) {
    failure = String(err?.message ?? err).split("\n")[0];
    setEngineState("error");
    throw err;
  }
})();
ready.catch(() => {});  // callers that care await it; an unhandled rejection would only add noise

/** Run a facade command in the engine: resolves to the reply object, rejects with EngineError. */
export async function call(command, payload = {}) {
  await ready;
  const reply = JSON.parse(await worker.sync.call(command, JSON.stringify(payload)));
  if (!reply.ok) {
    if (reply.detail) console.warn(reply.detail);
    throw new EngineError(reply.error);
  }
  return reply;
}

// For embedding pages and tests: `await window.tidepool.call("state")` reads what the page shows.
window.tidepool = { call, ready };
