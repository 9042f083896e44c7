//! Games behind one object-safe interface speaking JSON, for front ends that choose the game at run time
//! (the engine protocol, the server). Everything here goes through the typed, checked [`Session`].

use serde::Serialize;
use serde_json::Value;

use crate::record::Record;
use crate::{Facts, Narrate, Outcome, PlayError, Roster, Seat, SeatSet, Session, Status, Stops, Timing, Turn, Viewer};

/// An action or chance outcome in JSON with its label for people.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Labeled {
    #[serde(flatten)]
    pub json: LabeledJson,
    pub label: String,
}

/// The JSON part of a [`Labeled`] item.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum LabeledJson {
    Action { action: Value },
    Chance { outcome: Value, probability: f64 },
}

/// An event told to a viewer: the game's typed event in JSON, with its words for people.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ToldJson {
    pub event: Value,
    pub text: String,
}

/// A bot's decision to be made, with its copy of the table: given the timing it keeps, it gives the action.
pub type BotWork = Box<dyn FnOnce(&Timing) -> Result<Labeled, PlayError> + Send>;

/// A game in progress, whatever the game.
pub trait DynSession: Send + std::fmt::Debug {
    fn game_id(&self) -> &'static str;
    fn seats(&self) -> usize;
    fn status(&self) -> Status;
    fn round(&self) -> u32;
    /// The seats out of the game ([`Game::out`]).
    fn out(&self) -> SeatSet;
    /// The legal actions of `seat` (empty if it does not owe a decision).
    fn legal_actions(&self, seat: Seat) -> Result<Vec<Labeled>, PlayError>;
    fn chance_outcomes(&self) -> Vec<Labeled>;
    /// The move `seat` is left with when it has nothing to choose (passing is all it may do, or one move is:
    /// [`crate::forced`]), to take for a player who asked not to be asked; `None` when it has a real choice or no
    /// decision.
    fn forced_action(&self, seat: Seat) -> Option<Value>;
    /// The pass taken for `seat`, unasked, under its `stops` ([`crate::unasked_pass`]: the window does not concern
    /// it, read from the spectator's view); `None` when it is to be asked or has no decision.
    fn unasked_pass(&self, seat: Seat, stops: Stops) -> Option<Value>;
    /// Whether a seat's stops can ever matter in this game ([`crate::Narrate::stops_matter`]): front ends offer
    /// the setting only then.
    fn stops_matter(&self) -> bool;
    fn play(&mut self, seat: Seat, action: &Value) -> Result<(), PlayError>;
    fn supply_chance(&mut self, outcome: &Value) -> Result<(), PlayError>;
    fn sample_chance(&mut self) -> Result<Labeled, PlayError>;
    fn view(&self, viewer: Viewer) -> Result<Value, PlayError>;
    /// How many events have been told so far, to anyone (a place to read on from).
    fn told_count(&self) -> usize;
    /// The events told to `viewer` since the first `from`, oldest first.
    fn told_since(&self, from: usize, viewer: Viewer) -> Result<Vec<ToldJson>, PlayError>;
    fn outcome(&self) -> Option<Outcome>;
    fn record(&self) -> Record;
    /// What bot `bot` (seeded with `seed`) would play for `seat` now, from that seat's view only; a search bot
    /// runs its simulations whatever they take.
    fn suggest(&self, seat: Seat, bot: &str, seed: u64) -> Result<Labeled, PlayError> {
        self.suggest_timed(seat, bot, seed, &Timing::default())
    }
    /// [`DynSession::suggest`] with search bots keeping time by `timing` (see [`crate::make_bot_timed`]).
    fn suggest_timed(&self, seat: Seat, bot: &str, seed: u64, timing: &Timing) -> Result<Labeled, PlayError> {
        self.bot_work(seat, bot, seed)?(timing)
    }
    /// [`DynSession::suggest_timed`] as work to run elsewhere (a thread of its own, once a server's bot budget
    /// allows): everything the bot needs is copied in now, and the session may change meanwhile. Refused, as
    /// `suggest` is, for a seat with no decision or an unknown bot.
    fn bot_work(&self, seat: Seat, bot: &str, seed: u64) -> Result<BotWork, PlayError>;
    /// `seat`'s perfect-recall information-state key (see [`crate::InfoStates`]).
    fn information_state(&self, seat: Seat) -> Result<u64, PlayError>;
    /// The game's facts under this session's options.
    fn facts(&self) -> Facts;
}

/// Why a JSON value is not an action (or chance outcome) of the game, in a player's words: serde names Rust
/// types ("internally tagged enum Action") where the value is not even an object with a `type`.
fn unreadable(what: &str, e: &serde_json::Error) -> String {
    let message = e.to_string();
    if message.contains("internally tagged enum") || message.contains("expected struct") {
        format!("an {what} is a JSON object with a \"type\", as the list of legal {what}s gives it")
    } else {
        message
    }
}

fn check_seat(seat: Seat, seats: usize) -> Result<(), PlayError> {
    if seat.index() < seats {
        Ok(())
    } else {
        Err(PlayError::NoSuchSeat { seat, seats })
    }
}

/// An action labelled as its seat sees it (its own price, its own die: `Narrate::label_in_view`).
fn labeled_action<G: Narrate>(game: &G, view: &G::View, action: &G::Action) -> Labeled {
    Labeled {
        json: LabeledJson::Action { action: serde_json::to_value(action).expect("actions serialize") },
        label: game.label_in_view(view, action),
    }
}

fn labeled_chance<G: Narrate>(game: &G, outcome: &G::Chance, probability: f64) -> Labeled {
    Labeled {
        json: LabeledJson::Chance { outcome: serde_json::to_value(outcome).expect("outcomes serialize"), probability },
        label: game.chance_label(outcome),
    }
}

impl<G: Roster + Narrate> DynSession for Session<G> {
    fn game_id(&self) -> &'static str {
        G::ID
    }

    fn seats(&self) -> usize {
        self.game().seats()
    }

    fn status(&self) -> Status {
        Session::status(self)
    }

    fn round(&self) -> u32 {
        self.game().round(self.state())
    }

    fn out(&self) -> SeatSet {
        self.game().out(self.state())
    }

    fn legal_actions(&self, seat: Seat) -> Result<Vec<Labeled>, PlayError> {
        check_seat(seat, self.seats())?;
        let view = Session::view(self, Viewer::Seat(seat));
        Ok(Session::legal_actions(self, seat).iter().map(|a| labeled_action(self.game(), &view, a)).collect())
    }

    fn chance_outcomes(&self) -> Vec<Labeled> {
        Session::chance_outcomes(self).iter().map(|(o, p)| labeled_chance(self.game(), o, *p)).collect()
    }

    fn forced_action(&self, seat: Seat) -> Option<Value> {
        check_seat(seat, self.seats()).ok()?;
        let action = crate::forced(self.game(), &Session::legal_actions(self, seat))?;
        Some(serde_json::to_value(action).expect("actions serialize"))
    }

    fn stops_matter(&self) -> bool {
        self.game().stops_matter()
    }

    fn unasked_pass(&self, seat: Seat, stops: Stops) -> Option<Value> {
        check_seat(seat, self.seats()).ok()?;
        if !matches!(Session::status(self), Status::Decide(seats) if seats.contains(seat)) {
            return None;
        }
        let public = Session::view(self, Viewer::Spectator);
        let pass = crate::unasked_pass(self.game(), stops, &public, seat, &Session::legal_actions(self, seat))?;
        Some(serde_json::to_value(pass).expect("actions serialize"))
    }

    fn play(&mut self, seat: Seat, action: &Value) -> Result<(), PlayError> {
        check_seat(seat, self.seats())?;
        let action: G::Action = serde_json::from_value(action.clone())
            .map_err(|e| PlayError::Malformed { reason: unreadable("action", &e) })?;
        Session::play(self, seat, action)
    }

    fn supply_chance(&mut self, outcome: &Value) -> Result<(), PlayError> {
        let outcome: G::Chance = serde_json::from_value(outcome.clone())
            .map_err(|e| PlayError::Malformed { reason: unreadable("outcome", &e) })?;
        Session::supply_chance(self, outcome)
    }

    fn sample_chance(&mut self) -> Result<Labeled, PlayError> {
        let outcomes = Session::chance_outcomes(self);
        let drawn = Session::sample_chance(self)?;
        let probability = outcomes.iter().find(|(o, _)| *o == drawn).map_or(0.0, |(_, p)| *p);
        Ok(labeled_chance(self.game(), &drawn, probability))
    }

    fn view(&self, viewer: Viewer) -> Result<Value, PlayError> {
        if let Viewer::Seat(seat) = viewer {
            check_seat(seat, self.seats())?;
        }
        Ok(serde_json::to_value(Session::view(self, viewer)).expect("views serialize"))
    }

    fn told_count(&self) -> usize {
        Session::told_count(self)
    }

    fn told_since(&self, from: usize, viewer: Viewer) -> Result<Vec<ToldJson>, PlayError> {
        if let Viewer::Seat(seat) = viewer {
            check_seat(seat, self.seats())?;
        }
        Ok(Session::told_since(self, from, viewer)
            .map(|event| ToldJson {
                event: serde_json::to_value(event).expect("events serialize"),
                text: self.game().tell(event),
            })
            .collect())
    }

    fn outcome(&self) -> Option<Outcome> {
        Session::outcome(self)
    }

    fn record(&self) -> Record {
        Session::record(self)
    }

    fn bot_work(&self, seat: Seat, bot: &str, seed: u64) -> Result<BotWork, PlayError> {
        check_seat(seat, self.seats())?;
        let legal = Session::legal_actions(self, seat);
        if legal.is_empty() {
            return Err(match Session::status(self) {
                Status::Over => PlayError::GameOver,
                Status::Chance => PlayError::AwaitingChance,
                Status::Decide(_) => PlayError::NotToAct { seat },
            });
        }
        let unknown = |bot: &str| PlayError::Malformed { reason: crate::unknown_bot_words::<G>(bot) };
        // An unknown name is refused now, not when the work runs (a name that gives a time, once it runs
        // without a clock).
        let any_clock = Timing::when_named(crate::Clock::new(Default::default));
        crate::make_bot_timed::<G>(bot, seed, &any_clock).ok_or_else(|| unknown(bot))?;
        let (game, state, bot) = (self.game().clone(), self.state().clone(), bot.to_owned());
        let view = Session::view(self, Viewer::Seat(seat));
        Ok(Box::new(move |timing: &Timing| {
            let mut bot = crate::make_bot_timed::<G>(&bot, seed, timing).ok_or_else(|| unknown(&bot))?;
            let action = bot.act(&Turn::new(&game, &state, seat, &view, &legal));
            Ok(labeled_action(&game, &view, &action))
        }))
    }

    fn information_state(&self, seat: Seat) -> Result<u64, PlayError> {
        check_seat(seat, self.seats())?;
        Ok(Session::information_state(self, seat))
    }

    fn facts(&self) -> Facts {
        self.game().facts()
    }
}
