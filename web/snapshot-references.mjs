// The references from Python to the runtime's JavaScript side that the build's memory snapshot
// holds and no global name reaches. Pyodide carries a reference to a global (`js.fetch`) by its
// name; the others (micropip keeps Pyodide's API object, its loadPackage and two of its internal
// functions) need a serializer when the memory is taken and a deserializer when it is restored.
// build.py's snapshot script and web/interpreter.mjs both use this module.
//
// A reference is named "public" (the API object), "public.<name>" or "api.<name>" (a function of
// the API object or of its internal one, `_api`). Restored, each is a stand-in that reaches the
// restored runtime's own once bind(pyodide) has been called: Pyodide restores them while it starts,
// before the API object exists, and micropip uses them only later.

/** The serializer for makeMemorySnapshot({serializer}) of `pyodide` (the API object): the name of
 * each reference; throws an Error naming the value for any other, so that a build whose memory
 * holds one fails rather than ships a memory that cannot be restored. */
export function referenceNames(pyodide) {
  const names = new Map([[pyodide, "public"]]);
  for (const [scope, object] of [["public", pyodide], ["api", pyodide._api]]) {
    for (const key of Object.getOwnPropertyNames(object)) {
      let value;
      try { value = object[key]; } catch { continue; }  // a getter that needs more than it has
      if (typeof value === "function" && !names.has(value)) names.set(value, `${scope}.${key}`);
    }
  }
  return (value) => {
    if (names.has(value)) return names.get(value);
    throw new Error(`the memory holds a reference to ${String(value).slice(0, 60)}, which has no name`);
  };
}

/** {deserializer, bind}: `deserializer` for loadPyodide({_snapshotDeserializer}); `bind(pyodide)`,
 * once loadPyodide has resolved to `pyodide`, makes the stand-ins reach it. */
export function referenceStandIns() {
  let runtime = null;
  const resolve = (name) => {
    if (!runtime) throw new Error(`${name} was used before the runtime was restored`);
    const [scope, key] = name.split(".");
    const object = scope === "api" ? runtime._api : runtime;
    return key ? object[key] : object;
  };
  const deserializer = (name) => {
    if (name === "public") {
      return new Proxy({}, {
        get: (_, key) => resolve(name)[key],
        set: (_, key, value) => { resolve(name)[key] = value; return true; },
        has: (_, key) => key in resolve(name),
      });
    }
    return function standIn(...args) { return resolve(name).apply(this, args); };
  };
  return { deserializer, bind(pyodide) { runtime = pyodide; } };
}

// What micropip took from Pyodide's API object by value when the build imported it: its table of
// loaded packages (a restore carries no table of the build's) and the runtime's own address, which
// was the build's. Run in the restored runtime, it points them at the restored runtime's.
export const REBIND = `
def rebind():
    import sys, pyodide_js
    packages, base = pyodide_js.loadedPackages, pyodide_js.lockfileBaseUrl
    compat, in_pyodide = sys.modules.get("micropip._compat"), sys.modules.get("micropip._compat._compat_in_pyodide")
    sys.modules["pyodide._package_loader"].loadedPackages = packages
    if compat is None or in_pyodide is None:
        return
    compat.loadedPackages = in_pyodide.loadedPackages = in_pyodide.CompatibilityInPyodide.loadedPackages = packages
    in_pyodide.lockfileBaseUrl = in_pyodide.CompatibilityInPyodide.lockfile_base_url = compat.lockfile_base_url = base
rebind()
del rebind
`;
