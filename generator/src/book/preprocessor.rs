//! The mdBook preprocessor `cannonball`: used in-process by `cannonball build`
//! and as a command (`cannonball preprocess`) by a plain `mdbook build`.
//!
//! Settings, all optional, in `book.toml`:
//!
//! ```toml
//! [preprocessor.cannonball]
//! command = "cargo run --release --quiet -- preprocess"
//! before = ["links"]            # see the chapters' own line numbers
//! templates = "../templates"    # tera templates, from the book root
//! figures = "figures"           # {{#figure PATH}} files
//! games = "games/margrites"     # {{#margrites-game NAME}} transcripts
//! cache = ".cache/figures"      # checked figures, directives and puzzle proofs
//! solver-nodes = 20000000       # Margo solver budget per claim
//! margrites-nodes = 2000000     # Margrites solver budget per claim
//! ```

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use mdbook_preprocessor::book::Book;
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};
use serde::Deserialize;

use crate::figure::cache::Cache;
use crate::figure::{Budget, Failures};

use super::expand::{self, Chapter, Paths};
use super::pages::Pages;
use super::proofs::{self, Prover};
use super::{BookError, Progress, Stats};

/// The preprocessor's name in `book.toml`.
pub const NAME: &str = "cannonball";

/// The `[preprocessor.cannonball]` table.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub struct Settings {
    /// Templates folder, from the book root (default `../templates`).
    pub templates: Option<PathBuf>,
    /// Figure files' folder (default `figures`).
    pub figures: Option<PathBuf>,
    /// Margrites games' folder (default `games/margrites`).
    pub games: Option<PathBuf>,
    /// Cache folder: checked figures, expanded directives, puzzle proofs
    /// (default `.cache/figures`).
    pub cache: Option<PathBuf>,
    /// Margo solver nodes per claim.
    pub solver_nodes: Option<u64>,
    /// Margrites solver nodes per claim.
    pub margrites_nodes: Option<u64>,
    /// Puzzles folder, from the book root (default `../puzzles`).
    pub puzzles: Option<PathBuf>,
}

/// What a caller may set instead of `book.toml`.
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    /// Templates folder.
    pub templates: Option<PathBuf>,
    /// Cache folder.
    pub cache: Option<PathBuf>,
    /// Check every figure, ignoring and not writing the cache.
    pub no_cache: bool,
    /// How the book root is written in messages.
    pub shown_root: Option<String>,
    /// What re-proves each puzzle the book shows (the binary passes the
    /// forge's verifier); `None`: the puzzle pages are made without a proof.
    pub prover: Option<Prover>,
}

/// The preprocessor.
#[derive(Clone, Default)]
pub struct Cannonball {
    overrides: Overrides,
    progress: Option<Progress>,
    stats: Arc<Mutex<Stats>>,
}

impl std::fmt::Debug for Cannonball {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cannonball")
            .field("overrides", &self.overrides)
            .finish_non_exhaustive()
    }
}

fn shown(root: &Path) -> String {
    let cwd = std::env::current_dir().ok();
    let rel = cwd
        .as_deref()
        .and_then(|c| root.strip_prefix(c).ok())
        .unwrap_or(root);
    rel.to_string_lossy().replace('\\', "/")
}

impl Cannonball {
    /// A preprocessor reading its settings from `book.toml` only.
    #[must_use]
    pub fn new() -> Cannonball {
        Cannonball::default()
    }

    /// The same with `overrides` taking precedence over `book.toml`.
    #[must_use]
    pub fn with_overrides(mut self, overrides: Overrides) -> Cannonball {
        self.overrides = overrides;
        self
    }

    /// The same, reporting progress to `progress` (called from any thread).
    #[must_use]
    pub fn with_progress(mut self, progress: Progress) -> Cannonball {
        self.progress = Some(progress);
        self
    }

    /// What the runs so far did.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats.lock().map(|s| *s).unwrap_or_default()
    }

    /// Where things are: `book.toml`'s settings under the book's root, with
    /// the overrides taking precedence.
    fn paths(&self, ctx: &PreprocessorContext, settings: &Settings) -> Paths {
        let root = &ctx.root;
        let o = &self.overrides;
        Paths {
            root: root.clone(),
            src: root.join(&ctx.config.book.src),
            shown_root: o.shown_root.clone().unwrap_or_else(|| shown(root)),
            templates: o.templates.clone().unwrap_or_else(|| {
                root.join(
                    settings
                        .templates
                        .clone()
                        .unwrap_or_else(|| "../templates".into()),
                )
            }),
            figures: root.join(settings.figures.clone().unwrap_or_else(|| "figures".into())),
            games: root.join(
                settings
                    .games
                    .clone()
                    .unwrap_or_else(|| "games/margrites".into()),
            ),
        }
    }

    /// The figure cache: none with `no_cache`, else the override's folder or
    /// the settings' (under the root).
    fn cache(&self, root: &Path, settings: &Settings) -> Cache {
        let o = &self.overrides;
        if o.no_cache {
            return Cache::none();
        }
        Cache::at(o.cache.clone().unwrap_or_else(|| {
            root.join(
                settings
                    .cache
                    .clone()
                    .unwrap_or_else(|| ".cache/figures".into()),
            )
        }))
    }

    /// Expands every chapter of `book`.
    ///
    /// # Errors
    /// [`BookError::Failures`] with every failing figure and directive, or a
    /// settings problem.
    pub fn expand_book(
        &self,
        ctx: &PreprocessorContext,
        mut book: Book,
    ) -> Result<Book, BookError> {
        let settings: Settings = ctx
            .config
            .get(&format!("preprocessor.{NAME}"))
            .map_err(|e| BookError::Settings(e.to_string()))?
            .unwrap_or_default();
        let root = &ctx.root;
        let paths = self.paths(ctx, &settings);
        let cache = self.cache(root, &settings);
        let defaults = Budget::default();
        let budget = Budget {
            margo_nodes: settings.solver_nodes.unwrap_or(defaults.margo_nodes),
            margrites_nodes: settings.margrites_nodes.unwrap_or(defaults.margrites_nodes),
        };
        let puzzles = root.join(
            settings
                .puzzles
                .clone()
                .unwrap_or_else(|| "../puzzles".into()),
        );
        self.attach_puzzles(&mut book, &puzzles, &paths.templates, &cache)?;
        attach_term_index(&mut book, &paths.src);
        let mut chapters = Vec::new();
        for ch in book.chapters() {
            if let Some(path) = &ch.source_path {
                chapters.push(Chapter {
                    path: path.clone(),
                    content: ch.content.clone(),
                });
            }
        }
        let templates = paths.templates.clone();
        let pages = move || Pages::load(&templates);
        let texts = expand::expand(
            &chapters,
            &paths,
            &pages,
            &cache,
            &budget,
            self.progress.as_ref(),
            &self.stats,
        )
        .map_err(BookError::Failures)?;
        let mut by_path: BTreeMap<PathBuf, String> =
            chapters.into_iter().map(|c| c.path).zip(texts).collect();
        book.for_each_chapter_mut(|ch| {
            if let Some(text) = ch.source_path.as_ref().and_then(|p| by_path.remove(p)) {
                ch.content = text;
            }
        });
        Ok(book)
    }
}

impl Cannonball {
    /// Generates the Puzzles part (see [`super::puzzles`]) under the chapter
    /// `puzzles/index.md`, when the book has one: `{{#puzzle-index}}` in it is
    /// replaced by the index, and the game and puzzle pages become its
    /// sub-chapters. With a prover, every puzzle is re-proved first (through
    /// the cache) and one that does not re-prove fails the build at its line.
    fn attach_puzzles(
        &self,
        book: &mut Book,
        puzzles: &Path,
        templates: &Path,
        cache: &Cache,
    ) -> Result<(), BookError> {
        let has_index = book
            .chapters()
            .any(|c| c.source_path.as_deref() == Some(Path::new(PUZZLE_INDEX)));
        if !has_index {
            return Ok(());
        }
        let all = crate::puzzle::read_all(puzzles)
            .map_err(|e| BookError::Puzzles(super::puzzles::PuzzlePagesError::Files(e)))?;
        if let Some(prover) = &self.overrides.prover {
            let proved = proofs::prove_all(&all, prover, cache, self.progress.as_ref())
                .map_err(|f| BookError::Failures(Failures(f)))?;
            if let Ok(mut s) = self.stats.lock() {
                s.proved += proved;
            }
        }
        let pages = Pages::load(templates)?;
        let generated =
            super::puzzles::generate_from(&all, puzzles, &pages).map_err(BookError::Puzzles)?;
        attach_pages(book, &generated);
        Ok(())
    }
}

/// The glossary, whose entries the index lists.
const GLOSSARY: &str = "appendix/glossary.md";

/// Replaces `{{#term-index}}` by the index of the glossary's terms over the
/// written chapters (those with a file under `src`; the generated puzzle
/// pages, the glossary, the index itself and the pages of answers are left
/// out, so that the index never leads to a solution).
fn attach_term_index(book: &mut Book, src: &Path) {
    use super::term_index::{DIRECTIVE, glossary_terms, render, sections};
    use mdbook_preprocessor::book::BookItem;
    let Some(at) = book
        .chapters()
        .find(|c| c.content.contains(DIRECTIVE))
        .and_then(|c| c.source_path.clone())
    else {
        return;
    };
    let mut terms = Vec::new();
    let mut all = Vec::new();
    for ch in book.chapters() {
        let Some(path) = &ch.source_path else {
            continue;
        };
        let rel = path.to_string_lossy().replace('\\', "/");
        if path == Path::new(GLOSSARY) {
            terms = glossary_terms(&ch.content);
        } else if *path != at && src.join(path).is_file() && !rel.ends_with("answers.md") {
            all.extend(sections(&rel, &ch.content));
        }
    }
    let at_rel = at.to_string_lossy().replace('\\', "/");
    let index = if terms.is_empty() {
        format!("(The book has no glossary at `{GLOSSARY}` to make the index from.)\n")
    } else {
        render(&terms, &all, &at_rel)
    };
    book.for_each_mut(|item| {
        if let BookItem::Chapter(ch) = item
            && ch.source_path.as_deref() == Some(at.as_path())
        {
            ch.content = ch.content.replace(DIRECTIVE, &index);
        }
    });
}

/// The source path of the chapter the Puzzles part hangs from.
const PUZZLE_INDEX: &str = "puzzles/index.md";

/// Hangs the generated Puzzles part under `puzzles/index.md`.
fn attach_pages(book: &mut Book, generated: &super::puzzles::PuzzlePages) {
    use mdbook_preprocessor::book::{BookItem, Chapter as MdChapter, SectionNumber};
    book.for_each_mut(|item| {
        let BookItem::Chapter(ch) = item else {
            return;
        };
        if ch.source_path.as_deref() != Some(Path::new(PUZZLE_INDEX)) {
            return;
        }
        ch.content = ch.content.replace("{{#puzzle-index}}", &generated.index);
        let parents = vec![ch.name.clone()];
        // Section numbers below the index's put the pages one and two levels
        // under it in the sidebar (mdBook nests by the number's depth), where
        // `[output.html.fold]` keeps each game's list folded.
        let base = ch.number.clone();
        let before = ch
            .sub_items
            .iter()
            .filter(|i| matches!(i, BookItem::Chapter(_)))
            .count();
        let below = |n: &Option<SectionNumber>, k: usize| {
            n.as_ref().map(|b| {
                let mut v: SectionNumber = b.iter().copied().collect();
                v.push(u32::try_from(k).unwrap_or(u32::MAX));
                v
            })
        };
        for (k, g) in generated.games.iter().enumerate() {
            let mut game = MdChapter::new(
                &g.page.name,
                g.page.content.clone(),
                &g.page.path,
                parents.clone(),
            );
            game.number = below(&base, before + k + 1);
            let mut inner = parents.clone();
            inner.push(g.page.name.clone());
            for (j, p) in g.puzzles.iter().enumerate() {
                let mut puzzle = MdChapter::new(&p.name, p.content.clone(), &p.path, inner.clone());
                puzzle.number = below(&game.number, j + 1);
                game.sub_items.push(BookItem::Chapter(puzzle));
            }
            ch.sub_items.push(BookItem::Chapter(game));
        }
        // The booklets follow the games' lists, at the same level.
        let games = generated.games.len();
        for (k, g) in generated.games.iter().enumerate() {
            let mut booklet = MdChapter::new(
                &g.booklet.name,
                g.booklet.content.clone(),
                &g.booklet.path,
                parents.clone(),
            );
            booklet.number = below(&base, before + games + k + 1);
            ch.sub_items.push(BookItem::Chapter(booklet));
        }
    });
}

/// The command form of the preprocessor: reads mdBook's `[context, book]` JSON
/// from `input`, expands the book (re-proving its puzzles with `prover`), and
/// writes it as JSON to `output`.
///
/// # Errors
/// [`BookError::Json`] for input that is not mdBook's, or the expansion's error.
pub fn run_json(
    input: impl Read,
    output: impl Write,
    prover: Option<Prover>,
) -> Result<Stats, BookError> {
    let (ctx, book) =
        mdbook_preprocessor::parse_input(input).map_err(|e| BookError::Json(format!("{e:#}")))?;
    let pre = Cannonball::new().with_overrides(Overrides {
        prover,
        ..Overrides::default()
    });
    let book = pre.expand_book(&ctx, book)?;
    let mut output = output;
    serde_json::to_writer(&mut output, &book).map_err(|e| BookError::Json(e.to_string()))?;
    output.flush().map_err(|e| BookError::Json(e.to_string()))?;
    Ok(pre.stats())
}

/// The JSON mdBook sends a preprocessor command for the book at `root` and
/// `renderer`: `[context, book]`, as `mdbook build` writes it.
///
/// # Errors
/// The book cannot be loaded.
pub fn input_json(root: &Path, renderer: &str) -> Result<String, BookError> {
    let md = mdbook_driver::MDBook::load(root).map_err(|e| BookError::MdBook(format!("{e:#}")))?;
    let ctx = PreprocessorContext::new(md.root.clone(), md.config.clone(), renderer.to_string());
    serde_json::to_string(&(ctx, &md.book)).map_err(|e| BookError::Json(e.to_string()))
}

impl Preprocessor for Cannonball {
    fn name(&self) -> &str {
        NAME
    }

    fn run(
        &self,
        ctx: &PreprocessorContext,
        book: Book,
    ) -> mdbook_preprocessor::errors::Result<Book> {
        Ok(self.expand_book(ctx, book)?)
    }

    fn supports_renderer(&self, _renderer: &str) -> mdbook_preprocessor::errors::Result<bool> {
        Ok(true)
    }
}
