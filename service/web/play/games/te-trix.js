// Te-Trix's board: the roller picks a shape, then an arrangement from small pictures of its
// slots (the choices under the board); then every player places it on their own sheet by pointing at a
// cell, which previews a placement covering it (R or ⟳ for another fit), and clicking. In the
// simultaneous phase, touching another mover's sheet hands the screen to that player.
import { previews } from "../preview.js";

const SVG = "http://www.w3.org/2000/svg";

// The placements covering the cell pointed at: the rotation last cycled to first, then the
// least overhang, then the service's order.
function candidates(el, ui) {
  if (Number(el.dataset.sheet) !== ui.view.actor) return [];
  const prefer = ui.pick.rotation;
  return ui.docs().filter((m) => m.move.cells?.some((c) => c.cell === el.dataset.cell))
    .map((m, i) => [m, i]).sort(([a, i], [b, j]) => (a.move.rotation !== prefer) - (b.move.rotation !== prefer)
      || (a.move.overhang ?? 0) - (b.move.overhang ?? 0) || i - j).map(([m]) => m);
}
const shapes = previews((el) => el.dataset.cell, candidates);

// A symbol (circle, cross, square) drawn in a u × u cell at (x, y), inked as the picture inks it.
const INK = { o: "#2563eb", x: "#dc2626", s: "#15803d" };
function glyph(ui, parent, symbol, x, y, u) {
  const ink = { fill: "none", stroke: INK[symbol] ?? "#333", "stroke-width": Math.max(1.5, u / 9) };
  const a = u * .22, b = u * .78;
  if (symbol === "o") ui.node(parent, "circle", { cx: x + u / 2, cy: y + u / 2, r: u * .3, ...ink });
  else if (symbol === "x") ui.node(parent, "path", { d: `M${x + a} ${y + a}L${x + b} ${y + b}M${x + b} ${y + a}L${x + a} ${y + b}`, ...ink });
  else ui.node(parent, "rect", { x: x + u * .25, y: y + u * .25, width: u * .5, height: u * .5, ...ink });
}

// The roller's choice as a small picture of the arrangement document's slots; `blank`: the
// shape alone, its slots empty.
function arrangementPicture(ui, move, blank = false) {
  const u = 14, rows = Math.max(...move.slots.map((s) => s.row)) + 1, cols = Math.max(...move.slots.map((s) => s.col)) + 1;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("width", cols * u + 2);
  svg.setAttribute("height", rows * u + 2);
  for (const s of move.slots) {
    ui.node(svg, "rect", { x: 1 + s.col * u, y: 1 + s.row * u, width: u, height: u, fill: "#fff", stroke: "#94a3b8" });
    if (!blank) glyph(ui, svg, s.symbol, 1 + s.col * u, 1 + s.row * u, u);
  }
  return svg;
}

// A rolled symbol as a character in its ink, and its spoken name.
const SYMBOL = {
  o: { glyph: "○", name: "play-te-trix-symbol-o" }, x: { glyph: "✕", name: "play-te-trix-symbol-x" },
  s: { glyph: "□", name: "play-te-trix-symbol-s" },
};
const rolled = (thing) => (thing?.kind === "roll" ? thing.symbols : thing?.type === "rolled" ? thing.roll : null);

function paintSheet(ui, tools) {
  ui.mark(`.rw-sheet${ui.attr("sheet", ui.view.actor)}`, "ui-acting");
  const movers = ui.position.toMove;
  if (movers.length > 1) {
    for (const p of movers) {
      const b = ui.button(ui.nameOf(p), () => ui.switchActor(p), { actor: p });
      b.disabled = p === ui.view.actor;
      tools.push(b);
    }
  }
  const chosen = shapes.shown(ui);
  const touch = ui.pointer === "touch";  // a first tap previews, a second plays (preview.js)
  if (!chosen) {
    return touch ? ui.t("play-te-trix-point-touch", { name: ui.nameOf(ui.view.actor) })
      : ui.t("play-te-trix-point", { name: ui.nameOf(ui.view.actor) });
  }
  const g = ui.overlay();
  for (const c of chosen.move.cells) {
    for (const el of ui.q(`.rw-cell${ui.attr("sheet", ui.view.actor)}${ui.attr("cell", c.cell)}`)) {
      ui.mark(el, "ui-preview", `sym-${c.symbol}`);
      const box = el.getBBox();
      glyph(ui, g, c.symbol, box.x, box.y, Math.min(box.width, box.height));
    }
  }
  const { cands, k } = ui.pick.preview;
  if (cands.length > 1) tools.push(ui.button(ui.t("play-te-trix-another-fit", { k: k + 1, n: cands.length }), () => board.cycle(ui), { action: "cycle" }));
  const move = chosen.description ?? chosen.notation;
  return touch ? ui.t("play-te-trix-enter-touch", { move }) : ui.t("play-te-trix-enter", { move });
}

const board = {
  places: "[data-cell]",

  // a roll (an outcome to enter, or the event of one) as the symbols it shows
  faces(thing, ui) {
    const symbols = rolled(thing);
    return typeof symbols !== "string" ? [] : [...symbols].filter((c) => SYMBOL[c])
      .map((c) => ({ glyph: SYMBOL[c].glyph, name: ui.t(SYMBOL[c].name), colour: INK[c] }));
  },

  handles: (move) => "cells" in move || "slots" in move,

  // "Spieler 1, Kästchen c3: ein Kreis": the symbol as the state's sheet holds it (the picture draws it
  // but does not name it)
  label(el, ui) {
    const { sheet, cell, row, col } = el.dataset, name = ui.nameOf(Number(sheet));
    const symbol = SYMBOL[ui.position.state.sheets?.[sheet]?.[row - 1]?.[col - 1]];
    return symbol ? ui.t("play-te-trix-cell-filled", { name, cell, symbol: ui.t(symbol.name) })
      : ui.t("play-te-trix-cell-empty", { name, cell });
  },

  click(el, ui) {
    const sheet = Number(el.dataset.sheet), movers = ui.position.toMove;
    if (sheet !== ui.view.actor && movers.includes(sheet) && movers.length > 1) {
      return ui.switchActor(sheet);  // simultaneous placement: whoever's sheet is touched acts
    }
    return shapes.choose(el, ui);
  },

  hover(target, ui) {
    const el = target.closest(".rw-cell");
    if (el && Number(el.dataset.sheet) === ui.view.actor) shapes.preview(el, ui);
  },

  cycle(ui) {
    const next = shapes.next(ui);
    if (!next) return;
    ui.pick.rotation = next.move.rotation;
    ui.paint();
  },

  paint(ui, tools) {
    const moves = ui.docs();
    let hint = "";
    if (moves.some((m) => m.move.cells)) hint = paintSheet(ui, tools);
    if (moves.some((m) => m.move.slots)) {
      hint = ui.pick.shape ? ui.t("play-te-trix-choose-symbols", { shape: ui.pick.shape })
        : ui.t("play-te-trix-choose", { name: ui.nameOf(ui.view.actor) });
    }
    return hint;
  },

  // The roller's choice in two steps, as at the table: a shape, then how the symbols sit on it
  // (the arrangements of one shape fit beside the board; all of them at once do not).
  choices(ui) {
    const arrangements = ui.docs().filter((m) => m.move.slots), shape = ui.pick.shape;
    const picture = (m, data, onclick, label, blank) => {
      const b = ui.button("", onclick, data);
      b.title = b.ariaLabel = label;
      b.append(arrangementPicture(ui, m.move, blank));
      return b;
    };
    if (!arrangements.some((m) => m.move.shape === shape)) {
      const first = new Map();
      for (const m of arrangements) if (!first.has(m.move.shape)) first.set(m.move.shape, m);
      return [...first.values()].map((m) => picture(m, { shape: m.move.shape },
        () => { ui.pick = { shape: m.move.shape }; ui.paint(); }, ui.t("play-te-trix-shape", { shape: m.move.shape }), true));
    }
    const back = ui.button(ui.t("play-te-trix-other-shape"), () => { ui.pick = {}; ui.paint(); }, { action: "shapes" });
    return [back, ...arrangements.filter((m) => m.move.shape === shape).map((m) =>
      picture(m, { shape, symbols: m.move.symbols }, () => ui.play(m), m.description ?? m.notation, false))];
  },

  css: `
    #board .ui-acting rect.rw-cell { stroke: #f59e0b; stroke-width: 2; }
    #board rect.ui-preview.sym-o { fill: #bfdbfe; } #board rect.ui-preview.sym-x { fill: #fecaca; }
    #board rect.ui-preview.sym-s { fill: #bbf7d0; }`,
};
export default board;
