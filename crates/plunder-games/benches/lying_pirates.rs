//! Lying Pirates hot paths. Run: `cargo bench -p plunder-games --bench lying_pirates`.

use divan::counter::ItemsCount;
use divan::Bencher;
use plunder_core::{random_playout, Game, Rng};
use plunder_games::lying_pirates::{LyingPirates, Options};

fn main() {
    divan::main();
}

/// Whole random games on the unchecked path, counted in games.
#[divan::bench(args = [3, 6])]
fn random_games(bencher: Bencher, players: u8) {
    let game = LyingPirates::new(Options::for_players(players)).unwrap();
    let mut rng = Rng::seeded(1);
    let mut legal = Vec::with_capacity(512);
    bencher.counter(ItemsCount::new(100usize)).bench_local(|| {
        let mut steps = 0;
        for _ in 0..100 {
            let mut state = game.initial_state();
            steps += random_playout(&game, &mut state, &mut rng, &mut legal);
        }
        steps
    });
}

/// Transitions (decisions and chance events) of whole random games, counted one by one.
#[divan::bench(args = [3, 6])]
fn transitions(bencher: Bencher, players: u8) {
    let game = LyingPirates::new(Options::for_players(players)).unwrap();
    let mut rng = Rng::seeded(1);
    let mut legal = Vec::with_capacity(512);
    let mut probe = game.initial_state();
    let per_game = random_playout(&game, &mut probe, &mut Rng::seeded(1), &mut legal);
    bencher.counter(ItemsCount::new(per_game as usize)).bench_local(|| {
        let mut state = game.initial_state();
        random_playout(&game, &mut state, &mut rng, &mut legal)
    });
}
