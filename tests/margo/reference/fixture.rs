//! Parser for the rule-book example fixtures (`tests/fixtures/margo/examples.txt`).
//!
//! The format is documented in the comment header of that file. This parser only
//! turns text into data; it knows nothing of any engine, so the reference and the
//! fast engine's tests can both run the same examples. Every error names its line.

use super::{COLOUR_NAMES, Point, RefKo, RefMove, RefRules};

/// The fixture file, relative to the root package (`CARGO_MANIFEST_DIR`).
pub const FIXTURE_PATH: &str = "tests/fixtures/margo/examples.txt";

/// Reads and parses the fixture file of the root package.
///
/// # Panics
/// When the file cannot be read or does not parse (the message names the line).
#[must_use]
pub fn load_examples() -> Vec<Example> {
    let path = format!("{}/{FIXTURE_PATH}", crate::ROOT);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// One example: a rule set, a start, then checks and moves in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// Unique name.
    pub name: String,
    /// Line of the `example` line.
    pub line: usize,
    /// Which source text and figure it recreates.
    pub source: String,
    /// One line saying what it shows.
    pub caption: String,
    /// The rules.
    pub rules: RefRules,
    /// How the game starts.
    pub start: Start,
    /// Checks and moves, in file order.
    pub steps: Vec<Step>,
}

/// How an example's game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// `start empty`: a new game from the empty board (swap available where the rules
    /// allow it).
    Empty,
    /// A set-up position: pieces `(point, colour)` sorted by point, and the colour to
    /// move. No swap; the ko history holds only this board.
    Pieces {
        /// The pieces.
        pieces: Vec<(Point, usize)>,
        /// The colour to move.
        to_move: usize,
    },
}

/// One step of an example.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A fact about the current position.
    Check {
        /// Line number.
        line: usize,
        /// The fact.
        fact: Fact,
    },
    /// A move and what is expected of it.
    Move {
        /// Line number of the `move` line.
        line: usize,
        /// The move.
        mv: RefMove,
        /// Expectations with their line numbers. A move with `expect illegal` is not
        /// played; any other move must be legal and is played.
        expects: Vec<(usize, Expect)>,
    },
}

/// A fact about a position (`check ...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// `linked P Q yes|no`: both visible and in the same group.
    Linked(Point, Point, bool),
    /// `freedom P yes|no`: P holds a visible piece whose group has freedom.
    Freedom(Point, bool),
    /// `buried P yes|no`.
    Buried(Point, bool),
    /// `zombie P yes|no`: P holds a zombie, a piece captured by some move that
    /// stayed on the board (or, at the start, a piece without freedom).
    Zombie(Point, bool),
    /// `colour P COLOUR|empty`.
    Colour(Point, Option<usize>),
    /// `pieces COLOUR=N ...`: the number of pieces of each listed colour on the board.
    Pieces(Vec<(usize, usize)>),
    /// `scores N N ...`: the score of every player, in player order.
    Scores(Vec<usize>),
    /// `to-move COLOUR`: the colour to move.
    ToMove(usize),
    /// `player-to-move N`.
    PlayerToMove(usize),
    /// `over yes|no`.
    Over(bool),
    /// `winners N ...`: exactly these players (meaningful when over).
    Winners(Vec<usize>),
    /// `legal-moves N`: the number of legal moves.
    LegalMoveCount(usize),
    /// `legal M`: the move is legal (not played).
    Legal(RefMove),
    /// `illegal M REASON`: the move is illegal for this reason (not played).
    Illegal(RefMove, &'static str),
}

/// An expectation about the move just made (`expect ...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// `legal`.
    Legal,
    /// `illegal REASON` (the move is then not played).
    Illegal(&'static str),
    /// `removed P ... | none`: exactly the points the move emptied.
    Removed(Vec<Point>),
    /// `zombies P ... | none`: exactly the newly made zombies.
    Zombies(Vec<Point>),
    /// `winning-capture yes|no`.
    WinningCapture(bool),
}

/// The illegality reasons as written in the fixture, with the reference's wording.
pub const REASONS: [(&str, &str); 9] = [
    ("game-over", "game over"),
    ("occupied", "occupied"),
    ("off-board", "off board"),
    ("unsupported", "unsupported"),
    ("above-max-height", "above max height"),
    ("suicide", "suicide"),
    ("ko", "ko"),
    ("swap-not-allowed-now", "swap not allowed now"),
    ("pass-not-allowed", "pass not allowed"),
];

/// Parses a whole fixture file.
///
/// # Errors
/// A message starting `line N:` for the first line that does not parse.
pub fn parse(text: &str) -> Result<Vec<Example>, String> {
    let lines: Vec<(usize, Vec<&str>)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            (
                i + 1,
                l.split('#')
                    .next()
                    .unwrap_or("")
                    .split_whitespace()
                    .collect(),
            )
        })
        .filter(|(_, words): &(usize, Vec<&str>)| !words.is_empty())
        .collect();
    let mut examples: Vec<Example> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let (n, words) = &lines[i];
        if words[0] != "example" || words.len() != 2 {
            return Err(format!("line {n}: expected `example NAME`"));
        }
        let (example, next) = parse_example(&lines, i)?;
        if examples.iter().any(|e| e.name == example.name) {
            return Err(format!("line {n}: example `{}` given twice", example.name));
        }
        examples.push(example);
        i = next;
    }
    Ok(examples)
}

/// Collects an example's lines before building it.
struct Draft {
    name: String,
    line: usize,
    source: Option<String>,
    caption: Option<String>,
    rules: Option<RefRules>,
    empty_start: bool,
    to_move: Option<usize>,
    pieces: Vec<(Point, usize, usize)>,
    steps: Vec<Step>,
}

/// Parses the example starting at `lines[start]`; returns it and the index after `end`.
fn parse_example(lines: &[(usize, Vec<&str>)], start: usize) -> Result<(Example, usize), String> {
    let (first, words) = &lines[start];
    let mut d = Draft::new(words[1], *first);
    let mut i = start + 1;
    while i < lines.len() {
        let (n, words) = &lines[i];
        match words[0] {
            "end" => return d.finish().map(|e| (e, i + 1)),
            "example" => return Err(format!("line {n}: example `{}` has no `end`", d.name)),
            _ => i += 1 + d.read_line(lines, i)?,
        }
    }
    Err(format!(
        "line {}: example `{}` has no `end`",
        d.line, d.name
    ))
}

impl Draft {
    /// An example named `name` on line `line`, with nothing read yet.
    fn new(name: &str, line: usize) -> Draft {
        Draft {
            name: name.to_string(),
            line,
            source: None,
            caption: None,
            rules: None,
            empty_start: false,
            to_move: None,
            pieces: Vec::new(),
            steps: Vec::new(),
        }
    }

    /// Reads the directive on `lines[i]`; returns how many lines after it it also read.
    fn read_line(&mut self, lines: &[(usize, Vec<&str>)], i: usize) -> Result<usize, String> {
        let (n, words) = &lines[i];
        let n = *n;
        let err = |msg: String| format!("line {n}: {msg}");
        let rest = || words[1..].join(" ");
        match words[0] {
            "source" => self.source = Some(rest()),
            "caption" => self.caption = Some(rest()),
            "rules" => self.rules = Some(parse_rules(&words[1..]).map_err(err)?),
            "start" => {
                if words[1..] != ["empty"] {
                    return Err(err("expected `start empty`".into()));
                }
                self.empty_start = true;
            }
            "to-move" => self.to_move = Some(one_arg(words).and_then(parse_colour).map_err(err)?),
            "piece" => {
                if words.len() != 3 {
                    return Err(err("expected `piece L,x,y COLOUR`".into()));
                }
                let p = parse_point(words[1]).map_err(err)?;
                let c = parse_colour(words[2]).map_err(err)?;
                self.pieces.push((p, c, n));
            }
            "level" => return self.read_level(lines, i),
            "check" => {
                let fact = parse_fact(&words[1..]).map_err(err)?;
                self.steps.push(Step::Check { line: n, fact });
            }
            "move" => {
                let mv = one_arg(words).and_then(parse_move).map_err(err)?;
                self.steps.push(Step::Move {
                    line: n,
                    mv,
                    expects: Vec::new(),
                });
            }
            "expect" => {
                let e = parse_expect(&words[1..]).map_err(err)?;
                match self.steps.last_mut() {
                    Some(Step::Move { expects, .. }) => expects.push((n, e)),
                    _ => return Err(err("`expect` must follow a `move`".into())),
                }
            }
            other => return Err(err(format!("unknown directive `{other}`"))),
        }
        Ok(0)
    }

    /// Reads the `level L` line `lines[i]` and the rows under it; returns how many rows.
    fn read_level(&mut self, lines: &[(usize, Vec<&str>)], i: usize) -> Result<usize, String> {
        let (n, words) = &lines[i];
        let err = |msg: String| format!("line {n}: {msg}");
        let level: usize = one_arg(words).and_then(parse_number).map_err(err)?;
        let size = self
            .rules
            .as_ref()
            .ok_or_else(|| err("`rules` must come before `level`".into()))?
            .size;
        if level >= size {
            return Err(err(format!("level {level} does not exist on size {size}")));
        }
        let width = size - level;
        for y in 0..width {
            let Some((rn, row)) = lines.get(i + 1 + y) else {
                return Err(err(format!("level {level} needs {width} rows")));
            };
            if row.len() != width {
                return Err(format!(
                    "line {rn}: a row of level {level} needs {width} entries"
                ));
            }
            for (x, token) in row.iter().enumerate() {
                if *token != "." {
                    let c = parse_colour(token).map_err(|e| format!("line {rn}: {e}"))?;
                    self.pieces.push(((level, x, y), c, *rn));
                }
            }
        }
        Ok(width)
    }

    /// Checks the draft is whole and consistent, and builds the example.
    fn finish(self) -> Result<Example, String> {
        let at = |msg: &str| format!("line {}: example `{}`: {msg}", self.line, self.name);
        let rules = self.rules.ok_or_else(|| at("no `rules` line"))?;
        let source = self.source.ok_or_else(|| at("no `source` line"))?;
        let caption = self.caption.ok_or_else(|| at("no `caption` line"))?;
        let start = if self.empty_start {
            if self.to_move.is_some() || !self.pieces.is_empty() {
                return Err(at("`start empty` cannot have `to-move` or pieces"));
            }
            Start::Empty
        } else {
            let to_move = self
                .to_move
                .ok_or_else(|| at("needs `start empty` or `to-move`"))?;
            if to_move >= rules.players {
                return Err(at("the colour to move is not in the game"));
            }
            let mut pieces: Vec<(Point, usize)> = Vec::new();
            for &(p, c, n) in &self.pieces {
                let (level, x, y) = p;
                if level >= rules.size || x >= rules.size - level || y >= rules.size - level {
                    return Err(format!("line {n}: point {level},{x},{y} is off the board"));
                }
                if c >= rules.players {
                    return Err(format!(
                        "line {n}: colour {} is not in the game",
                        COLOUR_NAMES[c]
                    ));
                }
                if pieces.iter().any(|&(q, _)| q == p) {
                    return Err(format!("line {n}: point {level},{x},{y} given twice"));
                }
                pieces.push((p, c));
            }
            pieces.sort_unstable();
            Start::Pieces { pieces, to_move }
        };
        Ok(Example {
            name: self.name,
            line: self.line,
            source,
            caption,
            rules,
            start,
            steps: self.steps,
        })
    }
}

fn one_arg<'a>(words: &[&'a str]) -> Result<&'a str, String> {
    match words {
        [_, arg] => Ok(arg),
        _ => Err(format!("`{}` takes exactly one argument", words[0])),
    }
}

fn parse_number(s: &str) -> Result<usize, String> {
    s.parse().map_err(|_| format!("`{s}` is not a number"))
}

fn parse_yes_no(s: &str) -> Result<bool, String> {
    match s {
        "yes" => Ok(true),
        "no" => Ok(false),
        _ => Err(format!("expected yes or no, found `{s}`")),
    }
}

/// `white black grey red`, or `W B G R`.
fn parse_colour(s: &str) -> Result<usize, String> {
    let by_letter = ["W", "B", "G", "R"];
    COLOUR_NAMES
        .iter()
        .position(|&c| c == s)
        .or_else(|| by_letter.iter().position(|&c| c == s))
        .ok_or_else(|| format!("unknown colour `{s}`"))
}

/// `L,x,y`.
fn parse_point(s: &str) -> Result<Point, String> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() != 3 {
        return Err(format!("expected a point L,x,y, found `{s}`"));
    }
    Ok((
        parse_number(parts[0])?,
        parse_number(parts[1])?,
        parse_number(parts[2])?,
    ))
}

fn parse_points(words: &[&str]) -> Result<Vec<Point>, String> {
    if words == ["none"] {
        return Ok(Vec::new());
    }
    if words.is_empty() {
        return Err("expected points or `none`".into());
    }
    let mut points: Vec<Point> = words
        .iter()
        .map(|w| parse_point(w))
        .collect::<Result<_, _>>()?;
    points.sort_unstable();
    let n = points.len();
    points.dedup();
    if points.len() != n {
        return Err("a point is listed twice".into());
    }
    Ok(points)
}

/// `L,x,y`, `pass` or `swap`.
fn parse_move(s: &str) -> Result<RefMove, String> {
    match s {
        "pass" => Ok(RefMove::Pass),
        "swap" => Ok(RefMove::Swap),
        _ => parse_point(s).map(RefMove::at),
    }
}

fn parse_reason(s: &str) -> Result<&'static str, String> {
    REASONS
        .iter()
        .find(|(written, _)| *written == s)
        .map(|(_, reason)| *reason)
        .ok_or_else(|| format!("unknown illegality reason `{s}`"))
}

fn parse_rules(words: &[&str]) -> Result<RefRules, String> {
    let mut pairs = Vec::new();
    for w in words {
        let (k, v) = w
            .split_once('=')
            .ok_or_else(|| format!("expected key=value, found `{w}`"))?;
        pairs.push((k, v));
    }
    let size = pairs
        .iter()
        .find(|(k, _)| *k == "size")
        .ok_or("`rules` needs size=N")
        .and_then(|(_, v)| parse_number(v).map_err(|_| "size is not a number"))?;
    if !(3..=19).contains(&size) {
        return Err(format!("size {size} is outside 3..=19"));
    }
    let mut rules = RefRules::preset(size);
    for (k, v) in pairs {
        match k {
            "size" => {}
            "players" => {
                rules.players = parse_number(v)?;
                if !(2..=4).contains(&rules.players) {
                    return Err(format!("players {} is outside 2..=4", rules.players));
                }
            }
            "ko" => {
                rules.ko = match v {
                    "none" => RefKo::None,
                    "simple" => RefKo::Simple,
                    "positional-superko" => RefKo::PositionalSuperko,
                    "situational-superko" => RefKo::SituationalSuperko,
                    _ => return Err(format!("unknown ko rule `{v}`")),
                };
            }
            "swap" => rules.swap = parse_yes_no(v)?,
            "max-height" => {
                rules.max_height = if v == "none" {
                    None
                } else {
                    Some(parse_number(v)?)
                }
            }
            "can-pass" => rules.can_pass = parse_yes_no(v)?,
            "all-freedoms" => rules.all_freedoms = parse_yes_no(v)?,
            "single-capture" => rules.single_capture = parse_yes_no(v)?,
            "capture-scope" => {
                rules.capture_scope_adjacent = match v {
                    "all" => false,
                    "adjacent" => true,
                    _ => return Err(format!("unknown capture scope `{v}`")),
                };
            }
            _ => return Err(format!("unknown rule `{k}`")),
        }
    }
    Ok(rules)
}

fn parse_fact(words: &[&str]) -> Result<Fact, String> {
    let Some((&kind, args)) = words.split_first() else {
        return Err("`check` needs a fact".into());
    };
    let wrong = || format!("wrong arguments for `check {kind}`");
    let fact = match (kind, args) {
        ("linked", [a, b, yn]) => Fact::Linked(parse_point(a)?, parse_point(b)?, parse_yes_no(yn)?),
        ("freedom", [p, yn]) => Fact::Freedom(parse_point(p)?, parse_yes_no(yn)?),
        ("buried", [p, yn]) => Fact::Buried(parse_point(p)?, parse_yes_no(yn)?),
        ("zombie", [p, yn]) => Fact::Zombie(parse_point(p)?, parse_yes_no(yn)?),
        ("colour", [p, c]) => {
            let colour = if *c == "empty" {
                None
            } else {
                Some(parse_colour(c)?)
            };
            Fact::Colour(parse_point(p)?, colour)
        }
        ("pieces", counts) if !counts.is_empty() => {
            let mut out = Vec::new();
            for w in counts {
                let (c, v) = w.split_once('=').ok_or_else(wrong)?;
                out.push((parse_colour(c)?, parse_number(v)?));
            }
            Fact::Pieces(out)
        }
        ("scores", s) if !s.is_empty() => Fact::Scores(
            s.iter()
                .map(|w| parse_number(w))
                .collect::<Result<_, _>>()?,
        ),
        ("to-move", [c]) => Fact::ToMove(parse_colour(c)?),
        ("player-to-move", [p]) => Fact::PlayerToMove(parse_number(p)?),
        ("over", [yn]) => Fact::Over(parse_yes_no(yn)?),
        ("winners", w) if !w.is_empty() => {
            let mut players: Vec<usize> = w
                .iter()
                .map(|x| parse_number(x))
                .collect::<Result<_, _>>()?;
            players.sort_unstable();
            Fact::Winners(players)
        }
        ("legal-moves", [k]) => Fact::LegalMoveCount(parse_number(k)?),
        ("legal", [m]) => Fact::Legal(parse_move(m)?),
        ("illegal", [m, r]) => Fact::Illegal(parse_move(m)?, parse_reason(r)?),
        (
            "linked" | "freedom" | "buried" | "zombie" | "colour" | "pieces" | "scores" | "to-move"
            | "player-to-move" | "over" | "winners" | "legal-moves" | "legal" | "illegal",
            _,
        ) => {
            return Err(wrong());
        }
        _ => return Err(format!("unknown fact `{kind}`")),
    };
    Ok(fact)
}

fn parse_expect(words: &[&str]) -> Result<Expect, String> {
    let Some((&kind, args)) = words.split_first() else {
        return Err("`expect` needs an expectation".into());
    };
    Ok(match (kind, args) {
        ("legal", []) => Expect::Legal,
        ("illegal", [r]) => Expect::Illegal(parse_reason(r)?),
        ("removed", ps) => Expect::Removed(parse_points(ps)?),
        ("zombies", ps) => Expect::Zombies(parse_points(ps)?),
        ("winning-capture", [yn]) => Expect::WinningCapture(parse_yes_no(yn)?),
        ("legal" | "illegal" | "winning-capture", _) => {
            return Err(format!("wrong arguments for `expect {kind}`"));
        }
        _ => return Err(format!("unknown expectation `{kind}`")),
    })
}
