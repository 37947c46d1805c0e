// Fit a drawn table to the space it has: the felt keeps its box (the viewport less the bars) and
// its content is zoomed to the largest scale at which nothing overflows, so the hand, every
// target and the buttons are on screen without scrolling, from a 360x600 frame to a wide screen.
//
// The scale holds still while others play: it never grows past the scale of your last turn (cards
// do not grow and shrink with every bot move); a redraw that needs more room shrinks it, and once
// that passes (a finished trick cleared away) it comes back to that scale, never lower than the
// table needs. When your turn begins (the caller's `hold` is false) the scale is found afresh, so
// the cards you tap are as large as the space allows, and then holds through that turn (a card
// played must not re-flow the seats around it); so it is found when the felt's width changes or
// the table starts a new layout (a new game, round, viewer or language: the caller's `layout`
// key), or a renderer shows or hides something for a moment (a chooser or picker: the felt's
// `data-mode`). A change of height alone (the prompt above the felt taking one line or two) never
// grows a held scale past that of your turn.

const MIN_SCALE = 0.4;  // a felt's --fit-least may lower it (a rules demo: demo.css)
const MAX_SCALE = 1.5;  // on a phone or laptop; a large screen's --big raises it (app.css)
const TOLERANCE = 1.02;  // the scale found is within 2% of the largest that fits
const SHRINK_MARGIN = 0.985;  // a box only shorter: the scale found is within about 3% of the largest
const GROWTH = 1.2;  // your turn grows the scale on screen only past this ratio

// A function of a scale giving the room the felt's content has at it: 1 or more if nothing
// overflows, else about the share of the content that fits (the next scale to try is the scale
// times that). Each call lays the felt out: the one costly step (several ms for a full table).
function roomOf(felt) {
  // Your seat wider than its box (a hand of six in a row on a phone) spills over the felt's
  // padding, and past its own border, before the felt itself overflows.
  const mine = felt.querySelector(":scope > .seat.mine");
  return (scale) => {
    setFit(felt, scale);
    const room = Math.min((felt.clientHeight + 1) / felt.scrollHeight, (felt.clientWidth + 1) / felt.scrollWidth);
    return mine ? Math.min(room, (mine.clientWidth + 1) / mine.scrollWidth) : room;
  };
}

// Writing --fit, even the value it has, lays the whole felt out again: only a new scale is written.
function setFit(felt, scale) {
  if (felt.style.getPropertyValue("--fit") !== String(scale)) felt.style.setProperty("--fit", String(scale));
}

/** Zoom the felt's content (CSS `zoom` on the felt's children via --fit) to fit its box.
 * `layout` (a string) names what is drawn; with `hold` (others are playing) the scale stays at or
 * below the last one found afresh, unless the layout or the width changes. A refit on its own (a
 * resize) keeps the last two. */
export function fitFelt(felt, layout, hold) {
  if (!felt.isConnected || !felt.clientHeight) return;
  const refit = layout === undefined;
  layout ??= felt.dataset.layout ?? "";
  hold ??= felt.dataset.hold === "1";
  const box = `${felt.clientWidth}|${layout}|${felt.dataset.mode ?? ""}`;
  const same = felt.dataset.fitBox === box;
  const held = hold && same ? Number(felt.dataset.fitAnchor) : null;
  const shown = Number(felt.style.getPropertyValue("--fit")) || 0;
  // A refit on its own to a box only shorter than last time (the hint line appearing above the
  // felt): nothing past the scale shown fits better than it did (see shrunkFit).
  const shorter = refit && same && shown > 0 && felt.clientHeight < Number(felt.dataset.fitHeight);
  felt.dataset.fitBox = box;
  felt.dataset.fitHeight = String(felt.clientHeight);
  felt.dataset.layout = layout;
  felt.dataset.hold = hold ? "1" : "0";
  // Found afresh from the scale of last time, or held: usually one to three layouts.
  const style = getComputedStyle(felt);
  const most = MAX_SCALE * (Number(style.getPropertyValue("--big")) || 1);
  const least = Number(style.getPropertyValue("--fit-least")) || MIN_SCALE;
  const high = held ?? most;
  const roomAt = roomOf(felt);
  let scale = shorter ? shrunkFit(roomAt, Math.min(high, shown), least)
    : largestFit(roomAt, high, held ?? (Number(felt.dataset.fitAnchor) || 1), least);
  // Your turn on the same layout: a little growth is not worth moving the hand (``shown`` fits,
  // being smaller than a scale that fits).
  if (held == null && same && scale >= shown && scale < shown * GROWTH) scale = shown;
  if (held == null) felt.dataset.fitAnchor = String(scale);  // the most a held table returns to
  setFit(felt, scale);
  felt.dataset.fit = scale.toFixed(2);
  // Too small a frame even at the least scale (under 360x600): the felt scrolls, so nothing is out of
  // reach, and your turn shows your hand (at the bottom). Any larger scale found fits (the
  // search's answer, or a smaller one shown), so only the least is measured again.
  const over = scale <= least && roomAt(scale) < 1;
  felt.toggleAttribute("data-overflow", over);
  if (over && held == null) felt.scrollTop = felt.scrollHeight;
}

// The scale for a box that only got shorter (`roomAt`: see roomOf), from `shown` (which fitted the
// taller box): `shown` itself if it still fits, else `shown` less the share that no longer fits
// and SHRINK_MARGIN more (the felt's own padding does not zoom) if that fits, else the search
// below that. Usually one layout besides the browser's own, not the search's three or four: a
// layout of a full table takes 20-30 ms on a phone-class CPU, and the page must not block for
// 50 ms when the hint line appears.
function shrunkFit(roomAt, shown, least) {
  const room = roomAt(shown);
  if (room >= 1) return shown;
  const guess = Math.max(least, shown * room * SHRINK_MARGIN);
  return roomAt(guess) >= 1 ? guess : largestFit(roomAt, guess, guess, least);
}

// The largest scale up to `high` at which nothing overflows (`roomAt`: see roomOf), within
// TOLERANCE (`least` at the least), searched from `guess`: from a scale that overflows, the share
// of the content that fit says where to look next; from one that fits, steps growing from it
// (x1.02, x1.04, x1.08, ...) bracket the answer; then the bracket is halved.
function largestFit(roomAt, high, guess, least) {
  let low = 0;
  let top = Infinity;
  let next = Math.min(high, Math.max(least, guess));
  for (let step = TOLERANCE; ; step *= step) {
    const room = roomAt(next);
    if (room >= 1) low = next;
    else top = next;
    if (!low && top <= least) low = least;  // the least, even if it overflows
    if (low >= high) top = high;
    if (low && top !== Infinity) break;
    next = low ? Math.min(high, low * step) : Math.max(least, Math.min(top / TOLERANCE, top * room));
  }
  while (top / low > TOLERANCE) {
    const mid = Math.sqrt(low * top);
    if (roomAt(mid) >= 1) low = mid;
    else top = mid;
  }
  return low;
}
