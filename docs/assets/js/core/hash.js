/* The page's URL hash, as the Play boards and the replays read it. */

/**
 * `#code=X&moves=a,b` -> {code: "X", moves: "a,b"}. A "+" stays a "+" (moves contain "S+"); a
 * part without "=" is a key with an empty value; a malformed escape stays as typed (Python
 * refuses it, with a sentence).
 * @param {string} hash
 * @returns {Record<string, string>}
 */
export function parseHash(hash) {
  // No prototype: a part named "__proto__" is a part like any other, not the object's prototype.
  /** @type {Record<string, string>} */
  const out = Object.create(null);
  for (const part of String(hash || "").replace(/^#/, "").split("&")) {
    if (!part) continue;
    const i = part.indexOf("=");
    const key = i < 0 ? part : part.slice(0, i);
    const value = i < 0 ? "" : part.slice(i + 1);
    try {
      out[decodeURIComponent(key)] = decodeURIComponent(value);
    } catch {
      out[key] = value;
    }
  }
  return out;
}

/** The parts of a hash that name a game (a hash without them is a jump to an anchor). */
const GAME_KEYS = ["code", "moves", "step", "draw", "state"];

/** True when the hash names a game, read as parseHash reads it (an escaped key, `%63ode=`, too:
 * else a hash change the page ignored would open another game on a reload). @param {string} hash */
export function namesGame(hash) {
  const parts = parseHash(hash);
  return GAME_KEYS.some((k) => k in parts);
}
