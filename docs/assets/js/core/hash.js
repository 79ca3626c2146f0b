/* The page's URL hash, as the Play boards and the replays read it. */

/**
 * `#code=X&moves=a,b` -> {code: "X", moves: "a,b"}. A "+" stays a "+" (moves contain "S+"); a
 * part without "=" is a key with an empty value; a malformed escape stays as typed (Python
 * refuses it, with a sentence).
 * @param {string} hash
 * @returns {Record<string, string>}
 */
export function parseHash(hash) {
  /** @type {Record<string, string>} */
  const out = {};
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

/** True when the hash names a game (not a jump to an anchor of the page). @param {string} hash */
export function namesGame(hash) {
  return /(^#|&)(code|moves|step|draw|state)=/.test(hash);
}
