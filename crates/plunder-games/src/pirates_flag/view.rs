//! What one player (or a spectator) may see: everything but the hands of others and the order of the pile.

use plunder_core::{Seat, SeatSet, Viewer};
use serde::Serialize;

use super::action::Target;
use super::data::TargetSpec;
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
    /// Each player's captain (its place in the captain list), in seat order: only the captains dealt so far,
    /// and whether each was used.
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
    /// The players who have played their one counted card this turn: only free cards are left to them until the
    /// next turn (public: every card played is).
    #[serde(skip_serializing_if = "no_seats")]
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub card_played: SeatSet,
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
        captains: state.captain[..(state.dealt as usize).min(players)].to_vec(),
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
        priority: priority(state),
        others_passed: others_passed(state),
        auto_passing: state.window.auto_passing(),
        card_played: Seat::all(players).filter(|&s| state.window.responses_left(s) == Some(0)).collect(),
        main_done: state.main_done,
        battle_right: state.battle_right,
        visiting: state.visiting,
        traded: state.traded,
        silenced: state.silenced,
        shielded: state.shield_turn.union(state.shield_next),
        winner: state.winner,
    }
}

/// The seat holding priority over the stack (none while a ship moves or a battle's winner chooses to escape).
pub(super) fn priority(state: &State) -> Option<Seat> {
    if state.mv.is_none() && state.escape.is_none() && state.phase == Phase::Play {
        state.window.holder()
    } else {
        None
    }
}

/// Everyone but the priority holder has passed over the top item ([`View::others_passed`]).
pub(super) fn others_passed(state: &State) -> bool {
    state.mv.is_none()
        && state.escape.is_none()
        && state.phase == Phase::Play
        && state.window.frame_len() > 0
        && state.window.holder().is_some_and(|h| state.window.waiting() == SeatSet::only(h))
}

/// Whether what waits on the table `public` (the spectator's view: nothing hidden goes in) concerns `seat`: its own
/// turn; its ship moving or escaping; or an item waiting on the stack that it played, that is aimed at it (its
/// seat or ship, one of its rolls, or an item that concerns it), its movement roll, a battle it fights, a roll
/// of its dice, or a card that moves every ship.
pub(super) fn concerns(game: &PiratesFlag, public: &View, seat: Seat) -> bool {
    if public.phase != Phase::Play || public.active == seat {
        return true;
    }
    if public.moving.is_some_and(|m| m.seat == seat) || public.escaping == Some(seat) {
        return true;
    }
    public.stack.iter().any(|item| item_concerns(game, public, item, seat, public.stack.len()))
}

/// Whether stack item `item` concerns `seat` ([`concerns`]); `depth` bounds the items followed through targets.
fn item_concerns(game: &PiratesFlag, public: &View, item: &StackItem, seat: Seat, depth: usize) -> bool {
    let roll_of = |index: usize| public.rolls.get(index).is_some_and(|r| r.seat == seat);
    match item.item {
        ItemKind::Card { card, captain, target, .. } => {
            if item.by == Some(seat) {
                return true;
            }
            match target {
                Target::Seat { seat: aimed } => aimed == seat,
                Target::Roll { index } => roll_of(index as usize),
                Target::Item { id } => {
                    depth > 0
                        && public
                            .stack
                            .iter()
                            .find(|other| other.id == id)
                            .is_some_and(|other| item_concerns(game, public, other, seat, depth - 1))
                }
                Target::None => matches!(game.entry(captain, card).target, TargetSpec::Ships { .. }),
            }
        }
        ItemKind::MovementRoll { seat: roller, .. } => roller == seat,
        ItemKind::Battle { attacker, defender, .. } => attacker == seat || defender == seat,
        ItemKind::RollResult => (0..public.rolls.len()).any(roll_of),
    }
}

fn no_seats(set: &SeatSet) -> bool {
    set.is_empty()
}

fn in_play(phase: &Phase) -> bool {
    *phase == Phase::Play
}

#[cfg(test)]
mod tests {
    use plunder_core::{conformance, Game, Narrate, Rng};

    use super::*;
    use crate::pirates_flag::{Action, Options};

    /// Random games of 3 to 6 players: every state at which a seat decides, with the seed's own rng.
    fn random_states(seed: u64, mut each: impl FnMut(&PiratesFlag, &State)) {
        let players = 3 + (seed % 4) as u8;
        let game = PiratesFlag::new(Options { players, max_rounds: 6, ..Options::default() }).unwrap();
        let choose = |legal: &[Action], rng: &mut Rng| legal[rng.index(legal.len())];
        conformance::each_decision(&game, seed, 1_000_000, choose, |state| each(&game, state));
    }

    /// A seat is stopped at its own turn and by what is aimed at it, and only in a part of the others' windows.
    #[test]
    fn a_seat_is_stopped_at_its_own_turn_and_by_what_involves_it() {
        let (mut windows, mut stopped) = (0, 0);
        for seed in 0..8 {
            random_states(seed, |game, state| {
                let public = view(game, state, Viewer::Spectator);
                let Some(holder) = public.priority else { return };
                let mut legal = Vec::new();
                game.legal_actions(state, holder, &mut legal);
                if !legal.contains(&Action::Pass) {
                    return;
                }
                if public.active == holder {
                    assert!(game.concerns(&public, holder), "the seat's own turn");
                    return;
                }
                let aimed = public.stack.iter().any(|item| match item.item {
                    ItemKind::Card { target: Target::Seat { seat }, .. } => seat == holder,
                    ItemKind::Battle { attacker, defender, .. } => attacker == holder || defender == holder,
                    _ => item.by == Some(holder),
                });
                if aimed {
                    assert!(game.concerns(&public, holder), "a play aimed at the seat: {:?}", public.stack);
                }
                windows += 1;
                stopped += game.concerns(&public, holder) as usize;
            });
        }
        assert!(windows > 200, "{windows}");
        assert!(stopped * 2 < windows, "{stopped} of {windows} others' windows stop the seat");
    }
}
