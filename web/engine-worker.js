// The engine's worker: the vendored Pyodide runtime with the engine wheel, answering the page's
// calls off the page's thread. Started by web/engine.js, whose first message names the wheel:
//   {wheel: "<wheel file name>"}
// The wheel and the runtime are then fetched at once, in parallel. Messages to the page:
//   {progress: {done, total}}   bytes of the large downloads so far (runtime and wheel)
//   {ready: true}               the engine answers calls
//   {failed: "message"}         it could not start
//   {id, reply}                 the facade's JSON reply to the call [id, command, payload]
import { loadPyodide } from "../pyodide/pyodide.mjs";

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

async function start() {
  const wheelName = await named;
  if (!wheelName) throw new Error("no engine wheel named");
  const wheel = self.fetch(new URL(wheelName, site)).then((response) => {
    if (!response.ok) throw new Error(`${wheelName}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", site).href });
  pyodide.unpackArchive(await wheel, "wheel");
  return pyodide.runPython("from pygame_core.facade import call\ncall");
}

try {
  const call = await start();
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
  postMessage({ ready: true });
} catch (err) {
  postMessage({ failed: firstLine(err) });
}
