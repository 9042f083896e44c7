//! What one captain (or a spectator) may see, and determinization.

use plunder_core::{Rng, Seat, SeatSet, Viewer};
use serde::Serialize;

use super::cards::MAX_KINDS;
use super::state::{Held, Phase, Showdown, State};
use super::Scallywager;
use crate::bidding::Bid;

/// A die the viewer knows: its own, one it looked at, or one shown to all.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KnownDie {
    pub seat: Seat,
    pub index: u8,
    pub face: u8,
}

/// Cards of one kind face up in front of a captain.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Holding {
    pub card: u8,
    pub count: u8,
}

/// A revealed Adventure card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Revealed {
    pub seat: Seat,
    pub card: u8,
}

/// The showdown with every ship's dice.
pub type ShowdownView = crate::bidding::Revealed<Showdown>;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub seat: Option<Seat>,
    pub players: u8,
    pub turn: u32,
    pub phase: Phase,
    pub token: Seat,
    /// Crew (dice) of every captain.
    pub crew: Vec<u8>,
    /// The viewer's dice; `null` for a die still being rolled.
    pub my_dice: Vec<Option<u8>>,
    /// Other captains' dice the viewer knows.
    pub known: Vec<KnownDie>,
    /// Treasure cards face up, per captain.
    pub treasure: Vec<Vec<Holding>>,
    /// The viewer's Adventure cards.
    pub my_adventure: Vec<Held>,
    /// Concealed Adventure cards per captain (how many).
    pub concealed: Vec<u8>,
    /// Adventure cards revealed this turn.
    pub revealed: Vec<Revealed>,
    /// Cards in the Treasure and Adventure draw piles.
    pub deck_sizes: [u32; 2],
    /// The face-up discard piles, by kind: `[treasure, adventure]`.
    pub discards: [Vec<u8>; 2],
    /// Who may use a Treasure card now.
    pub priority: Option<Seat>,
    pub bidder: Option<Seat>,
    pub clockwise: bool,
    pub bids: Vec<(Seat, Bid)>,
    pub forced: Option<Seat>,
    pub black_spot: Option<Seat>,
    pub powder_kegs: u8,
    pub boarders: SeatSet,
    pub ghosts: SeatSet,
    /// The call's winner, choosing a deck.
    pub drawing: Option<Seat>,
    pub last_showdown: Option<ShowdownView>,
    pub winners: SeatSet,
}

pub(super) fn view(game: &Scallywager, state: &State, viewer: Viewer) -> View {
    let players = game.players();
    let me = viewer.seat();
    let mut known = Vec::new();
    for owner in Seat::all(players).filter(|&o| Some(o) != me) {
        let mut bits = state.shown[owner.index()];
        if let Some(me) = me {
            bits |= state.seen[me.index()][owner.index()];
        }
        bits &= !state.pending[owner.index()];
        for (index, &face) in state.cups.dice_of(owner).iter().enumerate() {
            if bits & (1 << index) != 0 {
                known.push(KnownDie { seat: owner, index: index as u8, face });
            }
        }
    }
    let in_play = !matches!(state.phase, Phase::Start | Phase::Over);
    let holdings = |seat: Seat| -> Vec<Holding> {
        (0..game.treasure.cards.len())
            .filter(|&k| state.treasure[seat.index()][k] > 0)
            .map(|k| Holding { card: k as u8, count: state.treasure[seat.index()][k] })
            .collect()
    };
    let kinds = |row: &[u8; MAX_KINDS], n: usize| row[..n].to_vec();
    View {
        seat: me,
        players: players as u8,
        turn: state.turn,
        phase: state.phase,
        token: state.token,
        crew: state.cups.counts().to_vec(),
        my_dice: match me {
            Some(me) if in_play => state
                .cups
                .dice_of(me)
                .iter()
                .enumerate()
                .map(|(i, &face)| (state.pending[me.index()] & (1 << i) == 0).then_some(face))
                .collect(),
            _ => Vec::new(),
        },
        known,
        treasure: Seat::all(players).map(holdings).collect(),
        my_adventure: me.map_or(Vec::new(), |me| state.adventure[me.index()].iter().flatten().copied().collect()),
        concealed: Seat::all(players)
            .map(|s| state.adventure[s.index()].iter().flatten().filter(|h| !h.revealed).count() as u8)
            .collect(),
        revealed: Seat::all(players)
            .flat_map(|seat| {
                state.adventure[seat.index()]
                    .iter()
                    .flatten()
                    .filter(|h| h.revealed)
                    .map(move |h| Revealed { seat, card: h.card })
            })
            .collect(),
        deck_sizes: [0, 1].map(|d| state.decks[d].iter().map(|&c| c as u32).sum()),
        discards: [
            kinds(&state.discards[0], game.treasure.cards.len()),
            kinds(&state.discards[1], game.adventure.cards.len()),
        ],
        priority: (state.phase == Phase::Treasure).then(|| state.window.holder()).flatten(),
        bidder: (state.phase == Phase::Bidding).then_some(state.bidder),
        clockwise: state.clockwise,
        bids: state.bids.clone(),
        forced: state.forced,
        black_spot: state.force_after,
        powder_kegs: state.keg,
        boarders: state.boarders,
        ghosts: state.ghosts,
        drawing: state.draw.map(|(w, _)| w),
        last_showdown: state.showdown.map(|s| ShowdownView::new(s, &s.cups)),
        winners: state.winners,
    }
}

/// Redraws what `seat` cannot know: other captains' unseen dice, and their concealed Adventure cards (from those
/// cards and the Adventure draw pile together).
pub(super) fn determinize(game: &Scallywager, state: &State, seat: Seat, rng: &mut Rng) -> State {
    let mut sampled = state.clone();
    if state.phase == Phase::Over {
        return sampled;
    }
    for owner in Seat::all(game.players()).filter(|&o| o != seat) {
        let known = state.shown[owner.index()] | state.seen[seat.index()][owner.index()] | state.pending[owner.index()];
        for index in 0..state.crew(owner) as usize {
            if known & (1 << index) == 0 {
                sampled.cups.set(owner, index, rng.die(6));
            }
        }
    }
    let mut pool = state.decks[1];
    for owner in Seat::all(game.players()).filter(|&o| o != seat) {
        for held in state.adventure[owner.index()].iter().flatten().filter(|h| !h.revealed) {
            pool[held.card as usize] += 1;
        }
    }
    for owner in Seat::all(game.players()).filter(|&o| o != seat) {
        for slot in sampled.adventure[owner.index()].iter_mut().flatten().filter(|h| !h.revealed) {
            let total: u32 = pool.iter().map(|&c| c as u32).sum();
            let mut pick = rng.below(total.max(1));
            let card = pool.iter().position(|&c| {
                if pick < c as u32 {
                    true
                } else {
                    pick -= c as u32;
                    false
                }
            });
            if let Some(card) = card {
                pool[card] -= 1;
                slot.card = card as u8;
            }
        }
    }
    sampled.decks[1] = pool;
    sampled
}
