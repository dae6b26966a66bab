// Cannonball: play a puzzle on its page.
//
// The page holds the puzzle's proved tree as JSON (written by `cannonball`
// from the puzzle file: src/book/play.rs): every position drawn, the move the
// solution plays at each of the reader's turns, every defence (strongest
// first), the value of every first move and the refutations of the tempting
// tries. This script only walks that tree; it knows no rules. A Margrites
// turn is made step by step (pick a piece, then where it goes): the page holds
// every legal step of every half-made turn on the way to the turns the file
// names, with the captures each causes, and the script only moves the
// drawing's pieces as those steps say. Without JavaScript the page shows the
// static diagram and the folded solution.
(function () {
  "use strict";

  var STORE = "cannonball.puzzles.v1";
  var PAUSE = 650;

  function load() {
    try {
      var s = JSON.parse(localStorage.getItem(STORE) || "{}");
      s.solved = s.solved || {};
      s.failed = s.failed || {};
      s.streak = s.streak || 0;
      return s;
    } catch (e) {
      return { solved: {}, failed: {}, streak: 0 };
    }
  }

  function save(s) {
    try {
      localStorage.setItem(STORE, JSON.stringify(s));
    } catch (e) {
      /* private mode: progress is not kept */
    }
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function button(label, cls, onClick) {
    var b = el("button", "cb-button " + (cls || ""), label);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }

  function start(root, data) {
    var store = load();
    var id = data.id;
    var mg = data.game === "margrites";
    var st = { node: 0, moves: [], trail: [], busy: false, done: false, failed: false, half: null, path: [], sel: null, asked: {} };
    var timers = [];

    // The page's parts.
    var status = el("p", "cb-status");
    var board = el("div", "cb-play-board");
    var message = el("div", "cb-message");
    message.setAttribute("aria-live", "polite");
    var controls = el("div", "cb-controls");
    var entry = el("form", "cb-entry");
    var input = el("input");
    input.type = "text";
    input.size = mg ? 24 : 6;
    input.setAttribute("aria-label", mg ? "type a turn's steps, for example d2>d3; d3>d4" : "type a move, for example c3 or b2+1");
    input.placeholder = mg ? "d2>d3; d3>d4" : "c3, b2+1";
    entry.appendChild(el("label", null, mg ? "Turn: " : "Move: ")).appendChild(input);
    entry.appendChild(button("Play", "", function () {}));
    entry.lastChild.type = "submit";
    var pass = button("Pass", "cb-pass", function () { play("pass"); });
    // Margrites: the steps made so far this turn, "undo step", "score".
    var stepbar = el("div", "cb-stepbar");
    stepbar.hidden = true;
    var moves = el("ol", "cb-moves");
    var progress = el("p", "cb-progress");
    var others = el("div", "cb-others");

    controls.appendChild(button("Hint", "", hint));
    controls.appendChild(button("Show solution", "", reveal));
    controls.appendChild(button("Reset", "", reset));
    var next = root.getAttribute("data-next");
    controls.appendChild(button(next ? "Next puzzle" : "All puzzles", "", function () {
      window.location.href = next || root.getAttribute("data-index");
    }));
    entry.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var mv = input.value.trim();
      input.value = "";
      if (!mv) return;
      if (mg) typedTurn(mv);
      else play(mv.toLowerCase());
    });

    [status, board, stepbar, entry, pass, message, others, moves, controls, progress].forEach(function (p) {
      root.appendChild(p);
    });

    function later(f, ms) {
      timers.push(window.setTimeout(f, ms));
    }

    function say(text, cls) {
      message.className = "cb-message " + (cls || "");
      message.textContent = text;
    }

    function showProgress() {
      var n = Object.keys(store.solved).length;
      progress.textContent = (store.solved[id] ? "You have solved this puzzle. " : "") +
        "Solved so far: " + n + (n === 1 ? " puzzle" : " puzzles") +
        "; streak: " + store.streak + ".";
    }

    // Draws position `p`; with `legal`, the reader's moves are targets.
    // The keyboard on the board: one target at a time is in the tab order
    // (a roving tabindex), the arrow keys move to the nearest target that
    // way, Enter or Space plays it. The arrows stop here: mdBook's own
    // script would turn them into the previous or next chapter.
    root.tabIndex = -1;
    root.addEventListener("keydown", function (ev) {
      var dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      var d = dirs[ev.key];
      var from = ev.target;
      if (!d || from.tagName === "INPUT") return;
      ev.stopPropagation();
      if (!from.classList || !from.classList.contains("cb-hot")) {
        var first = board.querySelector('.cb-hot[tabindex="0"]');
        if (first) {
          ev.preventDefault();
          first.focus();
        }
        return;
      }
      ev.preventDefault();
      var x = +from.getAttribute("cx"), y = +from.getAttribute("cy");
      var best = null, bestScore = Infinity;
      board.querySelectorAll(".cb-hot").forEach(function (h) {
        var dx = +h.getAttribute("cx") - x, dy = +h.getAttribute("cy") - y;
        var along = dx * d[0] + dy * d[1];
        if (h === from || along <= 0.01) return;
        var score = along + 2 * (Math.abs(dx * d[1]) + Math.abs(dy * d[0]));
        if (score < bestScore) {
          bestScore = score;
          best = h;
        }
      });
      if (best) {
        from.setAttribute("tabindex", "-1");
        best.setAttribute("tabindex", "0");
        best.focus();
      }
    });

    // After the targets are drawn: the first (or `first`) is the one in the
    // tab order, and it takes the focus if the board had it.
    function rove(hadFocus, first) {
      var hots = board.querySelectorAll(".cb-hot");
      if (!hots.length) {
        // Nothing to play now: the focus stays in the player.
        if (hadFocus) root.focus();
        return;
      }
      var pick = first || hots[0];
      hots.forEach(function (h) { h.setAttribute("tabindex", h === pick ? "0" : "-1"); });
      if (hadFocus) pick.focus();
    }

    function draw(p, legal) {
      var hadFocus = root.contains(document.activeElement);
      var lines = data.positions[p].map(function (i) { return data.lines[i]; });
      board.innerHTML = lines.join("\n");
      var svg = board.querySelector("svg");
      if (!svg) return;
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      pass.hidden = true;
      stepbar.hidden = true;
      entry.hidden = !legal;
      if (!legal) {
        rove(hadFocus);
        return;
      }
      var ns = "http://www.w3.org/2000/svg";
      legal.forEach(function (mv) {
        if (mv === "pass") {
          pass.hidden = false;
          return;
        }
        var at = data.points[mv];
        if (!at) return;
        var c = document.createElementNS(ns, "circle");
        c.setAttribute("class", "cb-hot");
        c.setAttribute("cx", at[0]);
        c.setAttribute("cy", at[1]);
        c.setAttribute("r", "0.44");
        c.setAttribute("tabindex", "0");
        c.setAttribute("role", "button");
        c.setAttribute("aria-label", "play " + mv);
        var t = document.createElementNS(ns, "title");
        t.textContent = mv;
        c.appendChild(t);
        c.addEventListener("click", function () { play(mv); });
        c.addEventListener("keydown", function (ev) {
          if (ev.key === "Enter" || ev.key === " ") {
            ev.preventDefault();
            play(mv);
          }
        });
        svg.appendChild(c);
      });
      rove(hadFocus);
    }

    function addMove(step) {
      st.moves.push(step);
      var li = el("li", "cb-move " + step.who.toLowerCase());
      li.appendChild(el("strong", null, step.who + " " + step.mv));
      if (step.note) li.appendChild(document.createTextNode(": " + step.note));
      moves.appendChild(li);
    }

    function redrawMoves() {
      var kept = st.moves;
      st.moves = [];
      moves.textContent = "";
      kept.forEach(addMove);
    }

    // --- Margrites: a turn made step by step -----------------------------

    // The squares of a step's text: `d3>c4`, `a8>B++` (scores), `B++>e8`
    // (returns a scored piece).
    function stepSquares(s) {
      var parts = s.split(">");
      var f = /\+\+$/.test(parts[0]) ? "" : parts[0];
      var t = /\+\+$/.test(parts[1]) ? "" : parts[1];
      return { f: f, t: t };
    }

    function pieceAt(svg, sq) {
      return svg.querySelector('circle[id$="-piece-' + sq + '"]');
    }

    // Moves the drawing's pieces as step `step` says (the engine's step and
    // the captures it listed), and draws the step's line.
    function showStep(svg, step) {
      var ns = "http://www.w3.org/2000/svg";
      var sq = stepSquares(step.s);
      var piece = sq.f ? pieceAt(svg, sq.f) : null;
      if (sq.f && sq.t && piece) {
        var a = data.points[sq.f], b = data.points[sq.t];
        var line = document.createElementNS(ns, "line");
        line.setAttribute("class", "cb-path");
        line.setAttribute("x1", a[0]);
        line.setAttribute("y1", a[1]);
        line.setAttribute("x2", b[0]);
        line.setAttribute("y2", b[1]);
        piece.parentNode.insertBefore(line, piece.parentNode.firstChild);
        piece.setAttribute("cx", b[0]);
        piece.setAttribute("cy", b[1]);
        piece.id = piece.id.replace(/-piece-[a-i][1-8]$/, "-piece-" + sq.t);
      } else if (sq.f && piece) {
        piece.remove();
      } else if (sq.t) {
        var c = document.createElementNS(ns, "circle");
        var at = data.points[sq.t];
        c.setAttribute("class", "piece " + data.attacker.toLowerCase());
        c.setAttribute("cx", at[0]);
        c.setAttribute("cy", at[1]);
        c.setAttribute("r", "0.38");
        c.id = "cb-returned-piece-" + sq.t;
        svg.appendChild(c);
      }
      (step.x || "").replace(/[()x ]/g, "").split(",").forEach(function (gone) {
        var g = gone && pieceAt(svg, gone);
        if (g) g.remove();
      });
    }

    function hot(svg, sq, label, cls, onPick) {
      var ns = "http://www.w3.org/2000/svg";
      var at = data.points[sq];
      if (!at) return;
      if (cls === "cb-target") {
        var dot = document.createElementNS(ns, "circle");
        dot.setAttribute("class", "cb-dot");
        dot.setAttribute("cx", at[0]);
        dot.setAttribute("cy", at[1]);
        dot.setAttribute("r", "0.14");
        svg.appendChild(dot);
      }
      var c = document.createElementNS(ns, "circle");
      c.setAttribute("class", "cb-hot " + cls);
      c.setAttribute("cx", at[0]);
      c.setAttribute("cy", at[1]);
      c.setAttribute("r", "0.46");
      c.setAttribute("tabindex", "0");
      c.setAttribute("role", "button");
      c.setAttribute("aria-label", label);
      var t = document.createElementNS(ns, "title");
      t.textContent = label;
      c.appendChild(t);
      c.addEventListener("click", onPick);
      c.addEventListener("keydown", function (ev) {
        if (ev.key === "Enter" || ev.key === " ") {
          ev.preventDefault();
          onPick();
        }
      });
      svg.appendChild(c);
    }

    // Draws the half-made turn: the turn's start, the steps made so far, and
    // the pieces that can step (or, with a piece picked, where it can go).
    function drawHalf() {
      var hadFocus = root.contains(document.activeElement);
      var n = data.nodes[st.node];
      draw(n.pos, null);
      entry.hidden = false;
      var svg = board.querySelector("svg");
      if (!svg) return;
      st.path.forEach(function (p) { showStep(svg, p.step); });
      var h = data.turns[st.half];
      var score = svg.querySelector("text.score-line");
      if (score) score.textContent = "Black–White " + h.score;
      var from = {};
      h.steps.forEach(function (step) {
        var sq = stepSquares(step.s);
        var f = sq.f || "return";
        (from[f] = from[f] || []).push(step);
      });
      stepbar.textContent = "";
      stepbar.hidden = false;
      var made = st.path.map(function (p) { return p.step.s + (p.step.x || ""); });
      stepbar.appendChild(el("span", "cb-made", made.length ?
        "This turn: " + made.join("; ") + "." : "Pick a piece, then where it goes."));
      if (made.length) stepbar.appendChild(button("Undo step", "cb-small", undoStep));
      if (st.sel) {
        var picked = pieceAt(svg, st.sel);
        if (picked) picked.setAttribute("class", picked.getAttribute("class") + " cb-sel");
        (from[st.sel] || []).forEach(function (step) {
          var sq = stepSquares(step.s);
          if (sq.t) {
            hot(svg, sq.t, "step " + step.s, "cb-target", function () { takeStep(step); });
          } else {
            stepbar.appendChild(button("Score: " + step.s, "cb-small cb-primary", function () { takeStep(step); }));
          }
        });
      }
      Object.keys(from).forEach(function (f) {
        if (f === "return") {
          from[f].forEach(function (step) {
            stepbar.appendChild(button("Return: " + step.s, "cb-small", function () { takeStep(step); }));
          });
          return;
        }
        if (f === st.sel) {
          hot(svg, f, "put " + f + " down", "cb-picked", function () { st.sel = null; drawHalf(); });
          return;
        }
        hot(svg, f, "pick up the piece on " + f, "cb-movable", function () { st.sel = f; drawHalf(); });
      });
      rove(hadFocus, st.sel ? board.querySelector(".cb-target") : null);
    }

    function beginTurn() {
      st.half = data.nodes[st.node].turn;
      st.path = [];
      st.sel = null;
      drawHalf();
    }

    function undoStep() {
      if (st.busy || st.done || !st.path.length) return;
      st.half = st.path.pop().from;
      st.sel = null;
      say("");
      drawHalf();
    }

    function turnText(last) {
      return st.path.map(function (p) { return p.step.s + (p.step.x || ""); })
        .concat([last.s + (last.x || "")]).join("; ");
    }

    // The reader makes `step` in the current half-made turn.
    function takeStep(step) {
      if (st.busy || st.done) return;
      var n = data.nodes[st.node];
      st.sel = null;
      if (step.off) {
        var text = turnText(step);
        if (!n.only) {
          say("The solution makes another turn here; a turn that starts " + text +
            " may work too, but only the solution's turn is proved. Try again.", "cb-hint");
        } else {
          fail();
          say((st.node === 0 ? "Not the key: " : "Not the turn here: ") + "no turn that starts " + text +
            (st.node === 0 ? " reaches the goal; only the key does." : " keeps the result; only one turn does.") +
            " The step is taken back: try again.", "cb-wrong");
        }
        drawHalf();
        return;
      }
      if (step.n !== undefined) {
        st.path.push({ step: step, from: st.half });
        st.half = step.n;
        say("");
        drawHalf();
        return;
      }
      var name = step.done;
      st.path = [];
      stepbar.hidden = true;
      play(name);
      // A refutation being played sets `busy`; otherwise the turn starts again.
      if (!st.busy && !st.done) beginTurn();
    }

    // A turn typed as text: its steps are made one by one.
    function typedTurn(text) {
      var words = text.replace(/^\s*\d+\.?\s+/, "").replace(/\([^)]*\)/g, " ")
        .split(/[;,\s]+/).map(function (w) { return w.replace(/\.$/, ""); })
        .filter(function (w) { return w.length; });
      beginTurn();
      for (var i = 0; i < words.length; i++) {
        var h = data.turns[st.half];
        var w = words[i].toLowerCase().replace("b++", "B++").replace("w++", "W++");
        var step = h.steps.filter(function (s) { return s.s === w; })[0];
        if (!step) {
          say(words[i] + " is not a legal step here.", "cb-wrong");
          drawHalf();
          return;
        }
        if (!step.off && step.n === undefined && i + 1 < words.length) {
          say("The turn is over after " + words.slice(0, i + 1).join("; ") + ": " +
            words.slice(i + 1).join("; ") + " cannot be played in it.", "cb-wrong");
          drawHalf();
          return;
        }
        takeStep(step);
        if (step.off || step.n === undefined) return;
      }
    }

    function yourTurn(text) {
      var n = data.nodes[st.node];
      st.busy = false;
      root.setAttribute("data-node", st.node);
      if (mg) {
        beginTurn();
        status.textContent = data.attacker + " to play" + (st.moves.length ? " (turn " + (st.moves.length + 1) + ")." : ".");
        if (text) say(text);
        return;
      }
      draw(n.pos, n.legal);
      status.textContent = data.attacker + " to play" + (st.moves.length ? " (move " + (st.moves.length + 1) + ")." : ".");
      if (text) say(text);
    }

    function fail() {
      if (!st.failed) {
        st.failed = true;
        store.failed[id] = true;
        store.streak = 0;
        save(store);
        showProgress();
      }
    }

    // Plays `steps` one by one, then calls `then`.
    function animate(steps, then) {
      st.busy = true;
      var i = 0;
      (function one() {
        if (i >= steps.length) {
          then();
          return;
        }
        var s = steps[i++];
        addMove(s);
        draw(s.pos, null);
        later(one, PAUSE);
      })();
    }

    function play(mv) {
      if (st.busy || st.done) return;
      var n = data.nodes[st.node];
      if (!mg && n.legal.indexOf(mv) < 0) {
        say(mv + " is not a legal move here.", "cb-wrong");
        return;
      }
      if (mv === n.answer) {
        right(n);
        return;
      }
      var v = st.node === 0 ? data.first[mv] : null;
      if (v && v.kind === "best") {
        // As good as the key: not a failure, but the tree follows the key.
        say("Also right: " + mv + " is worth as much as the key. The solution follows another move; find it to see the defence.", "cb-good");
        return;
      }
      if (!v && !n.only) {
        say("The solution plays another move here; " + mv + " may work too, but only the solution's move is proved. Try again.", "cb-hint");
        return;
      }
      fail();
      if (v && v.kind === "good") {
        say("Good: " + mv + " " + v.value + ", but there is better. Try again.", "cb-good");
        return;
      }
      if (v) {
        var why = v.tempting ? " (" + v.tempting + ")" : "";
        if (v.line.length) {
          st.busy = true;
          say("Not the key: " + mv + why + " " + v.value + ". Watch the refutation.", "cb-wrong");
          animate(v.line, function () {
            st.busy = false;
            status.textContent = "The refutation of " + mv + ".";
            others.textContent = "";
            others.appendChild(button("Try again", "cb-primary", reset));
          });
        } else {
          say("Not the key: " + mv + why + " " + v.value + ". Try again.", "cb-wrong");
        }
        return;
      }
      say(mv + " is not the move here: only one move keeps the result. Try again.", "cb-wrong");
    }

    function right(n) {
      st.busy = true;
      addMove(n.after);
      draw(n.after.pos, null);
      st.trail.push({ node: st.node, kept: st.moves.length, played: 0 });
      if (n.end || !n.replies.length) {
        solved(n.end);
        return;
      }
      say("Correct.", "cb-good");
      later(function () { defend(0); }, PAUSE);
    }

    // The defender plays reply `j` of the last node of the trail.
    function defend(j) {
      var t = st.trail[st.trail.length - 1];
      var n = data.nodes[t.node];
      var r = n.replies[j];
      t.played = j;
      addMove(r.step);
      if (r.next !== null) {
        // The defence is shown on the board a moment, then the reader's turn.
        draw(r.step.pos, null);
        st.busy = true;
        later(function () {
          st.node = r.next;
          yourTurn("Correct. " + r.step.who + " answers " + r.step.mv + ". Your move.");
        }, PAUSE);
        return;
      }
      draw(r.step.pos, null);
      // The line is on the board now: keep only the verdict of the text.
      var verdict = r.line.length ? r.end.split(": ")[0] : r.end;
      animate(r.line, function () { solved(verdict); });
    }

    // The next defence the reader must answer before the puzzle counts as
    // solved: one after which the reader moves again, whose answer differs
    // from those already played at that point (the deepest point first).
    function nextDefence() {
      for (var k = st.trail.length - 1; k >= 0; k--) {
        var t = st.trail[k];
        var n = data.nodes[t.node];
        var seen = {};
        n.replies.forEach(function (r, j) {
          if (st.asked[t.node + ":" + j] && r.next !== null) seen[data.nodes[r.next].answer] = true;
        });
        for (var j = 0; j < n.replies.length; j++) {
          var r = n.replies[j];
          if (st.asked[t.node + ":" + j] || r.next === null || seen[data.nodes[r.next].answer]) continue;
          return { k: k, j: j };
        }
      }
      return null;
    }

    // Takes the line back to the reader's move at trail point `k`, then the
    // defender plays defence `j`.
    function rewind(k, j) {
      var t = st.trail[k];
      var n = data.nodes[t.node];
      st.trail = st.trail.slice(0, k + 1);
      st.moves = st.moves.slice(0, t.kept);
      redrawMoves();
      st.done = false;
      others.textContent = "";
      draw(n.after.pos, null);
      st.busy = true;
      later(function () { defend(j); }, PAUSE / 2);
    }

    function solved(end) {
      var verdict = end ? end.charAt(0).toUpperCase() + end.slice(1) + "." : "";
      st.trail.forEach(function (t) { st.asked[t.node + ":" + t.played] = true; });
      var ask = nextDefence();
      if (ask) {
        // "Correct, and what about this defence?": every defence that needs
        // its own answer is played before the puzzle counts as solved.
        var r = data.nodes[st.trail[ask.k].node].replies[ask.j];
        st.busy = true;
        status.textContent = "Correct so far.";
        say("Correct. " + verdict + " And what if " + r.step.who + " plays " + r.step.mv + "?", "cb-good");
        later(function () { rewind(ask.k, ask.j); }, PAUSE * 3);
        return;
      }
      st.busy = false;
      st.done = true;
      status.textContent = "Solved.";
      say("Solved! " + verdict, "cb-good");
      if (!store.solved[id]) {
        store.solved[id] = true;
        if (!st.failed) store.streak += 1;
        save(store);
      }
      showProgress();
      offerDefences();
    }

    // "And what about this defence?": every other defence on the way.
    function offerDefences() {
      others.textContent = "";
      st.trail.forEach(function (t, k) {
        var n = data.nodes[t.node];
        if (n.replies.length < 2) return;
        var p = el("p", "cb-other");
        p.appendChild(document.createTextNode("After " + n.after.who + " " + n.after.mv + ", what if " +
          n.replies[0].step.who + " plays "));
        var shown = 0;
        n.replies.forEach(function (r, j) {
          if (j === t.played || shown >= 8) return;
          shown += 1;
          p.appendChild(button(r.step.mv, "cb-small", function () {
            say("");
            rewind(k, j);
          }));
        });
        var rest = n.replies.length - 1 - shown + (n.more || 0);
        p.appendChild(document.createTextNode(rest > 0 ? " (or any of " + rest + " more, all proved to fail)?" : "?"));
        others.appendChild(p);
      });
    }

    function hint() {
      say(data.hint, "cb-hint");
    }

    function reveal() {
      var d = document.querySelector("details.cb-solution");
      if (d) {
        d.open = true;
        d.scrollIntoView({ behavior: "smooth", block: "start" });
      }
    }

    function reset() {
      timers.forEach(window.clearTimeout);
      timers = [];
      st = { node: 0, moves: [], trail: [], busy: false, done: false, failed: st.failed, half: null, path: [], sel: null, asked: {} };
      moves.textContent = "";
      others.textContent = "";
      say(mg ? "Pick a piece and where it goes, step by step, or type the turn." : "Click or tap a point, or type a move.");
      yourTurn();
    }

    root.hidden = false;
    document.querySelectorAll(".cb-static").forEach(function (s) { s.hidden = true; });
    showProgress();
    reset();
  }

  // The whole-book print page (mdBook's print.html) leaves the puzzle pages
  // out: each game's booklet prints their questions, with the answers at the
  // back. The puzzle lists' links to a page then lead to its question in the
  // booklet (its figure's caption starts "Margrites 48:").
  function trimPrintBook() {
    if (!/(^|\/)print\.html$/.test(window.location.pathname)) return;
    var questions = {};
    document.querySelectorAll(".cb-booklet figure[id]").forEach(function (f) {
      var c = f.querySelector("figcaption");
      var m = c && /^(\S+) (\d+):/.exec(c.textContent.trim());
      if (m) questions[m[1] + " " + m[2]] = f.id;
    });
    document.querySelectorAll(".cb-puzzle-page").forEach(function (page) {
      var h = page.querySelector("h1[id]");
      var m = h && /^(\S+) puzzle (\d+)$/.exec(h.textContent.trim());
      var to = m && questions[m[1] + " " + m[2]];
      if (h) {
        document.querySelectorAll('a[href="#' + h.id + '"]').forEach(function (a) {
          if (page.contains(a)) return;
          if (to) a.setAttribute("href", "#" + to);
          else a.removeAttribute("href");
        });
      }
      var next = page.nextElementSibling;
      if (next && /break-before/.test(next.getAttribute("style") || "")) next.remove();
      page.remove();
    });
  }

  function init() {
    trimPrintBook();
    document.querySelectorAll(".cb-play").forEach(function (root) {
      var script = root.nextElementSibling;
      if (!script || !script.classList.contains("cb-play-data")) return;
      try {
        start(root, JSON.parse(script.textContent));
      } catch (e) {
        root.hidden = true; // the static page stays
      }
    });
    markIndex();
  }

  // On a game's puzzle list: mark solved puzzles, filter, and "next unsolved".
  function markIndex() {
    var table = document.querySelector(".cb-puzzle-list");
    if (!table) return;
    var store = load();
    var rows = Array.prototype.slice.call(table.querySelectorAll("tr[data-id]"));
    rows.forEach(function (r) {
      var id = r.getAttribute("data-id");
      var cell = r.querySelector(".cb-state");
      if (cell) cell.textContent = store.solved[id] ? "solved" : store.failed[id] ? "tried" : "";
    });
    var bar = document.querySelector(".cb-filters");
    if (!bar) return;
    var selects = Array.prototype.slice.call(bar.querySelectorAll("select"));
    var nextLink = bar.querySelector(".cb-next-unsolved");
    function apply() {
      var want = {};
      selects.forEach(function (s) { want[s.name] = s.value; });
      var first = null;
      var shown = 0;
      rows.forEach(function (r) {
        var ok = selects.every(function (s) {
          var v = want[s.name];
          if (!v) return true;
          return (" " + r.getAttribute("data-" + s.name) + " ").indexOf(" " + v + " ") >= 0;
        });
        r.hidden = !ok;
        if (ok) shown += 1;
        if (ok && !first && !store.solved[r.getAttribute("data-id")]) first = r;
      });
      var count = bar.querySelector(".cb-count");
      if (count) count.textContent = shown + " shown";
      if (nextLink) {
        var a = first && first.querySelector("a");
        nextLink.hidden = !a;
        if (a) nextLink.href = a.href;
      }
    }
    selects.forEach(function (s) { s.addEventListener("change", apply); });
    bar.hidden = false;
    apply();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
