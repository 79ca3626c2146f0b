/* A puzzle (each game's puzzles page): a lesson board (learn/lesson.js) whose answers come with
 * the solver's verdicts. The right action solves it, or, in a "win in N" puzzle, is said right
 * and leaves the board at the next step's position (the build's tree holds every step); a wrong
 * one at any step shows where it leads and the line that shows why (it loses, or it only comes
 * back to the position), to step through; "Try again" brings back the puzzle's start.
 *
 * What a page of dozens of puzzles needs only once one is played is made here when needed (the
 * refutation's controls, the "solved" badge, the link to the next puzzle), and the goal line,
 * the same for every one-step puzzle, comes from the page's one copy of it (sitegen/puzzles.py).
 */
import { format } from "../core/messages.js";
import { q, setText } from "../core/dom.js";
import { unpackSvg } from "../core/packed.js";
import { swapDrawing } from "../board/render.js";
import { Lesson } from "./lesson.js";
import { noteSolved, puzzleList, ratePuzzle } from "./rating.js";

/** @typedef {import("./lesson.js").Refutation} Refutation */
/** @typedef {import("../python/protocol.js").Answer} Answer */

export class Puzzle extends Lesson {
  /** @param {HTMLElement} el */
  constructor(el) {
    super(el);
    this.addGoal();
  }

  /** The goal line, from the page's template (a "win in N" puzzle has its own in the page). */
  addGoal() {
    if (q(this.el, '[data-role="goal"]')) return;
    const template = document.querySelector('template[data-role="puzzle-goal"]');
    const title = q(this.el, "h3");
    if (template instanceof HTMLTemplateElement && title) title.after(template.content.cloneNode(true));
  }

  /** The "solved" badge beside the title, made the first time it shows. */
  showBadge(on = true) {
    const title = q(this.el, "h3");
    if (on && title && !q(this.el, '[data-role="badge"]')) {
      const badge = document.createElement("span");
      badge.className = "cc-learn-badge";
      badge.setAttribute("data-role", "badge");
      badge.textContent = this.msg("learn.badge.solved");
      title.append(" ", badge);
    }
    super.showBadge(on);
  }

  /** After the status line: a new element of the puzzle. @param {HTMLElement} node */
  place(node) {
    const status = q(this.el, '[role="status"]');
    if (status) status.after(node);
    else this.el.append(node);
    return node;
  }

  /** The line shown once solved: a link to the next puzzle of the page. */
  doneLine() {
    const done = super.doneLine();
    if (done) return done;
    const all = [...document.querySelectorAll("[data-puzzle]")];
    const next = all[all.indexOf(this.el) + 1];
    const line = document.createElement("p");
    line.className = "cc-learn-done";
    line.setAttribute("data-role", "done");
    if (next) {
      const item = puzzleList().find((p) => "puzzle-" + p.id === next.id);
      const link = document.createElement("a");
      link.setAttribute("data-role", "next");
      link.href = "#" + next.id;
      link.textContent = format(this.msg("learn.puzzle.next"), { title: item ? item.title : "" });
      line.append(link);
    }
    return this.place(line);
  }

  /** A wrong action's line to step through; the puzzle's first result moves the reader's
   * rating (rating.js: once per puzzle), a wrong action at any step being a miss.
   * @param {Answer} answer */
  answered(answer) {
    if (answer.refutation !== undefined) this.startRefutation(answer.refutation);
    if (answer.done || answer.refutation !== undefined) {
      ratePuzzle(this.ident, Number(this.el.getAttribute("data-rating") || "0"), answer.done ? 1 : 0);
      if (answer.done) noteSolved(this.ident);
    }
  }

  /** @param {string} name */
  action(name) {
    if (name === "ref-prev" || name === "ref-next") this.stepRefutation(name === "ref-next" ? 1 : -1);
    else super.action(name);
  }

  // ---- the refutation: the line that shows why a wrong action loses or only comes back ------

  /** @returns {Refutation[]} */
  lines() {
    return (this.data && this.data.refutations) || [];
  }

  /** The controls that step through a refutation, made the first time one is shown. */
  refutationBox() {
    const box = /** @type {HTMLElement | null} */ (q(this.el, '[data-role="refutation"]'));
    if (box) return box;
    const made = document.createElement("div");
    made.className = "cc-refutation";
    made.setAttribute("data-role", "refutation");
    made.hidden = true;
    /** @param {string} action @param {string} label */
    const button = (action, label) => {
      const b = document.createElement("button");
      b.type = "button";
      b.setAttribute("data-action", action);
      b.textContent = label;
      return b;
    };
    const counter = document.createElement("span");
    counter.setAttribute("data-role", "ref-counter");
    made.append(button("ref-prev", "‹ " + this.msg("ui.replay.prev")), counter,
      button("ref-next", this.msg("ui.replay.next") + " ›"));
    return this.place(made);
  }

  /** @param {number} index */
  startRefutation(index) {
    this.refutation = { index, step: 0 };
    this.el.setAttribute("data-refuted", "true");
    // An action lost at once (nothing left to play) has no line to step through.
    this.refutationBox().hidden = this.lines()[index].captions.length === 0;
    this.showRefutationStep();
  }

  /** @param {number} delta */
  stepRefutation(delta) {
    if (!this.refutation) return;
    const line = this.lines()[this.refutation.index];
    const step = this.refutation.step + delta;
    if (step < 0 || step > line.captions.length) return;
    this.refutation.step = step;
    this.showRefutationStep();
    const caption = step === 0 ? line.start : line.captions[step - 1];
    this.say(caption, step === line.captions.length ? "refused" : "info");
  }

  showRefutationStep() {
    const r = this.refutation;
    if (!r || !this.data) return;
    const line = this.lines()[r.index];
    swapDrawing(this.s, unpackSvg(this.data.packed, line.svgs[r.step]));
    const total = line.captions.length;
    setText(this.el, '[data-role="ref-counter"]', format(this.msg("ui.replay-counter"), { step: r.step, total }));
    const prev = /** @type {HTMLButtonElement | null} */ (q(this.el, '[data-action="ref-prev"]'));
    const next = /** @type {HTMLButtonElement | null} */ (q(this.el, '[data-action="ref-next"]'));
    if (prev) prev.disabled = r.step === 0;
    if (next) next.disabled = r.step === total;
  }
}
