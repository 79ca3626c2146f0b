/* The browser's storage, as the page uses it: every key in one place, and every read and write
 * survives a storage that is refused (private mode), full or damaged. */

/** The keys (CONTRACT.md and the tests name them too). */
export const KEYS = {
  /** @param {string} game */
  play: (game) => "cc-play:" + game, // the game in progress (play/saved.js)
  settings: "cc-settings", // Canfield's draw and "Double click" (play/settings.js)
  /** @param {string} game */
  stats: (game) => "cc-stats:" + game, // the reader's figures (play/stats.js)
  learn: "cc-learn-progress", // lessons done, puzzles solved (learn/progress.js)
  rating: "cc-learn-rating", // puzzle rating, puzzles rated, daily streak (learn/rating.js)
  pythonStart: "cc-python-start", // "auto", "boot" or "snapshot" (python/client.js)
  /** @param {string} game */
  analysis: (game) => "cc-analysis:" + game, // the Analysis page's entry (analysis/analysis.js)
};

/**
 * The text kept under `key`, or null (none, or storage refused).
 * @param {string} key
 * @returns {string | null}
 */
export function readText(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The JSON value kept under `key`, or null (none, refused or damaged).
 * @param {string} key
 * @returns {unknown}
 */
export function readJSON(key) {
  const raw = readText(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/**
 * Keeps `value` (as JSON) under `key`; false when the storage refused it (the page goes on).
 * @param {string} key
 * @param {unknown} value
 */
export function writeJSON(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** @param {string} key */
export function remove(key) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* nothing kept anyway */
  }
}
