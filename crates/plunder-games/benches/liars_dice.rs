//! Liar's dice hot paths. Run: `cargo bench -p plunder-games --bench liars_dice`.
//! The side-by-side comparisons with OpenSpiel are `bench/openspiel-side-by-side.sh` and
//! `bench/openspiel-cfr-side-by-side.sh` (BENCHMARKS.md).

use divan::counter::ItemsCount;
use divan::Bencher;
use plunder_core::{random_playout, Game, Rng, Seat};
use plunder_games::liars_dice::solve::{Method, Solver};
use plunder_games::liars_dice::{Action, DiceCount, LiarsDice, Options, Roll};

fn main() {
    divan::main();
}

fn game(dice: u8) -> LiarsDice {
    LiarsDice::new(Options { dice: DiceCount::Same(dice), ..Options::default() }).unwrap()
}

/// Whole random games (OpenSpiel's configuration with `dice` each), counted in games.
#[divan::bench(args = [1, 2, 5])]
fn random_games(bencher: Bencher, dice: u8) {
    let game = game(dice);
    let mut rng = Rng::seeded(1);
    let mut legal = Vec::with_capacity(128);
    bencher.counter(ItemsCount::new(1000usize)).bench_local(|| {
        let mut steps = 0;
        for _ in 0..1000 {
            let mut state = game.initial_state();
            steps += random_playout(&game, &mut state, &mut rng, &mut legal);
        }
        steps
    });
}

/// Listing the legal actions after a low opening bid with 5 dice each (the longest lists).
#[divan::bench]
fn legal_actions_after_opening(bencher: Bencher) {
    let game = game(5);
    let mut state = game.initial_state();
    for seat in [0u8, 1] {
        for face in 1..=5 {
            game.apply_chance_unchecked(&mut state, &Roll { seat: Seat(seat), face });
        }
    }
    game.apply_unchecked(&mut state, Seat(0), &Action::Bid { quantity: 1, face: 2 });
    let mut legal = Vec::with_capacity(128);
    bencher.bench_local(|| {
        legal.clear();
        game.legal_actions(&state, Seat(1), &mut legal);
        legal.len()
    });
}

/// CFR and CFR+ on OpenSpiel's default game (1 die each, d6, highest face wild): the first 200 iterations of a
/// fresh solver, counted in iterations (the side-by-side script averages over 1000, which skip more).
#[divan::bench(args = ["cfr", "cfr-plus"], sample_count = 10, sample_size = 1)]
fn cfr_iterations(bencher: Bencher, method: &str) {
    let method = if method == "cfr" { Method::Cfr } else { Method::CfrPlus };
    bencher
        .counter(ItemsCount::new(200usize))
        .with_inputs(|| Solver::new(Options::default(), method, 1).unwrap())
        .bench_local_refs(|solver| {
            for _ in 0..200 {
                solver.iterate();
            }
        });
}
