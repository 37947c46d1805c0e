// IndexedDB in memory, for PyScript. PyScript keeps two small stores in IndexedDB through
// @webreflection/idb-map: "@pyscript.fs" on the page (for pyscript.fs mounts) and a package cache
// in its worker, which it opens and reads before it starts Pyodide. Tidepool uses neither
// (pyscript.toml: packages_cache = "never"; the memory snapshot is its cache), and IndexedDB can stop
// PyScript's worker from starting: where the browser denies storage (a frame on another site with
// third-party storage blocked, some private windows) idb-map's error handler re-dispatches the
// event it is handling (an InvalidStateError) and the worker never reports itself ready; in a frame
// under an opaque top-level document (about:blank, srcdoc) an open is never answered at all. So the
// app's page and the engine's worker give PyScript an IndexedDB that lives in memory for the life of
// the page or worker, and no database is opened in the browser's storage. (Tidepool's own code uses
// no IndexedDB.)
//
// It implements what idb-map calls: indexedDB.open(name) and, on the database, transaction(name,
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

const databases = new Map();  // database name -> Map(store name -> Map(key -> value))

function database(name) {
  if (!databases.has(name)) databases.set(name, new Map());
  const stores = databases.get(name);
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

export const memoryIndexedDB = {
  open: (name) => request(() => database(name)),
  deleteDatabase: (name) => request(() => void databases.delete(name)),
  databases: () => Promise.resolve([...databases.keys()].map((name) => ({ name }))),
};

/** Give this page or worker the in-memory IndexedDB (see above). Call it before PyScript's code
 * runs here. */
export function keepIndexedDBInMemory() {
  Object.defineProperty(globalThis, "indexedDB", { value: memoryIndexedDB, configurable: true });
}
