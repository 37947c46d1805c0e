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

const MIN_SCALE = 0.4;
const MAX_SCALE = 1.5;
const STEPS = 7;  // binary search: the scale is found to within about 1%

function overflows(felt) {
  return felt.scrollHeight > felt.clientHeight + 1 || felt.scrollWidth > felt.clientWidth + 1;
}

function setScale(felt, scale) {
  felt.style.setProperty("--fit", String(scale));
  felt.dataset.fit = scale.toFixed(2);
}

/** Zoom the felt's content (CSS `zoom` on the felt's children via --fit) to fit its box.
 * `layout` (a string) names what is drawn; with `hold` (others are playing) the scale stays at or
 * below the last one found afresh, unless the layout or the width changes. A refit on its own (a
 * resize) keeps the last two. */
export function fitFelt(felt, layout = felt.dataset.layout ?? "", hold = felt.dataset.hold === "1") {
  if (!felt.isConnected || !felt.clientHeight) return;
  const box = `${felt.clientWidth}|${layout}|${felt.dataset.mode ?? ""}`;
  const held = hold && felt.dataset.fitBox === box ? Number(felt.dataset.fitAnchor) : null;
  felt.dataset.fitBox = box;
  felt.dataset.layout = layout;
  felt.dataset.hold = hold ? "1" : "0";
  // While held, a table that outgrew the held scale (a finished trick on show) usually fits the
  // scale it shrank to last time: tried first, it spares the search's layouts on every move.
  const shrunk = held == null ? null : Number(felt.dataset.fitShrunk) || null;
  const scale = largestFit(felt, held ?? MAX_SCALE, shrunk);
  if (held == null) {
    felt.dataset.fitAnchor = String(scale);  // the most a held table returns to
    felt.dataset.fitShrunk = "";
  } else if (scale < held) {
    felt.dataset.fitShrunk = String(scale);
  }
}

// The largest scale up to `high` at which nothing overflows (MIN_SCALE at the least); set on `felt`.
// With `guess` (below `high`), that scale if it fits: close enough, and one layout.
function largestFit(felt, high, guess = null) {
  setScale(felt, high);
  if (!overflows(felt)) return high;
  if (guess != null && guess < high) {
    setScale(felt, guess);
    if (!overflows(felt)) return guess;
    high = guess;
  }
  let low = MIN_SCALE;
  for (let i = 0; i < STEPS; i++) {
    const mid = (low + high) / 2;
    felt.style.setProperty("--fit", String(mid));
    if (overflows(felt)) high = mid;
    else low = mid;
  }
  setScale(felt, low);
  return low;
}
