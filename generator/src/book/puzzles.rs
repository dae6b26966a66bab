//! The book's Puzzles part, generated from `puzzles/` with tera templates: an
//! index by game, theme and difficulty, a page per game, and a page per puzzle
//! with its diagram and question and, folded away in `<details>`, the solution
//! tree with a diagram after the key, and the refutations of the tempting
//! tries. Puzzle pages are kept out of the search index (`book.toml`), so a
//! search does not give solutions away.
//!
//! Every diagram is an ordinary figure block, so the figure checker draws it and
//! checks its claims (the key is legal, the number of legal moves) like any
//! other; the values themselves are re-proved by `cannonball verify`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;
use thiserror::Error;

use crate::puzzle::{
    self, Band, Census, CensusError, Line, Minimal, Move, NUMBERS_FILE, Numbers, NumbersError,
    Objective, Position, PositionSpec, Puzzle, PuzzleError, Theme, Value,
};
use crate::solve::Wld;
use cannonball_rules::Game;

use super::pages::{Pages, PagesError};
use crate::figure::html::markdown_text;

/// Why the Puzzles part cannot be generated.
#[derive(Debug, Error)]
pub enum PuzzlePagesError {
    /// Puzzle files that cannot be read, each with its file and line.
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))]
    Files(Vec<PuzzleError>),
    /// A puzzle's page cannot be made (its key cannot be played).
    #[error("puzzles/{game}/{id}.yaml: {reason}")]
    Page {
        /// The game's slug.
        game: &'static str,
        /// The puzzle.
        id: String,
        /// What went wrong.
        reason: String,
    },
    /// A template cannot be rendered.
    #[error(transparent)]
    Template(#[from] PagesError),
    /// The census file cannot be read.
    #[error(transparent)]
    Census(#[from] CensusError),
    /// The puzzles' numbers (`puzzles/numbers.yaml`) cannot be read.
    #[error(transparent)]
    Numbers(#[from] NumbersError),
}

/// One generated chapter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    /// Its title in the table of contents.
    pub name: String,
    /// Its path under the book's source folder.
    pub path: PathBuf,
    /// Its Markdown.
    pub content: String,
}

/// A game's page, its puzzles' pages and its printable booklet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePages {
    /// The game's page (`puzzles/spargo.md`).
    pub page: Page,
    /// One page per puzzle (`puzzles/spargo/ID.md`).
    pub puzzles: Vec<Page>,
    /// The questions, then the answers (`puzzles/booklet/spargo.md`).
    pub booklet: Page,
}

/// The whole Puzzles part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzlePages {
    /// What replaces `{{#puzzle-index}}` in `puzzles/index.md`.
    pub index: String,
    /// The games that have puzzles, in book order.
    pub games: Vec<GamePages>,
}

#[derive(Serialize)]
struct Entry {
    number: usize,
    id: String,
    link: String,
    question: String,
    band: String,
    themes: Vec<String>,
    /// Theme slugs, space-separated (the list's filter reads them).
    theme_slugs: String,
    /// The kind of question (`win`, `capture`, ...), for the filter.
    kind: &'static str,
}

/// A filter choice: its value and its label.
#[derive(Serialize)]
struct Choice {
    value: String,
    label: String,
}

/// The kind of question a puzzle asks, as the lists' filter names it.
fn kind(p: &Puzzle) -> (&'static str, &'static str) {
    if p.other_to_move.is_some() {
        return ("whoever-moves", "who wins, whoever moves");
    }
    match p.objective {
        Objective::Win => ("win", "win the game"),
        Objective::BestMargin => ("best-margin", "win by most"),
        Objective::Score(_) => ("score", "score points"),
        Objective::Capture(_) => ("capture", "capture"),
        Objective::Trap => ("trap", "trap"),
        Objective::Save => ("save", "save pieces"),
    }
}

#[derive(Serialize)]
struct ThemeRow {
    theme: String,
    counts: Vec<usize>,
    total: usize,
}

#[derive(Serialize)]
struct GameSummary {
    slug: &'static str,
    title: &'static str,
    total: usize,
    rows: Vec<ThemeRow>,
    bands: Vec<(String, usize)>,
}

#[derive(Serialize)]
struct Try {
    mv: String,
    tempting: String,
    value: String,
    refutation: String,
    /// What the page says when there is no refutation line: the try ends
    /// the game, or (capture, save and Margrites puzzles) falls short.
    no_line: &'static str,
}

#[derive(Serialize)]
struct PuzzleView {
    title: String,
    number: usize,
    /// Puzzles of the game.
    total: usize,
    game_title: &'static str,
    /// The previous and next puzzles' ids, in number order.
    prev: Option<String>,
    next: Option<String>,
    /// What the page's player plays ([`super::play`]), as script-safe JSON;
    /// empty for Margrites, whose pages stay static.
    play: String,
    id: String,
    game: &'static str,
    question: String,
    objective: String,
    themes: Vec<String>,
    band: String,
    difficulty: String,
    game_value: String,
    /// Who wins whoever moves next (Markdown, escaped), when asked.
    verdict: String,
    figure: String,
    after_key: String,
    key: String,
    /// The heading of the values column.
    value_heading: &'static str,
    values: Vec<(String, String)>,
    first_turns: u32,
    tree: String,
    tries: Vec<Try>,
    minimality: String,
    provenance: String,
}

/// The figure block for a puzzle's position, with `extra` YAML lines.
pub(super) fn position_figure(p: &Puzzle, extra: &[String]) -> String {
    let mut lines = Vec::new();
    match &p.position.spec() {
        PositionSpec::Margo(m) => {
            lines.push(format!("```{}", p.game.slug()));
            lines.push(format!("rules: {}", m.rules));
            for (k, v) in [
                ("black", &m.black),
                ("white", &m.white),
                ("zombies", &m.zombies),
                ("ko", &m.ko),
            ] {
                if !v.is_empty() {
                    lines.push(format!("{k}: {v}"));
                }
            }
            lines.push(format!("to-move: {}", m.to_move));
        }
        PositionSpec::Margrites(m) => {
            lines.push("```margrites".into());
            if !m.options.is_empty() {
                lines.push(format!("options: {}", m.options));
            }
            lines.push(format!("black: {}", m.black));
            lines.push(format!("white: {}", m.white));
            lines.push(format!("to-move: {}", m.to_move));
            lines.push(format!("score: '{}'", m.score));
        }
    }
    lines.extend(extra.iter().cloned());
    lines.push("```".into());
    lines.join("\n")
}

pub(super) fn quoted(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// The colour that plays the Margo move `ply` plies after the puzzle's
/// position (puzzles are between two players).
pub(super) fn side(p: &Puzzle, ply: usize) -> &'static str {
    let Position::Margo(m) = &p.position else {
        return "";
    };
    let first = m.to_move();
    if ply % 2 == 0 { first } else { first.next(2) }.title()
}

/// A move of the tree as the page writes it: `3. Black c4` (Margo; moves are
/// numbered from the puzzle's position), or the Margrites turn, which carries
/// its number.
fn numbered(p: &Puzzle, mv: &Move, ply: usize) -> String {
    match mv {
        Move::Margo(_) => format!("{}. {} {}", ply + 1, side(p, ply), p.notation(mv)),
        Move::Margrites(_) => p.notation(mv),
    }
}

/// The solution tree as a nested Markdown list (the file's words escaped):
/// numbered moves with their colour; defences that lead to the same
/// continuation are merged into one item (`if 2. White c1, d1 or e1: ...`).
fn tree_text(p: &Puzzle, line: &Line, ply: usize, depth: usize, out: &mut String) {
    let pad = "  ".repeat(depth);
    let only = if line.only { " (the only move)" } else { "" };
    out.push_str(&format!(
        "{pad}- **{}**{only}",
        markdown_text(&numbered(p, &line.mv, ply))
    ));
    if !line.end.is_empty() {
        out.push_str(&format!(
            ": {}",
            markdown_text(&super::solution_line::reader_end(&line.end))
        ));
    }
    out.push('\n');
    // Continuations in the order they first appear, with their defences.
    let mut groups: Vec<(String, Vec<&Move>)> = Vec::new();
    for r in &line.replies {
        let cont = match &r.answer {
            Some(a) => {
                let mut s = String::from(":\n");
                tree_text(p, a, ply + 2, depth + 2, &mut s);
                s
            }
            None => format!(
                ": {}\n",
                markdown_text(&super::solution_line::reader_end(&r.end))
            ),
        };
        match groups.iter_mut().find(|g| g.0 == cont) {
            Some(g) => g.1.push(&r.mv),
            None => groups.push((cont, vec![&r.mv])),
        }
    }
    let pad = "  ".repeat(depth + 1);
    for (cont, moves) in groups {
        let mut names: Vec<String> = moves.iter().map(|m| p.notation(m)).collect();
        if let (Some(first), Move::Margo(_)) = (names.first_mut(), moves[0]) {
            *first = numbered(p, moves[0], ply + 1);
        }
        let list = match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.concat(),
        };
        out.push_str(&format!("{pad}- if {}{cont}", markdown_text(&list)));
    }
}

/// The key as a figure plays it: the Margo move, or the Margrites turn's
/// steps (`b7>c7 c7>d8`).
pub(super) fn key_steps(p: &Puzzle) -> String {
    match &p.key {
        Move::Margrites(turn) => turn.steps_text(),
        Move::Margo(_) => p.notation(&p.key),
    }
}

/// A claim about the position after the key, worked out by the engine (so the
/// figure checker confirms the page draws what the file says).
fn after_key_claim(p: &Puzzle) -> Result<String, String> {
    match (&p.position, &p.key) {
        (Position::Margo(pos), Move::Margo(m)) => {
            let mut pos = pos.clone();
            pos.play(*m)
                .map_err(|e| format!("key {}: {e}", p.notation(&p.key)))?;
            Ok(if pos.outcome().is_some() {
                "the game is over".to_owned()
            } else {
                format!("{} legal moves", pos.legal_moves().len())
            })
        }
        (Position::Margrites(pos), Move::Margrites(turn)) => {
            let (_, after) = turn.play(pos).map_err(|e| e.to_string())?;
            Ok(if after.is_over() {
                "the game is over".to_owned()
            } else {
                format!("{} legal steps", after.legal_steps().len())
            })
        }
        _ => Err("the key is not a move of the puzzle's game".into()),
    }
}

/// The question's figure: the caption and the claims that the key is legal
/// (and, for Margo, how many legal moves there are).
fn question_figure(p: &Puzzle, key: &str) -> String {
    let mut first = vec![
        // The caption is Markdown: the question is shown as plain text.
        format!("caption: {}", quoted(&markdown_text(&p.question))),
        "claims:".to_owned(),
        format!("  - {}", quoted(&format!("{key} is legal"))),
    ];
    if p.game != Game::Margrites {
        first.push(format!(
            "  - {}",
            quoted(&format!("{} legal moves", p.values.len()))
        ));
    }
    position_figure(p, &first)
}

/// The figure after the key, with the engine's claim about that position.
fn after_key_figure(p: &Puzzle, key: &str) -> Result<String, String> {
    let mut after = match p.game {
        Game::Margrites => vec![
            format!("steps: {}", quoted(key)),
            format!("caption: {}", quoted(&format!("After the key turn {key}."))),
        ],
        _ => vec![
            format!("moves: {key}"),
            format!("caption: {}", quoted(&format!("After the key move {key}."))),
        ],
    };
    after.push("claims:".to_owned());
    after.push(format!("  - {}", quoted(&after_key_claim(p)?)));
    Ok(position_figure(p, &after))
}

/// What a try without a refutation line says: a Margo or Spargo try that
/// ends the game says so; in a whole-game puzzle the solver proved the try's
/// value but drew no line within its budget; any other try falls short of the
/// goal in time.
fn no_line(p: &Puzzle, mv: &Move) -> &'static str {
    if ends_game(p, mv) {
        "the game ends with it"
    } else if p.game != Game::Margrites && p.turns == 0 {
        "the solver proves it but draws no line within its budget"
    } else {
        "the goal is not reached in time"
    }
}

/// Whether the Margo-family first move `mv` of `p` ends the game.
pub fn ends_game(p: &Puzzle, mv: &Move) -> bool {
    match (&p.position, mv) {
        (Position::Margo(pos), Move::Margo(m)) => {
            let mut after = pos.clone();
            after.play(*m).is_ok() && after.outcome().is_some()
        }
        _ => false,
    }
}

/// How a try's value reads after its move: `wins too`, `falls short`, ...
fn try_value(p: &Puzzle, value: Value) -> String {
    let capture = matches!(p.objective, Objective::Capture(_)) && p.game != Game::Margrites;
    let save = p.objective == Objective::Save;
    match value {
        Value::Result(Wld::Win) => "wins too".to_owned(),
        Value::Result(Wld::Draw) => "only draws".to_owned(),
        Value::Result(Wld::Loss) => "loses".to_owned(),
        Value::Reaches(false) => "falls short".to_owned(),
        v if capture => format!("forces only {v} off"),
        v if save => format!("loses {v}"),
        v => format!("is worth {v}"),
    }
}

/// The heading of the values column.
fn value_heading(p: &Puzzle) -> &'static str {
    match p.objective {
        _ if p.game == Game::Margrites => "Value for the side to move",
        Objective::Capture(_) => "Pieces it forces off the board within the turns",
        Objective::Save => "Pieces the opponent can then take off within the turns",
        _ => "Value for the side to move",
    }
}

/// What the band is computed from, for the page: the ladder, the tree (for
/// Margrites, the distinct turns of the attacker it asks for) and the tries.
fn difficulty_text(p: &Puzzle) -> String {
    let d = &p.difficulty;
    let tree = if p.game == Game::Margrites {
        let turns = p.solution.attacker_turns();
        format!(
            "the solution asks for {turns} distinct {} of the side to play",
            if turns == 1 { "turn" } else { "turns" }
        )
    } else {
        format!("the solution tree has {} nodes", d.tree)
    };
    format!(
        "the key is found by {}; {tree}, the main line {} {}; {} genuine {}",
        d.found_by.title(),
        d.length,
        if d.length == 1 { "ply" } else { "plies" },
        d.tries,
        if d.tries == 1 { "try" } else { "tries" }
    )
}

/// What the key is worth in the whole game, for people.
pub(super) fn game_value_text(p: &Puzzle) -> String {
    let side = match &p.position {
        Position::Margo(m) => m.to_move().to_string(),
        Position::Margrites(m) => m.to_move().to_string(),
    };
    let side = capitalise(&side);
    p.game_value.describe(&side)
}

pub(super) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn titles(themes: &[Theme]) -> Vec<String> {
    themes.iter().map(|t| t.title().to_owned()).collect()
}

/// Where a puzzle stands among its game's puzzles.
struct Nav {
    number: usize,
    total: usize,
    prev: Option<String>,
    next: Option<String>,
}

fn view(p: &Puzzle, nav: Nav) -> Result<PuzzleView, String> {
    let number = nav.number;
    // A puzzle whose turns have too many ways to be made for a page keeps its
    // static page; any other failure is an error.
    let play = match super::play::play_data(p, |v| try_value(p, v)) {
        Ok(data) => {
            super::play::check_tree(p, &data).map_err(|e| e.to_string())?;
            super::play::script_json(&data).map_err(|e| e.to_string())?
        }
        Err(super::play::PlayError::TooManySteps(_) | super::play::PlayError::TooManyWays(_)) => {
            String::new()
        }
        Err(e) => return Err(e.to_string()),
    };
    let key = key_steps(p);
    let mut tree = String::new();
    tree_text(p, &p.solution, 0, 0, &mut tree);
    let d = &p.difficulty;
    Ok(PuzzleView {
        title: format!("{} puzzle {number}", p.game.title()),
        number,
        total: nav.total,
        game_title: p.game.title(),
        prev: nav.prev,
        next: nav.next,
        play,
        id: p.id.clone(),
        game: p.game.slug(),
        question: p.question.clone(),
        objective: p.objective.file_text(p.game),
        themes: titles(&p.themes),
        band: format!("{} ({})", d.band.slug(), d.band.title()),
        difficulty: difficulty_text(p),
        game_value: game_value_text(p),
        verdict: super::verdict::answer(p)?.unwrap_or_default(),
        figure: question_figure(p, &key),
        after_key: match super::solution_line::numbered_figure(p) {
            Some(line) => line,
            None => after_key_figure(p, &key)?,
        },
        key: p.notation(&p.key),
        value_heading: value_heading(p),
        values: p
            .values
            .iter()
            .map(|v| (p.notation(&v.mv), v.value.to_string()))
            .collect(),
        first_turns: p.first_turns,
        tree,
        tries: p
            .tries
            .iter()
            .map(|t| Try {
                mv: p.notation(&t.mv),
                tempting: t.tempting.clone(),
                value: try_value(p, t.value),
                refutation: t
                    .refutation
                    .iter()
                    .map(|m| p.notation(m))
                    .collect::<Vec<_>>()
                    .join(" "),
                no_line: no_line(p, &t.mv),
            })
            .collect(),
        minimality: match p.minimality.minimal {
            Minimal::Yes => {
                "minimal: no piece can be taken away without changing the answer".into()
            }
            Minimal::No => format!("not minimal: {}", p.minimality.note),
            Minimal::Unknown => format!("minimality unknown: {}", p.minimality.note),
        },
        provenance: format!(
            "{}; {}; seed {}, candidate {}; {} solver nodes",
            p.provenance.generator,
            p.provenance.source,
            p.provenance.seed,
            p.provenance.candidate,
            p.provenance.solver_nodes
        ),
    })
}

#[derive(Serialize)]
struct GameView<'a> {
    game: &'a GameSummary,
    puzzles: Vec<Entry>,
    kinds: Vec<Choice>,
    themes: Vec<Choice>,
}

#[derive(Serialize)]
struct CensusView {
    rules: String,
    positions: u64,
    finished: u64,
    unique_win: u64,
    themes: Vec<(String, u64)>,
    not_counted: Vec<String>,
}

#[derive(Serialize)]
struct IndexView {
    games: Vec<GameSummary>,
    census: Option<CensusView>,
}

/// A game's puzzles with their stable numbers ([`Numbers`]), in number
/// order.
///
/// # Errors
/// A puzzle that has no number.
fn in_number_order<'a>(
    all: &'a [(PathBuf, Puzzle)],
    game: Game,
    numbers: &Numbers,
) -> Result<Vec<(u32, &'a Puzzle)>, PuzzlePagesError> {
    let mut ps = Vec::new();
    for (_, p) in all.iter().filter(|(_, p)| p.game == game) {
        let n = numbers
            .number(game, &p.id)
            .ok_or_else(|| PuzzlePagesError::Page {
                game: game.slug(),
                id: p.id.clone(),
                reason: format!(
                    "no number in puzzles/{NUMBERS_FILE}: run `cannonball number-puzzles` to append it"
                ),
            })?;
        ps.push((n, p));
    }
    ps.sort_by_key(|(n, _)| *n);
    Ok(ps)
}

/// The rows of the theme table: puzzles per theme and band, themes in the
/// order of their slugs.
fn theme_rows(ps: &[&Puzzle]) -> Vec<ThemeRow> {
    let mut by_theme: BTreeMap<&'static str, (Theme, Vec<usize>)> = BTreeMap::new();
    for p in ps {
        for t in &p.themes {
            let row = by_theme
                .entry(t.slug())
                .or_insert_with(|| (*t, vec![0; Band::ALL.len()]));
            row.1[Band::ALL
                .iter()
                .position(|b| *b == p.difficulty.band)
                .unwrap_or(0)] += 1;
        }
    }
    by_theme
        .into_values()
        .map(|(t, counts)| ThemeRow {
            theme: t.title().to_owned(),
            total: counts.iter().sum(),
            counts,
        })
        .collect()
}

/// A game's page and its puzzles' pages, and its summary for the index.
fn game_pages(
    game: Game,
    numbered: &[(u32, &Puzzle)],
    pages: &Pages,
) -> Result<(GamePages, GameSummary), PuzzlePagesError> {
    let mut entries = Vec::new();
    let mut puzzles = Vec::new();
    let ps: Vec<&Puzzle> = numbered.iter().map(|(_, p)| *p).collect();
    let ps = &ps[..];
    for (i, &(n, p)) in numbered.iter().enumerate() {
        let number = n as usize;
        entries.push(Entry {
            number,
            id: p.id.clone(),
            link: format!("{}/{}.md", game.slug(), p.id),
            question: p.question.clone(),
            band: p.difficulty.band.slug(),
            themes: titles(&p.themes),
            theme_slugs: p
                .themes
                .iter()
                .map(|t| t.slug())
                .collect::<Vec<_>>()
                .join(" "),
            kind: kind(p).0,
        });
        let nav = Nav {
            number,
            total: ps.len(),
            prev: i.checked_sub(1).map(|j| ps[j].id.clone()),
            next: ps.get(i + 1).map(|q| q.id.clone()),
        };
        let v = view(p, nav).map_err(|reason| PuzzlePagesError::Page {
            game: game.slug(),
            id: p.id.clone(),
            reason,
        })?;
        let content = pages.render("puzzle.md.tera", &v)?;
        puzzles.push(Page {
            name: v.title.clone(),
            path: PathBuf::from(format!("puzzles/{}/{}.md", game.slug(), p.id)),
            content,
        });
    }
    let bands = Band::ALL
        .iter()
        .map(|b| {
            (
                b.slug(),
                ps.iter().filter(|p| p.difficulty.band == *b).count(),
            )
        })
        .collect();
    let summary = GameSummary {
        slug: game.slug(),
        title: game.title(),
        total: ps.len(),
        rows: theme_rows(ps),
        bands,
    };
    let mut kinds: Vec<Choice> = Vec::new();
    let mut themes: BTreeMap<&'static str, Choice> = BTreeMap::new();
    for p in ps {
        let (value, label) = kind(p);
        if !kinds.iter().any(|k| k.value == value) {
            kinds.push(Choice {
                value: value.to_owned(),
                label: label.to_owned(),
            });
        }
        for t in &p.themes {
            themes.entry(t.slug()).or_insert_with(|| Choice {
                value: t.slug().to_owned(),
                label: t.title().to_owned(),
            });
        }
    }
    let content = pages.render(
        "puzzle-game.md.tera",
        &GameView {
            game: &summary,
            puzzles: entries,
            kinds,
            themes: themes.into_values().collect(),
        },
    )?;
    let page = Page {
        name: format!("{} puzzles", game.title()),
        path: PathBuf::from(format!("puzzles/{}.md", game.slug())),
        content,
    };
    let booklet = super::booklet::booklet(game, numbered, pages)?;
    Ok((
        GamePages {
            page,
            puzzles,
            booklet,
        },
        summary,
    ))
}

/// The census of the Spargo tablebase, when `root` has one.
fn census_view(root: &Path) -> Result<Option<CensusView>, CensusError> {
    let census = Census::read(&root.join("census").join("spargo.yaml"))?;
    Ok(census.map(|c| CensusView {
        rules: c.rules,
        positions: c.positions,
        finished: c.finished,
        unique_win: c.unique_win,
        themes: c
            .themes
            .into_iter()
            .map(|(t, n)| (t.title().to_owned(), n))
            .collect(),
        not_counted: titles(&c.not_counted),
    }))
}

/// Generates the Puzzles part from the puzzle files under `root`.
///
/// # Errors
/// A puzzle file that cannot be read (file and line), a page that cannot be
/// made, a template that cannot be rendered, or a census that cannot be read.
pub fn generate(root: &Path, pages: &Pages) -> Result<PuzzlePages, PuzzlePagesError> {
    let all = puzzle::read_all(root).map_err(PuzzlePagesError::Files)?;
    generate_from(&all, root, pages)
}

/// Generates the Puzzles part from puzzles already read from `root` (where
/// the census is).
///
/// # Errors
/// As [`generate`], but for reading the puzzle files; and a puzzle without a
/// number in `numbers.yaml`, or that file unreadable.
pub fn generate_from(
    all: &[(PathBuf, Puzzle)],
    root: &Path,
    pages: &Pages,
) -> Result<PuzzlePages, PuzzlePagesError> {
    let numbers = Numbers::read(root)?;
    let mut summaries = Vec::new();
    let mut games = Vec::new();
    for game in Game::ALL {
        let ps = in_number_order(all, game, &numbers)?;
        if ps.is_empty() {
            continue;
        }
        let (g, summary) = game_pages(game, &ps, pages)?;
        games.push(g);
        summaries.push(summary);
    }
    let index = pages.render(
        "puzzle-index.md.tera",
        &IndexView {
            games: summaries,
            census: census_view(root)?,
        },
    )?;
    Ok(PuzzlePages { index, games })
}
