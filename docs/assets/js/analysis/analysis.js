/* An Analysis page's board (issue 23): the position the URL names (`#state=` + URL-safe base64
 * of the state's JSON, or `#code=…&moves=…`: CONTRACT.md), the one this browser kept, or an
 * empty layout to fill. Python (pyworker/analysis.py) checks every position before it is opened:
 * one it refuses is not played, its problems are listed (`data-role="position-problems"`), and
 * what the reader entered stays in the URL, in the browser's storage and in the set-up form.
 * A valid position is played on as on a Play board; analysis/moves.js judges it and each of its
 * legal actions in the second worker, and analysis/setup.js changes it by hand. */
import { Board } from "../board/board.js";
import { loadStylesheet, q } from "../core/dom.js";
import { ROOT } from "../python/client.js";
import { format } from "../core/messages.js";
import { parseHash } from "../core/hash.js";
import { KEYS, readJSON, writeJSON } from "../core/storage.js";
import { decodeState, encodeState } from "../core/statelink.js";
import { Moves } from "./moves.js";
import { Setup } from "./setup.js";

/** @typedef {import("../python/protocol.js").Answer} Answer */
/** @typedef {import("../python/protocol.js").Op} Op */
/** @typedef {import("../python/protocol.js").State} State */

export class AnalysisBoard extends Board {
  /** @param {HTMLElement} el */
  constructor(el) {
    super(el);
    this.problemsBox = q(el, '[data-role="problems-box"]');
    this.problemsList = q(el, '[data-role="position-problems"]');
    this.playHere = /** @type {HTMLAnchorElement | null} */ (q(el, '[data-role="play-here"]'));
    /** The hash this page wrote or read last: a change the reader makes is opened. */
    this.lastHash = location.hash;
    /** @type {State | null} the reader's entry while it is not a valid position */
    this.draft = null;
    this.moves = new Moves(this);
    this.setup = new Setup(this);
    loadStylesheet(ROOT + "assets/css/play.css");
    this.startPython();
    // Live once the first position is answered: a Python slow to start (onSlow) goes live then.
    this.enqueue(() => Promise.resolve(this.openFromHash()).then(() => this.goLive()));
    window.addEventListener("hashchange", () => {
      if (location.hash === this.lastHash) return;
      this.lastHash = location.hash;
      this.enqueue(() => this.openFromHash());
    });
  }

  goLive() {
    this.s.failed = null;
    this.s.live = true;
    this.el.setAttribute("data-live", "true");
  }

  /** The empty layout the build wrote into the page. @returns {State} */
  emptyLayout() {
    const node = q(this.el, 'script[data-role="empty"]');
    return JSON.parse((node && node.textContent) || "{}");
  }

  /** Opens what the URL names, else what this browser kept, else the empty layout. */
  openFromHash() {
    const h = parseHash(location.hash);
    if (h.state !== undefined) {
      const state = decodeState(h.state);
      if (state === undefined) {
        this.showProblems([this.msg("analysis.hash-bad")]);
        return null;
      }
      return this.ask("analyse", { state });
    }
    if (h.code !== undefined) return this.ask("analyse", { code: h.code, moves: h.moves || "" });
    const kept = /** @type {{state?: State, text?: string} | null} */ (readJSON(KEYS.analysis(this.s.game)));
    if (kept && kept.text !== undefined) return this.ask("analyse", { text: kept.text });
    if (kept && kept.state) return this.ask("analyse", { state: kept.state });
    return this.ask("analyse", { state: this.emptyLayout() });
  }

  /** @param {Answer & Record<string, any>} a @param {Op} [op] */
  applyAnswer(a, op) {
    if (!a) return;
    if (a.problems) {
      this.refused(a);
      return;
    }
    super.applyAnswer(a, op);
    if (a.state && !a.actions && !a.refused) {
      // A move, an undo or a redeal: the new position's actions (and its link) come next.
      this.enqueue(() => this.ask("actions", {}));
    }
    if (a.actions) this.opened(a);
  }

  /** A valid position on the board: its link, its problems gone, its verdicts asked.
   * @param {Answer & Record<string, any>} a */
  opened(a) {
    this.draft = null;
    this.showProblems([]);
    const state = this.s.position;
    if (state) {
      this.writeHash("#" + a.link);
      writeJSON(KEYS.analysis(this.s.game), { state });
      if (this.playHere) this.playHere.href = this.el.getAttribute("data-play-page") + "#" + a.link;
    }
    this.setup.show(a);
    this.moves.show(a);
  }

  /** A position Python refused: its problems listed, the entry kept (URL, storage, form); the
   * drawing shows the entry as it is, and the board holds no position until one is valid.
   * @param {Answer & Record<string, any>} a */
  refused(a) {
    this.showProblems(a.problems || []);
    if (a.message) this.say(a.message, "refused");
    if (!a.draft && typeof a.entered !== "string") return; // nothing was changed
    this.draft = a.draft || null;
    const entered = a.entered;
    if (typeof entered === "string") writeJSON(KEYS.analysis(this.s.game), { text: entered });
    else if (a.draft) {
      writeJSON(KEYS.analysis(this.s.game), { state: a.draft });
      this.writeHash("#state=" + encodeState(a.draft));
    }
    if (a.draft_svg) super.applyAnswer({ svg: a.draft_svg, disabled: { undo: true, redeal: true, draw: true } });
    this.s.position = null;
    this.el.removeAttribute("data-state");
    this.el.removeAttribute("data-verdict");
    this.moves.clear();
    this.setup.show(a);
  }

  /** @param {string[]} problems */
  showProblems(problems) {
    if (!this.problemsList || !this.problemsBox) return;
    this.problemsList.replaceChildren(
      ...problems.map((text) => {
        const li = document.createElement("li");
        li.textContent = text;
        return li;
      }),
    );
    this.problemsBox.hidden = problems.length === 0;
  }

  /** The URL is the position: written without a new history entry, and without reopening it.
   * @param {string} hash */
  writeHash(hash) {
    if (location.hash === hash) return;
    this.lastHash = hash;
    history.replaceState(history.state, "", location.pathname + location.search + hash);
  }

  linkHash() {
    return location.hash || null;
  }

  /** A place clicked while the board holds no valid position chooses it in the set-up form.
   * @param {string} place */
  activate(place) {
    if (this.draft && this.s.live) {
      this.setup.choose(place);
      return;
    }
    super.activate(place);
  }

  /** @param {string} name @param {HTMLElement | null} button */
  action(name, button) {
    if (this.moves.action(name, button) || this.setup.action(name, button)) return;
    super.action(name, button);
  }

  /** Plays one action in canonical notation (the move list, the winning line). @param {string} move */
  playMove(move) {
    if (!this.ensureLive()) return;
    this.enqueue(() => this.ask("play", { move }));
  }

  /** @param {string} key @param {Record<string, string | number>} params */
  fmt(key, params) {
    return format(this.msg(key), params);
  }
}
