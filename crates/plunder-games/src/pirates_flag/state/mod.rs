//! A Pirate's Flag position and its steps: turns on one priority window, the stack's items (cards, captains,
//! movement rolls, battles, roll results), draws and random picks as chance, and the actions that start them.
//! Resolving the stack is in `stack.rs`, movement step by step in `movement.rs`.

use plunder_core::priority::{Now, Window};
use plunder_core::zones::{Visibility, ZoneId, Zones};
use plunder_core::{Audience, Seat, SeatSet, Teller};
use serde::Serialize;

use super::action::Target;
use super::data::{
    Condition, Dir, Effect, OwnDir, RedirectTo, Scope, ShipDir, Taker, TargetSpec, Until, Whose, MAX_CARDS,
};
use super::event::{Aim, CardRef, Event, RollFor, Unmoved, Way};
use super::options::MAX_PLAYERS;
use super::roll_off::{RollOff, RollOffAfter};
use super::PiratesFlag;

mod movement;
mod stack;

/// The draw pile, the face-up discards, then one hand per seat.
pub(super) const DECK: ZoneId = 0;
pub(super) const DISCARD: ZoneId = 1;

pub(super) fn hand(seat: Seat) -> ZoneId {
    2 + seat.0
}

pub(super) type Cards = Zones<MAX_CARDS>;

/// At most this many plays (cards and captain) per player per turn: never reached in play, it bounds a turn
/// (free cards that draw could otherwise cycle through a reshuffled pile).
pub const MAX_PLAYS_PER_TURN: u8 = 8;
/// After this many ties in a row the defender keeps the flag: it bounds a battle (ruling in the rules doc).
pub const MAX_TIES: u8 = 10;
/// The most a roll can count (after every modifier).
pub const MAX_ROLL: u8 = 60;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Captains are being dealt (chance).
    Deal,
    /// The roll-off (chance: each die).
    Start,
    Play,
    Over,
}

/// Where the flag is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "at", rename_all = "snake_case")]
pub enum Flag {
    /// On the Dread Captain's ship (the last space).
    DreadShip,
    Carried {
        seat: Seat,
    },
    /// In open water on this space.
    Loose {
        space: u8,
    },
}

/// Roll modifiers queued on a player (summed; the last `set` and `dir` win).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Mods {
    pub add: i16,
    /// How many times the roll is doubled.
    pub doubles: u8,
    /// Every die shows this.
    pub set: Option<u8>,
    pub extra: u8,
    /// The movement must go this way.
    pub dir: Option<Dir>,
}

impl Mods {
    pub fn is_empty(&self) -> bool {
        *self == Mods::default()
    }

    fn merge(&mut self, other: Mods) {
        self.add = (self.add + other.add).clamp(-99, 99);
        self.doubles = (self.doubles + other.doubles).min(3);
        self.set = other.set.or(self.set);
        self.extra = (self.extra + other.extra).min(2);
        self.dir = other.dir.or(self.dir);
    }
}

/// One player's roll: its dice, modifiers and after-roll adjustments.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Roll {
    pub seat: Seat,
    pub dice: u8,
    pub faces: [u8; 3],
    /// Dice rolled so far (a reroll starts again).
    pub rolled: u8,
    pub mods: Mods,
    pub adjust: i16,
}

impl Roll {
    fn new(seat: Seat, dice: u8, mods: Mods) -> Roll {
        Roll { seat, dice: dice.clamp(1, 3), faces: [0; 3], rolled: 0, mods, adjust: 0 }
    }

    /// The roll's value: each die its face or the set value; max(0, dice + adds) doubled; plus after-roll
    /// adjustments, never below 0.
    pub fn value(&self) -> u8 {
        let dice: i16 = self.faces[..self.dice as usize].iter().map(|&f| self.mods.set.unwrap_or(f) as i16).sum();
        let mut v = (dice + self.mods.add).max(0);
        for _ in 0..self.mods.doubles {
            v *= 2;
        }
        (v + self.adjust).clamp(0, MAX_ROLL as i16) as u8
    }

    pub fn done(&self) -> bool {
        self.rolled >= self.dice
    }
}

/// The roll being made or waiting for answers (at most one at a time: rolls never nest).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rolls {
    pub rolls: [Roll; 2],
    pub count: u8,
}

impl Rolls {
    const NONE: Rolls = Rolls {
        rolls: [Roll { seat: Seat(0), dice: 1, faces: [0; 3], rolled: 0, mods: ZERO, adjust: 0 }; 2],
        count: 0,
    };

    pub fn list(&self) -> &[Roll] {
        &self.rolls[..self.count as usize]
    }

    /// The roll that still has a die to roll.
    pub fn pending(&self) -> Option<usize> {
        (0..self.count as usize).find(|&i| !self.rolls[i].done())
    }
}

const ZERO: Mods = Mods { add: 0, doubles: 0, set: None, extra: 0, dir: None };

/// An item on the stack.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ItemKind {
    /// An action card (`captain: false`, `card` its place in the deck) or a captain's ability.
    Card { card: u8, captain: bool, target: Target, choice: u8, mirrored: bool },
    /// A movement roll about to be rolled (the main action, an escape).
    MovementRoll { seat: Seat, escape: bool },
    /// A battle about to be fought.
    Battle { attacker: Seat, defender: Seat, ranged: bool, ties: u8 },
    /// Dice just rolled, which may still be changed.
    RollResult,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Item {
    /// A number unique within the turn, so answers find their target wherever it moved.
    pub id: u8,
    pub kind: ItemKind,
    /// How far its resolution has gone.
    #[serde(skip)]
    pub stage: u8,
}

/// A ship's own movement in progress.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Move {
    pub seat: Seat,
    /// Steps still to go.
    pub left: u8,
    pub dir: Option<Dir>,
    /// The direction of the last step (hazards use it).
    pub last: Dir,
    /// A direction the movement must take (a card, Headwind).
    pub forced: Option<Dir>,
    pub toward_flag: bool,
    /// The mover may stop to battle (their own movement on their own turn).
    pub battle_ok: bool,
    /// The mover may pick a direction anew here (start, after a loose-flag pick-up, after a waterfall).
    pub free: bool,
    pub stop_ok: bool,
    /// Waiting for the mover: the options are in `opts`.
    pub pause: bool,
    /// Go sea (1), go far (2), stop (4), descend (8).
    pub opts: u8,
}

pub(super) const GO_SEA: u8 = 1;
pub(super) const GO_FAR: u8 = 2;
pub(super) const STOP: u8 = 4;
pub(super) const DESCEND: u8 = 8;

/// Random cards to move out of a hand (a theft, a forced discard).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pick {
    /// The card or captain whose effect picks.
    pub cause: CardRef,
    pub from: Seat,
    /// `None`: to the discard pile.
    pub to: Option<Seat>,
    pub n: u8,
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub(super) phase: Phase,
    pub(super) turn: u32,
    pub(super) round: u32,
    pub(super) first: Seat,
    pub(super) active: Seat,
    /// Space of each ship (0: The Dread Sea, off the board).
    pub(super) pos: [u8; MAX_PLAYERS],
    pub(super) flag: Flag,
    pub(super) first_taker: Option<Seat>,
    pub(super) cards: Cards,
    pub(super) captain: [u8; MAX_PLAYERS],
    pub(super) dealt: u8,
    pub(super) captain_used: SeatSet,
    /// Queued modifiers per seat and scope (any, movement, battle).
    pub(super) mods: [[Mods; 3]; MAX_PLAYERS],
    pub(super) window: Window<Item>,
    pub(super) next_id: u8,
    pub(super) rolls: Rolls,
    /// The last roll made, whose dice stay on the table until the next (a roll may resolve at once).
    pub(super) last_rolls: Rolls,
    pub(super) mv: Option<Move>,
    /// Cards each seat is still to draw.
    pub(super) owed: [u8; MAX_PLAYERS],
    pub(super) pick: Option<Pick>,
    pub(super) main_done: bool,
    /// The winner of a battle, choosing whether to roll to escape (nothing else happens until they choose).
    pub(super) escape: Option<Seat>,
    pub(super) battle_right: bool,
    pub(super) visiting: SeatSet,
    pub(super) traded: SeatSet,
    pub(super) silenced: SeatSet,
    pub(super) shield_turn: SeatSet,
    pub(super) shield_next: SeatSet,
    pub(super) plays: [u8; MAX_PLAYERS],
    pub(super) winner: Option<Seat>,
    /// The first turn that ended without its main action (never, by the rules: `check_invariants` reports it).
    pub(super) turn_without_main: Option<u32>,
    /// The ship moving now, where it was when its movement was last told, and how it moves: movement is told
    /// in legs (to each dock, flag, pause or end), not step by step.
    pub(super) leg: Option<(Seat, u8, Way)>,
    /// The roll-off for the first player, while it lasts.
    pub(super) roll_off: RollOff,
}

fn scope_index(scope: Scope) -> usize {
    match scope {
        Scope::Any => 0,
        Scope::Movement => 1,
        Scope::Battle => 2,
    }
}

impl State {
    pub(super) fn new(game: &PiratesFlag) -> State {
        let players = game.players();
        let mut zones = vec![Visibility::Hidden, Visibility::Public];
        zones.extend(Seat::all(players).map(Visibility::Owner));
        let mut cards = Cards::new(players, &zones).expect("few zones");
        for kind in 0..game.deck.entries.len() {
            cards.add(kind as u8, 1, DECK).expect("decks are checked to fit");
        }
        let mut state = State {
            phase: Phase::Deal,
            turn: 0,
            round: 0,
            first: Seat(0),
            active: Seat(0),
            pos: [0; MAX_PLAYERS],
            flag: Flag::DreadShip,
            first_taker: None,
            cards,
            captain: [0; MAX_PLAYERS],
            dealt: 0,
            captain_used: SeatSet::EMPTY,
            mods: [[ZERO; 3]; MAX_PLAYERS],
            window: Window::closed(players),
            next_id: 0,
            rolls: Rolls::NONE,
            last_rolls: Rolls::NONE,
            mv: None,
            owed: [0; MAX_PLAYERS],
            pick: None,
            main_done: false,
            escape: None,
            battle_right: false,
            visiting: SeatSet::EMPTY,
            traded: SeatSet::EMPTY,
            silenced: SeatSet::EMPTY,
            shield_turn: SeatSet::EMPTY,
            shield_next: SeatSet::EMPTY,
            plays: [0; MAX_PLAYERS],
            winner: None,
            turn_without_main: None,
            leg: None,
            roll_off: RollOff::new(players),
        };
        if let Some(chosen) = &game.chosen_captains {
            state.captain[..players].copy_from_slice(&chosen[..players]);
            state.dealt = players as u8;
            state.phase = Phase::Start;
        }
        state
    }

    // ---- Reading the position. ----

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn position(&self, seat: Seat) -> u8 {
        self.pos[seat.index()]
    }

    pub fn flag(&self) -> Flag {
        self.flag
    }

    pub fn carrier(&self) -> Option<Seat> {
        match self.flag {
            Flag::Carried { seat } => Some(seat),
            _ => None,
        }
    }

    pub(super) fn carries(&self, seat: Seat) -> bool {
        self.carrier() == Some(seat)
    }

    /// The kinds of card in `seat`'s hand, lowest first. Every card is unique (one per kind, at most 64 kinds), so
    /// the zone's kind bits are the hand, without scanning and sorting the whole deck.
    pub(super) fn hand_kinds(&self, seat: Seat) -> impl Iterator<Item = u8> {
        plunder_core::zones::kinds(self.cards.kinds_in(hand(seat)))
    }

    pub fn hand_size(&self, seat: Seat) -> usize {
        self.cards.count(hand(seat))
    }

    pub(super) fn hand_limit(&self, seat: Seat) -> usize {
        5 + usize::from(self.first_taker == Some(seat))
    }

    pub(super) fn has_card(&self, seat: Seat, kind: u8) -> bool {
        self.cards.has_kind(hand(seat), kind)
    }

    /// The true distance between two ships on the board (`None` if either is in The Dread Sea).
    pub(super) fn distance(&self, a: Seat, b: Seat) -> Option<u8> {
        let (pa, pb) = (self.pos[a.index()], self.pos[b.index()]);
        (pa > 0 && pb > 0).then(|| pa.abs_diff(pb))
    }

    /// The space the flag is on, or lies on.
    pub(super) fn flag_space(&self, game: &PiratesFlag) -> u8 {
        match self.flag {
            Flag::DreadShip => game.board.length,
            Flag::Carried { seat } => self.pos[seat.index()],
            Flag::Loose { space } => space,
        }
    }

    /// Another player's ship carrying the flag on `seat`'s space.
    pub(super) fn carrier_with(&self, seat: Seat) -> Option<Seat> {
        self.carrier()
            .filter(|&c| c != seat && self.pos[seat.index()] > 0 && self.pos[c.index()] == self.pos[seat.index()])
    }

    /// Every card in the game, wherever it is.
    pub fn total_cards(&self, players: usize) -> usize {
        (0..2 + players as u8).map(|z| self.cards.count(z)).sum()
    }

    /// Numbers a new stack item; numbering starts again at 1 on an empty stack, so the table's "waiting item 1"
    /// is the bottom one (numbers stay unique among the items waiting, which are all that can be aimed at).
    fn new_id(&mut self) -> u8 {
        if self.window.is_empty() {
            self.next_id = 0;
        }
        self.next_id = self.next_id.wrapping_add(1);
        self.next_id
    }

    /// The stack index of the item numbered `id` in the innermost frame.
    pub(super) fn find_item(&self, id: u8) -> Option<usize> {
        let from = self.window.len() - self.window.frame_len();
        (from..self.window.len()).find(|&i| self.window.get(i).is_some_and(|e| e.item.id == id))
    }

    /// Whether the innermost frame answers a roll just made.
    pub(super) fn roll_waiting(&self) -> bool {
        self.window.frames() > 1
            && self.window.frame_len() > 0
            && self
                .window
                .get(self.window.len() - self.window.frame_len())
                .is_some_and(|e| e.item.kind == ItemKind::RollResult)
    }

    fn set_stage(&mut self, stage: u8) {
        let top = self.window.len() - 1;
        if let Some(item) = self.window.get_mut(top) {
            item.stage = stage;
        }
    }

    // ---- Scenario setup for tests and tools (not rules: they skip the chance that would lead there). ----

    /// Puts `seat`'s ship on `space` (0: The Dread Sea).
    #[doc(hidden)]
    pub fn set_position(&mut self, seat: Seat, space: u8) {
        self.pos[seat.index()] = space;
    }

    /// Moves card `kind` from the draw pile into `seat`'s hand.
    #[doc(hidden)]
    pub fn give(&mut self, seat: Seat, kind: u8) {
        if let Some(id) = self.cards.find(DECK, kind) {
            let _ = self.cards.move_card(id, hand(seat));
        }
    }

    /// Puts the flag somewhere; `first_taker` says who took it from the Dread Captain's ship.
    #[doc(hidden)]
    pub fn set_flag(&mut self, flag: Flag, first_taker: Option<Seat>) {
        self.flag = flag;
        self.first_taker = first_taker;
    }

    /// Moves every card of the draw pile to the discards (to test reshuffles).
    #[doc(hidden)]
    pub fn discard_pile(&mut self) {
        let _ = self.cards.move_all(DECK, DISCARD);
    }

    // ---- Setup and turns. ----

    /// A die of the roll-off; once it has a winner, the first turn begins.
    pub(super) fn roll_off_die<T: Teller<Event>>(&mut self, game: &PiratesFlag, face: u8, told: &mut T) {
        if let RollOffAfter::Won(first) = self.roll_off.roll(face, told) {
            self.start(game, first, told);
        }
    }

    /// The seat to roll the roll-off's next die.
    pub(super) fn roll_off_roller(&self) -> Option<Seat> {
        (self.phase == Phase::Start).then(|| self.roll_off.roller()).flatten()
    }

    fn start<T: Teller<Event>>(&mut self, game: &PiratesFlag, first: Seat, told: &mut T) {
        self.first = first;
        self.active = first;
        self.round = 1;
        self.turn = 1;
        self.phase = Phase::Play;
        self.begin_turn(game, told);
    }

    fn begin_turn<T: Teller<Event>>(&mut self, game: &PiratesFlag, told: &mut T) {
        told.public(|| Event::TurnBegins { seat: self.active, round: self.round });
        self.window =
            Window::open(game.players(), self.active, SeatSet::first(game.players()), SeatSet::EMPTY).with_limit(1);
        self.next_id = 0;
        self.main_done = false;
        self.battle_right = false;
        self.silenced = SeatSet::EMPTY;
        self.shield_turn = SeatSet::EMPTY;
        self.shield_next.remove(self.active);
        self.plays = [0; MAX_PLAYERS];
        self.settle(game, told);
    }

    fn end_turn<T: Teller<Event>>(&mut self, game: &PiratesFlag, told: &mut T) {
        if !self.main_done && self.turn_without_main.is_none() {
            self.turn_without_main = Some(self.turn);
        }
        self.active = self.active.next(game.players());
        self.turn += 1;
        if self.active == self.first {
            self.round += 1;
            if self.round > game.options.max_rounds {
                self.round = game.options.max_rounds;
                self.phase = Phase::Over;
                told.public(|| Event::OutOfRounds { rounds: self.round });
                return;
            }
        }
        self.begin_turn(game, told);
    }

    fn win<T: Teller<Event>>(&mut self, seat: Seat, told: &mut T) {
        self.winner = Some(seat);
        self.phase = Phase::Over;
        self.mv = None;
        self.escape = None;
        self.owed = [0; MAX_PLAYERS];
        self.pick = None;
        self.rolls.count = 0;
        told.public(|| Event::Won { seat });
    }

    /// Moves play on until a seat must decide, chance must act, or the game is over.
    pub(super) fn settle<T: Teller<Event>>(&mut self, game: &PiratesFlag, told: &mut T) {
        loop {
            if self.phase != Phase::Play {
                return;
            }
            if let Some(i) = self.owed[..game.players()].iter().position(|&n| n > 0) {
                let seat = Seat(i as u8);
                let owed = self.owed[i];
                if self.hand_size(seat) >= self.hand_limit(seat) {
                    self.owed[i] = 0;
                    let limit = Some(self.hand_limit(seat) as u8);
                    told.public(|| Event::NotDrawn { seat, owed, limit });
                    continue;
                }
                if self.cards.count(DECK) == 0 {
                    // The discards are face up: reshuffling them makes a pile whose order is the draw's chance.
                    let _ = self.cards.move_all(DISCARD, DECK);
                    if self.cards.count(DECK) == 0 {
                        self.owed[i] = 0;
                        told.public(|| Event::NotDrawn { seat, owed, limit: None });
                        continue;
                    }
                    told.public(|| Event::Reshuffled { cards: self.cards.count(DECK) as u8 });
                }
                return;
            }
            if let Some(pick) = self.pick {
                if pick.n == 0 || self.hand_size(pick.from) == 0 {
                    if pick.n > 0 {
                        // Said, or the card's play ends in silence (a trial waited for its result).
                        let taking = pick.to.is_some();
                        told.public(|| Event::NoCardToPick { cause: pick.cause, seat: pick.from, taking });
                    }
                    self.pick = None;
                    continue;
                }
                return;
            }
            if self.rolls.pending().is_some() {
                return;
            }
            if let Some(mv) = self.mv {
                if mv.pause {
                    return;
                }
                self.advance_move(game, told);
                continue;
            }
            if self.escape.is_some() {
                return;
            }
            match self.window.now() {
                Now::Priority(_) => return,
                Now::Resolving(entry) => self.resolve(game, entry, told),
                Now::Closed => self.end_turn(game, told),
            }
        }
    }

    // ---- Chance. ----

    pub(super) fn draw_card<T: Teller<Event>>(&mut self, game: &PiratesFlag, seat: Seat, card: u8, told: &mut T) {
        let _ = self.cards.draw(DECK, card, hand(seat));
        told.secret(seat, || Event::Drew { seat, card: Some(card) }, || Event::Drew { seat, card: None });
        self.owed[seat.index()] = self.owed[seat.index()].saturating_sub(1);
        self.settle(game, told);
    }

    pub(super) fn pick_card<T: Teller<Event>>(&mut self, game: &PiratesFlag, card: u8, told: &mut T) {
        let Some(mut pick) = self.pick else { return };
        if let Some(id) = self.cards.find(hand(pick.from), card) {
            let taker = pick.to.filter(|&to| self.hand_size(to) < self.hand_limit(to));
            let _ = self.cards.move_card(id, taker.map_or(DISCARD, hand));
            let (from, cause) = (pick.from, pick.cause);
            match taker {
                Some(to) => {
                    told.tell(Audience::Only(from), || Event::CardTaken {
                        cause,
                        from,
                        to: Some(to),
                        card: Some(card),
                    });
                    // The taker is told the card by `TookCard`; everyone else but the loser, that a card went.
                    told.tell(Audience::Neither(from, to), || Event::CardTaken {
                        cause,
                        from,
                        to: Some(to),
                        card: None,
                    });
                    told.tell(Audience::Only(to), || Event::TookCard { cause, seat: to, from, card });
                }
                None => told.public(|| Event::CardTaken { cause, from, to: None, card: Some(card) }),
            }
        }
        pick.n -= 1;
        self.pick = Some(pick);
        self.settle(game, told);
    }

    pub(super) fn roll_die<T: Teller<Event>>(&mut self, game: &PiratesFlag, face: u8, told: &mut T) {
        if let Some(i) = self.rolls.pending() {
            let roll = &mut self.rolls.rolls[i];
            roll.faces[roll.rolled as usize] = face;
            roll.rolled += 1;
            let roll = *roll;
            if self.rolls.pending().is_none() {
                self.last_rolls = self.rolls;
            }
            if !roll.done() {
                told.public(|| Event::Die { seat: roll.seat, face, nth: roll.rolled, of: roll.dice });
            } else if T::LISTENING {
                let purpose = self.roll_purpose();
                told.public(|| Event::Rolled {
                    seat: roll.seat,
                    purpose,
                    faces: roll.faces[..roll.dice as usize].to_vec(),
                    mods: roll.mods,
                    value: roll.value(),
                });
            }
        }
        self.settle(game, told);
    }

    /// Why the roll being made is rolled: the item below the newest after-roll frame (a reroll waits above
    /// it), else the item on top.
    fn roll_purpose(&self) -> RollFor {
        let len = self.window.len();
        let result = (0..len).rev().find(|&i| self.window.get(i).is_some_and(|e| e.item.kind == ItemKind::RollResult));
        let owner = match result {
            Some(i) => i.checked_sub(1),
            None => len.checked_sub(1),
        };
        match owner.and_then(|i| self.window.get(i)).map(|e| e.item.kind) {
            Some(ItemKind::MovementRoll { escape: true, .. }) => RollFor::Escape,
            Some(ItemKind::Battle { attacker, defender, .. }) => RollFor::Battle { attacker, defender },
            Some(ItemKind::Card { card, captain, .. }) => RollFor::Card { card: CardRef { card, captain } },
            _ => RollFor::Movement,
        }
    }

    /// What a card's target is, as the table sees it.
    fn aim(&self, target: Target) -> Aim {
        match target {
            Target::None => Aim::Nothing,
            Target::Seat { seat } => Aim::Seat { seat },
            Target::Item { id } => match self.find_item(id).and_then(|i| self.window.get(i)) {
                Some(e) => Aim::Item { item: e.item.kind, by: e.by },
                None => Aim::Nothing,
            },
            Target::Roll { index } => Aim::Roll { seat: self.rolls.rolls[index as usize % 2].seat },
        }
    }

    /// Tells the moving ship's movement since it was last told; `dock`: its last step crossed a dock.
    fn tell_leg<T: Teller<Event>>(&mut self, dock: bool, told: &mut T) {
        if let Some((seat, from, way)) = self.leg {
            let to = self.pos[seat.index()];
            if to != from {
                told.public(|| Event::Moved { seat, from, to, way, dock });
            }
            self.leg = Some((seat, to, way));
        }
    }

    /// A hazard ending a move shifts the ship one space (`forward`: on the way it went).
    fn shift_on_hazard<T: Teller<Event>>(&mut self, game: &PiratesFlag, seat: Seat, last: Dir, told: &mut T) {
        let pos = self.pos[seat.index()];
        if pos == 0 || !game.board.is_hazard(pos) {
            return;
        }
        let forward = if game.board.shift[pos as usize] > 0 { last } else { last.flip() };
        let to = if forward == Dir::Far { pos + 1 } else { pos - 1 };
        self.leg = Some((seat, pos, Way::Hazard));
        self.enter(game, seat, to, true, told);
        self.tell_leg(false, told);
    }

    // ---- Modifiers. ----

    pub(super) fn queue(&mut self, seat: Seat, scope: Scope, mods: Mods) {
        self.mods[seat.index()][scope_index(scope)].merge(mods);
    }

    /// Uses up `seat`'s modifiers for a roll of `scope`.
    fn take_mods(&mut self, seat: Seat, scope: Scope) -> Mods {
        let queued = &mut self.mods[seat.index()];
        let mut mods = std::mem::take(&mut queued[0]);
        if scope != Scope::Any {
            mods.merge(std::mem::take(&mut queued[scope_index(scope)]));
        }
        mods
    }

    fn start_rolls(&mut self, rolls: &[Roll]) {
        self.rolls.count = rolls.len() as u8;
        self.rolls.rolls[..rolls.len()].copy_from_slice(rolls);
    }

    /// Opens the after-roll frame for the roll just made.
    fn open_roll_result(&mut self, game: &PiratesFlag) {
        let id = self.new_id();
        let item = Item { id, kind: ItemKind::RollResult, stage: 0 };
        let _ = self.window.open_nested(self.active, SeatSet::first(game.players()), item);
    }

    // ---- Actions. ----

    /// The main action: the movement roll, or a battle (main action or battle right).
    pub(super) fn take_roll<T: Teller<Event>>(&mut self, game: &PiratesFlag, seat: Seat, told: &mut T) {
        self.main_done = true;
        let id = self.new_id();
        let _ = self.window.push(Item { id, kind: ItemKind::MovementRoll { seat, escape: false }, stage: 0 });
        let dice = if self.first_taker.is_some() { 1 } else { 2 };
        told.public(|| Event::WillRoll { seat, escape: false, dice });
        self.settle(game, told);
    }

    /// The battle's winner chooses: the escape roll goes on the stack (answered like any movement roll), or not.
    pub(super) fn take_escape<T: Teller<Event>>(&mut self, game: &PiratesFlag, roll: bool, told: &mut T) {
        let Some(seat) = self.escape.take() else { return };
        if roll {
            let id = self.new_id();
            let _ = self.window.push(Item { id, kind: ItemKind::MovementRoll { seat, escape: true }, stage: 0 });
            told.public(|| Event::WillRoll { seat, escape: true, dice: 1 });
        } else {
            told.public(|| Event::Stays { seat });
        }
        self.settle(game, told);
    }

    pub(super) fn take_battle<T: Teller<Event>>(&mut self, game: &PiratesFlag, seat: Seat, told: &mut T) {
        let Some(defender) = self.carrier_with(seat) else { return };
        // One battle per turn (ruling 49): it takes the place of the movement roll and uses up the battle right.
        self.main_done = true;
        self.battle_right = false;
        let id = self.new_id();
        let battle = ItemKind::Battle { attacker: seat, defender, ranged: false, ties: 0 };
        let _ = self.window.push(Item { id, kind: battle, stage: 0 });
        told.public(|| Event::BattleDeclared { attacker: seat, defender, ranged: false });
        self.settle(game, told);
    }

    pub(super) fn trade<T: Teller<Event>>(&mut self, game: &PiratesFlag, seat: Seat, discard: u8, told: &mut T) {
        if let Some(id) = self.cards.find(hand(seat), discard) {
            let _ = self.cards.move_card(id, DISCARD);
            self.owed[seat.index()] += 2;
            told.public(|| Event::Discarded { seat, card: discard, draw: 2, cause: None });
        }
        self.traded.insert(seat);
        let _ = self.window.act(seat);
        self.settle(game, told);
    }

    /// Plays a card (from the hand) or the captain's ability.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn play<T: Teller<Event>>(
        &mut self,
        game: &PiratesFlag,
        seat: Seat,
        captain: bool,
        card: u8,
        target: Target,
        choice: u8,
        told: &mut T,
    ) {
        let entry = game.entry(captain, card);
        if T::LISTENING {
            let (aim, waits) = (self.aim(target), entry.answerable);
            told.public(|| Event::Played { seat, card: CardRef { card, captain }, aim, choice, waits });
        }
        self.plays[seat.index()] += 1;
        if captain {
            self.captain_used.insert(seat);
        } else if let Some(id) = self.cards.find(hand(seat), card) {
            let _ = self.cards.move_card(id, DISCARD);
        }
        if entry.timing == super::data::Timing::InsteadOfRolling {
            // In place of the escape roll while it is offered, else of the main action.
            if self.escape == Some(seat) {
                self.escape = None;
            } else {
                self.main_done = true;
            }
        }
        let free = captain || entry.free;
        if !entry.answerable {
            if free {
                let _ = self.window.act(seat);
            } else {
                let _ = self.window.spend(seat);
            }
            let card = CardRef { card, captain };
            self.apply_simple(game, seat, card, &entry.effect, entry.target, target, choice, told);
        } else {
            if free {
                self.window.grant(seat, 1);
            }
            let id = self.new_id();
            let kind = ItemKind::Card { card, captain, target, choice, mirrored: false };
            let _ = self.window.respond(seat, Item { id, kind, stage: 0 });
        }
        self.settle(game, told);
    }

    pub(super) fn pass<T: Teller<Event>>(&mut self, game: &PiratesFlag, seat: Seat, told: &mut T) {
        let _ = self.window.pass(seat);
        told.public(|| Event::Passed { seat, auto: false });
        self.settle(game, told);
    }

    pub(super) fn auto_pass<T: Teller<Event>>(&mut self, game: &PiratesFlag, seat: Seat, told: &mut T) {
        self.window.auto_pass(seat);
        // A last pass ending the turn is a plain pass: its auto-pass would last for no more of it.
        let lasting = !matches!(self.window.now(), Now::Closed);
        told.public(|| Event::Passed { seat, auto: lasting });
        self.settle(game, told);
    }
}

pub(super) fn dir_bit(dir: Dir) -> u8 {
    match dir {
        Dir::Sea => GO_SEA,
        Dir::Far => GO_FAR,
    }
}
