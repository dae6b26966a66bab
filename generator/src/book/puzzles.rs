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

use crate::forge::theme::Theme;
use crate::puzzle::{self, Band, Line, Objective, PositionSpec, Puzzle};
use cannonball_rules::Game;

use super::pages::Pages;

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

/// A game's page and its puzzles' pages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePages {
    /// The game's page (`puzzles/spargo.md`).
    pub page: Page,
    /// One page per puzzle (`puzzles/spargo/ID.md`).
    pub puzzles: Vec<Page>,
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
    band: &'static str,
    score: u32,
    themes: Vec<String>,
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
    bands: Vec<(&'static str, usize)>,
}

#[derive(Serialize)]
struct Try {
    mv: String,
    tempting: String,
    value: String,
    refutation: String,
}

#[derive(Serialize)]
struct PuzzleView {
    title: String,
    number: usize,
    id: String,
    game: &'static str,
    question: String,
    objective: String,
    themes: Vec<String>,
    band: &'static str,
    score: u32,
    difficulty: String,
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

/// A theme's title (`over-under-cut` → `Over/under cut`); an unknown slug as written.
fn theme_title(slug: &str) -> String {
    slug.parse::<Theme>()
        .map_or_else(|_| slug.to_owned(), |t| t.title().to_owned())
}

/// The figure block for a puzzle's position, with `extra` YAML lines.
fn figure(p: &Puzzle, extra: &[String]) -> String {
    let mut lines = Vec::new();
    match &p.position {
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

fn quoted(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// The solution tree as a nested Markdown list.
fn tree_text(line: &Line, depth: usize, out: &mut String) {
    let pad = "  ".repeat(depth);
    let only = if line.only { " (the only move)" } else { "" };
    out.push_str(&format!("{pad}- **{}**{only}", line.mv));
    if !line.end.is_empty() {
        out.push_str(&format!(": {}", line.end));
    }
    out.push('\n');
    for r in &line.replies {
        let pad = "  ".repeat(depth + 1);
        match &r.answer {
            Some(a) => {
                out.push_str(&format!("{pad}- if {}:\n", r.mv));
                tree_text(a, depth + 2, out);
            }
            None => out.push_str(&format!("{pad}- if {}: {}\n", r.mv, r.end)),
        }
    }
}

/// A Margrites turn as written in a puzzle file (`1. b7>c7; c7>d8(xc8).`) as
/// the steps a figure plays (`b7>c7 c7>d8`).
fn steps_text(turn: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for ch in turn.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth > 0 => {}
            ';' => out.push(' '),
            _ => out.push(ch),
        }
    }
    let words: Vec<&str> = out.split_whitespace().collect();
    let words = match words.first() {
        Some(w) if w.ends_with('.') && w[..w.len() - 1].chars().all(|c| c.is_ascii_digit()) => {
            &words[1..]
        }
        _ => &words[..],
    };
    words.join(" ").trim_end_matches('.').to_owned()
}

/// A claim about the position after the key, worked out by the engine (so the
/// figure checker confirms the page draws what the file says).
fn after_key_claim(p: &Puzzle) -> Result<String, String> {
    match &p.position {
        PositionSpec::Margo(spec) => {
            let mut pos =
                crate::forge::margo::spec::position_of(spec).map_err(|e| e.to_string())?;
            let m = cannonball_rules::margo::notation::parse_move(pos.geometry(), &p.key)
                .map_err(|e| e.to_string())?;
            pos.play(m).map_err(|e| format!("key {}: {e}", p.key))?;
            Ok(if pos.outcome().is_some() {
                "the game is over".to_owned()
            } else {
                format!("{} legal moves", pos.legal_moves().len())
            })
        }
        PositionSpec::Margrites(spec) => {
            let pos = crate::forge::margrites::parse_position(spec).map_err(|e| e.to_string())?;
            let (_, after) =
                crate::forge::margrites::play_turn(&pos, &p.key).map_err(|e| e.to_string())?;
            Ok(if after.is_over() {
                "the game is over".to_owned()
            } else {
                format!("{} legal steps", after.legal_steps().len())
            })
        }
    }
}

fn view(p: &Puzzle, number: usize) -> Result<PuzzleView, String> {
    let key = if p.game == Game::Margrites {
        steps_text(&p.key)
    } else {
        p.key.clone()
    };
    let mut claims = vec![
        "claims:".to_owned(),
        format!("  - {}", quoted(&format!("{key} is legal"))),
    ];
    if p.game != Game::Margrites {
        claims.push(format!(
            "  - {}",
            quoted(&format!("{} legal moves", p.values.len()))
        ));
    }
    let mut first = vec![format!("caption: {}", quoted(&p.question))];
    first.extend(claims);
    let mut after = match p.game {
        Game::Margrites => vec![
            format!("steps: {}", quoted(&key)),
            format!("caption: {}", quoted(&format!("After the key turn {key}."))),
        ],
        _ => vec![
            format!("moves: {}", p.key),
            format!(
                "caption: {}",
                quoted(&format!("After the key move {}.", p.key))
            ),
        ],
    };
    after.push("claims:".to_owned());
    after.push(format!("  - {}", quoted(&after_key_claim(p)?)));
    let mut tree = String::new();
    tree_text(&p.solution, 0, &mut tree);
    let d = &p.difficulty;
    let capture = matches!(p.objective, Objective::Capture(_)) && p.game != Game::Margrites;
    let save = p.objective == Objective::Save;
    Ok(PuzzleView {
        title: format!("{} puzzle {number}", p.game.title()),
        number,
        id: p.id.clone(),
        game: p.game.slug(),
        question: p.question.clone(),
        objective: p.objective.text(),
        themes: p.themes.iter().map(|t| theme_title(t)).collect(),
        band: d.band.slug(),
        score: d.score,
        difficulty: format!(
            "score {} = solution tree of {} nodes, main line of {} plies, {} tempting tries, shortfall of the greedy choice {}",
            d.score, d.tree, d.length, d.tempting, d.gap
        ),
        figure: figure(p, &first),
        after_key: figure(p, &after),
        key: p.key.clone(),
        value_heading: match p.objective {
            _ if p.game == Game::Margrites => "Value for the side to move",
            Objective::Capture(_) => "Pieces it forces off the board within the turns",
            Objective::Save => "Pieces the opponent can then take off within the turns",
            _ => "Value for the side to move",
        },
        values: p
            .values
            .iter()
            .map(|v| (v.mv.clone(), v.value.clone()))
            .collect(),
        first_turns: p.first_turns,
        tree,
        tries: p
            .tries
            .iter()
            .map(|t| Try {
                mv: t.mv.clone(),
                tempting: t.tempting.clone(),
                value: match t.value.as_str() {
                    "win" => "wins too".to_owned(),
                    "draw" => "only draws".to_owned(),
                    "loss" => "loses".to_owned(),
                    "no" => "falls short".to_owned(),
                    v if capture => format!("forces only {v} off"),
                    v if save => format!("loses {v}"),
                    v => format!("is worth {v}"),
                },
                refutation: t.refutation.join(" "),
            })
            .collect(),
        minimality: if p.minimality.minimal {
            "minimal: no piece can be taken away without changing the answer".into()
        } else {
            format!("not minimal: {}", p.minimality.note)
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

/// Generates the Puzzles part from the puzzle files under `root`.
///
/// # Errors
/// A puzzle file that cannot be read (file and line), or a template that
/// cannot be rendered.
pub fn generate(root: &Path, pages: &Pages) -> Result<PuzzlePages, String> {
    let all = puzzle::read_all(root).map_err(|errors| {
        errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    let mut summaries = Vec::new();
    let mut games = Vec::new();
    for game in Game::ALL {
        let mut ps: Vec<&Puzzle> = all
            .iter()
            .map(|(_, p)| p)
            .filter(|p| p.game == game)
            .collect();
        if ps.is_empty() {
            continue;
        }
        ps.sort_by(|a, b| {
            a.difficulty
                .score
                .cmp(&b.difficulty.score)
                .then(a.id.cmp(&b.id))
        });
        let mut by_theme: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        let mut entries = Vec::new();
        let mut puzzles = Vec::new();
        for (i, p) in ps.iter().enumerate() {
            let number = i + 1;
            for t in &p.themes {
                let row = by_theme.entry(t.clone()).or_insert_with(|| vec![0; 3]);
                row[Band::ALL
                    .iter()
                    .position(|b| *b == p.difficulty.band)
                    .unwrap_or(0)] += 1;
            }
            entries.push(Entry {
                number,
                id: p.id.clone(),
                link: format!("{}/{}.md", game.slug(), p.id),
                question: p.question.clone(),
                band: p.difficulty.band.slug(),
                score: p.difficulty.score,
                themes: p.themes.iter().map(|t| theme_title(t)).collect(),
            });
            let v = view(p, number)
                .map_err(|e| format!("puzzles/{}/{}.yaml: {e}", game.slug(), p.id))?;
            let content = pages
                .render("puzzle.md.tera", &v)
                .map_err(|e| e.to_string())?;
            puzzles.push(Page {
                name: v.title.clone(),
                path: PathBuf::from(format!("puzzles/{}/{}.md", game.slug(), p.id)),
                content,
            });
        }
        let rows: Vec<ThemeRow> = by_theme
            .into_iter()
            .map(|(t, counts)| ThemeRow {
                theme: theme_title(&t),
                total: counts.iter().sum(),
                counts,
            })
            .collect();
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
            rows,
            bands,
        };
        #[derive(Serialize)]
        struct GameView<'a> {
            game: &'a GameSummary,
            puzzles: Vec<Entry>,
        }
        let content = pages
            .render(
                "puzzle-game.md.tera",
                &GameView {
                    game: &summary,
                    puzzles: entries,
                },
            )
            .map_err(|e| e.to_string())?;
        games.push(GamePages {
            page: Page {
                name: format!("{} puzzles", game.title()),
                path: PathBuf::from(format!("puzzles/{}.md", game.slug())),
                content,
            },
            puzzles,
        });
        summaries.push(summary);
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
    let census_path = root.join("census").join("spargo.yaml");
    let census = if census_path.exists() {
        let text = std::fs::read_to_string(&census_path)
            .map_err(|e| format!("{}: {e}", census_path.display()))?;
        let c: crate::forge::spargo::Census =
            serde_norway::from_str(&text).map_err(|e| format!("{}: {e}", census_path.display()))?;
        Some(CensusView {
            rules: c.rules,
            positions: c.positions,
            finished: c.finished,
            unique_win: c.unique_win,
            themes: c
                .themes
                .into_iter()
                .map(|(t, n)| (theme_title(&t), n))
                .collect(),
            not_counted: c.not_counted.iter().map(|t| theme_title(t)).collect(),
        })
    } else {
        None
    };
    let index = pages
        .render(
            "puzzle-index.md.tera",
            &IndexView {
                games: summaries,
                census,
            },
        )
        .map_err(|e| e.to_string())?;
    Ok(PuzzlePages { index, games })
}
