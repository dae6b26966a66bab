//! Build script: a hash of the library's source and of the rules crate's, so that
//! caches of results computed by the library (checked book figures) go stale when
//! either changes.

use std::fs;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn main() {
    let mut all = Vec::new();
    for dir in ["src", "rules/src"] {
        println!("cargo::rerun-if-changed={dir}");
        files(Path::new(dir), &mut all);
    }
    all.sort();
    // FNV-1a over each file's path and contents.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for path in &all {
        let name = path.to_string_lossy().replace('\\', "/");
        for b in name.bytes().chain(fs::read(path).unwrap_or_default()) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    println!("cargo::rustc-env=CANNONBALL_SOURCE_HASH={h:016x}");
}
