// IndexedDB that falls back to memory where the browser denies it (a frame on another site with
// third-party storage blocked, some private windows). PyScript keeps two small stores in IndexedDB
// through @webreflection/idb-map: "@pyscript.fs" on the page and a package cache in its worker.
// Where the browser refuses to open a database, idb-map's error handler re-dispatches the event it
// is handling (an InvalidStateError) and PyScript's worker never reports itself ready. Both stores
// are optional to Tidepool (pyscript.toml: packages_cache = "never"), so here a database that
// cannot be opened opens in memory instead, for the life of the page or worker; where IndexedDB
// works, every database is the real one. Nothing waits on a probe.
//
// The stand-in implements what idb-map calls: open(name) and, on the database, transaction(name,
// mode).objectStore(name) with count, clear, delete, get, getKey, getAllKeys and put; each request
// succeeds on a later microtask, as IndexedDB's own do, with `result` on the request.

function request(run) {
  const req = { result: undefined, error: null, onsuccess: null, onerror: null };
  queueMicrotask(() => {
    req.result = run();
    req.onsuccess?.({ type: "success", target: req });
  });
  return req;
}

const memory = new Map();  // database name -> Map(store name -> Map(key -> value))

function memoryDatabase(name) {
  if (!memory.has(name)) memory.set(name, new Map());
  const stores = memory.get(name);
  const store = (storeName) => {
    if (!stores.has(storeName)) stores.set(storeName, new Map());
    const entries = stores.get(storeName);
    return {
      count: () => request(() => entries.size),
      clear: () => request(() => entries.clear()),
      delete: (key) => request(() => void entries.delete(key)),
      get: (key) => request(() => entries.get(key)),
      getKey: (key) => request(() => (entries.has(key) ? key : undefined)),
      getAllKeys: () => request(() => [...entries.keys()]),
      put: (value, key) => request(() => (entries.set(key, structuredClone(value)), key)),
    };
  };
  return {
    name,
    objectStoreNames: { get length() { return stores.size; }, contains: (s) => stores.has(s) },
    createObjectStore: store,
    transaction: () => ({ objectStore: store, oncomplete: null, onerror: null, onabort: null }),
    close() {},
    onabort: null,
    onclose: null,
    onerror: null,
    onversionchange: null,
  };
}

/** An open request for `name` (the shape of IDBOpenDBRequest that idb-map uses) answered by the
 * browser's IndexedDB when it opens the database, and by the in-memory stand-in when it refuses. */
function openWithFallback(real, name, version) {
  const req = { result: undefined, error: null, transaction: null, onsuccess: null, onerror: null,
                onupgradeneeded: null, onblocked: null };
  const inMemory = () => queueMicrotask(() => {
    req.result = memoryDatabase(name);
    req.onsuccess?.({ type: "success", target: req });
  });
  let opening;
  try {
    opening = version === undefined ? real.open(name) : real.open(name, version);
  } catch {
    inMemory();  // indexedDB itself is off limits (SecurityError)
    return req;
  }
  opening.onupgradeneeded = (event) => {
    Object.assign(req, { result: opening.result, transaction: opening.transaction });
    req.onupgradeneeded?.({ type: event.type, target: req, oldVersion: event.oldVersion, newVersion: event.newVersion });
  };
  opening.onsuccess = (event) => {
    req.result = opening.result;
    req.onsuccess?.({ type: event.type, target: req });
  };
  opening.onerror = (event) => {
    event.preventDefault();  // handled here: no "uncaught" report in the console
    inMemory();
  };
  opening.onblocked = (event) => req.onblocked?.({ type: event.type, target: req });
  return req;
}

/** Make `indexedDB.open` fall back to memory wherever the browser refuses a database (see above).
 * Call it before PyScript's code runs in this page or worker; calling it again does nothing. */
export function keepIndexedDBInMemoryIfDenied() {
  let real = null;
  try {
    real = globalThis.indexedDB ?? null;
  } catch {
    // reading indexedDB itself throws where storage is off limits: every database in memory
  }
  if (real?.tidepoolFallback) return;
  const fallback = {
    tidepoolFallback: true,
    open: (name, version) => (real ? openWithFallback(real, name, version)
                                   : request(() => memoryDatabase(name))),
    deleteDatabase: (name) => (real ? real.deleteDatabase(name) : request(() => void memory.delete(name))),
    databases: () => (real ? real.databases() : Promise.resolve([...memory.keys()].map((name) => ({ name })))),
    cmp: (a, b) => real.cmp(a, b),
  };
  Object.defineProperty(globalThis, "indexedDB", { value: fallback, configurable: true });
}
