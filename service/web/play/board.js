// The one interface a game's board module implements: ./games/<game id>.js, default export.
// The page (core.js) loads the module named by the registry's game id and knows nothing else
// of the game; this file is the interface's only declaration: core.js checks every module it
// loads against it, and so does tests/browser/test_play_modules.py, with node.
//
// Every member gets `ui`, the page's view of the game on screen (core.js, `ui`): `view`
// ({svg, legal, actor, covered, steps}), `position`, `pick` (the selection, read and assigned
// here; a new view clears it), `pointer` ("mouse", "touch", "pen"), `docs()` (the legal move
// documents, chance outcomes left out, each with its `description`), `play(entry)`,
// `nextSteps(steps, then)` (asks the service which steps may follow `steps`, then calls
// `then({steps, canEnd, turn})`), `paint()`, `switchActor(player)`, `nameOf(player)`, `t(id, args)` (a page message
// "play-…" in the page's language; its literal id is what the catalog test reads), and the
// SVG helpers `q(selector)`, `attr(name, value)`,
// `mark(selector | element, ...classes)` (the page removes them again before each paint),
// `overlay()`, `node(parent, name, attrs)`, `button(text, onclick, data)`.

/** @typedef {object} Board
 * @property {string} places  CSS selector of the SVG elements a click means something on
 *   (they get the pointer cursor).
 * @property {(move: object) => boolean} handles  whether the board or `choices` plays this
 *   move document; every other legal document becomes a button named after its `kind`.
 * @property {(ui: object, tools: HTMLElement[]) => string} paint  marks the board for
 *   `ui.pick`, may add buttons to `tools`, returns the hint ("" for none). Called whenever
 *   the player at the screen may act.
 * @property {(el: Element, ui: object) => unknown} click  a click on an element of `places`.
 * @property {(target: Element, ui: object) => unknown} [hover]  the pointer entered `target`.
 * @property {(ui: object) => unknown} [cycle]  the R key: another way to play the previewed move.
 * @property {(ui: object) => HTMLElement[]} [choices]  buttons shown under the board.
 * @property {string} [css]  this game's own styles for the marks it sets.
 * @property {(thing: object, ui: object) => {glyph: string, name: string, colour?: string}[]} [faces]
 *   the dice or symbols a move document or an event shows (a throw, a roll): one character
 *   per face and its spoken name (a page message); [] for none.
 * @property {(el: Element, ui: object) => string} [label]  the spoken name of a location (an
 *   element of `places`) for a screen reader, in page messages: "c3, Stapel aus 2, Weiß oben".
 * @property {boolean} [steps]  the board builds a move step by step: every view carries the
 *   service's first steps (`ui.view.steps`, as `nextSteps` answers them).
 */
export const MEMBERS = {
  places: { type: "string", required: true },
  handles: { type: "function", required: true },
  paint: { type: "function", required: true },
  click: { type: "function", required: true },
  hover: { type: "function", required: false },
  cycle: { type: "function", required: false },
  choices: { type: "function", required: false },
  css: { type: "string", required: false },
  faces: { type: "function", required: false },
  label: { type: "function", required: false },
  steps: { type: "boolean", required: false },
};

/** What is wrong with `board` as a Board: an empty list when nothing is. */
export function problems(board) {
  if (typeof board !== "object" || board === null) return ["the default export is not an object"];
  const found = [];
  for (const [name, { type, required }] of Object.entries(MEMBERS)) {
    if (!(name in board)) {
      if (required) found.push(`${name}: missing`);
    } else if (typeof board[name] !== type) {
      found.push(`${name}: a ${typeof board[name]}, not a ${type}`);
    }
  }
  for (const name of Object.keys(board)) if (!(name in MEMBERS)) found.push(`${name}: not a member of Board`);
  return found;
}
