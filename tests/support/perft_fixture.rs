//! Reads `tests/fixtures/margo/perft.txt`.

use cannonball_rules::margo::{CaptureScope, Ko, Preset, Rules};

/// One position of the perft fixture file.
pub struct PerftEntry {
    pub id: String,
    pub rules: Rules,
    pub moves: Vec<String>,
    /// `(depth, count)`.
    pub counts: Vec<(u32, u64)>,
}

/// Rule flags as on the command line (`--size 5 --ko none --can-pass ...`).
pub fn parse_options(base: Rules, text: &str) -> Result<Rules, String> {
    let mut r = base;
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut i = 0;
    while i < words.len() {
        let value = words.get(i + 1).copied().unwrap_or("");
        let mut takes_value = true;
        match words[i] {
            "--size" => r.size = value.parse().map_err(|_| format!("bad size {value}"))?,
            "--players" => r.players = value.parse().map_err(|_| format!("bad players {value}"))?,
            "--ko" => r.ko = value.parse::<Ko>().map_err(|e| e.to_string())?,
            "--capture-scope" => {
                r.capture_scope = value.parse::<CaptureScope>().map_err(|e| e.to_string())?;
            }
            "--swap" => r.swap = value == "on",
            "--max-height" => {
                r.max_height = Some(value.parse().map_err(|_| format!("bad height {value}"))?);
            }
            "--can-pass" => (r.can_pass, takes_value) = (true, false),
            "--all-freedoms" => (r.all_freedoms, takes_value) = (true, false),
            "--single-capture" => (r.single_capture, takes_value) = (true, false),
            other => return Err(format!("unknown option {other}")),
        }
        i += if takes_value { 2 } else { 1 };
    }
    Ok(r)
}

/// Every entry of the file; panics with the line number on a bad line.
pub fn read_perft_fixture() -> Vec<PerftEntry> {
    let text = include_str!("../fixtures/margo/perft.txt");
    let mut out: Vec<PerftEntry> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let bad = |why: String| -> ! { panic!("perft.txt line {}: {why}", n + 1) };
        if key == "id" {
            out.push(PerftEntry {
                id: rest.to_owned(),
                rules: Preset::Spargo.rules(),
                moves: Vec::new(),
                counts: Vec::new(),
            });
            continue;
        }
        let Some(e) = out.last_mut() else {
            bad("entry before any id".into())
        };
        match key {
            "about" => {}
            "game" => {
                e.rules = rest
                    .parse::<Preset>()
                    .unwrap_or_else(|x| bad(x.to_string()))
                    .rules();
            }
            "options" => e.rules = parse_options(e.rules, rest).unwrap_or_else(|x| bad(x)),
            "moves" => e.moves = rest.split_whitespace().map(str::to_owned).collect(),
            "perft" => {
                let mut it = rest.split_whitespace().map(str::parse::<u64>);
                match (it.next(), it.next()) {
                    (Some(Ok(d)), Some(Ok(c))) => e.counts.push((d as u32, c)),
                    _ => bad(format!("bad perft line '{rest}'")),
                }
            }
            other => bad(format!("unknown key {other}")),
        }
    }
    out
}
