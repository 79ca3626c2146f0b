/* A Play page's board: live at once (Python starts with the page), the game named by the URL
 * or kept by this browser, and never left dead (a failed answer reopens the game where it was).
 * Its features are plugins (board/events.js), each in its own module and each holding its own
 * state: saved (URL and storage), settings (Canfield's dialog), verdict (can it still be won?),
 * glide (cards that move), stats (the reader's figures and the celebration). They load while
 * Python starts; one that cannot load leaves the board playing without it. */
import { ROOT } from "../python/client.js";
import { Board } from "../board/board.js";
import { Plugins } from "../board/events.js";
import { focusPlace } from "../board/focus.js";
import { namesGame, parseHash } from "../core/hash.js";
import { decodeState } from "../core/statelink.js";
import { loadStylesheet } from "../core/dom.js";

/** @typedef {import("../python/protocol.js").Answer} Answer */
/** @typedef {import("../python/protocol.js").Op} Op */
/** @typedef {import("../python/protocol.js").Args} Args */
/** @typedef {import("../python/protocol.js").OpenArgs} OpenArgs */

export class PlayBoard extends Board {
  /** @param {HTMLElement} el */
  constructor(el) {
    super(el);
    /** The hash this page has seen (play/saved.js writes the URL only when nothing is unseen). */
    this.lastHash = location.hash;
    this.hashGen = 0; // bumped by every hash change: answers to older requests leave the URL alone
    this.answerGen = 0; // the hashGen of the request being applied
    // The page's skip link (sitegen/a11y.py) lands on the board's one tab stop.
    for (const a of document.querySelectorAll("a[data-skip-board]")) {
      if (a.getAttribute("href") !== "#" + this.s.svgBox.id) continue;
      a.addEventListener("click", (ev) => {
        ev.preventDefault();
        focusPlace(this.s, this.s.tabStop);
      });
    }
    // Live without any click: Python starts now, in its worker (main.js has started it already).
    this.startPython();
    loadStylesheet(ROOT + "assets/css/play.css");
    /** @type {import("./saved.js").Saved | null} */
    this.saved = null;
    /** @type {import("./settings.js").Settings | null} */
    this.settings = null;
    /** @type {import("./verdict.js").Verdict | null} also read by the page benchmark: boot time, worker */
    this.verdict = null;
    const plugins = this.loadPlugins();
    this.enqueue(() => plugins.then(() => this.openFromHash(true)).then(() => this.goLive()));
    window.addEventListener("hashchange", () => this.hashChanged());
  }

  /** Imports the plugins' modules (in parallel) and makes the plugins, in this order. */
  loadPlugins() {
    /** @param {unknown} e */
    const missing = (e) => {
      console.warn(e); // the board still plays without a comfort
      return null;
    };
    return Promise.all([
      import("./saved.js").then((m) => (this.saved = new m.Saved(this)), missing),
      import("./settings.js").then((m) => (this.settings = new m.Settings(this)), missing),
      import("./verdict.js").then((m) => (this.verdict = new m.Verdict(this)), missing),
      import("./glide.js").then((m) => new m.Glide(this), missing),
      import("./stats.js").then((m) => new m.Stats(this), missing),
    ]).then((made) => {
      this.plugins = new Plugins(made.filter((p) => p !== null));
    });
  }

  hashChanged() {
    if (location.hash === this.lastHash) return;
    this.lastHash = location.hash; // seen
    if (!namesGame(location.hash)) return;
    // The last change wins: a job whose change was superseded does nothing, and an answer to an
    // older request never writes its URL over the newer one (play/saved.js checks answerGen).
    const gen = ++this.hashGen;
    this.enqueue(() => (gen !== this.hashGen || !this.s.live ? null : this.openFromHash(false)));
  }

  /** @param {Op} op @param {Args} args */
  call(op, args) {
    const gen = this.hashGen;
    return super.call(op, args).then((answer) => {
      this.answerGen = gen;
      return answer;
    });
  }

  goLive() {
    this.s.live = true;
    this.s.failed = null;
    this.el.setAttribute("data-live", "true");
    this.plugins.live();
  }

  /** Opens what the URL names; with no code there, the game this browser kept.
   * @param {boolean} first the page's start (a bad link then opens the kept game) */
  openFromHash(first) {
    const h = parseHash(location.hash);
    let fallback = this.el.getAttribute("data-default-code");
    const kept = this.saved ? this.saved.kept() : null;
    const damaged = this.saved && !kept ? this.saved.damaged() : null;
    /** @type {OpenArgs} */
    const args = {};
    const position = h.state !== undefined ? decodeState(h.state) : undefined;
    // What the address gives but cannot be opened is said, not skipped in silence (hostile
    // review #27): a #state= that is not base64 JSON, moves without a code.
    if (h.code === undefined && h.state !== undefined && position === undefined) args.unread = "state";
    else if (h.code === undefined && h.state === undefined && h.moves !== undefined) args.unread = "moves";
    if (position !== undefined && h.code === undefined) {
      // "Play from here" on an Analysis page: a position, played as a custom game (no code).
      args.state = position;
      if (kept) {
        fallback = kept.code;
        args.fallback_moves = kept.moves;
      }
    } else if (h.code !== undefined) {
      args.code = h.code;
      if (h.moves !== undefined) args.moves = h.moves;
      if (h.step !== undefined) args.step = h.step;
      // At start a bad link opens the kept game (or the default deal); later it changes nothing.
      if (!first) args.keep = true;
      if (kept) {
        fallback = kept.code;
        args.fallback_moves = kept.moves;
      }
    } else if (kept) {
      args.code = kept.code;
      args.moves = kept.moves;
      args.restored = true;
    } else if (damaged) {
      // Opened as far as it reads, and Python says what it could not read (never the default
      // deal in silence, which would then overwrite it).
      args.code = /** @type {string} */ (damaged.code);
      args.moves = damaged.moves;
      args.restored = true;
    } else {
      args.code = fallback;
    }
    args.fallback = fallback;
    return this.ask("open", args);
  }

  /** A Python error or a worker that stopped answering never leaves the board dead: the game
   * is reopened where it was (code and actions), in a restarted worker if need be. Only a
   * Python that cannot start at all (file://, time-out) is reported as such.
   * @param {any} err */
  fail(err) {
    if (err && err.kind && err.kind !== "hung" && !this.s.live) {
      super.fail(err);
      return;
    }
    console.warn("board: recovering after", err && err.message ? err.message : err);
    const fallback = this.el.getAttribute("data-default-code");
    const game = (this.saved && this.saved.lastSaved) || { code: this.s.code || fallback || "", moves: "" };
    const reopen = () => this.ask("open", { code: game.code, moves: game.moves, fallback });
    const restart = () => this.python.restart().then(reopen);
    this.s.live = false;
    this.el.setAttribute("data-live", "recovering");
    this.afterQueue(() =>
      (err && err.kind === "hung" ? restart() : reopen()).catch(restart).then(
        () => {
          this.goLive();
          this.say(this.msg("play.recovered"), "info");
        },
        (again) => {
          this.s.failed = again && again.kind ? again : { kind: "python" };
          this.el.setAttribute("data-live", "failed");
          this.say(this.msg("ui.python-error"), "error");
        },
      ),
    );
  }

  drawChoice() {
    return (this.settings && this.settings.draw()) || super.drawChoice();
  }

  /** Every random deal is of the version the new-game dialog chose (play/settings.js).
   * @param {OpenArgs} args */
  open(args) {
    if (args.random && this.settings) args.version = this.settings.version();
    return super.open(args);
  }

  linkHash() {
    return this.saved ? this.saved.linkHash : null;
  }

  /** What the URL and storage writes cost (scripts/benchmarks/bench_page.py). */
  get saveTimes() {
    return this.saved ? this.saved.times : undefined;
  }
}
