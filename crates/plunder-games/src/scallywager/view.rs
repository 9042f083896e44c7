//! What one captain (or a spectator) may see, and determinization.

use plunder_core::{Rng, Seat, SeatSet, Viewer};
use serde::Serialize;

use super::cards::{Deck, Effect};
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
    /// Captains who have passed in this Treasure window (each pass is said aloud): a captain's own chance to use
    /// its Treasure cards is its first priority in the window.
    #[serde(skip_serializing_if = "no_seats")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub passed: SeatSet,
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
    /// The table's wild face (ones, with `ones_wild`), if any; without it ones count for nothing. Nobody bids
    /// on ones either way: a rule people must see beside the dice.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub wild: Option<u8>,
}

fn no_seats(set: &SeatSet) -> bool {
    set.is_empty()
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
        priority: priority(state),
        passed: passed(state),
        answering: answering(state),
        call: call(state),
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
        wild: game.options.ones_wild.then_some(1),
    }
}

/// Whether what waits on the table `public` (the spectator's view: nothing hidden goes in) concerns `seat`, in the
/// two windows where anyone may act. The Treasure window: a captain's own chance to use its Treasure cards (its
/// first priority in the window, before it has passed), and after that only a card used by it or on it (its dice
/// looked at or shown, its card taken) since. The answers to a call: the call waiting on the stack concerns its
/// caller and the captain whose bid it judges, and a Parlay everyone (a right one costs every other captain a
/// crewmate); and a card revealed by the seat or on it, or a Kraken (every captain rerolls). Every other decision
/// (a bid, a draw) is the seat's own.
pub(super) fn concerns(game: &Scallywager, public: &View, seat: Seat) -> bool {
    if public.priority != Some(seat) {
        return true;
    }
    let used = public.last_use.is_some_and(|u| {
        u.seat == seat
            || u.target == Some(seat)
            || (u.deck == Deck::Adventure && super::card_effect(game, u.deck, u.card) == Effect::Kraken)
    });
    match (public.phase, public.call) {
        (Phase::Treasure, _) => !public.passed.contains(seat) || used,
        (Phase::Answer, Some(call)) => {
            call.caller == seat
                || public.bids.last().is_some_and(|b| b.seat == seat)
                || call.call == CallKind::Parlay
                || used
        }
        _ => true,
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

/// Who holds priority in a card window (the Treasure window or the answers to a call).
pub(super) fn priority(state: &State) -> Option<Seat> {
    matches!(state.phase, Phase::Treasure | Phase::Answer).then(|| state.window.holder()).flatten()
}

/// Who has passed in the Treasure window.
pub(super) fn passed(state: &State) -> SeatSet {
    if state.phase == Phase::Treasure {
        state.declined
    } else {
        SeatSet::EMPTY
    }
}

/// Who may still answer the call.
pub(super) fn answering(state: &State) -> SeatSet {
    if state.phase == Phase::Answer {
        state.window.waiting()
    } else {
        SeatSet::EMPTY
    }
}

/// The call waiting for answers.
pub(super) fn call(state: &State) -> Option<CallMade> {
    match state.phase {
        Phase::Answer => state.window.get(0).map(|entry| CallMade { caller: state.caller, call: entry.item }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use plunder_core::{conformance, Game, Narrate, Rng};

    use super::*;
    use crate::scallywager::{Action, Options};

    /// Random games of 2 to 5 captains (cards used often, so that windows see uses): every state at which a seat
    /// decides, with the seed's rng.
    fn random_states(seed: u64, mut each: impl FnMut(&Scallywager, &State)) {
        let game = Scallywager::new(Options::for_players(2 + (seed % 4) as u8)).unwrap();
        // In a window, as often a pass as a card, so that captains who passed are asked again.
        let choose = |legal: &[Action], rng: &mut Rng| {
            let uses: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Use { .. })).collect();
            if legal.contains(&Action::Pass) && rng.index(2) == 0 {
                Action::Pass
            } else if !uses.is_empty() {
                uses[rng.index(uses.len())]
            } else {
                legal[rng.index(legal.len())]
            }
        };
        conformance::each_decision(&game, seed, 1_000_000, choose, |state| each(&game, state));
    }

    /// The Treasure window asks each captain at its first priority, then only for a card by it or on it; the
    /// answers to a call ask its caller and the bidder it judges. Others' windows leave a seat out at times.
    #[test]
    fn a_seat_is_asked_at_its_own_chance_and_for_what_involves_it_only() {
        let (mut treasure_left_out, mut answer_left_out) = (0, 0);
        for seed in 0..120 {
            random_states(seed, |game, state| {
                let public = view(game, state, Viewer::Spectator);
                let Some(holder) = public.priority else { return };
                let concerned = game.concerns(&public, holder);
                match public.phase {
                    Phase::Treasure => {
                        if !public.passed.contains(holder) {
                            assert!(concerned, "the seat's first chance in the Treasure window");
                        }
                        if public.last_use.is_some_and(|u| u.seat == holder || u.target == Some(holder)) {
                            assert!(concerned, "a card by the seat or on it: {:?}", public.last_use);
                        }
                        if !concerned {
                            // It passed already, and the card used since was another's, on another.
                            let used = public.last_use.expect("a card was used since the seat passed");
                            assert!(used.seat != holder && used.target != Some(holder), "{used:?}");
                            treasure_left_out += 1;
                        }
                    }
                    Phase::Answer => {
                        let call = public.call.unwrap();
                        if call.caller == holder || public.bids.last().is_some_and(|b| b.seat == holder) {
                            assert!(concerned, "the seat's own call or bid");
                        }
                        if !concerned {
                            assert_eq!(call.call, CallKind::Scallywagger, "a Parlay concerns everyone");
                            answer_left_out += 1;
                        }
                    }
                    _ => assert!(concerned, "not a window: {:?}", public.phase),
                }
            });
        }
        assert!(treasure_left_out > 5, "{treasure_left_out} Treasure windows left a seat out");
        assert!(answer_left_out > 5, "{answer_left_out} answer windows left a seat out");
    }

    /// The two windows by hand, on a table of four: P2 looks at P3's dice with a Spyglass while P1, who passed
    /// already, holds priority; P2 calls Scallywagger on P3's bid, or a Parlay.
    #[test]
    fn windows_that_concern_a_seat_and_windows_that_do_not() {
        let game = Scallywager::new(Options::for_players(4)).unwrap();
        let mut public = view(&game, &State::new(&game), Viewer::Spectator);
        let (p1, p2, p3) = (Seat(0), Seat(1), Seat(2));
        public.phase = Phase::Treasure;
        public.priority = Some(p1);
        assert!(game.concerns(&public, p1), "P1's first chance to use its Treasure cards");
        public.passed = SeatSet::only(p1);
        public.last_use = Some(CardUse { seat: p2, deck: Deck::Treasure, card: 0, target: Some(p3), take: None });
        assert!(!game.concerns(&public, p1), "P2's Spyglass on P3, P1 having passed");
        public.last_use = Some(CardUse { seat: p2, deck: Deck::Treasure, card: 0, target: Some(p1), take: None });
        assert!(game.concerns(&public, p1), "P2's Spyglass on P1's dice");

        public.phase = Phase::Answer;
        public.passed = SeatSet::EMPTY;
        public.last_use = None;
        public.bids = vec![BidMade { seat: p3, bid: crate::bidding::Bid { quantity: 3, face: 4 } }];
        public.call = Some(CallMade { caller: p2, call: CallKind::Scallywagger });
        assert!(!game.concerns(&public, p1), "P2 calls P3's bid: nothing of P1's");
        public.priority = Some(p3);
        assert!(game.concerns(&public, p3), "the bid called is P3's");
        public.priority = Some(p1);
        public.call = Some(CallMade { caller: p2, call: CallKind::Parlay });
        assert!(game.concerns(&public, p1), "a right Parlay costs P1 a crewmate");
    }
}
