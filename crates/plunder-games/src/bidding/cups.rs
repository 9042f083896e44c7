//! Every player's cup of dice, rolled one die at a time as chance events. Fixed-size: copying never allocates.

use plunder_core::{Seat, SeatSet};

/// The most cups at a table.
pub const MAX_CUPS: usize = 6;
/// The most dice in one cup.
pub const MAX_DICE: usize = 10;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Cups {
    seats: u8,
    counts: [u8; MAX_CUPS],
    dice: [[u8; MAX_DICE]; MAX_CUPS],
    /// The next die to roll (seat, index); `seat == seats` once every cup is rolled.
    cursor: (u8, u8),
}

impl Cups {
    /// Cups for `counts.len()` seats with these many dice each, not yet rolled.
    pub fn new(counts: &[u8]) -> Cups {
        let mut cups =
            Cups { seats: counts.len() as u8, counts: [0; MAX_CUPS], dice: [[0; MAX_DICE]; MAX_CUPS], cursor: (0, 0) };
        cups.counts[..counts.len()].copy_from_slice(counts);
        cups.cursor = (cups.seats, 0);
        cups
    }

    pub fn count(&self, seat: Seat) -> u8 {
        self.counts[seat.index()]
    }

    pub fn counts(&self) -> &[u8] {
        &self.counts[..self.seats as usize]
    }

    pub fn dice_of(&self, seat: Seat) -> &[u8] {
        &self.dice[seat.index()][..self.counts[seat.index()] as usize]
    }

    /// Every cup's dice, seat by seat (for a showdown).
    pub fn all_dice(&self) -> Vec<Vec<u8>> {
        Seat::all(self.seats as usize).map(|seat| self.dice_of(seat).to_vec()).collect()
    }

    pub fn total(&self) -> u32 {
        self.counts().iter().map(|&c| c as u32).sum()
    }

    /// Seats with at least one die.
    pub fn alive(&self) -> SeatSet {
        Seat::all(self.seats as usize).filter(|s| self.counts[s.index()] > 0).collect()
    }

    /// Starts rolling every cup; dice not yet rolled read 0.
    pub fn start_roll(&mut self) {
        self.dice = [[0; MAX_DICE]; MAX_CUPS];
        self.cursor = (0, 0);
        self.skip_empty();
    }

    fn skip_empty(&mut self) {
        while self.cursor.0 < self.seats && self.cursor.1 >= self.counts[self.cursor.0 as usize] {
            self.cursor = (self.cursor.0 + 1, 0);
        }
    }

    /// The seat whose die is rolled next, if any.
    pub fn rolling(&self) -> Option<Seat> {
        (self.cursor.0 < self.seats).then_some(Seat(self.cursor.0))
    }

    /// Whether `seat`'s cup is fully rolled.
    pub fn rolled(&self, seat: Seat) -> bool {
        seat.0 < self.cursor.0
    }

    /// Dice of `seat` already rolled (all of them once its cup is done).
    pub fn rolled_dice(&self, seat: Seat) -> usize {
        match seat.0.cmp(&self.cursor.0) {
            std::cmp::Ordering::Less => self.counts[seat.index()] as usize,
            std::cmp::Ordering::Equal => self.cursor.1 as usize,
            std::cmp::Ordering::Greater => 0,
        }
    }

    /// Records the next die; returns true once every cup is rolled.
    pub fn roll(&mut self, face: u8) -> bool {
        let (seat, index) = self.cursor;
        self.dice[seat as usize][index as usize] = face;
        self.cursor.1 += 1;
        self.skip_empty();
        self.rolling().is_none()
    }

    /// Sets one die (a reroll, or a redraw for determinization).
    pub fn set(&mut self, seat: Seat, index: usize, face: u8) {
        self.dice[seat.index()][index] = face;
    }

    /// Removes up to `n` dice from `seat` (the last ones); returns how many went.
    pub fn lose(&mut self, seat: Seat, n: u8) -> u8 {
        let lost = n.min(self.counts[seat.index()]);
        self.counts[seat.index()] -= lost;
        lost
    }

    /// Adds a die showing `face` to `seat` if there is room; returns whether it fit.
    pub fn gain(&mut self, seat: Seat, face: u8) -> bool {
        let c = self.counts[seat.index()] as usize;
        if c >= MAX_DICE {
            return false;
        }
        self.dice[seat.index()][c] = face;
        self.counts[seat.index()] += 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolling_skips_empty_cups_and_ends() {
        let mut cups = Cups::new(&[2, 0, 1]);
        cups.start_roll();
        assert_eq!(cups.rolling(), Some(Seat(0)));
        assert!(!cups.roll(3));
        assert_eq!(cups.rolled_dice(Seat(0)), 1);
        assert!(!cups.roll(4));
        assert!(cups.rolled(Seat(0)) && cups.rolled(Seat(1)));
        assert_eq!(cups.rolling(), Some(Seat(2)));
        assert!(cups.roll(6));
        assert_eq!(cups.dice_of(Seat(0)), &[3, 4]);
        assert_eq!(cups.total(), 3);
        assert_eq!(cups.alive(), [Seat(0), Seat(2)].into_iter().collect());
        assert_eq!(cups.lose(Seat(2), 2), 1);
        assert!(cups.gain(Seat(1), 5));
        assert_eq!(cups.dice_of(Seat(1)), &[5]);
    }
}
