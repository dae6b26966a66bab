use cannonball::forge::margo::{analyse, candidate, solving::Exact, spec};
use cannonball::puzzle::Game;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game: Game = args[1].parse().unwrap();
    let n: u64 = args[2].parse().unwrap();
    let budget: u64 = args[3].parse().unwrap();
    let (mut cands, mut settled, mut puzzles) = (0, 0, 0);
    let t0 = Instant::now();
    for i in 0..n {
        let Some(c) = candidate(game, 1, i) else {
            continue;
        };
        cands += 1;
        let (pos, _) = spec::canonical(&c.position);
        let mut ex = Exact::with_mode(
            budget,
            if std::env::var("WLD").is_ok() {
                cannonball::solve::margo::Mode::Wld
            } else {
                cannonball::solve::margo::Mode::Exact
            },
        );
        let sol = ex.solve(&pos).unwrap();
        if sol.is_some() {
            settled += 1;
            if analyse::question(&pos, &mut ex).unwrap().is_some() {
                puzzles += 1;
                println!("{i}: {} puzzle legal {}", c.source, pos.legal_moves().len());
            }
        }
    }
    println!(
        "cands {cands} settled {settled} puzzles {puzzles} in {:.1}s",
        t0.elapsed().as_secs_f64()
    );
}
