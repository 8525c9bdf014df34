// /play for the keyboard and a screen reader (issue 25, point 8): every board location is
// focusable with a spoken name from the catalog, the arrow keys move between locations, Enter
// selects and plays; a whole game of Mixtour is played with the keyboard alone, and axe-core
// finds no serious or critical violation on any game's page.
// Run by tests/browser/test_play_page.py, as play.test.mjs is.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import {
  ARTIFACTS, DESKTOP, FIRST_STEPS, PHONE, api, checkShown, held, open, settled, start, withBrowser, worded, words,
} from "./browser.mjs";

withBrowser();

const AXE = path.join(path.dirname(fileURLToPath(import.meta.url)), "node_modules/axe-core/axe.min.js");

// axe-core in the page: the serious and critical violations, each with a few of its elements.
async function axe(page, where) {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ["violations"] }))
    .violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ")) })));
  assert.deepEqual(found, [], `axe-core: ${where}`);
}

// What has the focus: its tag, its place on the board, its name.
const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  return { tag: el.tagName, square: el.dataset?.square ?? null, count: el.dataset?.count ?? null,
    move: el.dataset?.move ?? null, label: el.getAttribute("aria-label"), onBoard: !!el.closest("#board") };
});

// Tab (or Shift+Tab) until `wanted(focused)` holds.
async function tabTo(page, wanted, what) {
  for (let i = 0; i < 60; i++) {
    if (wanted(await focused(page))) return;
    await page.keyboard.press("Tab");
  }
  assert.fail(`Tab never reached ${what}`);
}

// The arrow keys, from the focused square to `square` (rank 1 is drawn at the bottom).
async function arrowTo(page, square) {
  for (let i = 0; i < 12; i++) {
    const at = (await focused(page)).square;
    assert.ok(at, "the focus is on a square");
    if (at === square) return;
    const key = square[0] > at[0] ? "ArrowRight" : square[0] < at[0] ? "ArrowLeft"
      : Number(square.slice(1)) > Number(at.slice(1)) ? "ArrowUp" : "ArrowDown";
    await page.keyboard.press(key);
  }
  assert.fail(`the arrows never reached ${square}`);
}

// A square as a screen reader says it: its stack's height and top piece, named by the picture.
async function stackName(page, de, square) {
  const pieces = await page.$$eval(`#board .rw-piece[data-square="${square}"]`, (els) => els
    .sort((a, b) => Number(a.dataset.level) - Number(b.dataset.level)).map((el) => el.querySelector("title").textContent));
  return pieces.length ? worded(de["play-mixtour-square-stack"], { square, height: pieces.length, top: pieces.at(-1) })
    : worded(de["play-mixtour-square-empty"], { square });
}

// Every location is a button with a name, and exactly one of them is in the Tab order.
async function locationsNamed(page, places) {
  const found = await page.$$eval(places, (els) => els.map((el) => ({ role: el.getAttribute("role"), tabindex: el.getAttribute("tabindex"), label: el.getAttribute("aria-label") })));
  assert.ok(found.length > 0);
  assert.deepEqual(found.filter((l) => l.role !== "button" || !l.label), [], "every location a named button");
  assert.equal(found.filter((l) => l.tabindex === "0").length, 1, "one location in the Tab order");
}

test("mixtour: a whole game played with the keyboard alone, every square named in German", { timeout: 90_000 }, async () => {
  const { page, context, errors } = await open(DESKTOP, "de-DE");
  const de = await words("de");
  await start(page, { game: "mixtour", seed: "keys", options: { pointsToWin: 1, piecesPerPlayer: 5 } });
  await tabTo(page, (f) => f.onBoard, "the board");
  assert.equal((await focused(page)).label, worded(de["play-mixtour-square-empty"], { square: (await focused(page)).square }));
  let moves = 0, shifted = 0, counted = 0;
  for (;;) {
    const { state, position } = await checkShown(page, "mixtour");
    if (position.status === "finished") break;
    await locationsNamed(page, "#board g.rw-square");
    const legal = (await api("mixtour", "legal-moves", { state })).moves.map((m) => m.move);
    const shifts = legal.filter((m) => m.kind === "shift");
    const doc = shifts.length && moves % 3 ? shifts[moves % shifts.length] : legal[(moves * 5) % legal.length];
    if (doc.kind === "place") {
      await arrowTo(page, doc.square);
      await page.keyboard.press("Enter");
    } else if (doc.kind === "shift") {
      await arrowTo(page, doc.from);
      assert.equal((await focused(page)).label, worded(de["play-place-source"], { place: await stackName(page, de, doc.from) }));
      await page.keyboard.press("Enter");
      await settled(page);
      assert.equal((await focused(page)).label, worded(de["play-place-picked"], { place: await stackName(page, de, doc.from) }));
      await arrowTo(page, doc.to);
      assert.equal((await focused(page)).label, worded(de["play-place-target"], { place: await stackName(page, de, doc.to) }));
      await page.keyboard.press("Enter");
      shifted += 1;
      await settled(page);
      if (shifts.filter((m) => m.from === doc.from && m.to === doc.to).length > 1) {
        await tabTo(page, (f) => f.count === String(doc.count), `the button for ${doc.count}`);
        await page.keyboard.press("Enter");
        counted += 1;
      }
    } else {
      await tabTo(page, (f) => f.move === doc.kind, `the ${doc.kind} button`);
      await page.keyboard.press("Enter");
    }
    await page.waitForFunction((k) => document.body.dataset.ply === String(k) && document.body.dataset.busy === "false", moves + 1);
    assert.deepEqual((await held(page)).state, (await api("mixtour", "play", { state, move: doc })).state, "the keyboard played the move");
    moves += 1;
    const now = await focused(page);
    assert.ok(now.onBoard, "after a move the focus is back on the board");
    if (doc.kind === "place") {  // the square just placed on, as a screen reader says it
      assert.equal(now.square, doc.square);
      const place = await stackName(page, de, doc.square);
      assert.ok([place, worded(de["play-place-source"], { place })].includes(now.label), now.label);
    }
    if (moves === 3) await page.screenshot({ path: path.join(ARTIFACTS, "mixtour-keyboard.png") });
    assert.ok(moves < 200, "the game ends");
  }
  assert.ok(moves > 3 && shifted > 0, `moves ${moves}, shifts ${shifted}, counts chosen ${counted}`);
  assert.deepEqual(errors, []);
  await context.close();
});

// Each game with a move begun (FIRST_STEPS); axe-core at both sizes.

test("axe-core finds no serious or critical violation on any game, at 1280×800 and 420×800", { timeout: 90_000 }, async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const { page, context, errors } = await open(viewport, "de-DE");
    for (const [game, begin] of Object.entries(FIRST_STEPS)) {
      await start(page, { game, seed: "axe" });
      await axe(page, `${game}, a new game, ${viewport.width} px`);
      await begin(page);
      await settled(page);
      await axe(page, `${game}, a move begun, ${viewport.width} px`);
    }
    // without a seed: the outcome list to enter the throw
    await start(page, { game: "tric-trac", seed: "" });
    await axe(page, "tric-trac, an outcome to enter");
    assert.deepEqual(errors, []);
    await context.close();
  }
});
