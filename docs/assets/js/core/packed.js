/* SVGs packed by the build (sitegen/live.py pack_svgs): consecutive drawings share most of
 * their markup, so each is a list of indices into one table of chunks. */

/** @typedef {{chunks: string[], svgs: number[][]}} Packed */

/**
 * Drawing number `index` of `packed`.
 * @param {Packed} packed
 * @param {number} index
 */
export function unpackSvg(packed, index) {
  let out = "";
  for (const part of packed.svgs[index]) out += packed.chunks[part];
  return out;
}
