// Runs code extracted from the Partition-Games web app (games/crpm, games/crps) in a
// node `vm` sandbox with no DOM, and answers one request (issue 26).
//
//     node benchmarks/partition_games_app.js REQUEST.json
//
// REQUEST.json: {"code": the app's class and function declarations, "exports": the
// names they declare, "task": "crpm-outcomes" | "crps-moves", "positions": [[3, 2], ...]}.
// It prints one JSON object on stdout.  Written for benchmarks/partition_games_app.py,
// which extracts the code at run time from a mirror of the app (the app's code is not
// copied into this repository).  The sandbox's global object is empty: the app's code
// sees no document, window, console or require.

"use strict";

const fs = require("fs");
const vm = require("vm");
const { performance } = require("perf_hooks");

// CRPM: the app's evaluatePosition for each position, A (rows, Left) and B (columns,
// Right) to move; code bit 0: A moving first wins, bit 1: B moving first wins.  Every
// position goes through the app's own memo (evaluationMemo), empty at the start.  Timed
// in wall-clock seconds and in CPU seconds of this process.
function crpmOutcomes(app, positions) {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const codes = positions.map((parts) => {
    const position = JSON.stringify(parts);
    const a = app.evaluatePosition(position, "A") === 1 ? 1 : 0;
    const b = app.evaluatePosition(position, "B") === 1 ? 2 : 0;
    return a | b;
  });
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return { codes, seconds, cpu_seconds: cpuSeconds, memo_entries: app.evaluationMemo.size };
}

// A fragment's cells, one string a row: "#" a box, "." a hole in its bounding box.
function drawn(fragment) {
  return fragment.grid.map((row) => row.map((cell) => (cell ? "#" : ".")).join(""));
}

// CRPS: for each position, every move the app offers on its one fragment (RED deletes
// a live row, BLUE a live column, as the GUI offers them) and the fragments it leaves,
// found twice: by the game's move (GameState.performMove) and by Fragment's own split
// (deleteRow / deleteCol, then splitIntoFragments).
function crpsMoves(app, positions) {
  const side = (parts, kind, lines) =>
    lines.map((index) => {
      const state = new app.GameState(parts);
      state.performMove(0, kind, index);
      const fragment = app.Fragment.fromRowSizes(parts);
      if (kind === "row") fragment.deleteRow(index);
      else fragment.deleteCol(index);
      return {
        index,
        played: state.fragments.map(drawn),
        split: fragment.splitIntoFragments().map(drawn),
      };
    });
  const moves = positions.map((parts) => {
    const fragment = app.Fragment.fromRowSizes(parts);
    return {
      row: side(parts, "row", fragment.rowsAlive()),
      col: side(parts, "col", fragment.colsAlive()),
    };
  });
  return { moves };
}

const TASKS = { "crpm-outcomes": crpmOutcomes, "crps-moves": crpsMoves };

function main() {
  const request = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  const task = TASKS[request.task];
  if (task === undefined) throw new Error(`unknown task ${request.task}`);
  const sandbox = vm.createContext({});
  const exported = `;globalThis.__app = { ${request.exports.join(", ")} };`;
  vm.runInContext(request.code + "\n" + exported, sandbox, { filename: "app-extract.js" });
  process.stdout.write(JSON.stringify(task(sandbox.__app, request.positions)));
}

main();
