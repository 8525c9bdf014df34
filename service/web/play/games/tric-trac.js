// Tric Trac's board: a turn is clicked step by step, a stone's point and then its target
// (the mover's bear-off tray for "off"). The legal turns are narrowed to those that begin
// with the steps clicked; when one is left it is played.

const point = (ui, to, player) => (to === "off" ? `.rw-off${ui.attr("player", player)}` : `.rw-point${ui.attr("point", to)}`);

// The turns that begin with the steps clicked so far.
function turnsLeft(ui) {
  const steps = ui.pick.steps ?? [];
  return ui.docs().filter((m) => m.move.steps && steps.every((s, i) =>
    String(m.move.steps[i].from) === s.from && String(m.move.steps[i].to) === s.to));
}

export default {
  places: "[data-point]",

  handles: (move) => "steps" in move,

  click(el, ui) {
    const { point: clicked, player } = el.dataset, pick = ui.pick;
    const left = turnsLeft(ui), k = (pick.steps ?? []).length;
    if (pick.point != null) {
      const next = left.filter((m) => String(m.move.steps[k].from) === pick.point && String(m.move.steps[k].to) === clicked
        && (clicked !== "off" || String(m.move.player) === player));
      if (next.length) {
        ui.pick = { steps: [...(pick.steps ?? []), { from: pick.point, to: clicked }] };
        if (next.length === 1) return ui.play(next[0]);
        return ui.paint();
      }
    }
    const from = left.some((m) => String(m.move.steps[k].from) === clicked);
    ui.pick = { steps: pick.steps, point: from && pick.point !== clicked ? clicked : null };
    return ui.paint();
  },

  paint(ui, tools) {
    if (!ui.docs().some((m) => m.move.steps)) return "";
    const left = turnsLeft(ui), steps = ui.pick.steps ?? [], k = steps.length;
    const dice = ui.q(".rw-die");
    for (const m of left.length ? [left[0]] : []) {  // the dice the steps so far have used
      for (const s of m.move.steps.slice(0, k)) {
        const die = dice.find((d) => d.dataset.die === String(s.die) && !d.classList.contains("ui-used"));
        if (die) ui.mark(die, "ui-used");
      }
    }
    const player = left[0]?.move.player;
    for (const s of steps) ui.mark(`${point(ui, s.from)},${point(ui, s.to, player)}`, "ui-done");
    if (k) tools.push(ui.button(ui.t("play-tric-trac-take-back"), () => { ui.pick = {}; ui.paint(); }, { action: "clear" }));
    if (ui.pick.point == null) {
      ui.mark(left.map((m) => point(ui, m.move.steps[k].from, m.move.player)).join(",") || "none", "ui-source");
      return k ? ui.t("play-tric-trac-next-step", { played: k }) : ui.t("play-tric-trac-pick-stone");
    }
    ui.mark(point(ui, ui.pick.point), "ui-picked");
    const targets = left.filter((m) => String(m.move.steps[k].from) === ui.pick.point);
    ui.mark(targets.map((m) => point(ui, m.move.steps[k].to, m.move.player)).join(","), "ui-target");
    return ui.t("play-tric-trac-where-to", { from: ui.pick.point });
  },
};
