//! Parser messages people read (item 21): a point listed many times is
//! reported once (see `setups`), a byte-order mark is skipped by every text
//! reader, and messages read as English.

use cannonball_rules::margo::Coords;
use cannonball_rules::margo::notation::parse_move_list;

#[test]
fn a_number_expected_in_machine_notation_reads_as_english() {
    let e = "1,a,2".parse::<Coords>().unwrap_err();
    assert_eq!(e.message, "expected a number for the x, found 'a'");
    let e = "1,2,".parse::<Coords>().unwrap_err();
    assert_eq!(e.message, "expected a number for the y, found ''");
}

#[test]
fn a_byte_order_mark_is_skipped_by_every_text_reader() {
    let list = parse_move_list("\u{feff}a1 b2").unwrap();
    assert_eq!((list.len(), list[0].column), (2, 1));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("moves.txt");
    std::fs::write(&path, "\u{feff}a1 b2\n").unwrap();
    assert_eq!(cannonball::input::read_text(&path).unwrap(), "a1 b2\n");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_cannonball"))
        .args(["replay", "--game", "spargo", "--moves-file"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}
