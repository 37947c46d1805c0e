// Replay of a finished (or opened) game: step or play through every decision, the log in sync,
// from any seat's point of view or with every hand open; and a position the coach's review opened,
// with the move played and the coach's best marked.
import { call } from "./engine.js";
import { t } from "./i18n.js";
import { drawFelt, logItems, LOG_PAGE, refresh, renderRound, renderScores, setPrompt } from "./table.js";
import { app } from "./state.js";
import { tableOf } from "./tables/index.js";
import { isYou, leadsTo } from "./tables/common.js";
import { syncHint } from "./coach.js";

const $ = (sel) => document.querySelector(sel);
const html = document.documentElement;

function startReplay() {
  if ($("#over").open) $("#over").close();
  clearTimeout(app.botTimer);
  // The game-over bar steps aside for the replay's own bar (and comes back after it).
  app.replay = { step: 0, viewer: app.state.viewer ?? "all", timer: null, gen: app.gen, overBar: !$("#over-bar").hidden };
  $("#over-bar").hidden = true;
  const select = $("#replay-viewer");
  select.replaceChildren(new Option(t("replay.all"), "all"), new Option(t("replay.spectator"), ""),
    ...app.state.names.map((name, seat) => new Option(t(isYou(app.state, seat) ? "replay.seat.you" : "replay.seat", { name }), seat)));
  select.value = String(app.replay.viewer);
  $("#replay-step").max = app.state.steps;
  $("#replay-bar").hidden = false;
  $("#hint-button").hidden = true;
  syncHint($("#felt"), null);  // a hint belongs to the live position
  $("#announcer").textContent = "";  // the live game's last sentence is no news in the replay
  html.dataset.replay = "on";
  replayTo(0);
}

// A position the coach's review opened ({step, viewer, played, best, text}, review.js): shown from
// the player's seat with the move played and the coach's best marked.
function reviewAt(marks) {
  startReplay();
  const r = app.replay;
  r.viewer = marks.viewer;
  r.marks = marks;
  $("#replay-viewer").value = String(marks.viewer);
  replayTo(marks.step);
}

// Mark on the felt the move played ([data-played]) and the coach's best ([data-hint]): each element
// that plays it or starts it (drawn as the player's moves were at that position), then nothing is
// left to press: a replay makes no move. A move's button ("Pass", "Finish without placing") is no
// part of the position: it stays only as one of the two marks, and is no button there.
function markReview(felt, marks) {
  for (const node of felt.querySelectorAll("[data-legal]")) {
    if (leadsTo(node, marks.best)) node.dataset.hint = marks.best;
    if (leadsTo(node, marks.played)) node.dataset.played = marks.played;
    if (node.tagName === "BUTTON") {
      node.hidden = !node.dataset.hint && !node.dataset.played;
      node.inert = true;
    }
    const said = [node.dataset.played && t("review.played_mark"), node.dataset.hint && t("review.best_mark")].filter(Boolean);
    if (said.length) node.title = said.join(" · ");
    delete node.dataset.legal;
    node.classList.remove("playable");
    node.removeAttribute("tabindex");
    if (node.getAttribute("role") === "button") node.setAttribute("role", "img");
    node.removeAttribute("aria-pressed");
  }
}

// What the two marks of a reviewed position stand for, each drawn as its mark is (app.css).
function markLegend() {
  const legend = Object.assign(document.createElement("span"), { className: "mark-legend" });
  legend.append(Object.assign(document.createElement("span"), { className: "mark-played", textContent: t("review.played_mark") }),
    Object.assign(document.createElement("span"), { className: "mark-best", textContent: t("review.best_mark") }));
  return legend;
}

async function replayTo(step) {
  const r = app.replay;
  if (!r) return;
  r.step = Math.max(0, Math.min(app.state.steps, step));
  const marked = r.marks?.step === r.step ? r.marks : null;
  const s = await call("replay", { step: r.step, viewer: r.viewer, log_limit: LOG_PAGE, moves: Boolean(marked) });
  if (app.replay !== r || r.step !== s.step) return;  // left, or a later step was asked meanwhile
  html.dataset.replayStep = r.step;
  $("#replay-step").value = r.step;
  $("#replay-count").textContent = t("replay.count", { n: r.step, total: s.steps });
  const log = $("#log");
  log.replaceChildren(...logItems(s.log, true));
  log.scrollTop = log.scrollHeight;
  const hands = $("#open-hands");
  hands.hidden = !s.open_hands;
  const face = (card) => tableOf(s.view.game).ghost({ card }, t);
  hands.replaceChildren(...(s.open_hands ?? []).map((hand, seat) => {
    const row = document.createElement("div");
    row.className = "open-hand";
    const cards = document.createElement("div");
    cards.className = "open-hand-cards";
    cards.append(...hand.map(face));
    row.append(Object.assign(document.createElement("h3"), { textContent: s.names[seat] }), cards);
    return row;
  }));
  renderRound(s.view);
  renderScores($("#scores"), s);
  // The prompt says what this step did (the first log entry its action wrote: the move itself, or
  // the deal; what followed from it is on the felt and in the log): on a phone the log is in the
  // drawer, and the bar counts the steps already.
  const said = s.log.find((e) => e.i === s.step_log_from)?.text;
  setPrompt(marked ? marked.text : said ?? t("replay.count", { n: r.step, total: s.steps }));
  if (marked) $("#prompt").append(markLegend());
  drawFelt(s, {});
  if (marked) markReview($("#felt"), marked);
  if (r.step >= s.steps) stopReplayPlay();
}

function toggleReplayPlay() {
  const r = app.replay;
  if (r.timer) return stopReplayPlay();
  if (r.step >= app.state.steps) replayTo(0);
  playing(true);
  r.timer = setInterval(() => replayTo(r.step + 1), Math.max(150, app.speed));
}

function stopReplayPlay() {
  const r = app.replay;
  if (r?.timer) clearInterval(r.timer);
  if (r) r.timer = null;
  playing(false);
}

// The play button shows, and names, what a press does: play, or pause while playing.
function playing(on) {
  const button = $("#replay-play");
  button.classList.toggle("playing", on);
  button.dataset.tLabel = on ? "replay.pause" : "replay.play";
  button.setAttribute("aria-label", t(button.dataset.tLabel));
}

/** Leave the replay; with `redraw`, draw the table's current state again. */
export function exitReplay(redraw) {
  if (!app.replay) return;
  stopReplayPlay();
  if (app.replay.overBar) $("#over-bar").hidden = false;
  app.replay = null;
  $("#replay-bar").hidden = true;
  $("#open-hands").hidden = true;
  delete html.dataset.replay;
  delete html.dataset.replayStep;
  if (redraw) {
    app.logSize = 0;
    $("#log").replaceChildren();
    refresh();
  }
}

export function wireReplay() {
  $("#replay-button").addEventListener("click", startReplay);
  $("#replay-exit").addEventListener("click", () => exitReplay(true));
  $("#replay-first").addEventListener("click", () => replayTo(0));
  $("#replay-back").addEventListener("click", () => replayTo(app.replay.step - 1));
  $("#replay-next").addEventListener("click", () => replayTo(app.replay.step + 1));
  $("#replay-last").addEventListener("click", () => replayTo(app.state.steps));
  $("#replay-step").addEventListener("input", (ev) => replayTo(Number(ev.target.value)));
  $("#replay-viewer").addEventListener("change", (ev) => {
    app.replay.viewer = ev.target.value === "all" ? "all" : ev.target.value === "" ? null : Number(ev.target.value);
    replayTo(app.replay.step);
  });
  $("#replay-play").addEventListener("click", toggleReplayPlay);
  addEventListener("tidepool:review-open", ({ detail }) => reviewAt(detail));
}
