// A small SVG line chart: one line per seat over the game's totals (rounds, hands or books), or
// one line of the player's chance to win over a review.
const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["#2463b4", "#e0701f", "#2d8a4e", "#7b4fc9", "#c0392b", "#b8892a"];
const DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 4", "10 4"];

function node(tag, attrs = {}, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text != null) el.textContent = text;
  return el;
}

/** The scale's ticks from 0 up to `max` or just above it: round steps (1, 2, 2.5 or 5 times a
 * power of ten, whole numbers), at most four of them: 7 gives 0, 2, 4, 6, 8; 100 gives 0, 25, … 100. */
export function ticks(max) {
  for (let power = 1; ; power *= 10) {
    for (const step of [1, 2, 2.5, 5].map((m) => m * power).filter(Number.isInteger)) {
      if (Math.ceil(max / step) <= 4) return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step);
    }
  }
}

/** `points`: one [value per seat] per point of the game; `names`: one line each; `max` fixes the
 * top of the scale (a chance in percent: 100), else the highest value (the scale ends on the round
 * tick at or above it). `x` and `y` name the axes ("Round", "Points"); the points are numbered
 * along x from `from` (0: the first point is the start of the game), or by `labels` (one each: a
 * review's steps), at most ten numbers shown. `marked` ([{at: [point index, …], name, kind}, …])
 * rings those points of the first line, each with its number, in the class `kind` ("mistake",
 * "reconsider"), with `name` in the legend. */
export function lineChart(points, names, title, { max: highest = Math.max(1, ...points.flat()), x: xName = "", y: yName = "", from = 0, labels = null, marked = [] } = {}) {
  const marks = ticks(highest);
  const label = (i) => String(labels ? labels[i] : from + i);
  const max = marks.at(-1);
  const width = 400, height = 200, pad = { left: 46, right: 14, top: 10, bottom: 44 };  // room for the last number's half
  const x = (i) => pad.left + (i * (width - pad.left - pad.right)) / Math.max(1, points.length - 1);
  const y = (v) => height - pad.bottom - (v * (height - pad.top - pad.bottom)) / max;
  const svg = node("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title, class: "line-chart" });
  svg.append(node("title", {}, title));
  for (const v of marks) {
    svg.append(node("line", { x1: pad.left, x2: width - pad.right, y1: y(v), y2: y(v), class: "grid" }));
    svg.append(node("text", { x: pad.left - 6, y: y(v) + 4, "text-anchor": "end", class: "tick y-tick" }, String(v)));
  }
  const every = Math.ceil(points.length / 10);
  const last = points.length - 1;
  // a regular number less than half a step before the last would run into it ("41" "43"); a
  // label of three digits or more (a review's steps) wants a whole step
  const near = labels?.some((l) => String(l).length > 2) ? every : every / 2 + 0.5;
  points.forEach((_, i) => {
    // every `every`th point and the last, less those too near the last
    if (i !== last && (i % every || (i > 0 && last - i < near && every > 1))) return;
    svg.append(node("text", { x: x(i), y: height - pad.bottom + 16, "text-anchor": "middle", class: "tick x-tick" }, label(i)));
  });
  if (xName) svg.append(node("text", { x: (pad.left + width - pad.right) / 2, y: height - 6, "text-anchor": "middle", class: "axis" }, xName));
  if (yName) {
    const middle = (pad.top + height - pad.bottom) / 2;
    svg.append(node("text", { x: 12, y: middle, "text-anchor": "middle", class: "axis", transform: `rotate(-90 12 ${middle})` }, yName));
  }
  names.forEach((name, seat) => {
    const d = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p[seat]).toFixed(1)}`).join(" ");
    svg.append(node("path", { d, fill: "none", stroke: COLOURS[seat % 6], "stroke-width": 2.5, "stroke-dasharray": DASHES[seat % 6] }));
  });
  for (const { at, kind } of marked) {
    for (const i of at) {
      const [cx, cy] = [x(i), y(points[i][0])];
      svg.append(node("circle", { cx, cy, r: 5, class: `marked ${kind}` }),
        node("text", { x: cx, y: cy < pad.top + 18 ? cy + 17 : cy - 9, "text-anchor": "middle", class: `marked-number ${kind}` }, label(i)));
    }
  }
  const legend = document.createElement("figcaption");
  const legendItem = (swatch, name) => {
    const item = document.createElement("span");
    item.className = "legend-item";
    item.append(swatch, name);
    legend.append(item);
  };
  names.forEach((name, seat) => {
    const swatch = node("svg", { viewBox: "0 0 28 6", class: "legend-line", "aria-hidden": "true" });  // the seat's own line
    swatch.append(node("line", { x1: 0, x2: 28, y1: 3, y2: 3, stroke: COLOURS[seat % 6], "stroke-width": 3, "stroke-dasharray": DASHES[seat % 6] }));
    legendItem(swatch, name);
  });
  for (const { at, name, kind } of marked) {
    if (!at.length) continue;
    const swatch = node("svg", { viewBox: "0 0 12 12", class: "legend-dot", "aria-hidden": "true" });
    swatch.append(node("circle", { cx: 6, cy: 6, r: 4.5, class: `marked ${kind}` }));
    legendItem(swatch, name);
  }
  return [svg, legend];
}
