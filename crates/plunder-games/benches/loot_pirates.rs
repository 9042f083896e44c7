//! Loot Pirates hot paths. Run: `cargo bench -p plunder-games --bench loot_pirates`.
//! Numbers and the target (1 million random rounds per second per core) are in BENCHMARKS.md.

use divan::counter::ItemsCount;
use divan::Bencher;
use plunder_core::{random_playout, Game, Rng, Seat, Status};
use plunder_games::loot_pirates::{Action, LootPirates, Options};

fn main() {
    divan::main();
}

const GAMES: u64 = 100;

fn game(players: u8, negotiation: bool) -> LootPirates {
    let mut options = Options::for_players(players);
    if !negotiation {
        options.negotiation_offers = 0;
    }
    LootPirates::new(options).unwrap()
}

/// Random games on the unchecked path; the counter is rounds played, so divan reports rounds per second.
fn random_rounds(bencher: Bencher, players: u8, negotiation: bool) {
    let game = game(players, negotiation);
    let mut legal = Vec::with_capacity(64);
    let rounds: u64 = (0..GAMES)
        .map(|seed| {
            let mut state = game.initial_state();
            random_playout(&game, &mut state, &mut Rng::seeded(seed), &mut legal);
            game.round(&state) as u64
        })
        .sum();
    bencher.counter(ItemsCount::new(rounds)).bench_local(|| {
        let mut total = 0;
        for seed in 0..GAMES {
            let mut state = game.initial_state();
            total += random_playout(&game, &mut state, &mut Rng::seeded(seed), &mut legal);
        }
        total
    });
}

/// Random play with the default rules (negotiation on: up to two offers per pirate per round).
#[divan::bench(args = [3, 5, 8])]
fn random_rounds_with_negotiation(bencher: Bencher, players: u8) {
    random_rounds(bencher, players, true);
}

/// Random play with negotiation off (`negotiation_offers: 0`): roll, aim, fire.
#[divan::bench(args = [3, 5, 8])]
fn random_rounds_without_negotiation(bencher: Bencher, players: u8) {
    random_rounds(bencher, players, false);
}

/// Five pirates who have rolled and must aim.
fn aiming_position() -> (LootPirates, plunder_games::loot_pirates::State) {
    let game = game(5, true);
    let mut state = game.initial_state();
    let mut rng = Rng::seeded(1);
    while game.status(&state) == Status::Chance {
        let outcome = game.sample_chance(&state, &mut rng);
        game.apply_chance_unchecked(&mut state, &outcome);
    }
    (game, state)
}

/// One decision: list the legal actions and apply one, unchecked, from an aiming position of 5 pirates.
#[divan::bench]
fn legal_actions_and_apply_unchecked(bencher: Bencher) {
    let (game, state) = aiming_position();
    let mut legal: Vec<Action> = Vec::with_capacity(64);
    bencher.bench_local(|| {
        let mut s = state.clone();
        legal.clear();
        game.legal_actions(&s, Seat(0), &mut legal);
        game.apply_unchecked(&mut s, Seat(0), &legal[0]);
        s
    });
}

/// The same decision through the checked path (`plunder_core::play`), as front ends use it.
#[divan::bench]
fn checked_play(bencher: Bencher) {
    let (game, state) = aiming_position();
    let action = Action::Aim { target: Seat(1) };
    bencher.bench_local(|| {
        let mut s = state.clone();
        plunder_core::play(&game, &mut s, Seat(0), &action).unwrap();
        s
    });
}
