//! A game in progress with its record: the typed driver that front ends (terminal, protocol, server) use.

use std::sync::{Arc, Mutex};

use serde::Deserialize;

use crate::infostate::InfoStates;
use crate::record::{ChanceMode, Entry, Record, RecordError, RECORD_FORMAT, RECORD_VERSION};
use crate::{play, Game, Outcome, PlayError, Rng, Seat, Status, Told, Viewer};

/// One step of a game, typed.
#[derive(Clone, Debug, PartialEq)]
pub enum Step<G: Game> {
    Action(Seat, G::Action),
    Chance(G::Chance),
}

impl<G: Game> Step<G> {
    /// The step as a record's event.
    pub fn entry(&self) -> Entry {
        match self {
            Step::Action(seat, action) => {
                Entry::Action { seat: *seat, action: serde_json::to_value(action).expect("actions serialize") }
            }
            Step::Chance(outcome) => {
                Entry::Chance { outcome: serde_json::to_value(outcome).expect("chance outcomes serialize") }
            }
        }
    }
}

/// A game in progress: rules, state, the seeded chance generator, and every step so far.
#[derive(Debug)]
pub struct Session<G: Game> {
    game: G,
    state: G::State,
    rng: Rng,
    seed: u64,
    mode: ChanceMode,
    steps: Vec<Step<G>>,
    /// Every event told so far, oldest first, with whom it was told.
    told: Vec<Told<G::Event>>,
    /// For each step, how many events had been told once it was played (the end of its events in `told`).
    told_ends: Vec<usize>,
    /// The information states, computed on the first request and advanced from there on later ones.
    info: Mutex<InfoCache<G>>,
    /// For a world drawn by [`Session::resampled`]: where its steps start (shared by its clones, which
    /// recompute from here).
    drawn_from: Option<Arc<Drawn<G>>>,
}

/// What a drawn world keeps of the game it was drawn from.
#[derive(Debug)]
struct Drawn<G: Game> {
    /// The information states at the draw.
    info: InfoStates,
    /// The state drawn.
    state: G::State,
    /// The seat whose knowledge the world was drawn from, and its own actions before the draw (its information
    /// state remembers them).
    seat: Seat,
    earlier: Vec<G::Action>,
}

impl<G: Game> Clone for Session<G> {
    /// The copy goes on from the information states computed so far (a search or a Python program copies a
    /// session at every step: recomputing from the start each time would make a long game quadratic).
    fn clone(&self) -> Session<G> {
        let progress = self.info.try_lock().ok().and_then(|cache| cache.progress.clone());
        Session {
            game: self.game.clone(),
            state: self.state.clone(),
            rng: self.rng.clone(),
            seed: self.seed,
            mode: self.mode,
            steps: self.steps.clone(),
            told: self.told.clone(),
            told_ends: self.told_ends.clone(),
            info: Mutex::new(InfoCache { progress, steps_applied: 0 }),
            drawn_from: self.drawn_from.clone(),
        }
    }
}

/// Every seat's information states as of a number of steps, with the position they were computed at.
#[derive(Debug)]
struct InfoProgress<G: Game> {
    info: InfoStates,
    state: G::State,
    steps: usize,
}

impl<G: Game> Clone for InfoProgress<G> {
    fn clone(&self) -> InfoProgress<G> {
        InfoProgress { info: self.info.clone(), state: self.state.clone(), steps: self.steps }
    }
}

/// A session's information states, kept from one request to the next.
#[derive(Debug)]
struct InfoCache<G: Game> {
    progress: Option<InfoProgress<G>>,
    /// The steps the information states were advanced through, in all (each step once, unless recomputed).
    steps_applied: u64,
}

impl<G: Game> Default for InfoCache<G> {
    fn default() -> InfoCache<G> {
        InfoCache { progress: None, steps_applied: 0 }
    }
}

impl<G: Game> Session<G> {
    /// A new game. In sampled mode, pending chance events are drawn at once.
    pub fn new(game: G, seed: u64, mode: ChanceMode) -> Session<G> {
        let state = game.initial_state();
        let mut session = Session {
            game,
            state,
            rng: Rng::seeded(seed),
            seed,
            mode,
            steps: Vec::new(),
            told: Vec::new(),
            told_ends: Vec::new(),
            info: Mutex::new(InfoCache::default()),
            drawn_from: None,
        };
        session.settle_chance();
        session
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    /// The full state: for the engine's own use (bots get views). Never send it to a client.
    pub fn state(&self) -> &G::State {
        &self.state
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn mode(&self) -> ChanceMode {
        self.mode
    }

    pub fn steps(&self) -> &[Step<G>] {
        &self.steps
    }

    /// How many events have been told so far, to anyone: a front end's place in the story, for
    /// [`Session::told_since`].
    pub fn told_count(&self) -> usize {
        self.told.len()
    }

    /// The events told to `viewer` since the first `from` events, oldest first.
    pub fn told_since(&self, from: usize, viewer: Viewer) -> impl Iterator<Item = &G::Event> {
        self.told.get(from..).unwrap_or_default().iter().filter_map(move |t| t.seen_by(viewer))
    }

    /// The events told to `viewer` since the first `from` events, oldest first, each with whether everyone (a
    /// spectator) is told it too: a screen several people share shows the others' part first (hot-seat).
    pub fn told_since_marked(&self, from: usize, viewer: Viewer) -> impl Iterator<Item = (&G::Event, bool)> {
        let told = self.told.get(from..).unwrap_or_default().iter();
        told.filter_map(move |t| t.seen_by(viewer).map(|e| (e, t.to.includes(Viewer::Spectator))))
    }

    /// Every event told at step `step` (numbered from 0, as in [`Session::steps`]), to anyone.
    pub fn told_at(&self, step: usize) -> &[Told<G::Event>] {
        let end = self.told_ends.get(step).copied().unwrap_or(self.told.len());
        let start = step.checked_sub(1).and_then(|s| self.told_ends.get(s).copied()).unwrap_or(0).min(end);
        &self.told[start..end]
    }

    /// Records a step played with its events.
    fn push_step(&mut self, step: Step<G>, told: Vec<Told<G::Event>>) {
        self.steps.push(step);
        self.told.extend(told);
        self.told_ends.push(self.told.len());
    }

    pub fn status(&self) -> Status {
        self.game.status(&self.state)
    }

    /// The legal actions of `seat`; empty if it does not owe a decision.
    pub fn legal_actions(&self, seat: Seat) -> Vec<G::Action> {
        let mut out = Vec::new();
        if matches!(self.status(), Status::Decide(seats) if seats.contains(seat)) {
            self.game.legal_actions(&self.state, seat, &mut out);
        }
        out
    }

    /// The pending chance event's outcomes with probabilities; empty if none is pending.
    pub fn chance_outcomes(&self) -> Vec<(G::Chance, f64)> {
        let mut out = Vec::new();
        if self.status() == Status::Chance {
            self.game.chance_outcomes(&self.state, &mut out);
        }
        out
    }

    pub fn view(&self, viewer: Viewer) -> G::View {
        self.game.view(&self.state, viewer)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome(&self.state)
    }

    /// Every seat's perfect-recall information state (see [`InfoStates`]) after the steps so far. Computed on the
    /// first request rather than kept step by step, because it views every seat at every step and most sessions
    /// (play, simulation, the test suites) never ask; from then on each request goes on from the last, through
    /// the steps since (search that needs it at every step keeps an [`InfoStates`] of its own).
    pub fn information_states(&self) -> InfoStates {
        self.with_information_states(InfoStates::clone)
    }

    /// `seat`'s perfect-recall information-state key: equal for two games exactly when the seat cannot tell
    /// them apart.
    pub fn information_state(&self, seat: Seat) -> u64 {
        self.with_information_states(|info| info.key(seat))
    }

    /// How many steps the information states have been advanced through so far in this session: each step
    /// once, however often they are asked for (for tests and profiling).
    pub fn information_steps_applied(&self) -> u64 {
        self.info.lock().map_or(0, |cache| cache.steps_applied)
    }

    fn with_information_states<T>(&self, read: impl FnOnce(&InfoStates) -> T) -> T {
        // A panic while advancing (a rules bug) may have left the progress half done: start again.
        let mut cache = match self.info.lock() {
            Ok(cache) => cache,
            Err(poisoned) => {
                self.info.clear_poison();
                let mut cache = poisoned.into_inner();
                cache.progress = None;
                cache
            }
        };
        let cache = &mut *cache;
        // Progress past the steps would be of steps undone (no method undoes one today): start again.
        if cache.progress.as_ref().is_some_and(|p| p.steps > self.steps.len()) {
            cache.progress = None;
        }
        let progress = cache.progress.get_or_insert_with(|| match &self.drawn_from {
            Some(drawn) => InfoProgress { info: drawn.info.clone(), state: drawn.state.clone(), steps: 0 },
            None => {
                let state = self.game.initial_state();
                InfoProgress { info: InfoStates::new(&self.game, &state), state, steps: 0 }
            }
        });
        for step in &self.steps[progress.steps..] {
            match step {
                Step::Action(seat, action) => {
                    self.game.apply_unchecked(&mut progress.state, *seat, action);
                    progress.info.after_action(&self.game, &progress.state, *seat, action);
                }
                Step::Chance(outcome) => {
                    self.game.apply_chance_unchecked(&mut progress.state, outcome);
                    progress.info.after_chance(&self.game, &progress.state);
                }
            }
        }
        cache.steps_applied += (self.steps.len() - progress.steps) as u64;
        progress.steps = self.steps.len();
        read(&progress.info)
    }

    /// A game in a world drawn from what `seat` knows ([`Game::determinize`]): its view and its information
    /// state are this game's, everything hidden from it is redrawn with `rng`. The drawn world has no known past,
    /// so the new session's steps start at the draw (its record does not replay: see [`Session::is_drawn`]) and
    /// the other seats' information states start afresh there ([`InfoStates::resampled`]). Chance in it is drawn
    /// from a generator seeded by `rng`.
    pub fn resampled(&self, seat: Seat, rng: &mut Rng) -> Session<G> {
        let state = self.game.determinize(&self.state, seat, rng);
        let info = self.with_information_states(|info| info.resampled(&self.game, &state, seat));
        let earlier = self.own_actions(seat).cloned().collect();
        let seed = rng.next_u64();
        Session {
            game: self.game.clone(),
            state: state.clone(),
            rng: Rng::seeded(seed),
            seed,
            mode: self.mode,
            steps: Vec::new(),
            told: Vec::new(),
            told_ends: Vec::new(),
            info: Mutex::new(InfoCache::default()),
            drawn_from: Some(Arc::new(Drawn { info, state, seat, earlier })),
        }
    }

    /// Every action `seat` has taken, oldest first, as its information state remembers them: in a drawn world,
    /// the drawing seat's actions before the draw come first; another seat's past there is unknown.
    pub fn own_actions(&self, seat: Seat) -> impl Iterator<Item = &G::Action> {
        let earlier = self.drawn_from.as_ref().filter(|d| d.seat == seat).map_or(&[][..], |d| &d.earlier[..]);
        let since = self.steps.iter().filter_map(move |step| match step {
            Step::Action(by, action) if *by == seat => Some(action),
            _ => None,
        });
        earlier.iter().chain(since)
    }

    /// Whether this is a world drawn by [`Session::resampled`] (or a copy of one), whose past is unknown.
    pub fn is_drawn(&self) -> bool {
        self.drawn_from.is_some()
    }

    /// Plays an action, then (in sampled mode) draws any chance events that follow.
    pub fn play(&mut self, seat: Seat, action: G::Action) -> Result<(), PlayError> {
        let mut told = Vec::new();
        play::play_told(&self.game, &mut self.state, seat, &action, &mut told)?;
        self.push_step(Step::Action(seat, action), told);
        self.settle_chance();
        Ok(())
    }

    /// Supplies the pending chance event's outcome (scripted chance).
    pub fn supply_chance(&mut self, outcome: G::Chance) -> Result<(), PlayError> {
        let mut told = Vec::new();
        play::supply_chance_told(&self.game, &mut self.state, &outcome, &mut told)?;
        self.push_step(Step::Chance(outcome), told);
        self.settle_chance();
        Ok(())
    }

    /// Draws the pending chance event from the seeded generator, whatever the mode.
    pub fn sample_chance(&mut self) -> Result<G::Chance, PlayError> {
        match self.status() {
            Status::Over => Err(PlayError::GameOver),
            Status::Decide(_) => Err(PlayError::NoChancePending),
            Status::Chance => {
                let outcome = self.game.sample_chance(&self.state, &mut self.rng);
                let mut told = Vec::new();
                self.game.apply_chance_with(&mut self.state, &outcome, &mut told);
                self.push_step(Step::Chance(outcome.clone()), told);
                Ok(outcome)
            }
        }
    }

    fn settle_chance(&mut self) {
        if self.mode == ChanceMode::Sampled {
            while self.status() == Status::Chance {
                let outcome = self.game.sample_chance(&self.state, &mut self.rng);
                let mut told = Vec::new();
                self.game.apply_chance_with(&mut self.state, &outcome, &mut told);
                self.push_step(Step::Chance(outcome), told);
            }
        }
    }

    /// Applies the record's next event, checked as a replay checks it (in sampled mode a chance outcome must be
    /// the one the seed draws): a live game follows the events another process stored after it, without replaying
    /// those before. An event refused may leave the game part-way through it (the generator drawn): replay the
    /// record instead.
    pub fn follow(&mut self, entry: &Entry) -> Result<(), RecordError> {
        let session = self;
        let index = session.steps.len();
        let fail = |reason: String| RecordError::Entry { index, reason };
        match entry {
            Entry::Action { seat, action } => {
                let action = G::Action::deserialize(action).map_err(|e| fail(e.to_string()))?;
                let mut told = Vec::new();
                play::play_told(&session.game, &mut session.state, *seat, &action, &mut told)
                    .map_err(|e| fail(e.to_string()))?;
                session.push_step(Step::Action(*seat, action), told);
            }
            Entry::Chance { outcome } => {
                let outcome = G::Chance::deserialize(outcome).map_err(|e| fail(e.to_string()))?;
                if session.mode == ChanceMode::Sampled && session.status() == Status::Chance {
                    let drawn = session.game.sample_chance(&session.state, &mut session.rng);
                    if drawn != outcome {
                        return Err(RecordError::Diverged(format!(
                            "event {index}: the seed draws {drawn}, the record says {outcome}"
                        )));
                    }
                }
                let mut told = Vec::new();
                play::supply_chance_told(&session.game, &mut session.state, &outcome, &mut told)
                    .map_err(|e| fail(e.to_string()))?;
                session.push_step(Step::Chance(outcome), told);
            }
        }
        Ok(())
    }

    /// The record of the game so far.
    pub fn record(&self) -> Record {
        let events = self.steps.iter().map(Step::entry).collect();
        Record {
            format: RECORD_FORMAT.to_string(),
            version: RECORD_VERSION,
            game: G::ID.to_string(),
            options: serde_json::to_value(self.game.options()).expect("options serialize"),
            seed: self.seed,
            chance: self.mode,
            events,
            outcome: self.outcome(),
        }
    }

    /// Rebuilds a game from its record, step by step, checking every step. In sampled mode each recorded
    /// chance outcome must be the one the seed draws, so the replay proves the record is exact and leaves the
    /// generator where it was.
    pub fn replay(record: &Record) -> Result<Session<G>, RecordError> {
        Session::replay_watched(record, |_| {})
    }

    /// [`Session::replay`], showing `watch` the session as it starts and again after each step (a front end
    /// follows the game as it was played, in the one replay).
    pub fn replay_watched(record: &Record, mut watch: impl FnMut(&Session<G>)) -> Result<Session<G>, RecordError> {
        let mut replay = Replayer::start(record)?;
        watch(replay.session());
        for entry in &record.events {
            replay.step(entry)?;
            watch(replay.session());
        }
        replay.finish()
    }
}

/// A replay under way, fed one event at a time: [`Session::replay`] for a front end that reads a long record
/// event by event, so that it never holds every event as a JSON tree at once.
#[derive(Debug)]
pub struct Replayer<G: Game> {
    session: Session<G>,
    /// The outcome the record claims, checked at the end.
    outcome: Option<Outcome>,
}

impl<G: Game> Replayer<G> {
    /// Starts replaying `record` from its options and seed; its `events` are not read (feed them to
    /// [`Replayer::step`]).
    pub fn start(record: &Record) -> Result<Replayer<G>, RecordError> {
        if record.game != G::ID {
            return Err(RecordError::UnknownGame(record.game.clone()));
        }
        // Options are an object, as `new` requires: serde would otherwise read an array field by field.
        if !record.options.is_object() {
            return Err(RecordError::Options("options must be a JSON object".into()));
        }
        let options = G::Options::deserialize(&record.options).map_err(|e| RecordError::Options(e.to_string()))?;
        let game = G::new(options).map_err(|e| RecordError::Options(e.reason))?;
        let session = Session {
            state: game.initial_state(),
            game,
            rng: Rng::seeded(record.seed),
            seed: record.seed,
            mode: record.chance,
            steps: Vec::with_capacity(record.events.len()),
            told: Vec::new(),
            told_ends: Vec::with_capacity(record.events.len()),
            info: Mutex::new(InfoCache::default()),
            drawn_from: None,
        };
        Ok(Replayer { session, outcome: record.outcome.clone() })
    }

    /// The game as replayed so far.
    pub fn session(&self) -> &Session<G> {
        &self.session
    }

    /// Replays the next event, checking it. In sampled mode a chance outcome must be the one the seed draws.
    pub fn step(&mut self, entry: &Entry) -> Result<(), RecordError> {
        self.session.follow(entry)
    }

    /// The replayed game, once every event is in: in sampled mode no chance event may be left undrawn, and the
    /// outcome must be the one the record claims.
    pub fn finish(self) -> Result<Session<G>, RecordError> {
        let session = self.session;
        if session.mode == ChanceMode::Sampled && session.status() == Status::Chance {
            return Err(RecordError::Diverged("the record stops before a chance event it should have drawn".into()));
        }
        if let Some(expected) = &self.outcome {
            if session.outcome().as_ref() != Some(expected) {
                return Err(RecordError::Diverged(format!(
                    "the record says the game ended {expected:?}, the replay gives {:?}",
                    session.outcome()
                )));
            }
        }
        Ok(session)
    }
}
