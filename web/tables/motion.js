// Cards travel from where they were to where they go. Before a redraw the table measures where
// every card and anchor is (`measure`); after it, `animate` moves each card from its old place to
// its new one (FLIP, keyed by card identity, as chessground animates pieces), and flies the moves
// the log reports between places that show no face (a bot's hidden hand, the stock) as ghosts.
//
// Each game says what travelled with `travels(entries)`: a list of {from, to, card?, like?, actor?}
// where `from` / `to` name anchors (`data-anchor` on the felt: "seat-2", "stock",
// "centre", "pile-1", "trick", "books-0", "supply", "anemones-3"), `card` is the card's code when
// its face is known (`like` a prefix of it, e.g. a rank), `actor` the seat that moved. Inside an
// anchor, `data-next` marks the spot the next card takes (a trick's empty slot). Nothing here decides what is legal.

const EASE = "cubic-bezier(.25,.8,.35,1)";

/** Whether the player asked for less motion (then nothing travels). */
export function reduced() {
  return Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}

function zoomOf(felt) {
  return Number(felt.dataset.fit) || 1;
}

function centre(r) {
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** Where the cards and anchors on `felt` are now: {cards: [{code, rect, node, anchor}], anchors: Map, zoom}. */
export function measure(felt) {
  const cards = [];
  for (const node of felt.querySelectorAll("[data-card]")) {
    if (node.closest(".flyer")) continue;
    cards.push({ code: node.dataset.card, rect: node.getBoundingClientRect(), node,
      anchor: node.closest("[data-anchor]")?.dataset.anchor ?? null });
  }
  const anchors = new Map();
  for (const node of felt.querySelectorAll("[data-anchor]")) anchors.set(node.dataset.anchor, node.getBoundingClientRect());
  return { cards, anchors, zoom: zoomOf(felt) };
}

// Pair each card now on the felt with the same card before (same code, same anchor first, then
// any place); what is left over is new (`fresh`) or gone (`gone`).
function pair(before, after) {
  const pool = new Map();
  for (const c of before.cards) pool.set(c.code, [...(pool.get(c.code) ?? []), c]);
  const moved = [];
  const fresh = [];
  const take = (c, same) => {
    const list = pool.get(c.code);
    const k = list ? list.findIndex((o) => (o.anchor === c.anchor) === same) : -1;
    return k < 0 ? null : list.splice(k, 1)[0];
  };
  const rest = [];
  for (const c of after.cards) {
    const old = take(c, true);
    if (old) moved.push([old, c]);
    else rest.push(c);
  }
  for (const c of rest) {
    const old = take(c, false);
    if (old) moved.push([old, c]);
    else fresh.push(c);
  }
  const gone = [...pool.values()].flat();
  return { moved, fresh, gone };
}

function fits(flight, code) {
  if (flight.card) return code === flight.card;
  return !flight.like || code.startsWith(flight.like);
}

// A card arriving from another place (`arriving`) takes no taps until it is there (app.css
// `.sliding`): nobody aimed at it. A card moving within its place (a hand closing up, a card lifted
// as it becomes playable) takes taps all along, as the rest of the table does: a tap lands on the
// card drawn under the finger at that moment (hit-testing follows the motion).
function slide(node, dx, dy, z, ms, scale = 1, delay = 0, arriving = true) {
  if (arriving) node.classList.add("sliding");
  const anim = node.animate([
    { transform: `translate(${dx / z}px, ${dy / z}px) scale(${scale})`, zIndex: 5 },
    { transform: "translate(0, 0) scale(1)", zIndex: 5 },
  ], { duration: ms, delay, easing: EASE, composite: "add", fill: "backwards" });
  anim.onfinish = anim.oncancel = () => node.classList.remove("sliding");
}

/** Animate what changed on `felt` since `before` (from `measure`), for `flights` (from the
 * game's `travels`), over `ms` milliseconds. Returns the set of nodes that the flights of other
 * players than `viewer` landed on (marked as the last move), or an empty set. With `stay`
 * (the last moves of a round, flown on the table as it was), a card still in its old place
 * leaves it and flies, and every flyer stays where it lands until `clearFlights()`. */
export function animate(felt, before, flights, { ms, viewer, ghost, stay = false }) {
  const after = measure(felt);
  const landed = new Set();
  const { moved, fresh, gone } = pair(before, after);
  const claimed = new Set();
  const z = zoomOf(felt);
  const still = !ms || reduced() || !felt.animate;
  // A flight to a place that now shows the card: that card travels from the flight's start.
  const land = (f) => {
    const toAnchor = (c) => c.anchor === f.to || (f.to && after.anchors.has(f.to) && felt.querySelector(`[data-anchor="${f.to}"]`)?.contains(c.node));
    const pick = (list, get) => list.find((item) => !claimed.has(get(item)) && toAnchor(get(item)) && fits(f, get(item).code));
    const hit = pick(fresh, (c) => c) ?? pick(moved.map(([, c]) => c), (c) => c);
    if (hit) claimed.add(hit);
    return hit;
  };
  let k = 0;
  for (const f of flights) {
    const hit = land(f);
    if (hit && f.actor != null && f.actor !== viewer) landed.add(hit.node);
    if (still) continue;
    const from = before.anchors.get(f.from) ?? after.anchors.get(f.from);
    if (hit) {
      const old = moved.find(([, c]) => c === hit)?.[0];
      if (old) continue;  // it was on show before: it slides below like every moved card
      if (!from) continue;
      const a = centre(from);
      const b = centre(hit.rect);
      slide(hit.node, a.x - b.x, a.y - b.y, z, ms, 0.7, k++ * 60);
      continue;
    }
    const to = after.anchors.get(f.to);
    if (!from || !to) continue;
    // Nothing shows the card where it went (a hidden hand): a ghost flies there and fades.
    let was = gone.find((c) => c.anchor === f.from && !claimed.has(c) && fits(f, c.code));
    if (!was && stay && f.card) {  // the table as it was: the card leaves its place in the hand
      const src = before.cards.find((c) => c.anchor === f.from && !claimed.has(c) && c.code === f.card);
      if (src) {
        was = { ...src, node: src.node.cloneNode(true) };
        src.node.style.visibility = "hidden";
        claimed.add(src);
      }
    }
    if (was) claimed.add(was);
    const node = was ? was.node : ghost(f);
    if (!node) continue;
    // Put down for good (`stay`): where the next card goes (`data-next`), else on the top card
    // of the pile it goes to, not the pile's middle.
    const top = !stay ? null : felt.querySelector(`[data-anchor="${f.to}"] [data-next]`)
      ?? [...felt.querySelectorAll(`[data-anchor="${f.to}"] [data-card]`)].at(-1);
    fly(felt, node, was ? centre(was.rect) : centre(from), centre(top ? top.getBoundingClientRect() : to), z, ms, k++ * 60, stay);
  }
  if (still) return landed;
  // A new zoom moves every card on the screen: those that kept their place (their anchor) take
  // the new size and place at once, as the table does; only cards that changed places slide.
  const rezoomed = Math.abs(before.zoom - z) > 0.005;
  for (const [old, now] of moved) {
    if (rezoomed && old.anchor === now.anchor) continue;
    const dx = old.rect.left - now.rect.left;
    const dy = old.rect.top - now.rect.top;
    if (Math.abs(dx) + Math.abs(dy) < 2) continue;
    slide(now.node, dx, dy, z, ms, 1, 0, old.anchor !== now.anchor);
  }
  return landed;
}

// Ghosts fly in a layer of their own over the page, so they never count as the felt's content
// (which is zoomed to fit) and are drawn with the game's card styles (its table class).
function layer(felt) {
  let box = document.getElementById("flights");
  if (!box) {
    box = document.createElement("div");
    box.id = "flights";
    box.setAttribute("aria-hidden", "true");
    document.body.append(box);
  }
  box.className = `flights ${[...felt.classList].filter((c) => c.endsWith("-table")).join(" ")}`;
  return box;
}

/** Remove every ghost still in flight or left standing (`stay`). */
export function clearFlights() {
  document.getElementById("flights")?.replaceChildren();
}

function fly(felt, node, a, b, z, ms, delay, stay) {
  node.classList.add("flyer");
  node.classList.remove("playable", "selected", "last-move");
  node.removeAttribute("tabindex");
  node.removeAttribute("role");
  node.removeAttribute("data-legal");
  node.removeAttribute("data-card");
  for (const badge of node.querySelectorAll(".badge")) badge.remove();  // what the card meant in the hand it left
  node.style.zoom = String(z);
  layer(felt).append(node);
  const at = (p, s, o) => ({ transform: `translate(${p.x / z}px, ${p.y / z}px) translate(-50%, -50%) scale(${s})`, opacity: o });
  const anim = node.animate(stay ? [at(a, 1, 1), at(b, 1, 1)] : [at(a, 1, 1), at(b, 0.85, 1), at(b, 0.7, 0)],
    { duration: stay ? ms : ms * 1.2, delay, easing: EASE, fill: "both" });
  if (stay) return;
  anim.onfinish = () => node.remove();
  anim.oncancel = () => node.remove();
}
