//! A Scallywager position and its steps: turns of rolling, the Treasure window, bidding, the call, the draw.

use plunder_core::priority::{AfterPass, Window};
use plunder_core::{Game, Seat, SeatSet};
use serde::Serialize;

use super::action::Chance;
use super::cards::{Deck, Effect, MAX_KINDS};
use super::Scallywager;
use crate::bidding::{count_table, Bid, Call, Cups, PlainCount, MAX_CUPS};

/// Adventure cards one captain can hold at once (at most one is drawn per turn, and it goes a turn later).
pub const MAX_HELD: usize = 4;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Choosing who takes the Treasure Token first.
    Start,
    /// Rolling the dice for a new turn.
    Roll,
    /// One-time Treasure cards, priority from the token holder clockwise.
    Treasure,
    Bidding,
    /// The winner of the call chooses a deck to draw from.
    Draw,
    Over,
}

/// How the call went.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CallKind {
    Scallywagger,
    Parlay,
}

/// The end of a bidding round: every ship shown. Public.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Showdown {
    pub turn: u32,
    pub caller: Seat,
    pub bidder: Seat,
    pub bid: Bid,
    pub call: CallKind,
    pub counted: u32,
    pub caller_right: bool,
    /// Crew each captain lost.
    pub lost: [u8; MAX_CUPS],
    /// Who draws a card.
    pub draws: Option<Seat>,
    #[serde(skip)]
    pub cups: Cups,
}

/// A concealed (or revealed) Adventure card in a captain's hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Held {
    pub card: u8,
    pub drawn_turn: u32,
    pub revealed: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub(super) phase: Phase,
    pub(super) turn: u32,
    pub(super) token: Seat,
    pub(super) cups: Cups,
    /// Dice waiting to be rolled, a bit per die.
    pub(super) pending: [u16; MAX_CUPS],
    /// `seen[viewer][owner]`: dice of `owner` that `viewer` has looked at this turn.
    pub(super) seen: [[u16; MAX_CUPS]; MAX_CUPS],
    /// Dice shown to everyone this turn.
    pub(super) shown: [u16; MAX_CUPS],
    /// Treasure cards face up in front of each captain, by kind.
    pub(super) treasure: [[u8; MAX_KINDS]; MAX_CUPS],
    pub(super) adventure: [[Option<Held>; MAX_HELD]; MAX_CUPS],
    /// Draw piles and discard piles by kind: `[treasure, adventure]`.
    pub(super) decks: [[u8; MAX_KINDS]; 2],
    pub(super) discards: [[u8; MAX_KINDS]; 2],
    pub(super) window: Window<u8>,
    pub(super) bidder: Seat,
    pub(super) clockwise: bool,
    pub(super) bids: Vec<(Seat, Bid)>,
    /// Powder Kegs revealed this turn.
    pub(super) keg: u8,
    pub(super) boarders: SeatSet,
    pub(super) ghosts: SeatSet,
    /// A Black Spot waits for this captain's next bid.
    pub(super) force_after: Option<Seat>,
    /// This captain must call.
    pub(super) forced: Option<Seat>,
    /// Loose Lips looks when the bidding starts (after any rerolls).
    pub(super) spy_due: bool,
    /// The call's winner, and the deck it chose.
    pub(super) draw: Option<(Seat, Option<Deck>)>,
    pub(super) showdown: Option<Showdown>,
    pub(super) winners: SeatSet,
}

pub(super) fn deck_index(deck: Deck) -> usize {
    match deck {
        Deck::Treasure => 0,
        Deck::Adventure => 1,
    }
}

impl State {
    pub(super) fn new(game: &Scallywager) -> State {
        let players = game.players();
        let counts = [game.options().dice; MAX_CUPS];
        let mut decks = [[0; MAX_KINDS]; 2];
        for (d, file) in [&game.treasure, &game.adventure].into_iter().enumerate() {
            for (k, card) in file.cards.iter().enumerate() {
                decks[d][k] = card.copies;
            }
        }
        State {
            phase: Phase::Start,
            turn: 0,
            token: Seat(0),
            cups: Cups::new(&counts[..players]),
            pending: [0; MAX_CUPS],
            seen: [[0; MAX_CUPS]; MAX_CUPS],
            shown: [0; MAX_CUPS],
            treasure: [[0; MAX_KINDS]; MAX_CUPS],
            adventure: [[None; MAX_HELD]; MAX_CUPS],
            decks,
            discards: [[0; MAX_KINDS]; 2],
            window: Window::open(players, Seat(0), SeatSet::EMPTY, SeatSet::EMPTY),
            bidder: Seat(0),
            clockwise: true,
            bids: Vec::with_capacity(32),
            keg: 0,
            boarders: SeatSet::EMPTY,
            ghosts: SeatSet::EMPTY,
            force_after: None,
            forced: None,
            spy_due: false,
            draw: None,
            showdown: None,
            winners: SeatSet::EMPTY,
        }
    }

    /// Every card in the game, wherever it is: the invariant the tests check after every step.
    pub fn total_cards(&self) -> u32 {
        let sum = |rows: &[[u8; MAX_KINDS]]| rows.iter().flatten().map(|&c| c as u32).sum::<u32>();
        let held = self.adventure.iter().flatten().flatten().count() as u32;
        sum(&self.decks) + sum(&self.discards) + sum(&self.treasure) + held
    }

    pub fn crew(&self, seat: Seat) -> u8 {
        self.cups.count(seat)
    }

    pub fn dice_of(&self, seat: Seat) -> &[u8] {
        self.cups.dice_of(seat)
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The next die waiting to be rolled.
    pub(super) fn next_pending(&self) -> Option<(Seat, usize)> {
        self.pending
            .iter()
            .enumerate()
            .find(|(_, bits)| **bits != 0)
            .map(|(seat, bits)| (Seat(seat as u8), bits.trailing_zeros() as usize))
    }

    pub(super) fn alive(&self) -> SeatSet {
        self.cups.alive()
    }

    /// The next captain with crew after `from`, in the bidding direction.
    pub(super) fn next_in_direction(&self, from: Seat, players: usize) -> Seat {
        let step = if self.clockwise { 1 } else { players - 1 };
        let mut seat = from;
        for _ in 0..players {
            seat = Seat(((seat.index() + step) % players) as u8);
            if self.cups.count(seat) > 0 {
                return seat;
            }
        }
        from
    }

    pub(super) fn start(&mut self, game: &Scallywager, first: Seat) {
        self.token = first;
        self.start_turn(game);
    }

    fn start_turn(&mut self, game: &Scallywager) {
        self.turn += 1;
        self.phase = Phase::Roll;
        for seat in Seat::all(game.players()) {
            self.pending[seat.index()] = (1u16 << self.cups.count(seat)) - 1;
        }
        self.seen = [[0; MAX_CUPS]; MAX_CUPS];
        self.shown = [0; MAX_CUPS];
        self.bids.clear();
        self.clockwise = true;
        self.keg = 0;
        self.boarders = SeatSet::EMPTY;
        self.ghosts = SeatSet::EMPTY;
        self.force_after = None;
        self.forced = None;
        self.draw = None;
    }

    pub(super) fn apply_chance(&mut self, game: &Scallywager, chance: &Chance) {
        match *chance {
            Chance::FirstCaptain { seat } => self.start(game, seat),
            Chance::Die { seat, face } => {
                let (_, index) = self.next_pending().expect("a die is pending");
                self.cups.set(seat, index, face);
                self.pending[seat.index()] &= !(1 << index);
                for viewer in 0..MAX_CUPS {
                    self.seen[viewer][seat.index()] &= !(1 << index);
                }
                self.shown[seat.index()] &= !(1 << index);
                if self.next_pending().is_none() {
                    self.after_rolls(game);
                }
            }
            Chance::Card { deck, card } => {
                let d = deck_index(deck);
                self.decks[d][card as usize] -= 1;
                let (winner, _) = self.draw.expect("a draw is pending");
                match deck {
                    Deck::Treasure => self.treasure[winner.index()][card as usize] += 1,
                    Deck::Adventure => {
                        let slot = self.adventure[winner.index()].iter_mut().find(|h| h.is_none());
                        match slot {
                            Some(slot) => *slot = Some(Held { card, drawn_turn: self.turn, revealed: false }),
                            None => self.discards[1][card as usize] += 1,
                        }
                    }
                }
                self.end_turn(game);
            }
        }
    }

    /// All pending dice are rolled: carry on with whatever was waiting for them.
    fn after_rolls(&mut self, game: &Scallywager) {
        match self.phase {
            Phase::Roll => self.open_treasure_window(game),
            Phase::Bidding if self.spy_due => self.spy(game),
            _ => {}
        }
    }

    /// Captains who hold a one-time Treasure card they could use now.
    pub(super) fn can_use_treasure(&self, game: &Scallywager) -> SeatSet {
        self.alive().iter().filter(|&s| game.has_usable(self, s, Deck::Treasure)).collect()
    }

    fn open_treasure_window(&mut self, game: &Scallywager) {
        self.phase = Phase::Treasure;
        let alive = self.alive();
        let idle = alive.minus(self.can_use_treasure(game));
        self.window = Window::open(game.players(), self.token, alive, idle);
        if self.window.holder().is_none() {
            self.begin_bidding(game);
        }
    }

    /// After a Treasure card was used or declined: carry on or start bidding.
    pub(super) fn treasure_step(&mut self, game: &Scallywager, seat: Seat, used: bool) {
        if used {
            let _ = self.window.act(seat);
        } else {
            if let Ok(AfterPass::Closed) = self.window.pass(seat) {
                return self.begin_bidding(game);
            }
        }
        let idle = self.alive().minus(self.can_use_treasure(game));
        self.window.set_auto_pass_to(idle);
        if self.window.holder().is_none() && self.phase == Phase::Treasure {
            self.begin_bidding(game);
        }
    }

    fn begin_bidding(&mut self, game: &Scallywager) {
        self.phase = Phase::Bidding;
        self.bidder = self.token;
        self.spy_due = true;
        if self.next_pending().is_none() {
            self.spy(game);
        }
    }

    /// Loose Lips: each holder sees the first die of the next captain clockwise.
    fn spy(&mut self, game: &Scallywager) {
        self.spy_due = false;
        let players = game.players();
        for seat in self.alive().iter() {
            let spies =
                game.kinds_with(Deck::Treasure, |e| e == Effect::SpyLeft).any(|k| self.treasure[seat.index()][k] > 0);
            if spies {
                let left = self.alive().next_from(seat.next(players)).unwrap_or(seat);
                if left != seat {
                    self.seen[seat.index()][left.index()] |= 1;
                }
            }
        }
    }

    pub(super) fn bid(&mut self, game: &Scallywager, seat: Seat, bid: Bid) {
        self.bids.push((seat, bid));
        self.forced = None;
        let next = self.next_in_direction(seat, game.players());
        if self.force_after == Some(seat) {
            self.force_after = None;
            self.forced = Some(next);
        }
        self.bidder = next;
    }

    /// Loses crew, as every card and call does: a Ghost Ship saves all, a Powder Keg and a Boarding Party add one,
    /// a Lucky Doubloon saves one (and is discarded).
    pub(super) fn lose_crew(&mut self, game: &Scallywager, seat: Seat, base: u8) -> u8 {
        if base == 0 || self.ghosts.contains(seat) {
            return 0;
        }
        let mut n = base + self.keg + u8::from(self.boarders.contains(seat));
        if let Some(k) =
            game.kinds_with(Deck::Treasure, |e| e == Effect::Shield).find(|&k| self.treasure[seat.index()][k] > 0)
        {
            self.treasure[seat.index()][k] -= 1;
            self.discards[0][k] += 1;
            n -= 1;
        }
        let lost = self.cups.lose(seat, n);
        let remaining = self.cups.count(seat);
        self.pending[seat.index()] &= (1u16 << remaining) - 1;
        lost
    }

    pub(super) fn call(&mut self, game: &Scallywager, caller: Seat, call: CallKind) {
        let players = game.players();
        let (bidder, bid) = *self.bids.last().expect("a call follows a bid");
        let rules = game.options().bid_rules();
        let counted = count_table(&rules, &self.cups, bid.face, bidder, &PlainCount);
        let shown_cups = self.cups;
        let mut base = [0u8; MAX_CUPS];
        let (caller_right, draws) = match call {
            CallKind::Scallywagger => {
                if Call::Liar.caller_right(counted, bid) {
                    base[bidder.index()] = 1;
                    (true, caller)
                } else {
                    base[caller.index()] = 1;
                    (false, bidder)
                }
            }
            CallKind::Parlay => {
                if Call::Exact.caller_right(counted, bid) {
                    for s in self.alive().iter().filter(|&s| s != caller) {
                        base[s.index()] = 1;
                    }
                    (true, caller)
                } else {
                    base[caller.index()] = 2;
                    (false, bidder)
                }
            }
        };
        let mut lost = [0u8; MAX_CUPS];
        for seat in Seat::all(players) {
            lost[seat.index()] = self.lose_crew(game, seat, base[seat.index()]);
        }
        self.showdown = Some(Showdown {
            turn: self.turn,
            caller,
            bidder,
            bid,
            call,
            counted,
            caller_right,
            lost,
            draws: None,
            cups: shown_cups,
        });
        if self.finish_if_over(game) {
            return;
        }
        let can_draw = self.cups.count(draws) > 0 && (0..2).any(|d| self.cards_left(d) > 0);
        if can_draw {
            if let Some(s) = self.showdown.as_mut() {
                s.draws = Some(draws);
            }
            self.phase = Phase::Draw;
            self.draw = Some((draws, None));
        } else {
            self.end_turn(game);
        }
    }

    /// Cards in deck `d` and its discard pile.
    pub(super) fn cards_left(&self, d: usize) -> u32 {
        self.decks[d].iter().chain(&self.discards[d]).map(|&c| c as u32).sum()
    }

    /// The winner chose a deck: an empty deck takes its discards back ("shuffle the discard pile").
    pub(super) fn choose_deck(&mut self, deck: Deck) {
        let d = deck_index(deck);
        if self.decks[d].iter().all(|&c| c == 0) {
            self.decks[d] = self.discards[d];
            self.discards[d] = [0; MAX_KINDS];
        }
        if let Some((winner, _)) = self.draw {
            self.draw = Some((winner, Some(deck)));
        }
    }

    /// Ends the game if at most one captain has crew, or the turns are up. Returns whether it ended.
    pub(super) fn finish_if_over(&mut self, game: &Scallywager) -> bool {
        let alive = self.alive();
        if alive.len() <= 1 {
            self.winners = alive;
        } else if self.turn >= game.options().max_turns {
            let most = alive.iter().map(|s| self.cups.count(s)).max().unwrap_or(0);
            self.winners = alive.iter().filter(|&s| self.cups.count(s) == most).collect();
        } else {
            return false;
        }
        self.phase = Phase::Over;
        self.pending = [0; MAX_CUPS];
        self.draw = None;
        true
    }

    fn end_turn(&mut self, game: &Scallywager) {
        // Adventure cards held through this turn's bidding round are discarded now, used or not (face up).
        for hand in self.adventure.iter_mut() {
            for slot in hand.iter_mut() {
                if let Some(held) = *slot {
                    if held.drawn_turn < self.turn {
                        self.discards[1][held.card as usize] += 1;
                        *slot = None;
                    }
                }
            }
        }
        self.token = self.alive().next_from(self.token.next(game.players())).unwrap_or(self.token);
        self.start_turn(game);
    }
}
