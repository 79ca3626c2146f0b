/* Swapping one SVG drawing for the next, touching only what differs.
 *
 * Unchanged elements (the <style>, the <defs>, most places) stay in the page, so the browser
 * neither re-parses the diagram's stylesheet nor lays out the whole board again. A plain
 * innerHTML swap costs a frame or two on a long page; this keeps a step well inside one.
 *
 * The drawing is first compared as text with the one last shown, element by element (splitTop:
 * our own markup), going down into groups whose start tag is unchanged: only the elements that
 * changed are parsed and merged. A move changes two places, the description and the highlight,
 * so most of the markup is neither parsed nor walked.
 */

/** The markup each drawing in the page was made from (the text diff starts from it). */
const shownText = new WeakMap();
/** @type {HTMLTemplateElement | null} */
let scratch = null;

function parser() {
  scratch = scratch || document.createElement("template");
  return scratch;
}

/**
 * Replaces the SVG in `box` by the one in `text`.
 * @param {Element} box
 * @param {string} text
 */
export function swapSvg(box, text) {
  const old = box.firstElementChild;
  const tpl = parser();
  const shown = old && shownText.get(old);
  if (old && shown && box.children.length === 1) {
    const root = splitTop(text);
    if (root && patchText(old, shown, text, 0, root[0])) {
      shownText.set(old, text);
      tpl.innerHTML = "";
      return;
    }
  }
  tpl.innerHTML = text;
  const fresh = tpl.content.firstElementChild;
  if (!old || !fresh || old.nodeName !== fresh.nodeName || box.children.length !== 1) {
    box.innerHTML = text;
    if (box.firstElementChild) shownText.set(box.firstElementChild, text);
    return;
  }
  morph(old, fresh, 0);
  tpl.innerHTML = "";
  shownText.set(old, text);
}

/**
 * Brings `el` (whose markup was `was`) to the markup `now`; false when it cannot tell how (then
 * the caller parses the whole drawing). `rootTag` is the drawing's start tag: a changed element
 * is parsed inside it, so that it is in the SVG namespace.
 * @param {Element} el
 * @param {string} was
 * @param {string} now
 * @param {number} depth
 * @param {string} rootTag
 * @returns {boolean}
 */
function patchText(el, was, now, depth, rootTag) {
  if (was === now) return true;
  const a = splitTop(was);
  const b = splitTop(now);
  if (a && b && a[0] === b[0] && a.length === b.length && b.length > 2 &&
      el.children.length === b.length - 2 && el.nodeName !== "defs" && el.nodeName !== "style") {
    // Same start tag, as many child elements: only the children that changed.
    const list = Array.from(el.children);
    for (let i = 1; i < b.length - 1; i++) {
      if (!patchText(list[i - 1], a[i], b[i], depth + 1, rootTag)) return false;
    }
    return true;
  }
  if (depth === 0) return false; // another kind of drawing: parsed whole
  // An element that changed otherwise (its attributes, its text, its children): parsed alone.
  const tpl = parser();
  tpl.innerHTML = rootTag + now + "</svg>";
  const holder = tpl.content.firstElementChild;
  const fresh = holder && holder.firstElementChild;
  if (!fresh || fresh.nextSibling || !el.parentNode) return false;
  if (el.nodeName === fresh.nodeName && el.nodeName !== "style") morph(el, fresh, depth);
  else el.parentNode.replaceChild(fresh, el);
  return true;
}

// A tag of our own markup: text and attribute values are escaped (no "<" in them; a ">" only in
// the <style>'s CSS, which no tag match starts in).
const TAG = /<(\/?)[A-Za-z][^>]*?(\/?)>/g;

/**
 * [the element's start tag, each child's markup..., its end tag] of the one element in `text`;
 * [the tag] for an empty element (<x/>); null when `text` is not one element whose children are
 * elements only (text between them, a text node inside: the caller parses it whole).
 * @param {string} text
 * @returns {string[] | null}
 */
function splitTop(text) {
  /** @type {string[]} */
  const parts = [];
  let depth = 0;
  let start = 0;
  let m;
  TAG.lastIndex = 0;
  while ((m = TAG.exec(text))) {
    if (m[1]) {
      depth -= 1;
      if (depth === 1) {
        parts.push(text.slice(start, TAG.lastIndex));
        start = TAG.lastIndex;
      } else if (depth === 0) {
        if (start !== m.index || TAG.lastIndex !== text.length) return null;
        parts.push(m[0]);
        return parts;
      } else if (depth < 0) {
        return null;
      }
    } else if (m[2]) {
      if (depth === 0) return m.index === 0 && TAG.lastIndex === text.length ? [m[0]] : null;
      if (depth === 1) {
        if (start !== m.index) return null; // text between two children
        parts.push(m[0]);
        start = TAG.lastIndex;
      }
    } else {
      if (depth === 0) {
        if (m.index !== 0) return null;
        parts.push(m[0]);
        start = TAG.lastIndex;
      } else if (depth === 1 && start !== m.index) {
        return null;
      }
      depth += 1;
    }
  }
  return null;
}

/** @param {Element} old @param {Element} fresh */
function syncAttributes(old, fresh) {
  for (let i = old.attributes.length - 1; i >= 0; i--) {
    const a = old.attributes[i];
    if (!fresh.hasAttribute(a.name)) old.removeAttribute(a.name);
  }
  for (const a of fresh.attributes) {
    // A place's tabindex is the page's (board/focus.js keeps one tab stop: a roving tabindex);
    // writing the drawing's "0" and then the page's "-1" back would only churn focusability.
    if (a.name === "tabindex" && old.hasAttribute("tabindex")) continue;
    if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
  }
}

/**
 * <defs> children are matched by id, not by position: the drawing defines only the ranks and
 * suits it shows, so one rank more or less shifts every later definition, and rewriting their
 * ids makes the browser rebuild every <use> that points at them (most of a swap's time). Order
 * inside <defs> does not matter; what is new is appended, what is gone removed.
 * @param {Element} old
 * @param {Element} fresh
 */
function morphDefs(old, fresh) {
  /** @type {Map<string, Element>} */
  const have = new Map();
  for (let c = old.firstChild, next; c; c = next) {
    next = c.nextSibling;
    if (c instanceof Element && c.id && !have.has(c.id)) have.set(c.id, c);
    else old.removeChild(c);
  }
  for (const n of Array.from(fresh.childNodes)) {
    const o = n instanceof Element && n.id ? have.get(n.id) : undefined;
    if (!o) {
      if (n instanceof Element) old.appendChild(n);
      continue;
    }
    have.delete(/** @type {Element} */ (n).id);
    if (!o.isEqualNode(n)) old.replaceChild(n, o);
  }
  for (const el of have.values()) old.removeChild(el);
}

/**
 * @param {Element} old
 * @param {Element} fresh
 * @param {number} depth
 */
function morph(old, fresh, depth) {
  syncAttributes(old, fresh);
  if (old.nodeName === "defs") {
    morphDefs(old, fresh);
    return;
  }
  const oldKids = Array.from(old.childNodes);
  const newKids = Array.from(fresh.childNodes);
  for (let i = 0; i < newKids.length; i++) {
    const o = oldKids[i];
    const n = newKids[i];
    if (!o) {
      old.appendChild(n);
    } else if (o.isEqualNode(n)) {
      continue;
    } else if (o.nodeType === 3 && n.nodeType === 3) {
      o.nodeValue = n.nodeValue;
    } else if (depth < 3 && o instanceof Element && n instanceof Element && o.nodeName === n.nodeName &&
               o.nodeName !== "style") {
      morph(o, n, depth + 1);
    } else {
      old.replaceChild(n, o);
    }
  }
  for (let j = newKids.length; j < oldKids.length; j++) old.removeChild(oldKids[j]);
}
