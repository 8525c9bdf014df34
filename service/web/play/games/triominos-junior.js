// Triominos Junior's board: a click on a rack tile picks it and marks the places it fits (free
// triangles, or a joker's tile for a swap); pointing at one previews the tile there with its
// numbers (R or ⟳ turns it), and a click lays it. The page covers the racks between turns.
import { previews } from "../preview.js";

const open = (ui, at) => ui.q(`${ui.attr("at", at)}:is(.rw-open, .rw-tile)`)[0];
const tiles = previews((el) => el.dataset.at,
  (el, ui) => (ui.pick.tile ? ui.docs().filter((m) => m.move.rackTile === ui.pick.tile && m.move.at === el.dataset.at) : []));

// Where a corner's number sits in the target triangle's box, as fractions of its size.
const CORNER_SPOT = {
  top: [.5, .26], "bottom-right": [.8, .84], "bottom-left": [.2, .84],
  bottom: [.5, .74], "top-left": [.2, .16], "top-right": [.8, .16],
};
// The previewed tile's numbers in the target triangle, coloured as the picture colours them.
function overlayCorners(ui, target, move) {
  ui.mark(target, "ui-preview");
  const colour = {}, box = target.getBBox(), g = ui.overlay();
  for (const t of ui.q(".rw-tile text, .rw-rack-tile text")) colour[t.textContent] ??= t.getAttribute("fill");
  for (const c of move.corners) {
    const [fx, fy] = CORNER_SPOT[c.corner] ?? [.5, .5], text = c.number == null ? "J" : String(c.number);
    ui.node(g, "text", { x: box.x + fx * box.width, y: box.y + fy * box.height, "text-anchor": "middle",
      "dominant-baseline": "central", "font-size": 15, "font-weight": "bold", fill: colour[text] ?? "#333",
      "data-corner": c.corner }).textContent = text;
  }
}

const board = {
  places: "[data-at], [data-rack]",

  handles: (move) => "at" in move,

  // a free place, a laid tile, or a tile of a rack, by the picture's data attributes
  label(el, ui) {
    const { at, tile, rack } = el.dataset;
    if (rack != null) return ui.t("play-triominos-junior-rack-tile", { tile, name: ui.nameOf(Number(rack)) });
    return tile ? ui.t("play-triominos-junior-tile", { tile, at }) : ui.t("play-triominos-junior-open", { at });
  },

  click(el, ui) {
    if (el.dataset.rack) {
      const tile = el.dataset.tile, has = ui.docs().some((m) => m.move.rackTile === tile);
      ui.pick = has && ui.pick.tile !== tile ? { tile } : {};
      return ui.paint();
    }
    if (!ui.pick.tile) return undefined;
    const target = open(ui, el.dataset.at);
    return target ? tiles.choose(target, ui) : undefined;
  },

  hover(target, ui) {
    const el = target.closest(".rw-open, .rw-tile");
    if (el && ui.pick.tile) tiles.preview(el, ui);
  },

  cycle(ui) {
    if (tiles.next(ui)) ui.paint();
  },

  paint(ui, tools) {
    const moves = ui.docs(), name = ui.nameOf(ui.view.actor);
    const fitting = new Set(moves.map((m) => m.move.rackTile).filter(Boolean));
    if (!fitting.size) return "";
    if (!ui.pick.tile) {
      ui.mark([...fitting].map((t) => `.rw-rack-tile${ui.attr("tile", t)}`).join(","), "ui-source");
      return ui.t("play-triominos-junior-pick-tile", { name });
    }
    ui.mark(`.rw-rack-tile${ui.attr("tile", ui.pick.tile)}`, "ui-picked");
    const ats = new Set(moves.filter((m) => m.move.rackTile === ui.pick.tile).map((m) => m.move.at));
    ui.mark([...ats].map((at) => `${ui.attr("at", at)}:is(.rw-open, .rw-tile)`).join(","), "ui-target");
    const chosen = tiles.shown(ui);
    const touch = ui.pointer === "touch";  // a first tap previews, a second lays (preview.js)
    if (!chosen) return touch ? ui.t("play-triominos-junior-point-touch") : ui.t("play-triominos-junior-point");
    const target = open(ui, chosen.move.at);
    if (target) overlayCorners(ui, target, chosen.move);
    const { cands, k } = ui.pick.preview;
    if (cands.length > 1) tools.push(ui.button(ui.t("play-triominos-junior-turn", { k: k + 1, n: cands.length }), () => board.cycle(ui), { action: "cycle" }));
    const move = chosen.description ?? chosen.notation;
    return touch ? ui.t("play-triominos-junior-lay-touch", { move }) : ui.t("play-triominos-junior-lay", { move });
  },
};
export default board;
