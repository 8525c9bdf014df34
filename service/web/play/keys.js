// The board for the keyboard and a screen reader: every location a board module's clicks
// mean something on (its `places`, the outermost element of each) is focusable and has a
// spoken name; the arrow keys go to the nearest location drawn in that direction, and Enter or
// Space clicks the one focused. Only one location at a time is in the Tab order (a roving
// tabindex), so Tab goes past the board in one step; after a new picture the location with
// the same name in the picture's data attributes keeps the focus.

const STEP = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
export const isArrow = (key) => key in STEP;

/** The board's locations: the outermost elements matching `places`. */
export function locations(svg, places) {
  if (!svg) return [];
  return Array.from(svg.querySelectorAll(places)).filter((el) => !el.parentElement.closest(places));
}

/** A location's name in the picture: its data attributes, as a key that survives a new picture. */
export function keyOf(el) {
  return Array.from(el.attributes).filter((a) => a.name.startsWith("data-"))
    .map((a) => `${a.name}=${a.value}`).join(" ");
}

/** Makes the locations focusable buttons; the one named `key` (else the first) is the tab stop.
 * The texts drawn on a location (its number, a count) are left to its spoken name, which says
 * them, so a screen reader does not read them twice. */
export function prepare(all, key) {
  const stop = all.find((el) => keyOf(el) === key) ?? all[0];
  for (const el of all) {
    el.setAttribute("role", "button");
    el.setAttribute("tabindex", el === stop ? "0" : "-1");
    for (const text of el.querySelectorAll("text")) text.setAttribute("aria-hidden", "true");
  }
  return stop;
}

/** Moves the tab stop to `el`. */
export function stopAt(all, el) {
  for (const other of all) other.setAttribute("tabindex", other === el ? "0" : "-1");
}

function centre(el) {
  const box = el.getBBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The location nearest to `from` in the direction of the arrow `key`, or null. */
export function nearest(from, all, key) {
  const [dx, dy] = STEP[key], c = centre(from);
  let best = null, score = Infinity;
  for (const el of all) {
    if (el === from) continue;
    const p = centre(el), along = (p.x - c.x) * dx + (p.y - c.y) * dy;
    if (along < 1) continue;  // not in that direction
    const across = Math.abs((p.x - c.x) * dy) + Math.abs((p.y - c.y) * dx);
    const s = along + 3 * across;  // straight on before diagonally
    if (s < score) { best = el; score = s; }
  }
  return best;
}
