//! The Margrites puzzle pages' player: for every committed Margrites puzzle,
//! the data follows the file's tree, and the reader's turn, made step by step,
//! offers exactly the engine's legal steps with the captures they cause, leads
//! by the key's own steps to the key, and marks `off` only the steps after
//! which no turn the file names can be made; in headless Chromium the page's
//! script plays the key by clicks, refutes a try, and takes back a step that
//! leaves the key behind.

use std::collections::BTreeSet;

use cannonball::book::play::{PlayData, play_data, script_json};
use cannonball::book::solution_line::reader_end;
use cannonball::puzzle::{self, Line, Move, Puzzle};
use cannonball_rules::margrites::notation::format_step;
use cannonball_rules::margrites::{Position, Step};

use super::support::{chromium_present, player_page, repo, run_page};

fn puzzles() -> Vec<Puzzle> {
    let all = puzzle::read_all(&repo().join("puzzles")).unwrap_or_else(|e| panic!("{e:?}"));
    all.into_iter()
        .map(|(_, p)| p)
        .filter(|p| p.game == cannonball_rules::Game::Margrites)
        .collect()
}

fn start(p: &Puzzle) -> Position {
    match &p.position {
        puzzle::Position::Margrites(pos) => *pos,
        puzzle::Position::Margo(_) => panic!("{}: not Margrites", p.id),
    }
}

/// A turn's name on the page: its text without the number and the stop.
fn name(p: &Puzzle, m: &Move) -> String {
    let text = p.notation(m);
    let (_, rest) = text.split_once(". ").unwrap();
    rest.trim_end_matches('.').to_owned()
}

fn turn_steps(m: &Move) -> Vec<Step> {
    match m {
        Move::Margrites(t) => t.steps.iter().map(|s| s.step).collect(),
        Move::Margo(_) => panic!("a Margo move"),
    }
}

/// Walks every half-made turn of the reader's turn that starts at half-turn
/// `h`, from the engine's position `pos`: the steps listed are the engine's
/// legal steps with their captures. Returns the names of the turns reached.
fn walk(p: &Puzzle, data: &PlayData, h: u32, pos: &Position, done: &mut BTreeSet<String>) {
    let half = &data.turns[h as usize];
    let mut listed: Vec<(String, String)> = half
        .steps
        .iter()
        .map(|s| (s.s.clone(), s.x.clone()))
        .collect();
    let mut legal: Vec<(String, String)> = Vec::new();
    for step in pos.legal_steps() {
        let mut after = *pos;
        let report = after.play_step_unchecked(step);
        let full = format_step(step, &report.cascade);
        let plain = step.to_string();
        legal.push((plain.clone(), full[plain.len()..].to_owned()));
        let s = half.steps.iter().find(|s| s.s == plain).unwrap();
        match s.n {
            Some(next) => {
                assert!(!s.off && s.done.is_empty(), "{}: {plain}", p.id);
                walk(p, data, next, &after, done);
            }
            None if !s.done.is_empty() => {
                assert!(
                    after.legal_steps().is_empty() || after.is_over(),
                    "{}",
                    p.id
                );
                done.insert(s.done.clone());
            }
            None => assert!(s.off, "{}: {plain} leads nowhere", p.id),
        }
    }
    listed.sort();
    legal.sort();
    assert_eq!(listed, legal, "{}: the steps of a half-made turn", p.id);
    assert_eq!(
        half.score,
        cannonball_rules::margrites::notation::standings_text(&pos.standings())
    );
}

fn same_tree(p: &Puzzle, data: &PlayData, n: usize, line: &Line, pos: &Position) -> usize {
    let node = &data.nodes[n];
    assert_eq!(node.answer, name(p, &line.mv), "{}", p.id);
    assert_eq!(node.only, line.only);
    // An end text beside defences counts the defences left out of the file.
    let untold: usize = match line.end.strip_suffix(" more defences, all proved to fail") {
        Some(n) => n.parse().unwrap(),
        None => 0,
    };
    if line.replies.is_empty() {
        assert_eq!(node.end, reader_end(&line.end));
    } else {
        assert_eq!(node.end, "", "{}: the tree goes on", p.id);
    }
    // The reader can make the answer step by step, in the file's order.
    let mut h = node.turn.expect("a Margrites node has a turn");
    let steps = turn_steps(&line.mv);
    for (i, step) in steps.iter().enumerate() {
        let s = data.turns[h as usize]
            .steps
            .iter()
            .find(|s| s.s == step.to_string())
            .unwrap_or_else(|| panic!("{}: step {step} not offered", p.id));
        assert!(!s.off, "{}: the answer's step {step} is off", p.id);
        if i + 1 == steps.len() {
            assert_eq!(s.done, node.answer, "{}", p.id);
        } else {
            h = s.n.unwrap();
        }
    }
    let mut done = BTreeSet::new();
    walk(p, data, node.turn.unwrap(), pos, &mut done);
    assert!(done.contains(&node.answer));
    // The strongest defences are kept, and every defence with an answer of
    // its own (the page asks for each); the rest are counted.
    let kept = cannonball::book::play_margrites::kept_defences(line);
    assert!(kept.len() >= line.replies.len().min(9), "{}", p.id);
    assert_eq!(node.replies.len(), kept.len(), "{}", p.id);
    assert_eq!(node.more, line.replies.len() - kept.len() + untold);
    let answers = |rs: &mut dyn Iterator<Item = &puzzle::Reply>| -> BTreeSet<String> {
        rs.map(|r| format!("{:?}", r.answer.as_ref().map(|a| &a.mv)))
            .collect()
    };
    assert_eq!(
        answers(&mut kept.iter().map(|&i| &line.replies[i])),
        answers(&mut line.replies.iter()),
        "{}: a defence with its own answer is left out",
        p.id
    );
    let (_, after) = match &line.mv {
        Move::Margrites(t) => t.play(pos).unwrap(),
        Move::Margo(_) => unreachable!(),
    };
    let mut nodes = 1;
    for (d, r) in node
        .replies
        .iter()
        .zip(kept.iter().map(|&i| &line.replies[i]))
    {
        assert_eq!(d.step.mv, name(p, &r.mv));
        assert_eq!(d.end, reader_end(&r.end));
        match (&r.answer, d.next) {
            (Some(a), Some(next)) => {
                let (_, q) = match &r.mv {
                    Move::Margrites(t) => t.play(&after).unwrap(),
                    Move::Margo(_) => unreachable!(),
                };
                nodes += same_tree(p, data, next as usize, a, &q);
            }
            (None, None) => {}
            _ => panic!("{}: defence {} goes on in one only", p.id, d.step.mv),
        }
    }
    nodes
}

#[test]
fn every_margrites_puzzle_page_plays_its_files_tree_step_by_step() {
    let ps = puzzles();
    assert!(ps.len() > 40, "{} puzzles", ps.len());
    let mut offs = 0;
    let mut tries = 0;
    let mut largest = 0;
    for p in &ps {
        let data = play_data(p, |v| v.to_string()).unwrap_or_else(|e| panic!("{}: {e}", p.id));
        let pos = start(p);
        let nodes = same_tree(p, &data, 0, &p.solution, &pos);
        assert_eq!(nodes, data.nodes.len(), "{}: nodes outside the tree", p.id);
        // Each listed try can be made step by step and is refuted turn by turn.
        let mut done = BTreeSet::new();
        walk(p, &data, data.nodes[0].turn.unwrap(), &pos, &mut done);
        for t in &p.tries {
            let n = name(p, &t.mv);
            assert!(done.contains(&n), "{}: try {n} cannot be made", p.id);
            let v = &data.first[&n];
            assert_eq!(v.tempting, t.tempting);
            assert_eq!(v.line.len(), t.refutation.len() + 1, "{}", p.id);
            tries += 1;
        }
        offs += data
            .turns
            .iter()
            .flat_map(|h| &h.steps)
            .filter(|s| s.off)
            .count();
        largest = largest.max(script_json(&data).unwrap().len());
        // Every square a step names is drawn.
        for s in data.turns.iter().flat_map(|h| &h.steps) {
            for sq in s.s.split('>').filter(|w| !w.ends_with("++")) {
                assert!(data.points.contains_key(sq), "{}: {sq}", p.id);
            }
        }
    }
    assert!(tries > 20, "{tries} tries");
    assert!(offs > 1000, "{offs} steps off the named turns");
    // A page stays light enough to load on a phone.
    assert!(largest < 400_000, "a page's data is {largest} bytes");
}

/// Clicks a piece, then a target square (or the score button), for each step.
const CLICK_STEPS: &str = r#"
function clickSteps(steps, then) {
  var i = 0;
  (function one() {
    if (i >= steps.length) { then(); return; }
    var s = steps[i++];
    var parts = s.split(">");
    var pick = document.querySelector('.cb-hot[aria-label="pick up the piece on ' + parts[0] + '"]');
    if (!pick) { window.__missing = s; then(); return; }
    pick.dispatchEvent(new MouseEvent("click"));
    setTimeout(function () {
      var target = document.querySelector('.cb-hot[aria-label="step ' + s + '"]');
      if (!target) {
        target = Array.prototype.slice.call(document.querySelectorAll(".cb-stepbar button"))
          .filter(function (b) { return b.textContent === "Score: " + s; })[0];
      }
      if (!target) { window.__missing = s; then(); return; }
      target.dispatchEvent(new MouseEvent("click"));
      setTimeout(one, 50);
    }, 50);
  })();
}
"#;

#[test]
fn the_script_plays_a_margrites_puzzle_step_by_step_in_a_browser() {
    if !chromium_present() {
        return;
    }
    let ps = puzzles();
    let p = ps
        .iter()
        .find(|p| !p.solution.replies.is_empty() && !p.tries.is_empty())
        .expect("a Margrites puzzle with a defence and a try");
    let data = play_data(p, |v| v.to_string()).unwrap();
    let json = script_json(&data).unwrap();
    let key: Vec<String> = turn_steps(&p.key).iter().map(ToString::to_string).collect();
    let wrong: Vec<String> = turn_steps(&p.tries[0].mv)
        .iter()
        .map(ToString::to_string)
        .collect();
    // An off step: the first step of the start that is off.
    let off = data.turns[data.nodes[0].turn.unwrap() as usize]
        .steps
        .iter()
        .find(|s| s.off && !s.s.ends_with("++"))
        .expect("a step off the named turns")
        .s
        .clone();
    let dir = tempfile::tempdir().unwrap();
    let mut results = Vec::new();
    for (label, steps) in [
        ("key", key.clone()),
        ("try", wrong.clone()),
        ("off", vec![off.clone()]),
    ] {
        let list = serde_json::to_string(&steps).unwrap();
        let page = player_page(
            &p.id,
            &json,
            &format!(
                r#"{CLICK_STEPS}
  window.addEventListener("load", function () {{
    clickSteps({list}, function () {{
      var afterSteps = document.querySelector(".cb-message").textContent;
      setTimeout(function () {{
        var out = document.createElement("pre");
        out.id = "report";
        out.textContent = JSON.stringify({{
          missing: window.__missing || null,
          shown: !document.querySelector(".cb-play").hidden,
          first: afterSteps,
          message: document.querySelector(".cb-message").textContent,
          moves: document.querySelectorAll(".cb-moves li").length,
          made: document.querySelector(".cb-stepbar").textContent
        }});
        document.body.appendChild(out);
      }}, 60000);
    }});
  }});
"#
            ),
        );
        let v = run_page(dir.path(), label, &page, 120_000);
        assert_eq!(v["missing"], serde_json::Value::Null, "{label}: {v}");
        assert_eq!(v["shown"], true, "{label}: {v}");
        results.push(v);
    }
    let k = &results[0];
    let message = k["message"].as_str().unwrap();
    assert!(
        message.starts_with("Solved") || message.contains("Your move"),
        "{}: after the key: {k}",
        p.id
    );
    assert!(k["moves"].as_u64().unwrap() >= 2, "{k}");
    let w = &results[1];
    assert!(
        w["first"].as_str().unwrap().starts_with("Not the key: "),
        "{w}"
    );
    assert_eq!(
        w["moves"].as_u64().unwrap() as usize,
        p.tries[0].refutation.len() + 1,
        "the refutation is played out: {w}"
    );
    let o = &results[2];
    let message = o["message"].as_str().unwrap();
    assert!(
        message.starts_with(&format!("Not the key: no turn that starts {off}")),
        "{o}"
    );
    // The step was taken back: the turn starts again.
    assert!(
        o["made"].as_str().unwrap().starts_with("Pick a piece"),
        "{o}"
    );
    assert_eq!(o["moves"], 0, "{o}");
}

/// The reader's turns the page asks for from node `n`: its answer, then for
/// each defence after which the reader moves again, the first with a given
/// answer, recursively.
fn answers_asked(data: &PlayData, n: usize) -> usize {
    let mut seen = BTreeSet::new();
    1 + data.nodes[n]
        .replies
        .iter()
        .filter_map(|d| d.next)
        .filter(|&next| seen.insert(data.nodes[next as usize].answer.clone()))
        .map(|next| answers_asked(data, next as usize))
        .sum::<usize>()
}

/// "Correct, and what about this defence?": after the main line the page
/// plays each defence that needs its own answer, and the puzzle counts as
/// solved only when the reader has answered them all, turn by turn.
#[test]
fn the_page_asks_for_every_defence_that_needs_an_answer() {
    if !chromium_present() {
        return;
    }
    let ps = puzzles();
    let (p, data, want) = ps
        .iter()
        .map(|p| {
            let data = play_data(p, |v| v.to_string()).unwrap();
            let want = answers_asked(&data, 0);
            (p, data, want)
        })
        .filter(|(_, _, want)| *want >= 3)
        .min_by_key(|(_, _, want)| *want)
        .expect("a puzzle with two defences that need different answers");
    let json = script_json(&data).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let page = player_page(
        &p.id,
        &json,
        &format!(
            r#"{CLICK_STEPS}
  window.addEventListener("load", function () {{
    var data = JSON.parse(document.querySelector(".cb-play-data").textContent);
    var root = document.querySelector(".cb-play");
    var played = 0, asked = 0, busy = false, messages = [], handled = {{}};
    var timer = setInterval(function () {{
      var message = document.querySelector(".cb-message").textContent;
      if (message.indexOf("And what if") >= 0 && messages.indexOf(message) < 0) {{
        messages.push(message);
        asked += 1;
      }}
      if (message.indexOf("Solved") === 0 || played > 40 || window.__missing) {{
        clearInterval(timer);
        var out = document.createElement("pre");
        out.id = "report";
        out.textContent = JSON.stringify({{
          played: played,
          asked: asked,
          missing: window.__missing || null,
          message: message,
          progress: document.querySelector(".cb-progress").textContent
        }});
        document.body.appendChild(out);
        return;
      }}
      var status = document.querySelector(".cb-status").textContent;
      var at = root.getAttribute("data-node");
      if (busy || status.indexOf("to play") < 0 || handled[at]) return;
      handled[at] = true;
      var node = data.nodes[+at];
      var steps = node.answer.split("; ").map(function (s) {{ return s.replace(/\(.*\)$/, ""); }});
      busy = true;
      played += 1;
      clickSteps(steps, function () {{ setTimeout(function () {{ busy = false; }}, 200); }});
    }}, 100);
  }});
"#
        ),
    );
    let v = run_page(dir.path(), "every", &page, 600_000);
    assert_eq!(v["missing"], serde_json::Value::Null, "{v}");
    assert!(
        v["message"].as_str().unwrap().starts_with("Solved"),
        "{}: {v}",
        p.id
    );
    assert_eq!(
        v["played"].as_u64().unwrap() as usize,
        want,
        "{}: {v}",
        p.id
    );
    assert!(v["asked"].as_u64().unwrap() >= 1, "{v}");
    assert!(
        v["progress"]
            .as_str()
            .unwrap()
            .starts_with("You have solved this puzzle"),
        "{v}"
    );
}
