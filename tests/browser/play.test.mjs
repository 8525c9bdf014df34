// /play and docs/examples/mixtour.html in headless Chromium, played the way a person plays:
// by clicking the board. Every position the page shows is checked against the service's own
// answers for the page's state (REST /v1: position, score, render, play), and so is every
// word: each game is played in German (the switch), its prompts, record lines and errors
// being the service's German texts with no English left on screen, then switched to English.
// Run by tests/browser/test_play_page.py: REGELWERK_BASE (a running service that allows the
// origin http://127.0.0.1:STATIC_PORT), STATIC_PORT (free, for the example page), ARTIFACTS.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { test } from "node:test";
import {
  ARTIFACTS, BASE, DESKTOP, PHONE, ROOT, STATIC_PORT, api, apiFailure, checkShown, descriptor, descriptors,
  held, labelsIn, language, noEnglish, onScreen, open, openingLines, ply, random, record, recordLines, sampled, settled,
  shot, start, switchTo, theBrowser, unfoldSetup, verifyByReplay, withBrowser, words,
} from "./browser.mjs";

withBrowser();

// Plays `doc` (a legal move document) by what happens on screen; afterwards the page holds
// exactly the state the service reaches by playing that document.
// The record's new lines are the service's descriptions of the events, in the page's language.
async function expectPlayed(page, game, before, doc, player, n, linesBefore) {
  await page.waitForFunction((k) => document.body.dataset.ply === String(k)
    && document.body.dataset.busy === "false", n + 1);
  const body = { state: before, move: doc, describe: true };
  if (player != null) body.player = player;
  const expected = await api(game, "play", body, await language(page));
  assert.deepEqual((await held(page)).state, expected.state, "the page played the document it showed");
  assert.deepEqual((await recordLines(page)).slice(linesBefore), expected.events.map((e) => e.description),
    "the record tells what happened, in the service's words");
  const chances = expected.events.filter((e) => e.type === "chance" && e.sampled).length;
  return chances;
}

// The page's record (game, options, players, seed, moves) replayed by the service.
async function replayRecord({ game, ...body }) {
  return api(game, "replay", body);
}

// The record's first items: one per chance outcome newGame sampled (the opening).
async function openingItems(page) {
  const { game, players, options, seed } = JSON.parse(await page.inputValue("#json"));
  const { events } = await api(game, "new", { players, options, seed });
  return events.filter((e) => e.type === "chance" && e.sampled).length;
}

// The chance outcomes sampled after the opening, as the record shows them.
const sampledSince = async (page) => (await sampled(page)) - (await openingItems(page));

async function checkRecord(page, moves, chances) {
  assert.equal((await record(page)).length, (await openingItems(page)) + moves + chances,
    "record: the opening, every move and chance event");
}

// The game ends in German; it is checked, replayed and photographed, then switched to
// English: every word again in English, the record told anew by the service.
async function finish(page, game, errors, start) {
  const { position } = await checkShown(page, game);
  assert.equal(position.status, "finished");
  await verifyByReplay(page);
  await page.screenshot({ path: path.join(ARTIFACTS, `${game}.png`), fullPage: true });
  await shot(page, `${game}-de`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const viewport = page.viewportSize().width;
  assert.ok(width <= viewport, `no sideways scrolling at ${viewport} px (page is ${width} px wide)`);
  const german = await recordLines(page);
  await switchTo(page, "en");
  const { status } = await checkShown(page, game);
  assert.doesNotMatch(status, /ü|ä|ö|ß| ist | und /, "the prompt in English");
  const { moves } = JSON.parse(await page.inputValue("#json"));
  const told = await api(game, "play", { state: start, moves, describe: true }, "en");
  const english = await recordLines(page);
  const opening = await openingLines(JSON.parse(await page.inputValue("#json")), "en");
  assert.deepEqual(english, [...opening, ...told.events.map((e) => e.description)], "the record told again in English");
  assert.equal(english.length, german.length);
  assert.ok(english.every((line, i) => line !== german[i]), "every line of the record in other words");
  await shot(page, `${game}-en`);
  assert.deepEqual(errors, []);
}

// Opens the page and starts `setup` in German, by the switch.
async function startInGerman(viewport, setup) {
  const opened = await open(viewport);
  await labelsIn(opened.page, "en");
  await switchTo(opened.page, "de");
  await start(opened.page, setup);
  const start0 = (await held(opened.page)).state;
  return { ...opened, start: start0 };
}

// ---------- Mixtour: click a square to place; click a stack, then its target ----------
const GRAPHQL = (url) => url.pathname === "/graphql";

test("mixtour: played to the end in German by clicking squares, with undo and failures", { timeout: 60_000 }, async () => {
  const { page, context, errors, start: first } = await startInGerman(DESKTOP,
    { game: "mixtour", options: { pointsToWin: 1, piecesPerPlayer: 5 } });
  const de = await words("de");
  const pick = random(7);
  let moves = 0, chances = 0, undone = false, failed = false;
  const prompts = new Set();
  while (true) {
    const { state, actor, position, status } = await checkShown(page, "mixtour");
    prompts.add(status);
    if (moves === 2) await shot(page, "mixtour-de-playing");
    if (position.status === "finished") break;
    const legal = (await api("mixtour", "legal-moves", { state })).moves.map((m) => m.move);
    if (moves === 3 && !failed) {  // a request that fails leaves the game as it was
      failed = true;
      await page.route(GRAPHQL, (route) => route.abort(), { times: 1 });
      const place = legal.find((m) => m.kind === "place");
      await page.click(`#board [data-square="${place.square}"]`);
      await settled(page);
      assert.equal(await page.textContent("#banner-text"), de["play-error-network"], "the banner says so");
      assert.equal(await page.textContent("#error"), "");
      assert.deepEqual((await held(page)).state, state);
      assert.equal(await ply(page), moves);
      continue;
    }
    const lines = (await recordLines(page)).length;
    const shifts = legal.filter((m) => m.kind === "shift");
    const doc = shifts.length && pick(3) ? shifts[pick(shifts.length)] : legal[pick(legal.length)];
    if (doc.kind === "place") {
      await page.click(`#board [data-square="${doc.square}"]`);
    } else if (doc.kind === "shift") {
      await page.click(`#board [data-square="${doc.from}"]`);
      const marked = await page.$$eval("#board .ui-target", (els) => els.map((el) => el.dataset.square).sort());
      assert.deepEqual(marked, [...new Set(shifts.filter((m) => m.from === doc.from).map((m) => m.to))].sort());
      await page.click(`#board [data-square="${doc.to}"]`);
      if (shifts.filter((m) => m.from === doc.from && m.to === doc.to).length > 1) {
        await onScreen(page, "mixtour: how many pieces");
        await page.click(`#tools [data-count="${doc.count}"]`);
      }
    } else {
      await page.click(`#tools [data-move="${doc.kind}"]`);
    }
    chances += await expectPlayed(page, "mixtour", state, doc, actor, moves, lines);
    moves += 1;
    await checkRecord(page, moves, chances);
    if (moves === 4 && !undone) {  // undo goes back to the state before the last move
      undone = true;
      await page.click("#undo");
      await settled(page);
      assert.deepEqual((await held(page)).state, state);
      moves -= 1;
      await checkRecord(page, moves, chances);
    }
    assert.ok(moves < 200, "the game ends");
  }
  assert.ok(failed && undone);
  assert.ok(prompts.size > 2, "the German prompt changes from move to move");
  // a replay that fails shows the service's refusal, which names the move, in German
  await page.route(GRAPHQL, async (route) => {
    const body = route.request().postDataJSON();
    if (body.variables?.m) body.variables.m[1] = "zz9";
    await route.continue({ postData: JSON.stringify(body) });
  }, { times: 1 });
  await page.click("#check");
  await settled(page);
  const { game, ...replay } = JSON.parse(await page.inputValue("#json"));
  replay.moves[1] = "zz9";
  const refusal = await apiFailure(game, "replay", replay, "de");
  assert.equal(await page.textContent("#error"), refusal.message);
  assert.equal(await page.getAttribute("#error", "data-code"), "INVALID_NOTATION");
  await noEnglish(page, "mixtour");
  await finish(page, "mixtour", errors, first);
  await context.close();
});

// ---------- Tric Trac: a turn clicked step by step (from point, to point) ----------
// Each step is one the service offers next (next-steps); once the steps make a whole turn,
// the page plays it.
async function clickTurn(page, doc, wordsChecked) {
  for (const [i, step] of doc.steps.entries()) {
    await page.click(`#board .rw-point[data-point="${step.from}"]`);
    if (i === 1 && wordsChecked) await noEnglish(page, "tric-trac");  // a turn half clicked
    if (i === 1) await onScreen(page, "tric-trac: a turn half clicked");
    const to = step.to === "off" ? `.rw-off[data-player="${doc.player}"]` : `.rw-point[data-point="${step.to}"]`;
    assert.ok(await page.$eval(`#board ${to}`, (el) => el.classList.contains("ui-target")), "target highlighted");
    await page.click(`#board ${to}`);
    await settled(page);
  }
}

test("tric-trac: seeded, the service rolls; turns clicked step by step to the end, in German", { timeout: 60_000 }, async () => {
  const { page, context, errors, start: first } = await startInGerman(PHONE,
    { game: "tric-trac", seed: "browser-tt", options: { pointsToWin: 2 } });
  const pick = random(11);
  let moves = 0, chances = 0, passes = 0, copied = false, undone = false;
  while (true) {
    const { state, actor, position } = await checkShown(page, "tric-trac");
    if (moves === 4) await shot(page, "tric-trac-de-playing");
    if (position.status === "finished") break;
    const lines = (await recordLines(page)).length;
    const dice = await page.$$eval("#board [data-die]", (els) => els.map((el) => Number(el.dataset.die)).sort());
    assert.deepEqual(dice, [...state.dice].sort(), "the dice are shown");
    const legal = (await api("tric-trac", "legal-moves", { state })).moves.map((m) => m.move);
    const doc = legal[pick(legal.length)];
    if (doc.kind === "pass") {
      assert.equal(legal.length, 1);
      await page.click('#tools [data-move="pass"]');
      passes += 1;
    } else {
      const sources = await page.$$eval("#board .rw-point.ui-source", (els) => els.map((el) => Number(el.dataset.point)).sort((a, b) => a - b));
      const first = (await api("tric-trac", "next-steps", { state })).steps.map((s) => s.move.steps[0].from);
      assert.deepEqual(sources, [...new Set(first)].sort((a, b) => a - b), "the stones the service lets move first");
      await clickTurn(page, doc, moves % 2 === 0);
    }
    chances += await expectPlayed(page, "tric-trac", state, doc, actor, moves, lines);
    moves += 1;
    await checkRecord(page, moves, chances);
    if (moves === 3 && !undone) {  // undo restores the same throw: the dice come from the seed
      undone = true;
      await page.click("#undo");
      await settled(page);
      assert.deepEqual((await held(page)).state, state);
      moves -= 1;
      chances = await sampledSince(page);
    }
    if (moves === 5 && !copied) {
      copied = true;
      await page.click("#copy");
      const text = await page.evaluate(() => navigator.clipboard.readText());
      const copy = JSON.parse(text);
      assert.equal(copy.game, "tric-trac");
      const replayed = await replayRecord(copy);
      assert.deepEqual(replayed.state, (await held(page)).state, "the copied record replays to this state");
    }
    assert.ok(moves < 300, "the game ends");
  }
  const names = await page.$$eval("#scores .name", (els) => els.map((el) => el.textContent));
  assert.deepEqual(names, ["Rot", "Schwarz"], "the players' names in German");
  await finish(page, "tric-trac", errors, first);
  await context.close();
});

// ---------- Te-Trix: the roller picks a picture; every player places by hovering a cell ----------
async function placeByHover(page, state, actor, pick, cycle) {
  const legal = (await api("te-trix", "legal-moves", { state, player: actor })).moves.map((m) => m.move);
  const wanted = legal[pick(legal.length)];
  const cell = `#board .rw-cell[data-sheet="${actor}"][data-cell="${wanted.cells[0].cell}"]`;
  await page.hover(cell);
  if (cycle && (await page.$('#tools [data-action="cycle"]'))) await page.click('#tools [data-action="cycle"]');
  if ((await language(page)) === "de") await noEnglish(page, "te-trix");  // the preview's hint and buttons
  await onScreen(page, "te-trix: a placement previewed");
  const shown = await page.$$eval("#board rect.ui-preview", (els) => els.map((el) => ({
    sheet: Number(el.dataset.sheet), cell: el.dataset.cell, symbol: /sym-(\w)/.exec(el.getAttribute("class"))[1],
  })));
  assert.ok(shown.length > 0 && shown.every((c) => c.sheet === actor), "the preview is on the actor's sheet");
  const key = (cells) => cells.map((c) => `${c.cell}:${c.symbol}`).sort().join(" ");
  const doc = legal.find((m) => key(m.cells) === key(shown));
  assert.ok(doc, `the preview ${key(shown)} is a legal placement`);
  assert.ok(doc.cells.some((c) => c.cell === wanted.cells[0].cell), "the preview holds the hovered cell");
  await page.click(cell);
  return doc;
}

// The roller's choice in two steps: a shape (one button per shape of the legal arrangements),
// then how the symbols sit on it (one button per arrangement of that shape).
async function arrange(page, legal, doc) {
  const arrangements = legal.filter((m) => m.kind === "arrange");
  const shapes = await page.$$eval("#choices button[data-shape]", (els) => els.map((el) => el.dataset.shape));
  assert.deepEqual(shapes, [...new Set(arrangements.map((m) => m.shape))], "a button per shape");
  await page.click(`#choices button[data-shape="${doc.shape}"]`);
  const choices = await page.$$eval("#choices button[data-symbols]", (els) => els.map((el) => `${el.dataset.shape}:${el.dataset.symbols}`));
  assert.deepEqual(choices, arrangements.filter((m) => m.shape === doc.shape).map((m) => `${m.shape}:${m.symbols}`));
  await onScreen(page, "te-trix: a shape chosen");
  await page.click(`#choices button[data-shape="${doc.shape}"][data-symbols="${doc.symbols}"]`);
}

test("te-trix: roller's choice from pictures, hover previews, each player places in turn, in German", { timeout: 60_000 }, async () => {
  const setup = { game: "te-trix", players: 2, seed: "browser-tx", options: { size: 5 } };
  const { page, context, errors, start: first } = await startInGerman(PHONE, setup);
  const pick = random(5);
  let moves = 0, chances = 0, failed = false;
  while (true) {
    const { state, actor, position } = await checkShown(page, "te-trix");
    if (moves === 3) await shot(page, "te-trix-de-playing");
    if (position.status === "finished") break;
    const lines = (await recordLines(page)).length;
    let doc;
    if (state.phase === "arrange") {
      const legal = (await api("te-trix", "legal-moves", { state, player: actor })).moves.map((m) => m.move);
      doc = legal[pick(legal.length)];
      await arrange(page, legal, doc);
    } else {
      assert.deepEqual(position.toMove.includes(actor), true);
      doc = await placeByHover(page, state, actor, pick, moves % 4 === 1);
    }
    chances += await expectPlayed(page, "te-trix", state, doc, actor, moves, lines);
    moves += 1;
    await checkRecord(page, moves, chances);
    if (moves === 4 && !failed) {  // a refused new game leaves this one as it was
      failed = true;
      const kept = await held(page);
      const board = await page.innerHTML("#board");
      await unfoldSetup(page);
      await page.evaluate(() => { document.querySelector("details.options").open = true; });
      await page.fill('#options [name="size"]', "99");
      await page.click("#new");
      await settled(page);
      const { game, ...request } = setup;
      const refusal = await apiFailure(game, "new", { ...request, options: { size: 99 } }, "de");
      assert.equal(await page.textContent("#error"),
        [refusal.message, ...refusal.details.problems.map((p) => `${p.path}: ${p.reason}`)].join("\n"));
      assert.match(refusal.details.problems[0].reason, /zwischen 5 und 12/);
      assert.equal(await page.getAttribute("#error", "data-code"), "INVALID_OPTIONS");
      assert.equal(await page.getAttribute('#options [name="size"]', "aria-invalid"), "true");
      assert.deepEqual(await held(page), kept);
      assert.equal(await page.innerHTML("#board"), board);
      assert.equal(await ply(page), moves);
      const players = await page.$$eval("#players option", (os) => os.map((o) => o.value));
      assert.deepEqual(players, ["1", "2", "3", "4"], "player counts from the descriptor");
      await page.click("#setup-toggle");  // the settings folded away again: back to the game
      assert.equal(await page.isVisible("#game"), false);
    }
    assert.ok(moves < 200, "the game ends");
  }
  const downloading = page.waitForEvent("download");
  await page.click("#download");
  const file = await (await downloading).path();
  const saved = JSON.parse(await readFile(file, "utf8"));
  assert.deepEqual(Object.keys(saved).sort(), ["game", "moves", "options", "players", "seed"]);
  assert.equal(saved.moves.length, moves);
  const replayed = await replayRecord(saved);
  assert.deepEqual(replayed.state, (await held(page)).state, "the downloaded record replays to this state");
  await finish(page, "te-trix", errors, first);

  // solo: Stop at the start of a round ends the game
  await start(page, { game: "te-trix", players: 1, seed: "browser-solo", options: { size: 5, solo: true } });
  let { state } = await checkShown(page, "te-trix");
  assert.equal(await page.$('#tools [data-move="stop"]') !== null, true, "stop offered at the start of a round");
  const legal = (await api("te-trix", "legal-moves", { state, player: 0 })).moves.map((m) => m.move);
  await arrange(page, legal, legal.find((m) => m.kind === "arrange"));
  await page.waitForFunction(() => document.body.dataset.ply === "1" && document.body.dataset.busy === "false");
  ({ state } = await checkShown(page, "te-trix"));
  await placeByHover(page, state, 0, pick, false);
  await page.waitForFunction(() => document.body.dataset.ply === "2" && document.body.dataset.busy === "false");
  await checkShown(page, "te-trix");
  await page.click('#tools [data-move="stop"]');
  await page.waitForFunction(() => document.body.dataset.ply === "3" && document.body.dataset.busy === "false");
  const end = await checkShown(page, "te-trix");
  assert.equal(end.position.status, "finished");
  await verifyByReplay(page);
  await context.close();
});

// ---------- Triominos Junior: hot seat, a rack tile then a green place ----------
test("triominos-junior: hot seat with hidden racks, tiles laid by hovering and clicking, in German", { timeout: 60_000 }, async () => {
  const { page, context, errors, start: first } = await startInGerman(PHONE,
    { game: "triominos-junior", players: 2, seed: "browser-tj" });
  const pick = random(3);
  let moves = 0, chances = 0, draws = 0, laid = 0, undone = false;
  while (true) {
    let { state, actor, covered, position } = await checkShown(page, "triominos-junior");
    if (position.status === "finished") break;
    const lines = (await recordLines(page)).length;
    // between turns the device is passed: no rack on screen, no move offered
    assert.equal(covered, true, "a pass-the-device screen before every turn");
    assert.equal(await page.$$eval("#board .rw-rack-tile", (els) => els.length), 0);
    assert.equal(await page.$$eval("#tools button", (els) => els.length), 0);
    assert.ok(await page.isVisible("#cover"));
    await page.click("#reveal");
    await settled(page);
    ({ state, actor, covered } = await checkShown(page, "triominos-junior"));
    assert.equal(covered, false);
    const racks = await page.$$eval("#board .rw-rack-tile", (els) => els.map((el) => Number(el.dataset.rack)));
    assert.deepEqual(racks, state.racks[actor].map(() => actor), "only the rack of whoever is at the screen");
    const legal = (await api("triominos-junior", "legal-moves", { state, player: actor })).moves.map((m) => m.move);
    const lays = legal.filter((m) => m.kind === "place" || m.kind === "swap");
    let doc;
    if (lays.length) {
      const wanted = lays[pick(lays.length)];
      await page.click(`#board .rw-rack-tile[data-tile="${wanted.rackTile}"]`);
      if (laid === 2) await shot(page, "triominos-junior-de-playing");  // a tile picked, its places marked
      await onScreen(page, "triominos-junior: a tile picked");
      const target = `#board [data-at="${wanted.at}"]:is(.rw-open, .rw-tile)`;
      assert.ok(await page.$eval(target, (el) => el.classList.contains("ui-target")), "the place is highlighted");
      await page.hover(target);
      if (laid % 3 === 1 && (await page.$('#tools [data-action="cycle"]'))) await page.click('#tools [data-action="cycle"]');
      await noEnglish(page, "triominos-junior");  // the preview's hint and buttons
      const corners = await page.$$eval("#board .ui-overlay text", (els) => els.map((el) => ({
        corner: el.dataset.corner, number: el.textContent === "J" ? null : Number(el.textContent),
      })));
      const key = (cs) => cs.map((c) => `${c.corner}=${c.number}`).sort().join(" ");
      doc = lays.find((m) => m.rackTile === wanted.rackTile && m.at === wanted.at && key(m.corners) === key(corners));
      assert.ok(doc, `the previewed corners ${key(corners)} are a legal placement`);
      await page.click(target);
      laid += 1;
    } else {
      doc = legal.find((m) => m.kind === "draw") ?? legal.find((m) => m.kind === "pass");
      await page.click(`#tools [data-move="${doc.kind}"]`);
      draws += 1;
    }
    chances += await expectPlayed(page, "triominos-junior", state, doc, actor, moves, lines);
    moves += 1;
    await checkRecord(page, moves, chances);
    if (moves === 2 && !undone) {  // undo in the hot seat: back to that turn, behind the cover
      undone = true;
      await page.click("#undo");
      await settled(page);
      assert.deepEqual(await held(page), { state, actor, covered: true });
      assert.equal(await page.$$eval("#board .rw-rack-tile", (els) => els.length), 0);
      moves -= 1;
      chances = await sampledSince(page);
      continue;
    }
    assert.doesNotMatch((await record(page)).join("\n"), /deal /, "drawn tiles stay unnamed in the record");
    assert.ok(moves < 200, "the game ends");
  }
  assert.ok(laid > 0 && draws > 0 && undone, `tiles laid (${laid}) and drawn (${draws})`);
  await finish(page, "triominos-junior", errors, first);
  await context.close();
});

// ---------- the language: the browser's by default, the switch remembered ----------
const plain = (markdown) => markdown.split(/\n\n+/).map((p) => p.replace(/\*\*|`/g, "")).join("");

async function rulesShown(page, game, lang) {
  const rules = (await (await fetch(`${BASE}/v1/games/${game}/rules?lang=${lang}`)).json()).rules;
  await page.waitForFunction((first) => document.querySelector("#rules section")?.textContent === first, plain(rules[0].text));
  const shown = await page.$$eval("#rules section", (els) => els.map((el) => [el.id, el.textContent]));
  assert.deepEqual(shown, rules.map((r) => [`rule-${r.id}`, plain(r.text)]), `the rules of ${game} in ${lang}`);
}

test("the page speaks the browser's language, remembers the switch, and shows the rules", { timeout: 60_000 }, async () => {
  const { page, context, errors } = await open(DESKTOP, "de-DE");
  await labelsIn(page, "de");
  const de = await descriptor("mixtour", "de");
  const games = await page.$$eval("#game option", (os) => os.map((o) => o.textContent));
  assert.deepEqual(games, Object.values(descriptors.de).map((g) => g.name));
  await page.click("details.options summary");
  const options = await page.$$eval("#options label", (ls) => ls.map((l) => [l.firstChild.textContent, l.title]));
  assert.deepEqual(options, Object.values(de.options).map((o) => [o.title, o.description]), "option labels in German");
  await page.click("details.options summary");
  await checkShown(page, "mixtour");
  await page.click("#rules-panel summary");
  await rulesShown(page, "mixtour", "de");
  await noEnglish(page, "mixtour");
  await page.screenshot({ path: path.join(ARTIFACTS, "rules-de.png") });
  await switchTo(page, "en");
  await rulesShown(page, "mixtour", "en");
  await checkShown(page, "mixtour");
  assert.equal(await page.evaluate(() => localStorage.getItem("regelwerk.lang")), "en");
  await page.reload();
  await page.waitForSelector('body[data-busy="false"] #board svg');
  await labelsIn(page, "en");  // the choice outlives the browser's German
  assert.deepEqual(errors, []);
  await context.close();
  const elsewhere = await open(PHONE, "fr-FR");  // a language the service lacks: English
  await labelsIn(elsewhere.page, "en");
  await elsewhere.context.close();
});

test("without a seed, chance outcomes are entered from the service's German words", { timeout: 60_000 }, async () => {
  const { page, context, errors } = await open(PHONE, "de-DE");
  await start(page, { game: "tric-trac", seed: "" });
  for (let n = 0; n < 4; n++) {  // the opening throw, a turn, its throw, a turn
    const { state, position } = await checkShown(page, "tric-trac");
    if (!position.isChance) {
      const lines = (await recordLines(page)).length;
      const legal = (await api("tric-trac", "legal-moves", { state })).moves.map((m) => m.move);
      if (legal[0].kind === "pass") await page.click('#tools [data-move="pass"]');
      else await clickTurn(page, legal[0], true);
      await expectPlayed(page, "tric-trac", state, legal[0], position.toMove[0], n, lines);
      continue;
    }
    const outcomes = (await api("tric-trac", "legal-moves", { state, describe: true }, "de")).moves;
    const listed = await page.$$eval("#outcome option", (os) => os.map((o) => [o.value, o.textContent]));
    assert.deepEqual(listed.map(([value]) => value), outcomes.map((m) => m.notation));
    assert.ok(listed.every(([, text], i) => text.includes(` ${outcomes[i].description} (`)), "each outcome in words, after its dice");
    const lines = (await recordLines(page)).length;
    const chosen = outcomes[(n * 7) % outcomes.length];
    await page.selectOption("#outcome", chosen.notation);
    await page.click('#tools [data-action="outcome"]');
    await expectPlayed(page, "tric-trac", state, chosen.move, null, n, lines);
  }
  await shot(page, "tric-trac-de-chance");
  assert.equal(await page.$$eval('#record li[data-kind="chance"]', (lis) => lis.length) > 0, true);
  assert.deepEqual(errors, []);
  await context.close();
});

// ---------- docs/examples/mixtour.html from another origin ----------
test("docs/examples/mixtour.html plays from another origin (CORS)", { timeout: 60_000 }, async () => {
  const dir = path.join(ROOT, "docs/examples");
  const server = http.createServer(async (req, res) => {
    try {
      const name = path.basename(new URL(req.url, "http://x").pathname);
      const body = await readFile(path.join(dir, name));
      res.writeHead(200, { "content-type": name.endsWith(".html") ? "text/html" : "text/plain" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(STATIC_PORT, "127.0.0.1", resolve));
  const context = await theBrowser().newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${STATIC_PORT}/mixtour.html?api=${encodeURIComponent(BASE)}`);
    await page.waitForSelector("#board svg");
    assert.match(await page.textContent("#status"), /White to move/);
    for (const [square, text] of [["c3", /Blue to move/], ["c4", /White to move/]]) {
      await page.click(`#board [data-square="${square}"]`);
      await page.waitForFunction((t) => new RegExp(t).test(document.querySelector("#status").textContent), text.source);
    }
    await page.click('#board [data-square="c3"]');
    assert.ok(await page.$eval('#board [data-square="c4"]', (el) => el.classList.contains("target")));
    await page.click('#board [data-square="c4"]');
    await page.waitForFunction(() => /Blue to move/.test(document.querySelector("#status").textContent));
    const stack = await page.$$eval('#board .rw-piece[data-square="c4"]', (els) => els.map((el) => el.dataset.colour));
    assert.deepEqual(stack, ["blue", "white"]);
    assert.equal(await page.$$eval('#board .rw-piece[data-square="c3"]', (els) => els.length), 0);
    await page.screenshot({ path: path.join(ARTIFACTS, "mixtour-example.png"), fullPage: true });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 420), "fits 420 px");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
  }
});

test("the GraphQL explorer at /graphql works offline and runs a query", async () => {
  const context = await theBrowser().newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const elsewhere = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(BASE)) elsewhere.push(r.url());
  });
  await page.goto(`${BASE}/graphql`);
  await page.waitForSelector(".graphiql-execute-button", { timeout: 20000 });
  await page.click(".graphiql-execute-button");
  await page.waitForFunction(
    () => document.querySelector(".graphiql-response")?.textContent.includes('"Position"'),
    null,
    { timeout: 20000 },
  );
  await page.screenshot({ path: path.join(ARTIFACTS, "graphiql.png") });
  assert.deepEqual(elsewhere, [], "every asset comes from the service itself");
  await context.close();
});
