use cannonball::forge::margo::{Limits, forge_one};
use cannonball::puzzle::Game;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game: Game = args[1].parse().unwrap();
    let n: u64 = args[2].parse().unwrap();
    let limits = Limits::default();
    let mut found = 0;
    let t0 = Instant::now();
    for i in 0..n {
        let t = Instant::now();
        match forge_one(game, 1, i, &limits) {
            Ok(Some(p)) => {
                found += 1;
                println!(
                    "{i}: {} {} key {} tree {} nodes {} {:.2}s minimal {} {}",
                    p.id,
                    p.objective,
                    p.key,
                    p.difficulty.tree,
                    p.provenance.solver_nodes,
                    t.elapsed().as_secs_f64(),
                    p.minimality.minimal,
                    p.difficulty.band.slug()
                );
            }
            Ok(None) => println!("{i}: none {:.2}s", t.elapsed().as_secs_f64()),
            Err(e) => println!("{i}: error {e}"),
        }
    }
    println!("found {found} in {:.1}s", t0.elapsed().as_secs_f64());
}
