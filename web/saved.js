// Where games are kept in the browser: this page's save key (a link's own, a frame's own) and the
// stored game it resumes. Read before the engine is up, so that the page knows at once whether
// it opens on a table; tools.js writes the saves.
import { read } from "./store.js";

/** Where this page keeps a game it starts: a link that starts a game keeps its own save, and so
 * does each frame of one page that embeds the same link twice (by its place among the page's
 * frames), so two embedded tables never share one. */
export function pageKey() {
  const params = new URLSearchParams(location.search);
  if (!params.has("game")) return "tidepool.autosave";
  const frame = frameIndex();
  return `tidepool.autosave:${location.search}${frame == null ? "" : `#frame${frame}`}`;
}

/** This page's place among its parent's frames (readable across origins), or null at the top. */
function frameIndex() {
  if (window.parent === window) return null;
  try {
    for (let i = 0; i < window.parent.frames.length; i++) if (window.parent.frames[i] === window) return i;
  } catch { /* a parent that hides its frames: one save for the link */ }
  return null;
}

// The save key of the last game a person played on this site (any page or link): the plain start
// page resumes it, so a game begun from a link is never stranded.
export const LAST = "tidepool.autosave.last";

/** The key of the stored game this page resumes, or null: a link's page its own; the plain page
 * the game last played on this site (from it or from a link), else its own. Checked before the
 * engine is up. */
export function resumeKey() {
  const own = pageKey();
  const last = read(LAST);
  if (own === "tidepool.autosave" && last?.startsWith("tidepool.autosave") && read(last) != null) return last;
  return read(own) != null ? own : null;
}

/** True if a running game is stored for this page (checked before the engine is up). */
export function hasSavedGame() {
  return resumeKey() != null;
}
