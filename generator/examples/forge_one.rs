use cannonball::forge::margo::{candidate, spec};
use cannonball::puzzle::Game;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game: Game = args[1].parse().unwrap();
    let i: u64 = args[2].parse().unwrap();
    let c = candidate(game, 1, i).unwrap();
    let (pos, text) = spec::canonical(&c.position);
    println!("{}\n{}\n{}", c.source, text, pos.diagram());
}
