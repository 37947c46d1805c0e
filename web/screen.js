// The page's screens (loading, error, start, table) and its notices: which screen is on show, the
// page's contract state, and notices placed clear of what the player needs to see.
import { app } from "./state.js";
import { t } from "./i18n.js";
import { drawRecords } from "./lobby.js";

const $ = (sel) => document.querySelector(sel);
const html = document.documentElement;

/** Set the page's contract state: <html data-state="loading|ready|playing|over|error">. */
export function setState(state) {
  html.dataset.state = state;
}

/** Show screen `id` (loading, error, start, table) and hide the others; <html data-screen>. */
export function show(id) {
  for (const node of document.querySelectorAll(".screen")) node.hidden = node.id !== id;
  html.dataset.screen = id;
  window.scrollTo(0, 0);
  if (id !== "start") return;
  html.dataset.turn = "";  // nobody moves on the start screen; the table sets it again
  $("#continue-button").hidden = !app.state || Boolean(app.state.view?.is_over) || Boolean(app.demo);
  drawRecords();  // a game just ended may have added to them
}

// What a notice never covers (the seats' names, the prompt and the hand; nor another notice) and,
// where it can, what it leaves in view (the cards on the table).
const KEEP_CLEAR = ".seat-name, .ea-slot-name, [data-part=prompt], [data-part=hand]";
const RATHER_CLEAR = ".card";
// With the scores-and-log drawer open over the felt (a phone, a frame), a notice goes over the
// drawer, clear of its headings, the scores and the newest log entry, and where it can of its
// controls: over the older log entries.
const DRAWER_KEEP_CLEAR = "#side h2, #scores, #log li:last-child";
const DRAWER_RATHER_CLEAR = "#side :is(button, input, select, summary)";

/** Show `message` in a notice, and say it through the page's live region (#announcer). With
 * `kind`, not while a notice of that kind is showing. A plain notice goes after four seconds and
 * never catches a tap; one the player must read (`stay`: something failed or was refused) stays
 * until its close button is pressed. Over an open dialog it shows inside it (above the backdrop);
 * at the table, centred over the felt at the highest place clear of KEEP_CLEAR and RATHER_CLEAR
 * (else the least covered one, KEEP_CLEAR weighing most), or over the scores-and-log drawer when
 * it is open (DRAWER_KEEP_CLEAR); elsewhere at the top of the page. */
export function toast(message, { kind = null, stay = false } = {}) {
  if (kind && document.querySelector(`.toast[data-kind="${kind}"]`)) return;
  // The same sentence still on show (a notice that stays until closed) is said once: it is
  // announced again and shown with a count of how often it was said, not piled up.
  const same = [...document.querySelectorAll(".toast.stays")].find((n) => n.dataset.message === message);
  if (same && stay) {
    same.dataset.times = String(Number(same.dataset.times ?? 1) + 1);
    $("#announcer").textContent = "";
    requestAnimationFrame(() => { $("#announcer").textContent = message; });
    return;
  }
  const box = document.createElement("div");
  box.className = "toast";
  if (kind) box.dataset.kind = kind;
  box.textContent = message;
  if (stay) {
    box.classList.add("stays");
    box.dataset.message = message;
    const close = Object.assign(document.createElement("button"), { type: "button", className: "toast-close" });
    close.setAttribute("aria-label", t("dialog.close"));
    close.addEventListener("click", () => box.remove());
    box.append(close);
  }
  $("#announcer").textContent = message;
  const dialog = document.querySelector("dialog[open]");
  (dialog ?? document.body).append(box);
  place(box);
  if (!stay) setTimeout(() => box.remove(), 4000);
}

// True when the scores-and-log panel is a drawer (a narrow screen, an embed) and open over the table.
export const drawerOpen = () => html.classList.contains("drawer") && html.dataset.side === "open";

// Notice `box`, just shown in a dialog or on the page: at the top of an open dialog, else placed
// over the table's felt (clearTop), else at the top of the page.
function place(box) {
  const drawer = drawerOpen() ? $("#side") : null;
  const area = !box.closest("dialog") && (drawer ?? document.querySelector("#table:not([hidden]) .felt-wrap"))?.getBoundingClientRect();
  if (!area) Object.assign(box.style, { left: "", right: "", maxWidth: "" });
  box.style.top = `${area ? clearTop(box, area, drawer ? [DRAWER_KEEP_CLEAR, DRAWER_RATHER_CLEAR] : [KEEP_CLEAR, RATHER_CLEAR]) : 8}px`;
}

// A dialog that opens takes the notices on show above its backdrop; closed, it hands them back,
// placed again over the table (a <details> opening or closing is no dialog).
new MutationObserver((changes) => {
  for (const { target } of changes) {
    if (target.localName !== "dialog") continue;
    if (target.open) {
      for (const box of document.querySelectorAll("body > .toast")) {
        target.append(box);
        place(box);
      }
    } else {
      for (const box of target.querySelectorAll(".toast")) {
        document.body.append(box);
        place(box);
      }
    }
  }
}).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["open"] });

// The top (px) for notice `box` over the rectangle `felt` (the felt's, or the open drawer's): the
// first place from its top down that covers nothing of note (`keepClear`, nor another notice; and
// where it can, `ratherClear`), else the one that covers least.
function clearTop(box, felt, [keepClear, ratherClear]) {
  Object.assign(box.style, { left: `${felt.left}px`, right: `${innerWidth - felt.right}px`, maxWidth: `${Math.min(544, felt.width - 16)}px` });
  const { left, right, height } = box.getBoundingClientRect();
  const rects = (selector) => [...document.querySelectorAll(selector)].filter((n) => n !== box)
    .map((n) => n.getBoundingClientRect()).filter((r) => r.width && r.height);
  const keep = rects(`${keepClear}, .toast`), rather = rects(ratherClear);  // and clear of a notice that stays
  const overlap = (top, list) => list.reduce((sum, r) => sum
    + Math.max(0, Math.min(right, r.right) - Math.max(left, r.left)) * Math.max(0, Math.min(top + height, r.bottom) - Math.max(top, r.top)), 0);
  let best = { top: Math.max(8, felt.top + 8), cost: Infinity };
  for (let top = best.top; top + height <= Math.min(innerHeight, felt.bottom) - 4 && best.cost; top += 4) {
    const cost = 1000 * overlap(top, keep) + overlap(top, rather);
    if (cost < best.cost) best = { top, cost };
  }
  return best.top;
}

/** Say `message` at the top of the start screen ("" clears it). */
export function showStartMessage(message) {
  const box = $("#start-message");
  box.textContent = message;
  box.hidden = !message;
}

/** Show the error screen with `message` (the bots stop). */
export function fail(message) {
  clearTimeout(app.botTimer);
  $("#error-message").textContent = message;
  show("error");
  setState("error");
}
