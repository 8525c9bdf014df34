// Mixtour's board: a click on a square with a place document places; a click on a stack
// picks it and marks where it may go; a second click there plays the shift, asking how many
// pieces when several shifts differ only in their count.

export default {
  places: "[data-square]",

  handles: (move) => "square" in move || "from" in move,

  // "c3, Stapel aus 2, Weiß oben": the top piece named by the picture's own title
  label(el, ui) {
    const square = el.dataset.square, pieces = el.querySelectorAll(".rw-piece");
    if (!pieces.length) return ui.t("play-mixtour-square-empty", { square });
    const top = [...pieces].sort((a, b) => Number(b.dataset.level) - Number(a.dataset.level))[0];
    return ui.t("play-mixtour-square-stack", { square, height: pieces.length, top: top.querySelector("title")?.textContent ?? "" });
  },

  click(el, ui) {
    const square = el.dataset.square, moves = ui.docs(), pick = ui.pick;
    if (pick.from) {
      const shifts = moves.filter((m) => m.move.kind === "shift" && m.move.from === pick.from && m.move.to === square);
      if (shifts.length === 1) return ui.play(shifts[0]);
      if (shifts.length > 1) { pick.to = square; pick.counts = shifts; return ui.paint(); }
    }
    const place = moves.find((m) => m.move.kind === "place" && m.move.square === square);
    if (place) return ui.play(place);
    const from = moves.some((m) => m.move.kind === "shift" && m.move.from === square);
    ui.pick = from && pick.from !== square ? { from: square } : {};
    return ui.paint();
  },

  paint(ui, tools) {
    const moves = ui.docs(), pick = ui.pick;
    if (!moves.some((m) => (m.move.kind === "place" && m.move.square) || m.move.kind === "shift")) return "";
    if (!pick.from) {
      ui.mark(moves.filter((m) => m.move.kind === "shift").map((m) => ui.attr("square", m.move.from)).join(",") || "none", "ui-source");
      return ui.t("play-mixtour-place-or-pick");
    }
    ui.mark(`g${ui.attr("square", pick.from)}`, "ui-picked");
    const targets = moves.filter((m) => m.move.kind === "shift" && m.move.from === pick.from);
    ui.mark(targets.map((m) => `g${ui.attr("square", m.move.to)}`).join(","), "ui-target");
    if (pick.counts) {
      for (const m of pick.counts) tools.push(ui.button(m.description ?? m.notation, () => ui.play(m), { count: m.move.count }));
      return ui.t("play-mixtour-how-many", { from: pick.from, to: pick.to });
    }
    return ui.t("play-mixtour-where-to", { from: pick.from });
  },
};
