// Tidepool's page: draws the start screen at once from static data (lobby.json, i18n/*.json),
// while PyScript starts the engine in its worker; then follows the link (a preset game, a rules
// demo), resumes a stored game, or waits for the player.
//
// Page contract (README, DESIGN.md): <html data-state="loading|ready|playing|over|error"> and
// <html data-engine="loading|ready|error">; data-state="ready" means the start screen is usable,
// whether or not the engine is up.
import { ready, call, onEngineState, onEngineProgress, engineState, engineFailure, startEngine } from "./engine.js";
import { t, language, setLanguage, chooseLanguage, saveLanguage, prefetchCatalog, LANGUAGES } from "./i18n.js";
import { drawLobby, fillLobby, lastSetup, readLobby, wireLobby } from "./lobby.js";
import { app } from "./state.js";
import { show, setState, fail, showStartMessage, toast } from "./screen.js";
import { hasSavedGame } from "./saved.js";
import { storageDenied } from "./store.js";

const $ = (sel) => document.querySelector(sel);
const html = document.documentElement;
const params = new URLSearchParams(location.search);
if (params.get("embed") === "1") html.classList.add("embed");

let loaded = null;  // {done, total} bytes of the runtime's download
// A later visit: the service worker serves the runtime from this device, nothing is downloaded.
const cached = Boolean(navigator.serviceWorker?.controller);

function loadingText() {
  if (!loaded?.total) return t("loading.engine");
  if (loaded.done < loaded.total) {
    const mb = (n) => (n / 1048576).toFixed(1);
    return t(cached ? "loading.cached" : "loading.download", { done: mb(loaded.done), total: mb(loaded.total) });
  }
  return t("loading.start");
}

function showEngineStatus(state) {
  const line = $("#engine-status");
  line.dataset.engine = state;
  line.textContent = state === "ready" ? "" : state === "error"
    ? t("error.engine_load") : loadingText();
  line.hidden = state === "ready";
  $("#load-status").textContent = line.textContent;
  if (state === "ready") $("#load-progress").value = 100;
}

onEngineProgress((done, total) => {
  loaded = { done, total };
  if (total) $("#load-progress").value = Math.min(95, (95 * done) / total);
  showEngineStatus(engineState());
});

/** Run `task` once the page has loaded and the browser is idle (at most a second after load). */
function whenSettled(task) {
  const idle = () => (window.requestIdleCallback ? requestIdleCallback(task, { timeout: 1000 }) : setTimeout(task, 200));
  if (document.readyState === "complete") idle();
  else addEventListener("load", idle, { once: true });
}

// The table's side of the page (the table, its tools, the replay, the rules demos) is not needed
// to draw the start screen, so it is not in the start screen's way: it loads beside the engine
// when the page opens on a table or a demo, else once the page is idle, and at the latest when a
// step needs it. Its controls are wired as it arrives.
let tableSide = null;  // the promise of the table's modules
let side = null;       // their exports, once loaded and wired

/** The table's modules, loaded once and wired: resolves to their exports in one object. */
function tableModules() {
  tableSide ??= Promise.all(["./table.js", "./tools.js", "./replay.js", "./demo.js", "./tables/index.js", "./rules.js"].map((m) => import(m)))
    .then(([table, tools, replay, demo, tables, rules]) => {
      table.wireTable({ onMenu: toStart, enter: () => replay.exitReplay(false), keeping: tools.keeping });
      tools.wireTools();
      replay.wireReplay();
      $("#continue-button").addEventListener("click", () => {
        show("table");
        setState(app.state.view.is_over ? "over" : "playing");
        table.refresh();
      });
      side = { ...table, ...tools, ...replay, ...demo, ...tables, ...rules };
      return side;
    }, (err) => {
      tableSide = null;  // not kept: a later step asks the browser again
      throw err;
    });
  return tableSide;
}

/** The table's modules, or null once the error screen says they could not be loaded. */
async function tableOrFail() {
  try {
    return await tableModules();
  } catch (err) {
    console.warn(err.message);  // the file and the browser's reason, for whoever runs the site
    fail(t("error.engine_load"));
    return null;
  }
}

/** Show the loading screen while the engine starts; resolves when it is up, or shows the error. */
async function waitForEngine() {
  startEngine();
  if (engineState() !== "ready") {
    show("loading");
    setState("loading");
  }
  try {
    await ready;
    return true;
  } catch (err) {
    console.warn(engineFailure() ?? err.message);  // the browser's reason, for whoever runs the site
    fail(t("error.engine_load"));
    return false;
  }
}

// Back to the start screen from the table (whose modules are loaded, then).
function toStart() {
  side.stopTable();
  if (app.config) fillLobby({ ...app.config, seed: null });  // a new game gets a new deal
  show("start");
  setState("ready");
}

async function startFromLobby() {
  let config;
  try {
    config = readLobby();
  } catch (err) {
    showStartMessage(err.message);
    return;
  }
  const table = await tableOrFail();
  if (!table) return;
  if (!(await table.confirmLeave())) {  // a running game is only replaced when the player says so
    show("table");
    setState("playing");
    await table.refresh();
    return;
  }
  if (await waitForEngine()) await table.startGame(config);
}

async function switchLanguage(code) {
  let config = null;
  try { config = readLobby(); } catch { /* keep what the form shows */ }
  await setLanguage(code, app.lobby.languages);
  saveLanguage(code);
  side?.showSpeed();  // the slider's value in words (else shown as the table's modules arrive)
  drawLobby(app.lobby);
  if (config) fillLobby(config);
  showEngineStatus(engineState());
  if (app.state && engineState() === "ready" && html.dataset.screen === "table") {
    app.logSize = 0;
    $("#log").replaceChildren();
    await side.refresh();
  }
}

async function runDemo(name) {
  if (!app.lobby.games.some((g) => g.name === name)) {
    showStartMessage(t("demo.unknown", { name }));
    return false;
  }
  const table = await tableOrFail();
  if (!table) return true;  // the error screen says so
  show("table");
  try {
    await table.loadTable(name);
    app.demo = await table.startDemo(name, {
      t, felt: $("#felt"), draw: table.drawFelt, roundEnd: table.fillRoundEnd, end: $("#round-end"), lang: language(), onExit: async ({ game }) => {
        app.demo = null;
        history.replaceState(null, "", location.pathname + (language() !== "en" ? `?lang=${language()}` : ""));
        fillLobby({ game });
        show("start");
        setState("ready");
        // A link that also set a table up: that table waits on the start screen.
        const config = params.has("game") ? await ready.then(linkConfig, () => null) : null;
        if (config && html.dataset.screen === "start") fillLobby(config);
      },
    });
    if (params.has("game")) toast(t("demo.link_game"));
    return true;
  } catch (err) {
    showStartMessage(t("error.params", { message: err.message }));
    show("start");
    setState("ready");
    return false;
  }
}

/** The link's table settings, checked by the engine (the page's language is its own affair). */
async function linkConfig() {
  const query = new URLSearchParams(params);
  query.delete("lang");
  try {
    return (await call("parse_query", { query: `?${query}`, lang: language() })).config;
  } catch (err) {
    showStartMessage(t("error.params", { message: err.message }));
    return null;
  }
}

// A link that sets a table up (players, seats…) but names no game starts none: say so.
const strayLink = !params.has("game") && !params.has("demo")
  && ["players", "seats", "seed", "options", "speed"].some((key) => params.has(key));

// The settings a link may give (README). A key one or two letters off one of them ("gmae",
// "seeds") is a typo: the start screen says which setting it meant, and the link starts nothing
// (nor resumes a game in its place). Any other key is the web author's own (utm_source…) and is
// left alone; so is one whose value `game` could not take ("page=2").
const SETTINGS = ["game", "players", "seats", "seed", "options", "lang", "embed", "speed", "hints", "demo"];

/** The first mistyped setting of the link: {name, known}, or null. */
function mistyped() {
  for (const [name, value] of params) {
    if (SETTINGS.includes(name) || name.length < 3 || !value) continue;
    const [distance, known] = SETTINGS.map((setting) => [edits(name, setting), setting])
      .filter(([, setting]) => setting !== "game" || app.lobby.games.some((g) => g.name === value))
      .reduce((best, next) => (next[0] < best[0] ? next : best), [Infinity, null]);
    if (distance <= 2) return { name, known };
  }
  return null;
}

// The edits (a letter added, dropped or changed, or two neighbours swapped) from `a` to `b`.
function edits(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

function showStart() {
  const typo = mistyped();
  if (typo) showStartMessage(t("link.typo", typo));
  else if (strayLink) showStartMessage(t("error.no_game"));
  show("start");
  setState("ready");
}

async function followLink() {
  const demo = params.get("demo");  // a demo is static data: it needs no engine
  if (demo && (await runDemo(demo))) return;
  if (!(await waitForEngine())) return;
  const table = await tableOrFail();
  if (!table) return;
  const config = params.has("game") ? await linkConfig() : null;
  if (config) {
    app.speed = config.speed ?? app.speed;
    table.showSpeed();
    fillLobby(config);
  }
  // A link that asks for what it cannot have (an unknown demo, bad settings, no game) keeps its
  // message on the start screen; a saved game then waits behind "Back to the game".
  const refused = demo != null || strayLink || mistyped() || (params.has("game") && !config);
  const { resumed, lost } = await table.resumeSaved({ enter: !refused });
  if (resumed && !refused) return;
  if (config?.start && (await table.startGame(config, true))) {
    if (lost) toast(lost, { stay: true });  // the link's own game, stored and bad: a new one began in its place
    return;
  }
  showStart();
}

async function boot() {
  onEngineState(showEngineStatus);
  prefetchCatalog(chooseLanguage(params, LANGUAGES).lang);  // beside lobby.json, not after it
  let lobby;
  try {
    lobby = await (await fetch("lobby.json")).json();
  } catch (err) {
    fail(`lobby.json: ${err.message}`);
    return;
  }
  app.lobby = lobby;
  const { lang, unknown } = chooseLanguage(params, lobby.languages);
  await setLanguage(lang, lobby.languages);
  side?.showSpeed();  // the slider's value in words, now that the catalog is here
  drawLobby(lobby);
  const linked = lobby.games.some((g) => g.name === params.get("game")) ? params.get("game") : undefined;
  fillLobby(linked ? { game: linked } : lastSetup());  // else the setup last played here
  // A page that opens on a table loads the table's modules, and a link's game table, while the
  // engine starts (a failure is reported when they are needed).
  const onTable = params.has("game") || params.has("demo") || hasSavedGame();
  if (onTable) tableModules().then((table) => linked && table.loadTable(linked)).catch(() => {});
  showEngineStatus(engineState());
  registerServiceWorker();
  $("#load-offline").hidden = cached;  // it does already
  if (onTable) {
    await followLink();
  } else {
    showStart();
  }
  // Anywhere else the engine starts once the start screen is drawn and the page is idle (a link's
  // game has it started already, and anything that needs it starts it): PyScript's downloads and
  // its start then do not hold up the start screen on a slow connection or a slow phone. So do
  // the table's modules.
  whenSettled(() => {
    tableModules().catch(() => {});
    startEngine();
  });
  if (unknown) toast(t("notice.lang"));  // once the screen it speaks of is up
}

// The browser's Back button: the table is one history entry above the start screen. Not in an
// embedded frame, whose history entries would be the embedding page's.
function trackHistory() {
  if (html.classList.contains("embed")) return;
  new MutationObserver(() => {
    if (html.dataset.screen === "table" && history.state?.screen !== "table") history.pushState({ screen: "table" }, "");
  }).observe(html, { attributes: true, attributeFilter: ["data-screen"] });
  window.addEventListener("popstate", (ev) => {
    if (!side) return;  // no table was ever shown: nothing to go back or forward to
    // Back past a New game that took its own address: that entry is the earlier game's, and the
    // page opens it as that address does (its game resumes from its save). Where nothing is kept,
    // a reload would lose the game on show: the start screen then (the running game behind it).
    if (side.addressNamesAnotherGame() && !storageDenied()) {
      // This entry becomes that game's table (no entry is pushed above it, so Forward still
      // leads back to the newer game).
      history.replaceState({ screen: "table" }, "");
      location.reload();
      return;
    }
    if (ev.state?.screen === "table") {
      if (app.state && html.dataset.screen === "start") $("#continue-button").click();
    } else if (html.dataset.screen === "table") {
      toStart();
    }
  });
}

function registerServiceWorker() {
  if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
    navigator.serviceWorker.register("./sw.js").catch((err) => console.warn(`service worker: ${err}`));
  }
}


wireLobby({ onLanguage: switchLanguage, onStart: startFromLobby });
$("#table-lang").addEventListener("change", (ev) => switchLanguage(ev.target.value));
trackHistory();
$("#error-reload").addEventListener("click", () => location.reload());
// Open file, on the start screen and in the table's bar: the picker opens within the tap, and the
// file chosen is opened by the table's tools.
for (const id of ["#start-import-button", "#import-button"]) $(id).addEventListener("click", () => $("#import-file").click());
$("#import-file").addEventListener("change", async (ev) => (await tableOrFail())?.importFile(ev));

/** The rules of `game` in their dialog (rules.js comes with the table's modules). */
async function showRules(game) {
  const table = await tableModules().catch((err) => {
    console.warn(err.message);
    toast(t("error.engine_load"), { stay: true });
  });
  table?.openRules(game, { t });
}

$("#rules-button").addEventListener("click", () => showRules(app.demo?.game ?? app.state?.view.game ?? $("#start-form").elements.game.value));
$("#start-rules-button").addEventListener("click", () => showRules($("#start-form").elements.game.value || "snorkeling"));
boot();
