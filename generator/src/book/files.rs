//! The book's own files: what a directive may read (only files inside the
//! book's root, links resolved), and fingerprints of folders for cache keys.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::fnv::Fnv1a;

/// `path` with its links resolved, if it lies inside the folder `root` (also
/// resolved: the figures or games folder, inside the book). The error never
/// holds the file's content: callers report it as `cannot read FILE: ...`.
///
/// # Errors
/// The file cannot be found, or it (or a link on its way) leads outside `root`.
pub fn inside(root: &Path, path: &Path) -> io::Result<PathBuf> {
    let real = fs::canonicalize(path)?;
    if real.starts_with(fs::canonicalize(root)?) {
        Ok(real)
    } else {
        Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!(
                "it leads outside {} (a link?); only files inside that folder are read",
                root.display()
            ),
        ))
    }
}

/// A hash of every file under `dir` (names and bytes, in name order, links
/// not followed); 0 for a folder that does not exist.
#[must_use]
pub fn fingerprint(dir: &Path) -> u64 {
    let mut files = Vec::new();
    collect(dir, &mut files);
    files.sort();
    let mut h = Fnv1a::default();
    for f in &files {
        let rel = f.strip_prefix(dir).unwrap_or(f);
        h = h.write(rel.to_string_lossy().as_bytes()).write(&[0]);
        // A link is hashed by where it points, never followed: it may lead
        // to a device that never ends (the read of the file itself refuses
        // both).
        let link = fs::symlink_metadata(f).is_ok_and(|m| m.file_type().is_symlink());
        if link {
            let target = fs::read_link(f).unwrap_or_default();
            h = h
                .write(b"link ")
                .write(target.as_os_str().as_encoded_bytes());
        } else if let Ok(bytes) = fs::read(f) {
            h = h.write(&(bytes.len() as u64).to_le_bytes()).write(&bytes);
        } else {
            h = h.write(b"unreadable");
        }
    }
    h.finish()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let Ok(kind) = e.file_type() else { continue };
        if kind.is_dir() {
            collect(&e.path(), out);
        } else if kind.is_file() || kind.is_symlink() {
            out.push(e.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_out_of_the_root_is_refused_without_its_content() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("book");
        fs::create_dir_all(root.join("figures")).unwrap();
        let secret = dir.path().join("secret.txt");
        fs::write(&secret, "TOP SECRET").unwrap();
        fs::write(root.join("figures/ok.yaml"), "x").unwrap();
        let ok = inside(&root, &root.join("figures/ok.yaml")).unwrap();
        assert!(ok.ends_with("figures/ok.yaml"));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&secret, root.join("figures/evil.yaml")).unwrap();
            let err = inside(&root, &root.join("figures/evil.yaml"))
                .unwrap_err()
                .to_string();
            assert!(err.contains("leads outside"), "{err}");
            assert!(!err.contains("SECRET"), "{err}");
        }
    }

    #[test]
    fn fingerprints_change_with_names_and_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let a = fingerprint(dir.path());
        fs::write(dir.path().join("a.txt"), "1").unwrap();
        let b = fingerprint(dir.path());
        fs::write(dir.path().join("a.txt"), "2").unwrap();
        let c = fingerprint(dir.path());
        fs::rename(dir.path().join("a.txt"), dir.path().join("b.txt")).unwrap();
        let d = fingerprint(dir.path());
        assert!(a != b && b != c && c != d && a != d);
        assert_eq!(d, fingerprint(dir.path()));
    }
}
