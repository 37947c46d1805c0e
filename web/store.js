// The browser's local storage, where the page may use it. In a third-party frame or a private
// window storage can be denied (reading localStorage throws): then nothing is kept, the game
// still plays, and the page says once that it cannot autosave here.

let denied = null;

function storage() {
  try {
    const store = window.localStorage;
    store.getItem("tidepool.probe");
    denied = false;
    return store;
  } catch {
    denied = true;
    return null;
  }
}

/** True once storage has been found denied. */
export function storageDenied() {
  if (denied === null) storage();
  return denied;
}

export function read(key) {
  try { return storage()?.getItem(key) ?? null; } catch { return null; }
}

/** Store `value` under `key`; false if storage is denied or full. */
export function write(key, value) {
  try {
    const store = storage();
    if (!store) return false;
    store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function remove(key) {
  try { storage()?.removeItem(key); } catch { /* storage denied */ }
}
