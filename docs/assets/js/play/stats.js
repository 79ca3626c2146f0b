/* Play pages: the reader's own figures, and a short celebration when a game is won (a plugin:
 * board/events.js).
 *
 * Personal statistics per game, kept in this browser: games played (a game counts once its first
 * action is played), won, best score (Canfield) or fewest moves (Crescent), best time, current
 * winning streak (a game left unfinished for another deal ends it); a button clears them. The
 * celebration is CSS (none with reduced motion). Both wait for idle time: neither is part of a
 * move's own feedback.
 */
import { formatClock, later } from "../core/dom.js";
import { KEYS, readJSON, readText, remove, writeJSON } from "../core/storage.js";

/** @typedef {import("../python/protocol.js").Answer} Answer */
/** @typedef {{code: string | null, counted: boolean, won: boolean}} Current */
/** @typedef {{played: number, won: number, best: number | null, bestTime: number | null,
 *   streak: number, current: Current | null}} Figures */

const CELEBRATION_MS = 1600;

/** @returns {Figures} */
function empty() {
  return { played: 0, won: 0, best: null, bestTime: null, streak: 0, current: null };
}

const MAX_COUNT = 1e9; // more games than anyone plays: a larger figure is damage, not a record

/** @param {unknown} v @param {number} max a whole number in 0..max, or null */
function whole(v, max) {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0 && v <= max ? v : null;
}

/** JSON text of `v` with its objects' keys sorted. @param {unknown} v @returns {string} */
function canonical(v) {
  if (!v || typeof v !== "object" || Array.isArray(v)) return JSON.stringify(v);
  const o = /** @type {Record<string, unknown>} */ (v);
  return "{" + Object.keys(o).sort().map((/** @type {string} */ k) => JSON.stringify(k) + ":" + canonical(o[k])).join(",") + "}";
}

/**
 * The figures kept under `key`, each one checked (hostile review #16: "NaN:NaN", "[object
 * Object]", a string streak that would concatenate): what cannot be read is reset, the rest kept.
 * `repaired`: something kept was damaged (or the whole value was).
 * @param {string} key @returns {{figures: Figures, repaired: boolean}}
 */
function read(key) {
  const raw = readJSON(key);
  const f = empty();
  // Text that is not JSON (or JSON null) is damage too, not "no figures": said like the rest.
  if (raw === null) return { figures: f, repaired: !!readText(key) };
  if (typeof raw !== "object" || Array.isArray(raw)) return { figures: f, repaired: true };
  const v = /** @type {Record<string, unknown>} */ (raw);
  f.played = whole(v.played, MAX_COUNT) ?? 0;
  f.won = Math.min(whole(v.won, MAX_COUNT) ?? 0, f.played);
  f.streak = Math.min(whole(v.streak, MAX_COUNT) ?? 0, f.won);
  f.best = whole(v.best, 100000);
  f.bestTime = whole(v.bestTime, 1e7);
  const c = /** @type {Record<string, unknown> | null} */ (v.current && typeof v.current === "object" ? v.current : null);
  if (c && (typeof c.code === "string" || c.code === null) && typeof c.counted === "boolean" && typeof c.won === "boolean") {
    f.current = { code: /** @type {string | null} */ (c.code), counted: c.counted, won: c.won };
  }
  // Compared as values, not as text: the same `current` with its keys in another order is no damage.
  const same = (/** @type {string} */ k) => canonical(v[k] ?? null) === canonical(/** @type {any} */ (f)[k]);
  const repaired = !["played", "won", "streak", "best", "bestTime", "current"].every(same);
  return { figures: f, repaired };
}

export class Stats {
  /** @param {import("./play.js").PlayBoard} board */
  constructor(board) {
    this.board = board;
    this.key = KEYS.stats(board.s.game);
    this.wasWon = false;
    this.celebrations = 0;
    const { figures, repaired } = read(this.key);
    this.figures = figures;
    this.show();
    if (repaired) {
      writeJSON(this.key, figures); // repaired once, said once
      const note = board.el.querySelector('[data-role="stats-note"]');
      if (note) note.textContent = board.msg("play.stats.repaired");
    }
  }

  /** @param {Answer} a */
  afterApply(a) {
    if (!a.state) return;
    const secs = this.board.clock.frozen;
    later(() => this.count(a, secs), 300);
  }

  /** @param {Answer} a @param {number | null} secs */
  count(a, secs) {
    const s = this.figures;
    const state = a.state;
    if (!state) return;
    const code = a.saved ? a.saved.code : this.board.s.code;
    // A game is its deal: reopening the same code (a reload, a link) is the same game.
    if (!s.current || s.current.code !== code) {
      if (s.current && s.current.counted && !s.current.won) s.streak = 0; // left unfinished
      s.current = { code, counted: false, won: false };
    }
    if (a.played && !s.current.counted) {
      s.current.counted = true;
      s.played += 1;
    }
    const won = state.status === "won";
    if (won && !s.current.won && s.current.counted) {
      s.current.won = true;
      s.won += 1;
      s.streak += 1;
      // Canfield's best is the highest score, Crescent's the fewest moves.
      const higher = this.board.s.game === "canfield";
      const mark = higher ? state.score || 0 : state.moves;
      if (s.best === null || (higher ? mark > s.best : mark < s.best)) s.best = mark;
      if (secs !== null && (s.bestTime === null || secs < s.bestTime)) s.bestTime = secs;
    }
    if (won && !this.wasWon && a.played) this.celebrate();
    this.wasWon = won;
    writeJSON(this.key, s); // refused: shown for this visit only
    this.show();
  }

  celebrate() {
    const el = this.board.el;
    this.celebrations += 1;
    el.setAttribute("data-celebrated", String(this.celebrations)); // for tests: the class is brief
    el.classList.remove("is-celebrating");
    void el.offsetWidth;
    el.classList.add("is-celebrating");
    setTimeout(() => el.classList.remove("is-celebrating"), CELEBRATION_MS);
  }

  show() {
    const s = this.figures;
    const none = this.board.msg("play.stats.none");
    /** @type {Record<string, string>} */
    const values = {
      played: String(s.played),
      won: String(s.won),
      best: s.best === null ? none : String(s.best),
      bestTime: s.bestTime === null ? none : formatClock(s.bestTime),
      streak: String(s.streak),
    };
    for (const dd of this.board.el.querySelectorAll("[data-stat]")) {
      const k = dd.getAttribute("data-stat") || "";
      if (Object.prototype.hasOwnProperty.call(values, k)) dd.textContent = values[k];
    }
  }

  /** @param {string} name */
  action(name) {
    if (name !== "clear-stats") return false;
    const current = this.figures.current;
    this.figures = empty();
    this.figures.current = current ? { code: current.code, counted: true, won: current.won } : null;
    remove(this.key);
    this.show();
    const note = this.board.el.querySelector('[data-role="stats-note"]');
    if (note) note.textContent = this.board.msg("play.stats.cleared");
    return true;
  }
}
