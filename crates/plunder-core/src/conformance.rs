//! The conformance suite every game runs in one line:
//!
//! ```ignore
//! plunder_core::conformance::check(&LootPirates::new(options)?);
//! ```
//!
//! It plays seeded random games through the checked path and, at every step, asserts that
//! - chance outcomes are listed with positive probabilities summing to 1, and sampling and checking agree;
//! - every listed action passes the check, actions not listed are refused, and a refused input changes nothing;
//! - seats that do not owe a decision are refused;
//! - a determinization for each seat leaves that seat's view, status and legal actions exactly as they were
//!   (so a view can hold nothing the determinization redraws: **no view leaks another seat's secrets**),
//!   and the spectator's view is the same in every determinization;
//! - actions, outcomes, options and views round-trip through JSON;
//!
//! and, per game, that it ends within the step limit, that its record replays to the same state (also on
//! another thread), and that the record survives JSON.
//!
//! Failures panic with the seed and step, like `assert!`; this module is for tests.

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::record::Record;
use crate::{ChanceMode, Game, PlayError, Rng, Seat, Session, Status, Viewer};

/// How much the suite plays.
#[derive(Copy, Clone, Debug)]
pub struct Config {
    pub games: u64,
    pub seed: u64,
    pub max_steps: u64,
    /// Determinize at every this-many steps (1 = every step).
    pub determinize_every: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config { games: 40, seed: 1, max_steps: 200_000, determinize_every: 1 }
    }
}

/// Runs the suite with the default configuration.
pub fn check<G: Game>(game: &G) {
    check_with(game, Config::default());
}

/// Runs the suite.
pub fn check_with<G: Game>(game: &G, config: Config) {
    roundtrip(game.options(), "options");
    let rebuilt = G::new(game.options().clone()).expect("a game's own options are accepted");
    assert_eq!(format!("{:?}", rebuilt.options()), format!("{:?}", game.options()));
    let mut pool: Vec<(Seat, G::Action)> = Vec::new();
    let any_chance = game_any_chance(game, config.seed);
    for index in 0..config.games {
        let seed = config.seed.wrapping_add(index);
        let session = play_random_game(game, seed, config, &mut pool, &any_chance);
        check_replay(&session, seed);
        check_replay(&play_sampled_game(game, seed, config.max_steps), seed);
    }
}

fn roundtrip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T, what: &str) {
    let json = serde_json::to_string(value).unwrap_or_else(|e| panic!("{what} must serialize: {e}"));
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{what} must deserialize from {json}: {e}"));
    assert_eq!(&back, value, "{what} must round-trip through JSON ({json})");
}

fn play_random_game<G: Game>(
    game: &G,
    seed: u64,
    config: Config,
    pool: &mut Vec<(Seat, G::Action)>,
    any_chance: &G::Chance,
) -> Session<G> {
    let mut session = Session::new(game.clone(), seed, ChanceMode::Scripted);
    let mut rng = Rng::stream(seed, 1);
    let mut det_rng = Rng::stream(seed, 2);
    let seats = game.seats();
    for step in 0..config.max_steps {
        let state = session.state().clone();
        let at = || format!("(seed {seed}, step {step})");
        if step % config.determinize_every == 0 {
            check_views_and_determinization(game, &state, &mut det_rng, &at());
        }
        match game.status(&state) {
            Status::Over => {
                assert!(game.outcome(&state).is_some(), "a finished game has an outcome {}", at());
                let outcome = game.outcome(&state).unwrap();
                assert_eq!(outcome.payoffs.len(), seats, "one payoff per seat {}", at());
                return session;
            }
            Status::Chance => {
                assert!(game.outcome(&state).is_none(), "no outcome before the end {}", at());
                let mut outcomes = Vec::new();
                game.chance_outcomes(&state, &mut outcomes);
                assert!(!outcomes.is_empty(), "a chance event has outcomes {}", at());
                let total: f64 = outcomes.iter().map(|(_, p)| *p).sum();
                assert!((total - 1.0).abs() < 1e-9, "chance probabilities sum to {total}, not 1 {}", at());
                for (outcome, p) in &outcomes {
                    assert!(*p > 0.0, "outcome {outcome} has probability {p} {}", at());
                    assert_eq!(game.check_chance(&state, outcome), Ok(()), "listed outcome {outcome} refused {}", at());
                    roundtrip(outcome, "a chance outcome");
                }
                let sampled = game.sample_chance(&state, &mut rng.clone());
                assert!(outcomes.iter().any(|(o, _)| *o == sampled), "sampled {sampled} is not listed {}", at());
                let mut copy = state.clone();
                let any_seat = Seat(0);
                if let Some((_, action)) = pool.first() {
                    let err = crate::play(game, &mut copy, any_seat, action).unwrap_err();
                    assert_eq!(err, PlayError::AwaitingChance, "{}", at());
                    assert_eq!(copy, state, "a refused action changed the state {}", at());
                }
                let outcome = game.sample_chance(&state, &mut rng);
                session.supply_chance(outcome).expect("a sampled outcome is accepted");
            }
            Status::Decide(deciders) => {
                assert!(!deciders.is_empty(), "someone decides {}", at());
                assert!(game.outcome(&state).is_none(), "no outcome before the end {}", at());
                for seat in Seat::all(seats) {
                    let mut legal = Vec::new();
                    let mut copy = state.clone();
                    if !deciders.contains(seat) {
                        if let Some((_, action)) = pool.first() {
                            let err = crate::play(game, &mut copy, seat, action).unwrap_err();
                            assert_eq!(err, PlayError::NotToAct { seat }, "{}", at());
                            assert_eq!(copy, state, "a refused action changed the state {}", at());
                        }
                        continue;
                    }
                    game.legal_actions(&state, seat, &mut legal);
                    assert!(!legal.is_empty(), "{seat} must act but has no legal action {}", at());
                    for action in &legal {
                        assert_eq!(game.check_action(&state, seat, action), Ok(()), "legal {action} refused {}", at());
                        roundtrip(action, "an action");
                        assert!(!action.to_string().is_empty(), "every action has a label");
                    }
                    // Actions seen elsewhere in the game that are not legal here must be refused unchanged.
                    for (_, candidate) in pool.iter().rev().take(24) {
                        if legal.contains(candidate) {
                            continue;
                        }
                        let err = crate::play(game, &mut copy, seat, candidate);
                        assert!(err.is_err(), "{candidate} is not listed for {seat} but was accepted {}", at());
                        assert_eq!(copy, state, "a refused action changed the state {}", at());
                    }
                    for action in &legal {
                        if pool.len() < 256 && !pool.iter().any(|(_, a)| a == action) {
                            pool.push((seat, action.clone()));
                        }
                    }
                }
                let mut copy = state.clone();
                assert_eq!(
                    crate::supply_chance(game, &mut copy, any_chance).err(),
                    Some(PlayError::NoChancePending),
                    "supplying chance while seats decide is refused {}",
                    at()
                );
                assert_eq!(copy, state, "a refused outcome changed the state {}", at());
                let seat = deciders.lowest().unwrap();
                let mut legal = Vec::new();
                game.legal_actions(&state, seat, &mut legal);
                let action = legal[rng.index(legal.len())].clone();
                session.play(seat, action).expect("a legal action is accepted");
            }
        }
    }
    panic!("seed {seed}: the game did not end within {} steps", config.max_steps);
}

/// A random game in sampled mode, so that replays must draw the same outcomes from the seed.
fn play_sampled_game<G: Game>(game: &G, seed: u64, max_steps: u64) -> Session<G> {
    let mut session = Session::new(game.clone(), seed, ChanceMode::Sampled);
    let mut rng = Rng::stream(seed, 3);
    for _ in 0..max_steps {
        match session.status() {
            Status::Decide(seats) => {
                let seat = seats.lowest().unwrap();
                let legal = session.legal_actions(seat);
                session.play(seat, legal[rng.index(legal.len())].clone()).expect("legal actions are accepted");
            }
            Status::Over => return session,
            Status::Chance => panic!("a sampled session never waits for chance"),
        }
    }
    panic!("seed {seed}: the sampled game did not end within {max_steps} steps");
}

/// Some chance outcome of this game, to offer where none is pending (found by sampling a fresh game).
fn game_any_chance<G: Game>(game: &G, salt: u64) -> G::Chance {
    let mut state = game.initial_state();
    let mut rng = Rng::seeded(salt);
    loop {
        match game.status(&state) {
            Status::Chance => return game.sample_chance(&state, &mut rng),
            Status::Decide(seats) => {
                let seat = seats.lowest().unwrap();
                let mut legal = Vec::new();
                game.legal_actions(&state, seat, &mut legal);
                game.apply_unchecked(&mut state, seat, &legal[rng.index(legal.len())]);
            }
            Status::Over => panic!("{} has no chance event at all; the suite needs one", G::ID),
        }
    }
}

fn check_views_and_determinization<G: Game>(game: &G, state: &G::State, rng: &mut Rng, at: &str) {
    let spectator = game.view(state, Viewer::Spectator);
    serde_json::to_value(&spectator).expect("views serialize");
    let status = game.status(state);
    for seat in Seat::all(game.seats()) {
        let view = game.view(state, Viewer::Seat(seat));
        serde_json::to_value(&view).expect("views serialize");
        let sampled = game.determinize(state, seat, rng);
        assert_eq!(
            game.view(&sampled, Viewer::Seat(seat)),
            view,
            "{seat}'s view changed under its own determinization: the view holds something hidden from it {at}"
        );
        assert_eq!(game.view(&sampled, Viewer::Spectator), spectator, "the spectator's view changed {at}");
        assert_eq!(game.status(&sampled), status, "status changed under determinization {at}");
        if matches!(status, Status::Decide(s) if s.contains(seat)) {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            game.legal_actions(state, seat, &mut a);
            game.legal_actions(&sampled, seat, &mut b);
            assert_eq!(a, b, "{seat}'s legal actions depend on something hidden from it {at}");
        }
    }
}

fn check_replay<G: Game>(session: &Session<G>, seed: u64) {
    let record = session.record();
    let json = serde_json::to_string(&record).expect("records serialize");
    let parsed = Record::from_json(&json).expect("a record parses");
    assert_eq!(parsed, record, "seed {seed}: the record round-trips through JSON");
    let replayed = Session::<G>::replay(&parsed).unwrap_or_else(|e| panic!("seed {seed}: replay failed: {e}"));
    assert_eq!(replayed.state(), session.state(), "seed {seed}: the replay reaches the same state");
    let on_thread = std::thread::spawn(move || Session::<G>::replay(&parsed).map(|s| s.state().clone()))
        .join()
        .expect("the replay thread finishes")
        .expect("the replay succeeds on another thread");
    assert_eq!(&on_thread, session.state(), "seed {seed}: the replay on another thread reaches the same state");
}
