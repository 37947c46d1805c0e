// Keyboard focus at the table, the same for every game (the renderers only mark what can be
// pressed): focus never drops to the page's body after a move — it goes to the hand's first
// playable card on your turn, to the first target once a card is picked, and to the prompt
// ([data-part=prompt]) while others play; the hand is one tab stop whose cards the arrow keys walk
// through (roving focus), and the arrow keys also walk between the targets and buttons on the felt.

const PRESSABLE = '[role="button"], button:not(:disabled), [tabindex]:not([tabindex="-1"])';

const inHand = (node) => node.closest?.("[data-part=hand]");

// The felt's pressable elements in `scope`, in document order, skipping those not drawn.
function pressables(scope, felt) {
  return [...scope.querySelectorAll(PRESSABLE)].filter((node) => node.getClientRects().length
    && (scope !== felt || !inHand(node)));
}

/** What is focused in `felt`, as a key that finds the same control after a redraw (or null). */
export function focusKey(felt) {
  const node = document.activeElement;
  if (!node || !felt.contains(node)) return null;
  const d = node.dataset;
  if (d.key) return `[data-key="${CSS.escape(d.key)}"]`;
  if (d.focus) return `[data-focus="${CSS.escape(d.focus)}"]`;
  if (d.action) return `[data-action="${CSS.escape(d.action)}"]`;
  if (d.card) return `[data-card="${CSS.escape(d.card)}"]`;
  if (d.seat) return `[data-seat="${CSS.escape(d.seat)}"]`;
  return null;
}

/** True when focus is nowhere in particular: on the body, on the prompt, inside `felt` (whose
 * controls a redraw replaces) or on a control just hidden, so the table may move it; false when
 * the player is elsewhere (the side panel, the bar, a dialog). */
export function focusIsOurs(felt, prompt) {
  const node = document.activeElement;
  return !node || node === document.body || node === prompt || felt.contains(node)
    || Boolean(node.closest("[hidden]"));  // a control just hidden (Continue, the hand-over button)
}

/** The hand is one tab stop: the focused card (else the first playable one) takes Tab, the others
 * are reached with the arrow keys. */
export function roveHand(felt) {
  const hand = felt.querySelector("[data-part=hand]");
  if (!hand) return;
  const cards = [...hand.querySelectorAll('[role="button"]')];
  if (!cards.length) return;
  const current = cards.find((c) => c === document.activeElement) ?? cards.find((c) => c.getAttribute("aria-pressed") === "true") ?? cards[0];
  for (const c of cards) c.tabIndex = c === current ? 0 : -1;
}

/**
 * Put focus where the player goes next, after the felt was drawn. `key` is focusKey() from before
 * the redraw; `mine` says it is this page's human to move; `picked` that a card was just picked
 * (its targets come next); `prompt` is the prompt element (focusable with tabindex=-1).
 */
export function placeFocus(felt, { key, mine, picked, prompt }) {
  const active = document.activeElement;
  if (active && active !== document.body && felt.contains(active) && (!picked || active.dataset.legal)) return;  // the renderer placed it
  let next = null;
  // A pick goes on to the first control that completes the move (a target, or a card to ask for).
  if (mine && picked) next = [...felt.querySelectorAll('[data-legal]:not([data-legal=""])')].find((n) => n.getClientRects().length && n.matches(PRESSABLE));
  if (!next && mine && key) next = [...felt.querySelectorAll(key)].find((n) => n.matches(PRESSABLE) || n.tabIndex >= 0);
  if (!next && mine) {
    const hand = felt.querySelector("[data-part=hand]");
    next = (hand && (hand.querySelector('[role="button"][tabindex="0"]') ?? hand.querySelector('[role="button"]')))
      ?? pressables(felt, felt).find((n) => n.dataset.legal != null) ?? pressables(felt, felt)[0] ?? null;
  }
  (next ?? prompt).focus({ preventScroll: true });
  if (next && inHand(next)) roveHand(felt);
}

/** Arrow keys on the felt: within the hand, from card to card (reading direction, so right to
 * left in Arabic); elsewhere, between the felt's targets and buttons. Home and End go to the ends.
 * Returns true when the key was used. */
export function arrowFocus(felt, ev) {
  const rtl = getComputedStyle(felt).direction === "rtl";
  const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowDown: 1, ArrowUp: -1, Home: -Infinity, End: Infinity }[ev.key];
  if (step == null || ev.altKey || ev.ctrlKey || ev.metaKey) return false;
  const from = ev.target;
  const hand = inHand(from);
  const items = hand ? [...hand.querySelectorAll('[role="button"]')] : pressables(felt, felt);
  const at = items.indexOf(from);
  if (at < 0 || items.length < 2) return false;
  const to = step === -Infinity ? 0 : step === Infinity ? items.length - 1 : (at + step + items.length) % items.length;
  items[to].focus();
  if (hand) roveHand(felt);
  return true;
}

/** `<html data-input>`: "pointer" after a click or touch, "keys" after a key press. The table
 * moves focus itself after every move; rings and lifts of focused cards show only once the
 * keyboard is in use (a11y.css and the tables' styles). */
export function trackInput() {
  const html = document.documentElement;
  document.addEventListener("pointerdown", () => { html.dataset.input = "pointer"; }, { capture: true, passive: true });
  document.addEventListener("keydown", (ev) => {
    if (!ev.metaKey && !ev.ctrlKey && !ev.altKey) html.dataset.input = "keys";
  }, { capture: true });
}

const TABBABLE = 'button:not(:disabled), [href], input:not([type=hidden]):not(:disabled), select:not(:disabled), summary, [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab stay inside an open modal dialog (they wrap around at its ends), for every
 * dialog of the page. */
export function trapDialogTab() {
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "Tab" || ev.defaultPrevented) return;
    const dialog = [...document.querySelectorAll("dialog[open]")].find((d) => d.matches(":modal"));
    if (!dialog) return;
    const stops = [...dialog.querySelectorAll(TABBABLE)].filter((n) => n.getClientRects().length && !n.closest("[inert]"));
    if (!stops.length) return;
    const first = stops[0];
    const last = stops.at(-1);
    const inside = dialog.contains(document.activeElement);
    if (ev.shiftKey && (!inside || document.activeElement === first)) {
      ev.preventDefault();
      last.focus();
    } else if (!ev.shiftKey && (!inside || document.activeElement === last)) {
      ev.preventDefault();
      first.focus();
    }
  });
}
