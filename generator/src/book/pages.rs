//! Pages and page fragments rendered from tera templates: every `*.tera` file of
//! the templates folder is loaded once, by file name (`pyramid-table.md.tera`).
//! The book's directives use them now; puzzle pages will use the same renderer.

use std::borrow::Cow;
use std::fs;
use std::path::{Path, PathBuf};

use serde::Serialize;
use tera::{Context, Kwargs, State, Tera, Value};
use thiserror::Error;

use crate::figure::html::{escape, markdown_text};

/// The `attr` filter: the value escaped for an HTML attribute (and so safe).
fn attr_filter(v: Cow<'_, str>, _: Kwargs, _: &State<'_>) -> Value {
    Value::safe_string(&escape(&v))
}

/// The escape of every variable not marked safe: [`markdown_text`].
fn escape_markdown(s: &str, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    out.write_all(markdown_text(s).as_bytes())
}

/// A template folder that cannot be used, or a page that cannot be rendered.
#[derive(Debug, Error)]
pub enum PagesError {
    /// The folder cannot be read.
    #[error("cannot read the templates folder {path}: {message}")]
    Folder {
        /// The folder.
        path: PathBuf,
        /// Why.
        message: String,
    },
    /// A template does not parse.
    #[error("template {name}: {message}")]
    Template {
        /// The template's file name.
        name: String,
        /// The template engine's report.
        message: String,
    },
    /// No template of that name was loaded.
    #[error("no template {name} in {folder}")]
    Missing {
        /// The name asked for.
        name: String,
        /// The folder the templates came from.
        folder: PathBuf,
    },
}

/// The book's templates, loaded once.
#[derive(Clone)]
pub struct Pages {
    tera: Tera,
    folder: PathBuf,
    names: Vec<String>,
}

impl std::fmt::Debug for Pages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pages")
            .field("folder", &self.folder)
            .field("names", &self.names)
            .finish()
    }
}

impl Pages {
    /// Loads every `*.tera` file of `folder` (not its subfolders), named by file
    /// name. Every variable is escaped as plain Markdown text
    /// ([`markdown_text`]: no raw HTML, no Markdown markup) unless the template
    /// marks it `| safe` (the HTML and Markdown the engine made, whose text
    /// from files is escaped where it is made); `| attr` escapes for an HTML
    /// attribute.
    ///
    /// # Errors
    /// The folder cannot be read, or a template does not parse.
    pub fn load(folder: &Path) -> Result<Pages, PagesError> {
        let folder_err = |e: std::io::Error| PagesError::Folder {
            path: folder.to_path_buf(),
            message: e.to_string(),
        };
        let mut files: Vec<(PathBuf, String)> = fs::read_dir(folder)
            .map_err(folder_err)?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "tera"))
            .filter_map(|p| {
                let name = p.file_name()?.to_str()?.to_string();
                Some((p, name))
            })
            .collect();
        files.sort_by(|a, b| a.1.cmp(&b.1));
        let mut tera = Tera::new();
        tera.autoescape_on(vec![".tera"]);
        tera.set_escape_fn(escape_markdown);
        tera.register_filter("attr", attr_filter);
        for (path, name) in &files {
            let text = crate::input::read_text(path).map_err(|e| PagesError::Folder {
                path: folder.to_path_buf(),
                message: e.to_string(),
            })?;
            tera.add_raw_template(name, &text)
                .map_err(|e| PagesError::Template {
                    name: name.clone(),
                    message: e.to_string(),
                })?;
        }
        Ok(Pages {
            tera,
            folder: folder.to_path_buf(),
            names: files.into_iter().map(|(_, n)| n).collect(),
        })
    }

    /// The names of the templates loaded, sorted.
    #[must_use]
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Renders template `name` with `data` (a struct whose fields are the
    /// template's variables).
    ///
    /// # Errors
    /// No such template, or rendering fails (an undefined variable, ...).
    pub fn render(&self, name: &str, data: &impl Serialize) -> Result<String, PagesError> {
        if !self.names.iter().any(|n| n == name) {
            return Err(PagesError::Missing {
                name: name.to_string(),
                folder: self.folder.clone(),
            });
        }
        let context = Context::from_serialize(data).map_err(|e| PagesError::Template {
            name: name.to_string(),
            message: e.to_string(),
        })?;
        self.tera
            .render(name, &context)
            .map_err(|e| PagesError::Template {
                name: name.to_string(),
                message: e.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Rows {
        rows: Vec<(u32, String)>,
    }

    #[test]
    fn loads_a_folder_and_escapes_what_is_not_safe() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(
            dir.path().join("t.md.tera"),
            "{% for r in rows -%}\n| {{ r[0] }} | {{ r[1] }} | {{ r[1] | safe }} | <a title=\"{{ r[1] | attr }}\"> |\n{% endfor -%}\n",
        )
        .unwrap();
        fs::write(dir.path().join("ignored.txt"), "{{ nope").unwrap();
        let pages = Pages::load(dir.path()).unwrap();
        assert_eq!(pages.names(), ["t.md.tera"]);
        let out = pages
            .render(
                "t.md.tera",
                &Rows {
                    rows: vec![(3, "<b>|\"".into()), (4, "x".into())],
                },
            )
            .unwrap();
        assert_eq!(
            out,
            "| 3 | &lt;b&gt;\\|\" | <b>|\" | <a title=\"&lt;b&gt;|&quot;\"> |\n| 4 | x | x | <a title=\"x\"> |\n"
        );
        assert!(matches!(
            pages.render("u.md.tera", &Rows { rows: vec![] }),
            Err(PagesError::Missing { .. })
        ));
    }

    #[test]
    fn a_broken_template_names_itself() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("bad.md.tera"), "{% for x in %}").unwrap();
        let err = Pages::load(dir.path()).unwrap_err().to_string();
        assert!(err.starts_with("template bad.md.tera"), "{err}");
    }
}
