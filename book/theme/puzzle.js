// Cannonball: play a puzzle on its page.
//
// The page holds the puzzle's proved tree as JSON (written by `cannonball`
// from the puzzle file: src/book/play.rs): every position drawn, the move the
// solution plays at each of the reader's turns, every defence (strongest
// first), the value of every first move and the refutations of the tempting
// tries. This script only walks that tree; it knows no rules. Without
// JavaScript the page shows the static diagram and the folded solution.
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
    var st = { node: 0, moves: [], trail: [], busy: false, done: false, failed: false };
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
    input.size = 6;
    input.setAttribute("aria-label", "type a move, for example c3 or b2+1");
    input.placeholder = "c3, b2+1";
    entry.appendChild(el("label", null, "Move: ")).appendChild(input);
    entry.appendChild(button("Play", "", function () {}));
    entry.lastChild.type = "submit";
    var pass = button("Pass", "cb-pass", function () { play("pass"); });
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
      var mv = input.value.trim().toLowerCase();
      input.value = "";
      if (mv) play(mv);
    });

    [status, board, entry, pass, message, others, moves, controls, progress].forEach(function (p) {
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
    function draw(p, legal) {
      var lines = data.positions[p].map(function (i) { return data.lines[i]; });
      board.innerHTML = lines.join("\n");
      var svg = board.querySelector("svg");
      if (!svg) return;
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      pass.hidden = true;
      entry.hidden = !legal;
      if (!legal) return;
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

    function yourTurn(text) {
      var n = data.nodes[st.node];
      st.busy = false;
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
      if (n.legal.indexOf(mv) < 0) {
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
        st.node = r.next;
        yourTurn("Correct. " + r.step.who + " answers " + r.step.mv + ". Your move.");
        return;
      }
      draw(r.step.pos, null);
      // The line is on the board now: keep only the verdict of the text.
      var verdict = r.line.length ? r.end.split(": ")[0] : r.end;
      animate(r.line, function () { solved(verdict); });
    }

    function solved(end) {
      st.busy = false;
      st.done = true;
      status.textContent = "Solved.";
      say("Solved! " + (end ? end.charAt(0).toUpperCase() + end.slice(1) + "." : ""), "cb-good");
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
            st.trail = st.trail.slice(0, k + 1);
            st.moves = st.moves.slice(0, t.kept);
            redrawMoves();
            st.done = false;
            others.textContent = "";
            say("");
            draw(n.after.pos, null);
            st.busy = true;
            later(function () { defend(j); }, PAUSE / 2);
          }));
        });
        var rest = n.replies.length - 1 - shown;
        p.appendChild(document.createTextNode(rest > 0 ? " (and " + rest + " more in the solution)?" : "?"));
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
      st = { node: 0, moves: [], trail: [], busy: false, done: false, failed: st.failed };
      moves.textContent = "";
      others.textContent = "";
      say("Click or tap a point, or type a move.");
      yourTurn();
    }

    root.hidden = false;
    document.querySelectorAll(".cb-static").forEach(function (s) { s.hidden = true; });
    showProgress();
    reset();
  }

  // The whole-book print page (mdBook's print.html) leaves the puzzle pages
  // out: each game's booklet prints their questions, with the answers at the
  // back.
  function trimPrintBook() {
    if (!/(^|\/)print\.html$/.test(window.location.pathname)) return;
    document.querySelectorAll(".cb-puzzle-page").forEach(function (page) {
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
