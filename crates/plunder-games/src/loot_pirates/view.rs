//! What one pirate (or a spectator) may see, and determinization: a state redrawn from one pirate's knowledge.

use plunder_core::{Rng, Seat, SeatSet, Viewer};
use serde::{Deserialize, Serialize};

use super::action::{Dice, Fire};
use super::options::Options;
use super::resolve::Report;
use super::state::{Phase, State};

/// Dice another pirate showed the viewer this round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Shown {
    pub seat: Seat,
    pub dice: Dice,
}

/// A negotiation payment (public: doubloons are always in plain sight).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Payment {
    pub from: Seat,
    pub to: Seat,
    pub doubloons: u32,
}

/// A pirate showed its dice to another (the fact is public, the dice are not).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Showing {
    pub from: Seat,
    pub to: Seat,
}

/// Everything a viewer may know. Built only by [`view`].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    /// The seat looking, or `null` for a spectator.
    pub seat: Option<Seat>,
    pub players: u8,
    pub captain: Seat,
    pub round: u32,
    pub phase: Phase,
    /// Shoot-off round (0 outside a shoot-off).
    pub shoot_off_round: u32,
    pub booty: u32,
    pub reserve: u32,
    /// Every pirate's doubloons (always in plain sight).
    pub coins: Vec<u32>,
    /// The pirates in the round: everyone, or the shoot-off's contenders.
    pub contestants: SeatSet,
    /// Pirates whose roll is still pending.
    pub to_roll: SeatSet,
    /// The viewer's own dice, once rolled.
    pub my_dice: Option<Dice>,
    /// Dice shown to the viewer this round.
    pub shown_to_me: Vec<Shown>,
    /// Pirates who have aimed (during the aim).
    pub aimed: SeatSet,
    /// The viewer's own aim.
    pub my_aim: Option<Seat>,
    /// Everyone's aim, once all have aimed (`null` for a pirate not in the round).
    pub aims: Option<Vec<Option<Seat>>>,
    /// Negotiation: the pirate to offer or pass.
    pub negotiator: Option<Seat>,
    /// Offers each pirate has left this round.
    pub offers_left: Vec<u8>,
    /// Pirates who have not passed since the last offer.
    pub waiting: SeatSet,
    pub payments: Vec<Payment>,
    pub showings: Vec<Showing>,
    /// Pirates who have chosen on 'Fire!'.
    pub fired: SeatSet,
    /// The viewer's own choice on 'Fire!'.
    pub my_fire: Option<Fire>,
    /// The last resolved round.
    pub last_round: Option<Report>,
    /// The winners, once the game is over.
    pub winners: SeatSet,
}

pub(super) fn view(state: &State, options: &Options, viewer: Viewer) -> View {
    let players = options.players as usize;
    let me = viewer.seat();
    let seats = || Seat::all(players);
    let (aimed, fired) = (state.aimed, state.fired);
    let aims_public = matches!(state.phase, Phase::Negotiate | Phase::Fire);
    let in_round = matches!(state.phase, Phase::Roll | Phase::Aim | Phase::Negotiate | Phase::Fire);
    let mut payments = Vec::new();
    let mut showings = Vec::new();
    for from in seats() {
        for to in seats() {
            let doubloons = state.paid[from.index()][to.index()];
            if doubloons > 0 {
                payments.push(Payment { from, to, doubloons });
            }
            if state.shown[from.index()].contains(to) {
                showings.push(Showing { from, to });
            }
        }
    }
    View {
        seat: me,
        players: options.players,
        captain: Seat(options.captain),
        round: state.round,
        phase: state.phase,
        shoot_off_round: state.shoot_off_round,
        booty: state.booty,
        reserve: state.reserve,
        coins: state.coins[..players].to_vec(),
        contestants: state.contestants,
        to_roll: if in_round || state.phase == Phase::StartingGold { state.to_roll } else { SeatSet::EMPTY },
        my_dice: me.filter(|s| in_round && !state.to_roll.contains(*s)).map(|s| state.dice[s.index()]),
        shown_to_me: match me {
            Some(me) if in_round => seats()
                .filter(|&s| state.shown[s.index()].contains(me))
                .map(|seat| Shown { seat, dice: state.dice[seat.index()] })
                .collect(),
            _ => Vec::new(),
        },
        aimed: if state.phase == Phase::Aim { aimed } else { SeatSet::EMPTY },
        my_aim: me.and_then(|s| state.aims[s.index()]),
        aims: aims_public.then(|| state.aims[..players].to_vec()),
        negotiator: (state.phase == Phase::Negotiate).then(|| state.talk.holder()).flatten(),
        offers_left: state.offers_used[..players]
            .iter()
            .map(|&used| options.negotiation_offers.saturating_sub(used))
            .collect(),
        waiting: if state.phase == Phase::Negotiate { state.talk.waiting() } else { SeatSet::EMPTY },
        payments,
        showings,
        fired: if state.phase == Phase::Fire { fired } else { SeatSet::EMPTY },
        my_fire: me.and_then(|s| state.fires[s.index()]),
        last_round: state.last.clone(),
        winners: state.winners,
    }
}

/// Redraws everything hidden from `seat`: dice it has not seen, and aims and fire choices it cannot see yet.
pub(super) fn determinize(state: &State, seat: Seat, rng: &mut Rng) -> State {
    let mut sampled = state.clone();
    let in_round = matches!(state.phase, Phase::Roll | Phase::Aim | Phase::Negotiate | Phase::Fire);
    for other in state.contestants.iter().filter(|&o| o != seat) {
        let i = other.index();
        if in_round && !state.to_roll.contains(other) && !state.shown[i].contains(seat) {
            sampled.dice[i] = Dice { red: rng.die(6), black: rng.die(6) };
        }
        if state.phase == Phase::Aim && state.aims[i].is_some() {
            let targets: Vec<Seat> = state.contestants.iter().filter(|&t| t != other).collect();
            sampled.aims[i] = Some(targets[rng.index(targets.len())]);
        }
    }
    if state.phase == Phase::Fire {
        for other in state.contestants.iter().filter(|&o| o != seat && state.fires[o.index()].is_some()) {
            let mut choices = vec![Fire::Raise, Fire::Shoot];
            if state.is_aimed_at(other) {
                choices.push(Fire::Drop);
            }
            sampled.fires[other.index()] = Some(choices[rng.index(choices.len())]);
        }
    }
    sampled
}
