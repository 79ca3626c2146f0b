/* The reader's puzzle rating (Elo against each puzzle's data-rating), the puzzle of the day and
 * its streak, kept in this browser beside the progress (KEYS.rating); and the puzzles pages'
 * panel ([data-puzzle-picker]) that shows them and picks the next puzzle, on this page or on the
 * other game's. Nothing needs a server: the day's puzzle is computed here from the panel's list
 * of every puzzle (the same on every page), offline too. */
import { format, uiMessages } from "../core/messages.js";
import { KEYS, readJSON, remove, writeJSON } from "../core/storage.js";
import { onOtherTab, readProgress } from "./progress.js";

export const K = 32; // Elo's K (sitegen/puzzles.py READER_K says it on the page)
export const START = 1200; // a new reader's rating (sitegen/puzzles.py READER_START)
const STEP = 200; // "easier" and "harder" aim this far from the reader's rating

/** @typedef {{rating: number, rated: Record<string, number>, day: string, streak: number}} Kept */

/** @returns {Kept} */
export function readRating() {
  const d = /** @type {Partial<Kept> | null} */ (readJSON(KEYS.rating));
  return {
    rating: d && typeof d.rating === "number" ? d.rating : START,
    rated: (d && d.rated) || {},
    day: (d && d.day) || "",
    streak: (d && d.streak) || 0,
  };
}

/** The reader's local date as YYYY-MM-DD. @param {Date} date */
export function dayOf(date) {
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return date.getFullYear() + "-" + pad(date.getMonth() + 1) + "-" + pad(date.getDate());
}

/** FNV-1a (32 bits) of a text's UTF-16 code units (a date is ASCII). @param {string} text */
export function fnv1a(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** @typedef {{id: string, game: string, rating: number, title: string, href: string,
 *   here: boolean}} Item */

/** @type {Item[] | null} */
let cached = null;

/** Every puzzle of both games' pages, in their order (Crescent's, then Canfield's, each easiest
 * first): from the panel's list (sitegen/puzzles.py puzzle_list), which every puzzles page
 * holds. `here`: on this page (its link is its anchor). @returns {Item[]} */
export function puzzleList() {
  if (cached) return cached;
  const node = document.querySelector('[data-puzzle-picker] script[data-role="puzzle-list"]');
  /** @type {{pages: Record<string, string>, titles: Record<string, string>,
   *   grades: Record<string, string>, puzzles: [string, string, number, string][]}} */
  let data = { pages: {}, titles: {}, grades: {}, puzzles: [] };
  try {
    if (node) data = JSON.parse(node.textContent || "");
  } catch {
    /* an unreadable list: no picker, no day's puzzle (the boards still work) */
  }
  /** @type {Record<string, number>} */
  const numbers = {};
  cached = data.puzzles.map(([id, game, rating, grade]) => {
    numbers[game] = (numbers[game] || 0) + 1;
    const here = !!document.getElementById("puzzle-" + id)?.hasAttribute("data-puzzle");
    return {
      id, game, rating, here,
      title: format(data.titles[game] || "", { number: numbers[game], grade: data.grades[grade] || grade }),
      href: (here ? "" : data.pages[game] || "") + "#puzzle-" + id,
    };
  });
  return cached;
}

/** An address from before the puzzles had a page per game (`puzzles/#puzzle-ID`): on a page
 * that does not hold that puzzle, the browser goes on to the page that does. @returns {boolean}
 * true when it goes */
export function followMovedPuzzle() {
  const m = /^#puzzle-([a-z0-9-]+)$/.exec(location.hash);
  const item = m && puzzleList().find((p) => p.id === m[1]);
  if (!item || item.here) return false;
  location.replace(item.href);
  return true;
}

/** The id of the puzzle of the day `day` (YYYY-MM-DD): FNV-1a of it modulo the number of puzzles.
 * @param {string} day */
export function dailyId(day) {
  const list = puzzleList();
  return list.length ? list[fnv1a(day) % list.length].id : "";
}

/** Counts a puzzle's first result (1 solved at the first try, 0 missed) once: Elo with K.
 * @param {string} id @param {number} puzzleRating @param {number} score
 * @returns {number | null} the change, null when the puzzle was rated before */
export function ratePuzzle(id, puzzleRating, score) {
  const kept = readRating();
  if (id in kept.rated) return null;
  const expected = 1 / (1 + Math.pow(10, (puzzleRating - kept.rating) / 400));
  const next = Math.round(kept.rating + K * (score - expected));
  const change = next - kept.rating;
  kept.rating = next;
  kept.rated[id] = score;
  writeJSON(KEYS.rating, kept);
  document.dispatchEvent(new CustomEvent("cc-rating", { detail: { change } }));
  return change;
}

/** A solved puzzle: when it is today's, the streak goes on (or starts). @param {string} id */
export function noteSolved(id) {
  const today = dayOf(new Date());
  if (id !== dailyId(today)) return;
  const kept = readRating();
  if (kept.day === today) return;
  const y = new Date();
  y.setDate(y.getDate() - 1);
  kept.streak = kept.day === dayOf(y) ? kept.streak + 1 : 1;
  kept.day = today;
  writeJSON(KEYS.rating, kept);
  document.dispatchEvent(new CustomEvent("cc-rating", { detail: { change: null } }));
}

/** The streak as it stands today: 0 once a day was missed. @param {Kept} kept */
function streakNow(kept) {
  const y = new Date();
  y.setDate(y.getDate() - 1);
  return kept.day === dayOf(new Date()) || kept.day === dayOf(y) ? kept.streak : 0;
}

const PICKED = "cc-puzzle-picked"; // sessionStorage: a pick that took the reader to another page

/** The puzzles pages' panel: the reader's rating, the picker, the puzzle of the day. */
export class Picker {
  /** @param {HTMLElement} el */
  constructor(el) {
    this.el = el;
    this.msgs = uiMessages(el);
    if (followMovedPuzzle()) return;
    this.render();
    this.arrived();
    onOtherTab(() => this.render()); // a puzzle solved, or the rating cleared, in another tab
    document.addEventListener("cc-rating", (ev) => {
      this.render();
      const change = /** @type {CustomEvent} */ (ev).detail.change;
      if (change !== null) {
        const sign = change > 0 ? "+" : change < 0 ? "−" : "±";
        this.say(format(this.msgs["learn.rating.moved"] || "{rating} ({change})", {
          rating: readRating().rating, change: sign + Math.abs(change) }));
      }
    });
    el.addEventListener("click", (ev) => {
      const b = ev.target instanceof Element ? ev.target.closest("[data-pick],[data-action]") : null;
      if (!b) return;
      const pick = b.getAttribute("data-pick");
      if (pick) this.pick(pick);
      else if (b.getAttribute("data-action") === "clear-rating") {
        remove(KEYS.rating);
        this.render();
        this.say(format(this.msgs["learn.rating.cleared"] || "", { rating: START }));
      }
    });
  }

  /** @param {string} text */
  say(text) {
    const status = this.el.querySelector('[role="status"]');
    if (status) status.textContent = text;
  }

  render() {
    const kept = readRating();
    this.el.setAttribute("data-reader-rating", String(kept.rating));
    const mine = this.el.querySelector('[data-role="my-rating"]');
    if (mine) mine.textContent = format(this.msgs["learn.rating.yours"] || "{rating}", {
      rating: kept.rating, count: Object.keys(kept.rated).length });
    const id = dailyId(dayOf(new Date()));
    const item = puzzleList().find((p) => p.id === id);
    const link = this.el.querySelector('[data-role="daily-link"]');
    if (link && item) {
      link.setAttribute("href", item.href);
      link.textContent = item.title;
      this.el.setAttribute("data-daily", item.id);
      const line = this.el.querySelector('[data-role="daily"]');
      if (line) line.removeAttribute("data-pending"); // its room was kept: nothing moves
    }
    const streak = this.el.querySelector('[data-role="streak"]');
    if (streak) streak.textContent = format(this.msgs["learn.daily.streak"] || "{streak}", { streak: streakNow(kept) });
    this.el.setAttribute("data-streak", String(streakNow(kept)));
  }

  /** Goes to the unsolved puzzle closest to the aim (easier: below the reader's rating, harder:
   * above it); ties: the page's order. "missed": the next puzzle, in the page's order after the
   * one picked last (round again at the end), that the reader missed at the first try and has
   * not solved since. @param {string} how "easier" | "level" | "harder" | "missed" */
  pick(how) {
    const kept = readRating();
    const me = kept.rating;
    const solved = readProgress().puzzles;
    const list = puzzleList();
    if (how === "missed") {
      const missed = list.filter((p) => kept.rated[p.id] === 0 && !solved[p.id]);
      if (!missed.length) {
        this.say(this.msgs["learn.pick.none-missed"] || "");
        return;
      }
      const at = list.findIndex((p) => p.id === this.el.getAttribute("data-picked"));
      this.go(missed.find((p) => list.indexOf(p) > at) || missed[0]);
      return;
    }
    const aim = how === "easier" ? me - STEP : how === "harder" ? me + STEP : me;
    const fits = list.filter((p) => !solved[p.id] && (how === "easier" ? p.rating < me : how === "harder" ? p.rating > me : true));
    if (!fits.length) {
      this.say(this.msgs["learn.pick.none"] || "");
      return;
    }
    let best = fits[0];
    for (const p of fits) if (Math.abs(p.rating - aim) < Math.abs(best.rating - aim)) best = p;
    this.go(best);
  }

  /** Takes the reader to a puzzle: says which, scrolls to it and moves the focus to its title;
   * one on the other game's page is opened there, where arrived() says it.
   * @param {Item} best */
  go(best) {
    this.el.setAttribute("data-picked", best.id);
    const text = format(this.msgs["learn.pick.chosen"] || "{title}", { title: best.title, rating: best.rating });
    if (!best.here) {
      try {
        sessionStorage.setItem(PICKED, JSON.stringify({ id: best.id, text }));
      } catch {
        /* no session storage: the page opens at the puzzle all the same */
      }
      location.assign(best.href);
      return;
    }
    this.say(text);
    this.show(best.id);
  }

  /** @param {string} id the puzzle on this page to scroll to and focus */
  show(id) {
    const target = document.getElementById("puzzle-" + id);
    if (!target) return;
    history.replaceState(null, "", "#puzzle-" + id);
    target.scrollIntoView();
    const title = target.querySelector("h3");
    if (title) {
      title.setAttribute("tabindex", "-1");
      title.focus({ preventScroll: true });
    }
  }

  /** This page opened for a pick made on another (go): the pick is said and shown here, and
   * "try again the ones I missed" goes on from it. */
  arrived() {
    let kept = null;
    try {
      kept = JSON.parse(sessionStorage.getItem(PICKED) || "null");
      sessionStorage.removeItem(PICKED);
    } catch {
      return;
    }
    if (!kept || typeof kept.id !== "string" || location.hash !== "#puzzle-" + kept.id) return;
    if (!puzzleList().some((p) => p.id === kept.id && p.here)) return;
    this.el.setAttribute("data-picked", kept.id);
    this.say(String(kept.text || ""));
    this.show(kept.id);
  }
}
