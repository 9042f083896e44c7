//! Every player's cup of dice, rolled one die at a time as chance events. Fixed-size: copying never allocates.
//!
//! A die has a kind as well as a face: regular dice are kind [`REGULAR`]; a game numbers its special dice from 1
//! (Lying Pirates' Pirate King, Mermaid, Ghost and Cursed Die) and gives each kind its own faces. Counting rules
//! see the kinds ([`super::CountRule`]), and losing dice can spare or prefer kinds ([`Cups::lose_ranked`]).
//! Games without special dice use [`PlainCups`], which stores no kinds: every die is [`REGULAR`], and the cups
//! stay as small to copy as before kinds existed (liar's dice copies them into every showdown).

use plunder_core::{Seat, SeatSet};

/// The most cups at a table.
pub const MAX_CUPS: usize = 6;
/// The dice one cup holds by default: liar's dice and Scallywager never need more. A game that does (Lying
/// Pirates' Final Battle lifts its limit of 10) names its room: `Cups<24>`. Room is a type parameter so that the
/// games that need little copy little.
pub const MAX_DICE: usize = 10;

/// A die's kind: [`REGULAR`], or one of a game's special dice.
pub type DieKind = u8;
/// The kind of an ordinary die.
pub const REGULAR: DieKind = 0;

/// Where cups keep their dice's kinds: [`PerDie`] (a kind for every die) or [`AllRegular`] (none stored).
pub trait DieKinds<const D: usize>: Copy + std::fmt::Debug + PartialEq + Eq {
    /// Every die regular.
    const REGULAR: Self;
    /// The kinds of the first `len` dice of cup `cup`.
    fn of(&self, cup: usize, len: usize) -> &[DieKind];
    /// Sets the kind of die `index` of cup `cup`; false if this store cannot hold `kind`.
    fn set(&mut self, cup: usize, index: usize, kind: DieKind) -> bool;
    /// Closes the gap of a die removed at `index` from a cup of `len` dice.
    fn remove(&mut self, cup: usize, index: usize, len: usize);
}

/// A kind for every die: the cups of a game with special dice.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PerDie<const D: usize>([[DieKind; D]; MAX_CUPS]);

impl<const D: usize> DieKinds<D> for PerDie<D> {
    const REGULAR: Self = PerDie([[REGULAR; D]; MAX_CUPS]);
    #[inline]
    fn of(&self, cup: usize, len: usize) -> &[DieKind] {
        &self.0[cup][..len]
    }
    #[inline]
    fn set(&mut self, cup: usize, index: usize, kind: DieKind) -> bool {
        self.0[cup][index] = kind;
        true
    }
    #[inline]
    fn remove(&mut self, cup: usize, index: usize, len: usize) {
        self.0[cup].copy_within(index + 1..len, index);
    }
}

/// No kinds stored: every die is regular (liar's dice, Scallywager).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AllRegular;

/// Kinds read by [`AllRegular`]: enough for any cup (`D` is at most this, checked when cups are made).
static REGULARS: [DieKind; 64] = [REGULAR; 64];

impl<const D: usize> DieKinds<D> for AllRegular {
    const REGULAR: Self = AllRegular;
    #[inline]
    fn of(&self, _cup: usize, len: usize) -> &[DieKind] {
        &REGULARS[..len]
    }
    #[inline]
    fn set(&mut self, _cup: usize, _index: usize, kind: DieKind) -> bool {
        kind == REGULAR
    }
    #[inline]
    fn remove(&mut self, _cup: usize, _index: usize, _len: usize) {}
}

/// Cups whose dice are all regular.
pub type PlainCups = Cups<MAX_DICE, AllRegular>;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Cups<const D: usize = MAX_DICE, K: DieKinds<D> = PerDie<D>> {
    seats: u8,
    counts: [u8; MAX_CUPS],
    dice: [[u8; D]; MAX_CUPS],
    kinds: K,
    /// The next die to roll (seat, index); `seat == seats` once every cup is rolled.
    cursor: (u8, u8),
}

impl<const D: usize, K: DieKinds<D>> Cups<D, K> {
    /// Every seat's cup as a showdown shows it, lowest face first: the order the dice fell in is no information.
    pub fn shown(&self) -> Vec<Vec<u8>> {
        (0..self.seats)
            .map(|seat| {
                let mut cup = self.dice_of(Seat(seat)).to_vec();
                cup.sort_unstable();
                cup
            })
            .collect()
    }

    /// Cups for `counts.len()` seats with these many dice each, not yet rolled.
    pub fn new(counts: &[u8]) -> Cups<D, K> {
        const { assert!(D <= REGULARS.len(), "a cup's room is at most 64 dice") };
        let mut cups = Cups {
            seats: counts.len() as u8,
            counts: [0; MAX_CUPS],
            dice: [[0; D]; MAX_CUPS],
            kinds: K::REGULAR,
            cursor: (0, 0),
        };
        cups.counts[..counts.len()].copy_from_slice(counts);
        cups.cursor = (cups.seats, 0);
        cups
    }

    #[inline]
    pub fn count(&self, seat: Seat) -> u8 {
        self.counts[seat.index()]
    }

    #[inline]
    pub fn counts(&self) -> &[u8] {
        &self.counts[..self.seats as usize]
    }

    #[inline]
    pub fn dice_of(&self, seat: Seat) -> &[u8] {
        &self.dice[seat.index()][..self.counts[seat.index()] as usize]
    }

    /// The kinds of `seat`'s dice, in the order of [`Cups::dice_of`].
    #[inline]
    pub fn kinds_of(&self, seat: Seat) -> &[DieKind] {
        self.kinds.of(seat.index(), self.counts[seat.index()] as usize)
    }

    /// Every cup's dice, seat by seat (for a showdown).
    pub fn all_dice(&self) -> Vec<Vec<u8>> {
        Seat::all(self.seats as usize).map(|seat| self.dice_of(seat).to_vec()).collect()
    }

    #[inline]
    pub fn total(&self) -> u32 {
        self.counts().iter().map(|&c| c as u32).sum()
    }

    /// Seats with at least one die.
    #[inline]
    pub fn alive(&self) -> SeatSet {
        let mut alive = SeatSet::EMPTY;
        for (seat, &count) in self.counts[..self.seats as usize].iter().enumerate() {
            if count > 0 {
                alive.insert(Seat(seat as u8));
            }
        }
        alive
    }

    /// Starts rolling every cup; dice not yet rolled read 0.
    pub fn start_roll(&mut self) {
        self.dice = [[0; D]; MAX_CUPS];
        self.cursor = (0, 0);
        self.skip_empty();
    }

    fn skip_empty(&mut self) {
        while self.cursor.0 < self.seats && self.cursor.1 >= self.counts[self.cursor.0 as usize] {
            self.cursor = (self.cursor.0 + 1, 0);
        }
    }

    /// The seat whose die is rolled next, if any.
    #[inline]
    pub fn rolling(&self) -> Option<Seat> {
        (self.cursor.0 < self.seats).then_some(Seat(self.cursor.0))
    }

    /// The seat and kind of the die rolled next (its kind says which faces it has).
    #[inline]
    pub fn rolling_die(&self) -> Option<(Seat, DieKind)> {
        self.rolling().map(|seat| (seat, self.kinds.of(seat.index(), D)[self.cursor.1 as usize]))
    }

    /// Whether `seat`'s cup is fully rolled.
    #[inline]
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
    #[inline]
    pub fn roll(&mut self, face: u8) -> bool {
        let (seat, index) = self.cursor;
        self.dice[seat as usize][index as usize] = face;
        self.cursor.1 += 1;
        self.skip_empty();
        self.rolling().is_none()
    }

    /// Sets one die (a reroll, or a redraw for determinization).
    #[inline]
    pub fn set(&mut self, seat: Seat, index: usize, face: u8) {
        self.dice[seat.index()][index] = face;
    }

    /// Removes up to `n` dice from `seat` (the last ones); returns how many went.
    #[inline]
    pub fn lose(&mut self, seat: Seat, n: u8) -> u8 {
        let lost = n.min(self.counts[seat.index()]);
        self.counts[seat.index()] -= lost;
        lost
    }

    /// Adds a regular die showing `face` to `seat` if there is room; returns whether it fit.
    #[inline]
    pub fn gain(&mut self, seat: Seat, face: u8) -> bool {
        self.gain_kind(seat, REGULAR, face)
    }

    /// Adds a die of `kind` showing `face` to `seat` if there is room (and the cups keep kinds, for a special
    /// die); returns whether it fit.
    #[inline]
    pub fn gain_kind(&mut self, seat: Seat, kind: DieKind, face: u8) -> bool {
        let c = self.counts[seat.index()] as usize;
        if c >= D || !self.kinds.set(seat.index(), c, kind) {
            return false;
        }
        self.dice[seat.index()][c] = face;
        self.counts[seat.index()] += 1;
        true
    }

    /// Removes `seat`'s die at `index` (the others keep their order); returns its kind and face.
    pub fn remove(&mut self, seat: Seat, index: usize) -> Option<(DieKind, u8)> {
        let (s, count) = (seat.index(), self.counts[seat.index()] as usize);
        if index >= count {
            return None;
        }
        let removed = (self.kinds.of(s, count)[index], self.dice[s][index]);
        self.dice[s].copy_within(index + 1..count, index);
        self.kinds.remove(s, index, count);
        self.counts[s] -= 1;
        Some(removed)
    }

    /// Removes up to `n` dice from `seat`, each time the one whose kind `rank` ranks highest (the last such die
    /// on a tie); a kind ranked `None` is never lost ("never the Cursed Die"). Returns how many went.
    pub fn lose_ranked(&mut self, seat: Seat, n: u8, rank: impl Fn(DieKind) -> Option<u8>) -> u8 {
        let mut lost = 0;
        while lost < n {
            let worst = self.kinds_of(seat).iter().enumerate().filter_map(|(i, &k)| rank(k).map(|r| (r, i))).max();
            match worst {
                Some((_, index)) => {
                    self.remove(seat, index);
                    lost += 1;
                }
                None => break,
            }
        }
        lost
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolling_skips_empty_cups_and_ends() {
        let mut cups: Cups = Cups::new(&[2, 0, 1]);
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

    #[test]
    fn special_dice_keep_their_kinds_and_losses_spare_what_the_rules_spare() {
        const KING: DieKind = 1;
        const CURSED: DieKind = 2;
        let mut cups: Cups = Cups::new(&[3]);
        cups.gain_kind(Seat(0), KING, 0);
        cups.gain_kind(Seat(0), CURSED, 0);
        cups.start_roll();
        assert_eq!(cups.rolling_die(), Some((Seat(0), REGULAR)));
        for face in [2, 3, 4, 6] {
            cups.roll(face);
        }
        assert_eq!(cups.rolling_die(), Some((Seat(0), CURSED)), "the fifth die is the Cursed Die");
        cups.roll(1);
        assert_eq!(cups.kinds_of(Seat(0)), &[REGULAR, REGULAR, REGULAR, KING, CURSED]);
        // Regular dice go first, then the King; the Cursed Die never.
        let rank = |k: DieKind| match k {
            REGULAR => Some(2),
            KING => Some(1),
            _ => None,
        };
        assert_eq!(cups.lose_ranked(Seat(0), 2, rank), 2);
        assert_eq!(cups.dice_of(Seat(0)), &[2, 6, 1], "the last regular dice went first");
        assert_eq!(cups.lose_ranked(Seat(0), 5, rank), 2, "the Cursed Die stays");
        assert_eq!(cups.kinds_of(Seat(0)), &[CURSED]);
        assert_eq!(cups.remove(Seat(0), 3), None);
    }

    #[test]
    fn plain_cups_read_regular_and_refuse_special_dice() {
        let mut cups: PlainCups = Cups::new(&[2, 1]);
        cups.start_roll();
        assert_eq!(cups.rolling_die(), Some((Seat(0), REGULAR)));
        for face in [4, 5, 6] {
            cups.roll(face);
        }
        assert!(!cups.gain_kind(Seat(1), 1, 3), "no room for a kind");
        assert!(cups.gain(Seat(1), 3));
        assert_eq!(cups.kinds_of(Seat(1)), &[REGULAR, REGULAR]);
        assert_eq!(cups.remove(Seat(0), 0), Some((REGULAR, 4)));
        assert_eq!(cups.dice_of(Seat(0)), &[5]);
        assert_eq!(cups.kinds_of(Seat(0)), &[REGULAR]);
        assert!(std::mem::size_of::<PlainCups>() < std::mem::size_of::<Cups>() - 50, "no kinds stored");
    }

    #[test]
    fn a_cup_holds_more_than_ten_dice() {
        let mut cups: Cups<20> = Cups::new(&[10]);
        for _ in 0..10 {
            assert!(cups.gain(Seat(0), 0));
        }
        assert_eq!(cups.count(Seat(0)), 20);
        assert!(!cups.gain(Seat(0), 0), "the engine's room has an end");
    }
}
