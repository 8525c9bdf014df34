// The reference page's core: the API, the game on screen (undo, record, verify), the setup
// form and the board's generic part. Everything a game adds (what a click on its picture
// means, how its selection is marked, previews) is its board module, ./games/<game id>.js,
// loaded by the registry's id; board.js declares the interface those modules implement.
// Nothing here names a game (tests/browser/test_play_modules.py holds that).
import { problems as misfits } from "./board.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

// ---------- the API: GraphQL, fixed query text with variables ----------
const FAILURES = `... on MoveRejected { code message ply reason rule }
  ... on InvalidState { code message problems { path reason } problemCount }
  ... on InvalidRequest { code message details }`;
const POSITION = "state toMove isChance status winners scores reason";
const Q = {
  games: "query Games { games { id name minPlayers maxPlayers chance hiddenInformation simultaneous options } }",
  newGame: `query New($g: String!, $p: Int, $o: JSON, $s: String) {
    newGame(game: $g, players: $p, options: $o, seed: $s) { __typename ... on Position { ${POSITION} } ${FAILURES} } }`,
  look: `query Look($g: String!, $s: JSON!, $p: Int, $moves: Boolean!) {
    position(game: $g, state: $s) { __typename
      ... on Position { svg(player: $p) legalMoves(player: $p) @include(if: $moves) { notation move probability } }
      ${FAILURES} } }`,
  play: `query Play($g: String!, $s: JSON!, $m: [JSON!]!, $p: Int) {
    play(game: $g, state: $s, moves: $m, player: $p) { __typename
      ... on PlayOutcome { events position { ${POSITION} } } ${FAILURES} } }`,
  replay: `query Replay($g: String!, $p: Int, $o: JSON, $s: String, $m: [JSON!]!) {
    replay(game: $g, players: $p, options: $o, seed: $s, moves: $m) { __typename
      ... on ReplayOutcome { plies position { state } } ${FAILURES} } }`,
};

async function gql(query, variables) {
  const response = await fetch("/graphql", {
    method: "POST",
    headers: {"content-type": "application/json", accept: "application/graphql-response+json"},
    body: JSON.stringify({query, variables}),
  });
  let body;
  try { body = await response.json(); } catch { throw new Error(`HTTP ${response.status}: the answer is not JSON`); }
  if (body.error) throw new Error(`${body.error.code}: ${body.error.message}`);
  if (body.errors) throw new Error(body.errors.map((e) => `${e.extensions?.code ?? "ERROR"}: ${e.message}`).join("\n"));
  return body.data;
}

// A union answer: the wanted member, or an error telling code, move and every problem.
function unwrap(answer, wanted) {
  if (answer.__typename === wanted) return answer;
  const head = answer.ply == null ? `${answer.code}: ${answer.message}`
    : `${answer.code} at move ${answer.ply + 1}: ${answer.message}`;
  const problems = answer.problems ?? answer.details?.problems ?? [];
  const error = new Error([head, ...problems.map((p) => `${p.path}: ${p.reason}`)].join("\n"));
  error.problems = problems;
  throw error;
}

// ---------- what the page holds ----------
let games = {};     // id -> descriptor (GET games)
let game = null;    // {id, info, players, options, seed, board, names, colours}
let now = null;     // {position, record, moves}: the current state and how it was reached
let history = [];   // earlier snapshots, for undo
let view = null;    // {svg, legal, actor, covered, board}: what the screen shows for whom, and its board module
let pick = {};      // the selection on the board; a new view clears it
let busy = false, pointer = "mouse";
let marked = [];    // [element, class] the board module marked since the last paint

// Whoever acts at this screen: in hot-seat games with hidden racks nobody until the device
// has been passed (covered); with simultaneous placement one mover after the other.
function nextActor(position, previous) {
  if (position.status === "finished" || !position.toMove.length) return {actor: null, covered: false};
  if (game.info.hiddenInformation) {
    const actor = position.toMove[0];
    return {actor, covered: actor !== previous};
  }
  return {actor: position.toMove.includes(previous) ? previous : position.toMove[0], covered: false};
}

async function look(position, actor, covered) {
  const player = covered ? null : actor;
  const data = await gql(Q.look, {g: game.id, s: position.state, p: player, moves: !covered && position.status !== "finished"});
  const answer = unwrap(data.position, "Position");
  return {svg: answer.svg, legal: answer.legalMoves ?? [], actor, covered, board: game.board};
}

// Runs one request sequence; on any failure the game on screen stays as it was.
async function act(work) {
  if (busy) return;
  busy = true;
  document.body.dataset.busy = "true";
  $("error").textContent = "";
  try {
    await work();
  } catch (e) {
    $("error").textContent = e.message;
  } finally {
    busy = false;
    document.body.dataset.busy = "false";
  }
}

// ---------- setup: games, players and options from the descriptors ----------
function setupForm() {
  const info = games[$("game").value];
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
    label.append(name, input);
    return label;
  }));
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
        problems.push({path: `$.options.${input.name}`, reason: "not JSON"});
        input.setAttribute("aria-invalid", "true");
        continue;
      }
    }
    if (JSON.stringify(value) !== JSON.stringify(info.options[input.name].default)) options[input.name] = value;
  }
  if (problems.length) {
    const error = new Error(problems.map((p) => `${p.path}: ${p.reason}`).join("\n"));
    error.problems = problems;
    throw error;
  }
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

async function newGame() {
  const id = $("game").value, info = games[id];
  const players = Number($("players").value), seed = $("seed").value.trim() || null;
  let options;
  try { options = readOptions(); } catch (e) { $("error").textContent = e.message; return; }
  await act(async () => {
    try {
      const board = await boardOf(id);
      const data = await gql(Q.newGame, {g: id, p: players, o: options, s: seed});
      const position = unwrap(data.newGame, "Position");
      const previous = game;
      game = {id, info, players, options, seed, board};
      try {
        const {actor, covered} = nextActor(position, null);
        const next = await look(position, actor, covered);
        Object.assign(game, readNames(next.svg, players));
        history = [];
        now = {position, record: [], moves: []};
        view = next;
        pick = {};
        $("note").textContent = "";
        $("game-style").textContent = `#board :is(${board.places}) { cursor: pointer; }\n${board.css ?? ""}`;
        draw();
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


// Player names and colours as the picture shows them (the descriptor has none): a piece's,
// stone's or supply's own label, else "Player n" as the pictures without such labels say.
function readNames(svgText, count) {
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const names = [], colours = [];
  for (let p = 0; p < count; p++) {
    let name = null, colour = null;
    for (const el of doc.querySelectorAll(`[data-player="${p}"], [data-supply="${p}"]`)) {
      const label = (el.querySelector("title") ?? el.querySelector("text"))?.textContent ?? "";
      name ??= /^(\p{Lu}\p{Ll}+)(?: supply| borne off)?:/u.exec(label)?.[1] ?? null;
      colour ??= el.getAttribute("fill");
    }
    if (name && !colour) colour = doc.querySelector(`[data-colour="${name.toLowerCase()}"]`)?.getAttribute("fill") ?? null;
    names.push(name ?? `Player ${p}`);
    colours.push(colour);
  }
  return {names, colours};
}
const nameOf = (p) => game.names[p] ?? `Player ${p}`;
const list = (players) => players.map(nameOf).join(", ");


// ---------- playing ----------
async function play(entry) {
  await act(async () => {
    const chance = entry.probability != null;
    const player = chance ? null : view.actor;
    const data = await gql(Q.play, {g: game.id, s: now.position.state, m: [entry.move], p: player});
    const outcome = unwrap(data.play, "PlayOutcome");
    const record = [...now.record, chance ? {chance: entry.notation} : {player, move: entry.notation}];
    for (const e of outcome.events) if (e.type === "chance") record.push({chance: e.outcome});
    const moves = [...now.moves, player == null ? entry.notation : {player, move: entry.notation}];
    const {actor, covered} = nextActor(outcome.position, view.covered ? null : view.actor);
    const next = await look(outcome.position, actor, covered);
    history.push({snapshot: now, view});
    now = {position: outcome.position, record, moves};
    view = next;
    pick = {};
    $("note").textContent = "";
    draw();
  });
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
  const last = history.pop();
  now = last.snapshot;
  view = last.view;
  if (game.info.hiddenInformation && view.actor != null) view = {...view, covered: true, legal: []};
  pick = {};
  $("error").textContent = "";
  $("note").textContent = "";
  if (view.covered) return switchActor(view.actor, true);
  draw();
}


// ---------- the board modules: ./games/<id>.js, checked against board.js ----------
const boards = new Map();  // id -> the promise of its checked module
function boardOf(id) {
  if (!boards.has(id)) {
    boards.set(id, import(`./games/${encodeURIComponent(id)}.js`).then((m) => {
      const wrong = misfits(m.default);
      if (wrong.length) throw new Error(`the board module of ${id} does not fit: ${wrong.join("; ")}`);
      return m.default;
    }, (e) => {
      throw new Error(`no board module for ${id}: ${e.message}`);
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
  docs, play, paint, switchActor, nameOf, q, attr, mark, node, overlay, button,
};

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
      tools.push(button(m.move.kind[0].toUpperCase() + m.move.kind.slice(1), () => play(m), {move: m.move.kind}));
    }
    const outcomes = view.legal.filter((m) => m.probability != null);
    if (outcomes.length) {
      hint = "Chance: enter what the dice or the draw show.";
      for (const m of outcomes) {
        tools.push(button(`${m.notation} (${(m.probability * 100).toFixed(1)} %)`, () => play(m), {outcome: m.notation}));
      }
    }
  }
  $("hint").textContent = hint;
  $("tools").replaceChildren(...tools);
}

// ---------- drawing everything from (game, now, view) ----------
function draw() {
  const position = now.position;
  $("board").innerHTML = view.svg;  // the service's own SVG
  marked = [];
  for (const [p, name] of game.names.entries()) {  // a colour appears with the first piece
    game.colours[p] ??= svgEl()?.querySelector(`[data-colour="${name.toLowerCase()}"]`)?.getAttribute("fill") ?? null;
  }
  document.body.dataset.game = game.id;
  document.body.dataset.ply = String(now.moves.length);
  document.body.dataset.actor = view.actor ?? "";
  document.body.dataset.covered = String(view.covered);
  $("status").textContent = position.status === "finished"
    ? `Game over${position.reason ? ` (${position.reason})` : ""}: ${position.winners.length
      ? `${list(position.winners)} ${position.winners.length > 1 ? "win" : "wins"}` : "nobody wins"}.`
    : view.covered ? `${nameOf(view.actor)} to move.`
    : position.isChance ? "Chance to resolve."
    : position.toMove.length > 1 ? `To place: ${list(position.toMove)} · now ${nameOf(view.actor)}.`
    : `${nameOf(view.actor)} to move.`;
  $("cover").hidden = !view.covered;
  if (view.covered) {
    $("cover-text").textContent = `Pass the device to ${nameOf(view.actor)}; the other racks stay hidden.`;
    $("reveal").textContent = `I am ${nameOf(view.actor)}: show my rack`;
  }
  $("scores").replaceChildren(...position.scores.map((score, p) => {
    const tr = document.createElement("tr");
    const won = position.winners.includes(p), moving = position.status !== "finished" && position.toMove.includes(p);
    Object.assign(tr.dataset, {player: p, score, winner: won, toMove: moving});
    const swatch = game.colours[p] ? `<span class="swatch" style="background:${game.colours[p]}"></span>` : "";
    tr.innerHTML = `<td>${swatch}</td><td class="name"></td><td class="score"></td><td class="mark">${won ? "winner" : moving ? "to move" : ""}</td>`;
    tr.querySelector(".name").textContent = nameOf(p);
    tr.querySelector(".score").textContent = score;
    return tr;
  }));
  $("choices").replaceChildren(...(view.covered ? [] : view.board.choices?.(ui) ?? []));
  drawRecord();
  $("undo").disabled = !history.length;
  paint();
}

function recordDocument() {
  return {game: game.id, options: game.options, players: game.players, seed: game.seed, moves: now.moves};
}

function drawRecord() {
  const hidden = game.info.hiddenInformation;
  $("record").replaceChildren(...now.record.map((r) => {
    const li = document.createElement("li");
    if (r.chance != null) {
      li.className = "chance";
      li.textContent = hidden && now.position.status !== "finished" ? "chance: hidden (a tile drawn)" : `chance: ${r.chance}`;
    } else {
      li.textContent = r.player == null ? r.move : `${nameOf(r.player)}: ${r.move}`;
    }
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
    if (!same(outcome.position.state, now.position.state)) throw new Error(`The replay of ${outcome.plies} moves reaches another state!`);
    $("note").textContent = `Replay of ${outcome.plies} moves reaches this very state.`;
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
    $("note").textContent = "Record copied (JSON for replay).";
  } catch {
    $("json").closest("details").open = true;
    $("json").select();
    $("note").textContent = "Select and copy the JSON below.";
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
};

// ---------- wiring ----------
$("setup").onsubmit = (e) => { e.preventDefault(); newGame(); };
$("game").onchange = setupForm;
$("undo").onclick = undo;
$("check").onclick = verify;
$("copy").onclick = copyRecord;
$("download").onclick = downloadRecord;
$("reveal").onclick = () => switchActor(view.actor, false);
$("board").addEventListener("click", (e) => {
  if (busy || !view || view.covered) return;
  const el = e.target.closest(view.board.places);
  if (el) view.board.click(el, ui);
});
$("board").addEventListener("pointerdown", (e) => { pointer = e.pointerType; });
$("board").addEventListener("mouseover", (e) => {
  if (busy || !view || view.covered) return;
  view.board.hover?.(e.target, ui);
});
document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, select, textarea")) return;
  if ((e.key === "r" || e.key === "R") && view) view.board.cycle?.(ui);
  if (e.key === "Escape") { pick = {}; paint(); }
});
$("seed").value = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(36).padStart(2, "0")).join("");
gql(Q.games).then((data) => {
  for (const g of data.games) {
    games[g.id] = g;
    $("game").add(new Option(`${g.name} (${g.minPlayers === g.maxPlayers ? g.minPlayers : `${g.minPlayers}–${g.maxPlayers}`} players)`, g.id));
  }
  setupForm();
  return newGame();
}).catch((e) => { $("error").textContent = e.message; });
