//! The layers of `ARCHITECTURE.md`, enforced: every module of the `cannonball`
//! crate imports only from layers below its own (or from itself), the book
//! reads puzzles only through `puzzle`, and the rules crate depends on nothing
//! else of the project. A new upward import fails here with the file and line.

use std::fs;
use std::path::{Path, PathBuf};

/// The crate's top-level modules, lowest layer first. Modules of one layer do
/// not import each other.
const LAYERS: &[(&str, u8)] = &[
    ("fnv", 0),
    ("yaml", 0),
    ("input", 0),
    ("jobs", 0),
    ("solve", 1),
    ("puzzle", 2),
    ("forge", 3),
    ("render", 4),
    ("figure", 5),
    ("annotate", 5),
    ("book", 6),
    ("cmd", 7),
    ("main", 7),
];

/// Modules that must not use another although it is below them: the book,
/// the figures and the annotated games read puzzles only through `puzzle`,
/// never through the forge that makes them.
const NEVER: &[(&str, &str)] = &[
    ("book", "forge"),
    ("figure", "forge"),
    ("annotate", "forge"),
    ("render", "forge"),
];

fn layer(module: &str) -> Option<u8> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|(_, l)| *l)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a source file belongs to (`forge` for
/// `src/forge/margo/mod.rs`, `yaml` for `src/yaml.rs`).
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap();
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy();
    first.trim_end_matches(".rs").to_string()
}

/// The modules a line of code names through `crate::` or `cannonball::`.
fn named_modules(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for prefix in ["crate::", "cannonball::"] {
        let mut rest = line;
        while let Some(i) = rest.find(prefix) {
            let before = rest[..i].chars().last();
            rest = &rest[i + prefix.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue; // `cannonball_rules::` or another crate's path
            }
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.push(name);
            }
        }
    }
    out
}

#[test]
fn no_module_imports_from_a_layer_above_its_own() {
    let src = crate::root().join("generator/src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut upward = Vec::new();
    for file in &files {
        let from = module_of(&src, file);
        if from == "lib" {
            continue;
        }
        let Some(from_layer) = layer(&from) else {
            upward.push(format!(
                "{}: module `{from}` has no layer in this test",
                file.display()
            ));
            continue;
        };
        let text = fs::read_to_string(file).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            for to in named_modules(code) {
                let Some(to_layer) = layer(&to) else { continue };
                if NEVER.contains(&(from.as_str(), to.as_str())) {
                    upward.push(format!(
                        "{}:{}: `{from}` must not use `{to}`",
                        file.display(),
                        i + 1
                    ));
                }
                if to != from && to_layer >= from_layer {
                    upward.push(format!(
                        "{}:{}: `{from}` (layer {from_layer}) uses `{to}` (layer {to_layer})",
                        file.display(),
                        i + 1
                    ));
                }
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports against the layers:\n{}",
        upward.join("\n")
    );
}

#[test]
fn the_layer_check_sees_upward_imports() {
    assert_eq!(named_modules("use crate::forge::theme::Theme;"), ["forge"]);
    assert_eq!(named_modules("use cannonball::book::{self, X};"), ["book"]);
    assert!(named_modules("use cannonball_rules::margo::Rules;").is_empty());
    assert_eq!(
        module_of(Path::new("/s"), Path::new("/s/forge/margo/mod.rs")),
        "forge"
    );
    assert!(layer("puzzle") < layer("forge") && layer("forge") < layer("book"));
}

#[test]
fn the_rules_crate_depends_on_nothing_of_the_project() {
    let manifest = fs::read_to_string(crate::root().join("generator/rules/Cargo.toml")).unwrap();
    let deps: Vec<&str> = manifest
        .split("[dependencies]")
        .nth(1)
        .unwrap_or("")
        .lines()
        .take_while(|l| !l.starts_with('['))
        .filter(|l| !l.trim().is_empty())
        .collect();
    for dep in &deps {
        assert!(
            !dep.contains("path") && !dep.contains("cannonball"),
            "the rules crate depends on `{dep}`"
        );
    }
    assert!(!deps.is_empty());
}
