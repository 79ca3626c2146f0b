/* A board whose file the server no longer has: the page is out of date (hostile review #7).
 *
 * A lesson's or puzzle's answers are a file named by a hash of its bytes (assets/tryit/), so a
 * new build that changes them renames the file and the old one is gone: a tab opened before the
 * deploy then asks for a name the server answers 404. That is said as such, with a button that
 * reloads the page (the new page names the new file); a file that could not be fetched at all
 * (no network) is said so, with the same button. Neither is a Python error: lessons use none. */
import { q } from "../core/dom.js";

/**
 * Says why the board's file did not come, and offers a reload.
 * @param {import("../board/board.js").Board} board
 * @param {unknown} err what fetchJSON threw (`status` set when the server answered)
 */
export function sayUnavailable(board, err) {
  const status = /** @type {{status?: number}} */ (err || {}).status;
  const gone = status === 404 || status === 410;
  board.say(board.msg(gone ? "ui.stale-page" : "ui.answers-failed"), "error");
  board.el.setAttribute("data-unavailable", gone ? "stale" : "failed");
  if (q(board.el, '[data-action="reload"]')) return;
  const bar = document.createElement("div");
  bar.className = "cc-toolbar";
  const button = document.createElement("button");
  button.type = "button";
  button.setAttribute("data-action", "reload");
  button.textContent = board.msg("ui.button.reload");
  button.addEventListener("click", () => location.reload());
  bar.append(button);
  const line = q(board.el, '[role="status"]');
  if (line) line.after(bar);
  else board.el.append(bar);
}
