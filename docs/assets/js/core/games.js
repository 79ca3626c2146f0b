/* What the page looks up about a game instead of switching on its name: the fields it reads of
 * engine/games.py's GameKind (`app_draws`, `seeds`) and sitegen/games.py's SiteGame (`score`),
 * by the state's "game". tests/test_games_js.py checks this table against those two records, so
 * a new game or a changed field fails there until it is written here too.
 */

/**
 * @typedef {object} PageGame
 * @property {boolean} appDraws the seeds' app offers a draw choice and its "Double click" setting
 * @property {boolean} score the game keeps a score: the reader's best is the highest score (else the fewest moves)
 * @property {Record<string, string>} seeds the seeds' rules' options field by the app's draw choice (the first: none made)
 */

/** @type {Record<string, PageGame>} */
export const GAMES = {
  crescent: { appDraws: false, score: false, seeds: { "": "N" } },
  canfield: { appDraws: true, score: true, seeds: { "3": "D3", "1": "D1" } },
};

/** The record of `game`; a name no game has reads as Crescent's (the page's default board).
 * @param {string} game @returns {PageGame} */
export function pageGame(game) {
  return GAMES[game] || GAMES.crescent;
}

/** The options field of the seeds' rules for a draw choice (none: the game's first).
 * @param {string} game @param {number | string | null | undefined} draw @returns {string} */
export function seedOptions(game, draw) {
  const seeds = pageGame(game).seeds;
  return seeds[String(draw)] || Object.values(seeds)[0];
}
