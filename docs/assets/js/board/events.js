/* What a board tells the features built on it (the Play page's plugins: play/*.js), and what
 * they may answer. A plugin is an object with any of these hooks; the board calls them in
 * order, and a plugin that throws never stops the game. */

/** @typedef {import("../python/protocol.js").Answer} Answer */
/** @typedef {import("../python/protocol.js").Op} Op */
/** @typedef {import("../python/protocol.js").Args} Args */

/**
 * @typedef {object} Plugin
 * @property {(op: Op, args: Args) => void} [request] a request is about to go (args may be added to)
 * @property {(a: Answer, op: Op) => void} [beforeApply] an answer came; the board still shows the last
 * @property {(a: Answer, op: Op) => void} [afterApply] the board shows the answer
 * @property {() => void} [live] the board's game is in Python and takes clicks
 * @property {(name: string, button: HTMLElement | null) => boolean} [action] a button: true if the plugin's
 */

export class Plugins {
  /** @param {Plugin[]} [list] */
  constructor(list) {
    /** @type {Plugin[]} */
    this.list = list || [];
  }

  /** @param {Op} op @param {Args} args */
  request(op, args) {
    this.each((p) => p.request && p.request(op, args));
  }

  /** @param {Answer} a @param {Op} op */
  beforeApply(a, op) {
    this.each((p) => p.beforeApply && p.beforeApply(a, op));
  }

  /** @param {Answer} a @param {Op} op */
  afterApply(a, op) {
    this.each((p) => p.afterApply && p.afterApply(a, op));
  }

  live() {
    this.each((p) => p.live && p.live());
  }

  /** True when a plugin took the button. @param {string} name @param {HTMLElement | null} button */
  action(name, button) {
    return this.list.some((p) => !!p.action && p.action(name, button));
  }

  /** @param {(p: Plugin) => void} fn */
  each(fn) {
    for (const p of this.list) {
      try {
        fn(p);
      } catch (e) {
        console.warn(e); // a comfort that fails never stops the game
      }
    }
  }
}
