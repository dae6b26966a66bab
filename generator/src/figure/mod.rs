//! Verified figures: a position written in YAML, drawn by the engine, with claims
//! that are checked against the engine (and the solvers) before the figure is
//! drawn. A false claim is an error naming the file, the line and the claim.
//!
//! A figure is a fenced code block in a book chapter whose info string is
//! `margo`, `spargo` or `margrites`, or a YAML file included with
//! `{{#figure path/under/book/figures.yaml}}` (which says its game with a
//! `game:` key, or by a folder named after the game in its path).
//!
//! ```text
//! rules: margo size=5        # preset [options]
//! white: c3 d3 b2+1
//! black: b2 b3 c2
//! to-move: black
//! moves: c4                  # played before drawing
//! labels: {a: d4}
//! caption: Black's a captures two.
//! claims:
//!   - a captures 2
//!   - after a, c3 is empty
//! ```
//!
//! - [`spec`]: the YAML schema and the lines keys and claims stand on.
//! - [`claim`]: the claim grammar.
//! - [`margo`](mod@margo), [`margrites`](mod@margrites): building the position;
//!   [`claim_margo`], [`claim_margrites`]: checking claims; [`solver`]: the
//!   solvers as the checker uses them, with a node budget.
//! - [`scan`]: finding figures in Markdown; [`cache`]: checked figures kept
//!   between builds; [`html`] and [`draw`]: the output.
//!
//! ```
//! use cannonball::figure::{check, Budget, Figure, spec::Place};
//! use cannonball_rules::Game;
//! let fig = Figure {
//!     game: Some(Game::Spargo),
//!     body: "white: b1\nblack: a1 d4\nmoves: a2\ncaption: A corner capture.\nclaims:\n  - a1 is captured\n  - score is 2-1\n".into(),
//!     place: Place { file: "ch.md".into(), first_line: 3 },
//!     id: "ch-fig1".into(),
//! };
//! let checked = check(&fig, &Budget::default()).unwrap();
//! assert!(checked.html.contains("<svg"));
//! let wrong = Figure { body: fig.body.replace("2-1", "2-0"), ..fig };
//! let failures = check(&wrong, &Budget::default()).unwrap_err();
//! assert_eq!(failures[0].to_string(), "ch.md:9: claim \"score is 2-0\": engine found score 2-1");
//! ```

pub mod cache;
pub mod claim;
pub mod claim_margo;
pub mod claim_margrites;
pub mod draw;
pub mod error;
pub mod html;
pub mod margo;
pub mod margrites;
pub mod scan;
pub mod solver;
pub mod spec;
#[cfg(test)]
mod tests;
mod verdict;
mod words;

use serde::Deserialize;

pub use error::{Failure, Failures, Problem};
pub use solver::Budget;
pub use verdict::Verdict;

use cannonball_rules::Game;
use cannonball_rules::margo::Preset;

use crate::yaml;
use spec::{ClaimItem, MargoSpec, MargritesSpec, Place, Scalar};

/// The game of a code block's info string (its first word), if a figure.
#[must_use]
pub fn game_of_info(info: &str) -> Option<Game> {
    let word = info.split([' ', ',', '{']).next().unwrap_or("");
    word.parse().ok()
}

/// The game named by a folder of a figure file's path (`figures/margrites/x.yaml`).
#[must_use]
pub fn game_of_path(path: &str) -> Option<Game> {
    path.split(['/', '\\'])
        .rev()
        .skip(1)
        .find_map(|dir| dir.parse().ok())
}

/// A figure to check: its game (when the info string says it), its YAML body,
/// where that body is, and the HTML id it gets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// The game; `None` for a figure file, which says it with `game:` or its path.
    pub game: Option<Game>,
    /// The YAML.
    pub body: String,
    /// Where the body is.
    pub place: Place,
    /// The `id` of the `<figure>` element; SVG ids start with it too.
    pub id: String,
}

/// A figure whose every claim holds, ready to put in a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The `<figure>` HTML.
    pub html: String,
    /// Claims checked.
    pub claims: usize,
}

#[derive(Deserialize)]
struct GameKey {
    game: Option<Scalar>,
}

fn fail(place: &Place, body_line: usize, problem: Problem) -> Failure {
    Failure {
        file: place.file.clone(),
        line: place.line(body_line),
        problem,
    }
}

fn game_of(fig: &Figure) -> Result<Game, Failure> {
    // Before any YAML parser sees the body: deep nesting costs it minutes.
    if let Err(e) = crate::input::check_yaml_depth(&fig.body, &fig.place.file) {
        return Err(fail(
            &fig.place,
            e.line.unwrap_or(1),
            Problem::Yaml(e.reason),
        ));
    }
    let key = serde_norway::from_str::<GameKey>(&fig.body)
        .ok()
        .and_then(|k| k.game)
        .map(|g| g.text());
    let line = yaml::top_key_line(&fig.body, "game").unwrap_or(1);
    let named = match &key {
        Some(name) => Some(name.parse::<Game>().map_err(|_| {
            fail(
                &fig.place,
                line,
                Problem::Field {
                    key: "game".into(),
                    message: format!("unknown game `{name}` (expected margo, spargo or margrites)"),
                },
            )
        })?),
        None => None,
    };
    match (fig.game, named) {
        (Some(a), Some(b)) if a != b => Err(fail(
            &fig.place,
            line,
            Problem::Field {
                key: "game".into(),
                message: format!("the block is marked `{a}` but says `game: {b}`"),
            },
        )),
        (Some(g), _) | (None, Some(g)) => Ok(g),
        (None, None) => game_of_path(&fig.place.file).ok_or_else(|| {
            fail(
                &fig.place,
                1,
                Problem::Field {
                    key: "game".into(),
                    message: "say which game the figure shows: `game: margo`, `game: spargo` or `game: margrites`".into(),
                },
            )
        }),
    }
}

/// Checks a figure: reads it, builds the position through the engine, plays its
/// moves, checks every claim, and draws it.
///
/// # Errors
/// Every failure found (all claims are checked, not only up to the first false one).
pub fn check(fig: &Figure, budget: &Budget) -> Result<Checked, Vec<Failure>> {
    let game = game_of(fig).map_err(|f| vec![f])?;
    let at = |(line, problem): (usize, Problem)| fail(&fig.place, line, problem);
    let body = fig.body.as_str();
    let judged = judge(game, fig, budget)?;
    let mut failures = Vec::new();
    if judged
        .caption
        .as_deref()
        .is_none_or(|c| c.trim().is_empty())
    {
        failures.push(at(missing("caption", "a figure needs a caption")));
    }
    if judged.claims.is_empty() {
        failures.push(at(missing("claims", "a figure needs at least one claim")));
    }
    let (verdicts, svg) = match judged.outcome {
        Ok(v) => v,
        Err(mut errs) => {
            failures.append(&mut errs);
            failures.sort_by_key(|f| f.line);
            return Err(failures);
        }
    };
    let svg = svg.unwrap_or_else(|(key, message)| {
        let line = yaml::top_key_line(body, key).unwrap_or(1);
        failures.push(at((
            line,
            Problem::Field {
                key: key.into(),
                message,
            },
        )));
        String::new()
    });
    let lines = spec::claim_lines(body, judged.claims.len());
    for ((text, verdict), line) in verdicts.into_iter().zip(lines) {
        let claim = text.clone();
        let problem = match verdict {
            Verdict::True => continue,
            Verdict::False(found) => Problem::ClaimFalse { claim, found },
            Verdict::Unreadable(message) => Problem::ClaimSyntax { claim, message },
            Verdict::Undecided(detail) => Problem::Undecided { claim, detail },
        };
        failures.push(at((line, problem)));
    }
    if !failures.is_empty() {
        failures.sort_by_key(|f| f.line);
        return Err(failures);
    }
    Ok(Checked {
        html: html::figure(&fig.id, &svg, judged.caption.as_deref().unwrap_or("")),
        claims: judged.claims.len(),
    })
}

/// A figure read by its game's reader: the caption and claims as written, and,
/// unless the position could not be built, each claim's verdict and the drawing.
struct Judged {
    caption: Option<String>,
    claims: Vec<ClaimItem>,
    outcome: Result<Verdicts, Vec<Failure>>,
}

/// Each claim (as written) with its verdict, and the drawing or why it failed.
type Verdicts = (Vec<(String, Verdict)>, Result<String, draw::DrawError>);

/// Reads `fig` as a figure of `game`, builds its position and judges its claims.
fn judge(game: Game, fig: &Figure, budget: &Budget) -> Result<Judged, Vec<Failure>> {
    let at = |(line, problem): (usize, Problem)| fail(&fig.place, line, problem);
    let read_err = |e| vec![at(e)];
    let body = fig.body.as_str();
    let prefix = format!("{}-", fig.id);
    let built_err = |errs: Vec<(usize, Problem)>| errs.into_iter().map(at).collect::<Vec<_>>();
    Ok(match game {
        Game::Margo | Game::Spargo => {
            let preset = if game == Game::Spargo {
                Preset::Spargo
            } else {
                Preset::Margo
            };
            let s: MargoSpec = spec::read(body, &fig.place).map_err(read_err)?;
            let outcome = margo::build(&s, body, preset).map_err(built_err).map(|f| {
                let verdicts = |c: &claim::Claim| claim_margo::check(&f, c, budget);
                (
                    verdicts_for(&s.claims, &verdicts),
                    draw::margo_svg(&f, &prefix),
                )
            });
            Judged {
                caption: s.caption,
                claims: s.claims,
                outcome,
            }
        }
        Game::Margrites => {
            let s: MargritesSpec = spec::read(body, &fig.place).map_err(read_err)?;
            let outcome = margrites::build(&s, body).map_err(built_err).map(|f| {
                let verdicts = |c: &claim::Claim| claim_margrites::check(&f, c, budget);
                (
                    verdicts_for(&s.claims, &verdicts),
                    draw::margrites_svg(&f, &prefix),
                )
            });
            Judged {
                caption: s.caption,
                claims: s.claims,
                outcome,
            }
        }
    })
}

fn missing(key: &str, message: &str) -> (usize, Problem) {
    (
        1,
        Problem::Field {
            key: key.into(),
            message: message.into(),
        },
    )
}

fn verdicts_for(
    claims: &[ClaimItem],
    check: &dyn Fn(&claim::Claim) -> Verdict,
) -> Vec<(String, Verdict)> {
    claims
        .iter()
        .map(|c| {
            let text = c.text();
            let verdict = match claim::parse(&text) {
                Ok(parsed) => check(&parsed),
                Err(e) => Verdict::Unreadable(e.message),
            };
            (text, verdict)
        })
        .collect()
}
