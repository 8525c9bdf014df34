// /play and docs/examples/mixtour.html in headless Chromium, played the way a person plays:
// by clicking the board. Every position the page shows is checked against the service's own
// answers for the page's state (REST /v1: position, score, render, play).
// Run by tests/browser/test_play_page.py: REGELWERK_BASE (a running service that allows the
// origin http://127.0.0.1:STATIC_PORT), STATIC_PORT (free, for the example page), ARTIFACTS.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { mkdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const BASE = process.env.REGELWERK_BASE;
const STATIC_PORT = Number(process.env.STATIC_PORT);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ARTIFACTS = process.env.ARTIFACTS ?? path.join(ROOT, "test-artifacts/browser");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const PHONE = { width: 420, height: 900 };
const DESKTOP = { width: 1280, height: 900 };
assert.ok(BASE, "REGELWERK_BASE must name a running service");
mkdirSync(ARTIFACTS, { recursive: true });

let browser;
before(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
});
after(async () => { await browser?.close(); });

// ---------- the service, asked directly ----------
async function api(game, op, body) {
  const r = await fetch(`${BASE}/v1/games/${game}/${op}`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  if (op === "render") { assert.equal(r.status, 200); return r.text(); }
  const answer = await r.json();
  assert.equal(r.status, 200, `${op}: ${JSON.stringify(answer)}`);
  return answer;
}

function random(seed) {  // mulberry32: the same choices on every run
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

// ---------- the page ----------
async function open(viewport = PHONE) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {  // a request the test aborts on purpose is logged, and that is fine
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(m.text());
  });
  await page.goto(`${BASE}/play`);
  await page.waitForSelector('body[data-busy="false"] #board svg');
  return { page, context, errors };
}

const settled = (page) => page.waitForSelector('body[data-busy="false"]', { state: "attached" });
const ply = (page) => page.evaluate(() => Number(document.body.dataset.ply));
const held = (page) => page.evaluate(() => ({
  state: window.regelwerk.state, actor: window.regelwerk.actor, covered: window.regelwerk.covered,
}));
const record = (page) => page.$$eval("#record li", (lis) => lis.map((li) => li.textContent));

async function start(page, { game, players, seed, options = {} }) {
  await page.selectOption("#game", game);
  if (players != null && !(await page.isDisabled("#players"))) await page.selectOption("#players", String(players));
  await page.fill("#seed", seed ?? "");
  for (const [name, value] of Object.entries(options)) {
    await page.evaluate(() => { document.querySelector("details.options").open = true; });
    const input = page.locator(`#options [name="${name}"]`);
    if (typeof value === "boolean") await input.setChecked(value);
    else if ((await input.evaluate((el) => el.tagName)) === "SELECT") await input.selectOption(String(value));
    else await input.fill(typeof value === "number" ? String(value) : JSON.stringify(value));
  }
  const before = JSON.stringify((await held(page)).state);
  await page.click("#new");
  await page.waitForFunction((b) => document.body.dataset.busy === "false"
    && JSON.stringify(window.regelwerk.state) !== b, before);
  assert.equal(await ply(page), 0);
  assert.deepEqual(await record(page), []);
}

// What the page shows equals what the service answers for the page's own state.
async function checkShown(page, game) {
  const { state, actor, covered } = await held(page);
  const position = await api(game, "position", { state });
  const score = await api(game, "score", { state });
  assert.deepEqual(position.scores, score.scores);
  const shown = await page.$$eval("#scores tr", (rows) => rows.map((r) => ({
    player: Number(r.dataset.player), score: Number(r.dataset.score), text: r.textContent,
    winner: r.dataset.winner === "true", toMove: r.dataset.toMove === "true",
  })));
  assert.deepEqual(shown.map((r) => r.score), score.scores, "shown scores");
  const status = await page.textContent("#status");
  assert.doesNotMatch(status, /undefined|null|NaN/);
  if (position.status === "finished") {
    assert.match(status, /^Game over/);
    assert.deepEqual(shown.filter((r) => r.winner).map((r) => r.player), score.winners);
  } else {
    assert.deepEqual(shown.filter((r) => r.toMove).map((r) => r.player), position.toMove);
    if (!position.isChance) assert.ok(position.toMove.includes(actor), `actor ${actor} moves`);
  }
  const body = { state };
  if (!covered && actor != null && position.status !== "finished") body.player = actor;
  const svg = await api(game, "render", body);
  const same = await page.evaluate((expected) => {
    const want = new DOMParser().parseFromString(expected, "image/svg+xml").documentElement;
    const have = document.querySelector("#board svg").cloneNode(true);
    have.querySelectorAll(".ui-overlay").forEach((el) => el.remove());
    const places = (root) => Array.from(root.querySelectorAll("*"), (el) => Array.from(el.attributes)
      .filter((a) => a.name.startsWith("data-")).map((a) => `${a.name}=${a.value}`).join(" ")).join("\n");
    return { text: have.textContent === want.textContent, places: places(have) === places(want) };
  }, svg);
  assert.deepEqual(same, { text: true, places: true }, "the board is the service's picture");
  return { state, actor, covered, position };
}

// Plays `doc` (a legal move document) by what happens on screen; afterwards the page holds
// exactly the state the service reaches by playing that document.
async function expectPlayed(page, game, before, doc, player, n) {
  await page.waitForFunction((k) => document.body.dataset.ply === String(k)
    && document.body.dataset.busy === "false", n + 1);
  const body = { state: before, move: doc };
  if (player != null) body.player = player;
  const expected = await api(game, "play", body);
  assert.deepEqual((await held(page)).state, expected.state, "the page played the document it showed");
  const chances = expected.events.filter((e) => e.type === "chance").length;
  return chances;
}

// The page's record (game, options, players, seed, moves) replayed by the service.
async function replayRecord({ game, ...body }) {
  return api(game, "replay", body);
}

async function checkRecord(page, moves, chances) {
  assert.equal((await record(page)).length, moves + chances, "record: every move and chance event");
}

async function verifyByReplay(page) {
  await page.click("#check");
  await settled(page);
  assert.equal(await page.textContent("#error"), "");
  assert.match(await page.textContent("#note"), /^Replay of \d+ moves reaches this very state\.$/);
}

async function finish(page, game, errors) {
  const { position } = await checkShown(page, game);
  assert.equal(position.status, "finished");
  await verifyByReplay(page);
  await page.screenshot({ path: path.join(ARTIFACTS, `${game}.png`), fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const viewport = page.viewportSize().width;
  assert.ok(width <= viewport, `no sideways scrolling at ${viewport} px (page is ${width} px wide)`);
  assert.deepEqual(errors, []);
}

// ---------- Mixtour: click a square to place; click a stack, then its target ----------
test("mixtour: played to the end by clicking squares, with undo and failures", { timeout: 60_000 }, async () => {
  const { page, context, errors } = await open(DESKTOP);
  await start(page, { game: "mixtour", options: { pointsToWin: 1, piecesPerPlayer: 5 } });
  const pick = random(7);
  let moves = 0, chances = 0, undone = false, failed = false;
  while (true) {
    const { state, actor, position } = await checkShown(page, "mixtour");
    if (position.status === "finished") break;
    const legal = (await api("mixtour", "legal-moves", { state })).moves.map((m) => m.move);
    if (moves === 3 && !failed) {  // a request that fails leaves the game as it was
      failed = true;
      await page.route("**/graphql", (route) => route.abort(), { times: 1 });
      const place = legal.find((m) => m.kind === "place");
      await page.click(`#board [data-square="${place.square}"]`);
      await settled(page);
      assert.notEqual(await page.textContent("#error"), "");
      assert.deepEqual((await held(page)).state, state);
      assert.equal(await ply(page), moves);
      continue;
    }
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
        await page.click(`#tools [data-count="${doc.count}"]`);
      }
    } else {
      await page.click(`#tools [data-move="${doc.kind}"]`);
    }
    chances += await expectPlayed(page, "mixtour", state, doc, actor, moves);
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
  // a replay that fails names the move and the reason, never "undefined"
  await page.route("**/graphql", async (route) => {
    const body = route.request().postDataJSON();
    if (body.variables?.m) body.variables.m[1] = "zz9";
    await route.continue({ postData: JSON.stringify(body) });
  }, { times: 1 });
  await page.click("#check");
  await settled(page);
  assert.match(await page.textContent("#error"), /^INVALID_NOTATION at move 2: /);
  assert.doesNotMatch(await page.textContent("#error"), /undefined/);
  await finish(page, "mixtour", errors);
  await context.close();
});

// ---------- Tric Trac: a turn clicked step by step (from point, to point) ----------
test("tric-trac: seeded, the service rolls; turns clicked step by step to the end", { timeout: 60_000 }, async () => {
  const { page, context, errors } = await open(PHONE);
  await start(page, { game: "tric-trac", seed: "browser-tt", options: { pointsToWin: 2 } });
  const pick = random(11);
  let moves = 0, chances = 0, passes = 0, copied = false, undone = false;
  while (true) {
    const { state, actor, position } = await checkShown(page, "tric-trac");
    if (position.status === "finished") break;
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
      assert.deepEqual(sources, [...new Set(legal.map((m) => m.steps[0].from))].sort((a, b) => a - b));
      for (const [i, step] of doc.steps.entries()) {
        await page.click(`#board .rw-point[data-point="${step.from}"]`);
        const to = step.to === "off" ? `.rw-off[data-player="${doc.player}"]` : `.rw-point[data-point="${step.to}"]`;
        assert.ok(await page.$eval(`#board ${to}`, (el) => el.classList.contains("ui-target")), "target highlighted");
        await page.click(`#board ${to}`);
        // the recipe: once a single turn starts with the steps clicked, the page plays it
        const same = (a, b) => String(a.from) === String(b.from) && String(a.to) === String(b.to);
        if (legal.filter((m) => doc.steps.slice(0, i + 1).every((s, j) => same(s, m.steps[j]))).length === 1) break;
      }
    }
    chances += await expectPlayed(page, "tric-trac", state, doc, actor, moves);
    moves += 1;
    await checkRecord(page, moves, chances);
    const last = (await record(page)).at(-1);
    assert.match(last, /^chance: \d-\d$|^(Red|Black): /, "a throw or a named mover closes the record");
    if (moves === 3 && !undone) {  // undo restores the same throw: the dice come from the seed
      undone = true;
      await page.click("#undo");
      await settled(page);
      assert.deepEqual((await held(page)).state, state);
      moves -= 1;
      chances = (await record(page)).filter((r) => r.startsWith("chance: ")).length;
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
  assert.deepEqual(names, ["Red", "Black"], "names as in the picture");
  await finish(page, "tric-trac", errors);
  await context.close();
});

// ---------- Te-Trix: the roller picks a picture; every player places by hovering a cell ----------
async function placeByHover(page, state, actor, pick, cycle) {
  const legal = (await api("te-trix", "legal-moves", { state, player: actor })).moves.map((m) => m.move);
  const wanted = legal[pick(legal.length)];
  const cell = `#board .rw-cell[data-sheet="${actor}"][data-cell="${wanted.cells[0].cell}"]`;
  await page.hover(cell);
  if (cycle && (await page.$('#tools [data-action="cycle"]'))) await page.click('#tools [data-action="cycle"]');
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

test("te-trix: roller's choice from pictures, hover previews, each player places in turn", { timeout: 60_000 }, async () => {
  const { page, context, errors } = await open(PHONE);
  await start(page, { game: "te-trix", players: 2, seed: "browser-tx", options: { size: 5 } });
  const pick = random(5);
  let moves = 0, chances = 0, failed = false;
  while (true) {
    const { state, actor, position } = await checkShown(page, "te-trix");
    if (position.status === "finished") break;
    let doc;
    if (state.phase === "arrange") {
      const legal = (await api("te-trix", "legal-moves", { state, player: actor })).moves.map((m) => m.move);
      const choices = await page.$$eval("#choices button", (els) => els.map((el) => `${el.dataset.shape}:${el.dataset.symbols}`));
      assert.deepEqual(choices, legal.filter((m) => m.kind === "arrange").map((m) => `${m.shape}:${m.symbols}`));
      doc = legal[pick(legal.length)];
      await page.click(`#choices button[data-shape="${doc.shape}"][data-symbols="${doc.symbols}"]`);
    } else {
      assert.deepEqual(position.toMove.includes(actor), true);
      doc = await placeByHover(page, state, actor, pick, moves % 4 === 1);
    }
    chances += await expectPlayed(page, "te-trix", state, doc, actor, moves);
    moves += 1;
    await checkRecord(page, moves, chances);
    if (moves === 4 && !failed) {  // a refused new game leaves this one as it was
      failed = true;
      const kept = await held(page);
      const board = await page.innerHTML("#board");
      await page.evaluate(() => { document.querySelector("details.options").open = true; });
      await page.fill('#options [name="size"]', "99");
      await page.click("#new");
      await settled(page);
      const error = await page.textContent("#error");
      assert.match(error, /^INVALID_OPTIONS: /);
      assert.match(error, /\$\.options\.size: must be between 5 and 12, got 99/);
      assert.equal(await page.getAttribute('#options [name="size"]', "aria-invalid"), "true");
      assert.deepEqual(await held(page), kept);
      assert.equal(await page.innerHTML("#board"), board);
      assert.equal(await ply(page), moves);
      const players = await page.$$eval("#players option", (os) => os.map((o) => o.value));
      assert.deepEqual(players, ["1", "2", "3", "4"], "player counts from the descriptor");
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
  await finish(page, "te-trix", errors);

  // solo: Stop at the start of a round ends the game
  await start(page, { game: "te-trix", players: 1, seed: "browser-solo", options: { size: 5, solo: true } });
  let { state } = await checkShown(page, "te-trix");
  assert.equal(await page.$('#tools [data-move="stop"]') !== null, true, "stop offered at the start of a round");
  const arrange = await page.$$("#choices button");
  await arrange[0].click();
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
test("triominos-junior: hot seat with hidden racks, tiles laid by hovering and clicking", { timeout: 60_000 }, async () => {
  const { page, context, errors } = await open(PHONE);
  await start(page, { game: "triominos-junior", players: 2, seed: "browser-tj" });
  const pick = random(3);
  let moves = 0, chances = 0, draws = 0, laid = 0, undone = false;
  while (true) {
    let { state, actor, covered, position } = await checkShown(page, "triominos-junior");
    if (position.status === "finished") break;
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
      const target = `#board [data-at="${wanted.at}"]:is(.rw-open, .rw-tile)`;
      assert.ok(await page.$eval(target, (el) => el.classList.contains("ui-target")), "the place is highlighted");
      await page.hover(target);
      if (laid % 3 === 1 && (await page.$('#tools [data-action="cycle"]'))) await page.click('#tools [data-action="cycle"]');
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
    chances += await expectPlayed(page, "triominos-junior", state, doc, actor, moves);
    moves += 1;
    await checkRecord(page, moves, chances);
    if (moves === 2 && !undone) {  // undo in the hot seat: back to that turn, behind the cover
      undone = true;
      await page.click("#undo");
      await settled(page);
      assert.deepEqual(await held(page), { state, actor, covered: true });
      assert.equal(await page.$$eval("#board .rw-rack-tile", (els) => els.length), 0);
      moves -= 1;
      chances = (await record(page)).filter((r) => r.startsWith("chance: ")).length;
      continue;
    }
    const shownRecord = (await record(page)).join("\n");
    if (!(await page.textContent("#status")).startsWith("Game over")) {
      assert.doesNotMatch(shownRecord, /deal /, "drawn tiles stay hidden in the record");
    }
    assert.ok(moves < 200, "the game ends");
  }
  assert.ok(laid > 0 && draws > 0 && undone, `tiles laid (${laid}) and drawn (${draws})`);
  await finish(page, "triominos-junior", errors);
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
  const context = await browser.newContext({ viewport: PHONE });
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
  const context = await browser.newContext({ viewport: DESKTOP });
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
