//! What one player (or a spectator) may see: everything but the hands of others and the order of the pile.

use plunder_core::{Seat, SeatSet, Viewer};
use serde::Serialize;

use super::state::{hand, Flag, ItemKind, Mods, Move, Phase, Roll, State, DECK, DISCARD};
use super::PiratesFlag;

/// An item on the stack, bottom first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StackItem {
    pub id: u8,
    /// Who played it (`null`: the rules).
    pub by: Option<Seat>,
    pub item: ItemKind,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    pub seat: Option<Seat>,
    #[serde(skip)]
    pub players: u8,
    #[serde(skip_serializing_if = "in_play")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub phase: Phase,
    pub round: u32,
    /// The roll for first player (its last round, if ties rolled again): each seat's dice (0: not rolled yet);
    /// empty before the first die.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub roll_off: Vec<[u8; 2]>,
    #[serde(skip)]
    pub turn: u32,
    pub active: Seat,
    /// Each ship's space (0: The Dread Sea).
    pub positions: Vec<u8>,
    pub flag: Flag,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub first_taker: Option<Seat>,
    /// Dice of the next movement roll.
    pub movement_dice: u8,
    /// Each player's captain (its place in the captain list) and whether it was used.
    pub captains: Vec<u8>,
    #[serde(skip_serializing_if = "no_seats")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub captains_used: SeatSet,
    pub hand_sizes: Vec<u8>,
    /// The viewer's cards (their places in the deck), sorted.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub my_hand: Vec<u8>,
    pub pile: u8,
    /// Cards in the face-up discard pile.
    pub discards: u8,
    /// The discard pile's cards (their places in the deck), sorted: the pile is face up (ruling 48).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub discard_pile: Vec<u8>,
    /// Queued modifiers: `(player, scope, modifiers)` with scope 0 any roll, 1 movement, 2 battle.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub modifiers: Vec<(Seat, u8, Mods)>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub stack: Vec<StackItem>,
    /// Frames open (2 while a roll just made waits for answers).
    pub frames: u8,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub rolls: Vec<Roll>,
    /// The last roll made: its dice stay on the table until the next.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub last_rolls: Vec<Roll>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub moving: Option<Move>,
    /// The winner of a battle, choosing whether to roll to escape.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub escaping: Option<Seat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub priority: Option<Seat>,
    /// Everyone but the priority holder has passed over the stack's top item: its pass lets the item resolve.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub others_passed: bool,
    /// The players who declared auto-pass this turn (announced: ruling 47).
    #[serde(skip_serializing_if = "no_seats")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub auto_passing: SeatSet,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub main_done: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub battle_right: bool,
    #[serde(skip_serializing_if = "no_seats")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub visiting: SeatSet,
    #[serde(skip_serializing_if = "no_seats")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub traded: SeatSet,
    #[serde(skip_serializing_if = "no_seats")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub silenced: SeatSet,
    #[serde(skip_serializing_if = "no_seats")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub shielded: SeatSet,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub winner: Option<Seat>,
}

pub(super) fn view(game: &PiratesFlag, state: &State, viewer: Viewer) -> View {
    let players = game.players();
    let me = viewer.seat();
    let mut my_hand: Vec<u8> =
        me.map_or(Vec::new(), |s| state.cards.cards_in(hand(s)).map(|id| state.cards.kind(id)).collect());
    my_hand.sort_unstable();
    View {
        seat: me,
        players: players as u8,
        phase: state.phase,
        round: state.round,
        roll_off: if state.roll_off.faces[..players].iter().flatten().any(|&f| f > 0) {
            state.roll_off.faces[..players].to_vec()
        } else {
            Vec::new()
        },
        turn: state.turn,
        active: state.active,
        positions: state.pos[..players].to_vec(),
        flag: state.flag,
        first_taker: state.first_taker,
        movement_dice: if state.first_taker.is_some() { 1 } else { 2 },
        captains: state.captain[..players].to_vec(),
        captains_used: state.captain_used,
        hand_sizes: Seat::all(players).map(|s| state.hand_size(s) as u8).collect(),
        my_hand,
        pile: state.cards.count(DECK) as u8,
        discards: state.cards.count(DISCARD) as u8,
        discard_pile: {
            let mut pile: Vec<u8> = state.cards.cards_in(DISCARD).map(|id| state.cards.kind(id)).collect();
            pile.sort_unstable();
            pile
        },
        modifiers: Seat::all(players)
            .flat_map(|s| (0..3u8).map(move |i| (s, i)))
            .filter(|&(s, i)| !state.mods[s.index()][i as usize].is_empty())
            .map(|(s, i)| (s, i, state.mods[s.index()][i as usize]))
            .collect(),
        stack: state.window.stack().map(|e| StackItem { id: e.item.id, by: e.by, item: e.item.kind }).collect(),
        frames: state.window.frames() as u8,
        rolls: state.rolls.list().to_vec(),
        last_rolls: state.last_rolls.list().to_vec(),
        moving: state.mv,
        escaping: state.escape,
        priority: if state.mv.is_none() && state.escape.is_none() && state.phase == Phase::Play {
            state.window.holder()
        } else {
            None
        },
        others_passed: state.mv.is_none()
            && state.escape.is_none()
            && state.phase == Phase::Play
            && state.window.frame_len() > 0
            && state.window.holder().is_some_and(|h| state.window.waiting() == SeatSet::only(h)),
        auto_passing: state.window.auto_passing(),
        main_done: state.main_done,
        battle_right: state.battle_right,
        visiting: state.visiting,
        traded: state.traded,
        silenced: state.silenced,
        shielded: state.shield_turn.union(state.shield_next),
        winner: state.winner,
    }
}

fn no_seats(set: &SeatSet) -> bool {
    set.is_empty()
}

fn in_play(phase: &Phase) -> bool {
    *phase == Phase::Play
}
