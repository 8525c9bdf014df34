// Hover previews, for the boards where a move is seen before it is played: pointing at a
// place shows one of the move documents that touch it, R (or a ⟳ button) shows the next, and
// a click plays the one shown. On a touch screen the first tap previews and the second plays.
// `keyOf(el)` names the place; `candidates(el, ui)` lists its documents, best first.

export function previews(keyOf, candidates) {
  const shownAt = (ui, key) => {
    const p = ui.pick.preview;
    return p && p.key === key ? p.cands[p.k % p.cands.length] : null;
  };
  function preview(el, ui) {
    const key = keyOf(el);
    if (ui.pick.preview?.key === key) return;
    const cands = candidates(el, ui);
    ui.pick.preview = cands.length ? { key, cands, k: 0 } : null;
    ui.paint();
  }
  return {
    preview,
    /** The document on show, or null. */
    shown(ui) {
      const p = ui.pick.preview;
      return (p && p.cands[p.k]) || null;
    },
    /** A click on `el`: plays what is shown there, else shows it. */
    choose(el, ui) {
      const key = keyOf(el), chosen = shownAt(ui, key);
      if (chosen && ui.pointer !== "touch") return ui.play(chosen);
      if (chosen && ui.pick.touched === key) return ui.play(chosen);
      preview(el, ui);
      ui.pick.touched = key;
      return undefined;
    },
    /** Shows the next document for the same place; returns it, or null when there is none. */
    next(ui) {
      const p = ui.pick.preview;
      if (!p || p.cands.length < 2) return null;
      p.k = (p.k + 1) % p.cands.length;
      return p.cands[p.k];
    },
  };
}
