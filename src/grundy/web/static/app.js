// grundy serve: the page.  It keeps the game (as the server sends it back) and draws it;
// every question goes to the JSON API of grundy/web/app.py.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
// The colour of a value: 0 (a winning move: it leaves a P-position) always green, the
// next values a qualitative palette (dark enough for white digits), and from there on a
// hue that turns by the golden angle, never near 0's green and darker than the palette:
// no two values share one.  The boxes also carry their value's digits.
const PALETTE = [
  "#2e9e44", "#e08e1b", "#d64541", "#4a7fd4", "#8e5cc7", "#2aa3a3", "#c7559e", "#8a8a2e",
  "#8c564b", "#5d6d7e", "#1f5f99", "#b5651d",
];
const GOLDEN_ANGLE = 137.508;
// A partizan game (grundy/web/partizan_play.py): the person plays Left or Right, a value is
// a canonical form, and a move is coloured by whether it wins (green) or loses (red).
const LOSING = PALETTE[2];
const OUTCOMES = {
  L: "Left wins, whoever starts", R: "Right wins, whoever starts",
  N: "the player to move wins", P: "the player to move loses",
};
const CELL = 36;   // side of a box, px
const HANDLE = 16; // depth of a row or column handle, px
const GAP = 6;

const $ = (id) => document.getElementById(id);
let games = [];     // GET /api/games
let state = null;   // the last state the server sent
let hint = null;    // POST /api/hint for that state, while hints are shown
let pending = 0;    // actions under way; <body data-busy> says whether the page is settled
let script = null;  // exponents and subscripts in a position's text (GET /api/games: "script")

function valueColour(v) {
  if (v < PALETTE.length) return PALETTE[v];
  const k = v - PALETTE.length;
  const turned = (k * GOLDEN_ANGLE) % 300;
  const hue = turned < 95 ? turned : turned + 60;  // 95°–155°, 0's green, left out
  const lightness = 28 + (k % 3) * 5;  // 28, 33 or 38%: white digits stay legible
  return `hsl(${hue.toFixed(3)}, 65%, ${lightness}%)`;
}

// The colour of an option in a hint or the explorer: an impartial game's by its value, a
// partizan game's by whether the move wins.
function hintColour(option) {
  if (state.partizan) return option.winning ? PALETTE[0] : LOSING;
  return valueColour(option.value);
}

// A value as a coloured badge; a long one (a partizan game's canonical form) cut short,
// whole in its tooltip.
const SHOWN_VALUE = 40;
function shortened(value) {
  const text = String(value);
  return text.length > SHOWN_VALUE ? `${text.slice(0, SHOWN_VALUE - 1)}…` : text;
}

function valueBadge(option) {
  const badge = element("span", { class: "value", style: `background:${hintColour(option)}` },
    shortened(option.value));
  if (shortened(option.value) !== String(option.value)) badge.title = String(option.value);
  return badge;
}

function sideName(side) {
  return side === "left" ? "Left" : "Right";
}

function element(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

// `text` (a position such as 4^2,3,1, a poset's A_4) with its exponents raised (<sup>) and
// its subscripts lowered (<sub>), read by grundy.render.typeset.SCRIPT_PATTERN as the
// pictures and LaTeX read them: group 1 an exponent (its parentheses dropped), group 2 or 3
// a subscript.
function typeset(position) {
  const text = String(position);
  const out = document.createDocumentFragment();
  let at = 0;
  for (const m of script ? text.matchAll(script) : []) {
    out.append(text.slice(at, m.index));
    if (m[1] !== undefined) out.append(element("sup", {}, m[1].replace(/^\((.*)\)$/, "$1")));
    else out.append(element("sub", {}, m[2] ?? m[3]));
    at = m.index + m[0].length;
  }
  out.append(text.slice(at));
  return out;
}

// A move and the position it leads to: "bite at box (1, 2) → 4^2,3,1", both typeset (a move
// in a sum names its summand: "in 3^2,1: remove a row of length 3").
function moveTo(move, position) {
  const out = document.createDocumentFragment();
  out.append(typeset(move), " → ", typeset(position));
  return out;
}

function svgElement(tag, attributes = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  return node;
}

// ------------------------------------------------------------------ the API
// A partizan game's questions (its requests name a side) go to /api/partizan/….
function route(path, body) {
  return body && body.side !== undefined ? path.replace(/^\/api\//, "/api/partizan/") : path;
}

async function api(path, body) {
  const response = await fetch(route(path, body), {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data;
  try {
    data = await response.json();
  } catch {
    data = { error: `the server answered ${response.status} ${response.statusText}` };
  }
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

function showError(message) {
  $("error").textContent = message || "";  // the server's line, without the command line's prefix
  $("error").hidden = !message;
}

// What the server needs to replay the game (a partizan game's has a side, no parameters).
function gameOf(s, moves = s.moves) {
  return {
    game: s.game, parameters: s.parameters, position: s.position,
    misere: s.misere, first: s.first, moves, side: s.side,
  };
}

async function ask(path, body) {
  try {
    const answer = await api(path, body);
    showError("");
    return answer;
  } catch (error) {
    showError(error.message);
    return null;
  }
}

// Run an action (its requests and the drawing that follows) with <body data-busy="yes">.
async function act(work) {
  pending += 1;
  document.body.dataset.busy = "yes";
  try {
    await work();
  } finally {
    pending -= 1;
    if (!pending) document.body.dataset.busy = "no";
  }
}

async function show(next) {
  if (!next) return;
  state = next;
  hint = $("hints").checked ? await ask("/api/hint", gameOf(state)) : null;
  render();
  await explore();  // inside the action, so the page is settled only once the tree is drawn
}

// ------------------------------------------------------------------ setup
function chosenGame() {
  return games.find((g) => g.name === $("game").value);
}

function gameChanged() {
  const g = chosenGame();
  $("description").textContent = g.description;
  $("position").value = g.example || "";
  $("side-choice").hidden = !g.partizan;
  $("misere-choice").hidden = Boolean(g.partizan);  // partizan games: normal play only
  if (g.partizan) $("misere").checked = false;
  const box = $("parameters");
  box.replaceChildren();
  for (const [name, help] of Object.entries(g.parameters)) {
    const label = element("label", { title: help }, name);
    const input = element("input", { "data-parameter": name, placeholder: help.slice(0, 40) });
    input.value = (g.example_parameters || {})[name] || "";
    label.append(input);
    box.append(label);
  }
}

function startGame(event) {
  event.preventDefault();
  return act(startRequest);
}

async function startRequest() {
  const parameters = {};
  for (const input of document.querySelectorAll("[data-parameter]")) {
    if (input.value.trim()) parameters[input.dataset.parameter] = input.value.trim();
  }
  $("start").disabled = true;
  $("status").textContent = "";
  const game = $("game").value;
  const started = await ask("/api/start", {
    game, parameters, position: $("position").value,
    misere: $("misere").checked, first: $("first").value, moves: [],
    side: chosenGame().partizan ? $("side").value : undefined,
  });
  if (started) await show(started);
  else clearGame(game);
  $("start").disabled = false;
}

// A failed Start: the message says which game could not start, and no board of an
// earlier game stays on the page under the new game's name.
function clearGame(game) {
  state = null;
  hint = null;
  explored += 1;  // an explorer answer still on its way is dropped
  $("game-view").hidden = true;
  for (const id of ["board", "legend", "moves", "history", "explorer"]) $(id).replaceChildren();
  for (const id of ["title", "status", "tree-size"]) $(id).textContent = "";
  $("error").textContent = `${$("error").textContent} (${game} was not started)`;
}

// ------------------------------------------------------------------ moves
function play(choice) {
  return act(async () => show(await ask("/api/move", { ...gameOf(state), ...choice })));
}

function stepBack(moves) {
  return act(async () => show(await ask("/api/start", gameOf(state, moves))));
}

function undo() {
  return act(async () => show(await ask("/api/undo", gameOf(state))));
}

function toggleHints() {
  return act(async () => {
    if (!state) return;
    hint = $("hints").checked ? await ask("/api/hint", gameOf(state)) : null;
    render();
  });
}

// ------------------------------------------------------------------ drawing
function render() {
  $("game-view").hidden = false;
  const play = state.partizan ? `you play ${sideName(state.side)}` : state.misere ? "misère play" : "normal play";
  $("title").replaceChildren(`${state.name} `, typeset(state.start), ` (${play})`);
  const status = $("status");
  const computer = state.partizan ? ` (${sideName(state.side === "left" ? "right" : "left")})` : "";
  const said = state.replies.flatMap((m) => [`The computer${computer}: `, typeset(m), ". "]);
  const stuck = state.partizan ? `, where ${sideName(state.mover)} has no move. ` : ", with no move left. ";
  const over = ["Game over: the final position is ", typeset(state.current), stuck];
  status.className = { human: "won", computer: "lost" }[state.winner] || "";
  if (state.winner === "human") status.replaceChildren(...said, ...over, "You win!");
  else if (state.winner === "computer") status.replaceChildren(...said, ...over, "The computer wins.");
  else status.replaceChildren(...said, "Your move: ", typeset(state.current), ".");
  $("undo").disabled = state.moves.length === 0;
  drawBoard();
  listMoves();
  listHistory();
  drawLegend();
}

// The hint's option `number` (its value, whether it wins), or null without hints.
function optionHint(number) {
  return (hint && hint.options.find((o) => o.number === number)) || null;
}

function moveText(number) {
  const found = state.options.find((o) => o.number === number);
  return found ? `${found.move} → ${found.position}` : "";
}

// A target: clickable, keyboard-playable, coloured by its value when hints are on.
function makeTarget(node, target, paint) {
  node.classList.add("target");
  node.dataset.target = target.id;
  node.dataset.option = target.option;
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", moveText(target.option));
  const title = svgElement("title");
  title.textContent = moveText(target.option);
  node.append(title);
  const found = optionHint(target.option);
  if (found) {
    node.dataset.value = found.value;
    node.dataset.winning = found.winning ? "yes" : "no";
    node.style.setProperty(paint, hintColour(found));
  }
  node.addEventListener("click", () => play({ target: target.id }));
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      play({ target: target.id });
    }
  });
}

function drawBoard() {
  const box = $("board");
  box.replaceChildren();
  const b = state.board;
  $("board-note").hidden = !(b && b.note);
  $("board-note").textContent = b && b.note ? `No picture: ${b.note}` : "";
  $("board-help").hidden = !(b && b.targets && b.targets.length);
  if (!b || b.note) return;
  if (b.kind === "poset") drawPoset(box, b);
  else drawGrid(box, b);
}

function drawGrid(box, b) {
  const targets = new Map(b.targets.map((t) => [t.id, t]));
  const lines = b.targets.some((t) => t.id.startsWith("row:") || t.id.startsWith("col:"));
  const nrows = b.rows.length;
  const ncols = nrows ? b.rows[0].length : 0;
  const size = Math.max(14, Math.min(CELL, Math.floor(720 / Math.max(ncols, nrows, 1))));
  const left = lines ? HANDLE + GAP : 0;
  const top = lines ? HANDLE + GAP : 0;
  const svg = svgElement("svg", {
    width: left + ncols * size + 2, height: top + Math.max(nrows, 1) * size + 2,
    class: `grid ${b.kind}`, "aria-label": `${state.name} position ${state.current}`,
  });
  const cells = [];
  b.rows.forEach((row, i) => {
    cells.push([]);
    [...row].forEach((bit, j) => {
      if (b.kind === "diagram" && bit === "0") return cells[i].push(null);
      const x = left + j * size + 1;
      const y = top + i * size + 1;
      const cell = svgElement("rect", {
        x, y, width: size, height: size,
        class: `cell ${b.kind === "matrix" ? (bit === "1" ? "one" : "zero") : ""}`,
      });
      const target = targets.get(`cell:${i}:${j}`);
      if (target) makeTarget(cell, target, "fill");
      svg.append(cell);
      cells[i].push(cell);
      if ((b.kept || []).some(([r, c]) => r === i && c === j)) markKept(svg, cell, x, y, size);
      if (cell.dataset.value !== undefined && size >= 18 && !state.partizan) {  // a form won't fit
        const digits = svgElement("text", {
          x: left + j * size + 1 + size / 2, y: top + i * size + 1 + size / 2, class: "cell-value",
        });
        digits.textContent = cell.dataset.value;
        svg.append(digits);
      }
    });
  });
  if (nrows === 0) {
    const empty = svgElement("text", { x: 4, y: 20, class: "board-label" });
    empty.textContent = b.kind === "diagram" ? "(empty diagram)" : "(empty matrix)";
    svg.append(empty);
  }
  for (const [kind, count] of [["row", nrows], ["col", ncols]]) {
    for (let k = 0; k < count; k++) {
      const target = targets.get(`${kind}:${k}`);
      if (!target) continue;
      const handle = svgElement("rect", kind === "row"
        ? { x: 1, y: top + k * size + 3, width: HANDLE, height: size - 6, rx: 3, class: "handle" }
        : { x: left + k * size + 3, y: 1, width: size - 6, height: HANDLE, rx: 3, class: "handle" });
      const along = kind === "row" ? cells[k] : cells.map((r) => r[k]);
      handle.addEventListener("mouseenter", () => along.forEach((c) => c && c.classList.add("lit")));
      handle.addEventListener("mouseleave", () => along.forEach((c) => c && c.classList.remove("lit")));
      makeTarget(handle, target, "fill");
      svg.append(handle);
    }
  }
  box.append(svg);
}

// A box no move takes (board.py "kept": Chomp's poison, Downright's rook): dark, crossed.
function markKept(svg, cell, x, y, size) {
  cell.classList.add("kept");
  const title = svgElement("title");
  title.textContent = "no move takes this box";
  cell.append(title);
  const inset = size / 4;
  for (const [x1, x2] of [[x + inset, x + size - inset], [x + size - inset, x + inset]]) {
    svg.append(svgElement("line", { x1, y1: y + inset, x2, y2: y + size - inset, class: "kept-mark" }));
  }
}

function drawPoset(box, b) {
  box.innerHTML = b.svg;  // grundy.render.hasse.hasse_svg: one circle per element, in order
  const svg = box.querySelector("svg");
  svg.classList.add("hasse");
  const circles = svg.querySelectorAll("circle");
  const heads = new Set(b.heads);
  circles.forEach((c, k) => {
    c.setAttribute("fill", heads.has(k) ? "#3a3a3a" : "#ffffff");
    c.dataset.coin = heads.has(k) ? "head" : "tail";
  });
  for (const t of b.targets) makeTarget(circles[Number(t.id.split(":")[1])], t, "stroke");
  svg.querySelectorAll("circle[data-value]").forEach((c) => c.style.setProperty("stroke-width", 5));
}

function drawLegend() {
  const legend = $("legend");
  legend.replaceChildren();
  legend.hidden = !hint;
  if (!hint) return;
  if (state.partizan) {
    const here = element("span", {}, `this position: value ${shortened(hint.value)} (${hint.outcome}: ${OUTCOMES[hint.outcome]}).`);
    if (shortened(hint.value) !== hint.value) here.title = hint.value;
    legend.append(here);
    for (const [colour, text] of [[PALETTE[0], "a winning move"], [LOSING, "a losing move"]]) {
      const item = element("span", { "data-legend": text });
      item.append(element("span", { class: "swatch", style: `background:${colour}` }), text);
      legend.append(item);
    }
    if (!hint.options.length) legend.append(element("span", {}, "no moves left"));
    return;
  }
  const values = [...new Set(hint.options.map((o) => o.value))].sort((a, b) => a - b);
  legend.append(element("span", {}, `this position: value ${hint.value}.`));
  for (const v of values) {
    const item = element("span", { "data-legend": v });
    item.append(element("span", { class: "swatch", style: `background:${valueColour(v)}` }));
    item.append(v === 0 ? "0: a winning move" : `${v}`);
    legend.append(item);
  }
  if (!values.length) legend.append(element("span", {}, "no moves left"));
}

function listMoves() {
  const list = $("moves");
  list.replaceChildren();
  for (const o of state.options) {
    const item = element("li", { value: o.number });
    const button = element("button", { type: "button", "data-number": o.number });
    const to = element("span", { class: "to" }, " → ");
    to.append(typeset(o.position));
    button.append(typeset(o.move), to);
    button.addEventListener("click", () => play({ number: o.number }));
    item.append(button);
    const found = optionHint(o.number);
    if (found) {
      item.append(valueBadge(found));
      if (found.winning) item.append(element("span", { class: "winning" }, "winning"));
    }
    list.append(item);
  }
  if (!state.options.length) {
    const who = { human: "you won", computer: "the computer won" }[state.winner] || "no move left";
    list.append(element("li", { class: `over ${state.winner || ""}` }, `Game over: ${who}.`));
  }
}

// The game so far; "back here" on every earlier position where it was the person's turn.
function listHistory() {
  const list = $("history");
  list.replaceChildren();
  const entries = [{ text: ["start: ", typeset(state.start)], player: "start", mine: 0, yours: state.first !== "computer" }];
  let mine = 0; // the person's moves up to each entry
  for (const h of state.history) {
    if (h.player === "human") mine += 1;
    const who = (h.player === "human" ? "you" : "computer") + (h.side ? ` (${sideName(h.side)})` : "");
    entries.push({ text: [`${who}: `, moveTo(h.move, h.position)], player: h.player, mine, yours: h.player === "computer" });
  }
  entries.forEach((e, k) => {
    const item = element("li", { value: k, class: e.player });
    item.append(...e.text, " ");
    if (e.yours && e.mine < state.moves.length) {
      const back = element("button", { type: "button", title: "back to this position" }, "↶ back here");
      back.addEventListener("click", () => stepBack(state.moves.slice(0, e.mine)));
      item.append(back);
    }
    list.append(item);
  });
}

// ------------------------------------------------------------------ explorer
let explored = 0;  // the latest explorer request: an older answer arriving late is dropped
async function explore() {
  const ticket = ++explored;
  const root = await ask("/api/explore", { ...gameOf(state), path: [], tree: true });
  if (!root || ticket !== explored) return;
  const t = root.tree;
  $("tree-size").title = String(root.value) === shortened(root.value) ? "" : root.value;
  $("tree-size").replaceChildren(...(!t  // a partizan game: its value and who moves, no tree counted
    ? [typeset(root.position), `: value ${shortened(root.value)} (${root.outcome}: ` +
      `${OUTCOMES[root.outcome]}); ${sideName(root.mover)} to move`]
    : t.note
      ? [`game tree: ${t.note}`]
      : [typeset(root.position), `: value ${root.value}; game tree of ${t.nodes} nodes, ${t.leaves} leaves, ` +
        `${t.states} distinct positions, height ${t.height}`]));
  $("explorer").replaceChildren(branch(root, []));
}

function branch(node, path) {
  const list = element("ul");
  for (const o of node.options) {
    const item = element("li", { "data-path": [...path, o.number].join(".") });
    const ends = node.mover ? o.ends : !o.remoteness;  // remoteness 0: a terminal position
    const toggle = element("button", { type: "button", class: "toggle", "aria-expanded": "false" },
      ends ? "·" : "▸");
    toggle.disabled = ends;
    item.append(toggle, node.mover ? `${sideName(node.mover)}: ` : "", moveTo(o.move, o.position),
      valueBadge(o));
    toggle.addEventListener("click", () => act(async () => {
      const open = item.querySelector(":scope > ul");
      if (open) {
        open.remove();
        toggle.textContent = "▸";
        toggle.setAttribute("aria-expanded", "false");
        return;
      }
      const child = await ask("/api/explore", { ...gameOf(state), path: [...path, o.number] });
      if (!child) return;
      item.append(branch(child, [...path, o.number]));
      toggle.textContent = "▾";
      toggle.setAttribute("aria-expanded", "true");
    }));
    list.append(item);
  }
  return list;
}

// ------------------------------------------------------------------ start
async function main() {
  $("setup").addEventListener("submit", startGame);
  $("game").addEventListener("change", gameChanged);
  $("undo").addEventListener("click", undo);
  $("hints").addEventListener("change", toggleHints);
  const answer = await ask("/api/games");
  if (!answer) return;
  games = [...answer.games, ...answer.partizan];
  script = new RegExp(answer.script, "g");
  const partizan = element("optgroup", { label: "partizan: you play Left or Right" });
  for (const g of games) {
    const option = element("option", { value: g.name }, g.aliases.length ? `${g.name} (${g.aliases.join(", ")})` : g.name);
    (g.partizan ? partizan : $("game")).append(option);
  }
  if (answer.partizan.length) $("game").append(partizan);
  $("game").value = answer.default;
  gameChanged();
  document.body.dataset.busy = "no";
  document.body.dataset.ready = "yes";
}

main();
