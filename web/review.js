// The coach's review of a finished game. At game over "Review my game" asks the engine to rate
// every decision the player made (pygame_core.review: from that player's view only, as a hint
// would have at that position), thought out in the engine's worker in short slices so the page
// never waits on it, with its progress and a Stop button. Then it lists the clear mistakes (the
// coach's best move at least the engine's `gap` better, by `z` standard errors) and, under them,
// the moves to reconsider (a smaller bar: `reconsider_gap`, by `reconsider_z`), each with both
// moves' chances, and draws the player's chance to win decision by decision. Each listed move
// opens the replay at that position (the event "tidepool:review-open", which replay.js takes),
// the move played marked [data-played] and the coach's best [data-hint].
//
// One job: table.js calls offerReview() when the game-over dialog opens; this module imports
// nothing of the table.

import { call } from "./engine.js";
import { t, pct } from "./i18n.js";
import { lineChart } from "./chart.js";

const SLICE_MS = 40;  // each call to the engine thinks about this long, then the page may draw
const $ = (selector) => document.querySelector(selector);
let runs = 0;  // the current review's number: a newer one (or a new game) ends the one before
let reviewed = null;  // the game the review on show is of (its seed, seats and moves)

/** At game over: offer the review (when the coach is on and one human player is "you"); a review
 * of another game is dropped, this game's (shown again after a replay) is kept. */
export function offerReview(s, coachOn) {
  const game = `${s.seed}|${s.seats}|${s.steps}|${s.view.game}`;
  if (game === reviewed && !$("#review").hidden) return;
  reviewed = game;
  runs++;
  const offered = coachOn && s.you != null && s.view.is_over;
  const button = $("#review-button");
  button.hidden = !offered;
  button.disabled = false;
  button.onclick = offered ? () => review(s.you) : null;
  $("#review").hidden = true;
}

function show({ thinking = null, summary = "", mistakes = [], reconsider = [], threshold = "", chart = [] }) {
  $("#review").hidden = false;
  $("#review-thinking").hidden = thinking == null;
  $("#review-progress").value = thinking ?? 0;
  $("#review-summary").textContent = summary;
  for (const [list, items] of [["list", mistakes], ["reconsider", reconsider]]) {
    $(`#review-${list}`).replaceChildren(...items);
    $(`#review-${list}`).hidden = !items.length;
  }
  $("#review-mistakes-title").hidden = !mistakes.length;
  $("#review-reconsider-title").hidden = !reconsider.length;
  $("#review-threshold").textContent = threshold;
  $("#review-chart").replaceChildren(...chart);
}

// One listed decision: a button that opens the replay at its position, both moves marked.
function listed(d, seat) {
  // The step as the replay counts it ("Step 22 of 50"): the position the move was made from.
  const text = t("review.item", { step: d.step, played: d.played_label, chance: pct(d.chance),
    best: d.best_label, best_chance: pct(d.best_chance) });
  const button = Object.assign(document.createElement("button"), { type: "button", className: "review-item", textContent: text });
  button.addEventListener("click", () => dispatchEvent(new CustomEvent("tidepool:review-open", {
    detail: { step: d.step, viewer: seat, played: d.played, best: d.best, text } })));
  const item = document.createElement("li");
  item.append(button);
  return item;
}

async function review(seat) {
  const run = ++runs;
  $("#review-button").disabled = true;
  $("#review-stop").onclick = () => {
    runs++;
    show({ summary: t("review.stopped") });
    $("#review-button").disabled = false;
    $("#review-button").focus();
  };
  const keyboard = document.activeElement === $("#review-button");
  show({ thinking: 0 });
  // The progress and Stop in the middle of the dialog (at its bottom edge they would sit under the
  // dialog's sticky buttons); the button just pressed is disabled: the keyboard's focus goes to Stop.
  $("#review-thinking").scrollIntoView({ block: "center" });
  if (keyboard) $("#review-stop").focus({ preventScroll: true });
  let reply;
  try {
    do {
      reply = await call("review", { seat, budget_ms: SLICE_MS });
      // Stopped, another review, or the game left (a new game, the start screen).
      if (run !== runs) return;
      if (document.documentElement.dataset.state !== "over") return void runs++;
      if (!reply.done) show({ thinking: reply.progress });
    } while (!reply.done);
  } catch (err) {
    if (run === runs) show({ summary: err.message });
    return;
  }
  const stopFocused = document.activeElement === $("#review-stop");
  $("#review-button").hidden = true;  // the review is on show: nothing more to ask for
  const mistakes = reply.decisions.filter((d) => d.mistake);
  const reconsider = reply.decisions.filter((d) => d.reconsider);
  const points = reply.decisions.map((d) => [Math.round(d.chance * 100)]);
  const ringed = (key) => reply.decisions.flatMap((d, i) => (d[key] ? [i] : []));
  show({
    summary: t("review.summary", { n: reply.decisions.length, count: mistakes.length, reconsider: reconsider.length }),
    mistakes: mistakes.map((d) => listed(d, seat)),
    reconsider: reconsider.map((d) => listed(d, seat)),
    threshold: `${t("review.threshold", { gap: Math.round(reply.gap * 100), z: reply.z })} ${t("review.threshold_reconsider", {
      gap: Math.round(reply.reconsider_gap * 100), z: reply.reconsider_z })}`,
    chart: points.length > 1 ? lineChart(points, [t("review.series")], t("review.chart"), {
      max: 100, x: t("review.chart_x"), y: t("review.chart_y"), labels: reply.decisions.map((d) => d.step),
      marked: [{ at: ringed("mistake"), name: t("review.chart_mistake"), kind: "mistake" },
        { at: ringed("reconsider"), name: t("review.chart_reconsider"), kind: "reconsider" }] }) : [],
  });
  // Stop, which had the focus, is hidden now: the focus goes to the first move listed, else the summary.
  if (stopFocused) reach($(".review-item") ?? $("#review-summary"));
}

// Move the keyboard's focus to `el`, scrolled to the middle of the dialog.
function reach(el) {
  el.scrollIntoView({ block: "center" });
  el.focus({ preventScroll: true });
}
