/* Play pages: the reader's own figures, and a short celebration when a game is won (a plugin:
 * board/events.js).
 *
 * Personal statistics per version of the game, kept in this browser: games played (a game counts
 * once its first action is played), won, best score (Canfield) or fewest moves (Crescent), best
 * time, current winning streak (a game of that version left unfinished for another deal of it
 * ends it); a button clears them. Each version's figures are kept under its own key,
 * `cc-stats:<game>:<options>` (the state's options; the seeds' rules: Crescent `N`, Canfield `D3`
 * or `D1`), so that Storehouse and the app's Canfield are never one win rate. The figures shown
 * are the version being played; a menu (its names are the new-game dialog's) shows another's.
 * The figures of the key before versions, `cc-stats:<game>`, are the seeds' version's (for
 * Canfield its default draw, 3): moved there once, added to any found there. The celebration is
 * CSS (none with reduced motion). Both wait for idle time: neither is part of a move's own
 * feedback.
 */
import { formatClock, later } from "../core/dom.js";
import { pageGame, seedOptions } from "../core/games.js";
import { format } from "../core/messages.js";
import { KEYS, readJSON, readText, remove, writeJSON } from "../core/storage.js";

/** @typedef {import("../python/protocol.js").Answer} Answer */
/** @typedef {import("../python/protocol.js").State} State */
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

/**
 * The version a position is played under: its options as the code writes them (the state names
 * no options under the seeds' rules: Crescent's `N`, Canfield's draw `D3` or `D1`).
 * @param {string} game @param {State | null} state
 */
export function versionOf(game, state) {
  const options = state ? state.options : undefined;
  if (typeof options === "string" && /^[A-Z0-9]{1,12}$/.test(options)) return options;
  const draw = state ? state.draw : null;
  return seedOptions(game, typeof draw === "number" ? draw : null);
}

/** The storage key of a version's figures. @param {string} game @param {string} version */
export function statsKey(game, version) {
  return KEYS.stats(game) + ":" + version;
}

/** The versions whose figures this browser keeps for `game`. @param {string} game @returns {string[]} */
function keptVersions(game) {
  const prefix = statsKey(game, "");
  /** @type {string[]} */
  const out = [];
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key && key.startsWith(prefix) && /^[A-Z0-9]{1,12}$/.test(key.slice(prefix.length))) out.push(key.slice(prefix.length));
    }
  } catch {
    /* storage refused: nothing kept */
  }
  return out.sort();
}

/**
 * Two sets of one version's figures as one (the key before versions, written by a tab of an
 * older page after the move, added to the figures moved before): counts added, the better
 * bests kept, the streak and the game in progress `kept`'s.
 * @param {string} game @param {Figures} kept @param {Figures} old @returns {Figures}
 */
function merge(game, kept, old) {
  const higher = pageGame(game).score; // a score's best is the highest, else the fewest moves
  /** @param {number | null} a @param {number | null} b @param {boolean} max */
  const better = (a, b, max) => (a === null ? b : b === null ? a : max ? Math.max(a, b) : Math.min(a, b));
  const played = Math.min(kept.played + old.played, MAX_COUNT);
  const won = Math.min(kept.won + old.won, played);
  return {
    played,
    won,
    best: better(kept.best, old.best, higher),
    bestTime: better(kept.bestTime, old.bestTime, false),
    streak: Math.min(kept.streak, won),
    current: kept.current,
  };
}

export class Stats {
  /** @param {import("./play.js").PlayBoard} board */
  constructor(board) {
    this.board = board;
    this.game = board.s.game;
    this.wasWon = false;
    this.celebrations = 0;
    /** @type {Map<string, Figures>} each version's figures read this visit (a refused write stays here) */
    this.kept = new Map();
    /** The version being played (null: no position yet) and the one whose figures are shown. */
    /** @type {string | null} */
    this.playing = null;
    this.shown = versionOf(this.game, null);
    const moved = this.moveOld();
    /** @type {HTMLSelectElement | null} */
    this.menu = this.makeMenu();
    this.view(this.shown, moved);
  }

  /** The figures shown (the shown version's). */
  get figures() {
    return this.figuresOf(this.shown).figures;
  }

  set figures(f) {
    this.kept.set(this.shown, f);
  }

  /** The key before versions: its figures become the seeds' version's, once; true when what was
   * there had to be repaired. */
  moveOld() {
    const old = KEYS.stats(this.game);
    if (readText(old) === null) return false;
    const { figures, repaired } = read(old);
    const version = versionOf(this.game, null);
    const key = statsKey(this.game, version);
    const here = readText(key) !== null ? this.figuresOf(version) : null;
    const moved = here ? merge(this.game, here.figures, figures) : figures;
    this.kept.set(version, moved);
    // Removed only once kept under its own key: a refused write leaves it where it was.
    if (writeJSON(key, moved)) remove(old);
    return repaired || (here !== null && here.repaired);
  }

  /** A version's figures, read (and, once, repaired) the first time they are asked for.
   * @param {string} version @returns {{figures: Figures, repaired: boolean}} */
  figuresOf(version) {
    const known = this.kept.get(version);
    if (known) return { figures: known, repaired: false };
    const key = statsKey(this.game, version);
    const { figures, repaired } = read(key);
    if (repaired) writeJSON(key, figures); // repaired once, said once
    this.kept.set(version, figures);
    return { figures, repaired };
  }

  /** The menu of versions beside the figures: the new-game dialog's versions (its groups and
   * names), then any other rules this browser keeps figures of, by their code letters. */
  makeMenu() {
    const box = this.board.el.querySelector('[data-role="mystats"] .cc-stats');
    if (!box || !box.parentElement) return null;
    const menu = document.createElement("select");
    menu.id = this.board.s.id + "-stats-version";
    menu.setAttribute("data-role", "stats-version");
    const dialog = this.board.el.querySelector('[data-role="newgame-dialog"]');
    const sets = dialog ? [...dialog.querySelectorAll("fieldset")] : [];
    for (const set of sets) {
      const radios = [...set.querySelectorAll('[data-role="version-choice"]')];
      if (!radios.length) continue;
      const legend = set.querySelector("legend");
      /** @type {HTMLElement} */
      let group = menu;
      if (sets.length > 1 && legend) {
        group = document.createElement("optgroup");
        /** @type {HTMLOptGroupElement} */ (group).label = (legend.textContent || "").trim();
        menu.append(group);
      }
      for (const radio of radios) {
        const option = document.createElement("option");
        option.value = radio.getAttribute("data-code") || "";
        option.textContent = ((radio.parentElement && radio.parentElement.textContent) || option.value).trim();
        group.append(option);
      }
    }
    const label = document.createElement("label");
    label.htmlFor = menu.id;
    label.textContent = this.board.msg("play.stats.version");
    const line = document.createElement("p");
    line.className = "cc-stats-version";
    line.append(label, " ", menu);
    box.parentElement.insertBefore(line, box);
    menu.addEventListener("change", () => this.view(menu.value, false));
    for (const version of keptVersions(this.game)) this.offer(menu, version);
    return menu;
  }

  /** Puts `version` in the menu when it is not there (rules no dialog row names).
   * @param {HTMLSelectElement} menu @param {string} version */
  offer(menu, version) {
    if ([...menu.options].some((o) => o.value === version)) return;
    const option = document.createElement("option");
    option.value = version;
    option.textContent = format(this.board.msg("play.stats.options"), { options: version });
    menu.append(option);
  }

  /** Shows `version`'s figures (said when they had to be repaired; `repaired`: already known so).
   * @param {string} version @param {boolean} repaired */
  view(version, repaired) {
    this.shown = version;
    const got = this.figuresOf(version);
    if (this.menu) {
      this.offer(this.menu, version);
      this.menu.value = version;
    }
    this.show();
    const note = this.board.el.querySelector('[data-role="stats-note"]');
    if (note) note.textContent = repaired || got.repaired ? this.board.msg("play.stats.repaired") : "";
  }

  /** @param {Answer} a */
  afterApply(a) {
    if (!a.state) return;
    const secs = this.board.clock.frozen;
    // A game of another version: its figures are shown from now on.
    const version = versionOf(this.game, a.state);
    if (version !== this.playing) {
      this.playing = version;
      if (version !== this.shown) this.view(version, false);
    }
    later(() => this.count(a, secs), 300);
  }

  /** @param {Answer} a @param {number | null} secs */
  count(a, secs) {
    const state = a.state;
    if (!state) return;
    const version = versionOf(this.game, state);
    const s = this.figuresOf(version).figures;
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
      // A score's best is the highest (Canfield), else the fewest moves (Crescent).
      const higher = pageGame(this.board.s.game).score;
      const mark = higher ? state.score || 0 : state.moves;
      if (s.best === null || (higher ? mark > s.best : mark < s.best)) s.best = mark;
      if (secs !== null && (s.bestTime === null || secs < s.bestTime)) s.bestTime = secs;
    }
    if (won && !this.wasWon && a.played) this.celebrate();
    this.wasWon = won;
    writeJSON(statsKey(this.game, version), s); // refused: shown for this visit only
    if (this.menu) this.offer(this.menu, version);
    if (version === this.shown) this.show();
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

  /** Clears the figures shown (the version the menu names). @param {string} name */
  action(name) {
    if (name !== "clear-stats") return false;
    const current = this.figures.current;
    const cleared = empty();
    cleared.current = current ? { code: current.code, counted: true, won: current.won } : null;
    this.figures = cleared;
    remove(statsKey(this.game, this.shown));
    this.show();
    const note = this.board.el.querySelector('[data-role="stats-note"]');
    if (note) note.textContent = this.board.msg("play.stats.cleared");
    return true;
  }
}
