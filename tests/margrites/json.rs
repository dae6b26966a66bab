//! The Margrites machine form (JSON): positions round-trip to equal engine positions,
//! self-play game records read back and replay to the same end, the check report in
//! JSON agrees with the text report on the book's games, and bad input is an error
//! with a line and column, never a panic.

use std::path::PathBuf;

use cannonball_rules::margrites::infer::{self, check_transcript};
use cannonball_rules::margrites::json::{self, FindingRecord, SummaryLine};
use cannonball_rules::margrites::record::{GameRecord, RecordPart, TurnRecord};
use cannonball_rules::margrites::selfplay::{play_game, random_setup, random_step};
use cannonball_rules::margrites::state::{MovedPiece, Outcome, State, TurnInProgress};
use cannonball_rules::margrites::{Color, Options, Position, Square, Step, transcript};
use cannonball_rules::rng::Rng;
use proptest::prelude::*;

const ALL_VARIATIONS: Options = Options {
    black_handicap: true,
    white_rebuttal: true,
    returning_scored: true,
    dancing_limit: true,
};

fn variation_sets() -> Vec<Options> {
    let mut v = vec![Options::STANDARD, ALL_VARIATIONS];
    for name in ["handicap", "rebuttal", "returning", "dancing-limit"] {
        v.push(Options::parse_list(name).unwrap());
    }
    v
}

/// Every position of a seeded random game: the start, after each step, after each
/// turn ends.
fn positions_of_a_game(seed: u64, options: Options, max_turns: u16) -> Vec<Position> {
    let mut rng = Rng::seed_from(seed);
    let mut pos = Position::new(&random_setup(&mut rng), options).unwrap();
    let mut out = vec![pos];
    while !pos.is_over() && pos.turn() <= max_turns {
        while let Some(s) = random_step(&pos, &mut rng) {
            pos.play_step(s).unwrap();
            out.push(pos);
        }
        if !pos.is_over() {
            pos.end_turn().unwrap();
            out.push(pos);
        }
    }
    out
}

fn round_trip(pos: &Position) -> Position {
    let text = serde_json::to_string(&State::from(pos)).unwrap();
    let state: State = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    Position::from_state(&state).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn self_play_positions_round_trip_through_json() {
    let mut count = 0;
    let mut mid_turn = 0;
    let mut over = 0;
    for options in variation_sets() {
        for seed in 0..12 {
            for pos in positions_of_a_game(seed, options, 400) {
                let back = round_trip(&pos);
                assert_eq!(back, pos, "seed {seed}, {options:?}");
                assert_eq!(back.hash(), pos.hash());
                assert_eq!(back.legal_steps(), pos.legal_steps());
                count += 1;
                mid_turn += usize::from(pos.steps_made() > 0);
                over += usize::from(pos.is_over());
            }
        }
    }
    assert!(
        count > 10_000 && mid_turn > 5_000 && over > 20,
        "{count} {mid_turn} {over}"
    );
}

#[test]
fn mirrored_and_colour_exchanged_positions_round_trip() {
    for seed in 0..6 {
        for pos in positions_of_a_game(seed, Options::parse_list("returning").unwrap(), 100) {
            for p in [pos.mirrored(), pos.color_exchanged()] {
                assert_eq!(round_trip(&p), p);
            }
        }
    }
}

#[test]
fn self_play_records_read_back_and_replay_to_the_same_end() {
    for options in variation_sets() {
        let mut rng = Rng::seed_from(11);
        for _ in 0..15 {
            let game = play_game(&mut rng, options, 300);
            let record = GameRecord::from_selfplay(&game, options).unwrap();
            assert_eq!(record.turns.len(), game.turns.len());
            let lines = record.json_lines().unwrap();
            assert_eq!(lines.lines().count(), game.turns.len() + 2);
            let read = json::read_games(&lines).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(read.len(), 1);
            assert_eq!(read[0].record, record);
            assert_eq!(read[0].end, game.end);
            // Written as a transcript, the game checks clean and ends the same way.
            let text = record.to_transcript("from JSON").unwrap();
            let t = transcript::parse(&text).unwrap();
            let report = check_transcript(&t).unwrap();
            assert_eq!(report.departures(), 0, "{}", report.render("game"));
        }
    }
}

#[test]
fn several_games_in_one_stream() {
    let mut rng = Rng::seed_from(3);
    let mut text = String::new();
    let mut ends = Vec::new();
    for _ in 0..4 {
        let game = play_game(&mut rng, Options::STANDARD, 40);
        text.push_str(
            &GameRecord::from_selfplay(&game, Options::STANDARD)
                .unwrap()
                .json_lines()
                .unwrap(),
        );
        ends.push(game.end);
    }
    let read = json::read_games(&text).unwrap();
    assert_eq!(read.iter().map(|g| g.end).collect::<Vec<_>>(), ends);
}

/// A self-play record with one field of one turn changed: the replay must stop at
/// that turn (and step), saying what is wrong.
#[test]
fn tampered_records_do_not_replay() {
    let mut rng = Rng::seed_from(21);
    let game = play_game(&mut rng, Options::STANDARD, 300);
    let record = GameRecord::from_selfplay(&game, Options::STANDARD).unwrap();
    let k = record
        .turns
        .iter()
        .position(|t| t.steps.iter().any(|s| !s.captures.is_empty()))
        .expect("a capture in the game");
    let j = record.turns[k]
        .steps
        .iter()
        .position(|s| !s.captures.is_empty())
        .unwrap();
    let expect = |r: &GameRecord, part: RecordPart, step: Option<usize>, text: &str| {
        let e = r.replay().unwrap_err();
        assert_eq!((e.part, e.step), (part, step), "{e}");
        assert!(e.to_string().contains(text), "{e}");
    };

    let mut r = record.clone();
    r.turns[k].steps[j].captures.clear();
    expect(
        &r,
        RecordPart::Turn(k),
        Some(j + 1),
        "captures listed: none",
    );

    let mut r = record.clone();
    r.turns[k].score.black.captures += 1;
    expect(&r, RecordPart::Turn(k), None, "score listed");

    let mut r = record.clone();
    r.turns[0].steps.pop();
    expect(&r, RecordPart::Turn(0), None, "full movement");

    let mut r = record.clone();
    r.turns[0].forfeit = true;
    expect(
        &r,
        RecordPart::Turn(0),
        None,
        "only a turn that ends with no step",
    );

    let mut r = record.clone();
    r.turns[1].side = Color::Black;
    expect(
        &r,
        RecordPart::Turn(1),
        None,
        "the replay is at turn 2 with White",
    );

    let mut r = record.clone();
    let Step::Move { from, .. } = r.turns[0].steps[0].step else {
        panic!("a move first")
    };
    r.turns[0].steps[0].step = Step::Move { from, to: from };
    expect(&r, RecordPart::Turn(0), Some(1), "illegal step");

    let mut r = record.clone();
    if let Some(o) = r.outcome.as_mut() {
        o.score.white.points += 1;
    }
    expect(&r, RecordPart::Outcome, None, "the outcome line gives");

    let mut r = record;
    r.start.pieces.black.pop();
    expect(&r, RecordPart::Start, None, "not a position");
}

fn book_games() -> Vec<PathBuf> {
    let dir = PathBuf::from(crate::ROOT).join("book/games/margrites");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    v.sort();
    v
}

#[test]
fn check_report_json_agrees_with_the_text_report_on_the_book_games() {
    let games = book_games();
    assert!(games.len() >= 3);
    for path in games {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let t = transcript::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let report = check_transcript(&t).unwrap();
        let text = report.render(&name);
        let lines = json::check_report_lines(&name, &report).unwrap();
        let all: Vec<&str> = lines.lines().collect();
        let (summary, findings) = all.split_last().unwrap();
        let findings: Vec<FindingRecord> = findings
            .iter()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let summary: SummaryLine = serde_json::from_str(summary).unwrap();
        let text_departures = text.lines().filter(|l| l.contains(": departure: ")).count();
        let json_departures = findings.iter().filter(|f| f.kind == "departure").count();
        // The printed games break the rules; their corrections do not.
        assert_eq!(text_departures > 0, !name.contains(".corrected."), "{name}");
        assert_eq!(json_departures, text_departures, "{name}");
        assert_eq!(summary.summary.departures, text_departures, "{name}");
        assert_eq!(summary.summary.departures, report.departures(), "{name}");
        assert_eq!(summary.summary.notes, report.notes);
        // Each finding is the text report's line, field by field.
        let finding_lines: Vec<&str> = text
            .lines()
            .filter(|l| l.contains(": departure: ") || l.contains(": warning: "))
            .collect();
        assert_eq!(finding_lines.len(), findings.len());
        for (line, f) in finding_lines.iter().zip(&findings) {
            let place = match (f.turn, f.printed_turn, f.step) {
                (None, _, _) => String::new(),
                (Some(t), p, s) => {
                    let mut place = format!("turn {t}");
                    if let Some(p) = p.filter(|&p| p != u32::from(t)) {
                        place.push_str(&format!(" (printed {p})"));
                    }
                    if let Some(s) = s {
                        place.push_str(&format!(", step {s}"));
                    }
                    place + ": "
                }
            };
            let want = format!(
                "{name}:{}:{}: {}: {place}{}",
                f.line, f.column, f.kind, f.message
            );
            assert_eq!(*line, want);
        }
    }
}

#[test]
fn bad_json_is_located_not_a_panic() {
    let cases: &[(&str, usize, &str)] = &[
        ("{\"start\":", 1, "EOF while parsing"),
        ("\n\n{\"start\": {\"pieces\": []}}", 3, "invalid length 0"),
        (
            "{\"start\": {\"pieces\": {\"black\": [\"a1\"], \"white\": [\"z1\"]}}}",
            1,
            "`z1`",
        ),
        (
            "{\"start\": {\"pieces\": {\"black\": [], \"white\": []}, \"colour\": 1}}",
            1,
            "unknown field `colour`",
        ),
        (
            "{\"turn\": 1, \"side\": \"black\", \"steps\": [], \"forfeit\": true, \"score\": {\"black\": {\"points\": 0, \"captures\": 0}, \"white\": {\"points\": 0, \"captures\": 0}}}",
            1,
            "before any start line",
        ),
        ("[1, 2]", 1, "invalid type: sequence, expected a map"),
        (
            "{\"start\": {\"pieces\": {\"black\": [], \"white\": []}, \"variations\": [\"castling\"]}}",
            1,
            "unknown variation `castling`",
        ),
        (
            "{\"start\": {\"pieces\": {\"black\": [], \"white\": []}, \"turn\": 70000}}",
            1,
            "invalid value: integer `70000`",
        ),
    ];
    for (text, line, message) in cases {
        let e = json::read_games(text).unwrap_err();
        assert_eq!(e.line, *line, "{text}: {e}");
        assert!(e.column >= 1, "{text}: {e}");
        assert!(e.message.contains(message), "{text}: {e}");
    }
}

fn random_square(rng: &mut Rng) -> Square {
    Square::from_index(rng.index(Square::COUNT) as u8).unwrap()
}

fn random_squares(rng: &mut Rng, most: usize) -> Vec<Square> {
    let n = rng.index(most + 1);
    (0..n).map(|_| random_square(rng)).collect()
}

/// A real position's record with a few fields made up at random.
fn tampered_record(seed: u64) -> State {
    let mut rng = Rng::seed_from(seed);
    let options = if rng.index(2) == 0 {
        ALL_VARIATIONS
    } else {
        Options::STANDARD
    };
    let positions = positions_of_a_game(seed, options, 60);
    let pos = positions[rng.index(positions.len())];
    let mut r = State::from(&pos);
    for _ in 0..=rng.index(3) {
        match rng.index(9) {
            0 => r.pieces.black = random_squares(&mut rng, 9),
            1 => r.exits.black = random_squares(&mut rng, 3),
            2 => r.exits.white = random_squares(&mut rng, 3),
            3 => r.score.white.points = rng.index(4) as u8,
            4 => r.unchanged_turns = rng.index(4) as u8,
            5 => r.turn = rng.index(3) as u16,
            6 => {
                let tip = r.turn_in_progress.get_or_insert(TurnInProgress {
                    steps: 1,
                    moved: Vec::new(),
                    board_at_start: r.pieces.clone(),
                    returnable: Vec::new(),
                });
                tip.steps = rng.index(6) as u8;
                tip.returnable = random_squares(&mut rng, 3);
            }
            7 => {
                if let Some(tip) = r.turn_in_progress.as_mut() {
                    tip.moved.push(MovedPiece {
                        square: random_square(&mut rng),
                        start: (rng.index(3) > 0).then(|| random_square(&mut rng)),
                    });
                }
            }
            _ => {
                let phases = ["playing", "rebuttal-due", "rebuttal", "over"];
                r.phase = serde_json::from_str(&format!("\"{}\"", phases[rng.index(4)])).unwrap();
            }
        }
    }
    r
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Whatever the record says, reading it either fails with reasons or gives a
    /// position that round-trips and can be played on without a panic.
    #[test]
    fn any_record_is_rejected_or_playable(
        seed in prop_oneof![Just(14_874_996_076_429_528_534u64), any::<u64>()]
    ) {
        let record = tampered_record(seed);
        match Position::from_state(&record) {
            Err(e) => prop_assert!(!e.problems.is_empty()),
            Ok(mut pos) => {
                prop_assert_eq!(round_trip(&pos), pos);
                let mut rng = Rng::seed_from(seed ^ 1);
                for _ in 0..6 {
                    if pos.is_over() {
                        break;
                    }
                    while let Some(s) = random_step(&pos, &mut rng) {
                        pos.play_step(s).unwrap();
                        prop_assert_eq!(round_trip(&pos), pos);
                    }
                    if !pos.is_over() {
                        pos.end_turn().unwrap();
                    }
                }
            }
        }
    }

    /// Arbitrary text never makes the reader panic.
    #[test]
    fn arbitrary_text_never_panics(text in "[{}\\[\\]\":,a-z0-9 \n]{0,200}") {
        let _ = json::read_games(&text);
    }

    /// A valid record cut short or with one character changed is an error or a
    /// (shorter) valid game, never a panic.
    #[test]
    fn damaged_records_never_panic(seed in any::<u64>(), at in any::<usize>(), c in any::<char>()) {
        let mut rng = Rng::seed_from(seed);
        let game = play_game(&mut rng, Options::STANDARD, 8);
        let text = GameRecord::from_selfplay(&game, Options::STANDARD).unwrap().json_lines().unwrap();
        let chars: Vec<char> = text.chars().collect();
        let at = at % chars.len();
        let cut: String = chars[..at].iter().collect();
        let _ = json::read_games(&cut);
        let mut changed = chars.clone();
        changed[at] = c;
        let changed: String = changed.into_iter().collect();
        if let Err(e) = json::read_games(&changed) {
            prop_assert!(e.line >= 1 && e.column >= 1);
        }
    }
}

/// Self-play never resigns: a resignation appended to a game reads back, round-trips
/// as a position, and survives the trip through the text notation.
#[test]
fn resignations_round_trip() {
    let mut rng = Rng::seed_from(8);
    let game = play_game(&mut rng, Options::STANDARD, 30);
    assert!(!game.end.is_over());
    let mut record = GameRecord::from_selfplay(&game, Options::STANDARD).unwrap();
    let mut end = game.end;
    let loser = end.to_move();
    end.resign(loser);
    assert_eq!(round_trip(&end), end);
    record.turns.push(TurnRecord {
        turn: end.turn(),
        side: loser,
        steps: Vec::new(),
        forfeit: false,
        resigned: Some(loser),
        incomplete: false,
        score: end.standings(),
    });
    record.outcome = Some(Outcome::of_position(&end));
    assert_eq!(record.outcome.unwrap().winner, Some(loser.other()));
    let read = json::read_games(&record.json_lines().unwrap()).unwrap();
    assert_eq!(read[0].end, end);

    let text = record.to_transcript("resigned").unwrap();
    assert!(text.contains(&format!("{}. ", end.turn())), "{text}");
    let t = transcript::parse(&text).unwrap();
    let replayed = infer::check_and_replay_turns(&t).unwrap();
    assert_eq!(
        replayed.report.departures(),
        0,
        "{}",
        replayed.report.render("resigned")
    );
    assert_eq!(GameRecord::from_replayed(&replayed).unwrap(), record);
}

/// A turn cut short with `...` becomes `"incomplete":true`, reads back, and is
/// written back as `...`.
#[test]
fn a_turn_cut_short_round_trips() {
    let text = "setup black: a1 b1 c1 d1 e1 f1 d2 e2\nsetup white: a8 b8 c8 d8 e8 f8 d7 e7\n\
                1. d2>d3; d3>d4; e2>e3; e3>e4.\n2. d7>d6; ...\n";
    let t = transcript::parse(text).unwrap();
    let replayed = infer::check_and_replay_turns(&t).unwrap();
    assert_eq!(replayed.report.departures(), 0);
    let record = GameRecord::from_replayed(&replayed).unwrap();
    let last = record.turns.last().unwrap();
    assert!(last.incomplete && !last.forfeit && last.steps.len() == 1);
    assert_eq!(last.notation(), "2. d7>d6; ...");
    let lines = record.json_lines().unwrap();
    assert!(
        lines.contains(r#""forfeit":false,"incomplete":true,"score""#),
        "{lines}"
    );
    let read = json::read_games(&lines).unwrap();
    assert_eq!(read[0].end.steps_made(), 1);
    let again = transcript::parse(&record.to_transcript("cut short").unwrap()).unwrap();
    let again = infer::check_and_replay_turns(&again).unwrap();
    assert_eq!(GameRecord::from_replayed(&again).unwrap(), record);
    // A turn after it is refused.
    let mut r = record;
    let mut extra = r.turns[0].clone();
    extra.turn = 3;
    r.turns.push(extra);
    assert!(
        r.replay()
            .unwrap_err()
            .to_string()
            .contains("after a turn cut short")
    );
}
