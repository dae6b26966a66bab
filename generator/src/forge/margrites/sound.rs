//! Sound keys and the key's game value.
//!
//! # The game value of a Margrites key
//!
//! The value of the key for the side to move (S) in the whole game, as far as
//! the turn solver can see it within the **horizon** of `H = turns +`
//! [`EXTRA_TURNS`] of S's turns (at most the solver's limit):
//!
//! - **win** (by the margin in points where the key itself ends the game):
//!   the key ends the game won, or S can force the game to end in its win
//!   (ahead by points, then captures) within H turns starting with the key;
//! - **loss** (by the margin where the key ends the game): the key ends the
//!   game lost, or after the key the opponent can force the game to end in
//!   *its* win within H - 1 of its turns;
//! - **draw**: the key ends the game level;
//! - **unknown**: neither side can force a won ending within the horizon (the
//!   game goes on), or a solve ran out of its node budget.
//!
//! # Soundness
//!
//! A key is **unsound**, and the candidate rejected ([`Reject::Unsound`]), when
//!
//! - another first turn wins the game at once (it ends the game won, taking
//!   the opponent's last piece, say) and the key does not: the puzzle would
//!   reward the slower move, however well it does later;
//! - another first turn forces a won ending within H and the key does not
//!   (the key throws away a win the solver sees), or
//! - the key loses: it ends the game lost or drawn while another first turn
//!   forces a win, ends it lost, or lets the opponent force a win within H - 1
//!   (conservatively, even when every other first turn might lose too).
//!
//! The test is fair because it asks the same exact solver as the puzzle
//! itself, only for the one objective that matters in the game (winning it)
//! and over a horizon of two more turns than the puzzle needs: a key that wins
//! a capture or a trap but hands the opponent the game a turn or two later, or
//! passes up a forced win, is caught; what lies beyond the horizon is not
//! claimed either way (the value is then `unknown`), nor what a solve cannot
//! decide within its budget ([`SOUND_NODES`] whole turns, [`SOUND_POSITIONS`]
//! positions inside turns). The key is **proved
//! sound** when both solves were decided within the budget; the forge prefers
//! such puzzles (see [`super::forge_one`]).

use crate::puzzle::{GameValue, Objective};
use crate::solve::margrites::{Answer, MAX_TURNS};
use cannonball_rules::margrites::Position;
use cannonball_rules::margrites::turngen::DistinctTurn;

use super::ForgeError;
use super::analyse::{Runner, same_outcome};
use crate::puzzle::margrites::play_turn;

/// Turns past the puzzle's that the soundness test looks ahead.
pub const EXTRA_TURNS: u8 = 2;

/// Solver nodes for each of the two soundness solves (a tenth of the
/// forge's budget for the puzzle itself: verify re-runs them for every file).
pub const SOUND_NODES: u64 = 20_000;

/// Positions inside turns for each soundness (and score-race) solve. Nodes
/// count whole turns only; where a bound cuts nearly every half-made turn,
/// 20,000 nodes cost up to 40 million of these and still end undecided. Over
/// the committed collection (stop 38) every such solve that was decided took
/// at most 10.1 million, and the undecided ones up to 40.2 million: this
/// limit ends those sooner and changes no answer.
pub const SOUND_POSITIONS: u64 = 12_000_000;

/// What the soundness test found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The key's game value.
    pub value: GameValue,
    /// Both questions were decided (the key is proved sound).
    pub proved: bool,
}

/// The value of a finished game for the side `me`: win, draw or loss by the
/// margin in points.
fn final_value(p: &Position, me: cannonball_rules::margrites::Color) -> GameValue {
    let Some(r) = p.result() else {
        return GameValue::Unknown;
    };
    let s = r.standings;
    let margin = i64::from(s.get(me).points) - i64::from(s.get(me.other()).points);
    match r.winner {
        None => GameValue::Draw,
        // Ahead on captures with points level: a win with no points margin.
        Some(w) if margin == 0 => {
            if w == me {
                GameValue::Win(None)
            } else {
                GameValue::Loss(None)
            }
        }
        Some(_) => GameValue::of_margin(margin),
    }
}

/// Judges the key (leaving `key_after`) of `pos` for a puzzle within `turns`;
/// `firsts` are the distinct first turns of `pos`. `Ok(Err(reason))` when it
/// is unsound.
///
/// # Errors
/// The solver refusing a position.
pub(crate) fn judge(
    run: &mut Runner,
    pos: &Position,
    objective: Objective,
    turns: u8,
    key_after: &Position,
    firsts: &[DistinctTurn],
) -> Result<Result<Judgement, String>, ForgeError> {
    let me = pos.to_move();
    let horizon = turns.saturating_add(EXTRA_TURNS).min(MAX_TURNS);
    let ended = key_after.is_over().then(|| final_value(key_after, me));
    if objective == Objective::Win || matches!(ended, Some(GameValue::Win(_))) {
        let value = ended.unwrap_or(GameValue::Win(None));
        return Ok(Ok(Judgement {
            value,
            proved: true,
        }));
    }
    if firsts
        .iter()
        .any(|t| matches!(final_value(&t.after, me), GameValue::Win(_)))
    {
        return Ok(Err(
            "unsound: another first turn wins the game at once, the key does not".to_owned(),
        ));
    }
    let r = run.side_solve(
        pos,
        Objective::Win,
        horizon,
        SOUND_NODES,
        Some(SOUND_POSITIONS),
    )?;
    let key_wins = r
        .winning
        .iter()
        .map(|w| play_turn(pos, &w.turn.notation).map(|(_, after)| after))
        .collect::<Result<Vec<_>, _>>()?
        .iter()
        .any(|after| same_outcome(after, key_after));
    // Decided: no first turn wins, or the winning ones are all known.
    let complete = r.answer == Answer::No;
    if key_wins {
        return Ok(Ok(Judgement {
            value: GameValue::Win(None),
            proved: true,
        }));
    }
    if r.answer == Answer::Yes && r.winning_complete {
        return Ok(Err(format!(
            "unsound: another first turn wins the game within {horizon} turns, the key does not"
        )));
    }
    if let Some(value) = ended {
        return match value {
            GameValue::Loss(_) => Ok(Err(format!(
                "unsound: the key ends the game lost ({value})"
            ))),
            _ => Ok(Ok(Judgement {
                value,
                proved: complete,
            })),
        };
    }
    let reply = run.side_solve(
        key_after,
        Objective::Win,
        horizon - 1,
        SOUND_NODES,
        Some(SOUND_POSITIONS),
    )?;
    match reply.answer {
        Answer::Yes => Ok(Err(format!(
            "unsound: after the key the opponent wins the game within {} turns",
            horizon - 1
        ))),
        Answer::No => Ok(Ok(Judgement {
            value: GameValue::Unknown,
            proved: complete,
        })),
        Answer::Unknown => Ok(Ok(Judgement {
            value: GameValue::Unknown,
            proved: false,
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forge::Limits;

    use super::super::analyse::first_turns;
    use super::super::test_position as position;

    fn some_turn_wins_at_once(pos: &Position) -> bool {
        first_turns(pos)
            .iter()
            .any(|t| matches!(final_value(&t.after, pos.to_move()), GameValue::Win(_)))
    }

    fn judged(
        pos: &Position,
        objective: Objective,
        turns: u8,
        key: &str,
    ) -> Result<Judgement, String> {
        let (_, after) = play_turn(pos, key).unwrap();
        judge(
            &mut Runner::new(&Limits::MARGRITES),
            pos,
            objective,
            turns,
            &after,
            &first_turns(pos),
        )
        .unwrap()
    }

    #[test]
    fn a_key_that_wins_the_game_is_sound_with_its_margin() {
        // Collection (sacrifice-to-end): Black d6 c7, White b7 a8, 2(4)-2(4).
        let pos = position("d6 c7", "b7 a8", "2(4)-2(4)");
        let mut run = Runner::new(&Limits::MARGRITES);
        let r = run.solve(&pos, Objective::Win, 1, false).unwrap();
        let key = &r.winning[0].turn.notation;
        let j = judged(&pos, Objective::Win, 1, key).unwrap();
        assert!(matches!(j.value, GameValue::Win(_)), "{:?}", j.value);
        assert!(j.proved);
    }

    #[test]
    fn a_capture_that_ends_the_game_lost_is_unsound() {
        // Black captures White's last pieces but is behind on points: the
        // game ends lost. Black a2 b2 c2 d3 against a1 b1, 1(3)-3(3).
        let pos = position("a2 b2 c2 d3", "a1 b1", "1(3)-3(3)");
        let mut run = Runner::new(&Limits::MARGRITES);
        let r = run.solve(&pos, Objective::Capture(2), 1, false).unwrap();
        let key = &r.winning[0].turn.notation;
        let (_, after) = play_turn(&pos, key).unwrap();
        if after.is_over() && final_value(&after, pos.to_move()).rank() == Some(0) {
            assert!(judged(&pos, Objective::Capture(2), 1, key).is_err());
        } else {
            assert!(judged(&pos, Objective::Capture(2), 1, key).is_ok());
        }
    }

    /// Collection (trap, removed at stop 44): White f1 f2 e3 f3 against d1,
    /// 2(1)-3(5). White leads on points, so taking d1, Black's last piece,
    /// wins at once; the trap key leaves the game going on.
    #[test]
    fn a_key_that_passes_up_a_win_at_once_is_unsound() {
        let white_to_move = |black: &str, white: &str, score: &str| {
            crate::puzzle::margrites::parse_position(&crate::puzzle::MargritesPosition {
                options: String::new(),
                black: black.into(),
                white: white.into(),
                score: score.into(),
                to_move: "white".into(),
            })
            .expect("a test position")
        };
        let pos = white_to_move("d1", "f1 f2 e3 f3", "2(1)-3(5)");
        assert!(some_turn_wins_at_once(&pos));
        let trap = "2. e3>d2; d2>c1; f3>e3; e3>d3.";
        let why = judged(&pos, Objective::Trap, 1, trap).unwrap_err();
        assert!(why.contains("at once"), "{why}");
        // The capture itself ends the game won: sound.
        let take = "2. f1>e1; e1>d2; d2>c1; f2>e1(xd1).";
        let j = judged(&pos, Objective::Capture(1), 1, take).unwrap();
        assert!(matches!(j.value, GameValue::Win(_)), "{:?}", j.value);
        // Far behind on points (6(4)-0(1)), taking the last piece loses and
        // no turn scores enough: nothing wins at once.
        let behind = white_to_move("d1", "f1 f2 e3 f3", "6(4)-0(1)");
        assert!(!some_turn_wins_at_once(&behind));
    }

    #[test]
    fn final_values_name_the_margin() {
        let pos = position("d6 c7", "b7 a8", "2(4)-2(4)");
        assert_eq!(final_value(&pos, pos.to_move()), GameValue::Unknown);
    }
}
