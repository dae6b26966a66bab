//! Progress display for the long phases of a build (hidden when not wanted).

use std::sync::atomic::{AtomicBool, Ordering};

use indicatif::{ProgressBar, ProgressStyle};

static SHOW: AtomicBool = AtomicBool::new(false);

/// Whether builds draw progress bars (on standard error).
pub fn set_visible(show: bool) {
    SHOW.store(show, Ordering::Relaxed);
}

/// One phase of a build.
pub struct Phase {
    bar: Option<ProgressBar>,
}

impl Phase {
    /// A phase of unknown length.
    #[must_use]
    pub fn spinner(name: &str) -> Phase {
        let bar = SHOW.load(Ordering::Relaxed).then(|| {
            let b = ProgressBar::new_spinner();
            b.set_style(
                ProgressStyle::with_template("{spinner} [{elapsed_precise}] {prefix}: {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            b.set_prefix(name.to_owned());
            b.enable_steady_tick(std::time::Duration::from_millis(200));
            b
        });
        Phase { bar }
    }

    /// A phase over `len` items.
    #[must_use]
    pub fn bar(name: &str, len: u64) -> Phase {
        let bar = SHOW.load(Ordering::Relaxed).then(|| {
            let b = ProgressBar::new(len);
            b.set_style(
                ProgressStyle::with_template(
                    "[{elapsed_precise}] {prefix:>16} {wide_bar} {percent:>3}% eta {eta}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            b.set_prefix(name.to_owned());
            b
        });
        Phase { bar }
    }

    /// Item `i` is done (counted in steps of 65,536 to keep it cheap).
    #[inline]
    pub fn tick(&self, i: u32) {
        if i & 0xFFFF == 0 {
            if let Some(b) = &self.bar {
                b.inc(0x10000);
            }
        }
    }

    /// `n` more items are done.
    pub fn tick_by(&self, n: u64) {
        if let Some(b) = &self.bar {
            b.inc(n);
        }
    }

    /// A new message.
    pub fn message(&self, msg: &str) {
        if let Some(b) = &self.bar {
            b.set_message(msg.to_owned());
        }
    }

    /// The phase is over.
    pub fn finish(&self, msg: &str) {
        if let Some(b) = &self.bar {
            b.finish_with_message(msg.to_owned());
        }
    }
}
