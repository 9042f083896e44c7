//! What one player (or a spectator) may see: everything but the hands of others and the order of the pile.

use plunder_core::{Seat, SeatSet, Viewer};
use serde::Serialize;

use super::state::{hand, Flag, ItemKind, Mods, Move, Phase, Roll, State, DECK, DISCARD};
use super::PiratesFlag;

/// An item on the stack, bottom first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StackItem {
    pub id: u8,
    /// Who played it (`null`: the rules).
    pub by: Option<Seat>,
    pub item: ItemKind,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub seat: Option<Seat>,
    pub players: u8,
    pub phase: Phase,
    pub round: u32,
    pub turn: u32,
    pub active: Seat,
    /// Each ship's space (0: The Dread Sea).
    pub positions: Vec<u8>,
    pub flag: Flag,
    pub first_taker: Option<Seat>,
    /// Dice of the next movement roll.
    pub movement_dice: u8,
    /// Each player's captain (its place in the captain list) and whether it was used.
    pub captains: Vec<u8>,
    pub captains_used: SeatSet,
    pub hand_sizes: Vec<u8>,
    /// The viewer's cards (their places in the deck), sorted.
    pub my_hand: Vec<u8>,
    pub pile: u8,
    /// The face-up discards.
    pub discards: Vec<u8>,
    /// Queued modifiers per player: any roll, movement, battle.
    pub modifiers: Vec<[Mods; 3]>,
    pub stack: Vec<StackItem>,
    /// Frames open (2 while a roll just made waits for answers).
    pub frames: u8,
    pub rolls: Vec<Roll>,
    pub moving: Option<Move>,
    pub priority: Option<Seat>,
    pub main_done: bool,
    pub battle_right: bool,
    pub visiting: SeatSet,
    pub traded: SeatSet,
    pub silenced: SeatSet,
    pub shielded: SeatSet,
    pub winner: Option<Seat>,
}

pub(super) fn view(game: &PiratesFlag, state: &State, viewer: Viewer) -> View {
    let players = game.players();
    let me = viewer.seat();
    let mut my_hand: Vec<u8> = me.map_or(Vec::new(), |s| state.cards.cards_in(hand(s)).map(|id| state.cards.kind(id)).collect());
    my_hand.sort_unstable();
    let mut discards: Vec<u8> = state.cards.cards_in(DISCARD).map(|id| state.cards.kind(id)).collect();
    discards.sort_unstable();
    View {
        seat: me,
        players: players as u8,
        phase: state.phase,
        round: state.round,
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
        discards,
        modifiers: state.mods[..players].to_vec(),
        stack: state.window.stack().map(|e| StackItem { id: e.item.id, by: e.by, item: e.item.kind }).collect(),
        frames: state.window.frames() as u8,
        rolls: state.rolls.list().to_vec(),
        moving: state.mv,
        priority: if state.mv.is_none() && state.phase == Phase::Play { state.window.holder() } else { None },
        main_done: state.main_done,
        battle_right: state.battle_right,
        visiting: state.visiting,
        traded: state.traded,
        silenced: state.silenced,
        shielded: state.shield_turn.union(state.shield_next),
        winner: state.winner,
    }
}
