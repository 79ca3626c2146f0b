/* A board's game clock: starts at the first move, stops when the game is won. */
import { formatClock, setText } from "../core/dom.js";

export class Clock {
  /** @param {HTMLElement} el the board (its [data-role="timer"] shows the time) */
  constructor(el) {
    this.el = el;
    /** @type {number | null} */
    this.started = null;
    /** @type {ReturnType<typeof setInterval> | null} */
    this.handle = null;
    this.frozen = 0; // seconds shown
  }

  start() {
    if (this.handle || !this.el.querySelector('[data-role="timer"]')) return;
    this.started = Date.now() - this.frozen * 1000;
    this.handle = setInterval(() => this.tick(), 1000);
  }

  tick() {
    const secs = Math.floor((Date.now() - (this.started || Date.now())) / 1000);
    this.frozen = secs;
    setText(this.el, '[data-role="timer"]', formatClock(secs));
  }

  stop() {
    if (!this.handle) return;
    this.tick();
    clearInterval(this.handle);
    this.handle = null;
  }

  reset() {
    if (this.handle) clearInterval(this.handle);
    this.handle = null;
    this.started = null;
    this.frozen = 0;
    setText(this.el, '[data-role="timer"]', formatClock(0));
  }
}
