//! Seats at the table and sets of seats.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A seat at the table, numbered from 0 in clockwise order.
///
/// JSON carries the number (`2`); labels for people show it from 1 (`P3`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's position as an index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat clockwise at a table of `seats`.
    #[inline]
    pub const fn next(self, seats: usize) -> Seat {
        Seat(((self.0 as usize + 1) % seats) as u8)
    }

    /// How many places clockwise this seat sits after `observer` at a table of `seats` (0 for the observer
    /// itself, 1 for the next seat...): the order in which tensors list seats. Both seats are at the table. No
    /// division: tensors ask it for every pair of seats.
    #[inline]
    pub const fn places_after(self, observer: Seat, seats: usize) -> usize {
        let places = self.index() + seats - observer.index();
        if places >= seats {
            places - seats
        } else {
            places
        }
    }

    /// Every seat at a table of `seats`, in order.
    pub fn all(seats: usize) -> impl Iterator<Item = Seat> {
        (0..seats as u8).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0 as u32 + 1)
    }
}

/// A set of seats, at most 64, as a bit mask. Copy, allocation-free.
///
/// JSON carries the seats in increasing order (`[1, 3]`), as its TypeScript type says.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "Vec<Seat>"))]
pub struct SeatSet(u64);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Seats `0..seats`.
    #[inline]
    pub const fn first(seats: usize) -> SeatSet {
        if seats >= 64 {
            SeatSet(u64::MAX)
        } else {
            SeatSet((1u64 << seats) - 1)
        }
    }

    /// Just this seat.
    #[inline]
    pub const fn only(seat: Seat) -> SeatSet {
        SeatSet(1u64 << seat.0)
    }

    #[inline]
    pub const fn contains(self, seat: Seat) -> bool {
        seat.0 < 64 && self.0 & (1u64 << seat.0) != 0
    }

    #[inline]
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1u64 << seat.0;
    }

    #[inline]
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1u64 << seat.0);
    }

    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn union(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }

    #[inline]
    pub const fn minus(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & !other.0)
    }

    /// The lowest seat in the set.
    #[inline]
    pub fn lowest(self) -> Option<Seat> {
        (self.0 != 0).then(|| Seat(self.0.trailing_zeros() as u8))
    }

    /// The first seat of the set going clockwise from `from` (inclusive), wrapping round the table.
    #[inline]
    pub fn next_from(self, from: Seat) -> Option<Seat> {
        let at_or_after = if from.0 >= 64 { 0 } else { self.0 & !((1u64 << from.0) - 1) };
        SeatSet(if at_or_after != 0 { at_or_after } else { self.0 }).lowest()
    }

    /// The seats in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let seat = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Seat(seat))
        })
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut set = SeatSet::EMPTY;
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}

impl Serialize for SeatSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SeatSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let seats = Vec::<Seat>::deserialize(deserializer)?;
        if let Some(bad) = seats.iter().find(|s| s.0 >= 64) {
            return Err(serde::de::Error::custom(format!("seat {} is out of range", bad.0)));
        }
        Ok(seats.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut set = SeatSet::EMPTY;
        set.insert(Seat(3));
        set.insert(Seat(1));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Seat(1), Seat(3)]);
        assert_eq!(set.len(), 2);
        assert_eq!(set.next_from(Seat(2)), Some(Seat(3)));
        assert_eq!(set.next_from(Seat(3)), Some(Seat(3)));
        assert_eq!(set.next_from(Seat(4)), Some(Seat(1)));
        assert_eq!(SeatSet::EMPTY.next_from(Seat(0)), None);
        set.remove(Seat(1));
        assert_eq!(set.lowest(), Some(Seat(3)));
        assert_eq!(SeatSet::first(3).len(), 3);
        assert_eq!(serde_json::to_string(&set).unwrap(), "[3]");
        assert_eq!(Seat(0).to_string(), "P1");
        assert_eq!(Seat(4).next(5), Seat(0));
    }
}
