//! # Loot Pirates
//!
//! **Source:** *Loot Pirates: Rules* (Flex Dolphynn), for 3-8 players; rulebook
//! `shared/rulebooks/003_4a5f7c6e2ecec5a3.txt`. Rulings and designed numbers: `docs/rules/loot-pirates.md`.
//!
//! Each round every pirate rolls a hidden red (attack) and black (defence) die, aims at another pirate (all at
//! once), may negotiate (pay doubloons, show dice to one pirate), then drops, raises or shoots (all at once).
//! A shot hits when red beats the target's black less 1 for each extra shooter on that target; each hit costs
//! the target 2 doubloons. Every brave survivor takes one doubloon from the Booty for each pirate who dropped
//! or was shot. The game ends when the Booty is empty; most doubloons wins.
//!
//! **Simplifications:** negotiation is a turn order of offers from the Captain (at most
//! `negotiation_offers` each per round) instead of free talk; promises are not modelled because they bind
//! nobody; the cheating penalty does not exist because the engine cannot be cheated; drinking is left to the
//! players.
//!
//! | option | default | meaning |
//! |---|---|---|
//! | `players` | 5 | 3 to 8 pirates |
//! | `starting_doubloons` | 4 | a number, or `"d6"` for the D6 Starting Gold Variant |
//! | `booty` | `null` = by table size: 18, 30, 46, 64, 84, 104 for 3-8 | doubloons in the Booty (designed: about 10 rounds) |
//! | `reserve` | 15 | tops up the last round's shares |
//! | `captain` | 0 | first to negotiate; first served if even the Reserve runs short |
//! | `negotiation_offers` | 2 | offers per pirate per round; 0 skips negotiation |
//! | `max_payment` | 2 | most doubloons in one payment |
//! | `equal_attack_order` | `clockwise_from_target` | who is paid first among equal attack dice: or `from_captain` |
//! | `shoot_off` | false | settle a shared win with the optional shoot-off |
//! | `shoot_off_rounds` | 10 | shoot-off rounds before the survivors share the win |
//! | `max_rounds` | 50 | the game ends after this many rounds even with Booty left |
//!
//! **Payoffs:** winners share 1 (each of k winners gets 1/k), everyone else 0.

mod action;
mod bot;
mod event;
mod invariants;
mod options;
mod resolve;
mod state;
mod tensor;
mod text;
mod view;

pub use action::{Action, Chance, Dice, Fire};
pub use bot::LootBot;
pub use event::{Ending, Event};
pub use options::{default_booty, EqualAttackOrder, Options, StartingDoubloons, D6, MAX_PIRATES, MIN_PIRATES};
pub use resolve::{Report, SHOT_PRICE};
use state::Said;
pub use state::{Phase, State};
pub use view::{Payment, Showing, Shown, View};

use plunder_core::{
    Audience, Bot, BotKind, Facts, Game, OptionsError, Outcome, PlayError, Rng, Roster, Seat, SeatSet, Status, Teller,
    TensorKind, TensorLayout, Utility, Viewer,
};

/// Loot Pirates under one set of options.
#[derive(Clone, Debug)]
pub struct LootPirates {
    options: Options,
    /// Where the observation tensor's sections start (from the table size, computed once).
    offsets: tensor::Offsets,
}

impl LootPirates {
    fn players(&self) -> usize {
        self.options.players as usize
    }

    fn check_seat_target(&self, seat: Seat, other: Seat, what: &str) -> Result<(), PlayError> {
        if other.index() >= self.players() {
            return Err(PlayError::illegal(format!("there is no pirate {} to {what}", other.0)));
        }
        if other == seat {
            return Err(PlayError::illegal(format!("you cannot {what} yourself")));
        }
        Ok(())
    }
}

impl Game for LootPirates {
    type Options = Options;
    type State = State;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const ID: &'static str = "loot-pirates";
    const NAME: &'static str = "Loot Pirates";

    fn new(options: Options) -> Result<Self, OptionsError> {
        options.validate()?;
        let (_, offsets) = tensor::tensor_sections(options.players as usize);
        Ok(LootPirates { options, offsets })
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

    fn initial_state(&self) -> State {
        State::new(&self.options)
    }

    fn status(&self, state: &State) -> Status {
        match state.phase {
            Phase::StartingGold | Phase::Roll => Status::Chance,
            Phase::Aim => Status::Decide(state.contestants.minus(state.aimed)),
            Phase::Negotiate => Status::Decide(state.talk.holder().map_or(SeatSet::EMPTY, SeatSet::only)),
            Phase::Fire => Status::Decide(state.contestants.minus(state.fired)),
            Phase::Over => Status::Over,
        }
    }

    fn is_pass(&self, action: &Action) -> bool {
        matches!(action, Action::Pass)
    }

    fn legal_actions(&self, state: &State, seat: Seat, out: &mut Vec<Action>) {
        match state.phase {
            Phase::Aim => {
                out.extend(state.contestants.iter().filter(|&t| t != seat).map(|target| Action::Aim { target }));
            }
            Phase::Negotiate => {
                let most = state.coins[seat.index()].min(self.options.max_payment);
                out.push(Action::Pass);
                for to in Seat::all(self.players()).filter(|&t| t != seat) {
                    if !state.shown[seat.index()].contains(to) {
                        out.push(Action::Show { to });
                    }
                    // A half-open range: its extend writes without a check per item, an inclusive one's does not.
                    out.extend((1..most.saturating_add(1)).map(|doubloons| Action::Pay { to, doubloons }));
                }
            }
            Phase::Fire => {
                out.push(Action::Fire { choice: Fire::Shoot });
                out.push(Action::Fire { choice: Fire::Raise });
                if state.is_aimed_at(seat) {
                    out.push(Action::Fire { choice: Fire::Drop });
                }
            }
            Phase::StartingGold | Phase::Roll | Phase::Over => {}
        }
    }

    fn check_action(&self, state: &State, seat: Seat, action: &Action) -> Result<(), PlayError> {
        let phase_error =
            |wanted: &str| PlayError::illegal(format!("{wanted} is not possible now ({})", state.phase.words()));
        match *action {
            Action::Aim { target } => {
                if state.phase != Phase::Aim {
                    return Err(phase_error("aiming"));
                }
                self.check_seat_target(seat, target, "aim at")?;
                if !state.contestants.contains(target) {
                    return Err(PlayError::illegal(format!("{target} is not in the shoot-off")));
                }
                Ok(())
            }
            Action::Pay { to, doubloons } => {
                if state.phase != Phase::Negotiate {
                    return Err(phase_error("paying"));
                }
                self.check_seat_target(seat, to, "pay")?;
                let have = state.coins[seat.index()];
                if doubloons == 0 {
                    Err(PlayError::illegal("a payment must be at least 1 doubloon"))
                } else if doubloons > have {
                    Err(PlayError::illegal(format!("you have only {have} doubloons")))
                } else if doubloons > self.options.max_payment {
                    Err(PlayError::illegal(format!(
                        "one payment carries at most {} doubloons",
                        self.options.max_payment
                    )))
                } else {
                    Ok(())
                }
            }
            Action::Show { to } => {
                if state.phase != Phase::Negotiate {
                    return Err(phase_error("showing dice"));
                }
                self.check_seat_target(seat, to, "show your dice to")?;
                if state.shown[seat.index()].contains(to) {
                    return Err(PlayError::illegal(format!("{to} has already seen your dice")));
                }
                Ok(())
            }
            Action::Pass => {
                if state.phase != Phase::Negotiate {
                    return Err(phase_error("passing"));
                }
                Ok(())
            }
            Action::Fire { choice } => {
                if state.phase != Phase::Fire {
                    return Err(phase_error("firing"));
                }
                if choice == Fire::Drop && !state.is_aimed_at(seat) {
                    return Err(PlayError::illegal("nobody aims at you, so there is nothing to drop for"));
                }
                Ok(())
            }
        }
    }

    fn apply_with<T: Teller<Self::Event>>(&self, state: &mut State, seat: Seat, action: &Action, told: &mut T) {
        match *action {
            Action::Aim { target } => state.aim(&self.options, seat, target, told),
            Action::Pay { to, doubloons } => {
                state.coins[seat.index()] -= doubloons;
                state.coins[to.index()] += doubloons;
                state.paid[seat.index()][to.index()] += doubloons;
                told.public(|| Event::Paid { from: seat, to, doubloons });
                state.negotiated(&self.options, seat, Said::Offer, told);
            }
            Action::Show { to } => {
                state.shown[seat.index()].insert(to);
                // Only `to` sees the dice; the shower knows its own, the rest see only that it showed.
                let dice = state.dice[seat.index()];
                told.tell(Audience::Only(to), || Event::Showed { from: seat, to, dice: Some(dice) });
                told.tell(Audience::AllBut(to), || Event::Showed { from: seat, to, dice: None });
                state.negotiated(&self.options, seat, Said::Offer, told);
            }
            Action::Pass => {
                told.public(|| Event::Passed { seat });
                state.negotiated(&self.options, seat, Said::Pass, told);
            }
            Action::Fire { choice } => state.fire(&self.options, seat, choice, told),
        }
    }

    fn chance_outcomes(&self, state: &State, out: &mut Vec<(Chance, f64)>) {
        let Some(seat) = state.roller() else { return };
        match state.phase {
            Phase::StartingGold => {
                out.extend((1..=6).map(|doubloons| (Chance::StartingGold { seat, doubloons }, 1.0 / 6.0)));
            }
            Phase::Roll => {
                for red in 1..=6 {
                    out.extend((1..=6).map(|black| (Chance::Roll { seat, red, black }, 1.0 / 36.0)));
                }
            }
            _ => {}
        }
    }

    fn sample_chance(&self, state: &State, rng: &mut Rng) -> Chance {
        let seat = state.roller().unwrap_or(Seat(0));
        match state.phase {
            Phase::StartingGold => Chance::StartingGold { seat, doubloons: rng.die(6) },
            _ => Chance::Roll { seat, red: rng.die(6), black: rng.die(6) },
        }
    }

    fn check_chance(&self, state: &State, outcome: &Chance) -> Result<(), PlayError> {
        let Some(roller) = state.roller() else {
            return Err(PlayError::NoChancePending);
        };
        let (seat, faces_ok, kind_ok) = match *outcome {
            Chance::StartingGold { seat, doubloons } => {
                (seat, (1..=6).contains(&doubloons), state.phase == Phase::StartingGold)
            }
            Chance::Roll { seat, red, black } => {
                (seat, (1..=6).contains(&red) && (1..=6).contains(&black), state.phase == Phase::Roll)
            }
        };
        if !kind_ok {
            Err(PlayError::illegal_chance(format!("that roll does not fit now: {}", state.phase.words())))
        } else if seat != roller {
            Err(PlayError::illegal_chance(format!("{roller} rolls next, not {seat}")))
        } else if !faces_ok {
            Err(PlayError::illegal_chance("dice show 1 to 6"))
        } else {
            Ok(())
        }
    }

    fn apply_chance_with<T: Teller<Self::Event>>(&self, state: &mut State, outcome: &Chance, told: &mut T) {
        state.apply_chance(outcome, told);
    }

    fn view(&self, state: &State, viewer: Viewer) -> View {
        view::view(state, &self.options, viewer)
    }

    fn determinize(&self, state: &State, seat: Seat, rng: &mut Rng) -> State {
        view::determinize(state, seat, rng)
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        (state.phase == Phase::Over).then(|| Outcome::shared_win(state.winners, self.players()))
    }

    /// `max_rounds` stopped the game with Booty left (rule 9), or `shoot_off_rounds` stopped a shoot-off with
    /// several contenders still in (rule 10); an empty Booty and a shoot-off won are the rules' own ends.
    fn truncated(&self, state: &State) -> bool {
        let shoot_off_stopped = state.shoot_off_round > 0 && state.contestants.len() > 1;
        state.phase == Phase::Over && (state.booty > 0 || shoot_off_stopped)
    }

    fn round(&self, state: &State) -> u32 {
        state.round.max(1)
    }

    fn facts(&self) -> Facts {
        let o = &self.options;
        let n = self.players() as u64;
        let starting_rolls = if matches!(o.starting_doubloons, StartingDoubloons::Rolled(_)) { n } else { 0 };
        // Negotiation: every offer reopens the talk, and between two offers each pirate passes at most once.
        let offers = n * o.negotiation_offers as u64;
        let negotiation = if offers == 0 { 0 } else { offers + (offers + 1) * n };
        // A round: every pirate rolls, aims and fires once. The main game stops at `max_rounds`; a shoot-off
        // adds at most `shoot_off_rounds` rounds, which have no negotiation.
        let round = 3 * n;
        let shoot_off_rounds = if o.shoot_off { o.shoot_off_rounds as u64 } else { 0 };
        // Of a round's steps, the rolls are chance: aiming and firing are the decisions.
        let round_decisions = 2 * n;
        Facts {
            min_players: MIN_PIRATES,
            max_players: MAX_PIRATES,
            min_payoff: 0.0,
            max_payoff: 1.0,
            // The most doubloons wins, so someone always does; winners share 1.
            utility: Utility::ConstantSum { total: 1.0 },
            max_steps: starting_rolls + o.max_rounds as u64 * (round + negotiation) + shoot_off_rounds * round,
            max_decisions: o.max_rounds as u64 * (round_decisions + negotiation) + shoot_off_rounds * round_decisions,
            chance: true,
            hidden_information: true,
            simultaneous: true,
        }
    }

    /// Aims at each seat, shows to each seat, pays each seat 1 to `max_payment`, pass, then shoot, raise, drop.
    fn action_space(&self) -> Option<Vec<Action>> {
        let seats = || Seat::all(self.players());
        let mut out: Vec<Action> = seats().map(|target| Action::Aim { target }).collect();
        out.extend(seats().map(|to| Action::Show { to }));
        for to in seats() {
            out.extend((1..=self.options.max_payment).map(|doubloons| Action::Pay { to, doubloons }));
        }
        out.push(Action::Pass);
        out.extend([Fire::Shoot, Fire::Raise, Fire::Drop].map(|choice| Action::Fire { choice }));
        Some(out)
    }

    fn check_invariants(&self, state: &State) -> Result<(), String> {
        self.invariants(state)
    }

    /// The observation only: the information state is the core's (the observation and the seat's own actions).
    fn tensor_len(&self, kind: TensorKind) -> Option<usize> {
        (kind == TensorKind::Observation).then(|| self.tensor_size())
    }

    fn tensor_layout(&self, kind: TensorKind) -> Option<TensorLayout> {
        (kind == TensorKind::Observation).then(|| tensor::tensor_sections(self.players()).0)
    }

    fn write_tensor(&self, view: &View, kind: TensorKind, out: &mut [f32]) {
        self.tensor(view, kind, out)
    }

    fn write_seat_tensor(&self, state: &State, seat: Seat, kind: TensorKind, out: &mut [f32]) -> bool {
        self.seat_tensor(state, seat, kind, out);
        true
    }
}

impl Roster for LootPirates {
    fn own_bot_kinds() -> Vec<BotKind> {
        vec![BotKind {
            name: "loot",
            about: "aims at the rich, bribes a likely hit and shows a strong defence, drops against strong attacks, \
                    shoots when it likely hits",
        }]
    }

    fn make_own_bot(name: &str, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        match name {
            "loot" => Some(Box::new(LootBot::new(seed))),
            _ => None,
        }
    }
}
