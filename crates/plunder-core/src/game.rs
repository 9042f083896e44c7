//! The `Game` trait: what every game's rules provide to the engine.

use std::fmt::{Debug, Display};

use serde::{de::DeserializeOwned, Deserialize, Serialize};

use crate::{Facts, OptionsError, PlayError, Rng, Seat, SeatSet, Silent, Teller};

/// Who must move now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// A chance event is pending (dice, shuffle, draw): sample it or supply it.
    Chance,
    /// These seats owe a decision. One seat for a turn; several for simultaneous, hidden commitments,
    /// which each seat makes on its own and the rules resolve once all are in.
    Decide(SeatSet),
    /// The game is over.
    Over,
}

/// Who looks at the game: one seat, or a spectator who sees only what is public.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    Seat(Seat),
    Spectator,
}

impl Viewer {
    /// The seat looking, if it is a seat.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Spectator => None,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// Everyone who won; several on a shared win.
    pub winners: SeatSet,
    /// One number per seat, for solvers and statistics (each game's rules doc defines them).
    pub payoffs: Vec<f64>,
}

impl Outcome {
    /// Each winner gets `1 / winners`, everyone else 0.
    pub fn shared_win(winners: SeatSet, seats: usize) -> Outcome {
        let mut payoffs = Vec::with_capacity(seats);
        Outcome::shared_win_payoffs(winners, seats, &mut payoffs);
        Outcome { winners, payoffs }
    }

    /// The payoffs of [`Outcome::shared_win`] written into `out` (for [`Game::payoffs_into`]).
    pub fn shared_win_payoffs(winners: SeatSet, seats: usize, out: &mut Vec<f64>) {
        let share = 1.0 / winners.len().max(1) as f64;
        out.clear();
        out.extend(Seat::all(seats).map(|s| if winners.contains(s) { share } else { 0.0 }));
    }
}

/// A designed piece a seat holds: a card in its hand, a tile it took, the captain it was dealt. Names borrow
/// from the game's content, so listing them allocates nothing. Only analysis reads these (see
/// [`Game::pieces_held`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece<'a> {
    /// What sort of piece: "card", "tile", "captain" (the game's own words where it has them).
    pub kind: &'static str,
    /// The piece's designed name.
    pub name: &'a str,
}

/// The rules of one game under one set of options. The value is the configuration (immutable, shared);
/// `State` is one position. All methods are pure: no I/O, no clock, randomness only from the `Rng` passed in.
///
/// Methods that take a seat and an action assume the caller already knows the seat is to act
/// (see [`crate::play`] for the checked entry points).
pub trait Game: Clone + Debug + Send + Sync + 'static {
    type Options: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    type State: Clone + Debug + PartialEq + Send + Sync;
    type Action: Clone + Debug + Eq + std::hash::Hash + Serialize + DeserializeOwned + Display + Send + Sync;
    type Chance: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Display + Send + Sync;
    type View: Clone + Debug + PartialEq + Serialize + Send + Sync;
    /// What happened at the table, told by the rules as they apply a step (see [`crate::Told`]).
    type Event: Clone + Debug + PartialEq + Serialize + Send + Sync;

    /// The game's id (`loot-pirates`).
    const ID: &'static str;
    /// The game's name for people.
    const NAME: &'static str;

    /// The rules under these options, or why the options are bad.
    fn new(options: Self::Options) -> Result<Self, OptionsError>;
    fn options(&self) -> &Self::Options;
    /// Options with the number of players set (the usual way people choose a table).
    fn options_for_players(players: usize) -> Self::Options;
    /// Valid options for a table of `players` drawn at random over the choices a user can make (variants,
    /// captains, setups, maps, decks, house rules, short and long limits), so that `plunder soak` plays what
    /// people set and not only the defaults. Every draw must pass [`Game::new`] (a registry-wide test checks
    /// it, and that the draws vary). The default, for a game with nothing to choose: the table's defaults.
    fn sample_options(players: usize, rng: &mut Rng) -> Self::Options {
        let _ = rng;
        Self::options_for_players(players)
    }
    /// How many seats the table has.
    fn seats(&self) -> usize;

    fn initial_state(&self) -> Self::State;
    fn status(&self, state: &Self::State) -> Status;

    /// Appends the legal actions of `seat` (which must be to act) to `out`.
    /// **Depends only on what `seat` may know** (checked by the conformance suite).
    fn legal_actions(&self, state: &Self::State, seat: Seat, out: &mut Vec<Self::Action>);

    /// Whether `action` only passes: it lets the game go on and uses nothing of the player's (a pass, a pass for
    /// the rest of the turn). [`crate::forced`] takes the first of them for a player who has nothing else.
    fn is_pass(&self, action: &Self::Action) -> bool {
        let _ = action;
        false
    }

    /// Whether `seat` (which is to act) may play `action`, with the reason if not. Must agree with
    /// `legal_actions`; the default asks it.
    fn check_action(&self, state: &Self::State, seat: Seat, action: &Self::Action) -> Result<(), PlayError> {
        let mut legal = Vec::new();
        self.legal_actions(state, seat, &mut legal);
        if legal.contains(action) {
            Ok(())
        } else {
            Err(PlayError::illegal(format!("{action} is not a legal action now")))
        }
    }

    /// Plays a legal action, telling `told` every event with its audience: everything the rules make visible
    /// to someone, as it happens. No checks.
    fn apply_with<T: Teller<Self::Event>>(
        &self,
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
        told: &mut T,
    );

    /// Plays a legal action. The fast path for search: no checks, no allocation, nothing told.
    fn apply_unchecked(&self, state: &mut Self::State, seat: Seat, action: &Self::Action) {
        self.apply_with(state, seat, action, &mut Silent);
    }

    /// Appends the pending chance event's outcomes with their probabilities (they sum to 1).
    fn chance_outcomes(&self, state: &Self::State, out: &mut Vec<(Self::Chance, f64)>);

    /// Samples the pending chance event. Games override this with an allocation-free version.
    fn sample_chance(&self, state: &Self::State, rng: &mut Rng) -> Self::Chance {
        let mut outcomes = Vec::new();
        self.chance_outcomes(state, &mut outcomes);
        let mut x = rng.unit();
        for (outcome, p) in &outcomes {
            if x < *p {
                return outcome.clone();
            }
            x -= p;
        }
        outcomes.pop().expect("a chance event has outcomes").0
    }

    /// Whether `outcome` can happen at the pending chance event. Must agree with `chance_outcomes`.
    fn check_chance(&self, state: &Self::State, outcome: &Self::Chance) -> Result<(), PlayError> {
        let mut outcomes = Vec::new();
        self.chance_outcomes(state, &mut outcomes);
        if outcomes.iter().any(|(o, p)| o == outcome && *p > 0.0) {
            Ok(())
        } else {
            Err(PlayError::illegal_chance(format!("{outcome} cannot happen now")))
        }
    }

    /// Settles the pending chance event with a possible outcome, telling `told` what it shows to whom. No checks.
    fn apply_chance_with<T: Teller<Self::Event>>(&self, state: &mut Self::State, outcome: &Self::Chance, told: &mut T);

    /// Settles the pending chance event with a possible outcome. No checks, nothing told.
    fn apply_chance_unchecked(&self, state: &mut Self::State, outcome: &Self::Chance) {
        self.apply_chance_with(state, outcome, &mut Silent);
    }

    /// What `viewer` may see. **The only way state leaves the engine.**
    fn view(&self, state: &Self::State, viewer: Viewer) -> Self::View;

    /// A full state drawn from what `seat` may know: everything in its view kept, everything hidden from
    /// it redrawn (unseen dice rerolled, unseen commitments chosen anew). For search bots.
    fn determinize(&self, state: &Self::State, seat: Seat, rng: &mut Rng) -> Self::State;

    /// [`Game::determinize`] into `out`, so that a search reuses one state's buffers simulation after
    /// simulation. The default makes a new state; games whose states own buffers override it to copy into
    /// `out`'s.
    fn determinize_into(&self, state: &Self::State, seat: Seat, rng: &mut Rng, out: &mut Self::State) {
        *out = self.determinize(state, seat, rng);
    }

    /// The outcome, once the game is over.
    fn outcome(&self, state: &Self::State) -> Option<Outcome>;

    /// Each seat's payoff (as in [`Game::outcome`]) written into `out`, cleared first; false, and `out` left
    /// empty, while the game is not over. The default goes through `outcome` (one allocation); games override
    /// it so that searches read payoffs without allocating.
    fn payoffs_into(&self, state: &Self::State, out: &mut Vec<f64>) -> bool {
        out.clear();
        self.outcome(state).map(|o| out.extend_from_slice(&o.payoffs)).is_some()
    }

    /// Whether the game, over, was stopped by a safety limit of its options (a round or turn cap that keeps
    /// endless play finite, named as such in the game's rules doc) rather than ended by its rules: reinforcement
    /// learning calls such an end a truncation, not a termination. False while the game goes on, and (the
    /// default) for a game without such a limit.
    fn truncated(&self, _state: &Self::State) -> bool {
        false
    }

    /// The round in progress (from 1), or the last one once the game is over.
    fn round(&self, state: &Self::State) -> u32;

    /// The seats knocked out while the game goes on (no dice or crew left): they will never decide again, so a
    /// front end may tell their players they can leave. Public by nature. The default: nobody (a game without
    /// elimination). The conformance suite checks that a seat out stays out and is never asked to decide.
    fn out(&self, _state: &Self::State) -> SeatSet {
        SeatSet::EMPTY
    }

    /// What the game declares about itself under these options (checked against play by the conformance
    /// suite).
    fn facts(&self) -> Facts;

    /// **Analysis only.** Appends the designed pieces (cards, tiles, captains) `seat` holds in `state`, read from
    /// the true state, so that `plunder simulate` can tell a designer how players dealt a captain or holding a
    /// card fare. It sees hidden hands, so nothing a seat, bot or front end uses calls it: what they see comes
    /// from [`Game::view`] only. The default holds nothing (a game without designed pieces).
    fn pieces_held<'a>(&'a self, state: &Self::State, seat: Seat, out: &mut Vec<Piece<'a>>) {
        let _ = (state, seat, out);
    }

    /// Checks the rules' own bookkeeping in `state` (conservation of coins or cards, counts within bounds), with
    /// what is wrong if not. `plunder soak` calls it after every step; the default checks nothing.
    fn check_invariants(&self, _state: &Self::State) -> Result<(), String> {
        Ok(())
    }

    /// Every action any seat could ever be offered under these options, in a fixed order that never changes
    /// between versions: an action's stable integer is its place here (see [`crate::ActionCodec`]). `None`
    /// (the default): the game has no integer encoding yet, and integer front ends (Python) refuse it.
    fn action_space(&self) -> Option<Vec<Self::Action>> {
        None
    }

    /// The place of `action` in [`Game::action_space`], computed fast; `None` (the default) looks it up in the
    /// list instead. Must agree with the list (the round-trip test checks it).
    fn action_index(&self, _action: &Self::Action) -> Option<usize> {
        None
    }

    /// The length of this game's own `kind` tensor; `None` (the default) uses the generic one: for the
    /// observation [`crate::encoding::hashed_view_tensor`], for the information state the observation followed
    /// by the seat's own actions ([`crate::encoding::tensor_layout`]). Must be the length of
    /// [`Game::tensor_layout`].
    fn tensor_len(&self, _kind: crate::TensorKind) -> Option<usize> {
        None
    }

    /// The sections of this game's own `kind` tensor, with what each number means (`Some` exactly where
    /// [`Game::tensor_len`] is). Documented in the game's rules doc, which a test keeps equal to this.
    fn tensor_layout(&self, _kind: crate::TensorKind) -> Option<crate::TensorLayout> {
        None
    }

    /// Writes the `kind` tensor of a seat's `view` into `out` (zeroed, of [`Game::tensor_len`] numbers). Only
    /// called when `tensor_len` is `Some`. From the view only, so it cannot leak.
    fn write_tensor(&self, _view: &Self::View, _kind: crate::TensorKind, _out: &mut [f32]) {}

    /// Writes `seat`'s `kind` tensor into `out` (zeroed) straight from the state, without building the seat's
    /// view: for the hot loops (vectorized environments). It must read only what the seat's view shows, through
    /// the same visibility rules the view uses, and write exactly what [`Game::write_tensor`] writes from that
    /// view (`plunder-games/tests/encoding.rs` compares the two for every seat of every game over random play).
    /// Returns false (the default) where the game has no such path; only called when `tensor_len` is `Some`.
    fn write_seat_tensor(&self, _state: &Self::State, _seat: Seat, _kind: crate::TensorKind, _out: &mut [f32]) -> bool {
        false
    }
}

/// Reads a game's options from JSON, with `players` set if given. Unknown fields are refused.
pub fn options_from_json<G: Game>(
    players: Option<usize>,
    options: &serde_json::Value,
) -> Result<G::Options, OptionsError> {
    let mut value = match players {
        Some(p) => serde_json::to_value(G::options_for_players(p)).map_err(|e| OptionsError::new(e.to_string()))?,
        None => serde_json::to_value(G::Options::default()).map_err(|e| OptionsError::new(e.to_string()))?,
    };
    let base = value.clone();
    match (options, &mut value) {
        (serde_json::Value::Null, _) => {}
        (serde_json::Value::Object(given), serde_json::Value::Object(base)) => {
            for (k, v) in given {
                base.insert(k.clone(), v.clone());
            }
        }
        _ => return Err(OptionsError::new("options must be a JSON object")),
    }
    let options: G::Options = serde_json::from_value(value).map_err(|e| {
        // serde's message does not say which option it is about: the first given alone that fails does.
        let failing = options.as_object().into_iter().flatten().find(|(key, given)| {
            let mut one = base.clone();
            if let serde_json::Value::Object(fields) = &mut one {
                fields.insert((*key).clone(), (*given).clone());
            }
            serde_json::from_value::<G::Options>(one).is_err()
        });
        // Rust's integer types said in words.
        let message = [
            ("u8", "a whole number from 0 to 255"),
            ("u16", "a whole number from 0 to 65535"),
            ("u32", "a whole number from 0 to 4294967295"),
            ("u64", "a whole number, 0 or more"),
        ]
        .iter()
        .fold(e.to_string(), |m, (rust, words)| m.replace(&format!("expected {rust}"), &format!("expected {words}")));
        match failing {
            Some((key, _)) if !message.contains(&format!("`{key}`")) => {
                OptionsError::new(format!("option {key}: {message}"))
            }
            _ => OptionsError::new(message),
        }
    })?;
    // A table size given twice must agree: `players` silently losing to `options` would start a game of
    // another size than asked (and a size past 255 would wrap in games that keep it as a byte).
    if let (Some(players), Ok(game)) = (players, G::new(options.clone())) {
        if game.seats() != players {
            return Err(OptionsError::new(format!(
                "players is {players} but the options make a table of {}",
                game.seats()
            )));
        }
    }
    Ok(options)
}
