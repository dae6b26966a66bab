//! Claims about Margo and Spargo positions, checked against the engine (and the
//! exact solver for values).

use cannonball_rules::margo::{AnyPosition, Color, IllegalMove, Move, Point, Report};

use super::claim::{Claim, MoveText, Property, Value};
use super::margo::MargoFigure;
use super::solver::{self, Budget, Proven};
use super::verdict::{Verdict, need, reason_matches};
use super::words::{count, list};
use crate::solve::Wld;

/// A position a claim is about: the drawn one, or one after `after` moves; with
/// the last move played to reach it and what it did.
#[derive(Clone, Debug)]
struct Here<'a> {
    fig: &'a MargoFigure,
    pos: AnyPosition,
    last: Option<(Move, Report)>,
}

/// Checks one claim about the figure's drawn position.
#[must_use]
pub fn check(fig: &MargoFigure, claim: &Claim, budget: &Budget) -> Verdict {
    let here = Here {
        fig,
        pos: fig.pos.clone(),
        last: fig.played.last().cloned(),
    };
    here.check(claim, budget)
}

/// The accepted spellings of each reason a move is illegal.
fn reason_names(r: IllegalMove) -> &'static [&'static str] {
    match r {
        IllegalMove::GameOver => &["game over", "the game is over"],
        IllegalMove::OffBoard => &["off the board", "not on the board"],
        IllegalMove::Occupied => &["occupied"],
        IllegalMove::Unsupported => &["unsupported", "not supported"],
        IllegalMove::AboveMaxHeight => &["too high", "above the height limit"],
        IllegalMove::Suicide => &["suicide"],
        IllegalMove::Ko => &["ko"],
        IllegalMove::SwapNotAllowed => &["swap not allowed"],
        IllegalMove::PassNotAllowed => &["pass not allowed", "passing not allowed"],
    }
}

const ALL_REASONS: [IllegalMove; 9] = [
    IllegalMove::GameOver,
    IllegalMove::OffBoard,
    IllegalMove::Occupied,
    IllegalMove::Unsupported,
    IllegalMove::AboveMaxHeight,
    IllegalMove::Suicide,
    IllegalMove::Ko,
    IllegalMove::SwapNotAllowed,
    IllegalMove::PassNotAllowed,
];

fn colour(text: &str) -> Result<Color, Verdict> {
    text.parse::<Color>()
        .map_err(|e| Verdict::Unreadable(e.to_string()))
}

impl Here<'_> {
    fn check(&self, claim: &Claim, budget: &Budget) -> Verdict {
        match claim {
            Claim::After { moves, then } => self.after(moves, then, budget),
            Claim::Legal(mv) => {
                let (m, name) = need!(self.one_move(mv));
                match self.pos.check(m) {
                    Ok(()) => Verdict::True,
                    Err(r) => Verdict::False(format!("{name} illegal: {r}")),
                }
            }
            Claim::Illegal { mv, reason } => self.illegal(mv, reason.as_deref()),
            Claim::Captures {
                mv,
                count: n,
                zombies,
            } => self.captures(mv, *n, *zombies),
            Claim::Removes { mv, points } => {
                let (m, name) = need!(self.one_move(mv));
                let want = need!(self.points(points));
                let report = need!(self.play(m, &name));
                let mut want_sorted = want.clone();
                want_sorted.sort_unstable();
                Verdict::holds(report.removed == want_sorted, || {
                    format!("{name} removes {}", self.fig.names(&report.removed))
                })
            }
            Claim::State {
                points,
                negated,
                property,
            } => self.state(points, *negated, *property),
            Claim::Freedom { point, has } => {
                let p = need!(self.point(point));
                let visible = need!(self.visible_piece(p));
                let free = self.pos.group_has_freedom(visible);
                Verdict::holds(free == *has, || {
                    format!(
                        "the group of {} {} freedom",
                        self.fig.name(p),
                        if free { "has" } else { "has no" }
                    )
                })
            }
            Claim::Connected { points, negated } => self.connected(points, *negated),
            Claim::LinkCut { a, b, negated } => self.link_cut(a, b, *negated),
            Claim::Score(text) => self.score(text),
            Claim::LegalMoves(n) => {
                let legal = self.pos.legal_moves().len();
                Verdict::holds(legal == *n as usize, || {
                    count(legal, "legal move", "legal moves")
                })
            }
            Claim::GameOver(over) => {
                let is_over = self.pos.outcome().is_some();
                Verdict::holds(is_over == *over, || {
                    format!("the game {}", if is_over { "over" } else { "not over" })
                })
            }
            Claim::Result { winner, score } => self.result(winner.as_deref(), score.as_deref()),
            Claim::Value { colour, value } => self.value(colour, *value, budget),
            Claim::BestMove(mv) => self.best_move(mv, budget),
            Claim::OnlyWinningMove(mv) => self.only_winning(mv, budget),
            Claim::Setup { .. } => Verdict::Unreadable(
                "a Margo figure's setup is checked when it is built: an impossible one fails the figure; say what is wrong in the caption"
                    .into(),
            ),
            Claim::Within { .. } => Verdict::Unreadable(
                "`can ... within N turns` is a Margrites claim; for Margo say `COLOUR to play wins`"
                    .into(),
            ),
        }
    }

    fn one_move(&self, mv: &MoveText) -> Result<(Move, String), Verdict> {
        let [word] = mv.0.as_slice() else {
            return Err(Verdict::Unreadable(format!(
                "`{mv}` is more than one move; use `after MOVES, ...` for a sequence"
            )));
        };
        let m = self
            .fig
            .resolve_move(word)
            .map_err(|e| Verdict::Unreadable(e.to_string()))?;
        Ok((m, self.fig.describe_move(word, m)))
    }

    fn point(&self, text: &str) -> Result<Point, Verdict> {
        self.fig
            .resolve_point(text)
            .map_err(|e| Verdict::Unreadable(e.to_string()))
    }

    fn points(&self, texts: &[String]) -> Result<Vec<Point>, Verdict> {
        texts.iter().map(|t| self.point(t)).collect()
    }

    fn play(&self, m: Move, name: &str) -> Result<Report, Verdict> {
        let mut pos = self.pos.clone();
        pos.play(m)
            .map_err(|r| Verdict::False(format!("{name} illegal: {r}")))
    }

    fn visible_piece(&self, p: Point) -> Result<Point, Verdict> {
        if self.pos.color_at(p).is_none() {
            return Err(Verdict::False(format!("no piece on {}", self.fig.name(p))));
        }
        if self.pos.buried().contains(&p) {
            return Err(Verdict::False(format!(
                "{} buried, so in no group",
                self.fig.name(p)
            )));
        }
        Ok(p)
    }

    fn after(&self, moves: &[MoveText], then: &Claim, budget: &Budget) -> Verdict {
        let mut here = self.clone();
        for mv in moves {
            let (m, name) = need!(here.one_move(mv));
            match here.pos.play(m) {
                Ok(report) => here.last = Some((m, report)),
                Err(r) => return Verdict::False(format!("{name} illegal: {r}")),
            }
        }
        here.check(then, budget)
    }

    fn illegal(&self, mv: &MoveText, reason: Option<&str>) -> Verdict {
        let (m, name) = need!(self.one_move(mv));
        if let Some(text) = reason {
            if !ALL_REASONS
                .iter()
                .any(|&r| reason_matches(text, reason_names(r)))
            {
                let known: Vec<String> = ALL_REASONS
                    .iter()
                    .map(|&r| reason_names(r)[0].to_string())
                    .collect();
                return Verdict::Unreadable(format!(
                    "unknown reason `{text}` (known: {})",
                    known.join(", ")
                ));
            }
        }
        match (self.pos.check(m), reason) {
            (Ok(()), _) => Verdict::False(format!("{name} legal")),
            (Err(_), None) => Verdict::True,
            (Err(r), Some(text)) => Verdict::holds(reason_matches(text, reason_names(r)), || {
                format!("{name} illegal for another reason: {r}")
            }),
        }
    }

    fn captures(&self, mv: &MoveText, n: u32, zombies: Option<u32>) -> Verdict {
        let (m, name) = need!(self.one_move(mv));
        let report = need!(self.play(m, &name));
        let mut captured = report.removed.clone();
        captured.extend(report.zombies.iter().copied());
        captured.sort_unstable();
        let ok = captured.len() == n as usize
            && zombies.is_none_or(|k| report.zombies.len() == k as usize);
        Verdict::holds(ok, || {
            format!(
                "{name} captures {} ({}) and leaves {} ({})",
                captured.len(),
                self.fig.names(&captured),
                count(report.zombies.len(), "zombie", "zombies"),
                self.fig.names(&report.zombies)
            )
        })
    }

    fn state(&self, texts: &[String], negated: bool, property: Property) -> Verdict {
        let points = need!(self.points(texts));
        let last = match property {
            Property::Captured | Property::Removed => match &self.last {
                Some((_, r)) => Some(r),
                None => {
                    return Verdict::Unreadable(format!(
                        "`{}` needs a move: the figure plays none (use `moves` or `after MOVES,`)",
                        property.word()
                    ));
                }
            },
            _ => None,
        };
        let zombies = self.pos.zombies();
        let buried = self.pos.buried();
        let has = |p: Point| -> bool {
            let occupied = self.pos.color_at(p).is_some();
            match property {
                Property::Buried => buried.contains(&p),
                Property::Zombie => zombies.contains(&p),
                Property::Alive => occupied && !zombies.contains(&p),
                Property::Empty => !occupied,
                Property::Occupied => occupied,
                Property::Removed => last.is_some_and(|r| r.removed.contains(&p)),
                Property::Captured => {
                    last.is_some_and(|r| r.removed.contains(&p) || r.zombies.contains(&p))
                }
            }
        };
        let wrong: Vec<String> = points
            .iter()
            .filter(|&&p| has(p) == negated)
            .map(|&p| self.fig.name(p))
            .collect();
        Verdict::holds(wrong.is_empty(), || {
            let be = if wrong.len() == 1 { "is" } else { "are" };
            format!(
                "{} {be}{} {}",
                list(&wrong),
                if negated { "" } else { " not" },
                property.word()
            )
        })
    }

    fn connected(&self, texts: &[String], negated: bool) -> Verdict {
        let points = need!(self.points(texts));
        let buried = self.pos.buried();
        for &p in &points {
            if negated && self.pos.color_at(p).is_some() && buried.contains(&p) {
                // A buried piece is in no group: connected to nothing.
                return Verdict::True;
            }
            need!(self.visible_piece(p));
        }
        let group = self.pos.group(points[0]);
        let outside: Vec<Point> = points
            .iter()
            .copied()
            .filter(|p| !group.contains(p))
            .collect();
        let connected = outside.is_empty();
        Verdict::holds(connected != negated, || {
            if connected {
                format!("{} in one group", self.fig.names(&points))
            } else {
                format!(
                    "{} not in the group of {}",
                    self.fig.names(&outside),
                    self.fig.name(points[0])
                )
            }
        })
    }

    fn link_cut(&self, a: &str, b: &str, negated: bool) -> Verdict {
        let (pa, pb) = (need!(self.point(a)), need!(self.point(b)));
        let geo = self.pos.geometry();
        let Some(link) = geo.link(pa, pb) else {
            return Verdict::Unreadable(format!(
                "{a}-{b} is not a link: the points are not neighbours on one level"
            ));
        };
        let (ca, cb) = (self.pos.color_at(pa), self.pos.color_at(pb));
        let Some(c) = ca.filter(|_| ca == cb) else {
            return Verdict::False(format!(
                "{} and {} do not hold pieces of one colour",
                self.fig.name(pa),
                self.fig.name(pb)
            ));
        };
        let cut = link.is_cut_for(c, |q| self.pos.color_at(q));
        Verdict::holds(cut != negated, || match (cut, link.cutters) {
            (true, _) => "the link cut".to_string(),
            (false, None) => "the link on the edge of its level, where no cut is possible".into(),
            (false, Some([x, y])) => format!(
                "the link not cut: {} and {} do not both hold pieces of another colour",
                self.fig.name(x),
                self.fig.name(y)
            ),
        })
    }

    fn score(&self, text: &str) -> Verdict {
        let want: Result<Vec<u32>, _> = text.split('-').map(str::parse::<u32>).collect();
        let Ok(want) = want else {
            return Verdict::Unreadable(format!(
                "`{text}` is not a Margo score (pieces per player, `7-5`)"
            ));
        };
        let scores = self.pos.scores();
        Verdict::holds(scores == want, || format!("score {}", dash(&scores)))
    }

    fn result(&self, winner: Option<&str>, score: Option<&str>) -> Verdict {
        let Some(outcome) = self.pos.outcome() else {
            return Verdict::False("the game not over".into());
        };
        let scores = &outcome.scores;
        match winner {
            None => Verdict::holds(outcome.is_draw(), || {
                format!("a win, not a draw ({})", dash(scores))
            }),
            Some(w) => {
                let c = need!(colour(w));
                let player = self.pos.player_of(c);
                if outcome.winners != [player] {
                    return Verdict::False(format!(
                        "{} wins? no: final score {}",
                        c.name(),
                        dash(scores)
                    ));
                }
                let Some(text) = score else {
                    return Verdict::True;
                };
                let mut ordered = vec![scores[player]];
                ordered.extend(
                    scores
                        .iter()
                        .enumerate()
                        .filter(|&(i, _)| i != player)
                        .map(|(_, &s)| s),
                );
                Verdict::holds(dash(&ordered) == text, || {
                    format!("{} wins {}", c.name(), dash(&ordered))
                })
            }
        }
    }

    fn solve(&self, exact: bool, budget: &Budget) -> Result<solver::MargoAnswer, Verdict> {
        solver::solve_margo(&self.pos, exact, budget).map_err(|e| Verdict::Undecided(e.to_string()))
    }

    fn value(&self, colour_text: &str, value: Value, budget: &Budget) -> Verdict {
        let c = need!(colour(colour_text));
        if self.pos.to_move() != c {
            return Verdict::False(format!(
                "{} to move, not {}",
                self.pos.to_move().name(),
                c.name()
            ));
        }
        let exact = matches!(value, Value::WinsBy(_) | Value::LosesBy(_));
        let answer = need!(self.solve(exact, budget));
        let root = answer.root;
        let decided = |ok: Option<bool>| match ok {
            Some(ok) => Verdict::holds(ok, || describe(&root)),
            None => Verdict::Undecided(format!(
                "{} nodes; proven so far: {}",
                answer.nodes,
                describe(&root)
            )),
        };
        match value {
            Value::WinsBy(n) => decided(margin_is(&root, i64::from(n))),
            Value::LosesBy(n) => decided(margin_is(&root, -i64::from(n))),
            Value::Wins => decided(root.wld.map(|w| w == Wld::Win)),
            Value::Loses => decided(root.wld.map(|w| w == Wld::Loss)),
            Value::Draws => decided(root.wld.map(|w| w == Wld::Draw)),
        }
    }

    fn best_move(&self, mv: &MoveText, budget: &Budget) -> Verdict {
        let (m, name) = need!(self.one_move(mv));
        if let Err(r) = self.pos.check(m) {
            return Verdict::False(format!("{name} illegal: {r}"));
        }
        let answer = need!(self.solve(true, budget));
        let value_of = |p: &Proven| p.margin.map(i64::from).or_else(|| capture_rank(p));
        let (Some(best), Some(mine)) = (
            value_of(&answer.root),
            answer
                .moves
                .iter()
                .find(|(x, _)| *x == m)
                .and_then(|(_, p)| value_of(p)),
        ) else {
            return Verdict::Undecided(format!("{} nodes", answer.nodes));
        };
        Verdict::holds(mine == best, || {
            let best_moves: Vec<String> = answer
                .moves
                .iter()
                .filter(|(_, p)| value_of(p) == Some(best))
                .map(|(x, _)| cannonball_rules::margo::notation::human(self.pos.geometry(), *x))
                .collect();
            format!(
                "{name} worth {}, the best {} ({})",
                signed(mine),
                signed(best),
                list(&best_moves)
            )
        })
    }

    fn only_winning(&self, mv: &MoveText, budget: &Budget) -> Verdict {
        let (m, name) = need!(self.one_move(mv));
        if let Err(r) = self.pos.check(m) {
            return Verdict::False(format!("{name} illegal: {r}"));
        }
        let answer = need!(self.solve(false, budget));
        let mut winners = Vec::new();
        for (x, p) in &answer.moves {
            match p.wld {
                Some(Wld::Win) => winners.push(*x),
                Some(_) => {}
                None => return Verdict::Undecided(format!("{} nodes", answer.nodes)),
            }
        }
        Verdict::holds(winners == [m], || {
            let names: Vec<String> = winners
                .iter()
                .map(|&x| cannonball_rules::margo::notation::human(self.pos.geometry(), x))
                .collect();
            format!("winning moves: {}", list(&names))
        })
    }
}

fn dash(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join("-")
}

fn signed(v: i64) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// Wins by capture rank above every margin, losses by capture below.
fn capture_rank(p: &Proven) -> Option<i64> {
    match (p.capture, p.wld) {
        (true, Some(Wld::Win)) => Some(i64::from(i32::MAX)),
        (true, Some(Wld::Loss)) => Some(i64::from(i32::MIN)),
        _ => None,
    }
}

fn margin_is(p: &Proven, n: i64) -> Option<bool> {
    if p.capture && p.wld.is_some() {
        return Some(false);
    }
    p.margin.map(|m| i64::from(m) == n)
}

fn describe(p: &Proven) -> String {
    match (p.wld, p.margin, p.capture) {
        (Some(Wld::Win), _, true) => "a win by capture".into(),
        (Some(Wld::Loss), _, true) => "a loss by capture".into(),
        (_, Some(m), _) if m > 0 => format!("a win by {m}"),
        (_, Some(m), _) if m < 0 => format!("a loss by {}", -m),
        (_, Some(_), _) | (Some(Wld::Draw), None, _) => "a draw".into(),
        (Some(Wld::Win), None, _) => "a win".into(),
        (Some(Wld::Loss), None, _) => "a loss".into(),
        (None, None, _) => "nothing".into(),
    }
}
