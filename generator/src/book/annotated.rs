//! The `{{#annotated-game PATH [every=N]}}` directive: an annotated Spargo or
//! Margo game (a YAML record under `games/`, made by `cannonball annotate`),
//! checked again by the engine and, near the end, by the solver (see
//! [`crate::annotate::check`]), then shown as a transcript table with marks and
//! a diagram after every move (or every `N` moves, and always after the last).
//!
//! A record that fails its check fails the build, each problem at its line of
//! the YAML file.

use std::path::Path;

use serde::Serialize;

use crate::annotate::check::{CheckOptions, Checked, Proof, check};
use crate::annotate::{AnnotatedGame, Fate, GameResult, PlyRecord, Value, ZombieRecord};
use crate::figure::{Failure, Problem, html};
use crate::render::MargoDiagram;
use crate::solve::Wld;
use cannonball_rules::Game;

/// One row of the transcript.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct RowView {
    /// Move number.
    pub ply: usize,
    /// `White` or `Black`.
    pub mover: String,
    /// The move.
    pub mv: String,
    /// `?` for a mistake, `!` for the only move, else empty.
    pub mark: String,
    /// The position's value for the mover, in words.
    pub before: String,
    /// The move's value for the mover, in words.
    pub after: String,
    /// The best moves, when known and the move was not one of them.
    pub best: String,
    /// What the move captured.
    pub captures: String,
    /// Scores after the move, by player in the order of
    /// [`AnnotatedView::score_order`].
    pub score: String,
    /// Whether this is the turning point.
    pub turning: bool,
    /// `✓` when the solver re-proved the value at this build, else empty.
    pub proof: String,
}

/// One diagram.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct DiagramView {
    /// After this move.
    pub ply: usize,
    /// The `<figure>` element.
    pub html: String,
}

/// What the `annotated-game.md.tera` template gets.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct AnnotatedView {
    /// Element id of the game.
    pub id: String,
    /// `Spargo` or `Margo 5x5`.
    pub title: String,
    /// Where the values come from.
    pub values: String,
    /// The players: `Name (colour): description`.
    pub players: Vec<String>,
    /// The seed.
    pub seed: u64,
    /// The program that made the record.
    pub generator: String,
    /// The start's value for the first mover, in words.
    pub start_value: String,
    /// The transcript.
    pub rows: Vec<RowView>,
    /// The diagrams.
    pub diagrams: Vec<DiagramView>,
    /// Zombies and what became of them, one sentence each.
    pub zombies: Vec<String>,
    /// The turning point, in words.
    pub turning: String,
    /// Mistakes marked.
    pub mistakes: usize,
    /// Moves whose values the build proved again.
    pub reproved: usize,
    /// Whose scores the score column gives, in its order: `White–Black`
    /// (the players' colours at the start).
    pub score_order: String,
    /// How many final moves the build re-proves.
    pub reprove_plies: usize,
    /// The result, in words.
    pub result: String,
    /// How many moves' values are known, and how exactly, in words.
    pub known: String,
}

/// How many moves' values the record knows, in words: `all 24 moves valued
/// exactly`, or `1 of 42 moves valued exactly and 12 as a win, draw or loss
/// (from move 29 on); 29 not settled`.
fn known_words(plies: &[PlyRecord]) -> String {
    let exact = plies.iter().filter(|p| p.after.exact().is_some()).count();
    let decided = plies
        .iter()
        .filter(|p| p.after.exact().is_none() && p.after.wld().is_some())
        .count();
    let total = plies.len();
    if exact == total {
        return format!("all {total} moves valued exactly");
    }
    let first = plies
        .iter()
        .find(|p| p.after.wld().is_some())
        .map_or_else(String::new, |p| format!(" (from move {} on)", p.ply));
    let rest = total - exact - decided;
    format!(
        "{exact} of {total} moves valued exactly and {decided} as a win, draw or loss{first}; {rest} not settled"
    )
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// A value in words: `win by 3 (11 moves)`, `draw`, `loss by 2`, `win (by 1 to 5)`,
/// `unknown`.
#[must_use]
pub fn value_words(v: &Value) -> String {
    match *v {
        Value::Exact { margin, distance } => {
            let base = match margin.signum() {
                1 => format!("win by {margin}"),
                -1 => format!("loss by {}", -margin),
                _ => "draw".to_string(),
            };
            match distance {
                Some(1) if margin != 0 => format!("{base} (1 ply)"),
                Some(d) if margin != 0 => format!("{base} ({d} plies)"),
                _ => base,
            }
        }
        Value::Bounds { lower, upper } => {
            let range = format!("{}..{}", signed(lower), signed(upper));
            match v.wld() {
                Some(Wld::Win) => format!("win ({range})"),
                Some(Wld::Loss) => format!("loss ({range})"),
                _ => format!("open ({range})"),
            }
        }
        Value::Unknown => "unknown".to_string(),
    }
}

fn signed(m: i32) -> String {
    if m == 0 { "0".into() } else { format!("{m:+}") }
}

fn zombie_words(z: &ZombieRecord) -> String {
    let mut s = format!(
        "{} zombie on {} (made by move {}): ",
        capital(&z.color),
        z.point,
        z.created
    );
    let mut parts = Vec::new();
    if let Some(r) = z.revived {
        parts.push(format!("its group had freedom again after move {r}"));
    }
    if !z.helped_capture.is_empty() {
        let list: Vec<String> = z.helped_capture.iter().map(ToString::to_string).collect();
        parts.push(format!(
            "filled a freedom of a group captured by move{} {}",
            if list.len() == 1 { "" } else { "s" },
            list.join(", ")
        ));
    }
    parts.push(match z.fate {
        Fate::Removed => format!("removed by move {}", z.removed.unwrap_or(0)),
        Fate::Stayed => "still on the board at the end, counting for its owner".to_string(),
    });
    s.push_str(&parts.join("; "));
    s.push('.');
    s
}

fn diagram(c: &Checked, i: usize, id: &str) -> Result<String, String> {
    let before = &c.replay.plies[i].before;
    let after = c
        .replay
        .plies
        .get(i + 1)
        .map_or(&c.replay.end, |p| &p.before);
    let mut d = MargoDiagram::new(after, &format!("{id}-"));
    d.mark_move(before, c.replay.plies[i].mv);
    let svg = d
        .render()
        .map_err(|e| format!("diagram after move {}: {e}", i + 1))?;
    let p = &c.game.plies[i];
    let mut caption = format!("After move {}: {} {}", p.ply, capital(&p.mover), p.mv);
    if p.mistake.is_some() {
        caption.push('?');
    } else if p.only_move {
        caption.push('!');
    }
    if c.game.turning_point == Some(p.ply) {
        caption.push_str(" (the turning point)");
    }
    caption.push('.');
    Ok(html::figure(id, &svg, &caption))
}

/// Why the directive cannot be expanded: a problem of the directive itself (at
/// its chapter line) or problems of the record (at their lines of the file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewError {
    /// A problem of the directive.
    Directive(String),
    /// Problems of the record file.
    Record(Vec<Failure>),
}

/// Reads `every=N` (default 1).
fn parse_every(args: &[String]) -> Result<usize, String> {
    match args {
        [] => Ok(1),
        [a] => a
            .strip_prefix("every=")
            .and_then(|n| n.parse().ok())
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("expected `every=N` (N > 0), not `{a}`")),
        _ => Err("expected `{{#annotated-game PATH [every=N]}}`".into()),
    }
}

/// Builds the page data for the record at `rel` under `games` (shown in
/// messages as `shown`); diagram ids start with `id_prefix`.
///
/// # Errors
/// [`ViewError`].
pub fn view(
    games: &Path,
    args: &[String],
    id_prefix: &str,
    show: &dyn Fn(&Path) -> String,
) -> Result<AnnotatedView, ViewError> {
    let Some((rel, rest)) = args.split_first() else {
        return Err(ViewError::Directive(
            "expected `{{#annotated-game PATH [every=N]}}`, PATH under games/".into(),
        ));
    };
    let every = parse_every(rest).map_err(ViewError::Directive)?;
    let rel_path = Path::new(rel);
    if rel_path.is_absolute()
        || rel_path
            .components()
            .any(|c| matches!(c, std::path::Component::ParentDir))
    {
        return Err(ViewError::Directive(format!(
            "`{rel}` must be a path inside the games folder"
        )));
    }
    let path = games.join(rel_path);
    let shown = show(&path);
    // A link out of the games folder is refused before anything is read.
    let real = super::files::inside(games, &path)
        .map_err(|e| ViewError::Directive(format!("cannot read {shown}: {e}")))?;
    let text = crate::input::read_text(&real)
        .map_err(|e| ViewError::Directive(format!("cannot read {shown}: {}", e.reason)))?;
    let kind = if text.lines().any(|l| l.trim() == "game: spargo") {
        Game::Spargo
    } else {
        Game::Margo
    };
    let opts = CheckOptions::for_game(kind);
    let fail = |line: usize, message: String| Failure {
        file: shown.clone(),
        line,
        problem: Problem::Directive {
            name: "annotated-game".into(),
            message,
        },
    };
    let c = check(&text, &opts).map_err(|fs| {
        ViewError::Record(fs.into_iter().map(|f| fail(f.line, f.message)).collect())
    })?;
    let stem: String = rel
        .trim_end_matches(".yaml")
        .chars()
        .map(|ch| if ch.is_ascii_alphanumeric() { ch } else { '-' })
        .collect();
    let id = format!("{id_prefix}{stem}");
    let diagrams = diagrams(&c, &id, every).map_err(|m| ViewError::Record(vec![fail(1, m)]))?;
    Ok(page_view(&c, id, diagrams, opts.reprove_plies))
}

/// A diagram after every `every`-th move and after the last.
fn diagrams(c: &Checked, id: &str, every: usize) -> Result<Vec<DiagramView>, String> {
    let n = c.game.plies.len();
    let mut out = Vec::new();
    for i in 0..n {
        if (i + 1) % every == 0 || i + 1 == n {
            let did = format!("{id}-m{}", i + 1);
            let html = diagram(c, i, &did)?;
            out.push(DiagramView { ply: i + 1, html });
        }
    }
    Ok(out)
}

/// The page data of a checked record.
fn page_view(
    c: &Checked,
    id: String,
    diagrams: Vec<DiagramView>,
    reprove_plies: usize,
) -> AnnotatedView {
    let g = &c.game;
    let rules = c.replay.end.rules();
    let title = match g.game {
        Game::Spargo => "Spargo".to_string(),
        Game::Margo | Game::Margrites => format!("Margo {0}x{0}", rules.size),
    };
    AnnotatedView {
        id,
        title,
        values: g.values.clone(),
        players: g
            .players
            .iter()
            .map(|p| format!("{} ({} at the start): {}", p.name, p.color, p.description))
            .collect(),
        seed: g.seed,
        generator: g.generator.clone(),
        start_value: g
            .plies
            .first()
            .map_or_else(|| "unknown".into(), |p| value_words(&p.before)),
        rows: g
            .plies
            .iter()
            .zip(&c.proofs)
            .map(|(p, proof)| row_view(g, p, *proof))
            .collect(),
        diagrams,
        zombies: g.zombies.iter().map(zombie_words).collect(),
        turning: match g.turning_point {
            Some(t) => format!("move {t}"),
            None => "none".into(),
        },
        mistakes: g.plies.iter().filter(|p| p.mistake.is_some()).count(),
        reproved: c.proofs.iter().filter(|p| **p == Proof::Reproved).count(),
        score_order: g
            .players
            .iter()
            .map(|p| capital(&p.color))
            .collect::<Vec<_>>()
            .join("–"),
        reprove_plies,
        result: result_words(&g.result),
        known: known_words(&g.plies),
    }
}

/// One row of the moves table.
fn row_view(g: &AnnotatedGame, p: &PlyRecord, proof: Proof) -> RowView {
    let mut captures = Vec::new();
    if !p.removed.is_empty() {
        captures.push(format!("removes {}", p.removed.join(" ")));
    }
    if !p.zombies.is_empty() {
        captures.push(format!("zombies {}", p.zombies.join(" ")));
    }
    RowView {
        ply: p.ply,
        mover: capital(&p.mover),
        mv: p.mv.clone(),
        mark: if p.mistake.is_some() {
            "?".into()
        } else if p.only_move {
            "!".into()
        } else {
            String::new()
        },
        before: value_words(&p.before),
        after: match p.mistake {
            Some(d) => format!("{} (drops {d})", value_words(&p.after)),
            None => value_words(&p.after),
        },
        best: if p.best.contains(&p.mv) {
            String::new()
        } else {
            p.best.join(" ")
        },
        captures: captures.join("; "),
        score: dashed(&p.score),
        turning: g.turning_point == Some(p.ply),
        proof: match proof {
            Proof::Reproved => "✓".into(),
            Proof::Recorded => String::new(),
        },
    }
}

/// Scores joined by an en dash: `7–5`.
fn dashed(scores: &[u32]) -> String {
    scores
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("–")
}

/// The result in words: `White wins, 7–5 (no legal move)`.
fn result_words(r: &GameResult) -> String {
    match &r.winner {
        Some(w) => format!("{} wins, {} ({})", capital(w), dashed(&r.scores), r.end),
        None if r.end == "unfinished" => "unfinished".to_string(),
        None => format!("a draw ({})", r.end),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_in_words() {
        let v = |s: &str| value_words(&s.parse::<Value>().unwrap());
        assert_eq!(v("+3 in 11"), "win by 3 (11 plies)");
        assert_eq!(v("0"), "draw");
        assert_eq!(v("-2"), "loss by 2");
        assert_eq!(v("+1..+55"), "win (+1..+55)");
        assert_eq!(v("-3..+2"), "open (-3..+2)");
        assert_eq!(v("unknown"), "unknown");
    }

    /// The summary of what is known counts the moves by how well they are
    /// valued, on the book's own games.
    #[test]
    fn known_values_are_counted() {
        let margo = include_str!("../../../book/games/margo/greedy-lookahead.yaml");
        let g = AnnotatedGame::from_yaml(margo).unwrap();
        assert_eq!(
            known_words(&g.plies),
            "1 of 42 moves valued exactly and 12 as a win, draw or loss (from move 29 on); 29 not settled"
        );
        let spargo = include_str!("../../../book/games/spargo/strong.yaml");
        let g = AnnotatedGame::from_yaml(spargo).unwrap();
        assert_eq!(
            known_words(&g.plies),
            format!("all {} moves valued exactly", g.plies.len())
        );
    }

    #[test]
    fn every_is_read() {
        assert_eq!(parse_every(&[]), Ok(1));
        assert_eq!(parse_every(&["every=3".into()]), Ok(3));
        assert!(parse_every(&["every=0".into()]).is_err());
        assert!(parse_every(&["3".into()]).is_err());
    }
}
