// The table's tools: undo, autosave and resume, save and open files, share links.
import { call } from "./engine.js";
import { t, language } from "./i18n.js";
import { read, write, remove, storageDenied } from "./store.js";
import { enterTable, refresh, stopTable } from "./table.js";
import { app, loaded } from "./state.js";
import { showStartMessage, toast, show, setState } from "./screen.js";
import { pageKey, resumeKey, LAST } from "./saved.js";

const $ = (sel) => document.querySelector(sel);

// ----- undo ---------------------------------------------------------------------------------

async function undo() {
  clearTimeout(app.botTimer);
  app.selected = null;  // a card picked for the move taken back goes back to the hand
  document.documentElement.dataset.turn = "";
  const gen = app.gen;
  try {
    await call("undo", { seat: app.state.viewer });
  } catch (err) {
    toast(err.message, { stay: true });
  }
  if (gen !== app.gen) return;
  app.logSize = 0;
  $("#log").replaceChildren();
  await refresh();
}

// ----- autosave and resume ------------------------------------------------------------------

/** True when the page's address (after the browser's Back or Forward) names a game that is not
 * the running one: a link's game, left by a New game that took its own address. */
export function addressNamesAnotherGame() {
  return Boolean(app.state) && new URLSearchParams(location.search).has("game") && pageKey() !== saveKey();
}

/** True when a game started now leaves the running one saved under its own key: on a link's page
 * (the new game takes its own address), or where the running game was resumed from another
 * page's key (the plain page resumes the game last played from a link). False where storage is
 * denied. */
function newGameKeepsTheRunningOne() {
  if (!app.state || storageDenied()) return false;
  return new URLSearchParams(location.search).has("game") || saveKey() !== pageKey();
}

/** The key the running game is kept under (the one it was started or resumed with). */
function saveKey() {
  return app.saveKey ?? pageKey();
}

/** Keep the running game in the browser after every move (where storage is denied, the bar's
 * "Not saved" button shows, and says why when pressed),
 * under the key it was started or resumed with (app.saveKey, else this page's). */
async function autosave() {
  if (app.replay || !app.state) return;
  const key = saveKey();
  if (app.state.view.is_over) {
    remove(key);
    if (read(LAST) === key) remove(LAST);
    return;
  }
  const gen = app.gen;
  try {
    const { text } = await call("save");
    if (gen !== app.gen) return;
    ownText = text;
    if (sameGame(read(key), text)) return;  // another tab saved it already
    if (write(key, text)) {
      if (app.state.seats.includes("human")) write(LAST, key);
    } else if (storageDenied()) {
      $("#unsaved").hidden = false;
    }
  } catch (err) {
    console.warn(`autosave: ${err.message}`);
  }
}

// Two tabs (or windows) on one stored game: when the other one saves a move, this one takes the
// newest position and says so, so no move is lost by playing on an old one; its bots then leave
// the moves to the tab that made them (they play after OTHER_TAB_QUIET_MS without news from it),
// and it does not save again what it was given (two tabs in two languages would otherwise pass
// the same game back and forth). When the other finished the game (its save removed), this one
// goes back to the start screen and says so.
const OTHER_TAB_QUIET_MS = 3000;
let ownText = null;  // the game as this tab last saved it

// True when the other tab's save `theirs` has, where this tab's `own` has a move, another move: the
// two played at the same moment and this tab's move was not kept (a shorter save is an undo).
function overtaken(own, theirs) {
  try {
    const [a, b] = [JSON.parse(own).game, JSON.parse(theirs).game];
    return a.seed === b.seed && a.actions.some((action, i) => i < b.actions.length && b.actions[i] !== action);
  } catch {
    return false;
  }
}

function sameGame(stored, text) {
  if (stored == null) return false;
  try {
    const [a, b] = [JSON.parse(stored), JSON.parse(text)];
    return JSON.stringify([a.game, a.hints]) === JSON.stringify([b.game, b.hints]);
  } catch {
    return false;
  }
}

// A burst of writes (both tabs moving at once) is taken as one, a moment after its last event:
// what is stored then counts, not what an event says was written (this tab's own save may have
// replaced it since).
const OTHER_TAB_SETTLE_MS = 100;
let settling = null;
window.addEventListener("storage", (ev) => {
  if (ev.key !== saveKey()) return;
  clearTimeout(settling);
  settling = setTimeout(takeOtherTab, OTHER_TAB_SETTLE_MS);
});

async function takeOtherTab() {
  if (!app.state || app.replay || app.state.view.is_over) return;
  const latest = read(saveKey());
  if (latest != null && latest === ownText) return;  // this tab's save is the latest: the other one takes it
  // This tab's game as it stands, a move not yet saved included (its save may still be on the way).
  let current = ownText;
  try {
    current = (await call("save")).text;
  } catch { /* the engine is gone: compare with the last save */ }
  // Stored again meanwhile: by this tab (its move stands; the other tab takes it) or by the other
  // (its event follows).
  if (read(saveKey()) !== latest || !app.state || app.replay) return;
  stopTable();
  if (latest == null) {
    app.state = null;
    showStartMessage(t("notice.other_tab_ended"));
    show("start");
    setState("ready");
    return;
  }
  const key = app.saveKey;
  const lost = current != null && overtaken(current, latest);
  ownText = latest;
  try {
    loaded(await call("load", { text: latest, lang: language() }), key);
  } catch (err) {
    console.warn(`the other tab's save: ${err.message}`);
    return;
  }
  await enterTable(OTHER_TAB_QUIET_MS);
  if (lost) toast(t("notice.other_tab_lost"), { stay: true });  // a move of this tab's was not kept: said until read
  else toast(t("notice.other_tab"), { kind: "other-tab" });  // once, for a run of moves
}

/** Resume the game stored for this page: {resumed: true}, or {resumed: false, lost} when there
 * is none (lost null) or it is bad: then it is removed and `lost`, the sentence saying so, is on
 * the start screen (a link that starts a game anyway says it again at the table). With
 * `enter: false` the game is only loaded, for the start screen's "Back to the game". */
export async function resumeSaved({ enter = true } = {}) {
  const key = resumeKey();
  if (!key) return { resumed: false, lost: null };
  stopTable();
  try {
    loaded(await call("load", { text: read(key), lang: language() }), key);
  } catch (err) {
    remove(key);
    const lost = t("save.bad_storage", { message: err.message });
    showStartMessage(lost);
    return { resumed: false, lost };
  }
  if (enter) await enterTable();
  return { resumed: true, lost: null };
}

// ----- files ----------------------------------------------------------------------------------

async function exportFile() {
  const { text } = await call("save");
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = `tidepool-${app.state.view.game}-${app.state.seed}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  toast(t("save.saved", { file: link.download }));  // a download may go by unnoticed: say where it went
}

/** Open the game file chosen in #import-file (its change event `ev`; boot.js listens). */
export async function importFile(ev) {
  const file = ev.target.files[0];
  ev.target.value = "";
  if (!file) return;
  let state;
  try {
    state = await call("load", { text: await file.text(), lang: language() });
  } catch (err) {
    toast(t("save.bad_file", { message: err.message }), { stay: true });
    return;
  }
  stopTable();
  loaded(state, null);  // an opened file is this page's game now
  await enterTable();
  toast(t("save.opened", { file: file.name, game: t(`game.${state.view.game}`) }));  // what was opened
}

// ----- sharing --------------------------------------------------------------------------------

/** The query that starts state `s`'s game again (game, players, seats, seed, options, the page's
 * language, and hints=0 where the page has it): a URLSearchParams. */
function gameQuery(s) {
  const query = new URLSearchParams({ game: s.view.game, players: s.view.players, seats: s.seats.join(","), seed: s.seed });
  const options = Object.entries(s.view.options).filter(([, v]) => v !== null)
    .map(([k, v]) => `${k}=${v === true ? 1 : v === false ? 0 : v}`).join(",");
  if (options) query.set("options", options);
  if (language() !== "en") query.set("lang", language());
  if (new URLSearchParams(location.search).get("hints") === "0") query.set("hints", "0");  // a table without hints stays so
  return query;
}

export function shareLink() {
  return `${location.origin}${location.pathname}?${gameQuery(app.state)}`;
}

/** A game started on a link's page (New game, Play again) takes its own address in place of the
 * link's, so that a reload resumes it and the link, opened again, still leads to the link's own
 * game (each keeps its save under its own address). The page's `embed`, `speed` and `hints` stay. */
function takeAddress(s) {
  const here = new URLSearchParams(location.search);
  if (!here.has("game")) return;
  const query = gameQuery(s);
  for (const key of ["embed", "speed", "hints"]) if (here.has(key)) query.set(key, here.get(key));
  history.replaceState(history.state, "", `${location.pathname}?${query}`);
}

function share() {
  $("#share-link").value = shareLink();
  $("#share-dialog").showModal();
  $("#share-link").select();
}

/** What the table calls to keep its game (wireTable's `keeping`). */
export const keeping = { autosave, saveKey, takeAddress, newGameKeepsTheRunningOne };

export function wireTools() {
  $("#undo-button").addEventListener("click", undo);
  $("#unsaved").addEventListener("click", () => toast(t("save.no_storage")));
  $("#share-button").addEventListener("click", share);
  $("#share-copy").addEventListener("click", async () => {
    const input = $("#share-link");
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      toast(t("share.copied"));
    } catch {
      document.execCommand?.("copy");
    }
  });
  $("#share-close").addEventListener("click", () => $("#share-dialog").close());
  $("#export-button").addEventListener("click", exportFile);
}
