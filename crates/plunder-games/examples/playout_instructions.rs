//! Random playouts on the unchecked path, the same loop as `plunder speed --games N` (a fresh
//! `initial_state` and one `random_playout` a game, one generator for the whole run), in a binary that rebuilds in
//! one to two minutes instead of the CLI's eight: for instruction counts under callgrind (BENCHMARKS.md, "Playout
//! instructions against OpenSpiel"). Run it for two game
//! counts and divide the difference by the difference of the counts, so start-up cancels:
//!
//! ```text
//! cargo build --profile profiling -p plunder-games --example playout_instructions
//! for g in 2000 12000; do
//!   valgrind --tool=callgrind --callgrind-out-file=cg.$g target/profiling/examples/playout_instructions \
//!     liars-dice '{"dice": 1}' $g
//! done
//! callgrind_annotate cg.2000 | grep TOTALS; callgrind_annotate cg.12000 | grep TOTALS
//! ```
//!
//! Arguments: the game's id, its options as JSON (`{}` for the defaults; a `players` key sets the table), the
//! number of games, and optionally the seed (1). Prints the games and transitions played.

use plunder_core::{options_from_json, random_playout, Narrate, Rng, Roster};
use plunder_games::{with_game, GameVisitor};

struct Playouts {
    options: serde_json::Value,
    players: Option<usize>,
    games: u64,
    seed: u64,
}

impl GameVisitor for Playouts {
    type Output = (u64, u64);
    fn visit<G: Roster + Narrate>(self) -> (u64, u64) {
        let options = options_from_json::<G>(self.players, &self.options).expect("options");
        let game = G::new(options).expect("valid options");
        let mut rng = Rng::seeded(self.seed);
        let mut legal = Vec::with_capacity(64);
        let mut steps = 0u64;
        for _ in 0..self.games {
            let mut state = game.initial_state();
            steps += random_playout(&game, &mut state, &mut rng, &mut legal);
        }
        (self.games, steps)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let id = args.get(1).map_or("liars-dice", String::as_str);
    let mut options: serde_json::Value =
        serde_json::from_str(args.get(2).map_or("{}", String::as_str)).expect("options as JSON");
    let players =
        options.as_object_mut().and_then(|o| o.remove("players")).and_then(|p| p.as_u64()).map(|p| p as usize);
    let games = args.get(3).map_or(10_000, |g| g.parse().expect("a number of games"));
    let seed = args.get(4).map_or(1, |s| s.parse().expect("a seed"));
    let (games, steps) = with_game(id, Playouts { options, players, games, seed }).expect("a game id");
    println!("{id}: {games} games, {steps} transitions, {:.2} a game", steps as f64 / games as f64);
}
