//! What one captain (or a spectator) may see, and determinization.

use plunder_core::{Rng, Seat, SeatSet, Viewer};
use serde::Serialize;

use super::cards::Deck;
use super::state::{fresh, hand, shown, CallKind, CardUse, Held, Phase, Showdown, State, DECK, DISCARD};
use super::Scallywager;
use crate::bidding::BidMade;

/// A die the viewer knows: its own, one it looked at, or one shown to all.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct KnownDie {
    pub seat: Seat,
    pub index: u8,
    pub face: u8,
}

/// Cards of one kind face up in front of a captain.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Holding {
    pub card: u8,
    pub count: u8,
}

/// A revealed Adventure card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "RevealedCard"))]
pub struct Revealed {
    pub seat: Seat,
    pub card: u8,
}

/// A call waiting for answers before the dice are shown (public: it was said aloud).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CallMade {
    pub caller: Seat,
    pub call: CallKind,
}

/// The showdown with every ship's dice.
pub type ShowdownView = crate::bidding::Revealed<Showdown>;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    /// Who may use a Treasure card, or answer the call, now.
    pub priority: Option<Seat>,
    /// Captains who may still answer the call (those holding Adventure cards from before this turn).
    pub answering: SeatSet,
    /// The call the captains are answering.
    pub call: Option<CallMade>,
    pub bidder: Option<Seat>,
    pub clockwise: bool,
    pub bids: Vec<BidMade>,
    pub forced: Option<Seat>,
    pub black_spot: Option<Seat>,
    pub powder_kegs: u8,
    pub boarders: SeatSet,
    pub ghosts: SeatSet,
    /// The call's winner, choosing a deck.
    pub drawing: Option<Seat>,
    pub last_showdown: Option<ShowdownView>,
    pub winners: SeatSet,
    /// Cards used so far in the game, and the last one.
    pub card_uses: u32,
    pub last_use: Option<CardUse>,
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
            .filter(|&k| state.has_treasure(seat, k))
            .map(|k| Holding { card: k as u8, count: state.treasure_held(seat, k) as u8 })
            .collect()
    };
    let adventure = &state.cards.adventure;
    let pile = |deck: Deck| -> Vec<u8> {
        let cards = state.cards.get(deck);
        (0..game.deck(deck).cards.len()).map(|k| cards.count_kind(DISCARD, k as u8) as u8).collect()
    };
    let my_adventure = |me: Seat| -> Vec<Held> {
        let held = |zone, drawn_turn, revealed| {
            adventure.cards_in(zone).map(move |id| Held { card: adventure.kind(id), drawn_turn, revealed })
        };
        // A card in hand was drawn last turn; one drawn this turn waits in `fresh`.
        let last_turn = state.turn.saturating_sub(1);
        held(hand(me), last_turn, false)
            .chain(held(shown(me), last_turn, true))
            .chain(held(fresh(me), state.turn, false))
            .collect()
    };
    View {
        seat: me,
        players: players as u8,
        turn: state.turn,
        phase: state.phase,
        token: state.token,
        crew: state.cups.counts().to_vec(),
        my_dice: match me {
            // A turn's roll is seen whole once its last die is down (as it is told), not die by die.
            Some(me) if state.phase == Phase::Roll && state.pending[me.index()] != 0 => {
                vec![None; state.cups.dice_of(me).len()]
            }
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
        my_adventure: me.map_or(Vec::new(), my_adventure),
        concealed: Seat::all(players).map(|s| (adventure.count(hand(s)) + adventure.count(fresh(s))) as u8).collect(),
        revealed: Seat::all(players)
            .flat_map(|seat| adventure.cards_in(shown(seat)).map(move |id| Revealed { seat, card: adventure.kind(id) }))
            .collect(),
        deck_sizes: [Deck::Treasure, Deck::Adventure].map(|d| state.cards.get(d).count(DECK) as u32),
        discards: [pile(Deck::Treasure), pile(Deck::Adventure)],
        priority: matches!(state.phase, Phase::Treasure | Phase::Answer).then(|| state.window.holder()).flatten(),
        answering: if state.phase == Phase::Answer { state.window.waiting() } else { SeatSet::EMPTY },
        call: match state.phase {
            Phase::Answer => state.window.get(0).map(|entry| CallMade { caller: state.caller, call: entry.item }),
            _ => None,
        },
        bidder: (state.phase == Phase::Bidding).then_some(state.bidder),
        clockwise: state.clockwise,
        bids: state.bids.to_view(),
        forced: state.forced,
        black_spot: state.force_after,
        powder_kegs: state.keg,
        boarders: state.boarders,
        ghosts: state.ghosts,
        drawing: state.draw.drawer(),
        last_showdown: state.showdown.map(|s| ShowdownView::new(s, &s.cups)),
        winners: state.winners,
        card_uses: state.card_uses,
        last_use: state.last_use,
    }
}

/// Redraws what `seat` cannot know: other captains' unseen dice, and the cards it has not seen (other captains'
/// concealed Adventure cards and the draw piles, dealt anew from the cards it cannot account for).
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
    sampled.cards.adventure.determinize(seat, rng);
    sampled.cards.treasure.determinize(seat, rng);
    sampled
}
