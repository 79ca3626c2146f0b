/* The page <-> Python protocol: every message between the page (python/client.js) and its
 * worker (python/worker.js), and every answer pyworker.handle() gives (pyworker/ops.py,
 * pyworker/verdict.py). Both sides import these names; the answers the build precomputes for
 * try-its and lessons (sitegen/live.py, sitegen/learn_tree.py) have the same shape.
 *
 * Page -> worker: {id, op, args} (a Call).
 * Worker -> page: {type: "ready", marks, mode} once Python is up; {type: "boot-error", detail}
 * if it cannot start; then {id, result, pyMs} or {id, error} for each call.
 */

/** The worker's message types other than answers. */
export const WORKER = Object.freeze({ READY: "ready", BOOT_ERROR: "boot-error" });

/** The Analysis pages' operations are pyworker/analysis.py's: analyse, actions, play, edit.
 * @typedef {"open" | "tap" | "drop" | "undo" | "redeal" | "hint" | "verdict" | "analyse" | "actions"
 *   | "play" | "edit"} Op */

/**
 * What every board operation carries (the page adds it: board/board.js ask).
 * @typedef {object} BoardArgs
 * @property {string} [board] the board's id: Python keeps one game per board
 * @property {string} [lang] the page's language: every sentence of the answer is in it
 * @property {string} [game] "crescent" or "canfield"
 * @property {string} [diagram_id] prefix of the drawing's ids (unique in the page)
 */

/**
 * `open`: a deal by code (typed, from the URL, kept), a random one, or a position.
 * @typedef {BoardArgs & {
 *   code?: string | null, moves?: string | string[], step?: string, fallback?: string | null,
 *   fallback_moves?: string, random?: boolean, draw?: number | null, version?: string | null,
 *   state?: State | null, keep?: boolean, typed?: boolean, restored?: boolean, quiet?: boolean,
 *   unread?: "state" | "moves"
 * }} OpenArgs
 * `keep`: a bad code leaves the game in progress as it is; `quiet`: no sentence (a try-it
 * handing over to Python); `restored`: the game this browser kept (its own sentence); `unread`:
 * what the address gave that the page could not read (a #state=, moves without a code).
 */

/**
 * `tap`: a first click on a place. `double_click: false` is Canfield's setting turned off.
 * @typedef {BoardArgs & {place: string, double_click?: boolean}} TapArgs
 */

/**
 * `drop`: a second click (or a drag) from `src` onto `dst` ("F": the foundation zone).
 * `quiet`: a double tap, which only clears the selection where no foundation takes the card.
 * @typedef {BoardArgs & {src: string, dst: string, quiet?: boolean}} DropArgs
 */

/** `undo`: one action, or `count` of them. @typedef {BoardArgs & {count?: number}} UndoArgs */

/** `verdict` (the second worker): can `state` still be won in `seconds` of search? A state
 * with face-down cards masked is rebuilt from the deal's `code` and the link's `moves`.
 * @typedef {{state: State, code?: string, moves?: string, seconds: number, line?: boolean,
 *   lang?: string}} VerdictArgs */

/** `verdict` may also ask for the winning line (`line`), captioned in `lang`.
 * The Analysis pages' operations take a position, a text form, a code and moves, or one edit.
 * @typedef {BoardArgs & Record<string, unknown>} AnalysisArgs */

/** Any operation's arguments. @typedef {OpenArgs | TapArgs | DropArgs | UndoArgs | BoardArgs | VerdictArgs
 *   | AnalysisArgs} Args */

/**
 * A position as engine.Game.state() gives it (CONTRACT.md); the page reads only these fields
 * and passes the whole back to Python.
 * @typedef {{status: "playing" | "won" | "blocked", moves: number, score?: number,
 *   redeals_left?: number} & Record<string, unknown>} State
 */

/**
 * An answer: every field optional (pyworker/ops.py's docstring says when each is sent). There is
 * no separate description: the drawing's <desc> is the position's description.
 * @typedef {object} Answer
 * @property {State} [state] the position after the operation
 * @property {string} [svg] the position drawn (diagrams.render_svg)
 * @property {Record<string, string>} [labels] data-role -> text that depends on the position
 * @property {Record<string, boolean>} [disabled] data-action -> the button cannot act now
 * @property {string} [played] the move just played, canonical notation
 * @property {string | null} [selected] a place to select (null: clear the selection)
 * @property {{reason: string, place?: string | null}} [refused] why the move was refused
 * @property {{move: string, src: string | null, dst: string | null}} [hint] places to highlight
 * @property {boolean} [opened] a deal was (re)opened
 * @property {string} [code] its normalised code
 * @property {boolean} [kept] a bad code was given: the game in progress goes on unchanged
 * @property {{code: string, moves: string}} [saved] the game as a link carries it (pyworker/links.py)
 * @property {{code: string, moves: string, text: string, resume: string}} [hold] a damaged link was
 *   opened as far as it reads: the game this browser kept is offered back, not overwritten yet
 * @property {string} [message] the sentence for the board's role="status" element
 * @property {Kind} [kind] what the sentence is
 * @property {"win" | "loss" | "unknown"} [verdict] the verdict worker's answer
 * @property {number} [node] (lessons) the tree's node this move leads to
 * @property {number} [refutation] (puzzles) the refutation line a wrong move shows
 * @property {boolean} [done] (lessons) the goal is reached
 * @property {number} [seconds] (verdict) the search's CPU seconds
 * @property {number} [nodes] (verdict) the positions it generated
 * @property {string} [error] (verdict) the reason code of a position it could not read
 * @property {{move: string, text: string}[]} [line] (verdict, asked for) the winning line, captioned
 * @property {string[]} [problems] (Analysis) what is wrong with the position: nothing was opened
 * @property {unknown} [entered] (Analysis) what the reader entered, kept as it was
 * @property {State} [draft] (Analysis) the reader's position being set up
 * @property {string} [draft_svg] (Analysis) the draft drawn while it is not a valid position
 * @property {boolean} [draft_kept] (Analysis) an edit that changed nothing (a card not read)
 * @property {{move: string, text: string, state: State}[]} [actions] (Analysis) every legal
 *   action, its caption and the state it leads to
 * @property {string} [link] (Analysis) the position as the URL carries it ("state=…")
 * @property {string} [layout] (Analysis) the position's text form
 * @property {{card: string, text: string, name: string}[]} [unplaced] (Analysis) the cards not
 *   placed yet, for the set-up palette
 */

/** What a sentence in a board's status line is: its look (CSS) and, for tests, its meaning.
 * @typedef {"info" | "refused" | "error" | "hint" | null} Kind */

/** One call, page -> worker. @typedef {{id: number, op: Op, args: Args}} Call */

/**
 * Phases of the worker's start, ms since it started (scripts/benchmarks/bench_page.py).
 * @typedef {Record<string, number>} Marks
 */

/**
 * Worker -> page.
 * @typedef {{type: "ready", marks: Marks, mode: "snapshot" | "boot"}
 *   | {type: "boot-error", detail: string}
 *   | {id: number, result: Answer, pyMs: number, type?: undefined}
 *   | {id: number, error: string, type?: undefined}} Reply
 */

/**
 * The build's precomputed answers (a try-it's file, a lesson's tree node): each question maps to
 * an index into `responses`, whose drawings are packed (core/packed.js: `svg_ref`).
 * @typedef {Answer & {svg_ref?: number}} StoredAnswer
 */

/**
 * Which stored answer answers which click.
 * @typedef {{tap?: Record<string, number>, drop?: Record<string, Record<string, number>>,
 *   redeal?: number}} Questions
 */
