/* What one board holds, apart from the drawing in its box: a plain object that the drawing
 * (board/render.js), the focus (board/focus.js) and the input (board/input.js) modules read and
 * write, and that a page of its own (Play, try-it, lesson, a set-up board) creates with
 * createState and drives with its own AnswerSource. */
import { q } from "../core/dom.js";
import { uiMessages } from "../core/messages.js";

/** @typedef {import("../python/protocol.js").State} State */

/**
 * Where a drag is: the place it started on, the pointer, and the place's own CSS transform
 * (a narrow arrangement moves places with one; the drag's shift goes on top of it).
 * @typedef {{g: SVGGraphicsElement, place: string, x0: number, y0: number, moved: boolean,
 *   id: number, transform: string}} Drag
 */

/** A spot on a picture or a drawing, as fractions of its width and height.
 * @typedef {{x: number, y: number}} Spot */

/** A drag across the picture that stands for the drawing (board/picture.js).
 * @typedef {{spot: Spot, x0: number, y0: number, id: number}} PictureDrag */

/**
 * @typedef {object} BoardState
 * @property {HTMLElement} el the board's element ([data-board], [data-tryit], [data-lesson] ...)
 * @property {HTMLElement} svgBox the box that holds the drawing (or its picture)
 * @property {string} game "crescent" or "canfield"
 * @property {string} lang the page's language
 * @property {string} id this board's id in the page (Python keeps one game per id)
 * @property {string} diagramId prefix of the drawing's ids
 * @property {import("../core/messages.js").Messages} msgs the board's sentences
 * @property {string | null} selected the place selected by a first click
 * @property {boolean} live an answer source holds this board's game (Python, or the build's tree)
 * @property {{kind?: string, message?: string} | null} failed why Python cannot answer
 * @property {string | null} tabStop the place holding the board's one tab stop
 * @property {State | null} position the position shown
 * @property {string | null} code the deal's code
 * @property {Drag | null} drag
 * @property {PictureDrag | null} pictureDrag
 * @property {boolean} dragClick a drag just ended: the click the browser makes of it is not a click
 */

let count = 0;

/**
 * A board's state, from its element's attributes.
 * @param {HTMLElement} el
 * @returns {BoardState}
 */
export function createState(el) {
  const id = "board" + ++count;
  const svgBox = q(el, '[data-role="svg"]');
  if (!svgBox) throw new Error(`board ${id}: no [data-role="svg"] box`);
  return {
    el,
    svgBox,
    game: el.getAttribute("data-board") || "",
    lang: el.getAttribute("data-lang") || document.documentElement.lang || "en",
    id,
    diagramId: el.getAttribute("data-diagram-id") || id,
    msgs: uiMessages(el),
    selected: null,
    live: false,
    failed: null,
    tabStop: null,
    position: null,
    code: el.getAttribute("data-default-code") || null,
    drag: null,
    pictureDrag: null,
    dragClick: false,
  };
}

/** @param {BoardState} s @param {string} key the key's sentence (the key itself if none) */
export function msg(s, key) {
  return s.msgs[key] || key;
}
