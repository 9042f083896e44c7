//! One generic engine per game: [`Engine<G>`] and [`Table<G>`] implement the object-safe [`AnyGame`] and
//! [`AnyState`] for any `G`, and the registry's visitor instantiates them for the game an id names. So this
//! crate never names a game: a game added to the registry's one list is in Python at once.

use std::sync::Arc;

use plunder_core::encoding::{needs_past, tensor_layout, tensor_len, write_session_tensor};
use plunder_core::{
    make_bot, options_from_json, ActionCodec, Bot, ChanceMode, Game, InfoStates, Narrate, Record, Rng, Roster, Seat,
    Session, Status, Step, TensorKind, Turn, Viewer,
};
use plunder_games::{with_game, GameVisitor, RegistryError};
use serde_json::Value;

/// pyspiel's player ids for the states that are nobody's turn.
pub const CHANCE: i64 = -1;
pub const SIMULTANEOUS: i64 = -2;
pub const TERMINAL: i64 = -4;

/// Why a call was refused (raised in Python as `ValueError` with this text).
pub type Refusal = String;

/// A game under one set of options, whatever the game.
pub trait AnyGame: Send + Sync {
    fn id(&self) -> &'static str;
    fn name(&self) -> &'static str;
    fn seats(&self) -> usize;
    /// The options in full, as JSON.
    fn options(&self) -> Value;
    /// The game's facts as JSON.
    fn facts(&self) -> Value;
    /// How many distinct actions, if the game lists its action space.
    fn num_distinct_actions(&self) -> Option<usize>;
    fn tensor_len(&self, kind: TensorKind) -> usize;
    /// The tensor's sections with their meanings, as JSON (`[{"name", "start", "len", "meaning"}]`).
    fn tensor_layout(&self, kind: TensorKind) -> Value;
    fn bots(&self) -> Vec<&'static str>;
    /// The whole action space as JSON texts, in integer order.
    fn action_space_json(&self) -> Result<Vec<String>, Refusal>;
    /// A new game. `sampled`: chance is drawn at once from the seed; otherwise chance nodes are the caller's.
    fn new_state(&self, seed: u64, sampled: bool) -> Box<dyn AnyState>;
    /// `n` games stepped together (see [`crate::vector`]).
    fn new_vector(
        &self,
        n: usize,
        seed: u64,
        threads: usize,
        autoreset: crate::vector::Autoreset,
    ) -> Result<Box<dyn crate::vector::AnyVector>, Refusal>;
    /// One seat against bots (the Gymnasium environment).
    fn new_duel(&self, seat: usize, bots: &[String], seed: u64) -> Result<Box<dyn AnyDuel>, Refusal>;
}

/// A game in progress, whatever the game. Actions are the game's stable integers; `*_json` take typed JSON.
pub trait AnyState: Send + Sync {
    fn clone_box(&self) -> Box<dyn AnyState>;
    fn current_player(&self) -> i64;
    /// The seats owing a decision now.
    fn deciding(&self) -> Vec<usize>;
    /// The pending chance event's outcomes as (index in this list, probability).
    fn chance_outcomes(&self) -> Vec<(i64, f64)>;
    fn chance_labels(&self) -> Vec<String>;
    /// `seat`'s legal actions, ascending.
    fn legal_actions(&self, seat: usize) -> Result<Vec<i64>, Refusal>;
    /// `seat`'s legal actions as typed JSON (every game, with or without integers).
    fn legal_actions_json(&self, seat: usize) -> Result<Vec<String>, Refusal>;
    fn apply_action(&mut self, seat: Option<usize>, action: i64) -> Result<(), Refusal>;
    /// One action per seat at a decision (pyspiel's `apply_actions`): the entries of the deciding seats are
    /// played in seat order, all or none; `actions` has one entry per seat of the table.
    fn apply_actions(&mut self, actions: &[i64]) -> Result<(), Refusal>;
    /// Every step so far as pyspiel's history: actions as their integers, chance outcomes as their positions.
    fn history(&self) -> Result<Vec<i64>, Refusal>;
    /// How many steps (decisions and chance outcomes) were played.
    fn move_number(&self) -> usize;
    /// `seat`'s perfect-recall information state in words: one line per view it saw or action it took.
    fn information_state_lines(&self, seat: usize) -> Result<Vec<String>, Refusal>;
    /// A world drawn from what `seat` knows (see `Session::resampled`), from a generator seeded by `seed`.
    fn resampled(&self, seat: usize, seed: u64) -> Result<Box<dyn AnyState>, Refusal>;
    fn apply_json(&mut self, seat: usize, action: &str) -> Result<(), Refusal>;
    fn sample_chance(&mut self) -> Result<i64, Refusal>;
    fn returns(&self) -> Vec<f64>;
    fn information_state_string(&self, seat: usize) -> Result<String, Refusal>;
    fn tensor(&self, seat: usize, kind: TensorKind) -> Result<Vec<f32>, Refusal>;
    fn view_json(&self, seat: Option<usize>) -> Result<String, Refusal>;
    /// The events told to `seat` (or a spectator) since the first `from`, as a JSON list of `{"event", "text"}`.
    fn events_json(&self, seat: Option<usize>, from: usize) -> Result<String, Refusal>;
    /// How many events have been told so far, to anyone.
    fn event_count(&self) -> usize;
    /// The action's words; asked by `seat` while it decides, in its own words (its die, its price), as the
    /// server and the engine protocol label a seat's actions; else words that need no view.
    fn action_to_string(&self, seat: Option<usize>, action: i64) -> Result<String, Refusal>;
    fn action_to_json(&self, action: i64) -> Result<String, Refusal>;
    fn action_from_json(&self, action: &str) -> Result<i64, Refusal>;
    fn record_json(&self) -> Result<String, Refusal>;
    /// What bot `bot` (seeded) would play for `seat` now, from that seat's view only.
    fn suggest(&self, seat: usize, bot: &str, seed: u64) -> Result<i64, Refusal>;
    fn round(&self) -> u32;
    fn num_distinct_actions(&self) -> Option<usize>;
    /// Whether the game is over because a safety limit stopped it (`Game::truncated`).
    fn truncated(&self) -> bool;
}

/// One seat's game against the game's bots (bots and chance move inside Rust until the seat must decide).
pub trait AnyDuel: Send {
    /// Starts a new game; returns nothing (read the seat's tensors and mask after).
    fn reset(&mut self, seed: u64);
    /// Plays the seat's action, then the bots and chance; returns the seat's reward (its payoff at the end).
    fn step(&mut self, action: i64) -> Result<f64, Refusal>;
    fn done(&self) -> bool;
    /// Whether the game is over because a safety limit stopped it (`Game::truncated`).
    fn truncated(&self) -> bool;
    fn observation(&self) -> Vec<f32>;
    fn mask(&self) -> Vec<u8>;
    fn state(&self) -> Box<dyn AnyState>;
}

/// What every state of one game shares: the rules and the action codec.
#[derive(Debug)]
pub struct Shared<G: Game> {
    pub game: G,
    pub codec: Option<ActionCodec<G>>,
}

impl<G: Game> Shared<G> {
    pub fn codec(&self) -> Result<&ActionCodec<G>, Refusal> {
        self.codec.as_ref().ok_or_else(|| {
            format!(
                "{} has no integer action encoding yet: use the *_json methods (legal_actions_json, apply_json)",
                G::ID
            )
        })
    }

    pub fn encode(&self, action: &G::Action) -> Result<i64, Refusal> {
        let codec = self.codec()?;
        codec.encode(&self.game, action).map(|i| i as i64).ok_or_else(|| format!("{action} has no integer"))
    }

    pub fn decode(&self, action: i64) -> Result<&G::Action, Refusal> {
        let codec = self.codec()?;
        usize::try_from(action)
            .ok()
            .and_then(|i| codec.decode(i))
            .ok_or_else(|| format!("{action} is not an action of {} (0 to {})", G::ID, codec.len().saturating_sub(1)))
    }

    /// The integer of `action`, if the game has integers (it has one if it is legal).
    pub fn index(&self, action: &G::Action) -> Option<usize> {
        self.codec.as_ref().and_then(|codec| codec.encode(&self.game, action))
    }

    /// The length of the `kind` tensor (the information state counts the actions of the codec).
    pub fn tensor_len(&self, kind: TensorKind) -> usize {
        match needs_past(&self.game, kind) {
            true => tensor_len(&self.game, TensorKind::Observation) + self.codec.as_ref().map_or(0, |c| c.len()),
            false => tensor_len(&self.game, kind),
        }
    }

    pub fn layout(&self, kind: TensorKind) -> plunder_core::TensorLayout {
        tensor_layout(&self.game, kind, self.codec.as_ref().map_or(0, |c| c.len()))
    }

    /// `seat`'s `kind` tensor of `session`'s game.
    pub fn tensor(&self, session: &Session<G>, seat: Seat, kind: TensorKind) -> Vec<f32> {
        let mut out = vec![0.0; self.tensor_len(kind)];
        write_session_tensor(session, self.codec.as_ref(), seat, kind, &mut out);
        out
    }

    /// The mask of `legal` over the action space.
    pub fn mask_into(&self, legal: &[G::Action], out: &mut [u8]) {
        out.fill(0);
        for i in legal.iter().filter_map(|action| self.index(action)) {
            out[i] = 1;
        }
    }
}

/// pyspiel's current player for a status.
pub fn player_of(status: Status) -> i64 {
    match status {
        Status::Chance => CHANCE,
        Status::Over => TERMINAL,
        Status::Decide(seats) if seats.len() == 1 => seats.iter().next().map_or(TERMINAL, |s| s.index() as i64),
        Status::Decide(_) => SIMULTANEOUS,
    }
}

/// A game's rules with their codec, for Python.
pub struct Engine<G: Game>(pub Arc<Shared<G>>);

/// A game in progress: the checked, recorded [`Session`].
pub struct Table<G: Game> {
    shared: Arc<Shared<G>>,
    session: Session<G>,
}

fn seat_of(seat: usize, seats: usize) -> Result<Seat, Refusal> {
    if seat < seats {
        Ok(Seat(seat as u8))
    } else {
        Err(format!("no seat {seat}: the table has seats 0 to {}", seats - 1))
    }
}

impl<G: Roster + Narrate> AnyGame for Engine<G> {
    fn id(&self) -> &'static str {
        G::ID
    }

    fn name(&self) -> &'static str {
        G::NAME
    }

    fn seats(&self) -> usize {
        self.0.game.seats()
    }

    fn options(&self) -> Value {
        serde_json::to_value(self.0.game.options()).expect("options serialize")
    }

    fn facts(&self) -> Value {
        serde_json::to_value(self.0.game.facts()).expect("facts serialize")
    }

    fn num_distinct_actions(&self) -> Option<usize> {
        self.0.codec.as_ref().map(|c| c.len())
    }

    fn tensor_len(&self, kind: TensorKind) -> usize {
        self.0.tensor_len(kind)
    }

    fn tensor_layout(&self, kind: TensorKind) -> Value {
        serde_json::to_value(self.0.layout(kind).sections()).expect("layouts serialize")
    }

    fn bots(&self) -> Vec<&'static str> {
        plunder_core::bot_kinds::<G>().iter().map(|k| k.name).collect()
    }

    fn action_space_json(&self) -> Result<Vec<String>, Refusal> {
        Ok(self.0.codec()?.space().iter().map(|a| serde_json::to_string(a).expect("actions serialize")).collect())
    }

    fn new_state(&self, seed: u64, sampled: bool) -> Box<dyn AnyState> {
        let mode = if sampled { ChanceMode::Sampled } else { ChanceMode::Scripted };
        Box::new(Table { shared: Arc::clone(&self.0), session: Session::new(self.0.game.clone(), seed, mode) })
    }

    fn new_vector(
        &self,
        n: usize,
        seed: u64,
        threads: usize,
        autoreset: crate::vector::Autoreset,
    ) -> Result<Box<dyn crate::vector::AnyVector>, Refusal> {
        self.0.codec()?;
        Ok(Box::new(crate::vector::Vector::new(Arc::clone(&self.0), n, seed, threads, autoreset)?))
    }

    fn new_duel(&self, seat: usize, bots: &[String], seed: u64) -> Result<Box<dyn AnyDuel>, Refusal> {
        self.0.codec()?;
        let seats = self.0.game.seats();
        seat_of(seat, seats)?;
        let names: Vec<String> =
            if bots.is_empty() { vec![plunder_core::bot_kinds::<G>()[0].name.to_string()] } else { bots.to_vec() };
        for name in &names {
            if make_bot::<G>(name, 0).is_none() {
                return Err(plunder_core::unknown_bot_words::<G>(name));
            }
        }
        let mut duel = Duel {
            shared: Arc::clone(&self.0),
            seat: Seat(seat as u8),
            names,
            bots: Vec::new(),
            session: Session::new(self.0.game.clone(), seed, ChanceMode::Sampled),
        };
        duel.reset(seed);
        Ok(Box::new(duel))
    }
}

impl<G: Roster + Narrate> Table<G> {
    fn seat(&self, seat: usize) -> Result<Seat, Refusal> {
        seat_of(seat, self.shared.game.seats())
    }

    /// Refuses what needs the game's past, which a drawn world does not have.
    fn with_past(&self, what: &str) -> Result<(), Refusal> {
        if self.session.is_drawn() {
            Err(format!("a state drawn by resample_from_infostate has no known past, so no {what}"))
        } else {
            Ok(())
        }
    }

    /// The game replayed from its start, showing `watch` each step with the states before and after it.
    fn replay_steps(&self, mut watch: impl FnMut(&G::State, &Step<G>, &G::State)) {
        let game = &self.shared.game;
        let mut state = game.initial_state();
        for step in self.session.steps() {
            let before = state.clone();
            match step {
                Step::Action(seat, action) => game.apply_unchecked(&mut state, *seat, action),
                Step::Chance(outcome) => game.apply_chance_unchecked(&mut state, outcome),
            }
            watch(&before, step, &state);
        }
    }
}

impl<G: Roster + Narrate> AnyState for Table<G> {
    fn clone_box(&self) -> Box<dyn AnyState> {
        Box::new(Table { shared: Arc::clone(&self.shared), session: self.session.clone() })
    }

    fn current_player(&self) -> i64 {
        player_of(self.session.status())
    }

    fn deciding(&self) -> Vec<usize> {
        match self.session.status() {
            Status::Decide(seats) => seats.iter().map(|s| s.index()).collect(),
            _ => Vec::new(),
        }
    }

    fn chance_outcomes(&self) -> Vec<(i64, f64)> {
        self.session.chance_outcomes().iter().enumerate().map(|(i, (_, p))| (i as i64, *p)).collect()
    }

    fn chance_labels(&self) -> Vec<String> {
        self.session.chance_outcomes().iter().map(|(o, _)| self.shared.game.chance_label(o)).collect()
    }

    fn legal_actions(&self, seat: usize) -> Result<Vec<i64>, Refusal> {
        let seat = self.seat(seat)?;
        let mut legal: Vec<i64> =
            self.session.legal_actions(seat).iter().map(|a| self.shared.encode(a)).collect::<Result<_, _>>()?;
        legal.sort_unstable(); // ascending, as pyspiel gives them
        Ok(legal)
    }

    fn legal_actions_json(&self, seat: usize) -> Result<Vec<String>, Refusal> {
        let seat = self.seat(seat)?;
        Ok(self
            .session
            .legal_actions(seat)
            .iter()
            .map(|a| serde_json::to_string(a).expect("actions serialize"))
            .collect())
    }

    fn apply_action(&mut self, seat: Option<usize>, action: i64) -> Result<(), Refusal> {
        match self.session.status() {
            Status::Over => Err("the game is over".to_string()),
            Status::Chance if seat.is_some() => {
                Err("this is a chance node: apply a chance outcome without a seat (apply_action(outcome))".to_string())
            }
            Status::Chance => {
                let outcomes = self.session.chance_outcomes();
                let (outcome, _) = usize::try_from(action)
                    .ok()
                    .and_then(|i| outcomes.get(i))
                    .ok_or_else(|| format!("{action} is not a chance outcome (0 to {})", outcomes.len() - 1))?;
                self.session.supply_chance(outcome.clone()).map_err(|e| e.to_string())
            }
            Status::Decide(seats) => {
                let seat = match seat {
                    Some(seat) => self.seat(seat)?,
                    None if seats.len() == 1 => seats.iter().next().expect("one seat"),
                    None => return Err("several seats decide at once: name the seat".to_string()),
                };
                let action = self.shared.decode(action)?.clone();
                self.session.play(seat, action).map_err(|e| e.to_string())
            }
        }
    }

    fn apply_actions(&mut self, actions: &[i64]) -> Result<(), Refusal> {
        let seats = self.shared.game.seats();
        if actions.len() != seats {
            return Err(format!("apply_actions takes one action per seat ({seats}), got {}", actions.len()));
        }
        let Status::Decide(deciding) = self.session.status() else {
            return Err("apply_actions needs seats deciding, and none is".to_string());
        };
        // All or none: a refusal after the first seat's action leaves this state as it was.
        let mut next = self.session.clone();
        for seat in deciding.iter() {
            let action = self.shared.decode(actions[seat.index()])?.clone();
            next.play(seat, action).map_err(|e| format!("seat {}: {e}", seat.index()))?;
        }
        self.session = next;
        Ok(())
    }

    fn history(&self) -> Result<Vec<i64>, Refusal> {
        self.with_past("history")?;
        let mut history = Vec::with_capacity(self.session.steps().len());
        let mut failed = None;
        let mut outcomes = Vec::new();
        self.replay_steps(|before, step, _| match step {
            Step::Action(_, action) => match self.shared.encode(action) {
                Ok(i) => history.push(i),
                Err(e) => failed = Some(e),
            },
            Step::Chance(outcome) => {
                outcomes.clear();
                self.shared.game.chance_outcomes(before, &mut outcomes);
                history.push(outcomes.iter().position(|(o, _)| o == outcome).unwrap_or(0) as i64);
            }
        });
        failed.map_or(Ok(history), Err)
    }

    fn move_number(&self) -> usize {
        self.session.steps().len()
    }

    fn information_state_lines(&self, seat: usize) -> Result<Vec<String>, Refusal> {
        let seat = self.seat(seat)?;
        self.with_past("information-state history")?;
        let game = &self.shared.game;
        let mut info = InfoStates::with_trail(game, &game.initial_state());
        self.replay_steps(|_, step, after| match step {
            Step::Action(actor, action) => info.after_action(game, after, *actor, action),
            Step::Chance(_) => info.after_chance(game, after),
        });
        Ok(info.trail(seat).map(<[String]>::to_vec).unwrap_or_default())
    }

    fn resampled(&self, seat: usize, seed: u64) -> Result<Box<dyn AnyState>, Refusal> {
        let seat = self.seat(seat)?;
        let session = self.session.resampled(seat, &mut Rng::seeded(seed));
        Ok(Box::new(Table { shared: Arc::clone(&self.shared), session }))
    }

    fn apply_json(&mut self, seat: usize, action: &str) -> Result<(), Refusal> {
        let seat = self.seat(seat)?;
        let action: G::Action = serde_json::from_str(action).map_err(|e| format!("not an action of {}: {e}", G::ID))?;
        self.session.play(seat, action).map_err(|e| e.to_string())
    }

    fn sample_chance(&mut self) -> Result<i64, Refusal> {
        let outcomes = self.session.chance_outcomes();
        let drawn = self.session.sample_chance().map_err(|e| e.to_string())?;
        Ok(outcomes.iter().position(|(o, _)| *o == drawn).unwrap_or(0) as i64)
    }

    fn returns(&self) -> Vec<f64> {
        self.session.outcome().map_or_else(|| vec![0.0; self.shared.game.seats()], |o| o.payoffs)
    }

    fn information_state_string(&self, seat: usize) -> Result<String, Refusal> {
        let seat = self.seat(seat)?;
        Ok(format!("{:016x}", self.session.information_state(seat)))
    }

    fn tensor(&self, seat: usize, kind: TensorKind) -> Result<Vec<f32>, Refusal> {
        let seat = self.seat(seat)?;
        Ok(self.shared.tensor(&self.session, seat, kind))
    }

    fn view_json(&self, seat: Option<usize>) -> Result<String, Refusal> {
        let viewer = match seat {
            Some(seat) => Viewer::Seat(self.seat(seat)?),
            None => Viewer::Spectator,
        };
        Ok(serde_json::to_string(&self.session.view(viewer)).expect("views serialize"))
    }

    fn events_json(&self, seat: Option<usize>, from: usize) -> Result<String, Refusal> {
        let viewer = match seat {
            Some(seat) => Viewer::Seat(self.seat(seat)?),
            None => Viewer::Spectator,
        };
        let told: Vec<plunder_core::ToldJson> = self
            .session
            .told_since(from, viewer)
            .map(|event| plunder_core::ToldJson {
                event: serde_json::to_value(event).expect("events serialize"),
                text: self.shared.game.tell(event),
            })
            .collect();
        Ok(serde_json::to_string(&told).expect("events serialize"))
    }

    fn event_count(&self) -> usize {
        self.session.told_count()
    }

    fn action_to_string(&self, seat: Option<usize>, action: i64) -> Result<String, Refusal> {
        let action = self.shared.decode(action)?;
        let deciding = seat.filter(|&s| s < self.shared.game.seats()).map(|s| Seat(s as u8)).filter(
            |&seat| matches!(self.session.status(), plunder_core::Status::Decide(seats) if seats.contains(seat)),
        );
        Ok(match deciding {
            Some(seat) => self.shared.game.label_in_view(&self.session.view(Viewer::Seat(seat)), action),
            None => self.shared.game.label(action),
        })
    }

    fn action_to_json(&self, action: i64) -> Result<String, Refusal> {
        Ok(serde_json::to_string(self.shared.decode(action)?).expect("actions serialize"))
    }

    fn action_from_json(&self, action: &str) -> Result<i64, Refusal> {
        let action: G::Action = serde_json::from_str(action).map_err(|e| format!("not an action of {}: {e}", G::ID))?;
        self.shared.encode(&action)
    }

    fn record_json(&self) -> Result<String, Refusal> {
        self.with_past("record")?;
        Ok(serde_json::to_string(&self.session.record()).expect("records serialize"))
    }

    fn suggest(&self, seat: usize, bot: &str, seed: u64) -> Result<i64, Refusal> {
        let seat = self.seat(seat)?;
        let legal = self.session.legal_actions(seat);
        if legal.is_empty() {
            return Err(format!("seat {} has no decision to make now", seat.index()));
        }
        let mut bot = make_bot::<G>(bot, seed).ok_or_else(|| plunder_core::unknown_bot_words::<G>(bot))?;
        let view = self.session.view(Viewer::Seat(seat));
        let action = bot.act(&Turn::new(&self.shared.game, self.session.state(), seat, &view, &legal));
        self.shared.encode(&action)
    }

    fn round(&self) -> u32 {
        self.shared.game.round(self.session.state())
    }

    fn truncated(&self) -> bool {
        self.shared.game.truncated(self.session.state())
    }

    fn num_distinct_actions(&self) -> Option<usize> {
        self.shared.codec.as_ref().map(|c| c.len())
    }
}

/// One seat against the game's bots.
struct Duel<G: Game> {
    shared: Arc<Shared<G>>,
    seat: Seat,
    names: Vec<String>,
    bots: Vec<Box<dyn Bot<G>>>,
    session: Session<G>,
}

impl<G: Roster + Narrate> Duel<G> {
    /// Lets the bots (and chance, drawn by the session) play until the seat must decide or the game is over.
    fn advance(&mut self) -> Result<(), Refusal> {
        while let Status::Decide(seats) = self.session.status() {
            let Some(other) = seats.iter().find(|&s| s != self.seat) else { return Ok(()) };
            let legal = self.session.legal_actions(other);
            let view = self.session.view(Viewer::Seat(other));
            let bot = &mut self.bots[other.index()];
            let action = bot.act(&Turn::new(&self.shared.game, self.session.state(), other, &view, &legal));
            self.session.play(other, action).map_err(|e| format!("a bot's move was refused: {e}"))?;
        }
        Ok(())
    }
}

impl<G: Roster + Narrate> AnyDuel for Duel<G> {
    fn reset(&mut self, seed: u64) {
        let seats = self.shared.game.seats();
        self.bots = (0..seats)
            .map(|s| {
                let name = &self.names[s % self.names.len()];
                make_bot::<G>(name, plunder_core::splitmix64(seed ^ (s as u64 + 1))).expect("bot names were checked")
            })
            .collect();
        self.session = Session::new(self.shared.game.clone(), seed, ChanceMode::Sampled);
        // A bot never refuses its own legal move; if the rules did, the next step reports it.
        let _ = self.advance();
    }

    fn step(&mut self, action: i64) -> Result<f64, Refusal> {
        let action = self.shared.decode(action)?.clone();
        self.session.play(self.seat, action).map_err(|e| e.to_string())?;
        self.advance()?;
        Ok(self.session.outcome().map_or(0.0, |o| o.payoffs[self.seat.index()]))
    }

    fn done(&self) -> bool {
        self.session.status() == Status::Over
    }

    fn truncated(&self) -> bool {
        self.shared.game.truncated(self.session.state())
    }

    fn observation(&self) -> Vec<f32> {
        self.shared.tensor(&self.session, self.seat, TensorKind::Observation)
    }

    fn mask(&self) -> Vec<u8> {
        let mut out = vec![0; self.shared.codec.as_ref().map_or(0, |c| c.len())];
        self.shared.mask_into(&self.session.legal_actions(self.seat), &mut out);
        out
    }

    fn state(&self) -> Box<dyn AnyState> {
        Box::new(Table { shared: Arc::clone(&self.shared), session: self.session.clone() })
    }
}

struct Load<'a> {
    players: Option<usize>,
    options: &'a Value,
}

impl GameVisitor for Load<'_> {
    type Output = Result<Box<dyn AnyGame>, Refusal>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let options = options_from_json::<G>(self.players, self.options).map_err(|e| e.to_string())?;
        let game = G::new(options).map_err(|e| e.to_string())?;
        let codec = ActionCodec::new(&game);
        Ok(Box::new(Engine(Arc::new(Shared { game, codec }))))
    }
}

/// Game `id` with `players` (if given) and JSON `options`.
pub fn load(id: &str, players: Option<usize>, options: &Value) -> Result<Box<dyn AnyGame>, Refusal> {
    with_game(id, Load { players, options }).map_err(|e: RegistryError| e.to_string())?
}

struct Replay(Record);

impl GameVisitor for Replay {
    type Output = Result<Box<dyn AnyState>, Refusal>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let session = Session::<G>::replay(&self.0).map_err(|e| e.to_string())?;
        let game = session.game().clone();
        let codec = ActionCodec::new(&game);
        Ok(Box::new(Table { shared: Arc::new(Shared { game, codec }), session }))
    }
}

/// The game a record (the JSON `plunder replay` reads) describes, replayed step by step and checked.
pub fn from_record(json: &str) -> Result<Box<dyn AnyState>, Refusal> {
    let record: Record = serde_json::from_str(json).map_err(|e| format!("not a Plunder record: {e}"))?;
    let id = record.game.clone();
    with_game(&id, Replay(record)).map_err(|e| e.to_string())?
}
