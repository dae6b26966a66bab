//! The rule options of the Margo family and the presets (rulings A2–A8).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::geometry::{MAX_SIZE, MIN_SIZE};

/// Which repetitions are forbidden (rulings A6). Ko restricts placements only.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Ko {
    /// Any board may recur.
    None,
    /// A placement may not recreate the board as it was just before the most
    /// recent move.
    #[default]
    Simple,
    /// A placement may not recreate any earlier board of the game.
    PositionalSuperko,
    /// A placement may not recreate an earlier board with the same colour to move.
    SituationalSuperko,
}

impl Ko {
    /// All options.
    pub const ALL: [Ko; 4] = [
        Ko::None,
        Ko::Simple,
        Ko::PositionalSuperko,
        Ko::SituationalSuperko,
    ];

    /// The option's name on the command line (`positional-superko`, ...).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Ko::None => "none",
            Ko::Simple => "simple",
            Ko::PositionalSuperko => "positional-superko",
            Ko::SituationalSuperko => "situational-superko",
        }
    }

    /// Whether the position must remember the whole history of boards.
    #[must_use]
    pub const fn is_superko(self) -> bool {
        matches!(self, Ko::PositionalSuperko | Ko::SituationalSuperko)
    }
}

/// Which groups a placement can capture (rulings A5, last paragraph).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum CaptureScope {
    /// Every group without freedom, in rounds, the mover's own last.
    #[default]
    All,
    /// Only enemy groups touching the placed piece, one round; reproduces another
    /// published implementation, for comparison only.
    Adjacent,
}

impl CaptureScope {
    /// The option's name on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            CaptureScope::All => "all",
            CaptureScope::Adjacent => "adjacent",
        }
    }
}

/// A complete description of the game being played: board size and every rule
/// option. Build one from a [`Preset`] and adjust fields, then [`Rules::validate`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// Board size `n` (3–19).
    pub size: u8,
    /// Number of players, 2–4, one colour each.
    pub players: u8,
    /// Whether the second player may answer the first move with a swap.
    pub swap: bool,
    /// Repetition rule.
    pub ko: Ko,
    /// Points at this level or higher are never playable (`None`: no limit).
    pub max_height: Option<u8>,
    /// Whether passing is a legal move.
    pub can_pass: bool,
    /// Whether pieces above the board give freedom through playable points of
    /// their own level.
    pub all_freedoms: bool,
    /// Whether the first capture of a live enemy piece wins at once.
    pub single_capture: bool,
    /// Which groups a placement captures.
    pub capture_scope: CaptureScope,
    /// Whether captured pieces that something rests on stay as zombies
    /// (rulings A5.2; on in every preset). Off is a counterfactual for the
    /// puzzle themes, not a variant anyone plays: a piece captured by the
    /// move is removed even when something rests on it, and every piece then
    /// resting, directly or indirectly, on an emptied point is removed with it,
    /// whatever its colour, in the same resolution round (pieces never float).
    /// Zombies already standing before the move (visible pieces without
    /// freedom, which only a setup can leave when this is off) are captured
    /// again as usual and removed top-down as with zombies on. The placed
    /// piece being removed this way is suicide (rulings A5.5), as always.
    pub zombies: bool,
    /// Whether over/under cuts cut same-level links (rulings A3; on in every
    /// preset). Off is a counterfactual for the puzzle themes: two visible
    /// same-coloured pieces orthogonally adjacent on one level are linked
    /// whatever stands above them.
    pub cuts: bool,
}

/// The named rule sets of rulings A8.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Preset {
    /// Margo on the 4x4 board, no swap, simple ko, two players.
    Spargo,
    /// Margo (default size 7), swap, simple ko, two players.
    Margo,
    /// The play-by-mail server's Margo: size 8, swap, no ko, 2–4 players.
    MargoPbmserv,
}

impl Preset {
    /// All presets.
    pub const ALL: [Preset; 3] = [Preset::Spargo, Preset::Margo, Preset::MargoPbmserv];

    /// The preset's name (`spargo`, `margo`, `margo-pbmserv`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Spargo => "spargo",
            Preset::Margo => "margo",
            Preset::MargoPbmserv => "margo-pbmserv",
        }
    }

    /// The preset's rules at its default size.
    #[must_use]
    pub const fn rules(self) -> Rules {
        let base = Rules {
            size: 7,
            players: 2,
            swap: true,
            ko: Ko::Simple,
            max_height: None,
            can_pass: false,
            all_freedoms: false,
            single_capture: false,
            capture_scope: CaptureScope::All,
            zombies: true,
            cuts: true,
        };
        match self {
            Preset::Spargo => Rules {
                size: 4,
                swap: false,
                ..base
            },
            Preset::Margo => base,
            Preset::MargoPbmserv => Rules {
                size: 8,
                ko: Ko::None,
                ..base
            },
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule option or preset that cannot be used.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum RulesError {
    /// The size is outside 3–19.
    #[error("board size {0} is not supported (sizes {MIN_SIZE} to {MAX_SIZE})")]
    Size(u8),
    /// The player count is outside 2–4.
    #[error("{0} players is not supported (2 to 4)")]
    Players(u8),
    /// A height limit of 0 would forbid every point.
    #[error("max height must be at least 1")]
    MaxHeight,
    /// A name that is not a preset.
    #[error("unknown game '{0}' (expected spargo, margo or margo-pbmserv)")]
    UnknownPreset(String),
    /// A ko option name that is not known.
    #[error(
        "unknown ko rule '{0}' (expected none, simple, positional-superko or situational-superko)"
    )]
    UnknownKo(String),
    /// A capture scope name that is not known.
    #[error("unknown capture scope '{0}' (expected all or adjacent)")]
    UnknownCaptureScope(String),
    /// A rules-line option that needs a number has none (`size=x`).
    #[error("{option} needs a number: `{word}`")]
    Number {
        /// The option (`size`).
        option: &'static str,
        /// The word as written.
        word: String,
    },
    /// A rules-line switch with a value other than on or off (`swap=maybe`).
    #[error("`{0}`: expected on or off")]
    Switch(String),
    /// A rules-line word that is no option.
    #[error(
        "unknown rule option `{0}` (expected a preset spargo, margo or margo-pbmserv, then size=N, players=N, swap=on|off, ko=..., max-height=H, can-pass, all-freedoms, single-capture, capture-scope=all|adjacent, zombies=on|off, cuts=on|off)"
    )]
    UnknownOption(String),
}

impl FromStr for Preset {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Preset, RulesError> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| RulesError::UnknownPreset(s.to_owned()))
    }
}

impl FromStr for Ko {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Ko, RulesError> {
        let norm = s.to_ascii_lowercase().replace('_', "-");
        Ko::ALL
            .into_iter()
            .find(|k| k.name() == norm)
            .ok_or_else(|| RulesError::UnknownKo(s.to_owned()))
    }
}

impl FromStr for CaptureScope {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<CaptureScope, RulesError> {
        match s.to_ascii_lowercase().as_str() {
            "all" => Ok(CaptureScope::All),
            "adjacent" => Ok(CaptureScope::Adjacent),
            _ => Err(RulesError::UnknownCaptureScope(s.to_owned())),
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Preset::Margo.rules()
    }
}

impl Rules {
    /// Checks that every option is in range.
    ///
    /// # Errors
    /// The first option out of range.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&(self.size as usize)) {
            return Err(RulesError::Size(self.size));
        }
        if !(2..=4).contains(&self.players) {
            return Err(RulesError::Players(self.players));
        }
        if self.max_height == Some(0) {
            return Err(RulesError::MaxHeight);
        }
        Ok(())
    }

    /// Board size as `usize`.
    #[must_use]
    pub const fn size(&self) -> usize {
        self.size as usize
    }

    /// Player count as `usize`.
    #[must_use]
    pub const fn players(&self) -> usize {
        self.players as usize
    }

    /// Whether points of `level` may ever be played.
    #[must_use]
    pub const fn level_allowed(&self, level: usize) -> bool {
        match self.max_height {
            Some(h) => level < h as usize,
            None => true,
        }
    }

    /// The options as command-line flags, in a fixed order (only those that differ
    /// from `base`), e.g. `--ko none --can-pass`.
    #[must_use]
    pub fn flags_against(&self, base: &Rules) -> Vec<String> {
        let mut out = Vec::new();
        if self.size != base.size {
            out.push(format!("--size {}", self.size));
        }
        if self.players != base.players {
            out.push(format!("--players {}", self.players));
        }
        if self.swap != base.swap {
            out.push(format!("--swap {}", if self.swap { "on" } else { "off" }));
        }
        if self.ko != base.ko {
            out.push(format!("--ko {}", self.ko.name()));
        }
        if self.max_height != base.max_height {
            if let Some(h) = self.max_height {
                out.push(format!("--max-height {h}"));
            }
        }
        for (on, base_on, flag) in [
            (self.can_pass, base.can_pass, "--can-pass"),
            (self.all_freedoms, base.all_freedoms, "--all-freedoms"),
            (self.single_capture, base.single_capture, "--single-capture"),
        ] {
            if on && !base_on {
                out.push(flag.to_owned());
            }
        }
        if self.capture_scope != base.capture_scope {
            out.push(format!("--capture-scope {}", self.capture_scope.name()));
        }
        out
    }
}

/// The rules line: the rules as one line of text, as figures, puzzle files and
/// annotated games write them. A preset (`spargo`, `margo`, `margo-pbmserv`),
/// then the options that differ from it: `size=N`, `players=N`, `swap=on|off`,
/// `ko=RULE`, `max-height=H`, `capture-scope=all|adjacent`, the switches
/// `can-pass`, `all-freedoms`, `single-capture` (alone or `=on`/`=off`), and
/// the counterfactual switches `zombies=off` and `cuts=off` (on by default,
/// and written only when off, so every line without them reads as before).
///
/// ```
/// use cannonball_rules::margo::{Preset, Rules};
/// let r: Rules = "margo size=5 swap=off".parse().unwrap();
/// assert_eq!((r.size, r.swap), (5, false));
/// assert_eq!(r.to_string(), "margo size=5 swap=off");
/// assert_eq!(Preset::Spargo.rules().to_string(), "spargo");
/// let mut m7 = Preset::Margo.rules();
/// m7.swap = false;
/// assert_eq!(format!("{m7}  {m7:#}"), "margo swap=off  margo size=7 swap=off");
/// // Without a preset, the options change the one given.
/// let s = Rules::parse_line("can-pass", Preset::Spargo).unwrap();
/// assert_eq!(s.to_string(), "spargo can-pass");
/// ```
impl Rules {
    /// Reads a rules line; a line that does not start with a preset changes
    /// `default`'s rules.
    ///
    /// # Errors
    /// The first word that is not a preset or an option, or options out of range.
    pub fn parse_line(text: &str, default: Preset) -> Result<Rules, RulesError> {
        let mut words = text.split_whitespace().peekable();
        let mut rules = match words.peek() {
            Some(w) if !w.contains('=') && w.parse::<Preset>().is_ok() => {
                words.next().unwrap_or_default().parse::<Preset>()?.rules()
            }
            _ => default.rules(),
        };
        for word in words {
            rules.set_option(word)?;
        }
        rules.validate()?;
        Ok(rules)
    }

    /// Sets the option one word of a rules line names (`size=5`, `can-pass`).
    fn set_option(&mut self, word: &str) -> Result<(), RulesError> {
        let (key, value) = word.split_once('=').unwrap_or((word, ""));
        let number = |option: &'static str| -> Result<u8, RulesError> {
            value.parse().map_err(|_| RulesError::Number {
                option,
                word: word.to_owned(),
            })
        };
        let switch = || -> Result<bool, RulesError> {
            match value {
                "" | "on" | "true" | "yes" => Ok(true),
                "off" | "false" | "no" => Ok(false),
                _ => Err(RulesError::Switch(word.to_owned())),
            }
        };
        match key {
            "size" => self.size = number("size")?,
            "players" => self.players = number("players")?,
            "max-height" => self.max_height = Some(number("max-height")?),
            "ko" => self.ko = value.parse()?,
            "capture-scope" => self.capture_scope = value.parse()?,
            "swap" => self.swap = switch()?,
            "can-pass" => self.can_pass = switch()?,
            "all-freedoms" => self.all_freedoms = switch()?,
            "single-capture" => self.single_capture = switch()?,
            "zombies" => self.zombies = switch()?,
            "cuts" => self.cuts = switch()?,
            _ => return Err(RulesError::UnknownOption(word.to_owned())),
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    /// Reads a rules line; without a preset, the options change Margo's.
    fn from_str(s: &str) -> Result<Rules, RulesError> {
        Rules::parse_line(s, Preset::Margo)
    }
}

impl fmt::Display for Rules {
    /// The rules line: `spargo` for a 4x4 board without swap, `margo`
    /// otherwise, then every option that differs from that preset. The
    /// alternate form (`{:#}`) names a `margo` line's board size even when it
    /// is the preset's (puzzle files do, so the board shows at a glance).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let preset = if self.size == 4 && !self.swap {
            Preset::Spargo
        } else {
            Preset::Margo
        };
        let base = preset.rules();
        f.write_str(preset.name())?;
        if self.size != base.size || (f.alternate() && preset == Preset::Margo) {
            write!(f, " size={}", self.size)?;
        }
        if self.players != base.players {
            write!(f, " players={}", self.players)?;
        }
        if self.swap != base.swap {
            write!(f, " swap={}", if self.swap { "on" } else { "off" })?;
        }
        if self.ko != base.ko {
            write!(f, " ko={}", self.ko.name())?;
        }
        if let Some(h) = self.max_height {
            write!(f, " max-height={h}")?;
        }
        for (on, name) in [
            (self.can_pass, "can-pass"),
            (self.all_freedoms, "all-freedoms"),
            (self.single_capture, "single-capture"),
        ] {
            if on {
                write!(f, " {name}")?;
            }
        }
        if self.capture_scope != CaptureScope::All {
            write!(f, " capture-scope={}", self.capture_scope.name())?;
        }
        for (on, name) in [(self.zombies, "zombies"), (self.cuts, "cuts")] {
            if !on {
                write!(f, " {name}=off")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_lines_read_and_write() {
        let r =
            Rules::parse_line("margo size=5 ko=none can-pass swap=off", Preset::Spargo).unwrap();
        assert_eq!(
            (r.size, r.ko, r.can_pass, r.swap),
            (5, Ko::None, true, false)
        );
        let r = Rules::parse_line("size=6", Preset::Spargo).unwrap();
        assert_eq!((r.size, r.swap), (6, false));
        assert_eq!(
            "margo size=30".parse::<Rules>().unwrap_err().to_string(),
            "board size 30 is not supported (sizes 3 to 19)"
        );
        assert!(
            "margo colour=blue"
                .parse::<Rules>()
                .unwrap_err()
                .to_string()
                .contains("unknown rule option `colour=blue`")
        );
        assert_eq!(
            "size=x".parse::<Rules>().unwrap_err().to_string(),
            "size needs a number: `size=x`"
        );
        assert_eq!(
            "swap=maybe".parse::<Rules>().unwrap_err().to_string(),
            "`swap=maybe`: expected on or off"
        );
    }

    #[test]
    fn every_rules_line_reads_back() {
        let mut m5 = Preset::Margo.rules();
        m5.size = 5;
        assert_eq!(m5.to_string(), "margo size=5");
        let mut odd = Preset::MargoPbmserv.rules();
        odd.players = 3;
        odd.max_height = Some(2);
        odd.can_pass = true;
        odd.single_capture = true;
        odd.capture_scope = CaptureScope::Adjacent;
        odd.zombies = false;
        let mut uncut = Preset::Spargo.rules();
        uncut.cuts = false;
        for r in [
            Preset::Spargo.rules(),
            Preset::Margo.rules(),
            m5,
            odd,
            uncut,
        ] {
            assert_eq!(r.to_string().parse::<Rules>(), Ok(r), "{r}");
        }
    }

    #[test]
    fn counterfactual_switches_are_written_only_when_off() {
        for preset in Preset::ALL {
            let r = preset.rules();
            assert!(r.zombies && r.cuts, "{preset}");
            assert!(!r.to_string().contains("zombies") && !r.to_string().contains("cuts"));
        }
        let r: Rules = "spargo zombies=off cuts=off".parse().unwrap();
        assert_eq!((r.zombies, r.cuts), (false, false));
        assert_eq!(r.to_string(), "spargo zombies=off cuts=off");
        let on: Rules = "margo size=5 swap=off zombies=on cuts".parse().unwrap();
        assert_eq!(on.to_string(), "margo size=5 swap=off");
        assert_eq!(
            "spargo zombies=maybe".parse::<Rules>().unwrap_err(),
            RulesError::Switch("zombies=maybe".into())
        );
    }

    #[test]
    fn presets_match_the_rulings_table() {
        let s = Preset::Spargo.rules();
        assert_eq!((s.size, s.swap, s.ko, s.players), (4, false, Ko::Simple, 2));
        let m = Preset::Margo.rules();
        assert_eq!((m.size, m.swap, m.ko, m.players), (7, true, Ko::Simple, 2));
        let p = Preset::MargoPbmserv.rules();
        assert_eq!((p.size, p.swap, p.ko, p.players), (8, true, Ko::None, 2));
        for preset in Preset::ALL {
            assert!(preset.rules().validate().is_ok());
            assert_eq!(preset.name().parse::<Preset>(), Ok(preset));
        }
    }

    #[test]
    fn out_of_range_options_are_rejected() {
        let mut r = Rules {
            size: 2,
            ..Rules::default()
        };
        assert_eq!(r.validate(), Err(RulesError::Size(2)));
        r.size = 7;
        r.players = 5;
        assert_eq!(r.validate(), Err(RulesError::Players(5)));
        r.players = 2;
        r.max_height = Some(0);
        assert_eq!(r.validate(), Err(RulesError::MaxHeight));
    }

    #[test]
    fn option_names_parse() {
        for k in Ko::ALL {
            assert_eq!(k.name().parse::<Ko>(), Ok(k));
        }
        assert_eq!(
            "positional_superko".parse::<Ko>(),
            Ok(Ko::PositionalSuperko)
        );
        assert!("super".parse::<Ko>().is_err());
        assert_eq!(
            "adjacent".parse::<CaptureScope>(),
            Ok(CaptureScope::Adjacent)
        );
    }
}
