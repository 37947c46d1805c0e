// Pieces every table renderer uses: elements, SVG symbols from the page's sprite, face-down hands,
// and how screen readers and keyboards meet the table: every card, pile and seat has a name in
// words (named), and everything that makes a move is a button (pressable) that keeps its visible
// label in its name.

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

/** Whether `seat` is "you" for the table's sentences: the engine's `you` (the one human seat of
 * a game with exactly one, whose name says "(you)"; hot seat, all-bot games and demos have none). */
export function isYou(s, seat) {
  return seat != null && s.you === seat;
}

/** Whether the seat seen from is the person at this device, so its hand and piles are "yours":
 * not in a rules demo (its state says `demo`: "Marina's score pile"), nor in a replay from
 * another seat's point of view (a replay state has a `step`). */
export function seenByYou(s) {
  return !s.demo && (s.step == null || isYou(s, s.viewer));
}

/** The name of the hand seen from: "Your hand", or in a replay from another seat "Bot 2's hand". */
export function handLabel(s, t) {
  return seenByYou(s) ? t("table.hand") : t("table.seat_hand", { name: s.names[s.viewer] });
}

/** Mark `node` as performing a legal move when clicked (page contract: [data-legal]); `action`
 * is the move it makes, or "" when it starts one (a card that still needs a destination).
 * `starts` lists the moves it may lead to (the coach marks it for any of them); by default the
 * one it makes. */
export function legal(node, action = "", starts = action ? [action] : []) {
  node.dataset.legal = action;
  node.starts = starts;
  return node;
}

/** Whether `node` (marked by legal()) makes move `action` or starts it: where the coach's hint and
 * a review's marks go. */
export function leadsTo(node, action) {
  return node.dataset.legal === action || (node.starts ?? []).includes(action);
}

export function symbol(id) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
  use.setAttribute("href", `#${id}`);
  svg.append(use);
  return svg;
}

/** Text that is part of a drawing (a card's corner value, a count beside a pile, a score badge):
 * painted by CSS from data-shown, so it is no label text of a button around it. `hidden` leaves it
 * out for screen readers too, where a name nearby says it already (a card's own name). */
export function painted(tag, className, text, { hidden = false } = {}) {
  const node = el(tag, className);
  node.dataset.shown = text;
  if (hidden) node.setAttribute("aria-hidden", "true");
  return node;
}

/** Name something drawn that does nothing by itself (a card, a pile, a face-down hand, a trick
 * slot) in words for screen readers: an image named `name`, whose drawing inside is not read. */
export function named(node, name) {
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", name);
  return node;
}

// The text of `node` that a screen reader would read from its content (aria-hidden parts left out).
function spokenText(node) {
  let text = "";
  for (const child of node.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) text += child.textContent;
    else if (child.nodeType === Node.ELEMENT_NODE && child.getAttribute("aria-hidden") !== "true") text += ` ${child.dataset?.shown ?? ""} ${spokenText(child)} `;
  }
  return text.replace(/\s+/g, " ").trim();
}

const squash = (text) => text.toLocaleLowerCase().replace(/\s+/g, " ").trim();

// Hide from screen readers the parts of `node` whose visible text is not in `name`; return what
// they said (their own names, else their text), to describe the button with.
function hideOutsideName(node, name, said) {
  const whole = squash(name);
  for (const child of node.children) {
    if (child.getAttribute("aria-hidden") === "true") continue;
    const text = `${child.dataset?.shown ?? ""} ${spokenText(child)}`.trim();
    if (!text || whole.includes(squash(text))) continue;
    const label = child.getAttribute("aria-label");
    if (!label && child.children.length) {
      hideOutsideName(child, name, said);
      continue;
    }
    child.setAttribute("aria-hidden", "true");
    if (label || text) said.push(label || text);
  }
  return said;
}

/** Make `node` a button named `name` (its move in words) that runs `go()` on a click, Enter or
 * Space. The visible label stays part of the name: text inside that is not (a card's corners, a
 * seat's counts) is left to the button's description. `pressed` (true/false) makes it a toggle. */
export function pressable(node, name, go, { pressed = null } = {}) {
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", name);
  if (pressed != null) node.setAttribute("aria-pressed", String(pressed));
  const said = hideOutsideName(node, name, []);
  if (said.length) node.setAttribute("aria-description", said.join(", "));
  node.addEventListener("click", go);
  node.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    ev.preventDefault();
    go();
  });
  return node;
}

export function cardBacks(count, t) {
  const box = named(el("div", "backs"), t("table.cards", { n: count, count }));
  for (let i = 0; i < Math.min(count, 12); i++) {
    const back = el("span", "card back small");
    back.append(symbol("sym-back"));
    box.append(back);
  }
  box.append(painted("span", "count", String(count)));
  return box;
}

/** At most `max` of `items` (oldest first), kept in order: by `priority(item)` (a number, or a
 * boolean: whether it concerns the player), the highest first and the latest first among equals.
 * Returns {shown, more: how many were left out}. The news beside a table lists what happened
 * since your last move this way. */
export function pickLines(items, priority, max) {
  if (items.length <= max) return { shown: items, more: 0 };
  const order = items.map((item, k) => [Number(priority(item)), k]).sort((a, b) => b[0] - a[0] || b[1] - a[1]);
  const keep = new Set(order.slice(0, max).map(([, k]) => k));
  return { shown: items.filter((_, k) => keep.has(k)), more: items.length - max };
}
