/* Lessons (rules pages) and puzzles (each game's puzzles page; learn/puzzle.js extends this).
 *
 * A lesson or puzzle board plays like any board (board/: clicks, drags, keyboard, role="status"),
 * but every answer was computed at build time by the engine (sitegen/learn_tree.py): a small file
 * (data-answers, fetched as the board nears the viewport) holds a tree of positions and, for each,
 * the answer to every tap and every drop. So every click is answered at once, with no Python at
 * all; a move off the tree comes with its reason (a lesson's goal, a puzzle's refutation).
 */
import { format } from "../core/messages.js";
import { later, onApproach, q, qa, setText } from "../core/dom.js";
import { unpackSvg } from "../core/packed.js";
import { ROOT } from "../python/client.js";
import { Board } from "../board/board.js";
import { picture, showDrawing } from "../board/picture.js";
import { busy, clearHint, select } from "../board/render.js";
import { fetchJSON, questionIndex, storedAnswer } from "../board/sources.js";
import { markDone, onOtherTab, readProgress } from "./progress.js";
import { sayUnavailable } from "./stale.js";
import { Glide } from "../play/glide.js";

const SHOW_MS = 700; // "Show me": the time each action of the line stays on show

/** A move's notation as the board's question ("draw" a tap on the stock, "7:2>4" a drop from 7).
 * @param {string} move @returns {[Op, Args]} */
function question(move) {
  if (move === "redeal") return ["redeal", {}];
  if (move === "draw") return ["tap", { place: "stock" }];
  const [src, dst] = move.split(">");
  return ["drop", { src: src.split(":")[0], dst }];
}

/** @typedef {import("../python/protocol.js").Answer} Answer */
/** @typedef {import("../python/protocol.js").Op} Op */
/** @typedef {import("../python/protocol.js").Args} Args */
/** @typedef {import("../python/protocol.js").Questions & {svg_ref: number,
 *   state: import("../python/protocol.js").State, labels?: Record<string, string>,
 *   disabled?: Record<string, boolean>}} Node */
/** @typedef {{start: string, captions: string[], svgs: number[]}} Refutation */
/** @typedef {{nodes: Node[], responses: import("../python/protocol.js").StoredAnswer[],
 *   packed: import("../core/packed.js").Packed, refutations?: Refutation[]}} Tree */

export class Lesson extends Board {
  /** @param {HTMLElement} el */
  constructor(el) {
    super(el);
    /** @type {import("./progress.js").Family} */
    this.family = el.hasAttribute("data-puzzle") ? "puzzles" : "lessons";
    this.ident = el.getAttribute(this.family === "puzzles" ? "data-puzzle" : "data-lesson") || "";
    // The build's answers are a file (data-answers), fetched when the board comes near the
    // viewport (as try-its do); a click that comes first waits for them, it is never dropped.
    this.answersUrl = el.getAttribute("data-answers") || "";
    /** @type {Tree | null} */
    this.data = null;
    /** @type {Promise<Tree | null> | null} */
    this.answersReady = null;
    this.path = [0]; // indices of the nodes passed through; the last one is shown
    this.played = 0; // actions played since the start or the last reset, those undone too (the par)
    this.s.live = true; // no Python to wait for: every answer is in the build's file
    /** @type {{index: number, step: number} | null} while a puzzle's refutation is shown */
    this.refutation = null;
    this.showing = false; // "Show me" is playing the lesson's line (showMe)
    /** @type {import("../play/glide.js").Glide | null} */
    this.glide = null;
    // A lesson's position is in the page; a puzzle's comes with its answers (sitegen/puzzles.py
    // leaves it out of a page of dozens of boards), and the board is live from then on.
    this.s.position = JSON.parse(el.getAttribute("data-state") || "null");
    if (this.s.position) el.setAttribute("data-live", "true");
    // "Done before": as this browser keeps it, in this tab and when another tab changes it.
    const badge = () => this.showBadge(!!readProgress()[this.family][this.ident]);
    badge();
    onOtherTab(badge);
    // A reader at the board: its drawing now (else it comes in idle time; see loadAnswers).
    onApproach(el, () => {
      this.loadAnswers().then(() => this.draw());
    }, () => this.loadAnswers());
  }

  /** Fetches the build's answers once; resolves with them (null when they cannot come). */
  loadAnswers() {
    if (this.answersReady) return this.answersReady;
    this.answersReady = fetchJSON(this.answersUrl, ROOT).then(
      (/** @type {Tree} */ data) => {
        this.data = data;
        if (!this.s.position) {
          this.s.position = data.nodes[0].state;
          this.el.setAttribute("data-state", JSON.stringify(this.s.position));
          this.el.setAttribute("data-live", "true");
        }
        // The page showed a picture of the board (sitegen/pictures.py): the drawing, whose
        // places take clicks, keys and drags, replaces it when the page is idle (boards that
        // arrive while the page loads would otherwise lengthen its busy start), or at once when
        // the reader comes to the board first.
        later(() => this.draw(), 3000);
        this.syncButtons();
        return data;
      },
      (err) => {
        console.warn(String(err && err.message ? err.message : err));
        sayUnavailable(this, err); // out of date after a deploy, or no network: never "Python"
        return null;
      },
    );
    return this.answersReady;
  }

  /** Puts the board's drawing in place of its picture, once the answers are here. */
  draw() {
    if (this.data && picture(this.s)) showDrawing(this.s, unpackSvg(this.data.packed, this.current().svg_ref));
  }

  /** The drawing comes with the answers (see loadAnswers). */
  whenDrawn() {
    return this.loadAnswers().then((data) => {
      if (data) this.draw();
      return !!data && !picture(this.s);
    });
  }

  ensureLive() {
    return true;
  }

  /** @returns {Node} */
  current() {
    const data = /** @type {Tree} */ (this.data);
    return data.nodes[this.path[this.path.length - 1]];
  }

  showBadge(on = true) {
    const badge = q(this.el, '[data-role="badge"]');
    if (badge) badge.hidden = !on;
  }

  /** The line shown once the goal is reached (a puzzle makes its own: learn/puzzle.js).
   * @returns {HTMLElement | null} */
  doneLine() {
    return /** @type {HTMLElement | null} */ (q(this.el, '[data-role="done"]'));
  }

  isDone() {
    return this.el.getAttribute("data-done") === "true";
  }

  /** @param {Op} op @param {Args} [args] @returns {Promise<Answer | null>} */
  ask(op, args) {
    const a = args || {};
    const data = this.data;
    if (!data) {
      // Queued behind the answers' arrival (the board's chain holds later clicks behind it).
      busy(this.s, true);
      this.say(this.msg("ui.answers-loading"), "info");
      return this.loadAnswers().then((loaded) => {
        busy(this.s, false);
        return loaded ? this.ask(op, a) : null;
      });
    }
    if (this.showing) {
      this.say(this.msg("learn.show.playing"), "info");
      return Promise.resolve(null);
    }
    if (this.isDone() || this.refutation) {
      // The goal is reached (or a refutation is on show): the board rests until reset.
      this.sayResting(this.refutation ? "learn.refutation-reset" : "learn.already-done");
      return Promise.resolve(null);
    }
    const index = questionIndex(this.current(), op, a);
    if (index === null) return Promise.resolve(null);
    const answer = storedAnswer(data, index, a, this.msg("ui.deselected"));
    if (answer.node !== undefined) {
      this.played++;
      this.path.push(answer.node);
      answer.state = data.nodes[answer.node].state;
    }
    this.applyAnswer(answer, op);
    this.answered(answer);
    if (answer.done) this.finish();
    this.syncButtons();
    return Promise.resolve(answer);
  }

  /** After an answer is shown, before a goal reached is finished: a lesson has nothing more to
   * do (a puzzle has its refutation and rating: learn/puzzle.js). @param {Answer} answer
   * @returns {unknown} */
  answered(answer) {
    return answer;
  }

  /** A click on a resting board: what it rests on (the lesson's explanation, the refutation)
   * stays, and how to play again follows it (hostile review #20: a double click on the winning
   * card replaced the explanation). @param {string} key */
  sayResting(key) {
    const line = q(this.el, '[role="status"]');
    const now = ((line && line.textContent) || "").trim();
    const note = this.msg(key);
    if (!now.endsWith(note)) this.say(now ? now + " " + note : note, line && line.getAttribute("data-kind"));
  }

  /** Shows the current node of the tree (after an undo or a reset), with `message`.
   * @param {string} message */
  showNode(message) {
    const node = this.current();
    select(this.s, null);
    clearHint(this.s);
    const svg = unpackSvg(/** @type {Tree} */ (this.data).packed, node.svg_ref);
    this.applyAnswer({ svg, state: node.state, labels: node.labels || {}, message, kind: "info", selected: null });
    this.syncButtons();
  }

  syncButtons() {
    if (!this.data) return;
    const done = this.isDone();
    const disabled = this.current().disabled || {};
    for (const b of /** @type {HTMLButtonElement[]} */ (qa(this.el, "[data-action]"))) {
      const action = b.getAttribute("data-action") || "";
      if (action === "undo") b.disabled = this.path.length < 2 || done || !!this.refutation;
      else if (action === "redeal" || action === "draw") b.disabled = done || !!this.refutation || !!disabled[action];
    }
  }

  finish() {
    this.el.setAttribute("data-done", "true");
    const done = this.doneLine();
    if (done) done.hidden = false;
    markDone(this.family, this.ident);
    this.showBadge();
    this.showStars();
  }

  /** A lesson's stars against its par (sitegen/lessons.py): three at par, two with up to two
   * actions more, one otherwise. The marks are for the eye; the sentence says it for everyone,
   * in the result and in the status. */
  showStars() {
    const par = Number(this.el.getAttribute("data-par") || "0");
    const box = q(this.el, '[data-role="stars"]');
    if (!par || !box) return;
    if (this.el.hasAttribute("data-shown")) {
      // The line was shown on this visit ("Show me"): solved, but no stars for it.
      setText(box, '[data-role="star-marks"]', "");
      setText(box, '[data-role="star-text"]', this.msg("learn.stars.shown"));
      box.hidden = false;
      const status = q(this.el, '[role="status"]');
      if (status) this.say((status.textContent || "") + " " + this.msg("learn.stars.shown"), "won");
      return;
    }
    const stars = this.played <= par ? 3 : this.played <= par + 2 ? 2 : 1;
    const text = format(this.msg("learn.stars." + stars), { actions: this.played, par });
    this.el.setAttribute("data-stars", String(stars));
    setText(box, '[data-role="star-marks"]', "★".repeat(stars) + "☆".repeat(3 - stars));
    setText(box, '[data-role="star-text"]', text);
    box.hidden = false;
    const status = q(this.el, '[role="status"]');
    if (status) this.say((status.textContent || "") + " " + text, "won");
  }

  /** @param {string} name */
  action(name) {
    if (this.showing) {
      // The line on show ends by itself and puts the lesson back.
      this.say(this.msg("learn.show.playing"), "info");
      return;
    }
    if (name === "show-me") {
      this.showMe();
      return;
    }
    if (!this.data && name !== "draw" && name !== "redeal") {
      // Nothing played yet: undo has nothing to take back, reset nothing to undo.
      if (name === "undo") this.say(this.msg("reason.nothing-to-undo"), "refused");
      return;
    }
    switch (name) {
      case "undo":
        if (this.path.length < 2 || this.isDone()) {
          this.say(this.msg("reason.nothing-to-undo"), "refused");
          return;
        }
        this.path.pop();
        this.showNode(this.msg("ui.undone"));
        return;
      case "reset":
        this.reset();
        return;
      case "draw":
        this.play("tap", { place: "stock" });
        return;
      case "redeal":
        this.play("redeal", {});
        return;
    }
  }

  reset() {
    this.path = [0];
    this.played = 0;
    this.el.removeAttribute("data-stars");
    const stars = q(this.el, '[data-role="stars"]');
    if (stars) stars.hidden = true;
    this.refutation = null;
    const box = q(this.el, '[data-role="refutation"]');
    if (box) box.hidden = true;
    this.el.removeAttribute("data-done");
    this.el.removeAttribute("data-refuted");
    const done = q(this.el, '[data-role="done"]');
    if (done) done.hidden = true;
    this.showNode(this.msg("ui.reset-done"));
    return null;
  }

  // ---- a lesson's "Show me": its par line played with the glide, then the lesson put back ----

  /** Plays data-show (sitegen/lessons.py par_line) from the lesson's start, one action every
   * SHOW_MS, then puts back the position, the actions counted and the result the reader had. A
   * line on show is not the reader's: no progress, no stars. */
  async showMe() {
    const data = await this.loadAnswers();
    if (!data || this.showing) return;
    this.draw();
    if (!this.glide) {
      // Cards glide as on the Play page (its plugin reads only the board's drawing).
      this.glide = new Glide(/** @type {any} */ (this));
      this.plugins.list.push(this.glide);
    }
    const line = /** @type {string[]} */ (JSON.parse(this.el.getAttribute("data-show") || "[]"));
    const kept = { path: this.path, played: this.played, refutation: this.refutation };
    const attrs = ["data-done", "data-stars", "data-refuted"].map((n) => ({ n, v: this.el.getAttribute(n) }));
    const boxes = qa(this.el, '[data-role="stars"], [data-role="done"], [data-role="refutation"]').map(
      (b) => ({ b, hidden: b.hidden }));
    for (const { n } of attrs) this.el.removeAttribute(n);
    for (const { b } of boxes) b.hidden = true;
    this.showing = true;
    this.el.setAttribute("data-showing", "true");
    this.refutation = null;
    this.path = [0];
    this.showNode(this.msg("learn.show.playing"));
    const pause = () => new Promise((ok) => setTimeout(ok, SHOW_MS));
    for (const [i, move] of line.entries()) {
      await pause();
      const [op, args] = question(move);
      const index = questionIndex(this.current(), op, args);
      if (index === null) break; // not in the build's tree: cannot happen (tests/test_lesson_show.py)
      const answer = storedAnswer(data, index, args, "");
      if (answer.node === undefined) break;
      this.path.push(answer.node);
      answer.state = data.nodes[answer.node].state;
      this.applyAnswer(answer, op);
      this.el.setAttribute("data-show-step", String(i + 1));
    }
    await pause();
    this.glide.request(); // a glide still running ends before the position comes back
    this.path = kept.path;
    this.played = kept.played;
    this.refutation = kept.refutation;
    for (const { n, v } of attrs) if (v === null) this.el.removeAttribute(n); else this.el.setAttribute(n, v);
    for (const { b, hidden } of boxes) b.hidden = hidden;
    this.showing = false;
    this.el.removeAttribute("data-showing");
    this.el.setAttribute("data-shown", "true");
    this.showNode(this.msg("learn.show.done"));
  }
}
