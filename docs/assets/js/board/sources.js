/* Where a board's answers come from. Three sources answer the same questions (python/protocol.js
 * Answer): Python (python/client.js), a try-it's table of first answers (tryit/tryit.js) and a
 * lesson's tree (learn/lesson.js). The last two are the build's answers, stored once each and
 * named by index; this module holds the one rule that turns a stored answer into the answer
 * Python would have given. */
import { unpackSvg } from "../core/packed.js";

/** @typedef {import("../python/protocol.js").Answer} Answer */
/** @typedef {import("../python/protocol.js").StoredAnswer} StoredAnswer */
/** @typedef {import("../python/protocol.js").Questions} Questions */
/** @typedef {import("../core/packed.js").Packed} Packed */
/** @typedef {import("../python/protocol.js").Args} Args */
/** What a click names, whatever the operation. @typedef {{place?: string, src?: string, dst?: string,
 *   quiet?: boolean}} Click */

/**
 * The index of the stored answer to `op` with `args`, or null.
 * @param {Questions} table
 * @param {string} op
 * @param {Args} args
 * @returns {number | null}
 */
export function questionIndex(table, op, args) {
  const c = /** @type {Click} */ (args);
  let index;
  if (op === "tap" && table.tap && c.place !== undefined) index = table.tap[c.place];
  else if (op === "drop" && table.drop && c.src !== undefined && c.dst !== undefined) {
    const from = table.drop[c.src];
    index = from ? from[c.dst] : undefined;
  } else if (op === "redeal") index = table.redeal;
  return index === undefined || index === null ? null : index;
}

/**
 * Stored answer `index` as Python would have sent it: its own copy, its drawing unpacked, the
 * refused place filled in (answers are shared between places), and a refused double tap
 * (`quiet`) only clearing the selection, as pyworker/ops.py drop does.
 * @param {{responses: StoredAnswer[], packed: Packed}} data
 * @param {number} index
 * @param {Args} args
 * @param {string} deselected the sentence for a cleared selection (ui.deselected)
 * @returns {Answer}
 */
export function storedAnswer(data, index, args, deselected) {
  const c = /** @type {Click} */ (args);
  /** @type {StoredAnswer} */
  const answer = JSON.parse(JSON.stringify(data.responses[index]));
  if (answer.refused && c.quiet) return { selected: null, message: deselected, kind: "info" };
  if (answer.svg_ref !== undefined) {
    answer.svg = unpackSvg(data.packed, answer.svg_ref);
    delete answer.svg_ref;
  }
  if (answer.refused) answer.refused.place = c.dst !== undefined ? c.dst : c.place;
  return answer;
}

/**
 * Fetches a JSON file the build wrote (answers, steps), relative to the site's root.
 * @param {string} url
 * @param {string} root
 * @returns {Promise<any>}
 */
export function fetchJSON(url, root) {
  return fetch(new URL(url, root).href).then((r) => {
    // The status goes with the error: a 404 is a file a newer build renamed (learn/stale.js).
    if (!r.ok) throw Object.assign(new Error(url + ": HTTP " + r.status), { status: r.status });
    return r.json();
  });
}
