use cannonball::forge::margo::{solving::Exact, spec};
use cannonball::margo::AnyPosition;
use cannonball::rng::Rng;
use cannonball::solve::spargo::{Tablebase, Wld};
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args[1].parse().unwrap();
    let maxd: u8 = args[2].parse().unwrap();
    let budget: u64 = args[3].parse().unwrap();
    let t = Instant::now();
    let tb = Tablebase::load(
        std::path::Path::new("tablebases/spargo-4x4-ko-simple.tb"),
        None,
    )
    .unwrap();
    println!("loaded {} in {:.1}s", tb.len(), t.elapsed().as_secs_f64());
    let mut rng = Rng::seed_from(1);
    let (mut uniq, mut near, mut settled, mut puz) = (0, 0, 0, 0);
    let t = Instant::now();
    for _ in 0..n {
        let r = rng.below(tb.len() as u64) as u32;
        let p = tb.position(r);
        let Ok(mv) = tb.move_values(&p) else { continue };
        if mv.len() < 4 {
            continue;
        }
        let wins = mv.iter().filter(|m| m.1.wld == Wld::Win).count();
        if wins != 1 {
            continue;
        }
        uniq += 1;
        if mv.iter().any(|m| m.1.distance.map_or(true, |d| d > maxd)) {
            continue;
        }
        near += 1;
        let pos = AnyPosition::Small(Box::new(p.clone()).as_ref().clone());
        let (pos, _) = spec::canonical(&pos);
        let mut ex = Exact::with_mode(budget, cannonball::solve::margo::Mode::Wld);
        if let Some(sol) = ex.solve(&pos).unwrap() {
            settled += 1;
            let w = sol
                .moves
                .iter()
                .filter(|m| m.bounds.lower > cannonball::solve::margo::Score::DRAW)
                .count();
            if w == 1 {
                puz += 1;
            } else if settled < 4 {
                println!("{}", pos.diagram());
                for m in &sol.moves {
                    println!("search {:?} {:?}", m.mv, m.bounds);
                }
                for m in &mv {
                    println!("tb {:?} {:?}", m.0, m.1);
                }
            }
        }
    }
    println!(
        "sampled {n}: unique-win {uniq}, near {near}, settled {settled}, puzzles {puz} in {:.1}s",
        t.elapsed().as_secs_f64()
    );
}
