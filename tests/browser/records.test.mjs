// /play's records (issue 25, point 9): a record loaded, stepped back and forward, a ply
// jumped to, the game played on from there, and the position shared as a link that opens it.
// Run by tests/browser/test_play_page.py, as play.test.mjs is.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import {
  ARTIFACTS, BASE, DESKTOP, api, checkShown, held, onScreen, open, openingLines, recordLines, sampled, settled, withBrowser,
  words,
} from "./browser.mjs";

withBrowser();

const at = (page) => page.evaluate(() => ({ ply: Number(document.body.dataset.ply), state: window.regelwerk.state }));
const waitPly = (page, k) => page.waitForFunction((n) => document.body.dataset.ply === String(n)
  && document.body.dataset.busy === "false", k);

test("a record loaded, stepped back and forward, jumped into, played on from, and shared as a link", { timeout: 90_000 }, async () => {
  const { page, context, errors } = await open(DESKTOP, "de-DE");
  const de = await words("de");
  // a Tric Trac record the service plays: seeded, the players' moves only
  const start = { players: 2, options: { pointsToWin: 2 }, seed: "records" }, setup = { game: "tric-trac", ...start };
  let { state } = await api("tric-trac", "new", start);
  const moves = [], states = [state];
  while (moves.length < 6) {
    const position = await api("tric-trac", "legal-moves", { state });
    const player = position.toMove[0], move = position.moves[moves.length % position.moves.length].notation;
    moves.push({ player, move });
    ({ state } = await api("tric-trac", "play", { state, move, player }));
    states.push(state);
  }
  await page.click("#load-panel summary");
  await page.fill("#load-text", JSON.stringify({ ...setup, moves }));
  await page.click("#load");
  await waitPly(page, 6);
  assert.deepEqual((await at(page)).state, states[6], "loaded: the record's last position");
  assert.equal(await page.inputValue("#step-ply"), "6");
  const told = await api("tric-trac", "play", { state: states[0], moves, describe: true }, "de");
  const opening = await openingLines({ ...setup, game: "tric-trac" }, "de");
  assert.deepEqual(await recordLines(page), [...opening, ...told.events.map((e) => e.description)],
    "the record told in the service's words, the opening first");
  await checkShown(page, "tric-trac");
  // back and forward, one move at a time
  await page.click("#step-back");
  await waitPly(page, 5);
  assert.deepEqual((await at(page)).state, states[5]);
  await page.click("#step-back");
  await waitPly(page, 4);
  await page.click("#step-forward");
  await waitPly(page, 5);
  assert.deepEqual((await at(page)).state, states[5]);
  await checkShown(page, "tric-trac");
  // to the start, to a ply, to the end
  await page.click("#step-first");
  await waitPly(page, 0);
  assert.deepEqual((await at(page)).state, states[0]);
  assert.equal(await page.isDisabled("#step-back"), true);
  await page.fill("#step-ply", "3");
  await page.press("#step-ply", "Enter");
  await waitPly(page, 3);
  assert.deepEqual((await at(page)).state, states[3]);
  await onScreen(page, "a record stepped into");
  await page.screenshot({ path: path.join(ARTIFACTS, "record-stepped.png") });
  await page.click("#step-last");
  await waitPly(page, 6);
  // from ply 2 the game goes on with another move: the record's tail gives way to it
  await page.fill("#step-ply", "2");
  await page.press("#step-ply", "Enter");
  await waitPly(page, 2);
  const legal = (await api("tric-trac", "legal-moves", { state: states[2] })).moves;
  const other = legal.find((m) => m.notation !== moves[2].move && m.move.kind === "pass") ? null
    : legal.find((m) => m.notation !== moves[2].move);
  assert.ok(other, "another move at ply 2");
  const steps = await api("tric-trac", "next-steps", { state: states[2], steps: [] });
  assert.ok(steps.steps.length > 0);
  for (const s of other.move.steps) {
    await page.click(`#board .rw-point[data-point="${s.from}"]`);
    await page.click(s.to === "off" ? `#board .rw-off[data-player="${other.move.player}"]` : `#board .rw-point[data-point="${s.to}"]`);
    await settled(page);
  }
  await waitPly(page, 3);
  const after = await api("tric-trac", "play", { state: states[2], move: other.move, player: other.move.player });
  assert.deepEqual((await at(page)).state, after.state, "played on from ply 2");
  assert.equal(await page.isDisabled("#step-forward"), true, "the old tail is gone");
  assert.equal((await page.evaluate(() => window.regelwerk.tape)).length, 3);
  // the position as a link: another page opens the same game at the same move
  await page.click("#step-back");
  await waitPly(page, 2);
  await page.click("#link");
  assert.equal(await page.textContent("#note"), de["play-link-copied"]);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /#record=/);
  const other2 = await context.newPage();
  await other2.goto(link);
  await other2.waitForFunction(() => document.body.dataset.ply === "2" && document.body.dataset.busy === "false");
  assert.deepEqual(await other2.evaluate(() => window.regelwerk.state), states[2], "the link opens the position");
  assert.equal(await other2.inputValue("#game"), "tric-trac");
  assert.equal(await other2.inputValue("#seed"), "records");
  await other2.click("#step-forward");
  await other2.waitForFunction(() => document.body.dataset.ply === "3" && document.body.dataset.busy === "false");
  assert.deepEqual(await other2.evaluate(() => window.regelwerk.state), after.state, "and its moves after it");
  assert.deepEqual(errors, []);
  await context.close();
});

// The service's text record, its dice in it (an unseeded game), loaded while another game is
// chosen: the page reads it through replay's `replayed` and needs no record parser.
test("a text record loads as the service reads it, dice and all, into its own game", { timeout: 90_000 }, async () => {
  const { page, context, errors } = await open(DESKTOP, "de-DE");
  await page.selectOption("#game", "mixtour");
  await settled(page);
  let { state } = await api("tric-trac", "new", {});
  const moves = [], states = [state];
  while (moves.length < 8) {
    const position = await api("tric-trac", "legal-moves", { state });
    const move = position.moves[moves.length % position.moves.length].notation;
    moves.push(position.isChance ? move : { player: position.toMove[0], move });
    ({ state } = await api("tric-trac", "play", { state, move }));
    states.push(state);
  }
  const chances = moves.filter((m) => typeof m === "string").length;
  assert.ok(chances >= 2, "the opening throw and a later one");
  const r = await fetch(`${BASE}/v1/games/tric-trac/record`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ moves }),
  });
  assert.equal(r.status, 200);
  const text = await r.text();
  assert.match(text, /^\[Game "tric-trac"\]/);
  await page.click("#load-panel summary");
  await page.fill("#load-text", text);
  await page.click("#load");
  await waitPly(page, 8);
  assert.equal(await page.inputValue("#game"), "tric-trac", "the record's own game");
  assert.deepEqual((await at(page)).state, states[8], "loaded: the record's last position");
  assert.equal(await sampled(page), chances, "each throw of the record told as a throw");
  assert.deepEqual(await page.evaluate(() => window.regelwerk.tape), moves, "the tape: the moves as replayed");
  await page.click("#step-back");
  await waitPly(page, 7);
  assert.deepEqual((await at(page)).state, states[7]);
  await checkShown(page, "tric-trac");
  // what is no record is refused in the service's words, with the line at fault
  const broken = '[Game "mixtour"]\n\n1. c3\n3. c4\n';
  const refused = await fetch(`${BASE}/v1/games/mixtour/replay?lang=de`, {
    method: "POST", headers: { "content-type": "text/plain" }, body: broken,
  });
  assert.equal(refused.status, 400);
  const { error } = await refused.json();
  assert.equal(error.code, "INVALID_RECORD");
  await page.fill("#load-text", broken);
  await page.click("#load");
  await settled(page);
  assert.equal(await page.textContent("#error"), error.message);
  assert.deepEqual((await at(page)).state, states[7], "the game on screen stays");
  assert.deepEqual(errors, []);
  await context.close();
});
