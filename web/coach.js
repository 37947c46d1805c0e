// The coach at the table: the Hint button (or the H key) asks the engine to rate every legal move of
// the player to move (pygame_core.advise, from that player's view only), thought out in the
// engine's worker in short slices so the page never waits on it. While it thinks, the hint line
// shows its progress; then it names the best move with its chance to win and the next best one's
// (and why, where the engine can tell from what the table showed), and marks the move on the felt
// (page contract: [data-hint] on each element that plays it or starts it, e.g. the card and then
// its target). A new position (a move, an undo, a new game) drops the hint and stops its thinking. The engine counts the hints each seat took (state.hints).
//
// One job, no table state of its own beyond the hint: table.js calls requestHint() on a click and
// syncHint() after each draw; this module imports nothing of table.js.

import { call } from "./engine.js";
import { t, pct, language } from "./i18n.js";
import { leadsTo } from "./tables/common.js";

const SLICE_MS = 40;  // each call to the engine thinks about this long, then the page may draw
const $ = (selector) => document.querySelector(selector);

let hint = null;  // {key, run, reply}: the position asked about, its request, the engine's answer
let runs = 0;

// A position: the actions taken and who is to move (a move or an undo changes it).
const positionKey = (s) => `${s.steps}:${s.view.current_player}`;

function showLine(content) {
  const line = $("#hint-line");
  line.hidden = content == null;
  line.replaceChildren();
  $("#hint-button").setAttribute("aria-busy", String(content?.thinking != null));
  if (content == null) return;
  if (content.thinking != null) {
    const bar = Object.assign(document.createElement("progress"), { max: 1, value: content.thinking });
    bar.setAttribute("aria-label", t("hint.thinking"));
    line.append(t("hint.thinking"), " ", bar);
    return;
  }
  line.textContent = hintText(content.reply);
}

// The hint's sentence, then why the move is good where the engine says so ("… (no other move is
// better). Bot 3 is known to hold sevens."), while the page speaks the language it was said in.
function hintText(reply) {
  const sentence = hintSentence(reply.actions);
  return reply.why && reply.lang === language() ? `${sentence}. ${reply.why}` : sentence;
}

/** The hint's sentence for the engine's rated `actions` (the move it names first, then by
 * chance): that move with its chance and the next best one's; where the next reads the same or a
 * little more (within the samples' noise: the engine names another only when it is clearly
 * better, pygame_core Advice), that the two are about as good (its higher chance left unsaid: the
 * move named read as the lesser); where it reads less but is not shown worse (its `as_good`:
 * within two standard errors), that the move named is not clearly better than it, with both
 * chances. A move another dominates (a Go Fish ask beside a sure catch) is no next best, however
 * it reads. The chance is the game's ("to win the game"): in a trick-taking game "to win" read
 * as the trick's. */
export function hintSentence([best, following]) {
  const next = following?.dominated ? undefined : following;
  const key = !following ? "hint.only" : !next ? "hint.first"
    : Math.round(best.chance * 100) <= Math.round(next.chance * 100) ? "hint.even" : next.as_good ? "hint.close" : "hint.best";
  return t(key, { move: best.label, chance: pct(best.chance), other: next && midSentence(next.label), other_chance: next && pct(next.chance) });
}

// Where a move's label begins with a verb (English, Indonesian, Portuguese: "Play …", "Minta …",
// "Pedir …"), it is lower-cased inside a sentence; German's begin with a card or a noun, Arabic
// has no capitals.
const VERB_FIRST = new Set(["en", "id", "pt"]);
const midSentence = (label) => VERB_FIRST.has(language()) ? label.charAt(0).toLocaleLowerCase(language()) + label.slice(1) : label;

/** Ask the engine for a hint on state `s` (the viewer's turn); `onAdvice()` once it arrived, to
 * mark it on the felt. A second request for the same position asks nothing more (it marks the
 * answer again, if there is one); `onError(message)` if the engine refused. */
export async function requestHint(s, onAdvice, onError) {
  const key = positionKey(s);
  if (hint?.key === key) {  // asked already: marked again (a redraw may have dropped the marks)
    if (hint.reply) onAdvice();
    return;
  }
  const run = ++runs;
  hint = { key, run, reply: null };
  showLine({ thinking: 0 });
  try {
    let reply;
    do {
      reply = await call("advise", { budget_ms: SLICE_MS });
      if (hint?.run !== run) return;  // the position changed meanwhile: this hint is dropped
      if (!reply.done) showLine({ thinking: reply.progress });
    } while (!reply.done);
    hint.reply = { ...reply, lang: language() };
    showLine({ reply: hint.reply });
    onAdvice();
  } catch (err) {
    if (hint?.run !== run) return;
    hint = null;
    showLine(null);
    onError(err.message);
  }
}

/** After a draw of state `s`: a hint for another position is dropped (its thinking stops at its
 * next slice); the hint for this one marks its move on `felt` ([data-hint]). */
export function syncHint(felt, s) {
  for (const node of felt.querySelectorAll("[data-hint]")) node.removeAttribute("data-hint");
  if (hint && (!s || hint.key !== positionKey(s))) {
    hint = null;
    showLine(null);
  }
  const best = hint?.reply?.best;
  if (!best) return;
  // The moves' labels in the table's language (it may have changed since the hint came).
  const labels = new Map((s.moves ?? []).map((m) => [m.action, m.label]));
  for (const rated of hint.reply.actions) rated.label = labels.get(rated.action) ?? rated.label;
  if ($("#hint-line").textContent !== hintText(hint.reply)) showLine({ reply: hint.reply });
  for (const node of felt.querySelectorAll("[data-legal]")) {
    if (leadsTo(node, best)) node.dataset.hint = best;
  }
}
