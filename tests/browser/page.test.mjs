// /play as a player meets it, beyond the rules (play.test.mjs plays those): a fresh seed for
// every new game, every control on screen at a desktop's and a phone's size, a banner when
// the service cannot be reached, seats for the reference bot.
// Run by tests/browser/test_play_page.py, as play.test.mjs is.
import assert from "node:assert/strict";
import { test } from "node:test";
import path from "node:path";
import {
  ARTIFACTS, BASE, DESKTOP, FIRST_STEPS, PHONE, api, checkShown, held, onScreen, open, ply, recordLines, settled, start, withBrowser, wordedPattern,
  words,
} from "./browser.mjs";

withBrowser();

// "New game" as a person clicks it, without touching the seed; the state it started.
async function newGame(page) {
  const before = JSON.stringify((await held(page)).state);
  await page.click("#new");
  await page.waitForFunction((b) => document.body.dataset.busy === "false"
    && JSON.stringify(window.regelwerk.state) !== b, before);
  return { state: (await held(page)).state, seed: await page.inputValue("#seed") };
}

// ---------- point 4: every new game its own seed, shown, and kept on purpose ----------
test("every new game gets a fresh seed, shown in the form; a kept seed replays the same start", { timeout: 60_000 }, async () => {
  const { page, context, errors } = await open(DESKTOP);
  for (const [game, dealt] of [["tric-trac", (s) => s.dice], ["triominos-junior", (s) => s.racks]]) {
    await page.selectOption("#game", game);
    const starts = [];
    for (let n = 0; n < 4; n++) starts.push(await newGame(page));
    assert.equal(new Set(starts.map((s) => s.seed)).size, starts.length, `${game}: a new seed for each new game`);
    for (const { state, seed } of starts) {  // the seed shown is the one the game was started with
      assert.ok(seed.length > 0);
      assert.deepEqual(state, (await api(game, "new", { seed })).state, `${game}: started from the seed shown`);
    }
    const deals = new Set(starts.map((s) => JSON.stringify(dealt(s.state))));
    assert.ok(deals.size > 1, `${game}: new games do not all open alike (${[...deals].join(" ")})`);
    // a rematch on purpose: the seed kept, the same start again
    await page.check("#seed-kept");
    const last = starts.at(-1);
    await page.click("#new");
    await settled(page);
    assert.equal(await page.inputValue("#seed"), last.seed);
    assert.deepEqual((await held(page)).state, last.state, `${game}: the kept seed deals alike`);
    await page.uncheck("#seed-kept");
  }
  // a seed typed in is the one used, and kept
  await page.fill("#seed", "typed-by-hand");
  assert.equal(await page.isChecked("#seed-kept"), true);
  await page.click("#new");
  await settled(page);
  assert.deepEqual((await held(page)).state, (await api("triominos-junior", "new", { seed: "typed-by-hand" })).state);
  assert.deepEqual(errors, []);
  await context.close();
});

// ---------- point 5: every control on screen beside the board, on a desktop and a phone ----------
const SIZES = { desktop: DESKTOP, phone: PHONE };


test("every control and message is inside the viewport at 1280×800 and 420×800, for every game", { timeout: 90_000 }, async () => {
  for (const [size, viewport] of Object.entries(SIZES)) {
    const { page, context, errors } = await open(viewport);
    for (const [game, steps] of Object.entries(FIRST_STEPS)) {
      await start(page, { game, seed: "layout" });
      await onScreen(page, `${game}, new game`);
      await steps(page);
      await onScreen(page, `${game}, a move begun`);
      await page.screenshot({ path: path.join(ARTIFACTS, `${game}-${size}.png`) });
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= viewport.width, `no sideways scrolling at ${viewport.width} px`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("on a touch screen a first tap shows a placement and a second tap plays it", { timeout: 60_000 }, async () => {
  const { page, context, errors } = await open(PHONE, "en-US", { hasTouch: true, isMobile: true });
  const texts = await words("en");
  await start(page, { game: "te-trix", players: 2, seed: "touch", options: { size: 5 } });
  await page.tap("#choices button[data-shape]");
  await page.tap("#choices button[data-symbols]");
  await page.waitForFunction(() => document.body.dataset.ply === "1" && document.body.dataset.busy === "false");
  const { state } = await held(page);
  const legal = (await api("te-trix", "legal-moves", { state, player: 0 })).moves.map((m) => m.move);
  const cell = `#board .rw-cell[data-sheet="0"][data-cell="${legal[0].cells[0].cell}"]`;
  await page.tap(cell);
  assert.equal(await ply(page), 1, "the first tap only shows the placement");
  assert.ok((await page.$$("#board rect.ui-preview")).length > 0);
  assert.match(await page.textContent("#hint"), wordedPattern(texts["play-te-trix-enter-touch"]), "the hint says: tap again");
  await onScreen(page, "te-trix, a placement shown by a tap");
  await page.tap(cell);
  await page.waitForFunction(() => document.body.dataset.ply === "2" && document.body.dataset.busy === "false");
  assert.deepEqual(errors, []);
  await context.close();
});

// ---------- point 10: a banner when the service cannot be reached or answers with an error ----------
const GRAPHQL = (url) => url.pathname === "/graphql";

test("a network failure or an error answer shows a banner in the catalog's words, and Retry plays on", { timeout: 60_000 }, async () => {
  const { page, context, errors } = await open(PHONE, "de-DE");
  const de = await words("de");
  await start(page, { game: "mixtour", seed: "banner" });
  assert.equal(await page.isVisible("#banner"), false);
  const failures = [
    ["the connection fails", (route) => route.abort("connectionrefused"), de["play-error-network"]],
    ["the service answers 502 without JSON", (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" }),
      de["play-error-not-json"].replace("{status}", "502")],
  ];
  for (const [n, [what, fail, message]] of failures.entries()) {
    const { state } = await held(page);
    await page.route(GRAPHQL, fail, { times: 1 });
    await page.click(`#board [data-square="${["c3", "c4"][n]}"]`);
    await settled(page);
    assert.ok(await page.isVisible("#banner"), `${what}: the banner`);
    assert.equal(await page.textContent("#banner-text"), message, `${what}: in the catalog's German words`);
    assert.equal(await page.textContent("#retry"), de["play-retry"]);
    assert.deepEqual((await held(page)).state, state, `${what}: the game stays as it was`);
    await onScreen(page, `${what}: the banner`);
    await page.screenshot({ path: path.join(ARTIFACTS, "banner-phone.png") });
    await page.click("#retry");  // the same request again, now answered
    await page.waitForFunction((k) => document.body.dataset.ply === String(k) && document.body.dataset.busy === "false", n + 1);
    assert.equal(await page.isVisible("#banner"), false, `${what}: Retry played the move`);
    const played = await api("mixtour", "play", { state, move: { kind: "place", square: ["c3", "c4"][n] } });
    assert.deepEqual((await held(page)).state, played.state);
  }
  // a page opened while the service is down: Retry starts it once the service answers
  const down = await context.newPage();
  await down.route(GRAPHQL, (route) => route.abort("connectionrefused"), { times: 1 });
  await down.goto(`${BASE}/play`);
  await down.waitForSelector("#banner:not([hidden])");
  await down.click("#retry");
  await down.waitForSelector('body[data-busy="false"] #board svg');
  assert.equal(await down.isVisible("#banner"), false);
  assert.deepEqual(errors, []);
  await context.close();
});

// ---------- point 7: seats, a person against the reference bot ----------
// The human's move, clicked as a person clicks it: the first legal move of each kind the board
// plays, or the button of a move it does not.
const HUMAN = {
  async mixtour(page, legal) {
    const doc = legal.find((m) => m.kind === "shift") ?? legal[0];
    if (doc.kind === "place") return page.click(`#board [data-square="${doc.square}"]`);
    if (doc.kind !== "shift") return page.click(`#tools [data-move="${doc.kind}"]`);
    await page.click(`#board [data-square="${doc.from}"]`);
    await page.click(`#board [data-square="${doc.to}"]`);
    if (await page.$(`#tools [data-count="${doc.count}"]`)) await page.click(`#tools [data-count="${doc.count}"]`);
    return undefined;
  },
  async "tric-trac"(page, legal) {
    const doc = legal[0];
    if (doc.kind === "pass") return page.click('#tools [data-move="pass"]');
    for (const step of doc.steps) {  // each step as the service offers it next; the last plays the turn
      await page.click(`#board .rw-point[data-point="${step.from}"]`);
      await page.click(step.to === "off" ? `#board .rw-off[data-player="${doc.player}"]` : `#board .rw-point[data-point="${step.to}"]`);
      await settled(page);
    }
    return undefined;
  },
  async "te-trix"(page, legal) {
    const doc = legal[0];
    if (doc.kind === "arrange") {
      await page.click(`#choices button[data-shape="${doc.shape}"]`);
      return page.click(`#choices button[data-shape="${doc.shape}"][data-symbols="${doc.symbols}"]`);
    }
    if (doc.kind !== "place") return page.click(`#tools [data-move="${doc.kind}"]`);
    return page.click(`#board .rw-cell[data-sheet="0"][data-cell="${doc.cells[0].cell}"]`);  // pointed at, then clicked
  },
  async "triominos-junior"(page, legal) {
    const doc = legal.find((m) => m.kind === "place" || m.kind === "swap") ?? legal[0];
    if (!doc.rackTile) return page.click(`#tools [data-move="${doc.kind}"]`);
    await page.click(`#board .rw-rack-tile[data-tile="${doc.rackTile}"]`);
    return page.click(`#board [data-at="${doc.at}"]:is(.rw-open, .rw-tile)`);  // pointed at, then clicked
  },
};
const AGAINST_THE_BOT = [
  ["mixtour", PHONE, { options: { pointsToWin: 1, piecesPerPlayer: 5 } }],
  ["tric-trac", DESKTOP, { options: { pointsToWin: 1 } }],
  ["te-trix", DESKTOP, { players: 2, options: { size: 5 } }],
  ["triominos-junior", DESKTOP, { players: 2 }],
];

for (const [game, viewport, setup] of AGAINST_THE_BOT) {
  test(`${game}: a person against the easy bot, to the end`, { timeout: 90_000 }, async () => {
    const { page, context, errors } = await open(viewport);
    await start(page, { game, seed: `bot-${game}`, ...setup });
    await page.selectOption('#scores select[data-seat="1"]', "easy");
    let human = 0, bot = 0;
    for (;;) {
      await page.waitForFunction(() => document.body.dataset.busy === "false" && document.body.dataset.turn !== "bot");
      const { position, state } = await checkShown(page, game);
      const plies = (await held(page)) && Number(await page.evaluate(() => document.body.dataset.ply));
      bot = await page.$$eval('#record li[data-bot="true"]', (lis) => lis.length);
      if (position.status === "finished") break;
      assert.ok(position.toMove.includes(0), "the person's turn, once the bot has moved");
      const legal = (await api(game, "legal-moves", { state, player: 0 })).moves.map((m) => m.move);
      await HUMAN[game](page, legal);
      await page.waitForFunction((k) => Number(document.body.dataset.ply) > k, plies);
      human += 1;
      assert.ok(human < 150, "the game ends");
    }
    assert.ok(human > 0 && bot > 0, `moves by the person (${human}) and by the bot (${bot}), the bot's in the record`);
    const { moves, ...record } = JSON.parse(await page.inputValue("#json"));
    assert.ok(moves.some((m) => m.player === 1), "the bot's moves are in the record");
    assert.deepEqual((await api(game, "replay", { ...record, moves, game: undefined })).state, (await held(page)).state);
    await page.screenshot({ path: path.join(ARTIFACTS, `${game}-against-the-bot.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// ---------- point 1: a Tric Trac turn in the player's own order ----------
// After the opening throw red 3-5 a stone on point 1 may go by either number first: the page
// offers both targets (the service's next steps), and every order reaches the same position.
test("tric-trac: a turn played with its larger die first and with its smaller die first", { timeout: 60_000 }, async () => {
  const { page, context, errors } = await open(DESKTOP);
  const texts = await words("en");
  await start(page, { game: "tric-trac", seed: "" });  // no seed: the throw is entered
  await page.selectOption("#outcome", "red 3-5");
  await page.click('#tools [data-action="outcome"]');
  await page.waitForFunction(() => document.body.dataset.ply === "1" && document.body.dataset.busy === "false");
  const { state } = await held(page);
  const orders = {
    "the larger die first, one stone twice": [[1, 6], [6, 9]],
    "the smaller die first, one stone twice": [[1, 4], [4, 9]],
    "the larger die first, two stones": [[1, 6], [1, 4]],
  };
  for (const [order, steps] of Object.entries(orders)) {
    const notation = steps[1][0] === steps[0][1] ? "1/4/9" : "1/4 1/6";  // as legal-moves lists it
    const expected = await api("tric-trac", "play", { state, move: notation, describe: true });
    for (const [i, [from, to]] of steps.entries()) {
      await page.click(`#board .rw-point[data-point="${from}"]`);
      const targets = await page.$$eval("#board .rw-point.ui-target", (els) => els.map((el) => Number(el.dataset.point)).sort((a, b) => a - b));
      const offered = i === 0 ? [4, 6] : [from + 8 - (steps[0][1] - steps[0][0])];  // the other number
      assert.deepEqual(targets, offered, `${order}: step ${i + 1} from ${from} may go to ${offered}`);
      await page.click(`#board .rw-point[data-point="${to}"]`);
      await settled(page);
      if (i === 0) {
        const used = await page.$$eval("#board .rw-die.ui-used", (els) => els.map((el) => Number(el.dataset.die)));
        assert.deepEqual(used, [to - from], `${order}: the die of the first step is used`);
        assert.equal(await page.textContent("#hint"), texts["play-tric-trac-next-step"].replace("{played}", "1"));
        await page.screenshot({ path: path.join(ARTIFACTS, "tric-trac-own-order.png") });
      }
    }
    await page.waitForFunction(() => document.body.dataset.ply === "2" && document.body.dataset.busy === "false");
    assert.deepEqual((await held(page)).state, expected.state, `${order}: the turn is played`);
    assert.deepEqual((await recordLines(page)).slice(-expected.events.length), expected.events.map((e) => e.description));
    await page.click("#undo");
    await settled(page);
    assert.deepEqual((await held(page)).state, state);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

// ---------- point 6 (partly): dice as dice faces, rolled symbols as their symbols ----------
// Without a seed the player enters the throw or the roll: every outcome in the list begins with
// its faces, and the record's line of it shows them too, named by the catalog for a screen reader.
const DICE = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const SYMBOLS = { o: "○", x: "✕", s: "□" };
const ENTERED = [
  ["tric-trac", {}, (m) => m.dice.map((n) => DICE[n - 1]).join(""), "red 3-5", "⚂⚄", ["play-tric-trac-die-3", "play-tric-trac-die-5"]],
  ["te-trix", { players: 2 }, (m) => [...m.symbols].map((c) => SYMBOLS[c]).join(""), "ooxs", "○○✕□",
    ["play-te-trix-symbol-o", "play-te-trix-symbol-o", "play-te-trix-symbol-x", "play-te-trix-symbol-s"]],
];

test("dice and rolled symbols are shown as their faces, with names from the catalog", { timeout: 60_000 }, async () => {
  const { page, context, errors } = await open(DESKTOP, "de-DE");
  const de = await words("de");
  for (const [game, setup, glyphs, entered, shown, names] of ENTERED) {
    await start(page, { game, seed: "", ...setup });
    const { state } = await held(page);
    const outcomes = (await api(game, "legal-moves", { state, describe: true }, "de")).moves;
    const listed = await page.$$eval("#outcome option", (os) => os.map((o) => [o.value, o.textContent]));
    assert.deepEqual(listed.map(([notation]) => notation), outcomes.map((m) => m.notation));
    for (const [i, [, text]] of listed.entries()) {
      assert.ok(text.startsWith(`${glyphs(outcomes[i].move)} ${outcomes[i].description} (`), `${game}: ${text}`);
    }
    await page.selectOption("#outcome", entered);
    await page.click('#tools [data-action="outcome"]');
    await page.waitForFunction(() => document.body.dataset.ply === "1" && document.body.dataset.busy === "false");
    const faces = await page.$$eval("#record li .faces", (els) => els.map((el) => ({
      text: el.textContent, role: el.getAttribute("role"), name: el.getAttribute("aria-label"),
    })));
    const name = new Intl.ListFormat("de", { type: "conjunction" }).format(names.map((id) => de[id]));
    assert.deepEqual(faces, [{ text: shown, role: "img", name }], `${game}: the record shows the faces entered`);
    await page.screenshot({ path: path.join(ARTIFACTS, `${game}-faces.png`) });
  }
  assert.deepEqual(errors, []);
  await context.close();
});

// ---------- issue 25, point 6: what happened, on the board and in words ----------
test("the last move is marked on the board and told in a line; the opening heads the record", { timeout: 60_000 }, async () => {
  const { page, context, errors } = await open(DESKTOP, "de-DE");
  const de = await words("de");
  await start(page, { game: "mixtour", seed: "last" });
  const { state } = await held(page);
  await page.click('#board [data-square="c3"]');
  await page.waitForFunction(() => document.body.dataset.ply === "1" && document.body.dataset.busy === "false");
  const played = await api("mixtour", "play", { state, move: "c3", player: 0, describe: true }, "de");
  const [placed] = played.events;
  assert.deepEqual(placed.locations.find((l) => l.role === "to"), { square: "c3", role: "to" });
  const marks = await page.$$eval("#board .ui-last-to", (els) => els.map((el) => el.dataset.square));
  assert.ok(marks.length > 0 && marks.every((s) => s === "c3"), `the target square marked (${marks})`);
  assert.equal(await page.$$eval('#board [data-square="c4"].ui-last-to', (els) => els.length), 0);
  const line = de["play-last-move"].replace("{what}", placed.description);
  assert.equal(await page.textContent("#last"), line, "the line tells the service's words");
  assert.equal(await page.getAttribute("#last", "aria-live"), "polite");
  await page.screenshot({ path: path.join(ARTIFACTS, "mixtour-last.png") });
  // the next move moves the marks
  await page.click('#board [data-square="d4"]');
  await page.waitForFunction(() => document.body.dataset.ply === "2" && document.body.dataset.busy === "false");
  assert.deepEqual(await page.$$eval("#board .ui-last-to", (els) => [...new Set(els.map((el) => el.dataset.square))]), ["d4"]);
  // a seeded Tric Trac game: the record's first line is the opening throw, as the service tells it
  await start(page, { game: "tric-trac", seed: "opening" });
  const opened = await api("tric-trac", "new", { seed: "opening", describe: true }, "de");
  const throwLine = opened.events.find((e) => e.type === "chance" && e.sampled).description;
  assert.equal((await recordLines(page))[0], throwLine, "the opening throw heads the record");
  assert.ok((await recordLines(page)).includes(opened.events.find((e) => e.type === "thrown").description), "and who won it");
  assert.equal(await page.$eval("#record li", (li) => li.dataset.kind), "chance");
  await page.screenshot({ path: path.join(ARTIFACTS, "tric-trac-opening.png") });
  await context.close();
  assert.deepEqual(errors, []);
});
