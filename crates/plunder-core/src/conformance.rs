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
//! - the round counts from 1 (setting up is round 1) and never goes back;
//! - a seat out of the game stays out and is never asked to decide;
//! - seats that do not owe a decision are refused one action of every kind seen so far (grouped by
//!   `std::mem::discriminant`), so a turn check that forgets one kind of action is caught;
//! - simultaneous commitments are made in a random seat order, not always lowest seat first;
//! - now and then, play goes on from a determinized state through the checked path: a determinization must be
//!   a valid state (legal actions when deciding, chance outcomes summing to 1, an end or the step budget
//!   reached without a panic), not only one with the right view;
//!
//! and, per game, that it ends within the step limit, that its record replays to the same state, the same
//! information states (also on another thread) and the same events, that the record survives JSON, and that
//! every step that changes what a viewer sees tells that viewer at least one event (which serializes). The game's [`Facts`] are
//! checked against play: the table size is in range, every outcome's payoffs are in range and keep the
//! promised sum, games end within `max_steps` and `max_decisions`, and chance, hidden information and simultaneous moves are seen
//! in play exactly when declared.
//!
//! Failures panic with the seed and step, like `assert!`; this module is for tests.

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::record::Record;
use std::mem::{discriminant, Discriminant};

use crate::{ChanceMode, Facts, Game, PlayError, Rng, Seat, SeatSet, Session, Status, Viewer};

/// How much the suite plays.
#[derive(Copy, Clone, Debug)]
pub struct Config {
    pub games: u64,
    pub seed: u64,
    pub max_steps: u64,
    /// Determinize at every this-many steps (1 = every step).
    pub determinize_every: u64,
    /// Every this-many steps, play on from a determinized state (for a random seat) ...
    pub play_on_every: u64,
    /// ... for at most this many steps.
    pub play_on_steps: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config { games: 40, seed: 1, max_steps: 200_000, determinize_every: 1, play_on_every: 25, play_on_steps: 100 }
    }
}

/// What the played games showed, to compare with the game's facts once all are played.
#[derive(Default)]
struct Seen {
    chance: bool,
    hidden: bool,
    simultaneous: bool,
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
    let facts = game.facts();
    assert!(
        (facts.min_players..=facts.max_players).contains(&game.seats()),
        "{} seats, but the facts say {} to {}",
        game.seats(),
        facts.min_players,
        facts.max_players
    );
    assert!(facts.min_payoff <= facts.max_payoff, "the payoff range is empty");
    assert!(facts.max_decisions <= facts.max_steps, "decisions are steps: max_decisions is at most max_steps");
    let mut pool: Vec<(Seat, G::Action)> = Vec::new();
    let mut kinds: Vec<G::Action> = Vec::new();
    let mut seen = Seen::default();
    let any_chance = game_any_chance(game, config.seed);
    for index in 0..config.games {
        let seed = config.seed.wrapping_add(index);
        let mut played =
            Played { pool: &mut pool, kinds: &mut kinds, seen: &mut seen, any_chance: any_chance.as_ref() };
        let session = play_random_game(game, &facts, seed, config, &mut played);
        // Information states view every seat at every step: a few games show that a replay rebuilds them.
        let with_information_states = index < INFORMATION_STATE_GAMES;
        check_replay(&session, seed, with_information_states);
        let sampled = play_sampled_game(game, seed, config.max_steps);
        check_replay(&sampled, seed, false);
        check_told(&sampled, seed);
    }
    assert_eq!(seen.chance, facts.chance, "chance events were seen: {}, the facts say {}", seen.chance, facts.chance);
    assert_eq!(
        seen.simultaneous, facts.simultaneous,
        "several seats decided at once: {}, the facts say {}",
        seen.simultaneous, facts.simultaneous
    );
    assert_eq!(
        seen.hidden, facts.hidden_information,
        "a determinization redrew something: {}, the facts say hidden information is {}",
        seen.hidden, facts.hidden_information
    );
}

/// What one game of the suite reads and adds to: actions and kinds of action seen so far, and facts observed.
struct Played<'a, G: Game> {
    pool: &'a mut Vec<(Seat, G::Action)>,
    /// One action of every kind seen so far (by `discriminant`), for the out-of-turn checks.
    kinds: &'a mut Vec<G::Action>,
    seen: &'a mut Seen,
    any_chance: Option<&'a G::Chance>,
}

impl<G: Game> Played<'_, G> {
    fn learn_kinds(&mut self, legal: &[G::Action]) {
        for action in legal {
            let kind: Discriminant<G::Action> = discriminant(action);
            if !self.kinds.iter().any(|k| discriminant(k) == kind) {
                self.kinds.push(action.clone());
            }
        }
    }
}

/// A random seat among `deciders`: simultaneous commitments must not depend on who commits first.
fn random_decider(deciders: SeatSet, rng: &mut Rng) -> Seat {
    deciders.iter().nth(rng.index(deciders.len())).expect("someone decides")
}

/// Checks a finished game's outcome against the facts.
fn check_outcome<G: Game>(game: &G, facts: &Facts, state: &G::State, at: &str) {
    let outcome = game.outcome(state).unwrap_or_else(|| panic!("a finished game has an outcome {at}"));
    assert_eq!(outcome.payoffs.len(), game.seats(), "one payoff per seat {at}");
    assert!(facts.admits(&outcome), "payoffs {:?} break the facts {facts:?} {at}", outcome.payoffs);
}

/// Plays on from a determinized state through the checked path, for at most `budget` steps: the state must
/// behave like a real one.
fn play_on<G: Game>(game: &G, facts: &Facts, mut state: G::State, rng: &mut Rng, budget: u64, at: &str) {
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    for _ in 0..budget {
        match game.status(&state) {
            Status::Over => return check_outcome(game, facts, &state, at),
            Status::Chance => {
                outcomes.clear();
                game.chance_outcomes(&state, &mut outcomes);
                let total: f64 = outcomes.iter().map(|(_, p)| *p).sum();
                assert!((total - 1.0).abs() < 1e-9, "after a determinization, chance sums to {total} {at}");
                let outcome = game.sample_chance(&state, rng);
                crate::supply_chance(game, &mut state, &outcome)
                    .unwrap_or_else(|e| panic!("after a determinization, {outcome} was refused: {e} {at}"));
            }
            Status::Decide(deciders) => {
                let seat = random_decider(deciders, rng);
                legal.clear();
                game.legal_actions(&state, seat, &mut legal);
                assert!(!legal.is_empty(), "after a determinization, {seat} must act but cannot {at}");
                let action = &legal[rng.index(legal.len())];
                crate::play(game, &mut state, seat, action)
                    .unwrap_or_else(|e| panic!("after a determinization, legal {action} was refused: {e} {at}"));
            }
        }
    }
}

fn roundtrip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T, what: &str) {
    let json = serde_json::to_string(value).unwrap_or_else(|e| panic!("{what} must serialize: {e}"));
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{what} must deserialize from {json}: {e}"));
    assert_eq!(&back, value, "{what} must round-trip through JSON ({json})");
}

fn play_random_game<G: Game>(
    game: &G,
    facts: &Facts,
    seed: u64,
    config: Config,
    played: &mut Played<'_, G>,
) -> Session<G> {
    let mut session = Session::new(game.clone(), seed, ChanceMode::Scripted);
    let mut rng = Rng::stream(seed, 1);
    let mut det_rng = Rng::stream(seed, 2);
    let mut play_on_rng = Rng::stream(seed, 4);
    let seats = game.seats();
    let mut last_round = 1;
    let mut out = SeatSet::EMPTY;
    for step in 0..config.max_steps {
        let state = session.state().clone();
        let at = || format!("(seed {seed}, step {step})");
        let round = game.round(&state);
        assert!(
            round >= last_round,
            "the round counts from 1 and never goes back: {round} after {last_round} {}",
            at()
        );
        last_round = round;
        if game.status(&state) != Status::Over {
            let now_out = game.out(&state);
            assert_eq!(now_out.union(out), now_out, "a seat out stays out {}", at());
            if let Status::Decide(deciders) = game.status(&state) {
                assert_eq!(deciders.minus(now_out), deciders, "a seat out is asked to decide {}", at());
            }
            out = now_out;
        }
        if step % config.determinize_every == 0 {
            let hidden = facts.hidden_information;
            played.seen.hidden |= check_views_and_determinization(game, &state, &mut det_rng, hidden, &at());
        }
        if step % config.play_on_every == 0 && game.status(&state) != Status::Over {
            let seat = Seat(play_on_rng.index(seats) as u8);
            let sampled = game.determinize(&state, seat, &mut play_on_rng);
            play_on(game, facts, sampled, &mut play_on_rng, config.play_on_steps, &at());
        }
        match game.status(&state) {
            Status::Over => {
                check_outcome(game, facts, &state, &at());
                let steps = session.steps().len() as u64;
                assert!(steps <= facts.max_steps, "{steps} steps, but the facts promise at most {}", facts.max_steps);
                let decisions = session.steps().iter().filter(|s| matches!(s, crate::Step::Action(..))).count() as u64;
                assert!(
                    decisions <= facts.max_decisions,
                    "{decisions} decisions, but the facts promise at most {}",
                    facts.max_decisions
                );
                return session;
            }
            Status::Chance => {
                played.seen.chance = true;
                assert!(game.outcome(&state).is_none(), "no outcome before the end {}", at());
                assert!(!game.truncated(&state), "only a finished game is truncated {}", at());
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
                for seat in Seat::all(seats) {
                    for action in played.kinds.iter() {
                        let err = crate::play(game, &mut copy, seat, action).unwrap_err();
                        assert_eq!(err, PlayError::AwaitingChance, "{}", at());
                        assert_eq!(copy, state, "a refused action changed the state {}", at());
                    }
                }
                let outcome = game.sample_chance(&state, &mut rng);
                session.supply_chance(outcome).expect("a sampled outcome is accepted");
            }
            Status::Decide(deciders) => {
                assert!(!deciders.is_empty(), "someone decides {}", at());
                played.seen.simultaneous |= deciders.len() > 1;
                assert!(game.outcome(&state).is_none(), "no outcome before the end {}", at());
                assert!(!game.truncated(&state), "only a finished game is truncated {}", at());
                for seat in Seat::all(seats) {
                    let mut legal = Vec::new();
                    let mut copy = state.clone();
                    if !deciders.contains(seat) {
                        for action in played.kinds.iter() {
                            let err = crate::play(game, &mut copy, seat, action).unwrap_err();
                            assert_eq!(err, PlayError::NotToAct { seat }, "{action} {}", at());
                            assert_eq!(copy, state, "a refused action changed the state {}", at());
                        }
                        continue;
                    }
                    game.legal_actions(&state, seat, &mut legal);
                    assert!(!legal.is_empty(), "{seat} must act but has no legal action {}", at());
                    played.learn_kinds(&legal);
                    for action in &legal {
                        assert_eq!(game.check_action(&state, seat, action), Ok(()), "legal {action} refused {}", at());
                        roundtrip(action, "an action");
                        assert!(!action.to_string().is_empty(), "every action has a label");
                    }
                    // Actions seen elsewhere in the game that are not legal here must be refused unchanged.
                    for (_, candidate) in played.pool.iter().rev().take(24) {
                        if legal.contains(candidate) {
                            continue;
                        }
                        let err = crate::play(game, &mut copy, seat, candidate);
                        assert!(err.is_err(), "{candidate} is not listed for {seat} but was accepted {}", at());
                        assert_eq!(copy, state, "a refused action changed the state {}", at());
                    }
                    for action in &legal {
                        if played.pool.len() < 256 && !played.pool.iter().any(|(_, a)| a == action) {
                            played.pool.push((seat, action.clone()));
                        }
                    }
                }
                if let Some(any_chance) = played.any_chance {
                    let mut copy = state.clone();
                    assert_eq!(
                        crate::supply_chance(game, &mut copy, any_chance).err(),
                        Some(PlayError::NoChancePending),
                        "supplying chance while seats decide is refused {}",
                        at()
                    );
                    assert_eq!(copy, state, "a refused outcome changed the state {}", at());
                }
                let seat = random_decider(deciders, &mut rng);
                let mut legal = Vec::new();
                game.legal_actions(&state, seat, &mut legal);
                let action = legal[rng.index(legal.len())].clone();
                session.play(seat, action).expect("a legal action is accepted");
            }
        }
    }
    panic!("seed {seed}: the game did not end within {} steps", config.max_steps);
}

/// One step of a random game in sampled mode, for tests that look at every position: chance is sampled, or the
/// lowest deciding seat plays a legal action drawn uniformly with `rng`. `false` once the game is over (no step).
pub fn random_step<G: Game>(session: &mut Session<G>, rng: &mut Rng) -> bool {
    match session.status() {
        Status::Over => false,
        Status::Chance => {
            session.sample_chance().expect("a sampled session samples its chance");
            true
        }
        Status::Decide(seats) => {
            let seat = seats.lowest().expect("a decision has a seat");
            let legal = session.legal_actions(seat);
            session.play(seat, legal[rng.index(legal.len())].clone()).expect("a legal action is accepted");
            true
        }
    }
}

/// Plays one seeded game in sampled mode for a test that looks at every decision: `each` sees the state before
/// each decision, then the lowest deciding seat plays what `choose` picks from its legal actions with the
/// game's own random stream. Panics if the game is not over within `max_steps` decisions.
pub fn each_decision<G: Game>(
    game: &G,
    seed: u64,
    max_steps: u64,
    mut choose: impl FnMut(&[G::Action], &mut Rng) -> G::Action,
    mut each: impl FnMut(&G::State),
) {
    let mut session = Session::new(game.clone(), seed, ChanceMode::Sampled);
    let mut rng = Rng::stream(seed, 5);
    for _ in 0..max_steps {
        match session.status() {
            Status::Decide(seats) => {
                each(session.state());
                let seat = seats.lowest().expect("a decision has a seat");
                let action = choose(&session.legal_actions(seat), &mut rng);
                session.play(seat, action).expect("the test chose a legal action");
            }
            Status::Over => return,
            Status::Chance => panic!("a sampled session never waits for chance"),
        }
    }
    panic!("seed {seed}: the game did not end within {max_steps} decisions");
}

/// A random game in sampled mode, so that replays must draw the same outcomes from the seed.
fn play_sampled_game<G: Game>(game: &G, seed: u64, max_steps: u64) -> Session<G> {
    let mut session = Session::new(game.clone(), seed, ChanceMode::Sampled);
    let mut rng = Rng::stream(seed, 3);
    for _ in 0..max_steps {
        match session.status() {
            Status::Decide(seats) => {
                let seat = random_decider(seats, &mut rng);
                let legal = session.legal_actions(seat);
                session.play(seat, legal[rng.index(legal.len())].clone()).expect("legal actions are accepted");
            }
            Status::Over => return session,
            Status::Chance => panic!("a sampled session never waits for chance"),
        }
    }
    panic!("seed {seed}: the sampled game did not end within {max_steps} steps");
}

/// Some chance outcome of this game, to offer where none is pending (found by sampling a fresh game); `None`
/// for a game without chance.
fn game_any_chance<G: Game>(game: &G, salt: u64) -> Option<G::Chance> {
    let mut state = game.initial_state();
    let mut rng = Rng::seeded(salt);
    loop {
        match game.status(&state) {
            Status::Chance => return Some(game.sample_chance(&state, &mut rng)),
            Status::Decide(seats) => {
                let seat = seats.lowest().unwrap();
                let mut legal = Vec::new();
                game.legal_actions(&state, seat, &mut legal);
                game.apply_unchecked(&mut state, seat, &legal[rng.index(legal.len())]);
            }
            Status::Over => return None,
        }
    }
}

/// Returns whether some determinization redrew something (the state has hidden information). Without hidden
/// information a determinization must be the state itself.
fn check_views_and_determinization<G: Game>(
    game: &G,
    state: &G::State,
    rng: &mut Rng,
    hidden_information: bool,
    at: &str,
) -> bool {
    let mut redrew = false;
    let spectator = game.view(state, Viewer::Spectator);
    serde_json::to_value(&spectator).expect("views serialize");
    let status = game.status(state);
    for seat in Seat::all(game.seats()) {
        let view = game.view(state, Viewer::Seat(seat));
        serde_json::to_value(&view).expect("views serialize");
        let sampled = game.determinize(state, seat, rng);
        redrew |= sampled != *state;
        assert!(hidden_information || !redrew, "a game without hidden information redrew a state for {seat} {at}");
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
    redrew
}

/// How many games of a run also compare information states after replay.
const INFORMATION_STATE_GAMES: u64 = 3;

fn check_replay<G: Game>(session: &Session<G>, seed: u64, with_information_states: bool) {
    let record = session.record();
    let json = serde_json::to_string(&record).expect("records serialize");
    let parsed = Record::from_json(&json).expect("a record parses");
    assert_eq!(parsed, record, "seed {seed}: the record round-trips through JSON");
    let replayed = Session::<G>::replay(&parsed).unwrap_or_else(|e| panic!("seed {seed}: replay failed: {e}"));
    assert_eq!(replayed.state(), session.state(), "seed {seed}: the replay reaches the same state");
    for step in 0..session.steps().len() {
        assert_eq!(
            replayed.told_at(step),
            session.told_at(step),
            "seed {seed}: the replay tells step {step} otherwise"
        );
    }
    if with_information_states {
        let (original, again) = (session.information_states(), replayed.information_states());
        for seat in Seat::all(session.game().seats()) {
            assert_eq!(
                again.key(seat),
                original.key(seat),
                "seed {seed}: the replay gives {seat} another information state"
            );
        }
    }
    let on_thread = std::thread::spawn(move || Session::<G>::replay(&parsed).map(|s| s.state().clone()))
        .join()
        .expect("the replay thread finishes")
        .expect("the replay succeeds on another thread");
    assert_eq!(&on_thread, session.state(), "seed {seed}: the replay on another thread reaches the same state");
}

/// Every step that changes what a viewer sees tells that viewer something: nothing happens untold.
fn check_told<G: Game>(session: &Session<G>, seed: u64) {
    let game = session.game();
    let mut viewers: Vec<Viewer> = Seat::all(game.seats()).map(Viewer::Seat).collect();
    viewers.push(Viewer::Spectator);
    let mut state = game.initial_state();
    for (index, step) in session.steps().iter().enumerate() {
        let before: Vec<G::View> = viewers.iter().map(|&v| game.view(&state, v)).collect();
        match step {
            crate::Step::Action(seat, action) => game.apply_unchecked(&mut state, *seat, action),
            crate::Step::Chance(outcome) => game.apply_chance_unchecked(&mut state, outcome),
        }
        let told = session.told_at(index);
        for told in told {
            serde_json::to_value(&told.event).expect("events serialize");
        }
        for (&viewer, before) in viewers.iter().zip(&before) {
            if game.view(&state, viewer) != *before {
                assert!(
                    told.iter().any(|t| t.to.includes(viewer)),
                    "seed {seed}, step {index} ({step:?}): {viewer:?} sees something change but is told nothing"
                );
            }
        }
    }
}
