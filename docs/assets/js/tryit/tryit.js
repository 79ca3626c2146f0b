/* A try-it: a diagram of a rules page that can be played from its position.
 *
 * The build precomputed, with the engine, every answer to a first click (a tap on each place, a
 * second click from each place onto each other one: sitegen/live.py), so the first answer never
 * waits for Python; Python starts on the reader's first approach and takes over from the second
 * move, replaying what was played. A Crescent figure has a Redeal button too: its first press is
 * the build's answer as well (played, or refused with the engine's reason), never disabled, so
 * that a press with no redeal left says why.
 */
import { onApproach, q, qa } from "../core/dom.js";
import { bootMessage } from "../core/messages.js";
import { unpackSvg } from "../core/packed.js";
import { ROOT } from "../python/client.js";
import { Board } from "../board/board.js";
import { focusPlace, syncTabStop } from "../board/focus.js";
import { picture, showDrawing } from "../board/picture.js";
import { busy, clearHint, select } from "../board/render.js";
import { fetchJSON, questionIndex, storedAnswer } from "../board/sources.js";

/** @typedef {import("../python/protocol.js").Answer} Answer */
/** @typedef {import("../python/protocol.js").Op} Op */
/** @typedef {import("../python/protocol.js").Args} Args */
/** @typedef {import("../python/protocol.js").State} State */
/**
 * A try-it's answers file.
 * @typedef {import("../python/protocol.js").Questions & {
 *   responses: import("../python/protocol.js").StoredAnswer[],
 *   packed: import("../core/packed.js").Packed, initial_ref?: number, picture_ref?: number
 * }} Answers
 */

export class TryIt extends Board {
  /** @param {HTMLElement} el */
  constructor(el) {
    super(el);
    /** @type {State | null} the position drawn */
    this.shown = JSON.parse(el.getAttribute("data-state") || "null");
    // A face-down version's figure: its state hides cards, so Python opens the line from its
    // deal that leads to it (sitegen/tryit.py), never the cards the page does not hold.
    /** @type {{code: string, moves: string[]} | null} */
    this.line = JSON.parse(el.getAttribute("data-line") || "null");
    // The build's answers are a file (data-answers), fetched when the figure comes near the
    // viewport; a click that comes first waits for them (see ask), it is never dropped.
    this.answersUrl = el.getAttribute("data-answers");
    /** @type {Answers | null} */
    this.answers = null;
    /** @type {Promise<Answers | null> | null} */
    this.answersReady = null;
    this.answersFailed = false;
    // A rules page first shows its picture (arrows, no focus stops); the interactive drawing of
    // the same position, which comes with the answers, replaces it once the reader tries it.
    this.initialSvg = this.s.svgBox.innerHTML;
    const redeal = q(el, '[data-role="redeal"]');
    /** The Redeal button's label at the shown position (reset puts it back). */
    this.initialRedeal = redeal ? redeal.textContent || "" : "";
    /** A press of Redeal is being taken (see ensureLive). */
    this.redealPress = false;
    /** @type {string[]} moves played since the shown position */
    this.history = [];
    this.activated = false;
    /** @type {Promise<void> | null} */
    this.warming = null;
    // Starting Python costs a large download: only when a reader comes near the diagram.
    onApproach(el, () => {
      this.loadAnswers();
      this.warmUp();
    }, () => this.loadAnswers());
  }

  /** Fetches the build's answers once; resolves with them, or null when they cannot come. */
  loadAnswers() {
    if (this.answersReady) return this.answersReady;
    if (!this.answersUrl) {
      this.answersFailed = true;
      this.answersReady = Promise.resolve(null);
      return this.answersReady;
    }
    this.answersReady = fetchJSON(this.answersUrl, ROOT).then(
      (/** @type {Answers} */ a) => {
        this.answers = a;
        if (a.initial_ref !== undefined) {
          this.initialSvg = unpackSvg(a.packed, a.initial_ref);
          // Tried before the answers came: the focusable drawing replaces the picture now.
          if (this.activated && !this.s.live && this.history.length === 0) this.showInitial();
        }
        return a;
      },
      () => {
        // No answers (file://, offline): Python answers the first click, or says why not.
        this.answersFailed = true;
        return null;
      },
    );
    return this.answersReady;
  }

  showInitial() {
    const box = this.s.svgBox;
    if (box.innerHTML === this.initialSvg) return;
    const active = document.activeElement;
    const place = active && box.contains(active) ? active.getAttribute("data-place") : null;
    box.innerHTML = this.initialSvg;
    syncTabStop(this.s);
    if (place !== null) focusPlace(this.s, place);
  }

  /** The page shows a picture of the figure (an <img>) until a click needs the drawing: the
   * same drawing, inline, comes with the answers (`picture_ref`). */
  whenDrawn() {
    return this.loadAnswers().then((a) => {
      if (!picture(this.s)) return true;
      const ref = a ? (a.picture_ref !== undefined ? a.picture_ref : a.initial_ref) : undefined;
      if (a && ref !== undefined) {
        showDrawing(this.s, unpackSvg(a.packed, ref));
        return true;
      }
      // No answers (their file failed, hostile review #14): Python draws the position once it
      // is up, and the click waits for it; only a Python that cannot start says so.
      this.warmUp();
      return this.python.start().then(
        () =>
          super.ask("open", this.opening([])).then(() => {
            this.goLive();
            return !picture(this.s);
          }),
        () => false,
      );
    });
  }

  warmUp() {
    if (this.warming) return;
    // A Python that is slow or cannot start is only mentioned when a click needs it (see
    // ensureLive): the build's answers keep the first move going meanwhile.
    this.python.onSlow((err) => {
      if (!this.s.live) this.s.failed = err;
    });
    this.warming = this.python.start().then(
      // From now on Python answers: it opens the shown position and replays what was played.
      () => this.enqueue(() =>
        super.ask("open", this.opening(this.history.slice())).then(() =>
          this.goLive())).then(() => {}),
      (err) => {
        this.s.failed = err;
        if (err && err.kind !== "file" && err.kind !== "timeout") console.warn(err.message);
      },
    );
  }

  /** What `open` sends: the shown position (or its line from the deal), then `moves`.
   * @param {string[]} moves @returns {Args} */
  opening(moves) {
    if (this.line) return { code: this.line.code, moves: this.line.moves.concat(moves), quiet: true };
    return { state: this.shown, moves, quiet: true };
  }

  /** Python holds the figure's game from now on. */
  goLive() {
    this.s.live = true;
    this.s.failed = null;
    this.el.setAttribute("data-live", "true");
  }

  activateBoard() {
    if (this.activated) return;
    this.activated = true;
    this.el.setAttribute("data-active", "true");
    if (this.shown) this.el.setAttribute("data-state", JSON.stringify(this.shown));
    this.s.position = this.shown;
    for (const b of qa(this.el, '[data-action="reset"],[data-action="undo"]')) b.hidden = false;
    const tryButton = q(this.el, '[data-action="tryit"]');
    if (tryButton) tryButton.hidden = true;
    if (this.history.length === 0) this.showInitial();
    this.loadAnswers();
    this.warmUp();
    if (!this.s.live && this.history.length === 0) this.say(this.msg("ui.tryit-ready"), "info");
  }

  /** The precomputed answer to `op` on the shown position, or null when there is none.
   * @param {Op} op @param {Args} args @returns {Answer | null} */
  precomputed(op, args) {
    const a = this.answers;
    if (!a || this.history.length) return null;
    const index = questionIndex(a, op, args);
    return index === null ? null : storedAnswer(a, index, args, this.msg("ui.deselected"));
  }

  /** @param {Op} op @param {Args} [args] @returns {Promise<Answer | null>} */
  ask(op, args) {
    if (op === "undo" && this.line && this.history.length === 0) {
      // The shown position is where a try-it starts: its line's moves are not the reader's.
      this.say(this.el.getAttribute("data-undo-refused") || "", "refused");
      return Promise.resolve(null);
    }
    const first = !this.s.live && this.history.length === 0 && (op === "tap" || op === "drop" || op === "redeal");
    if (first && !this.answers && !this.answersFailed) {
      // Queued behind the answers' arrival (the board's chain holds later clicks behind it).
      busy(this.s, true);
      this.say(this.msg("ui.answers-loading"), "info");
      return this.loadAnswers().then(() => {
        busy(this.s, false);
        return this.ask(op, args);
      });
    }
    if (!this.s.live) {
      const answer = this.precomputed(op, args || {});
      if (answer) {
        this.applyAnswer(answer, op);
        if (answer.played) this.history.push(answer.played);
        return Promise.resolve(answer);
      }
    }
    return super.ask(op, args).then((answer) => {
      if (answer && answer.played && op !== "open") this.history.push(answer.played);
      if (op === "undo" && answer && !answer.refused) this.history.pop();
      return answer;
    });
  }

  /** Shows an answer; Redeal stays pressable with none left (its press says why).
   * @param {Answer | null} a @param {Op} [op] */
  applyAnswer(a, op) {
    if (a && a.disabled) delete a.disabled.redeal;
    super.applyAnswer(a, op);
  }

  /** @param {boolean} [precomputable] a click, a drop or a redeal, which the build may have answered */
  ensureLive(precomputable) {
    if (!this.activated) this.activateBoard();
    const stored = (precomputable || this.redealPress) && !this.answersFailed && this.history.length === 0;
    if (this.s.live || stored) return true;
    if (this.s.failed) {
      this.say(bootMessage(this.s.msgs, this.s.failed), "error");
      return false;
    }
    this.say(this.msg("ui.loading"), "info");
    return false;
  }

  /** @param {string} name @param {HTMLElement | null} button */
  action(name, button) {
    if (name === "tryit") {
      this.activateBoard();
      // The focusable drawing comes with the answers: focus its current place then.
      this.loadAnswers().then(() => focusPlace(this.s, this.s.tabStop));
      return;
    }
    if (name === "reset") {
      this.reset();
      return;
    }
    // The first Redeal is answered by the build, as a first click is (ensureLive lets it by).
    this.redealPress = name === "redeal";
    try {
      super.action(name, button);
    } finally {
      this.redealPress = false;
    }
  }

  reset() {
    select(this.s, null);
    this.history = [];
    this.s.svgBox.innerHTML = this.initialSvg;
    syncTabStop(this.s);
    const redeal = q(this.el, '[data-role="redeal"]');
    if (redeal) redeal.textContent = this.initialRedeal;
    this.s.position = this.shown;
    if (this.shown) this.el.setAttribute("data-state", JSON.stringify(this.shown));
    this.el.setAttribute("data-status", this.shown ? this.shown.status : "");
    clearHint(this.s);
    this.say(this.msg("ui.reset-done"), "info");
    if (this.s.live) this.enqueue(() => super.ask("open", this.opening([])));
    return null;
  }
}
