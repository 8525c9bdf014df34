// /play as a player meets it, beyond the rules (play.test.mjs plays those): a fresh seed for
// every new game, every control on screen at a desktop's and a phone's size, a banner when
// the service cannot be reached, seats for the reference bot.
// Run by tests/browser/test_play_page.py, as play.test.mjs is.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DESKTOP, api, held, open, settled, withBrowser } from "./browser.mjs";

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
