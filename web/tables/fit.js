// Fit a drawn table to the space it has: the felt keeps its box (the viewport less the bars) and
// its content is zoomed to the largest scale at which nothing overflows, so the hand, every
// target and the buttons are on screen without scrolling, from a 360x600 frame to a wide screen.

const MIN_SCALE = 0.4;
const MAX_SCALE = 1.5;
const STEPS = 7;  // binary search: the scale is found to within about 1%

function overflows(felt) {
  return felt.scrollHeight > felt.clientHeight + 1 || felt.scrollWidth > felt.clientWidth + 1;
}

/** Zoom the felt's content (CSS `zoom` on the felt's children via --fit) to fit its box. */
export function fitFelt(felt) {
  if (!felt.isConnected || !felt.clientHeight) return;
  let low = MIN_SCALE;
  let high = MAX_SCALE;
  felt.style.setProperty("--fit", String(high));
  felt.dataset.fit = high.toFixed(2);
  if (!overflows(felt)) return;
  for (let i = 0; i < STEPS; i++) {
    const mid = (low + high) / 2;
    felt.style.setProperty("--fit", String(mid));
    if (overflows(felt)) high = mid;
    else low = mid;
  }
  felt.style.setProperty("--fit", String(low));
  felt.dataset.fit = low.toFixed(2);
}
