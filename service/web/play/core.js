// The reference page's core: the API, the game on screen (undo, record, verify), the setup
// form and the board's generic part. Everything a game adds (what a click on its picture
// means, how its selection is marked, previews) is its board module, ./games/<game id>.js,
// loaded by the registry's id; board.js declares the interface those modules implement.
// Nothing here names a game (tests/browser/test_play_modules.py holds that).
// Every word on the page comes from the service: the page's own (buttons, headings, hints)
// from /play/texts.json, the catalog's messages "play-…", and everything about the game
// (prompts, moves, events, errors, names, options, rules, the picture) from GraphQL, asked in
// the language of the switch.
import { problems as misfits } from "./board.js";
import { isArrow, keyOf, locations, nearest, prepare, stopAt } from "./keys.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

// ---------- the page's words: the catalog's "play-…" messages, in the chosen language ----------
const STORE = "regelwerk.lang";  // the language a person chose, remembered in localStorage
let lang = null;    // the language of every request and every word on the page
let texts = {};     // id -> text, an argument as {name}

// The text of a page message with its arguments filled in; an id the catalog lacks shows as
// itself (tests/test_catalog.py fails first: it reads every t("play-…") of the page).
function t(id, args = {}) {
  const text = texts[id];
  if (text == null) return id;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

function remembered() {
  try { return localStorage.getItem(STORE); } catch { return null; }
}

// Loads the page's words in `wanted`, else in the browser's language as the service matches
// navigator.languages to its own (German if the browser prefers it, else English).
async function loadTexts(wanted) {
  const url = wanted ? `/play/texts.json?lang=${encodeURIComponent(wanted)}` : "/play/texts.json";
  const headers = wanted ? {} : {"accept-language": navigator.languages.join(",") || navigator.language || ""};
  const response = await fetch(url, {headers});
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${url}`);
  const answer = await response.json();
  lang = answer.language;
  texts = answer.texts;
  document.documentElement.lang = lang;
  document.title = t("play-title");
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll("[data-t-title]")) el.title = t(el.dataset.tTitle);
  for (const el of document.querySelectorAll("[data-t-label]")) el.setAttribute("aria-label", t(el.dataset.tLabel));
  $("lang").replaceChildren(...Object.entries(answer.languages).map(([code, name]) =>
    Object.assign(new Option(name, code, false, code === lang), {lang: code})));
  $("lang").value = lang;
}

// ---------- the API: GraphQL, fixed query text with variables ----------
const FAILURES = `... on MoveRejected { code message ply reason rule }
  ... on InvalidState { code message problems { path reason } problemCount }
  ... on InvalidRequest { code message details }`;
const POSITION = "state toMove isChance status winners scores";
const NEXT_STEPS = `__typename ... on NextSteps { steps { notation move } canEnd turn { notation move } }
  ... on MoveRejected { code message reason rule step } ... on InvalidRequest { code message details }`;
const Q = {
  games: "query Games { games { id name minPlayers maxPlayers chance hiddenInformation simultaneous options playerNames } }",
  newGame: `query New($g: String!, $p: Int, $o: JSON, $s: String) {
    newGame(game: $g, players: $p, options: $o, seed: $s, describe: true) { __typename
      ... on Position { ${POSITION} events } ${FAILURES} } }`,
  look: `query Look($g: String!, $s: JSON!, $p: Int, $moves: Boolean!, $steps: Boolean!, $narrow: Boolean!) {
    position(game: $g, state: $s) { __typename
      ... on Position { prompt svg(player: $p, narrow: $narrow)
        legalMoves(player: $p) @include(if: $moves) { notation move probability description }
        nextSteps(player: $p) @include(if: $steps) { ${NEXT_STEPS} } }
      ${FAILURES} } }`,
  steps: `query Steps($g: String!, $s: JSON!, $p: Int, $steps: [JSON!]) {
    position(game: $g, state: $s) { __typename
      ... on Position { nextSteps(player: $p, steps: $steps) { ${NEXT_STEPS} } }
      ${FAILURES} } }`,
  play: `query Play($g: String!, $s: JSON!, $m: [JSON!]!, $p: Int) {
    play(game: $g, state: $s, moves: $m, player: $p, describe: true) { __typename
      ... on PlayOutcome { events position { ${POSITION} } } ${FAILURES} } }`,
  replay: `query Replay($g: String!, $p: Int, $o: JSON, $s: String, $m: [JSON!]!) {
    replay(game: $g, players: $p, options: $o, seed: $s, moves: $m) { __typename
      ... on ReplayOutcome { plies position { state } } ${FAILURES} } }`,
  readRecord: `query ReadRecord($g: String!, $r: String!) {
    replay(game: $g, record: $r) { __typename ... on ReplayOutcome { replayed } ${FAILURES} } }`,
  suggest: `query Suggest($g: String!, $s: JSON!, $p: Int, $l: BotLevel, $seed: String) {
    suggest(game: $g, state: $s, player: $p, level: $l, seed: $seed) { __typename
      ... on Suggestion { player move { notation move probability description } } ${FAILURES} } }`,
  rules: `query Rules($g: String!) { rules(game: $g) { __typename ... on Rules { rules { id text } } ... on InvalidRequest { code message } } }`,
};

async function gql(query, variables) {
  let response;
  try {
    response = await fetch("/graphql", {  // in the page's language, as the switch says
      method: "POST",
      headers: {"content-type": "application/json", accept: "application/graphql-response+json", "accept-language": lang},
      body: JSON.stringify({query, variables}),
    });
  } catch {  // the browser's own words ("Failed to fetch") are in its language, not the page's
    throw trouble(failure(t("play-error-network")));
  }
  let body;
  try { body = await response.json(); } catch { throw trouble(failure(t("play-error-not-json", {status: response.status}))); }
  if (body.error) throw trouble(failure(body.error.message, body.error.code));
  if (body.errors) throw trouble(failure(body.errors.map((e) => e.message).join("\n"), body.errors[0].extensions?.code));
  return body.data;
}

// A failure of the connection or of the service itself, not a refusal of the game's: shown in
// the banner, with a button that tries the same request sequence again.
function trouble(error) {
  error.trouble = true;
  return error;
}

// An error as the page shows it: the service's words; its code goes to #error's data-code.
function failure(message, code, problems = []) {
  const error = new Error([message, ...problems.map((p) => `${p.path}: ${p.reason}`)].join("\n"));
  Object.assign(error, {code, problems});
  return error;
}

// A union answer: the wanted member, or an error telling the refusal (the service names the
// move) and every problem.
function unwrap(answer, wanted) {
  if (answer.__typename === wanted) return answer;
  throw failure(answer.message, answer.code, answer.problems ?? answer.details?.problems ?? []);
}

// ---------- what the page holds ----------
let games = {};     // id -> descriptor (GET games)
let game = null;    // {id, info, players, options, seed, board, start, colours}
let now = null;     // {position, record, moves, plays, last}: the current state, how it was reached, and the
                    // events of its last move (newGame's opening before the first)
let history = [];   // earlier snapshots, for undo
let view = null;    // {svg, prompt, legal, actor, covered, board, lang}: what the screen shows for whom
let pick = {};      // the selection on the board; a new view clears it
let busy = false, pointer = "mouse";
let marked = [];    // [element, class] the board module marked since the last paint

// The seats: "human", or the reference bot at a level (suggest), per player.
const LEVELS = {easy: "EASY", medium: "MEDIUM", strong: "STRONG"};
let seats = [];
const isBot = (p) => (seats[p] ?? "human") !== "human";
const humans = () => Array.from({length: game.players}, (_, p) => p).filter((p) => !isBot(p));

// Whoever acts at this screen: in hot-seat games with hidden racks nobody until the device
// has been passed (covered); with simultaneous placement one mover after the other. Bots act
// on their own: while only bots are to move, the screen shows what its one human may see.
function nextActor(position, previous) {
  if (position.status === "finished" || !position.toMove.length) return {actor: null, covered: false};
  const movers = position.toMove.filter((p) => !isBot(p));
  if (!movers.length) return {actor: position.toMove[0], covered: false, bot: true};
  if (game.info.hiddenInformation) {
    const actor = movers[0];
    return {actor, covered: actor !== previous && humans().length > 1};  // nobody to hide from
  }
  return {actor: movers.includes(previous) ? previous : movers[0], covered: false};
}

async function look(position, actor, covered, bot = false) {
  const watcher = humans().length === 1 ? humans()[0] : null;  // a bot's turn, as its human sees it
  const player = bot ? (game.info.hiddenInformation ? watcher : actor) : covered ? null : actor;
  const moves = !bot && !covered && position.status !== "finished";
  const steps = moves && !!game.board.steps && !position.isChance;  // the first steps of a turn built step by step
  const wanted = narrow();
  const data = await gql(Q.look, {g: game.id, s: position.state, p: player, moves, steps, narrow: wanted});
  const answer = unwrap(data.position, "Position");
  return {svg: answer.svg, prompt: answer.prompt ?? "", legal: answer.legalMoves ?? [], actor, covered, bot, board: game.board, lang,
    narrow: wanted, steps: steps ? unwrap(answer.nextSteps, "NextSteps") : null};
}

// A phone's screen (the page's own layout says so: --narrow in play.html's narrow media
// query) gets the picture drawn narrow: its text readable at that width.
const narrow = () => getComputedStyle(document.documentElement).getPropertyValue("--narrow").trim() === "1";

// The steps that may follow `steps` (notations or documents of steps the service offered) in
// the position on screen; `then(answer)` runs once it is known, if the screen still shows the
// same view (a board that builds a move step by step: board.steps).
function nextSteps(steps, then) {
  const shown = view;
  let answer = null;
  return act(async () => {
    const data = await gql(Q.steps, {g: game.id, s: now.position.state, p: view.actor, steps});
    answer = unwrap(unwrap(data.position, "Position").nextSteps, "NextSteps");
  }, () => (view === shown && answer ? then(answer) : undefined));
}

// Runs one request sequence; on any failure the game on screen stays as it was. `after` runs
// once the work has succeeded and the page is no longer busy (it may act again).
async function act(work, after = null) {
  if (busy) return;
  busy = true;
  document.body.dataset.busy = "true";
  showError(null);
  showTrouble(null);
  let done = false;
  try {
    await work();
    done = true;
  } catch (e) {
    if (e.trouble) showTrouble(e, () => act(work, after));
    else showError(e);
  } finally {
    busy = false;
    document.body.dataset.busy = "false";
  }
  if (done && after) await after();
  redrawForWidth();
}

// The banner over the game: what went wrong in the page's words (or the service's), and Retry.
let retry = null;
function showTrouble(e, again = null) {
  $("banner").hidden = !e;
  $("banner-text").textContent = e?.message ?? "";
  if (e?.code) $("banner").dataset.code = e.code;
  else delete $("banner").dataset.code;
  retry = again;
  $("retry").hidden = !again;
}

function showError(e) {
  $("error").textContent = e?.message ?? "";
  if (e?.code) $("error").dataset.code = e.code;
  else delete $("error").dataset.code;
}

// ---------- setup: games, players and options from the descriptors ----------
async function loadGames() {
  const data = await gql(Q.games);
  const chosen = $("game").value;
  games = {};
  $("game").replaceChildren(...data.games.map((g) => {
    games[g.id] = g;
    return new Option(g.name, g.id);
  }));
  if (chosen in games) $("game").value = chosen;
  if (game) game.info = games[game.id];
}

// The form for the chosen game; `keep`: the values entered so far stay (a new language).
function setupForm(keep = false) {
  const info = games[$("game").value];
  const kept = keep ? {players: $("players").value, ...Object.fromEntries(Array.from(
    $("options").querySelectorAll("[name]"), (el) => [el.name, el.type === "checkbox" ? el.checked : el.value]))} : {};
  $("players").replaceChildren();
  for (let n = info.minPlayers; n <= info.maxPlayers; n++) $("players").add(new Option(String(n), n));
  $("players").value = String(Math.max(info.minPlayers, Math.min(2, info.maxPlayers)));
  $("players").disabled = info.minPlayers === info.maxPlayers;
  $("options").replaceChildren(...Object.entries(info.options).map(([name, o]) => {
    const label = document.createElement("label");
    label.title = o.description ?? "";
    let input;
    if (o.type === "boolean") {
      input = Object.assign(document.createElement("input"), {type: "checkbox", checked: !!o.default});
      label.className = "check";
    } else if (o.enum) {
      input = document.createElement("select");
      for (const v of o.enum) input.add(new Option(v, v));
      input.value = o.default;
    } else if (o.type === "integer") {
      input = Object.assign(document.createElement("input"), {type: "number", value: o.default, step: 1});
      if (o.minimum != null) input.min = o.minimum;
      if (o.maximum != null) input.max = o.maximum;
    } else {  // lists and objects: JSON text
      input = Object.assign(document.createElement("input"), {value: JSON.stringify(o.default), spellcheck: false});
    }
    input.name = name;
    input.dataset.kind = o.type === "boolean" ? "boolean" : o.enum ? "enum" : o.type === "integer" ? "integer" : "json";
    if (name in kept) input[input.type === "checkbox" ? "checked" : "value"] = kept[name];
    label.append(o.title ?? name, input);
    return label;
  }));
  if (kept.players != null) $("players").value = kept.players;
}

// The options that differ from the defaults; a field that is not JSON is refused here.
function readOptions() {
  const info = games[$("game").value], options = {}, problems = [];
  $("players").removeAttribute("aria-invalid");
  for (const input of $("options").querySelectorAll("[name]")) {
    input.removeAttribute("aria-invalid");
    let value;
    if (input.dataset.kind === "boolean") value = input.checked;
    else if (input.dataset.kind === "integer") value = input.value === "" ? info.options[input.name].default : Number(input.value);
    else if (input.dataset.kind === "enum") value = input.value;
    else {
      try { value = JSON.parse(input.value || "null"); } catch {
        problems.push({path: `$.options.${input.name}`, reason: t("play-error-option-not-json")});
        input.setAttribute("aria-invalid", "true");
        continue;
      }
    }
    if (JSON.stringify(value) !== JSON.stringify(info.options[input.name].default)) options[input.name] = value;
  }
  if (problems.length) throw failure(t("play-error-options"), null, problems);
  return options;
}

function markProblems(problems) {
  for (const p of problems ?? []) {
    const name = /^\$\.options\.([^.[]+)/.exec(p.path)?.[1];
    const input = name ? $("options").querySelector(`[name="${name}"]`) : p.path === "$.players" ? $("players") : null;
    input?.setAttribute("aria-invalid", "true");
    if (name) $("options").parentElement.open = true;
  }
}

// On a phone the setup folds away while a game is on (play.html's CSS hides it then), and
// its button unfolds it again.
function foldSetup(folded) {
  const toggle = $("setup-toggle");
  $("setup").dataset.folded = String(folded);
  toggle.setAttribute("aria-expanded", String(!folded));
  toggle.dataset.t = folded ? "play-setup-more" : "play-setup-less";  // kept by a language switch
  toggle.textContent = t(toggle.dataset.t);
}

// A seed nobody chose: every new game its own dice and deals, unless the seed is kept.
const freshSeed = () => Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(36).padStart(2, "0")).join("");

// A new game as the form says, or as `given` ({game, players, options, seed}: a record's start).
async function newGame(given = null, then = null) {
  if (given) showSetup(given);
  const id = $("game").value, info = games[id];
  if (!$("seed-kept").checked) $("seed").value = freshSeed();
  const players = Number($("players").value), seed = $("seed").value.trim() || null;
  let options;
  try { options = given ? given.options ?? {} : readOptions(); } catch (e) { showError(e); return; }
  await act(async () => {
    try {
      const board = await boardOf(id);
      const data = await gql(Q.newGame, {g: id, p: players, o: options, s: seed});
      const position = unwrap(data.newGame, "Position");
      const previous = game;
      game = {id, info, players, options, seed, board, start: position.state, colours: [], opening: position.events};
      try {
        const {actor, covered, bot} = nextActor(position, null);
        const next = await look(position, actor, covered, bot);
        history = [];
        now = {position, record: opening(), moves: [], plays: [], last: position.events};
        view = next;
        pick = {};
        $("note").textContent = "";
        $("options").parentElement.open = false;  // the setup is done: the room is the board's
        foldSetup(true);
        $("game-style").textContent = `#board :is(${board.places}) { cursor: pointer; }\n${board.css ?? ""}`;
        tape = [];
        draw();
        loadRules().catch(showError);
        if (then) await then();
      } catch (e) {
        game = previous;
        throw e;
      }
    } catch (e) {
      markProblems(e.problems);
      throw e;
    }
  });
}

// The form shows a record's start: its game, players and seed (kept: the record's dice).
function showSetup({game: id, players, seed}) {
  if (!(id in games)) throw failure(t("play-record-unknown-game", {game: String(id)}));
  $("game").value = id;
  setupForm();
  if (players != null) $("players").value = String(players);
  $("seed").value = seed ?? "";
  $("seed-kept").checked = true;
}

// ---------- records: loaded, stepped through, shared as a link ----------
// `tape`: the moves of the game as far as it is known (a loaded record, or the moves played
// before stepping back); the screen shows its first now.moves.length. Playing a move at a
// ply makes the moves so far the tape: the game goes on from there.
let tape = [];

// The position after the tape's first k moves, told as the record tells it (one request).
async function goTo(k) {
  const moves = tape.slice(0, Math.max(0, Math.min(k, tape.length)));
  const data = await gql(Q.play, {g: game.id, s: game.start, m: moves, p: null});
  const outcome = unwrap(data.play, "PlayOutcome");
  const plays = moves.map((m) => (typeof m === "string" ? {player: null, chance: true, notation: m}
    : {player: m.player, chance: false, notation: typeof m.move === "string" ? m.move : JSON.stringify(m.move), move: m.move}));
  const {actor, covered, bot} = nextActor(outcome.position, humans().length === 1 ? humans()[0] : null);
  const next = await look(outcome.position, actor, covered, bot);
  history = [];
  now = {position: outcome.position, record: [...opening(), ...recordItems(outcome.events, plays)], moves, plays,
    last: moves.length ? outcome.events.filter((e) => (e.ply ?? 0) === moves.length - 1) : game.opening};
  view = next;
  pick = {};
  draw();
}
const step = (k) => act(() => goTo(k));

// A record as Copy record gives it ({game, players, options, seed, moves}), or a text record
// (tags, then numbered moves) as the service reads it, at ply `ply` (default: its end).
async function loadRecord(text, ply = null) {
  let record;
  try { record = JSON.parse(text); } catch { record = null; }
  if (!record || typeof record !== "object" || !Array.isArray(record.moves)) {
    let read = null;
    await act(async () => { read = await readTextRecord(text); });
    if (!read) return;  // the error says why
    record = read;
  }
  try { showSetup(record); } catch (e) { showError(e); return; }
  await newGame(record, async () => {
    tape = record.moves;
    await goTo(ply ?? tape.length);
  });
}

// A text record as the JSON record it reads as: replay's `replayed`, each move with who made
// it. The record names its game: sent to another game's replay, the refusal says which.
async function readTextRecord(text) {
  const read = async (g) => (await gql(Q.readRecord, {g, r: text})).replay;
  let id = $("game").value, answer = await read(id);
  const other = answer.details?.game;
  if (answer.code === "INVALID_RECORD" && other && other !== id && other in games) answer = await read(id = other);
  return {game: id, ...unwrap(answer, "ReplayOutcome").replayed};
}

// The game on screen as a link: its record and ply in the fragment, for anyone to open.
function shareLink() {
  const fragment = `#${new URLSearchParams({record: JSON.stringify({...recordDocument(), moves: tape}), ply: now.moves.length})}`;
  window.history.replaceState(null, "", fragment);
  return location.href;
}


// Players' names from the descriptor, in the page's language; their colours as the picture
// shows them, once it does: a player's own piece, or a piece whose label is the player's name.
const nameOf = (p) => game.info.playerNames[p] ?? String(p + 1);
function readColours() {
  for (let p = 0; p < game.players; p++) {
    if (game.colours[p]) continue;
    const own = svgEl()?.querySelector(`[data-player="${p}"][fill]`);
    const named = q("[data-colour][fill]").find((el) => el.querySelector("title")?.textContent === nameOf(p));
    game.colours[p] = (own ?? named)?.getAttribute("fill") ?? null;
  }
}


// ---------- playing ----------
async function play(entry) {
  await act(() => playFor(entry, entry.probability != null ? null : view.actor));
  await botTurn();
}

// Plays `entry` for `player` (null: a chance outcome); `bot`: the reference bot chose it.
async function playFor(entry, player, bot = false) {
  const chance = entry.probability != null;
  const data = await gql(Q.play, {g: game.id, s: now.position.state, m: [entry.move], p: player});
  const outcome = unwrap(data.play, "PlayOutcome");
  const done = {player, chance, bot, notation: entry.notation, description: entry.description, move: entry.move};
  const record = [...now.record, ...recordItems(outcome.events, [done])];
  const moves = [...now.moves, player == null ? entry.notation : {player, move: entry.notation}];
  const human = view.covered || view.bot ? null : view.actor;
  const {actor, covered, bot: botNext} = nextActor(outcome.position, human ?? (humans().length === 1 ? humans()[0] : null));
  const next = await look(outcome.position, actor, covered, botNext);
  history.push({snapshot: now, view});
  now = {position: outcome.position, record, moves, plays: [...now.plays, done], last: outcome.events};
  tape = moves;  // the game goes on from here
  view = next;
  pick = {};
  $("note").textContent = "";
  draw();
}

// While a bot is to move, the bot moves: its level's suggestion, played like any move. The
// suggestion's seed follows the game's, so a seeded game against the bot replays alike.
async function botTurn() {
  for (;;) {
    const position = now?.position;
    if (!position || busy || position.status === "finished" || position.isChance) return;
    const player = position.toMove.find(isBot);
    if (player == null) return;
    let failed = true;
    await act(async () => {
      const seed = game.seed == null ? null : `${game.seed}/${now.moves.length}`;
      const data = await gql(Q.suggest, {g: game.id, s: position.state, p: player, l: LEVELS[seats[player]], seed});
      const {move} = unwrap(data.suggest, "Suggestion");
      await playFor(move, player, true);
      failed = false;
    });
    if (failed) return;  // the banner or the error says why; Retry or a new seat goes on
  }
}

async function switchActor(actor, covered = false) {
  await act(async () => {
    view = await look(now.position, actor, covered);
    pick = {};
    draw();
  });
}

function undo() {
  if (busy || !history.length) return;
  let last = history.pop();
  while (last.view.bot && history.length) last = history.pop();  // back to a human's turn
  // the record only grows: the earlier one is a prefix of this one, in today's language
  now = {...last.snapshot, record: now.record.slice(0, last.snapshot.record.length)};
  view = last.view;
  if (game.info.hiddenInformation && view.actor != null) view = {...view, covered: true, legal: []};
  pick = {};
  showError(null);
  $("note").textContent = "";
  if (view.covered || view.lang !== lang) return switchActor(view.actor, view.covered);
  draw();
}

// The record's first lines: what newGame's events sampled (the opening throw that decides who
// starts, the deal, the first roll), told as a sampled chance is (a line per outcome, with the
// events it caused); gameStarted is the status's to say.
function opening() {
  const items = [];
  for (const e of game.opening) {
    if (e.type === "gameStarted") continue;
    if ((e.type === "chance" && e.sampled) || !items.length) items.push({kind: "chance", lines: []});
    items.at(-1).lines.push({text: e.description ?? e.type, thing: e});
  }
  return items;
}

// The record's lines from a play's events: a line per move or outcome entered, with the
// events it caused, and a line per chance outcome the service sampled, with the events it
// caused. `plays[k]` is the move of ply k; a move without events is told by its description.
function recordItems(events, plays) {
  const items = [];
  let current = null, next = 0;
  const open = (k) => {  // the lines of the moves up to ply k, in order
    for (; next <= k && next < plays.length; next++) {
      const p = plays[next];
      current = {kind: p.chance ? "chance" : "move", player: p.player, bot: p.bot, lines: [],
        told: {text: p.description ?? p.notation, thing: p.move}};
      items.push(current);
    }
  };
  for (const e of events) {
    const ply = e.ply ?? 0;
    if (e.type === "chance" && e.sampled) {  // sampled after the move of its ply
      open(ply);
      current = {kind: "chance", lines: []};
      items.push(current);
    } else {
      open(ply);
    }
    current.lines.push({text: e.description ?? e.type, thing: e});
  }
  open(plays.length - 1);
  for (const item of items) if (!item.lines.length) item.lines.push(item.told);
  return items.map(({told, ...item}) => item);
}

// ---------- the board modules: ./games/<id>.js, checked against board.js ----------
const boards = new Map();  // id -> the promise of its checked module
function boardOf(id) {
  if (!boards.has(id)) {
    boards.set(id, import(`./games/${encodeURIComponent(id)}.js`).then((m) => {
      const wrong = misfits(m.default);
      if (wrong.length) throw failure(t("play-error-board-misfit", {game: id, problems: wrong.join("; ")}));
      return m.default;
    }, (e) => {
      throw failure(t("play-error-board-missing", {game: id, error: e.message}));
    }));
    boards.get(id).catch(() => boards.delete(id));  // a failed load is tried again next time
  }
  return boards.get(id);
}

// ---------- the board's generic part: documents, marks, overlays, buttons ----------
const docs = () => view.legal.filter((m) => m.probability == null);
const svgEl = () => $("board").querySelector("svg");
const q = (selector) => Array.from(svgEl()?.querySelectorAll(selector) ?? []);
const attr = (name, value) => `[data-${name}="${CSS.escape(String(value))}"]`;

function mark(target, ...classes) {
  for (const el of typeof target === "string" ? q(target) : [target]) {
    for (const cls of classes) {
      if (!el.classList.contains(cls)) marked.push([el, cls]);
      el.classList.add(cls);
    }
  }
}

function node(parent, name, attrs) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  parent.append(el);
  return el;
}
function overlay() {
  return node(svgEl(), "g", {class: "ui-overlay", "pointer-events": "none"});
}

// The dice or symbols a move document or an event shows, as the board module draws them
// (board.faces): one character per face, named by the catalog for a screen reader; null when
// it shows none.
function faces(thing) {
  const shown = game?.board.faces?.(thing, ui) ?? [];
  if (!shown.length) return null;
  const span = Object.assign(document.createElement("span"), {className: "faces"});
  const name = new Intl.ListFormat(lang, {type: "conjunction"}).format(shown.map((f) => f.name));
  span.setAttribute("role", "img");
  span.setAttribute("aria-label", name);
  span.title = name;
  for (const f of shown) {
    const face = Object.assign(document.createElement("span"), {textContent: f.glyph});
    face.setAttribute("aria-hidden", "true");
    if (f.colour) face.style.color = f.colour;
    span.append(face);
  }
  return span;
}

function button(text, onclick, data = {}) {
  const b = Object.assign(document.createElement("button"), {type: "button", textContent: text, onclick});
  Object.assign(b.dataset, data);
  return b;
}

// What a board module sees of the page (board.js lists it).
const ui = {
  get view() { return view; },
  get position() { return now.position; },
  get pick() { return pick; },
  set pick(value) { pick = value; },
  get pointer() { return pointer; },
  docs, play, nextSteps, paint, switchActor, nameOf, t, q, attr, mark, node, overlay, button,
};

const OUTCOME_BUTTONS = 12;  // more chance outcomes than this are offered as a list

// The board module's marks and hint for the selection; the documents it does not play on the
// board become buttons, and chance outcomes are offered with their probabilities.
function paint() {
  for (const [el, cls] of marked) el.classList.remove(cls);
  marked = [];
  for (const el of q(".ui-overlay")) el.remove();
  const tools = [];
  let hint = "";
  if (view && !view.covered && now.position.status !== "finished") {
    hint = view.board.paint(ui, tools);
    for (const m of docs().filter((m) => !view.board.handles(m.move))) {
      tools.push(button(m.description ?? m.notation, () => play(m), {move: m.move.kind}));
    }
    const outcomes = view.legal.filter((m) => m.probability != null);
    if (outcomes.length) {
      hint = t("play-hint-chance");
      // an outcome by its description, or by its notation where descriptions do not tell
      // the outcomes apart (a tile drawn in secret)
      const told = new Set(outcomes.map((m) => m.description)).size === outcomes.length;
      const percent = new Intl.NumberFormat(lang, {style: "percent", maximumFractionDigits: 1});
      const label = (m) => `${told && m.description ? m.description : m.notation} (${percent.format(m.probability)})`;
      if (outcomes.length <= OUTCOME_BUTTONS) {
        for (const m of outcomes) {
          const b = button(label(m), () => play(m), {outcome: m.notation});
          const shown = faces(m.move);
          if (shown) b.prepend(shown, " ");
          tools.push(b);
        }
      } else {  // many outcomes in words (an opening throw has 30): a list, not a wall of buttons
        const list = Object.assign(document.createElement("select"), {id: "outcome"});
        list.setAttribute("aria-label", t("play-outcome"));
        for (const m of outcomes) {  // a list shows text alone: the faces as their characters
          const glyphs = (game.board.faces?.(m.move, ui) ?? []).map((f) => f.glyph).join("");
          list.add(new Option(glyphs ? `${glyphs} ${label(m)}` : label(m), m.notation));
        }
        tools.push(list, button(t("play-enter-outcome"),
          () => play(outcomes.find((m) => m.notation === list.value)), {action: "outcome"}));
      }
    }
  }
  $("hint").textContent = hint;
  const had = focusHere();
  $("tools").replaceChildren(...tools);
  const finished = now.position.status === "finished";
  $("choices").replaceChildren(...(!view || view.covered || finished ? [] : view.board.choices?.(ui) ?? []));
  speak();
  refocus(had);
  fitBoard();
}

// ---------- the board for the keyboard and a screen reader (keys.js) ----------
let focusKey = null;  // the location that has (or last had) the focus, by its data attributes
const places = () => (view ? locations(svgEl(), view.board.places) : []);

// Every location's spoken name: the board module's, and what the marks say of it now.
function speak() {
  for (const el of places()) {
    const place = view.board.label?.(el, ui) || keyOf(el);
    const said = el.classList.contains("ui-picked") ? t("play-place-picked", {place})
      : el.classList.contains("ui-target") ? t("play-place-target", {place})
        : el.classList.contains("ui-source") ? t("play-place-source", {place}) : place;
    el.setAttribute("aria-label", said);
  }
}

// Whether the focus is on the board or on a control that a new paint replaces; after it, the
// focus goes back to the board's location with the same name rather than to the page's top.
const focusHere = () => ["board", "tools", "choices"].some((id) => $(id).contains(document.activeElement));
function refocus(had) {
  if (!had || pointer !== "keyboard") return;  // a click elsewhere keeps the pointer's place
  if (document.activeElement?.isConnected && document.activeElement !== document.body) return;
  const all = places();
  const el = all.find((e) => keyOf(e) === focusKey) ?? all[0];
  el?.focus({preventScroll: true});
}

// The board takes the room the controls leave, and keeps its size while the player points at
// it: a preview's hint or button must not move the place under the pointer. It shrinks when
// the controls grow past the room left; a new view (draw) or a new window size measures anew.
function fitBoard(fresh = false) {
  const board = $("board");
  if (fresh) board.style.flex = "";
  const locked = board.style.flex !== "";
  if (locked && $("play").scrollHeight <= $("play").clientHeight) return;
  const before = locked ? board.getBoundingClientRect().height : Infinity;
  board.style.flex = "";
  const box = svgEl()?.viewBox.baseVal, room = board.getBoundingClientRect();
  const natural = box?.width ? room.width * box.height / box.width : Infinity;  // the picture's own height
  board.style.flex = `0 0 ${Math.min(before, room.height, natural)}px`;  // the controls right under it
}

// ---------- drawing everything from (game, now, view) ----------
function draw() {
  const position = now.position, had = focusHere();
  $("board").innerHTML = view.svg;  // the service's own SVG
  $("board").style.flex = "";  // a new view: the board is measured anew (fitBoard)
  svgEl()?.setAttribute("preserveAspectRatio", "xMidYMin meet");  // scaled to its box, at its top
  prepare(places(), focusKey);
  marked = [];
  showLast();
  readColours();  // a colour appears with the first piece
  document.body.dataset.game = game.id;
  document.body.dataset.ply = String(now.moves.length);
  document.body.dataset.actor = view.actor ?? "";
  document.body.dataset.covered = String(view.covered);
  document.body.dataset.turn = position.status === "finished" ? "over" : view.bot ? "bot" : "human";
  $("status").textContent = view.prompt;  // whose turn and what to do, or how the game ended
  $("cover").hidden = !view.covered;
  if (view.covered) {
    $("cover-text").textContent = t("play-cover", {name: nameOf(view.actor)});
    $("reveal").textContent = t("play-reveal", {name: nameOf(view.actor)});
  }
  $("scores").replaceChildren(...position.scores.map((score, p) => {
    const tr = document.createElement("tr");
    const won = position.winners.includes(p), moving = position.status !== "finished" && position.toMove.includes(p);
    Object.assign(tr.dataset, {player: p, score, winner: won, toMove: moving});
    const swatch = game.colours[p] ? `<span class="swatch" style="background:${game.colours[p]}"></span>` : "";
    tr.innerHTML = `<td>${swatch}</td><td class="name"></td><td class="score"></td><td class="mark"></td><td class="seat"></td>`;
    tr.querySelector(".name").textContent = nameOf(p);
    tr.querySelector(".seat").append(seatChoice(p));
    tr.querySelector(".mark").textContent = won ? t("play-winner") : moving ? t("play-to-move") : "";
    tr.querySelector(".score").textContent = score;
    return tr;
  }));
  drawRecord();
  $("undo").disabled = !history.length;
  drawSteps();
  paint();
  refocus(had);
}

// What the last move did: the places its events touched marked on the board (ui-last-from,
// ui-last-to, by the events' locations: the SVG's data attributes) until the next move, and
// the service's words for it in the line above the board (a live region).
function showLast() {
  const events = now.last ?? [];
  for (const e of events) {
    for (const {role, ...place} of e.locations ?? []) {
      const selector = Object.entries(place).map(([k, v]) => attr(k, v)).join("");
      if (!selector) continue;
      for (const el of q(selector)) el.classList.add(role === "from" ? "ui-last-from" : "ui-last-to");
    }
  }
  // what the move did, not the service's notice that it sampled chance (the events after it say
  // what came of it); one line, cut short where it is long (the whole of it in its title)
  const told = events.filter((e) => e.description && e.type !== "gameStarted" && !(e.type === "chance" && e.sampled))
    .map((e) => e.description);
  const text = told.length ? t("play-last-move", {what: told.join(" ")}) : "";
  if ($("last").textContent !== text) $("last").textContent = text;  // said once, not on every paint
  $("last").title = text;
}

// The record's steps: back, forward, a ply to go to, out of the tape's length.
function drawSteps() {
  const k = now.moves.length, n = Math.max(tape.length, k);
  $("step-first").disabled = $("step-back").disabled = k === 0;
  $("step-forward").disabled = $("step-last").disabled = k >= tape.length;
  Object.assign($("step-ply"), {max: n, value: k});
  $("step-of").textContent = t("play-step-of", {n});
}

// Who plays a seat: a person at this screen, or the reference bot at a level.
function seatChoice(p) {
  const choice = Object.assign(document.createElement("select"), {className: "seat-choice"});
  choice.dataset.seat = p;
  choice.ariaLabel = t("play-seat", {name: nameOf(p)});
  choice.append(new Option(t("play-seat-human"), "human"), new Option(t("play-seat-easy"), "easy"),
    new Option(t("play-seat-medium"), "medium"), new Option(t("play-seat-strong"), "strong"));
  choice.value = seats[p] ?? "human";
  choice.onchange = () => changeSeat(p, choice.value);
  return choice;
}

// A seat changed: the screen turns to whoever is to move now, and a bot to move moves.
async function changeSeat(p, seat) {
  if (busy) { draw(); return; }
  seats[p] = seat;
  const {actor, covered, bot} = nextActor(now.position, view.covered || view.bot ? null : view.actor);
  await act(async () => {
    view = await look(now.position, actor, covered, bot);
    pick = {};
    draw();
  });
  await botTurn();
}

function recordDocument() {
  return {game: game.id, options: game.options, players: game.players, seed: game.seed, moves: now.moves};
}

// The record in words: each line what the service says happened (a drawn tile stays unnamed
// there); the notation, engine code as it is, only in the JSON below.
function drawRecord() {
  $("record").replaceChildren(...now.record.map((r) => {
    const li = document.createElement("li");
    li.className = r.kind;
    li.dataset.kind = r.kind;
    if (r.bot) { li.dataset.bot = "true"; li.title = t("play-record-bot"); }
    li.replaceChildren(...r.lines.map(({text, thing}) => {
      const line = Object.assign(document.createElement("span"), {className: "line"});
      const shown = faces(thing);
      if (shown) line.append(shown, " ");
      line.append(Object.assign(document.createElement("span"), {className: "told", textContent: text}));
      return line;
    }));
    return li;
  }));
  $("record").scrollTop = $("record").scrollHeight;  // follows the latest
  $("json").value = JSON.stringify(recordDocument(), null, 1);
}

async function verify() {
  await act(async () => {
    $("note").textContent = "";
    const r = recordDocument();
    const data = await gql(Q.replay, {g: r.game, p: r.players, o: r.options, s: r.seed, m: r.moves});
    const outcome = unwrap(data.replay, "ReplayOutcome");
    if (!same(outcome.position.state, now.position.state)) throw failure(t("play-replay-differs", {plies: outcome.plies}));
    $("note").textContent = t("play-replay-same", {plies: outcome.plies});
  });
}

function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => same(a[k], b[k]));
}

async function copyRecord() {
  const text = JSON.stringify(recordDocument(), null, 1);
  try {
    await navigator.clipboard.writeText(text);
    $("note").textContent = t("play-copied");
  } catch {
    $("json").closest("details").open = true;
    $("json").select();
    $("note").textContent = t("play-copy-by-hand");
  }
}

function downloadRecord() {
  const blob = new Blob([JSON.stringify(recordDocument(), null, 1)], {type: "application/json"});
  const a = Object.assign(document.createElement("a"), {href: URL.createObjectURL(blob),
    download: `${game.id}${game.seed ? `-${game.seed}` : ""}.json`});
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// Read-only, for tests and the browser console: the state on screen and who is at the screen.
window.regelwerk = {
  get state() { return now && structuredClone(now.position.state); },
  get actor() { return view?.actor ?? null; },
  get covered() { return !!view?.covered; },
  get tape() { return structuredClone(tape); },
  get drawnForWidth() { return view ? view.narrow === narrow() : null; },
};

// ---------- the rules, from rules(game), when their panel is open ----------
let rulesShown = null;  // "game language" of the rules on show
async function loadRules() {
  const key = game && `${game.id} ${lang}`;
  if (!$("rules-panel").open || !key || rulesShown === key) return;
  const data = await gql(Q.rules, {g: game.id});
  const answer = unwrap(data.rules, "Rules");
  $("rules").replaceChildren(...answer.rules.map(ruleSection));
  rulesShown = key;
}

// A rule's Markdown as the rules write it: paragraphs, **bold** and `code`.
function ruleSection({id, text}) {
  const section = Object.assign(document.createElement("section"), {id: `rule-${id}`});
  for (const paragraph of text.split(/\n\n+/)) {
    const p = document.createElement("p");
    for (const part of paragraph.split(/(\*\*[^*]+\*\*|`[^`]+`)/)) {
      if (/^\*\*.+\*\*$/s.test(part)) p.append(Object.assign(document.createElement("strong"), {textContent: part.slice(2, -2)}));
      else if (/^`.+`$/s.test(part)) p.append(Object.assign(document.createElement("code"), {textContent: part.slice(1, -1)}));
      else p.append(part);
    }
    section.append(p);
  }
  return section;
}

// ---------- the language switch: every word again, the game on screen kept ----------
async function switchLanguage(code) {
  if (busy) { $("lang").value = lang; return; }
  await act(async () => {
    await loadTexts(code);
    try { localStorage.setItem(STORE, lang); } catch { /* storage refused: not remembered */ }
    await loadGames();
    setupForm(true);
    $("note").textContent = "";
    if (!game) return;
    // the record's words: the opening told again (the same game started anew), and the game
    // played again from its start, described
    const started = await gql(Q.newGame, {g: game.id, p: game.players, o: game.options, s: game.seed});
    game.opening = unwrap(started.newGame, "Position").events;
    let events = [];
    if (now.plays.length) {
      const data = await gql(Q.play, {g: game.id, s: game.start, m: now.moves, p: null});
      events = unwrap(data.play, "PlayOutcome").events;
    }
    const last = now.moves.length ? events.filter((e) => (e.ply ?? 0) === now.moves.length - 1) : game.opening;
    now = {...now, record: [...opening(), ...recordItems(events, now.plays)], last};
    view = await look(now.position, view.actor, view.covered);
    pick = {};
    draw();
    await loadRules();
  });
}

// ---------- wiring ----------
// The game fills the viewport below the setup, whatever the setup's height (it wraps on a
// phone, and grows while the options are open): the stylesheet reads --above.
const fit = () => {
  document.documentElement.style.setProperty("--above", `${$("top").offsetHeight + 6}px`);
  fitBoard(true);
  redrawForWidth();
};
// Across the narrow layout's edge the picture is drawn again for the new width (once the
// page is not busy: act() asks again when it is done). The same position for the same
// player: the selection on the board stays.
function redrawForWidth() {
  if (!now || !view || busy || view.narrow === narrow()) return;
  const {actor, covered, bot} = view;
  act(async () => { view = await look(now.position, actor, covered, bot); draw(); });
}
new ResizeObserver(fit).observe($("top"));
// an error or a note appears outside paint(): it gets its room too
const refit = new MutationObserver(() => fitBoard());
for (const id of ["banner", "status", "last", "cover", "controls"]) refit.observe($(id), {childList: true, characterData: true, subtree: true, attributes: true, attributeFilter: ["hidden"]});
window.addEventListener("resize", fit);
$("lang").onchange = () => switchLanguage($("lang").value);
$("rules-panel").ontoggle = () => loadRules().catch((e) => (e.trouble ? showTrouble(e, () => loadRules().catch(showError)) : showError(e)));
$("retry").onclick = async () => {
  const again = retry;
  showTrouble(null);
  await again?.();
  await botTurn();  // a bot's move that failed is asked for again
};
$("setup").onsubmit = async (e) => { e.preventDefault(); await newGame(); await botTurn(); };
$("setup-toggle").onclick = () => foldSetup($("setup").dataset.folded !== "true");
$("game").onchange = () => setupForm();
$("undo").onclick = undo;
$("check").onclick = verify;
$("copy").onclick = copyRecord;
$("download").onclick = downloadRecord;
$("reveal").onclick = () => switchActor(view.actor, false);
$("step-first").onclick = () => step(0);
$("step-back").onclick = () => step(now.moves.length - 1);
$("step-forward").onclick = () => step(now.moves.length + 1);
$("step-last").onclick = () => step(tape.length);
$("step-ply").onchange = () => step(Number($("step-ply").value));
$("load").onclick = async () => { await loadRecord($("load-text").value); await botTurn(); };
$("link").onclick = async () => {
  const url = shareLink();
  try { await navigator.clipboard.writeText(url); $("note").textContent = t("play-link-copied"); } catch { $("note").textContent = url; }
};
$("board").addEventListener("click", (e) => {
  if (busy || !view || view.covered) return;
  const el = e.target.closest(view.board.places);
  if (el) view.board.click(el, ui);
});
// How the person last acted, page-wide: a pointer ("mouse", "touch", "pen") or the keyboard.
document.addEventListener("pointerdown", (e) => { pointer = e.pointerType; }, true);
document.addEventListener("keydown", (e) => { if (!["Shift", "Control", "Alt", "Meta"].includes(e.key)) pointer = "keyboard"; }, true);
// The keyboard: a focused location is pointed at (a preview shows), arrows move, Enter clicks.
$("board").addEventListener("focusin", (e) => {
  const all = places();
  if (!all.includes(e.target)) return;
  stopAt(all, e.target);
  focusKey = keyOf(e.target);
  if (busy || !view || view.covered) return;
  view.board.hover?.(e.target, ui);
});
$("board").addEventListener("keydown", (e) => {
  const all = places();
  if (!all.includes(e.target)) return;
  if (isArrow(e.key)) {
    e.preventDefault();
    nearest(e.target, all, e.key)?.focus();
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    if (busy || !view || view.covered) return;
    view.board.click(e.target, ui);
  }
});
$("board").addEventListener("mouseover", (e) => {
  if (busy || !view || view.covered) return;
  view.board.hover?.(e.target, ui);
});
document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, select, textarea")) return;
  if ((e.key === "r" || e.key === "R") && view) view.board.cycle?.(ui);
  if (e.key === "Escape") { pick = {}; paint(); }
});
$("seed").oninput = () => { $("seed-kept").checked = true; };  // a seed typed in is meant
// The first words, games and game; a failure offers to try again.
// A link's fragment (#record=…&ply=…) opens that record at that ply.
function begin() {
  const shared = new URLSearchParams(location.hash.slice(1));
  loadTexts(remembered()).then(loadGames).then(() => {
    setupForm();
    if (shared.has("record")) return loadRecord(shared.get("record"), shared.has("ply") ? Number(shared.get("ply")) : null);
    return newGame();
  }).catch((e) => showTrouble(e, begin));
}
begin();
