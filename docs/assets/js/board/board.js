/* A board: one [data-board]-like element, its state (board/state.js), its input
 * (board/input.js), and the answers it shows (board/render.js). The board never decides anything
 * about the game: a click sends a place to its answer source (Python: pyworker.tap / drop in the
 * worker; the build's tables on try-its and lessons) and the answer — an SVG drawn by
 * diagrams.render_svg, the state, and sentences already in the page's language — is shown as it
 * comes. Text from the reader (the URL hash, the code field) only ever travels to Python as a
 * JSON string and comes back through textContent; it is never parsed as HTML. The SVG is trusted
 * markup of our own (diagrams/ escapes its labels), swapped in as markup.
 *
 * Play boards (play/play.js), try-its (tryit/tryit.js) and lessons (learn/lesson.js) extend it.
 */
import { q } from "../core/dom.js";
import { bootMessage, say } from "../core/messages.js";
import { encodeState } from "../core/statelink.js";
import { python } from "../python/client.js";
import { Admission } from "./admit.js";
import { Clock } from "./clock.js";
import { Plugins } from "./events.js";
import { bindInput } from "./input.js";
import { picture, placeAt } from "./picture.js";
import { busy, clearHint, select, showAnswer } from "./render.js";
import { syncTabStop } from "./focus.js";
import { createState, msg } from "./state.js";

/** @typedef {import("../python/protocol.js").Answer} Answer */
/** @typedef {import("../python/protocol.js").Op} Op */
/** @typedef {import("../python/protocol.js").Args} Args */
/** @typedef {import("../python/protocol.js").OpenArgs} OpenArgs */
/** @typedef {import("./state.js").Spot} Spot */

/** Buttons whose press is one offer: redeal, and the deals (random, typed code). */
const ONCE = ["redeal", "random", "open"];

export class Board {
  /** @param {HTMLElement} el */
  constructor(el) {
    this.s = createState(el);
    this.el = el;
    /** The Python that holds this board's game (Play pages and try-its). */
    this.python = python;
    /** @type {Promise<unknown>} every action, in order */
    this.chain = Promise.resolve();
    this.clock = new Clock(el);
    /** @type {Set<string>} once-buttons (ONCE) pressed and not answered yet */
    this.pendingOnce = new Set();
    /** The reader's actions in the queue: how long they wait is bounded (board/admit.js). */
    this.admission = new Admission(this);
    this.plugins = new Plugins();
    bindInput(this.s, {
      activate: (place) => this.activate(place),
      move: (src, dst) => this.move(src, dst),
      escape: () => {
        select(this.s, null);
        this.say(this.msg("ui.deselected"), "info");
      },
      action: (name, button) => this.action(name, button),
      pictureGesture: (from, to) => this.pictureGesture(from, to),
    });
    syncTabStop(this.s);
    // Lessons and puzzles get their "Analyse this position" here, not in the page's HTML (a
    // Puzzles page of dozens of boards is near its weight limit); it opens the position shown
    // when it is followed.
    if (el.matches("[data-lesson],[data-puzzle]") && !q(el, '[data-role="analyse-link"]')) {
      const bar = q(el, ".cc-toolbar");
      const link = document.createElement("a");
      link.className = "cc-button";
      link.setAttribute("data-role", "analyse-link");
      // Every page with boards is a language's page one folder deep: ../analysis-GAME/ is its
      // language's Analysis page.
      link.setAttribute("data-base", "../analysis-" + this.s.game + "/");
      link.href = "../analysis-" + this.s.game + "/";
      link.textContent = this.msg("analysis.link");
      if (bar) bar.append(link);
    }
    el.addEventListener("click", (ev) => {
      const link = ev.target instanceof Element ? ev.target.closest('[data-role="analyse-link"]') : null;
      const shown = el.getAttribute("data-state");
      if (!(link instanceof HTMLAnchorElement) || !el.contains(link) || !shown) return;
      try {
        link.href = (link.getAttribute("data-base") || "") + "#state=" + encodeState(JSON.parse(shown));
      } catch {
        /* an unreadable data-state: the page itself opens */
      }
    });
  }

  /** Starts Python now, for a board that is live without a click (Play and Analysis pages),
   * and says how its start goes: a slow download (the reader's actions wait), or why it cannot. */
  startPython() {
    this.python.start().catch(() => {});
    // Still downloading after 10 s (a slow connection): said, and what the reader does waits.
    this.python.onLoading(() => {
      if (!this.s.live && !this.s.failed) this.say(this.msg("ui.loading-slow"), "info");
    });
    this.python.onSlow((err) => {
      if (this.s.live) return;
      this.s.failed = err;
      this.el.setAttribute("data-live", "failed");
      this.say(bootMessage(this.s.msgs, err), "error");
    });
  }

  /** @param {string} text @param {string | null} [kind] */
  say(text, kind) {
    say(this.el, text, kind);
  }

  /** @param {string} key */
  msg(key) {
    return msg(this.s, key);
  }

  // ---- the answers, in order ------------------------------------------------------------

  /** Runs `job` after every earlier action, so that clicks are answered in order.
   * @param {() => unknown} job */
  enqueue(job) {
    this.chain = this.chain.then(job).catch((err) => this.fail(err));
    return this.chain;
  }

  /** Runs `job` after the queue as it is, and makes it the queue's end, whatever comes of it (a
   * recovery: play/play.js fail). @param {() => unknown} job */
  afterQueue(job) {
    this.chain = this.chain.then(job);
  }

  /** An action that first ends the selection, then asks (a button, a drag, a dialog's deal).
   * @param {Op} op @param {Args} args */
  play(op, args) {
    if (!this.ensureLive(op === "tap" || op === "drop") || !this.admission.admit()) return;
    this.admission.run(() => {
      select(this.s, null);
      return this.ask(op, args);
    });
  }

  /** @param {any} err */
  fail(err) {
    if (err && err.kind) {
      this.s.failed = err;
      this.el.setAttribute("data-live", "failed");
      this.say(bootMessage(this.s.msgs, err), "error");
      if (err.kind !== "file" && err.kind !== "timeout") console.warn(err.message);
    } else {
      this.say(this.msg("ui.python-error"), "error");
      console.error(err);
    }
  }

  /** Sends an operation about this board to Python and shows the answer.
   * @param {Op} op @param {Args} [args] @returns {Promise<Answer | null>} */
  ask(op, args) {
    const s = this.s;
    const full = Object.assign(args || {}, { board: s.id, lang: s.lang, game: s.game, diagram_id: s.diagramId });
    this.plugins.request(op, full);
    return this.call(op, full).then((answer) => {
      this.applyAnswer(answer, op);
      return answer;
    });
  }

  /** The answer source's answer (Python's, here). @param {Op} op @param {Args} args
   * @returns {Promise<Answer>} */
  call(op, args) {
    return this.python.call(op, args);
  }

  /** Shows an answer (the plugins hear of it before and after).
   * @param {Answer | null} a @param {Op} [op] */
  applyAnswer(a, op) {
    if (!a) return;
    const o = op || "open";
    this.plugins.beforeApply(a, o);
    showAnswer(this.s, a);
    if (a.code) this.showCode(a.code);
    if (a.opened) this.clock.reset();
    else if (a.played) this.clock.start();
    if (this.s.position && this.s.position.status === "won") this.clock.stop();
    const analyse = /** @type {HTMLAnchorElement | null} */ (q(this.el, '[data-role="analyse-link"]'));
    if (analyse && a.state) {
      // A position whose face-down cards the page does not know (engine.public_state: null in a
      // list) cannot be analysed: the link is not offered for it.
      analyse.hidden = /\[[^\]]*null/.test(JSON.stringify(a.state));
      analyse.href = (analyse.getAttribute("data-base") || "") + "#state=" + encodeState(a.state);
    }
    this.plugins.afterApply(a, o);
  }

  // ---- reader actions -------------------------------------------------------------------

  /** A click, Enter or Space on a place (or on the foundation zone, "F"). @param {string} place */
  activate(place) {
    if (!this.ensureLive(true) || !this.admission.admit()) return;
    this.admission.run(() => {
      const src = this.s.selected;
      if (src === null) {
        if (place === "F") return null; // the zone itself is no source
        return this.ask("tap", { place });
      }
      // The second click ends the selection, whether the move is played or refused.
      select(this.s, null);
      // A second tap on the selected place (a double tap) sends its card to a foundation;
      // where none takes it, the tap just cancels the selection.
      if (src === place) return this.ask("drop", { src, dst: "F", quiet: true });
      return this.ask("drop", { src, dst: place });
    });
  }

  /** A drag (or a drag on the picture) from `src` onto `dst`. @param {string} src @param {string} dst */
  move(src, dst) {
    this.play("drop", { src, dst });
  }

  /** True when the board can take the action; otherwise says why and returns false. Checked
   * before queueing, so that a click never waits behind a Python that does not start.
   * @param {boolean} [precomputable] a click or a drop, which the build may have answered */
  ensureLive(precomputable) {
    void precomputable;
    if (this.s.live) return true;
    if (this.s.failed) {
      this.say(bootMessage(this.s.msgs, this.s.failed), "error");
      return false;
    }
    // Python is still starting: the action waits in the board's queue, behind the opening of
    // the deal, and is played as soon as Python is up; the reader is told so.
    this.say(this.msg("ui.queued"), "info");
    return true;
  }

  /** A [data-action] button. @param {string} name @param {HTMLElement | null} button */
  action(name, button) {
    if (this.plugins.action(name, button)) return;
    if (name === "copy-link" || name === "copy-code") {
      this.copy(name === "copy-link" ? this.shareUrl() : this.s.code || "");
      return;
    }
    if (!this.ensureLive()) return;
    // A button that acts once per press of the offer (hostile review #3): a press made while the
    // last one is still waiting for its answer is the same press (a double click), not another.
    if (ONCE.includes(name) && this.pendingOnce.has(name)) return;
    if (!this.admission.admit()) return;
    if (ONCE.includes(name)) this.pendingOnce.add(name);
    const done = () => this.pendingOnce.delete(name);
    this.admission.run(() => {
      select(this.s, null);
      switch (name) {
        case "undo":
          return this.ask("undo", {});
        case "redeal":
          return this.ask("redeal", {});
        case "draw":
          return this.ask("tap", { place: "stock" });
        case "hint":
          this.say(this.msg("ui.hint-thinking"), "info");
          return this.ask("hint", {});
        case "random":
          return this.open({ random: true, draw: this.drawChoice() });
        case "open": {
          // A bad code leaves the game as it was (Python says why); a good one is a new deal.
          const input = /** @type {HTMLInputElement | null} */ (q(this.el, '[data-role="code-in"]'));
          return this.open({ code: input ? input.value : "", keep: true, typed: true });
        }
        case "reset":
          return this.reset();
      }
      return null;
    }, name !== "hint").then(done, done);
  }

  /** Canfield's draw for a random deal: the new-game select's (Play pages: their settings). */
  drawChoice() {
    const sel = /** @type {HTMLSelectElement | null} */ (q(this.el, '[data-role="draw"]'));
    return sel ? parseInt(sel.value, 10) : null;
  }

  /** Back to the position first shown (try-its and lessons). @returns {unknown} */
  reset() {
    return null;
  }

  /** @param {string} text */
  copy(text) {
    const done = () => this.say(this.msg("ui.copied"), "info");
    if (navigator.clipboard && navigator.clipboard.writeText) {
      // Refused: the reader can still select and copy it from the status line.
      navigator.clipboard.writeText(text).then(done, () => this.say(text, "info"));
    } else {
      this.say(text, "info");
    }
  }

  /** Opens a deal in Python: {code} (typed or from the hash), {random, draw} or {state}.
   * @param {OpenArgs} args */
  open(args) {
    args.fallback = this.el.getAttribute("data-default-code");
    return this.ask("open", args);
  }

  // ---- the deal's code and link -----------------------------------------------------------

  /** @param {string} code */
  showCode(code) {
    this.s.code = code;
    for (const n of this.el.querySelectorAll('[data-role="code-out"]')) n.textContent = code;
    const link = /** @type {HTMLAnchorElement | null} */ (q(this.el, '[data-role="link"]'));
    if (link) {
      link.href = "#code=" + encodeURIComponent(code);
      link.textContent = this.shareUrl();
    }
  }

  /** The link to the position on the board: the game's link where the page keeps one (Play
   * pages: play/saved.js), else the deal's. */
  shareUrl() {
    const hash = this.linkHash();
    const here = location.href.split("#")[0];
    return here + (hash || "#code=" + encodeURIComponent(this.s.code || ""));
  }

  /** The hash of the game in progress, when the page keeps one. @returns {string | null} */
  linkHash() {
    return null;
  }

  // ---- a gesture on the picture standing for the drawing (board/picture.js) ------------

  /** Resolves true once the drawing is in the box, false when it cannot come (each kind of
   * board says how: try-its and lessons with their answers). A Play board is drawn already.
   * @returns {Promise<boolean>} */
  whenDrawn() {
    return Promise.resolve(!picture(this.s));
  }

  /** Waits for the drawing, then plays the click at `from` (or the drag from `from` to `to`)
   * on it. Queued on the board's chain: later clicks wait behind it, in order.
   * @param {Spot} from @param {Spot | null} to */
  pictureGesture(from, to) {
    busy(this.s, true);
    this.say(this.msg("ui.answers-loading"), "info");
    this.enqueue(() =>
      this.whenDrawn().then((drawn) => {
        busy(this.s, false);
        if (!drawn) {
          const kind = location.protocol === "file:" ? "file" : "python";
          this.say(bootMessage(this.s.msgs, this.s.failed || { kind }), "error");
          return null;
        }
        const src = placeAt(this.s, from);
        const dst = to ? placeAt(this.s, to) : null;
        if (src === null) {
          this.say("", null);
        } else if (!to) {
          this.activate(src);
        } else if (dst !== null && dst !== src) {
          this.move(src, dst);
        }
        return null;
      }),
    );
  }

  /** The position shown, as the board holds it. */
  get position() {
    return this.s.position;
  }

  /** Ends a hint's highlight (a new position). */
  clearHint() {
    clearHint(this.s);
  }
}
