// Tric Trac's board: a turn is clicked step by step, a stone's point and then its target
// (the mover's bear-off tray for "off"), in any order the rules allow. The service says which
// steps may come next (nextSteps): the first with every view, the following after each step;
// once the steps make a whole turn, the page plays it.

const point = (ui, to, player) => (to === "off" ? `.rw-off${ui.attr("player", player)}` : `.rw-point${ui.attr("point", to)}`);
const stepOf = (offered) => offered.move.steps[0];

// The steps chosen so far and the service's answer for them (the view's, before the first).
const chosen = (ui) => ui.pick.steps ?? [];
const answer = (ui) => ui.pick.next ?? ui.view.steps ?? { steps: [], canEnd: false, turn: null };

// A die's face (U+2680…) and its spoken name.
const FACE = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const DIE = {
  1: "play-tric-trac-die-1", 2: "play-tric-trac-die-2", 3: "play-tric-trac-die-3",
  4: "play-tric-trac-die-4", 5: "play-tric-trac-die-5", 6: "play-tric-trac-die-6",
};

export default {
  places: "[data-point]",

  // a throw (an outcome to enter, or the event of one) as the two dice it shows
  faces: (thing, ui) => (Array.isArray(thing?.dice) ? thing.dice.filter((n) => DIE[n]).map((n) => ({ glyph: FACE[n - 1], name: ui.t(DIE[n]) })) : []),

  handles: (move) => "steps" in move,

  // "Spitze 3, Rot: 2 Steine", "Spitze 1, Start Rot, 15 Steine, Rot": the point's caption and
  // stones as the picture's own texts say them, in the order it draws them (where it writes
  // their count, a name that holds what is visible); a bear-off tray by its player and texts
  label(el, ui) {
    if (el.dataset.point === "off") {
      const tray = [...el.querySelectorAll("text")].map((t) => t.textContent).join(" ");
      return ui.t("play-tric-trac-off", { player: ui.nameOf(Number(el.dataset.player)), tray });
    }
    const caption = [...el.querySelectorAll("text:not(.rw-count)")].map((t) => t.textContent)
      .find((text) => text !== el.dataset.point);
    const point = caption ? ui.t("play-tric-trac-point-caption", { point: el.dataset.point, caption }) : el.dataset.point;
    const stone = el.querySelector(".rw-stone"), count = el.querySelector(".rw-count")?.textContent;
    if (!stone) return ui.t("play-tric-trac-point-empty", { point });
    if (count) return ui.t("play-tric-trac-point-many", { point, count, player: ui.nameOf(Number(stone.dataset.player)) });
    return ui.t("play-tric-trac-point-stones", { point, stones: stone.querySelector("title")?.textContent ?? "" });
  },

  steps: true,

  click(el, ui) {
    const { point: clicked, player } = el.dataset, pick = ui.pick, offered = answer(ui).steps;
    if (pick.point != null) {
      const step = offered.find((s) => String(stepOf(s).from) === pick.point && String(stepOf(s).to) === clicked
        && (clicked !== "off" || String(s.move.player) === player));
      if (step) {
        const steps = [...chosen(ui), step];
        return ui.nextSteps(steps.map((s) => s.notation), (next) => {
          if (next.canEnd && next.turn) return ui.play(next.turn);
          ui.pick = { steps, next };
          return ui.paint();
        });
      }
    }
    const from = offered.some((s) => String(stepOf(s).from) === clicked);
    ui.pick = { ...pick, point: from && pick.point !== clicked ? clicked : null };
    return ui.paint();
  },

  paint(ui, tools) {
    const offered = answer(ui).steps, steps = chosen(ui);
    if (!offered.length && !steps.length) return "";
    const dice = ui.q(".rw-die");
    for (const s of steps) {  // the dice the steps so far have used
      const die = dice.find((d) => d.dataset.die === String(stepOf(s).die) && !d.classList.contains("ui-used"));
      if (die) ui.mark(die, "ui-used");
    }
    for (const s of steps) ui.mark(`${point(ui, stepOf(s).from)},${point(ui, stepOf(s).to, s.move.player)}`, "ui-done");
    if (steps.length) tools.push(ui.button(ui.t("play-tric-trac-take-back"), () => { ui.pick = {}; ui.paint(); }, { action: "clear" }));
    if (ui.pick.point == null) {
      ui.mark(offered.map((s) => point(ui, stepOf(s).from)).join(",") || "none", "ui-source");
      return steps.length ? ui.t("play-tric-trac-next-step", { played: steps.length }) : ui.t("play-tric-trac-pick-stone");
    }
    ui.mark(point(ui, ui.pick.point), "ui-picked");
    const targets = offered.filter((s) => String(stepOf(s).from) === ui.pick.point);
    ui.mark(targets.map((s) => point(ui, stepOf(s).to, s.move.player)).join(","), "ui-target");
    return ui.t("play-tric-trac-where-to", { from: ui.pick.point });
  },
};
