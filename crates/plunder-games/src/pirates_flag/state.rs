//! A Pirate's Flag position and its steps: turns on one priority window, the stack's items (cards, captains,
//! movement rolls, battles, roll results), movement step by step, draws and random picks as chance.

use plunder_core::priority::{Entry, Now, Window};
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

    // ---- Resolving the stack. ----

    fn resolve<T: Teller<Event>>(&mut self, game: &PiratesFlag, entry: Entry<Item>, told: &mut T) {
        let item = entry.item;
        match item.kind {
            ItemKind::RollResult => {
                let _ = self.window.resolved();
            }
            ItemKind::MovementRoll { seat, escape } => match item.stage {
                0 => {
                    let mods = self.take_mods(seat, Scope::Movement);
                    let dice = if escape || self.first_taker.is_some() { 1 } else { 2 };
                    self.start_rolls(&[Roll::new(seat, dice + mods.extra, mods)]);
                    self.set_stage(1);
                }
                1 => {
                    self.set_stage(2);
                    self.open_roll_result(game);
                }
                2 => {
                    let roll = self.rolls.rolls[0];
                    self.rolls.count = 0;
                    self.set_stage(3);
                    self.start_move(game, seat, roll.value(), roll.mods.dir, false, None);
                }
                _ => {
                    let _ = self.window.resolved();
                }
            },
            ItemKind::Battle { attacker, defender, ranged, ties } => {
                let valid = |s: &State| {
                    s.carries(defender)
                        && s.distance(attacker, defender).is_some_and(|d| d <= if ranged { 2 } else { 0 })
                };
                match item.stage {
                    0 => {
                        if !valid(self) {
                            let _ = self.window.resolved();
                            told.public(|| Event::BattleCalledOff { attacker, defender });
                            return;
                        }
                        let a = self.take_mods(attacker, Scope::Battle);
                        let d = self.take_mods(defender, Scope::Battle);
                        self.start_rolls(&[Roll::new(attacker, 1, a), Roll::new(defender, 1, d)]);
                        self.set_stage(1);
                    }
                    1 => {
                        self.set_stage(2);
                        self.open_roll_result(game);
                    }
                    _ => {
                        let (a, d) = (self.rolls.rolls[0].value(), self.rolls.rolls[1].value());
                        self.rolls.count = 0;
                        let _ = self.window.resolved();
                        if !valid(self) {
                            told.public(|| Event::BattleCalledOff { attacker, defender });
                            return;
                        }
                        let (attack, defence) = (a, d);
                        if a > d {
                            // "You may roll again to escape": the winner chooses at once (`take_escape`).
                            self.flag = Flag::Carried { seat: attacker };
                            self.escape = Some(attacker);
                            told.public(|| Event::BattleWon { attacker, defender, attack, defence });
                        } else if a == d {
                            let last = ties + 1 >= MAX_TIES;
                            told.public(|| Event::BattleTied { attacker, defender, value: a, last });
                            if !last {
                                let id = self.new_id();
                                let again = ItemKind::Battle { attacker, defender, ranged, ties: ties + 1 };
                                let _ = self.window.push(Item { id, kind: again, stage: 0 });
                            }
                        } else {
                            told.public(|| Event::BattleLost { attacker, defender, attack, defence });
                        }
                    }
                }
            }
            ItemKind::Card { card, captain, target, choice, mirrored } => {
                let by = entry.by.unwrap_or(self.active);
                let entry = game.entry(captain, card);
                let card = CardRef { card, captain };
                self.resolve_card(
                    game,
                    by,
                    card,
                    &entry.effect,
                    entry.target,
                    target,
                    choice,
                    mirrored,
                    item.stage,
                    told,
                );
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn resolve_card<T: Teller<Event>>(
        &mut self,
        game: &PiratesFlag,
        by: Seat,
        card: CardRef,
        effect: &Effect,
        spec: TargetSpec,
        target: Target,
        choice: u8,
        mirrored: bool,
        stage: u8,
        told: &mut T,
    ) {
        if stage == 0 && !self.target_ok(game, by, spec, target, mirrored) {
            let _ = self.window.resolved();
            told.public(|| Event::Fizzled { seat: by, card });
            return;
        }
        let seat = match target {
            Target::Seat { seat } => seat,
            _ => by,
        };
        match effect {
            Effect::MoveOwn { steps, up_to, direction } => {
                if stage == 0 {
                    let n = if *up_to { choice.clamp(1, *steps) } else { *steps };
                    let forced = match direction {
                        OwnDir::Sea => Some(Dir::Sea),
                        OwnDir::Far => Some(Dir::Far),
                        _ => None,
                    };
                    self.set_stage(1);
                    self.start_move(game, by, n, forced, *direction == OwnDir::TowardFlag, Some(card));
                } else {
                    let _ = self.window.resolved();
                }
            }
            Effect::MovementRoll { dice, direction } => match stage {
                0 => {
                    let mods = self.take_mods(by, Scope::Movement);
                    self.start_rolls(&[Roll::new(by, dice + mods.extra, mods)]);
                    self.set_stage(1);
                }
                1 => {
                    self.set_stage(2);
                    self.open_roll_result(game);
                }
                2 => {
                    let roll = self.rolls.rolls[0];
                    self.rolls.count = 0;
                    self.set_stage(3);
                    self.start_move(game, by, roll.value(), direction.or(roll.mods.dir), false, Some(card));
                }
                _ => {
                    let _ = self.window.resolved();
                }
            },
            Effect::RollCheck { roller, test, then, otherwise } => match stage {
                0 => {
                    let roller = if *roller == Taker::You { by } else { seat };
                    let mods = self.take_mods(roller, Scope::Any);
                    self.start_rolls(&[Roll::new(roller, 1, mods)]);
                    self.set_stage(1);
                }
                1 => {
                    self.set_stage(2);
                    self.open_roll_result(game);
                }
                _ => {
                    let roll = self.rolls.rolls[0];
                    let value = roll.value();
                    self.rolls.count = 0;
                    let _ = self.window.resolved();
                    let holds = test.holds(value);
                    let branch = if holds { Some(then) } else { otherwise.as_ref() };
                    let (test, effect) = (*test, branch.is_some());
                    told.public(|| Event::Check { seat: roll.seat, card, value, test, holds, effect });
                    if let Some(branch) = branch {
                        self.apply_simple(game, by, card, branch, spec, target, choice, told);
                    }
                }
            },
            Effect::Reroll => {
                if stage == 0 {
                    if let Target::Roll { index } = target {
                        self.rolls.rolls[index as usize].rolled = 0;
                        let seat = self.rolls.rolls[index as usize].seat;
                        told.public(|| Event::Reroll { seat, card });
                    }
                    self.set_stage(1);
                } else {
                    let _ = self.window.resolved();
                }
            }
            Effect::StartBattle => {
                let _ = self.window.resolved();
                let id = self.new_id();
                let battle = ItemKind::Battle { attacker: by, defender: seat, ranged: true, ties: 0 };
                let _ = self.window.push(Item { id, kind: battle, stage: 0 });
                told.public(|| Event::BattleDeclared { attacker: by, defender: seat, ranged: true });
            }
            _ => {
                // The effect first, while the card still holds the top: were everyone auto-passing, the item
                // below would already be resolving once the card left, and a cancel could no longer remove it.
                self.apply_simple(game, by, card, effect, spec, target, choice, told);
                let _ = self.window.resolved();
            }
        }
    }

    /// Effects that take effect at once, with no chance or choice in between (after the card left the stack).
    #[allow(clippy::too_many_arguments)]
    fn apply_simple<T: Teller<Event>>(
        &mut self,
        game: &PiratesFlag,
        by: Seat,
        card: CardRef,
        effect: &Effect,
        spec: TargetSpec,
        target: Target,
        choice: u8,
        told: &mut T,
    ) {
        let seat = match target {
            Target::Seat { seat } => seat,
            _ => by,
        };
        match effect {
            Effect::ModifyRoll { add, times, extra_dice, direction, scope, .. } => {
                let set = match effect.set_dice() {
                    Some(Some(v)) => Some(v),
                    Some(None) => Some(choice.clamp(1, 6)),
                    None => None,
                };
                let mods = Mods { add: *add as i16, doubles: times - 1, set, extra: *extra_dice, dir: *direction };
                self.queue(seat, *scope, mods);
                told.public(|| Event::Queued { seat, card, scope: scope_index(*scope) as u8, mods });
            }
            Effect::AdjustRoll { add } => {
                if let Target::Roll { index } = target {
                    self.rolls.rolls[index as usize].adjust += *add as i16;
                    let roll = &mut self.rolls.rolls[index as usize];
                    // An adjustment never takes the roll below 0.
                    let floor = roll.value() as i16;
                    if floor == 0 {
                        let mut probe = *roll;
                        probe.adjust = 0;
                        roll.adjust = -(probe.value() as i16);
                    }
                    let (seat, value) = (roll.seat, roll.value());
                    told.public(|| Event::Adjusted { seat, card, add: *add, value });
                }
            }
            Effect::MoveShip { steps, up_to, direction } => {
                let n = if *up_to { choice / 2 + 1 } else { *steps };
                let chosen = if choice.is_multiple_of(2) { Dir::Sea } else { Dir::Far };
                match spec {
                    TargetSpec::Ships { range } => {
                        for s in self.ships_in_range(game, by, range).iter() {
                            self.push_ship(game, s, by, card, n, *direction, chosen, told);
                        }
                    }
                    _ => self.push_ship(game, seat, by, card, n, *direction, chosen, told),
                }
            }
            Effect::SwapShips => {
                let (a, b) = (by.index(), seat.index());
                self.pos.swap(a, b);
                self.visiting.remove(by);
                self.visiting.remove(seat);
                let (at, with_at) = (self.pos[a], self.pos[b]);
                told.public(|| Event::Swapped { seat: by, with: seat, card, at, with_at });
            }
            Effect::TakeFlag if self.carries(seat) => {
                if self.shielded(seat) {
                    told.public(|| Event::FlagHeld { seat, card });
                } else {
                    self.flag = Flag::Carried { seat: by };
                    told.public(|| Event::FlagTakenByCard { seat: by, from: seat, card });
                }
            }
            Effect::DropFlag { drift, direction } => {
                if self.carries(seat) && self.shielded(seat) {
                    told.public(|| Event::FlagHeld { seat, card });
                } else if self.carries(seat) {
                    let p = self.pos[seat.index()] as i16;
                    let step = if *direction == Dir::Far { 1 } else { -1 };
                    let space = (p + step * *drift as i16).clamp(1, game.board.length as i16) as u8;
                    self.flag = Flag::Loose { space };
                    told.public(|| Event::FlagDropped { seat, space, card: Some(card) });
                }
            }
            Effect::Draw { n } => self.owed[by.index()] += n,
            Effect::StealCard { n, taker } => {
                let (from, to) = if *taker == Taker::You { (seat, by) } else { (by, seat) };
                self.pick = Some(Pick { cause: card, from, to: Some(to), n: *n });
            }
            Effect::DiscardRandom { n } => self.pick = Some(Pick { cause: card, from: seat, to: None, n: *n }),
            Effect::Trade { draw, .. } => {
                if let Some(id) = self.cards.find(hand(by), choice) {
                    let _ = self.cards.move_card(id, DISCARD);
                    self.owed[by.index()] += draw;
                    told.public(|| Event::Discarded { seat: by, card: choice, draw: *draw });
                }
            }
            Effect::Cancel => {
                if let Target::Item { id } = target {
                    if let Some(i) = self.find_item(id) {
                        if let Some(e) = self.window.get(i) {
                            told.public(|| Event::Cancelled { seat: by, card, item: e.item.kind, by: e.by });
                        }
                        let _ = self.window.remove(i);
                    }
                }
            }
            Effect::Redirect { to } => {
                if let Target::Item { id } = target {
                    if let Some(i) = self.find_item(id) {
                        let before = self.window.get(i).map(|e| (e.item.kind, e.by));
                        let its_player = before.and_then(|(_, by)| by);
                        if let Some(ItemKind::Card { target, mirrored, .. }) =
                            self.window.get_mut(i).map(|it| &mut it.kind)
                        {
                            let new = match to {
                                RedirectTo::ItsPlayer => its_player,
                                RedirectTo::Chosen => Some(Seat(choice)),
                            };
                            if let Some(p) = new {
                                *target = Target::Seat { seat: p };
                                *mirrored |= *to == RedirectTo::ItsPlayer;
                            }
                            if let (Some(p), Some((item, by_whom))) = (new, before) {
                                told.public(|| Event::Redirected { seat: by, card, item, by: by_whom, to: p });
                            }
                        }
                    }
                }
            }
            Effect::Silence => {
                self.silenced.insert(seat);
                told.public(|| Event::Silenced { seat, card });
            }
            Effect::Shield { until, .. } => {
                match until {
                    Until::EndOfTurn => self.shield_turn.insert(by),
                    Until::YourNextTurn => self.shield_next.insert(by),
                }
                let until_next_turn = *until == Until::YourNextTurn;
                told.public(|| Event::Shielded { seat: by, card, until_next_turn });
            }
            // Handled while resolving (they need chance, a frame or a movement); a flag no longer carried stays.
            Effect::TakeFlag
            | Effect::Reroll
            | Effect::MoveOwn { .. }
            | Effect::MovementRoll { .. }
            | Effect::StartBattle
            | Effect::RollCheck { .. } => {}
        }
    }

    fn shielded(&self, seat: Seat) -> bool {
        self.shield_turn.contains(seat) || self.shield_next.contains(seat)
    }

    /// Other ships on the board within `range` of `by`'s ship (`None`: anywhere).
    pub(super) fn ships_in_range(&self, game: &PiratesFlag, by: Seat, range: Option<u8>) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for s in Seat::all(game.players()).filter(|&s| s != by && self.pos[s.index()] > 0) {
            let ok = match range {
                None => true,
                Some(r) => self.distance(by, s).is_some_and(|d| d <= r),
            };
            if ok {
                set.insert(s);
            }
        }
        set
    }

    /// Whether a card's target qualifies now (when played, and again when it resolves).
    pub(super) fn target_ok(
        &self,
        game: &PiratesFlag,
        by: Seat,
        spec: TargetSpec,
        target: Target,
        mirrored: bool,
    ) -> bool {
        let players = game.players();
        match (spec, target) {
            (TargetSpec::None | TargetSpec::Own, Target::None) => true,
            (TargetSpec::Player { other }, Target::Seat { seat }) => {
                seat.index() < players && (!other || mirrored || seat != by)
            }
            (TargetSpec::Ship { other, range, select }, Target::Seat { seat }) => {
                if seat.index() >= players || self.pos[seat.index()] == 0 || (other && !mirrored && seat == by) {
                    return false;
                }
                if select.is_some() {
                    let lowest = (0..players).map(|i| self.pos[i]).filter(|&p| p > 0).min();
                    return Some(self.pos[seat.index()]) == lowest;
                }
                match range {
                    None => true,
                    Some(r) => self.distance(by, seat).is_some_and(|d| d <= r),
                }
            }
            (TargetSpec::Ships { range }, Target::None) => {
                (range.is_none() || self.pos[by.index()] > 0) && !self.ships_in_range(game, by, range).is_empty()
            }
            (TargetSpec::Carrier { range }, Target::Seat { seat }) => {
                seat != by && self.carries(seat) && self.distance(by, seat).is_some_and(|d| d <= range)
            }
            (TargetSpec::Stack { condition }, Target::Item { id }) => self
                .find_item(id)
                .and_then(|i| self.window.get(i))
                .is_some_and(|e| self.condition_holds(game, by, condition, e)),
            (TargetSpec::Roll { whose }, Target::Roll { index }) => {
                self.roll_waiting()
                    && index < self.rolls.count
                    && match whose {
                        Whose::Yours => self.rolls.rolls[index as usize].seat == by,
                        Whose::Others => self.rolls.rolls[index as usize].seat != by,
                        Whose::Any => true,
                    }
            }
            _ => false,
        }
    }

    fn condition_holds(&self, game: &PiratesFlag, me: Seat, condition: Condition, entry: Entry<Item>) -> bool {
        if entry.by == Some(me) {
            return false;
        }
        match (condition, entry.item.kind) {
            (Condition::BattleAgainstYou, ItemKind::Battle { defender, .. }) => defender == me,
            (_, ItemKind::Card { captain: true, .. }) => false,
            (Condition::AnyCard, ItemKind::Card { .. }) => true,
            (Condition::TargetsYou, ItemKind::Card { target, .. }) => target == Target::Seat { seat: me },
            (Condition::AgainstYou, ItemKind::Card { card, target, .. }) => match target {
                Target::Seat { seat } => seat == me,
                Target::Item { id } => {
                    self.find_item(id).and_then(|i| self.window.get(i)).is_some_and(|e| e.by == Some(me))
                }
                Target::None => match game.deck.entries[card as usize].target {
                    TargetSpec::Ships { range } => {
                        entry.by.is_some_and(|by| self.ships_in_range(game, by, range).contains(me))
                    }
                    _ => false,
                },
                Target::Roll { index } => self.rolls.rolls.get(index as usize).is_some_and(|r| r.seat == me),
            },
            _ => false,
        }
    }

    // ---- Movement. ----

    /// Moves `seat` into a neighbouring space (or the foot of a waterfall): docks, the flag. Returns whether it
    /// picked up a loose flag.
    fn enter<T: Teller<Event>>(
        &mut self,
        game: &PiratesFlag,
        seat: Seat,
        to: u8,
        along_track: bool,
        told: &mut T,
    ) -> bool {
        let from = self.pos[seat.index()];
        self.pos[seat.index()] = to;
        self.visiting.remove(seat);
        if along_track && game.board.dock_between(from, to) {
            self.owed[seat.index()] += 1;
            self.tell_leg(true, told);
        }
        match self.flag {
            Flag::DreadShip if to == game.board.length => {
                self.tell_leg(false, told);
                self.flag = Flag::Carried { seat };
                self.first_taker = Some(seat);
                told.public(|| Event::FlagFromDreadShip { seat });
                false
            }
            Flag::Loose { space } if space == to => {
                self.tell_leg(false, told);
                self.flag = Flag::Carried { seat };
                told.public(|| Event::FlagPickedUp { seat, space });
                true
            }
            _ => false,
        }
    }

    /// Starts `seat`'s own movement; `card`: the card giving it, named as its cause.
    #[allow(clippy::too_many_arguments)]
    fn start_move(
        &mut self,
        game: &PiratesFlag,
        seat: Seat,
        steps: u8,
        forced: Option<Dir>,
        toward_flag: bool,
        card: Option<CardRef>,
    ) {
        if steps == 0 {
            return;
        }
        let way = card.map_or(Way::Sail, |card| Way::SailByCard { card });
        self.leg = Some((seat, self.pos[seat.index()], way));
        self.mv = Some(Move {
            seat,
            left: steps,
            dir: None,
            last: Dir::Far,
            forced,
            toward_flag,
            battle_ok: seat == self.active,
            free: true,
            stop_ok: false,
            pause: false,
            opts: 0,
        });
        let _ = game;
    }

    /// Directions the mover may pick now (bits `GO_SEA`, `GO_FAR`).
    fn allowed_dirs(&self, game: &PiratesFlag, mv: &Move) -> u8 {
        let pos = self.pos[mv.seat.index()];
        let mut dirs = if let Some(d) = mv.forced {
            dir_bit(d)
        } else if game.options.carrier_seaward_only && self.carries(mv.seat) {
            GO_SEA
        } else {
            GO_SEA | GO_FAR
        };
        if mv.toward_flag {
            let flag = self.flag_space(game);
            dirs &= if flag > pos {
                GO_FAR
            } else if flag < pos {
                GO_SEA
            } else {
                0
            };
        }
        if pos == 0 {
            dirs &= GO_FAR;
        }
        dirs
    }

    fn descend_ok(&self, game: &PiratesFlag, mv: &Move) -> bool {
        let pos = self.pos[mv.seat.index()];
        let foot = game.board.fall[pos as usize];
        if foot == 0 || mv.left == 0 || mv.forced == Some(Dir::Sea) {
            return false;
        }
        if game.options.carrier_seaward_only && self.carries(mv.seat) && mv.forced.is_none() {
            return false;
        }
        if mv.toward_flag {
            let flag = self.flag_space(game);
            return foot.abs_diff(flag) < pos.abs_diff(flag);
        }
        true
    }

    /// Goes on with the movement until it ends or the mover must choose.
    fn advance_move<T: Teller<Event>>(&mut self, game: &PiratesFlag, told: &mut T) {
        while let Some(mut mv) = self.mv {
            if self.phase != Phase::Play {
                return;
            }
            if mv.left == 0 {
                self.finish_move(game, told);
                return;
            }
            let mut dirs = if mv.free || mv.dir.is_none() {
                self.allowed_dirs(game, &mv)
            } else {
                dir_bit(mv.dir.unwrap_or(Dir::Far))
            };
            if mv.toward_flag {
                // Every step must bring the ship closer to the flag.
                dirs &= self.allowed_dirs(game, &mv);
            }
            let mut opts = dirs;
            if mv.stop_ok {
                opts |= STOP;
            }
            if self.descend_ok(game, &mv) {
                opts |= DESCEND;
            }
            if opts == 0 {
                // Nowhere to go (a forced way off the board's start, or the flag reached): the move ends here.
                mv.left = 0;
                self.mv = Some(mv);
                continue;
            }
            if opts == GO_SEA || opts == GO_FAR {
                self.mv = Some(mv);
                self.step(game, if opts == GO_SEA { Dir::Sea } else { Dir::Far }, told);
                continue;
            }
            mv.pause = true;
            mv.opts = opts;
            self.mv = Some(mv);
            self.tell_leg(false, told);
            return;
        }
    }

    /// The mover's choice at a pause.
    pub(super) fn choose_move<T: Teller<Event>>(&mut self, game: &PiratesFlag, choice: u8, told: &mut T) {
        let Some(mut mv) = self.mv else { return };
        mv.pause = false;
        mv.opts = 0;
        self.mv = Some(mv);
        match choice {
            GO_SEA => self.step(game, Dir::Sea, told),
            GO_FAR => self.step(game, Dir::Far, told),
            STOP => {
                let (seat, space, left) = (mv.seat, self.pos[mv.seat.index()], mv.left);
                told.public(|| Event::Stopped { seat, space, left });
                mv.left = 0;
                self.mv = Some(mv);
                self.finish_move(game, told);
            }
            _ => self.descend(game, told),
        }
        self.settle(game, told);
    }

    fn step<T: Teller<Event>>(&mut self, game: &PiratesFlag, dir: Dir, told: &mut T) {
        let Some(mut mv) = self.mv else { return };
        let len = game.board.length;
        let from = self.pos[mv.seat.index()];
        let (dir, to) = if from == 0 {
            (Dir::Far, 1)
        } else if dir == Dir::Sea && from == 1 {
            if self.carries(mv.seat) {
                // Off the board into The Dread Sea with the flag.
                self.pos[mv.seat.index()] = 0;
                self.tell_leg(false, told);
                self.leg = None;
                self.win(mv.seat, told);
                return;
            }
            (Dir::Far, 2)
        } else if dir == Dir::Far && from == len {
            (Dir::Sea, len - 1)
        } else if dir == Dir::Far {
            (Dir::Far, from + 1)
        } else {
            (Dir::Sea, from - 1)
        };
        mv.left -= 1;
        mv.dir = Some(dir);
        mv.last = dir;
        let picked = self.enter(game, mv.seat, to, true, told);
        let at_end = (to == 1 && dir == Dir::Sea) || (to == len && dir == Dir::Far);
        let toward_flag_reached = mv.toward_flag && self.flag_space(game) == to;
        mv.stop_ok = mv.left > 0
            && !game.board.is_hazard(to)
            && (picked
                || at_end
                || toward_flag_reached
                || (mv.battle_ok && self.carrier_with(mv.seat).is_some())
                || game.board.is_trading_post(to));
        mv.free = picked;
        // Arriving at an end with steps left, the ship goes on back the other way (a carrier at space 1 heading
        // for the sea goes on off the board instead).
        if mv.left > 0 && ((to == len && dir == Dir::Far) || (to == 1 && dir == Dir::Sea && !self.carries(mv.seat))) {
            mv.dir = Some(dir.flip());
        }
        self.mv = Some(mv);
    }

    fn descend<T: Teller<Event>>(&mut self, game: &PiratesFlag, told: &mut T) {
        let Some(mut mv) = self.mv else { return };
        let top = self.pos[mv.seat.index()];
        let foot = game.board.fall[top as usize];
        let sailing = self.leg.map_or(Way::Sail, |(_, _, way)| way);
        mv.left -= 1;
        self.tell_leg(false, told);
        if self.carries(mv.seat) && game.options.flag_flies_out {
            self.flag = Flag::Loose { space: top };
            told.public(|| Event::FlagDropped { seat: mv.seat, space: top, card: None });
        }
        self.leg = Some((mv.seat, top, Way::Waterfall));
        let picked = self.enter(game, mv.seat, foot, false, told);
        self.tell_leg(false, told);
        self.leg = Some((mv.seat, foot, sailing));
        mv.free = true;
        mv.dir = None;
        mv.stop_ok = mv.left > 0
            && (picked || (mv.battle_ok && self.carrier_with(mv.seat).is_some()) || game.board.is_trading_post(foot));
        self.mv = Some(mv);
    }

    fn finish_move<T: Teller<Event>>(&mut self, game: &PiratesFlag, told: &mut T) {
        let Some(mv) = self.mv.take() else { return };
        let seat = mv.seat;
        self.tell_leg(false, told);
        self.shift_on_hazard(game, seat, mv.last, told);
        self.leg = None;
        let pos = self.pos[seat.index()];
        if pos > 0 && game.board.is_trading_post(pos) {
            self.visiting.insert(seat);
            self.traded.remove(seat);
        }
        if mv.battle_ok && self.carrier_with(seat).is_some() {
            self.battle_right = true;
        }
    }

    /// A push or pull along the track: no waterfalls, stops at an end, docks, the flag, hazards.
    #[allow(clippy::too_many_arguments)]
    fn push_ship<T: Teller<Event>>(
        &mut self,
        game: &PiratesFlag,
        seat: Seat,
        by: Seat,
        card: CardRef,
        steps: u8,
        mode: ShipDir,
        chosen: Dir,
        told: &mut T,
    ) {
        let start = self.pos[seat.index()];
        if start == 0 {
            told.public(|| Event::NotMoved { seat, card, why: Unmoved::DreadSea });
            return;
        }
        let mine = self.pos[by.index()];
        let fixed = match mode {
            ShipDir::Sea => Dir::Sea,
            ShipDir::Far => Dir::Far,
            ShipDir::Either => chosen,
            ShipDir::AwayFromYou if start > mine && mine > 0 => Dir::Far,
            ShipDir::AwayFromYou if start < mine => Dir::Sea,
            ShipDir::AwayFromYou => {
                if mine == 0 {
                    Dir::Far
                } else {
                    chosen
                }
            }
            ShipDir::TowardYou => Dir::Sea,
        };
        self.leg = Some((seat, start, Way::Pushed { card }));
        let mut last = None;
        for _ in 0..steps {
            let p = self.pos[seat.index()];
            let dir = if mode == ShipDir::TowardYou {
                if p == mine {
                    break;
                }
                if mine > p {
                    Dir::Far
                } else {
                    Dir::Sea
                }
            } else {
                fixed
            };
            let to = if dir == Dir::Far { p + 1 } else { p - 1 };
            if to < 1 || to > game.board.length {
                break;
            }
            self.enter(game, seat, to, true, told);
            last = Some(dir);
        }
        self.tell_leg(false, told);
        match last {
            Some(last) => self.shift_on_hazard(game, seat, last, told),
            None if steps > 0 => {
                let why =
                    if mode == ShipDir::TowardYou && start == mine { Unmoved::SameSpace } else { Unmoved::TrackEnd };
                told.public(|| Event::NotMoved { seat, card, why });
            }
            None => {}
        }
        self.leg = None;
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
            told.public(|| Event::Discarded { seat, card: discard, draw: 2 });
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
