// The pack player: plays the puzzles embedded in the page (inlined by nonogram_editor.publish.html_pack).
// Left button fills (with the chosen colour), right button crosses, a drag changes every cell that
// was like the first one along its row or column; arrows move the cursor, space fills, x crosses,
// 1-9 choose a colour, Ctrl+Z undoes, Ctrl+Y redoes. A puzzle is solved when every line fits its
// clue (any solution of the clues wins); progress is kept in the browser's localStorage.
(function () {
  "use strict";
  var pack = JSON.parse(document.getElementById("pack-data").textContent);
  var EMPTY = 0, CROSS = -1;
  var $ = function (id) { return document.getElementById(id); };
  var storage = (function () {
    try { var s = window.localStorage; s.getItem("nonogram-pack"); return s; } catch (e) { return null; }
  })();

  function load(key) {
    try { return storage ? JSON.parse(storage.getItem(key)) : null; } catch (e) { return null; }
  }
  function save(key, value) {
    try { if (storage) storage.setItem(key, JSON.stringify(value)); } catch (e) { /* full or refused: play on */ }
  }
  function progressKey(puzzle) { return "nonogram-pack:" + puzzle.id; }

  var game = null;  // the puzzle being played: {index, puzzle, cells, solved, undo, redo, colour, cursor}
  var drag = null;  // a stroke of the mouse: {r0, c0, from, to, axis, changes}
  var tds = [];     // the grid's cells, row by row
  var rowClueTds = [], columnClueTds = [];

  // ------------------------------------------------------------------ lines and clues
  function runs(values) {
    var blocks = [], i = 0;
    while (i < values.length) {
      if (values[i] > 0) {
        var start = i;
        while (i < values.length && values[i] === values[start]) i++;
        blocks.push([i - start, values[start]]);
      } else {
        i++;
      }
    }
    return blocks;
  }
  function sameClue(a, b) {
    if (a.length !== b.length) return false;
    for (var i = 0; i < a.length; i++) if (a[i][0] !== b[i][0] || a[i][1] !== b[i][1]) return false;
    return true;
  }
  function rowValues(r) { var p = game.puzzle; return game.cells.slice(r * p.width, (r + 1) * p.width); }
  function columnValues(c) {
    var p = game.puzzle, values = [];
    for (var r = 0; r < p.height; r++) values.push(game.cells[r * p.width + c]);
    return values;
  }
  // Marks the lines that fit their clues; true when all do.
  function markLines() {
    var p = game.puzzle, all = true, fits;
    for (var r = 0; r < p.height; r++) {
      fits = sameClue(runs(rowValues(r)), p.rows[r]);
      rowClueTds[r].classList.toggle("done", fits);
      all = all && fits;
    }
    for (var c = 0; c < p.width; c++) {
      fits = sameClue(runs(columnValues(c)), p.columns[c]);
      columnClueTds[c].classList.toggle("done", fits);
      all = all && fits;
    }
    return all;
  }

  // ------------------------------------------------------------------ the list of puzzles
  function buildList() {
    var list = $("puzzle-list");
    pack.puzzles.forEach(function (puzzle, index) {
      var item = document.createElement("li"), button = document.createElement("button");
      var mark = document.createElement("span"), name = document.createElement("span");
      var size = document.createElement("span");
      mark.className = "mark";
      name.className = "name";
      name.textContent = (index + 1) + ". " + puzzle.title;
      size.className = "size";
      size.textContent = puzzle.width + "\u00d7" + puzzle.height;
      button.type = "button";
      button.append(mark, name, size);
      button.addEventListener("click", function () { open(index); });
      item.appendChild(button);
      list.appendChild(item);
    });
    refreshList();
  }
  function refreshList() {
    var items = $("puzzle-list").children, solved = 0;
    pack.puzzles.forEach(function (puzzle, index) {
      var progress = load(progressKey(puzzle)), done = !!(progress && progress.solved);
      solved += done;
      items[index].classList.toggle("solved", done);
      items[index].classList.toggle("current", !!game && game.index === index);
    });
    $("progress").textContent = solved + " of " + pack.puzzles.length + " solved";
  }

  // ------------------------------------------------------------------ one puzzle
  function open(index) {
    var puzzle = pack.puzzles[index], progress = load(progressKey(puzzle));
    var size = puzzle.width * puzzle.height;
    var cells = progress && progress.cells && progress.cells.length === size ? progress.cells : [];
    while (cells.length < size) cells.push(EMPTY);
    game = {index: index, puzzle: puzzle, cells: cells, solved: !!(progress && progress.solved),
            undo: [], redo: [], colour: 1, cursor: [0, 0]};
    save("nonogram-pack-last:" + pack.id, index);
    $("puzzle-title").textContent = puzzle.title;
    buildPalette();
    buildBoard();
    markLines();
    showState();
    refreshList();
  }

  function buildPalette() {
    var palette = $("palette"), p = game.puzzle;
    palette.textContent = "";
    palette.hidden = !p.colour;
    if (!p.colour) return;
    p.palette.forEach(function (colour, index) {
      if (index === 0) return;
      var button = document.createElement("button");
      button.type = "button";
      button.style.background = colour;
      button.style.color = textColour(colour);
      button.textContent = index <= 9 ? String(index) : "";
      button.title = "Colour " + index;
      button.addEventListener("click", function () { chooseColour(index); });
      palette.appendChild(button);
    });
    chooseColour(1);
  }
  function chooseColour(index) {
    if (index < 1 || index >= game.puzzle.palette.length) return;
    game.colour = index;
    Array.prototype.forEach.call($("palette").children, function (button, i) {
      button.classList.toggle("chosen", i + 1 === index);
    });
  }
  function textColour(hex) {  // black or white, whichever reads better on the colour
    var v = parseInt(hex.slice(1), 16), r = v >> 16, g = (v >> 8) & 255, b = v & 255;
    return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#000" : "#fff";
  }

  function clueBlock(block) {
    var span = document.createElement("span"), p = game.puzzle;
    span.className = "block";
    span.textContent = String(block[0]);
    if (p.colour) {
      span.style.background = p.palette[block[1]];
      span.style.color = textColour(p.palette[block[1]]);
    }
    return span;
  }
  function clueCell(clue, className) {
    var td = document.createElement("td");
    td.className = "clue " + className;
    (clue.length ? clue : [[0, 0]]).forEach(function (block) { td.appendChild(clueBlock(block)); });
    return td;
  }

  function buildBoard() {
    var p = game.puzzle, board = $("board");
    board.textContent = "";
    tds = [];
    rowClueTds = [];
    columnClueTds = [];
    var longestRow = Math.max.apply(null, p.rows.map(function (clue) { return Math.max(1, clue.length); }));
    var longestColumn = Math.max.apply(null, p.columns.map(function (clue) { return Math.max(1, clue.length); }));
    var across = (window.innerWidth - 330) / (p.width + longestRow * 1.1);
    var down = (window.innerHeight - 190) / (p.height + longestColumn * 1.1);
    board.style.setProperty("--cell", Math.max(16, Math.min(32, Math.floor(Math.min(across, down)))) + "px");
    var head = document.createElement("tr");
    head.appendChild(document.createElement("td"));
    p.columns.forEach(function (clue) {
      var td = clueCell(clue, "column-clue");
      columnClueTds.push(td);
      head.appendChild(td);
    });
    board.appendChild(head);
    for (var r = 0; r < p.height; r++) {
      var tr = document.createElement("tr"), rowClue = clueCell(p.rows[r], "row-clue");
      rowClueTds.push(rowClue);
      tr.appendChild(rowClue);
      for (var c = 0; c < p.width; c++) {
        var td = document.createElement("td");
        td.className = "cell";
        td.dataset.row = r;
        td.dataset.column = c;
        if (c % 5 === 0) td.classList.add("bold-left");
        if (r % 5 === 0) td.classList.add("bold-top");
        if (c === p.width - 1) td.classList.add("bold-right");
        if (r === p.height - 1) td.classList.add("bold-bottom");
        tds.push(td);
        tr.appendChild(td);
      }
      board.appendChild(tr);
    }
    for (var i = 0; i < tds.length; i++) paintCell(i);
    moveCursor(0, 0);
  }

  function paintCell(i) {
    var td = tds[i], value = game.cells[i], p = game.puzzle;
    td.classList.toggle("cross", value === CROSS && !game.solved);
    if (game.solved) {
      td.style.background = p.picture ? p.picture.colours[p.picture.cells[i]] : p.palette[Math.max(0, value)];
    } else {
      td.style.background = value > 0 ? p.palette[value] : "";
    }
  }

  function showState() {
    var board = $("board"), status = $("status"), win = $("win");
    board.classList.toggle("won", game.solved);
    for (var i = 0; i < tds.length; i++) paintCell(i);
    status.className = game.solved ? "won" : "";
    status.textContent = game.solved ? "Solved!" : "";
    win.classList.toggle("shown", game.solved);
    $("next").hidden = nextUnsolved() < 0;
  }

  function nextUnsolved() {
    for (var step = 1; step < pack.puzzles.length; step++) {
      var index = (game.index + step) % pack.puzzles.length, progress = load(progressKey(pack.puzzles[index]));
      if (!(progress && progress.solved)) return index;
    }
    return -1;
  }

  // ------------------------------------------------------------------ changes, undo, the win
  function set(i, value, changes) {
    if (game.cells[i] === value) return;
    changes.push([i, game.cells[i], value]);
    game.cells[i] = value;
    paintCell(i);
  }
  function commit(changes) {
    if (!changes.length) return;
    game.undo.push(changes);
    game.redo = [];
    settle();
  }
  function settle() {
    game.solved = markLines();
    save(progressKey(game.puzzle), {cells: game.cells, solved: game.solved});
    if (game.solved) {
      showState();
      refreshList();
    } else {
      $("status").textContent = "";
      $("status").className = "";
    }
  }
  function replay(from, to, index) {
    if (game.solved || !from.length) return;
    var changes = from.pop();
    changes.forEach(function (change) {
      game.cells[change[0]] = change[index];
      paintCell(change[0]);
    });
    to.push(changes);
    settle();
  }
  function undo() { replay(game.undo, game.redo, 1); }
  function redo() { replay(game.redo, game.undo, 2); }

  function check() {
    if (game.solved) return;
    var p = game.puzzle, rows = 0, columns = 0;
    for (var r = 0; r < p.height; r++) rows += !rowClueTds[r].classList.contains("done");
    for (var c = 0; c < p.width; c++) columns += !columnClueTds[c].classList.contains("done");
    var status = $("status");
    status.className = "wrong";
    status.textContent = "Not yet: " + rows + " of " + p.height + " rows and " + columns + " of " + p.width +
      " columns do not fit their clues.";
  }

  function restart() {
    var changes = [];
    game.solved = false;
    for (var i = 0; i < game.cells.length; i++) set(i, EMPTY, changes);
    commit(changes);
    markLines();
    showState();
    refreshList();
  }

  // ------------------------------------------------------------------ mouse
  function cellOf(target) {
    var td = target && target.closest ? target.closest("td.cell") : null;
    return td ? [Number(td.dataset.row), Number(td.dataset.column)] : null;
  }
  function stroke(r, c) {  // the cells from the stroke's start to (r, c), along its row or column
    var w = game.puzzle.width;
    if (!drag.axis && (r !== drag.r0 || c !== drag.c0)) {
      drag.axis = Math.abs(c - drag.c0) >= Math.abs(r - drag.r0) ? "row" : "column";
    }
    var along = drag.axis === "column", from = along ? drag.r0 : drag.c0, to = along ? r : c;
    var step = to >= from ? 1 : -1;
    for (var k = from; k !== to + step; k += step) {
      var i = along ? k * w + drag.c0 : drag.r0 * w + k;
      if (game.cells[i] === drag.from) set(i, drag.to, drag.changes);
    }
  }
  function mouseDown(event) {
    var cell = cellOf(event.target);
    if (!cell || game.solved || (event.button !== 0 && event.button !== 2)) return;
    event.preventDefault();
    var i = cell[0] * game.puzzle.width + cell[1], value = event.button === 2 ? CROSS : game.colour;
    drag = {r0: cell[0], c0: cell[1], from: game.cells[i], axis: null, changes: []};
    drag.to = drag.from === value ? EMPTY : value;
    moveCursor(cell[0], cell[1]);
    stroke(cell[0], cell[1]);
  }
  function mouseOver(event) {
    var cell = cellOf(event.target);
    if (drag && cell) stroke(cell[0], cell[1]);
  }
  function mouseUp() {
    if (!drag) return;
    var changes = drag.changes;
    drag = null;
    commit(changes);
  }

  // ------------------------------------------------------------------ keyboard
  function moveCursor(r, c) {
    var p = game.puzzle, old = game.cursor[0] * p.width + game.cursor[1];
    if (tds[old]) tds[old].classList.remove("cursor");
    game.cursor = [Math.max(0, Math.min(p.height - 1, r)), Math.max(0, Math.min(p.width - 1, c))];
    tds[game.cursor[0] * p.width + game.cursor[1]].classList.add("cursor");
  }
  function toggleAtCursor(value) {
    if (game.solved) return;
    var i = game.cursor[0] * game.puzzle.width + game.cursor[1], changes = [];
    set(i, game.cells[i] === value ? EMPTY : value, changes);
    commit(changes);
  }
  function keyDown(event) {
    if (!game || event.altKey || event.metaKey) return;
    var key = event.key, r = game.cursor[0], c = game.cursor[1];
    if (event.ctrlKey) {
      if (key === "z" || key === "Z") { if (event.shiftKey) redo(); else undo(); }
      else if (key === "y" || key === "Y") redo();
      else return;
    } else if (key === "ArrowUp") moveCursor(r - 1, c);
    else if (key === "ArrowDown") moveCursor(r + 1, c);
    else if (key === "ArrowLeft") moveCursor(r, c - 1);
    else if (key === "ArrowRight") moveCursor(r, c + 1);
    else if (key === " ") toggleAtCursor(game.colour);
    else if (key === "x" || key === "X") toggleAtCursor(CROSS);
    else if (key === "Delete" || key === "Backspace") toggleAtCursor(EMPTY);
    else if (/^[1-9]$/.test(key) && game.puzzle.colour) chooseColour(Number(key));
    else return;
    event.preventDefault();
  }

  // ------------------------------------------------------------------ start
  document.title = pack.title;
  $("pack-title").textContent = pack.title;
  buildList();
  var board = $("board");
  board.addEventListener("mousedown", mouseDown);
  board.addEventListener("mouseover", mouseOver);
  board.addEventListener("contextmenu", function (event) { event.preventDefault(); });
  document.addEventListener("mouseup", mouseUp);
  document.addEventListener("keydown", keyDown);
  document.addEventListener("mousedown", function (event) {  // buttons take no focus: space stays a key of the grid
    if (event.target.closest && event.target.closest("button")) event.preventDefault();
  });
  $("undo").addEventListener("click", undo);
  $("check").addEventListener("click", check);
  $("restart").addEventListener("click", restart);
  $("next").addEventListener("click", function () { var index = nextUnsolved(); if (index >= 0) open(index); });
  var last = load("nonogram-pack-last:" + pack.id);
  if (pack.puzzles.length) open(typeof last === "number" && last >= 0 && last < pack.puzzles.length ? last : 0);
})();
