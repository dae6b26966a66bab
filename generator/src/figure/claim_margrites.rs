//! Claims about Margrites positions, checked against the engine (and the
//! Margrites solver for "within N turns").

use cannonball_rules::margrites::notation::{parse_score_line_str, standings_text};
use cannonball_rules::margrites::{
    Cascade, Color, IllegalStep, Position, Setup, SetupProblem, Square, SquareSet, Step,
};

use super::claim::{Claim, MoveText, Objective, Property};
use super::margrites::{MargritesFigure, close_full_turn, parse_colour};
use super::solver::{self, Budget, Within};
use super::verdict::{Verdict, need, reason_matches};
use super::words::count;

/// A position a claim is about, with the steps played last to reach it.
#[derive(Clone, Debug)]
struct Here<'a> {
    fig: &'a MargritesFigure,
    pos: Position,
    last: Option<Vec<(Step, Cascade)>>,
}

/// Checks one claim about the figure's drawn position.
#[must_use]
pub fn check(fig: &MargritesFigure, claim: &Claim, budget: &Budget) -> Verdict {
    let last =
        (!fig.steps.is_empty()).then(|| fig.steps.iter().map(|(_, s, c)| (*s, *c)).collect());
    let here = Here {
        fig,
        pos: fig.pos,
        last,
    };
    here.check(claim, budget)
}

/// The accepted spellings of each reason a step is illegal.
fn reason_names(r: &IllegalStep) -> &'static [&'static str] {
    match r {
        IllegalStep::GameOver => &["game over", "the game is over"],
        IllegalStep::TurnOver(_) => &["turn over", "the turn is over"],
        IllegalStep::NoPiece(_) => &["no piece"],
        IllegalStep::NotYourPiece(_) => &["not the mover's piece", "not your piece"],
        IllegalStep::NotTouching { .. } => &["not a step", "not touching"],
        IllegalStep::OffBoard(_) => &["not a step", "off the board"],
        IllegalStep::NotScoringEdge(_) => &["not a step", "not a scoring edge"],
        IllegalStep::Occupied(_) => &["occupied"],
        IllegalStep::Stalling(_) | IllegalStep::StallingOffBoard => &["stalling"],
        IllegalStep::Martyrdom(_) => &["martyrdom"],
        IllegalStep::DancingLimit => &["dancing limit"],
        IllegalStep::ReturnNotAllowed => &["return not allowed"],
        IllegalStep::ScoreLetter { .. } => &["wrong score letter"],
        IllegalStep::BareScore => &["bare score"],
        IllegalStep::NothingToReturn(_) => &["nothing to return"],
    }
}

const KNOWN_REASONS: [&str; 15] = [
    "game over",
    "turn over",
    "no piece",
    "not the mover's piece",
    "not a step",
    "not touching",
    "off the board",
    "not a scoring edge",
    "occupied",
    "stalling",
    "martyrdom",
    "dancing limit",
    "return not allowed",
    "wrong score letter",
    "nothing to return",
];

fn squares_text(set: SquareSet) -> String {
    let names: Vec<String> = set.map(|s| s.to_string()).collect();
    super::words::list(&names)
}

fn all_captured(steps: &[(Step, Cascade)]) -> SquareSet {
    steps
        .iter()
        .fold(SquareSet::EMPTY, |acc, (_, c)| acc.union(c.all()))
}

impl Here<'_> {
    fn check(&self, claim: &Claim, budget: &Budget) -> Verdict {
        match claim {
            Claim::After { moves, then } => self.after(moves, then, budget),
            Claim::Legal(mv) => match self.play(mv) {
                Ok(_) => Verdict::True,
                Err(v) => v,
            },
            Claim::Illegal { mv, reason } => self.illegal(mv, reason.as_deref()),
            Claim::Captures {
                mv,
                count: n,
                zombies,
            } => self.captures(mv, *n, *zombies),
            Claim::Removes { mv, points } => self.removes(mv, points),
            Claim::State {
                points,
                negated,
                property,
            } => self.state(points, *negated, *property),
            Claim::Freedom { .. } | Claim::Connected { .. } | Claim::LinkCut { .. } => {
                Verdict::Unreadable(
                    "freedom, connection and cut claims are about Margo, not Margrites".into(),
                )
            }
            Claim::Score(text) => self.score(text),
            Claim::Setup { legal, reason } => self.setup(*legal, reason.as_deref()),
            Claim::LegalMoves(n) => {
                let legal = self.pos.legal_steps().len();
                Verdict::holds(legal == *n as usize, || {
                    count(legal, "legal step", "legal steps")
                })
            }
            Claim::GameOver(over) => {
                let is_over = self.pos.is_over();
                Verdict::holds(is_over == *over, || {
                    format!("the game {}", if is_over { "over" } else { "not over" })
                })
            }
            Claim::Result { winner, score } => self.result(winner.as_deref(), score.as_deref()),
            Claim::Value { .. } | Claim::BestMove(_) | Claim::OnlyWinningMove(_) => {
                Verdict::Unreadable(
                    "value claims are for Margo and Spargo; for Margrites say `COLOUR to play can ... within N turns`"
                        .into(),
                )
            }
            Claim::Within {
                colour,
                can,
                objective,
                turns,
            } => self.within(colour, *can, *objective, *turns, budget),
        }
    }

    /// `after STEPS, CLAIM`: the claim about the position the steps reach.
    fn after(&self, moves: &[MoveText], then: &Claim, budget: &Budget) -> Verdict {
        let words: Vec<String> = moves.iter().flat_map(|m| m.0.clone()).collect();
        let (pos, steps) = need!(self.play(&MoveText(words)));
        let here = Here {
            fig: self.fig,
            pos,
            last: Some(steps),
        };
        here.check(then, budget)
    }

    fn captures(&self, mv: &MoveText, n: u32, zombies: Option<u32>) -> Verdict {
        if zombies.is_some_and(|k| k > 0) {
            return Verdict::Unreadable("Margrites has no zombies".into());
        }
        let (_, steps) = need!(self.play(mv));
        let captured = all_captured(&steps);
        Verdict::holds(captured.len() == n, || {
            format!(
                "{mv} captures {} ({})",
                captured.len(),
                squares_text(captured)
            )
        })
    }

    fn removes(&self, mv: &MoveText, points: &[String]) -> Verdict {
        let want = need!(self.squares(points));
        let (_, steps) = need!(self.play(mv));
        let captured = all_captured(&steps);
        Verdict::holds(captured == want, || {
            format!("{mv} captures {}", squares_text(captured))
        })
    }

    fn score(&self, text: &str) -> Verdict {
        let line = need!(
            parse_score_line_str(text)
                .map_err(|e| Verdict::Unreadable(format!("`{text}`: {}", e.message)))
        );
        let have = self.pos.standings();
        Verdict::holds(line.tallies == have, || {
            format!("score {}", standings_text(&have))
        })
    }

    fn within(
        &self,
        colour: &str,
        can: bool,
        objective: Objective,
        turns: u8,
        budget: &Budget,
    ) -> Verdict {
        let c = need!(parse_colour(colour).map_err(|e| Verdict::Unreadable(e.to_string())));
        if self.pos.to_move() != c {
            return Verdict::False(format!("{} to move, not {c}", self.pos.to_move()));
        }
        match solver::solve_within(&self.pos, objective, turns, budget) {
            Err(why) => Verdict::Undecided(why.to_string()),
            Ok((Within::Unknown, nodes)) => Verdict::Undecided(format!("{nodes} turns generated")),
            Ok((answer, _)) => {
                let yes = answer == Within::Yes;
                Verdict::holds(yes == can, || {
                    format!(
                        "{c} {} {} within {}",
                        if yes { "can" } else { "cannot" },
                        objective.claim_text(),
                        count(usize::from(turns), "turn", "turns")
                    )
                })
            }
        }
    }

    fn squares(&self, texts: &[String]) -> Result<SquareSet, Verdict> {
        texts
            .iter()
            .map(|t| {
                self.fig
                    .resolve_square(t)
                    .map_err(|e| Verdict::Unreadable(e.to_string()))
            })
            .collect()
    }

    /// Plays the steps from here, ending turns that are full; a step that cannot
    /// be played is the claim's failure.
    fn play(&self, mv: &MoveText) -> Result<(Position, Vec<(Step, Cascade)>), Verdict> {
        self.try_steps(mv)
            .and_then(|(pos, steps, failure)| match failure {
                None => Ok((pos, steps)),
                Some((text, e)) => Err(Verdict::False(format!("{text} illegal: {e}"))),
            })
    }

    /// Plays steps until one is illegal: the position, the steps played and the
    /// first illegal one with its reason.
    #[allow(clippy::type_complexity, reason = "private helper")]
    fn try_steps(
        &self,
        mv: &MoveText,
    ) -> Result<
        (
            Position,
            Vec<(Step, Cascade)>,
            Option<(String, IllegalStep)>,
        ),
        Verdict,
    > {
        let mut fig = self.fig.clone();
        fig.pos = self.pos;
        let mut played = Vec::new();
        for text in &mv.0 {
            if fig.pos.steps_made() >= fig.pos.max_steps() && !fig.pos.is_over() {
                if let Err(e) = fig.pos.end_turn() {
                    return Err(Verdict::False(format!(
                        "the turn cannot end before {text}: {e}"
                    )));
                }
            }
            let written = fig
                .read_step(text)
                .map_err(|e| Verdict::Unreadable(e.to_string()))?;
            match fig.play_written(&written) {
                Ok(report) => played.push((report.step, report.cascade)),
                Err(e) => return Ok((fig.pos, played, Some((text.clone(), e.reason().clone())))),
            }
        }
        if let Err(e) = close_full_turn(&mut fig.pos) {
            return Err(Verdict::False(format!("the turn cannot end: {e}")));
        }
        Ok((fig.pos, played, None))
    }

    fn illegal(&self, mv: &MoveText, reason: Option<&str>) -> Verdict {
        if let Some(text) = reason {
            if !KNOWN_REASONS.iter().any(|k| reason_matches(text, &[k])) {
                return Verdict::Unreadable(format!(
                    "unknown reason `{text}` (known: {})",
                    KNOWN_REASONS.join(", ")
                ));
            }
        }
        let (_, _, failure) = need!(self.try_steps(mv));
        match (failure, reason) {
            (None, _) => Verdict::False(format!("{mv} legal")),
            (Some(_), None) => Verdict::True,
            (Some((step, e)), Some(text)) => {
                Verdict::holds(reason_matches(text, reason_names(&e)), || {
                    format!("{step} illegal for another reason: {e}")
                })
            }
        }
    }

    fn state(&self, texts: &[String], negated: bool, property: Property) -> Verdict {
        let squares = need!(self.squares(texts));
        let captured = match property {
            Property::Buried | Property::Zombie => {
                return Verdict::Unreadable(format!(
                    "`{}` is a Margo notion; Margrites pieces are captured or not",
                    property.word()
                ));
            }
            Property::Captured | Property::Removed => match &self.last {
                Some(steps) => all_captured(steps),
                None => {
                    return Verdict::Unreadable(
                        "`captured` needs steps: the figure plays none (use `steps` or `after STEPS,`)"
                            .into(),
                    );
                }
            },
            _ => SquareSet::EMPTY,
        };
        let occupied = self.pos.occupied();
        let has = |sq: Square| match property {
            Property::Captured | Property::Removed => captured.contains(sq),
            Property::Empty => !occupied.contains(sq),
            _ => occupied.contains(sq),
        };
        let wrong: SquareSet = squares.filter(|&sq| has(sq) == negated).collect();
        Verdict::holds(wrong.is_empty(), || {
            let be = if wrong.len() == 1 { "is" } else { "are" };
            format!(
                "{} {be}{} {}",
                squares_text(wrong),
                if negated { "" } else { " not" },
                property.word()
            )
        })
    }

    /// The figure's pieces as written (before its steps), as a starting setup
    /// (rulings B2).
    fn setup(&self, legal: bool, reason: Option<&str>) -> Verdict {
        let names = |p: &SetupProblem| -> &'static [&'static str] {
            match p {
                SetupProblem::WrongCount { .. } => &["wrong count", "wrong number of pieces"],
                SetupProblem::OutsideHomeRows { .. } => {
                    &["outside home rows", "outside the home rows"]
                }
                SetupProblem::TwoOnASquare { .. } => &["two pieces on a square"],
                SetupProblem::Accounting { .. } => &["accounting"],
            }
        };
        if let Some(text) = reason {
            let known = ["wrong count", "outside home rows", "two pieces on a square"];
            if !known.iter().any(|k| reason_matches(text, &[k])) {
                return Verdict::Unreadable(format!(
                    "unknown reason `{text}` (known: {})",
                    known.join(", ")
                ));
            }
        }
        let setup = Setup {
            black: self.fig.start.pieces(Color::Black).collect(),
            white: self.fig.start.pieces(Color::White).collect(),
        };
        match (setup.validate(), legal, reason) {
            (Ok(_), true, _) | (Err(_), false, None) => Verdict::True,
            (Ok(_), false, _) => Verdict::False("a legal setup".into()),
            (Err(e), true, _) => Verdict::False(e.to_string()),
            (Err(e), false, Some(text)) => Verdict::holds(
                e.problems.iter().any(|p| reason_matches(text, names(p))),
                || e.to_string(),
            ),
        }
    }

    fn result(&self, winner: Option<&str>, score: Option<&str>) -> Verdict {
        let Some(result) = self.pos.result() else {
            return Verdict::False("the game not over".into());
        };
        let standings = standings_text(&result.standings);
        let want = match winner {
            None => None,
            Some(w) => Some(need!(
                parse_colour(w).map_err(|e| Verdict::Unreadable(e.to_string()))
            )),
        };
        if result.winner != want {
            return Verdict::False(match result.winner {
                Some(c) => format!("{c} wins {standings}"),
                None => format!("a draw {standings}"),
            });
        }
        let Some(text) = score else {
            return Verdict::True;
        };
        // `1-0`: points, the winner's first; `1(2)-0(7)`: the score line, Black first.
        if let Some((a, b)) = text.split_once('-') {
            if let (Ok(a), Ok(b)) = (a.parse::<u8>(), b.parse::<u8>()) {
                let Some(w) = want else {
                    return Verdict::Unreadable("a draw has no winner's score".into());
                };
                let points = (
                    result.standings.get(w).points,
                    result.standings.get(w.other()).points,
                );
                return Verdict::holds(points == (a, b), || {
                    format!("{w} wins {}-{} on points ({standings})", points.0, points.1)
                });
            }
        }
        let line = need!(
            parse_score_line_str(text)
                .map_err(|e| Verdict::Unreadable(format!("`{text}`: {}", e.message)))
        );
        Verdict::holds(line.tallies == result.standings, || {
            format!("final score {standings}")
        })
    }
}
