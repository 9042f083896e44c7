//! Pirate Haven hot paths. Run: `cargo bench -p plunder-games --bench pirate_haven`.
//! Numbers and the target (10 million transitions per second per core) are in BENCHMARKS.md.

use divan::counter::ItemsCount;
use divan::Bencher;
use plunder_core::{random_playout, Game, Rng};
use plunder_games::pirate_haven::{Options, PirateHaven};

fn main() {
    divan::main();
}

const GAMES: u64 = 20;

fn game(players: u8) -> PirateHaven {
    PirateHaven::new(Options::for_players(players)).unwrap()
}

/// Whole random games on the unchecked path, counted in games.
#[divan::bench(args = [2, 3, 4])]
fn random_games(bencher: Bencher, players: u8) {
    let game = game(players);
    let mut legal = Vec::with_capacity(256);
    bencher.counter(ItemsCount::new(GAMES)).bench_local(|| {
        let mut steps = 0;
        for seed in 0..GAMES {
            let mut state = game.initial_state();
            steps += random_playout(&game, &mut state, &mut Rng::seeded(seed), &mut legal);
        }
        steps
    });
}

/// The same games counted in transitions (decisions and chance events).
#[divan::bench(args = [2, 3, 4])]
fn random_transitions(bencher: Bencher, players: u8) {
    let game = game(players);
    let mut legal = Vec::with_capacity(256);
    let steps: u64 = (0..GAMES)
        .map(|seed| {
            let mut state = game.initial_state();
            random_playout(&game, &mut state, &mut Rng::seeded(seed), &mut legal)
        })
        .sum();
    bencher.counter(ItemsCount::new(steps)).bench_local(|| {
        let mut total = 0;
        for seed in 0..GAMES {
            let mut state = game.initial_state();
            total += random_playout(&game, &mut state, &mut Rng::seeded(seed), &mut legal);
        }
        total
    });
}
