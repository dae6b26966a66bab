//! Expanding a book's chapters: every figure checked (in parallel, through the
//! cache) and replaced by its HTML, every directive replaced by its page
//! fragment; all failures of the whole book collected before giving up.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::Serialize;

use crate::figure::cache::Cache;
use crate::figure::scan::{self, Item};
use crate::figure::spec::Place;
use crate::figure::{self, Budget, Failure, Failures, Figure, Problem};

use super::pages::{Pages, PagesError};
use super::{Event, Progress, Stats, annotated, files, game, pyramid};

/// The directives the book understands.
pub const DIRECTIVES: &[&str] = &[
    "figure",
    "pyramid-table",
    "margrites-game",
    "annotated-game",
];

/// Where things are, resolved for one run.
#[derive(Clone, Debug)]
pub struct Paths {
    /// The book's root (where `book.toml` is).
    pub root: PathBuf,
    /// The chapters' folder.
    pub src: PathBuf,
    /// How the root is written in messages (`book`).
    pub shown_root: String,
    /// The templates folder.
    pub templates: PathBuf,
    /// The figure files' folder.
    pub figures: PathBuf,
    /// The Margrites games' folder.
    pub games: PathBuf,
}

impl Paths {
    /// `path` (under the root) as shown in messages.
    #[must_use]
    pub fn show(&self, path: &Path) -> String {
        let rel = path.strip_prefix(&self.root).unwrap_or(path);
        let rel = rel.to_string_lossy().replace('\\', "/");
        if self.shown_root.is_empty() || self.shown_root == "." {
            rel
        } else {
            format!("{}/{rel}", self.shown_root.trim_end_matches('/'))
        }
    }
}

/// A chapter to expand: where it is, its text and what was found in it.
#[derive(Clone, Debug)]
pub struct Chapter {
    /// Its path under the chapters' folder (`margo/rules.md`).
    pub path: PathBuf,
    /// Its Markdown.
    pub content: String,
}

/// The slug of a chapter path, the start of its figures' ids:
/// `margo/rules.md` gives `margo-rules`.
#[must_use]
pub fn slug(path: &Path) -> String {
    let text = path.with_extension("").to_string_lossy().to_lowercase();
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_matches('-');
    // Ids must start with a letter (HTML and the diagrams' SVG ids alike).
    if out.starts_with(|c: char| c.is_ascii_alphabetic()) {
        out.to_string()
    } else {
        format!("ch-{out}")
    }
}

struct FigureJob {
    chapter: usize,
    item: usize,
    figure: Figure,
    /// The game for the cache key: the block's, or a figure file's path.
    key_game: String,
}

fn directive_failure(file: &str, d: &scan::Directive, message: String) -> Failure {
    Failure {
        file: file.to_string(),
        line: d.line,
        problem: Problem::Directive {
            name: d.name.clone(),
            message,
        },
    }
}

/// Expands every chapter. Returns the new texts in the same order, or every
/// failure of the book.
///
/// # Errors
/// [`Failures`], sorted by file and line.
pub fn expand(
    chapters: &[Chapter],
    paths: &Paths,
    pages: &dyn Fn() -> Result<Pages, PagesError>,
    cache: &Cache,
    budget: &Budget,
    progress: Option<&Progress>,
    stats: &Mutex<Stats>,
) -> Result<Vec<String>, Failures> {
    let mut failures = Vec::new();
    let (jobs, found) = figure_jobs(chapters, paths, &mut failures);
    if let Some(p) = progress {
        p(Event::Figures(jobs.len()));
    }
    let mut html = check_figures(&jobs, cache, budget, progress, stats, &mut failures);
    let directives = Directives {
        chapters,
        paths,
        pages,
        stats,
        cache,
    };
    directives.expand(&found, &mut html, &mut failures);
    if !failures.is_empty() {
        failures.sort_by(|a, b| (&a.file, a.line).cmp(&(&b.file, b.line)));
        failures.dedup();
        return Err(Failures(failures));
    }
    if let Ok(mut s) = stats.lock() {
        s.chapters += chapters.len();
    }
    Ok(splice(chapters, &found, &html))
}

/// The expansions of a book: chapter and item index to the HTML or Markdown
/// that replaces the item.
type Expansions = BTreeMap<(usize, usize), String>;

/// Finds every chapter's figures and directives: one job per figure (inline
/// or from a figure file), with its id, and each chapter's items. A figure
/// file that cannot be read, or an id used twice, is a failure.
fn figure_jobs(
    chapters: &[Chapter],
    paths: &Paths,
    failures: &mut Vec<Failure>,
) -> (Vec<FigureJob>, Vec<Vec<Item>>) {
    let mut jobs = Vec::new();
    let mut found: Vec<Vec<Item>> = Vec::new();
    let mut ids: BTreeMap<String, (String, usize)> = BTreeMap::new();
    for (ci, ch) in chapters.iter().enumerate() {
        let file = paths.show(&paths.src.join(&ch.path));
        let items = scan::scan(&ch.content, DIRECTIVES);
        let mut n = 0;
        for (ii, item) in items.iter().enumerate() {
            let (body, place, game) = match item {
                Item::Figure(b) => (
                    b.body.clone(),
                    Place {
                        file: file.clone(),
                        first_line: b.body_line,
                    },
                    Some(b.game),
                ),
                Item::Directive(d) if d.name == "figure" => match figure_file(paths, d) {
                    Ok((body, shown)) => (
                        body,
                        Place {
                            file: shown,
                            first_line: 1,
                        },
                        None,
                    ),
                    Err(m) => {
                        failures.push(directive_failure(&file, d, m));
                        continue;
                    }
                },
                Item::Directive(_) => continue,
            };
            n += 1;
            let id = format!("{}-fig{n}", slug(&ch.path));
            let line = scan::line_of(&ch.content, item.range().start);
            if let Some((other, other_line)) = ids.insert(id.clone(), (file.clone(), line)) {
                failures.push(Failure {
                    file: file.clone(),
                    line,
                    problem: Problem::Directive {
                        name: "figure".into(),
                        message: format!("figure id `{id}` is also used at {other}:{other_line}; rename one of the chapters"),
                    },
                });
            }
            jobs.push(FigureJob {
                chapter: ci,
                item: ii,
                // A figure file may take its game from its folder: key on the path.
                key_game: game
                    .map_or_else(|| format!("file:{}", place.file), |g| g.slug().to_string()),
                figure: Figure {
                    game,
                    body,
                    place,
                    id,
                },
            });
        }
        found.push(items);
    }
    (jobs, found)
}

/// Checks every figure (in parallel, through the cache); returns the HTML of
/// those whose claims all hold and adds the failures of the others.
fn check_figures(
    jobs: &[FigureJob],
    cache: &Cache,
    budget: &Budget,
    progress: Option<&Progress>,
    stats: &Mutex<Stats>,
    failures: &mut Vec<Failure>,
) -> Expansions {
    let budget_key = format!("{}/{}", budget.margo_nodes, budget.margrites_nodes);
    let results: Vec<Result<(String, usize, bool), Vec<Failure>>> = crate::jobs::map(jobs, |job| {
        let f = &job.figure;
        let key = Cache::key(&job.key_game, &f.body, &f.id, &budget_key);
        let out = match cache.get(&key) {
            Some(html) => Ok((html, 0, true)),
            None => figure::check(f, budget).map(|c| {
                // A cache that cannot be written only costs time next build.
                let _ = cache.put(&key, &c.html);
                (c.html, c.claims, false)
            }),
        };
        if let Some(p) = progress {
            p(Event::Figure {
                cached: matches!(out, Ok((_, _, true))),
            });
        }
        out
    });
    let mut html = Expansions::new();
    for (job, r) in jobs.iter().zip(results) {
        match r {
            Ok((h, claims, cached)) => {
                if let Ok(mut s) = stats.lock() {
                    s.figures += 1;
                    s.claims += claims;
                    s.cached += usize::from(cached);
                }
                html.insert((job.chapter, job.item), h);
            }
            Err(mut f) => failures.append(&mut f),
        }
    }
    html
}

/// What the directives other than `figure` need: the chapters, where things
/// are, the templates (loaded when the first directive needs them), the
/// statistics and the cache.
struct Directives<'a> {
    chapters: &'a [Chapter],
    paths: &'a Paths,
    pages: &'a dyn Fn() -> Result<Pages, PagesError>,
    stats: &'a Mutex<Stats>,
    cache: &'a Cache,
}

impl Directives<'_> {
    /// A hash of everything directive `name` reads besides its own words: the
    /// templates and, for the games, their folder (an annotated game re-proves
    /// its last moves with the solver, so its expansion is worth keeping).
    fn inputs(&self, name: &str, templates: u64) -> String {
        let p = self.paths;
        let folder = match name {
            "annotated-game" => files::fingerprint(&p.root.join("games")),
            "margrites-game" => files::fingerprint(&p.games),
            _ => 0,
        };
        format!("{templates:016x}/{folder:016x}")
    }

    /// Expands every directive but `figure` in `found` into `html`, adding the
    /// failures.
    fn expand(&self, found: &[Vec<Item>], html: &mut Expansions, failures: &mut Vec<Failure>) {
        let mut loaded: Option<Pages> = None;
        let mut templates: Option<u64> = None;
        for (ci, items) in found.iter().enumerate() {
            let file = self
                .paths
                .show(&self.paths.src.join(&self.chapters[ci].path));
            let prefix = format!("{}-", slug(&self.chapters[ci].path));
            for (ii, item) in items.iter().enumerate() {
                let Item::Directive(d) = item else { continue };
                if d.name == "figure" {
                    continue;
                }
                let templates =
                    *templates.get_or_insert_with(|| files::fingerprint(&self.paths.templates));
                let inputs = self.inputs(&d.name, templates);
                let key = Cache::key_of(
                    "directive",
                    &[
                        d.name.as_bytes(),
                        d.args.join("\0").as_bytes(),
                        prefix.as_bytes(),
                        inputs.as_bytes(),
                    ],
                );
                if let Some(text) = self.cache.get(&key) {
                    html.insert((ci, ii), text);
                    if let Ok(mut s) = self.stats.lock() {
                        s.directives += 1;
                        s.cached_directives += 1;
                    }
                    continue;
                }
                if loaded.is_none() {
                    match (self.pages)() {
                        Ok(p) => loaded = Some(p),
                        Err(e) => {
                            failures.push(directive_failure(&file, d, e.to_string()));
                            continue;
                        }
                    }
                }
                let Some(pages) = &loaded else { continue };
                match directive(pages, self.paths, d, &prefix) {
                    Ok(text) => {
                        // A cache that cannot be written only costs time next build.
                        let _ = self.cache.put(&key, &text);
                        html.insert((ci, ii), text);
                        if let Ok(mut s) = self.stats.lock() {
                            s.directives += 1;
                        }
                    }
                    Err(annotated::ViewError::Directive(m)) => {
                        failures.push(directive_failure(&file, d, m));
                    }
                    Err(annotated::ViewError::Record(mut f)) => failures.append(&mut f),
                }
            }
        }
    }
}

/// The chapters' texts with every expanded item replaced by its expansion.
fn splice(chapters: &[Chapter], found: &[Vec<Item>], html: &Expansions) -> Vec<String> {
    chapters
        .iter()
        .enumerate()
        .map(|(ci, ch)| {
            let mut text = ch.content.clone();
            for (ii, item) in found[ci].iter().enumerate().rev() {
                if let Some(h) = html.get(&(ci, ii)) {
                    let r = item.range().clone();
                    text.replace_range(r, &format!("\n{h}\n\n"));
                }
            }
            text
        })
        .collect()
}

fn figure_file(paths: &Paths, d: &scan::Directive) -> Result<(String, String), String> {
    let [rel] = d.args.as_slice() else {
        return Err("expected `{{#figure PATH}}`, PATH under the figures folder".into());
    };
    let rel_path = Path::new(rel);
    if rel_path.is_absolute()
        || rel_path
            .components()
            .any(|c| matches!(c, std::path::Component::ParentDir))
    {
        return Err(format!("`{rel}` must be a path inside the figures folder"));
    }
    let path = paths.figures.join(rel_path);
    let shown = paths.show(&path);
    // A link out of the figures folder is refused before anything is read.
    let real =
        files::inside(&paths.figures, &path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let body =
        crate::input::read_text(&real).map_err(|e| format!("cannot read {shown}: {}", e.reason))?;
    Ok((body, paths.show(&path)))
}

#[derive(Serialize)]
struct PyramidPage {
    from: usize,
    to: usize,
    max_levels: usize,
    rows: Vec<pyramid::PyramidRow>,
}

fn directive(
    pages: &Pages,
    paths: &Paths,
    d: &scan::Directive,
    prefix: &str,
) -> Result<String, annotated::ViewError> {
    if d.name == "annotated-game" {
        // Records live under `games/` beside the Margrites transcripts.
        let games = paths.root.join("games");
        let view = annotated::view(&games, &d.args, prefix, &|p| paths.show(p))?;
        return pages
            .render("annotated-game.md.tera", &view)
            .map_err(|e| annotated::ViewError::Directive(e.to_string()));
    }
    other_directive(pages, paths, d, prefix).map_err(annotated::ViewError::Directive)
}

fn other_directive(
    pages: &Pages,
    paths: &Paths,
    d: &scan::Directive,
    prefix: &str,
) -> Result<String, String> {
    match d.name.as_str() {
        "pyramid-table" => {
            let (from, to) = pyramid::parse_args(&d.args).map_err(|e| e.to_string())?;
            let rows = pyramid::rows(from, to).map_err(|e| e.to_string())?;
            let max_levels = rows.iter().map(|r| r.levels.len()).max().unwrap_or(0);
            pages
                .render(
                    "pyramid-table.md.tera",
                    &PyramidPage {
                        from,
                        to,
                        max_levels,
                        rows,
                    },
                )
                .map_err(|e| e.to_string())
        }
        "margrites-game" => {
            let [name] = d.args.as_slice() else {
                return Err("expected `{{#margrites-game NAME}}`".into());
            };
            let view = game::view(&paths.games, name, &format!("{prefix}{name}-"))
                .map_err(|e| e.to_string())?;
            pages
                .render("margrites-game.md.tera", &view)
                .map_err(|e| e.to_string())
        }
        other => Err(format!("unknown directive `{other}`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_plain() {
        assert_eq!(slug(Path::new("margo/rules.md")), "margo-rules");
        assert_eq!(slug(Path::new("Intro Page.md")), "intro-page");
        assert_eq!(slug(Path::new("a__b/c.md")), "a-b-c");
        assert_eq!(slug(Path::new("01-intro.md")), "ch-01-intro");
    }
}
