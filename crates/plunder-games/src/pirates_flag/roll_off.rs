//! The roll-off for the first player, as the rulebook has it: "each player will roll both dice. The highest
//! roller is the winner!" Those tied for the highest roll again (the rulebook's rule for every tie). After
//! `MAX_TIES` rounds in all, the first of those still tied in seat order goes first (ruling: a bounded start).

use plunder_core::{Seat, SeatSet, Teller};

use super::event::Event;
use super::options::MAX_PLAYERS;
use super::state::MAX_TIES;

/// Dice each player rolls in the roll-off.
pub const ROLL_OFF_DICE: u8 = 2;

/// The roll-off under way: who rolls in this round of it and the dice rolled so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RollOff {
    /// Who rolls in this round: everyone at first, then those tied for the highest.
    pub rollers: SeatSet,
    /// Each seat's dice this round (0: not rolled yet).
    pub faces: [[u8; ROLL_OFF_DICE as usize]; MAX_PLAYERS],
    /// Rounds that ended in a tie so far.
    pub ties: u8,
}

/// How a roll-off die left the roll-off.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RollOffAfter {
    /// More dice are to be rolled.
    Rolling,
    /// This seat goes first.
    Won(Seat),
}

impl RollOff {
    pub fn new(players: usize) -> RollOff {
        RollOff { rollers: SeatSet::first(players), faces: [[0; ROLL_OFF_DICE as usize]; MAX_PLAYERS], ties: 0 }
    }

    /// The seat to roll the next die, in seat order.
    pub fn roller(&self) -> Option<Seat> {
        self.rollers.iter().find(|s| self.faces[s.index()].contains(&0))
    }

    fn total(&self, seat: Seat) -> u8 {
        self.faces[seat.index()].iter().sum()
    }

    /// Rolls `face` for the next roller, telling the die, and a tie or the winner once everyone has rolled.
    pub fn roll<T: Teller<Event>>(&mut self, face: u8, told: &mut T) -> RollOffAfter {
        let Some(seat) = self.roller() else { return RollOffAfter::Rolling };
        let dice = &mut self.faces[seat.index()];
        let nth = dice.iter().position(|&f| f == 0).unwrap_or(0);
        dice[nth] = face;
        let total = (nth + 1 == dice.len()).then(|| dice.iter().sum());
        told.public(|| Event::RollOffDie { seat, face, nth: nth as u8 + 1, of: ROLL_OFF_DICE, total });
        if self.roller().is_some() {
            return RollOffAfter::Rolling;
        }
        let best = self.rollers.iter().map(|s| self.total(s)).max().unwrap_or(0);
        let top: SeatSet = self.rollers.iter().filter(|&s| self.total(s) == best).collect();
        let first = top.lowest().expect("someone rolled");
        if top.len() == 1 || self.ties + 1 >= MAX_TIES {
            told.public(|| Event::FirstPlayer { seat: first, total: best, tied: top.len() > 1 });
            return RollOffAfter::Won(first);
        }
        self.ties += 1;
        told.public(|| Event::RollOffTied { seats: top.iter().collect(), total: best });
        self.rollers = top;
        self.faces = [[0; ROLL_OFF_DICE as usize]; MAX_PLAYERS];
        RollOffAfter::Rolling
    }
}
