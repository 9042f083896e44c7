//! # Liar's dice (`liars-dice`)
//!
//! **Source:** the classic bluffing game (Dudo, Perudo), and OpenSpiel's `liars_dice`, whose configuration is
//! this game's default. It is the bidding core that Scallywager and Lying Pirates share (`crate::bidding`).
//! Rulings: `docs/rules/liars-dice.md`.
//!
//! Every player rolls dice hidden in a cup. In turn, a player raises the bid ("at least q dice show f", wild
//! faces counting), calls the last bid a lie, or (with `exact`) calls it exactly right. A call shows every
//! cup and settles the round.
//!
//! | option | default | meaning |
//! |---|---|---|
//! | `players` | 2 | 2 to 6 |
//! | `dice` | 1 | dice per player (1-10): a number, or one per seat `[5, 3]` |
//! | `faces` | 6 | faces per die, 2-12 |
//! | `wild` | `highest` | `none`, `ones`, `highest` |
//! | `wild_biddable` | true | whether bids may name the wild face itself (else it only counts toward other faces) |
//! | `raise` | `quantity_major` | more dice, or as many of a higher face; or `face_major` |
//! | `exact` | false | allow the exact call |
//! | `length` | `one_round` | or `to_last_die`: losers lose a die, the last with dice wins |
//! | `max_rounds` | 500 | a to-the-last-die game ends here (most dice wins) |
//!
//! **Payoffs.** One round: the loser gets -1 and the others share +1 (+1 for the winner of two); a right exact
//! call gets +1 and the others share -1. To the last die: the winner 1, others 0 (ties share).

mod action;
mod bot;
mod encoding;
mod event;
mod invariants;
mod options;
pub mod solve;
mod state;
mod text;
mod view;

pub use crate::bidding::Call;
pub use action::{Action, Roll};
pub use bot::{ProbabilityBot, RaiseByOneBot};
pub use event::Event;
pub use options::{DiceCount, Length, Options, MAX_DICE, MAX_PLAYERS, MIN_PLAYERS};
pub use state::{Phase, Showdown, State};
pub use view::{BidMade, Revealed, View};

use plunder_core::{
    Bot, BotKind, BotMaker, Facts, Game, OptionsError, Outcome, PlayError, Rng, Roster, Seat, SeatSet, Status, Teller,
    Utility, Viewer,
};

use crate::bidding::Bid;

/// Liar's dice under one set of options.
#[derive(Clone, Debug)]
pub struct LiarsDice {
    options: Options,
    rules: crate::bidding::BidRules,
    /// The starting position, made once: a fresh one is a copy.
    start: State,
    /// Every bid the table's dice allow, in the raise order: the legal raises are a run of it.
    raises: crate::bidding::RaiseRuns<Action>,
}

impl LiarsDice {
    fn players(&self) -> usize {
        self.options.players as usize
    }

    pub fn bid_rules(&self) -> &crate::bidding::BidRules {
        &self.rules
    }
}

impl Game for LiarsDice {
    type Options = Options;
    type State = State;
    type Action = Action;
    type Chance = Roll;
    type View = View;
    type Event = Event;

    const ID: &'static str = "liars-dice";
    const NAME: &'static str = "Liar's Dice";

    fn new(options: Options) -> Result<Self, OptionsError> {
        options.validate()?;
        let rules = options.bid_rules();
        let dice: u32 = (0..options.players as usize).map(|s| options.dice_of(s) as u32).sum();
        let raises = rules.raise_runs(dice.min(u8::MAX as u32) as u8, Action::bid);
        Ok(LiarsDice { start: State::new(&options), raises, rules, options })
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn options_for_players(players: usize) -> Options {
        Options::for_players(players.min(u8::MAX as usize) as u8)
    }

    fn sample_options(players: usize, rng: &mut Rng) -> Options {
        Options::sample(players.min(u8::MAX as usize) as u8, rng)
    }

    fn seats(&self) -> usize {
        self.players()
    }

    #[inline]
    fn initial_state(&self) -> State {
        self.start.clone()
    }

    #[inline]
    fn status(&self, state: &State) -> Status {
        match state.phase {
            state::Phase::Roll => Status::Chance,
            state::Phase::Bid => Status::Decide(SeatSet::only(state.turn)),
            state::Phase::Over => Status::Over,
        }
    }

    #[inline]
    fn legal_actions(&self, state: &State, _seat: Seat, out: &mut Vec<Action>) {
        let last = state.last_bid().map(|(_, b)| b);
        let max = state.total_dice().min(u8::MAX as u32) as u8;
        self.rules.extend_raises(&self.raises, last, max, out, Action::bid);
        if last.is_some() {
            out.push(Action::Liar);
            if self.options.exact {
                out.push(Action::Exact);
            }
        }
    }

    fn check_action(&self, state: &State, _seat: Seat, action: &Action) -> Result<(), PlayError> {
        let last = state.last_bid().map(|(_, b)| b);
        match *action {
            Action::Bid { quantity, face } => {
                let bid = Bid { quantity, face };
                if face == 0 || face > self.options.faces {
                    return Err(PlayError::illegal(format!("a die's faces are 1 to {}", self.options.faces)));
                }
                if !self.rules.biddable(face) {
                    return Err(PlayError::illegal(format!("nobody may bid on {face}s, the wild face")));
                }
                if quantity as u32 > state.total_dice() {
                    return Err(PlayError::illegal(format!("there are only {} dice", state.total_dice())));
                }
                if !self.rules.is_raise(last, bid) {
                    return Err(PlayError::illegal(match last {
                        Some(last) => format!("{bid} does not raise {last}"),
                        None => "a bid needs at least one die".to_string(),
                    }));
                }
                Ok(())
            }
            Action::Liar | Action::Exact if last.is_none() => Err(PlayError::illegal("there is no bid to call yet")),
            Action::Exact if !self.options.exact => Err(PlayError::illegal("exact calls are off in this game")),
            Action::Liar | Action::Exact => Ok(()),
        }
    }

    fn apply_with<T: Teller<Self::Event>>(&self, state: &mut State, seat: Seat, action: &Action, told: &mut T) {
        match *action {
            Action::Bid { quantity, face } => {
                let bid = Bid { quantity, face };
                state.bid(&self.options, seat, bid);
                told.public(|| Event::Bid { seat, bid });
            }
            Action::Liar => state.call(&self.options, seat, Call::Liar, told),
            Action::Exact => state.call(&self.options, seat, Call::Exact, told),
        }
    }

    fn chance_outcomes(&self, state: &State, out: &mut Vec<(Roll, f64)>) {
        let Some(seat) = state.cups.rolling() else { return };
        let p = 1.0 / self.options.faces as f64;
        out.extend((1..=self.options.faces).map(|face| (Roll { seat, face }, p)));
    }

    #[inline]
    fn sample_chance(&self, state: &State, rng: &mut Rng) -> Roll {
        Roll { seat: state.cups.rolling().unwrap_or(Seat(0)), face: rng.die(self.options.faces) }
    }

    fn check_chance(&self, state: &State, roll: &Roll) -> Result<(), PlayError> {
        let Some(next) = state.cups.rolling() else { return Err(PlayError::NoChancePending) };
        if roll.seat != next {
            Err(PlayError::illegal_chance(format!("{next} rolls next, not {}", roll.seat)))
        } else if !(1..=self.options.faces).contains(&roll.face) {
            Err(PlayError::illegal_chance(format!("dice show 1 to {}", self.options.faces)))
        } else {
            Ok(())
        }
    }

    fn apply_chance_with<T: Teller<Self::Event>>(&self, state: &mut State, roll: &Roll, told: &mut T) {
        state.roll(*roll);
        if T::LISTENING && state.cups.rolling() != Some(roll.seat) {
            let seat = roll.seat;
            let dice = state.cups.count(seat);
            let mut faces = state.dice_of(seat).to_vec();
            faces.sort_unstable();
            told.secret(
                seat,
                || Event::Rolled { seat, dice, faces: Some(faces) },
                || Event::Rolled { seat, dice, faces: None },
            );
        }
    }

    fn view(&self, state: &State, viewer: Viewer) -> View {
        view::view(state, &self.options, viewer)
    }

    fn determinize(&self, state: &State, seat: Seat, rng: &mut Rng) -> State {
        view::determinize(state, &self.options, seat, rng)
    }

    fn determinize_into(&self, state: &State, seat: Seat, rng: &mut Rng, out: &mut State) {
        view::determinize_into(state, &self.options, seat, rng, out);
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        (state.phase == state::Phase::Over)
            .then(|| Outcome { winners: state.winners, payoffs: state.payoffs[..self.players()].to_vec() })
    }

    /// `max_rounds` stopped a to-the-last-die game while several players had dice.
    fn truncated(&self, state: &State) -> bool {
        state.phase == state::Phase::Over && self.options.length == Length::ToLastDie && state.cups.alive().len() > 1
    }

    fn payoffs_into(&self, state: &State, out: &mut Vec<f64>) -> bool {
        out.clear();
        let over = state.phase == state::Phase::Over;
        if over {
            out.extend_from_slice(&state.payoffs[..self.players()]);
        }
        over
    }

    fn round(&self, state: &State) -> u32 {
        state.round
    }

    /// A player who lost their last die (played to the last die).
    fn out(&self, state: &State) -> SeatSet {
        let mut out = SeatSet::EMPTY;
        Seat::all(self.seats()).filter(|&seat| state.dice_of(seat).is_empty()).for_each(|seat| out.insert(seat));
        out
    }

    fn facts(&self) -> Facts {
        let (payoffs, utility, rounds) = match self.options.length {
            // The loser pays 1 to the others (or a right exact call takes 1 from them): zero-sum.
            Length::OneRound => ((-1.0, 1.0), Utility::ZeroSum, 1),
            // The last with dice wins (ties at `max_rounds` share): a shared win of 1.
            Length::ToLastDie => ((0.0, 1.0), Utility::ConstantSum { total: 1.0 }, self.options.max_rounds as u64),
        };
        // No cup ever holds more than it started with, so a round rolls at most every starting die once, and
        // strictly rising bids cannot outnumber the (quantity, face) pairs before the one call.
        // The decisions of a round are those bids and the call (pyspiel's `MaxGameLength` for one round); its
        // chance steps are the dice. `max_rounds` caps a to-the-last-die game, since right exact calls give
        // dice back.
        let dice: u64 = (0..self.players()).map(|s| self.options.dice_of(s) as u64).sum();
        let decisions_per_round = dice * self.options.faces as u64 + 1;
        let per_round = dice + decisions_per_round;
        Facts {
            min_players: MIN_PLAYERS,
            max_players: MAX_PLAYERS,
            min_payoff: payoffs.0,
            max_payoff: payoffs.1,
            utility,
            max_steps: rounds * per_round,
            max_decisions: rounds * decisions_per_round,
            chance: true,
            hidden_information: true,
            simultaneous: false,
        }
    }

    fn action_space(&self) -> Option<Vec<Action>> {
        Some(self.action_list())
    }

    fn action_index(&self, action: &Action) -> Option<usize> {
        self.index_of(action)
    }

    fn tensor_len(&self, _kind: plunder_core::TensorKind) -> Option<usize> {
        Some(self.tensor_size())
    }

    fn tensor_layout(&self, kind: plunder_core::TensorKind) -> Option<plunder_core::TensorLayout> {
        Some(self.tensor_sections(kind))
    }

    fn write_tensor(&self, view: &View, kind: plunder_core::TensorKind, out: &mut [f32]) {
        self.tensor(view, kind, out)
    }

    fn write_seat_tensor(&self, state: &State, seat: Seat, kind: plunder_core::TensorKind, out: &mut [f32]) -> bool {
        self.seat_tensor(state, seat, kind, out);
        true
    }

    fn check_invariants(&self, state: &State) -> Result<(), String> {
        self.invariants(state)
    }
}

impl Roster for LiarsDice {
    fn own_bot_kinds() -> Vec<BotKind> {
        vec![
            BotKind {
                name: "odds",
                about: "bids and calls by the exact odds of the unseen dice, reading others' bids",
            },
            BotKind {
                name: "raise",
                about: "a simple bot: raises the last bid's quantity by one, calls liar when it cannot",
            },
        ]
    }

    fn make_own_bot(name: &str, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        match name {
            "odds" => Some(Box::new(ProbabilityBot::new(seed))),
            "raise" => Some(Box::new(RaiseByOneBot)),
            _ => None,
        }
    }

    fn strategy_bot_maker(&self, saved: &str) -> Result<BotMaker<Self>, String> {
        let strategy: solve::Strategy =
            serde_json::from_str(saved).map_err(|e| format!("not a saved liar's dice strategy: {e}"))?;
        if !strategy.options.same_game(self.options()) {
            return Err(format!(
                "the strategy was solved for the options {}, not this game's {}",
                serde_json::to_string(&strategy.options).unwrap_or_default(),
                serde_json::to_string(self.options()).unwrap_or_default()
            ));
        }
        let table = std::sync::Arc::new(solve::StrategyTable::new(&strategy));
        Ok(std::sync::Arc::new(move |seed| {
            Box::new(solve::StrategyBot::new(std::sync::Arc::clone(&table), seed)) as Box<dyn Bot<Self>>
        }))
    }
}
