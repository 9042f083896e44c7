//! What one player (or a spectator) sees, and determinization.

use plunder_core::{Rng, Seat, SeatSet, Viewer};
use serde::Serialize;

use super::options::Options;
use super::state::{Phase, Showdown, State};

pub use crate::bidding::BidMade;

/// The last round's showdown with everyone's dice, as revealed.
pub type Revealed = crate::bidding::Revealed<Showdown>;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    pub seat: Option<Seat>,
    pub players: u8,
    pub round: u32,
    pub phase: Phase,
    /// Dice in each cup (public).
    pub dice_counts: Vec<u8>,
    pub my_dice: Vec<u8>,
    /// Seats whose roll is still pending this round.
    pub rolling: SeatSet,
    /// Whose turn it is to bid or call.
    pub turn: Option<Seat>,
    pub bids: Vec<BidMade>,
    pub last_showdown: Option<Revealed>,
    pub winners: SeatSet,
    /// The table's wild face (it counts as every face bid on), if any: a rule people must see beside the dice.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub wild: Option<u8>,
}

/// Whether `seat`'s cup is done and so seen by its owner: while dice are rolled, once all its dice are; while
/// bidding, always; once the game is over, never (the cups are put away; the showdown shows them). The view and
/// the view-free tensor (`encoding.rs`) both ask this.
pub(super) fn cup_done(state: &State, seat: Seat) -> bool {
    match state.phase {
        Phase::Roll => state.cups.rolled(seat),
        Phase::Bid => true,
        Phase::Over => false,
    }
}

pub(super) fn view(state: &State, options: &Options, viewer: Viewer) -> View {
    let players = options.players as usize;
    let cup_done = |s: Seat| cup_done(state, s);
    let rolling: SeatSet = if state.phase == Phase::Roll {
        Seat::all(players).filter(|&s| state.cups.count(s) > 0 && !cup_done(s)).collect()
    } else {
        SeatSet::EMPTY
    };
    // Cups are shown sorted, lowest face first (as OpenSpiel sorts them): the order the dice fell in is no
    // information, and showing it would split one information state into several.
    let my_dice = match viewer.seat() {
        Some(me) if cup_done(me) => sorted(state.dice_of(me)),
        _ => Vec::new(),
    };
    View {
        seat: viewer.seat(),
        players: options.players,
        round: state.round,
        phase: state.phase,
        dice_counts: state.cups.counts().to_vec(),
        my_dice,
        rolling,
        turn: (state.phase == Phase::Bid).then_some(state.turn),
        bids: state.bids.to_view(),
        last_showdown: state.showdown.map(|s| {
            let mut revealed = Revealed::new(s, &s.cups);
            revealed.dice.iter_mut().for_each(|cup| cup.sort_unstable());
            revealed
        }),
        winners: state.winners,
        wild: options.bid_rules().wild_face(),
    }
}

fn sorted(dice: &[u8]) -> Vec<u8> {
    let mut dice = dice.to_vec();
    dice.sort_unstable();
    dice
}

/// Rerolls every die `seat` has not seen.
pub(super) fn determinize(state: &State, options: &Options, seat: Seat, rng: &mut Rng) -> State {
    let mut sampled = state.clone();
    determinize_into(state, options, seat, rng, &mut sampled);
    sampled
}

/// [`determinize`] into `out`, whose bid log keeps its buffer.
pub(super) fn determinize_into(state: &State, options: &Options, seat: Seat, rng: &mut Rng, out: &mut State) {
    out.copy_from(state);
    if state.phase == Phase::Over {
        return;
    }
    for other in Seat::all(options.players as usize).filter(|&o| o != seat) {
        for index in 0..state.cups.rolled_dice(other) {
            out.cups.set(other, index, rng.die(options.faces));
        }
    }
}
