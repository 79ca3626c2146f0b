/* A position in a link: `#state=` + the URL-safe base64 (no padding) of the state's UTF-8 JSON
 * (CONTRACT.md), as the Analysis pages read it and every "Analyse this position" link writes it.
 * pyworker/analysis.py encode_state writes the same text (its keys sorted, as here). */

/** @param {unknown} value @returns {unknown} the same value, its objects' keys sorted */
function sorted(value) {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === "object") {
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const key of Object.keys(value).sort()) out[key] = sorted(/** @type {any} */ (value)[key]);
    return out;
  }
  return value;
}

/** @param {unknown} state @returns {string} */
export function encodeState(state) {
  const bytes = new TextEncoder().encode(JSON.stringify(sorted(state)));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The state a `#state=` value holds, or undefined when it is not base64 of JSON.
 * @param {string} text @returns {any} */
export function decodeState(text) {
  try {
    const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}
