//! The Pirate's Flag hot path: whole random games on the unchecked path.
//! Run: `cargo bench -p plunder-games --bench pirates_flag`.

use divan::counter::ItemsCount;
use divan::Bencher;
use plunder_core::{random_playout, Game, Rng};
use plunder_games::pirates_flag::{Options, PiratesFlag};

fn main() {
    divan::main();
}

/// Whole random games at `players` seats, counted in games.
#[divan::bench(args = [3, 4, 6])]
fn random_games(bencher: Bencher, players: u8) {
    let game = PiratesFlag::new(Options::for_players(players)).unwrap();
    let mut rng = Rng::seeded(1);
    let mut legal = Vec::with_capacity(256);
    bencher.counter(ItemsCount::new(10usize)).bench_local(|| {
        let mut steps = 0;
        for _ in 0..10 {
            let mut state = game.initial_state();
            steps += random_playout(&game, &mut state, &mut rng, &mut legal);
        }
        steps
    });
}
