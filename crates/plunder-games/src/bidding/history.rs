//! The bids of a round, as every bidding game keeps and shows them, and reading bids out of legal actions.

use plunder_core::Seat;
use serde::Serialize;

use super::Bid;

/// A bid as the table saw it: who made it. The one bid-history shape of every bidding game's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BidMade {
    pub seat: Seat,
    pub bid: Bid,
}

/// Bids a log keeps in place, without a heap buffer: every round of a liar's dice game up to 64 possible bids
/// (two players with five dice of six faces), so that a fresh position allocates nothing.
const INLINE: usize = 64;

const NO_BID: BidMade = BidMade { seat: Seat(0), bid: Bid { quantity: 0, face: 0 } };

/// The bids of the round in progress, oldest first. Cleared, never shrunk, between rounds: after the first
/// rounds it stops allocating. A log made with room for at most 64 bids keeps them in place (no allocation at
/// all: a fresh position per playout costs no allocator call); a larger one makes its room once on the heap.
pub struct BidLog(Store);

impl Clone for BidLog {
    /// A copy with as much room as this log (a cloned vector would keep only room for the bids it holds, so a
    /// copy of a fresh position would allocate at its first bid).
    fn clone(&self) -> BidLog {
        match &self.0 {
            Store::Heap(bids) => {
                let mut copy = Vec::with_capacity(bids.capacity());
                copy.extend_from_slice(bids);
                BidLog(Store::Heap(copy))
            }
            inline => BidLog(inline.clone()),
        }
    }

    /// Keeps this log's heap buffer (the derived `clone_from` would allocate a new one) and copies only the bids
    /// in use of an in-place log.
    fn clone_from(&mut self, source: &BidLog) {
        match (&mut self.0, &source.0) {
            (Store::Heap(mine), Store::Heap(theirs)) => mine.clone_from(theirs),
            (Store::Inline { len, bids }, Store::Inline { len: n, bids: theirs }) => {
                bids[..*n as usize].copy_from_slice(&theirs[..*n as usize]);
                *len = *n;
            }
            (mine, theirs) => *mine = theirs.clone(),
        }
    }
}

#[derive(Clone)]
enum Store {
    /// The first `len` bids are the log.
    Inline {
        len: u8,
        bids: [BidMade; INLINE],
    },
    Heap(Vec<BidMade>),
}

impl std::fmt::Debug for BidLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("BidLog").field(&self.as_slice()).finish()
    }
}

impl PartialEq for BidLog {
    fn eq(&self, other: &BidLog) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for BidLog {}

impl Default for BidLog {
    fn default() -> BidLog {
        BidLog::new()
    }
}

impl BidLog {
    pub fn new() -> BidLog {
        BidLog::with_capacity(16)
    }

    /// A log with room for `bids` bids: a game whose rounds can hold more than 64 (Lying Pirates: up to 300) makes
    /// room once at the start, so that its steps never allocate.
    pub fn with_capacity(bids: usize) -> BidLog {
        if bids <= INLINE {
            BidLog(Store::Inline { len: 0, bids: [NO_BID; INLINE] })
        } else {
            BidLog(Store::Heap(Vec::with_capacity(bids)))
        }
    }

    #[inline]
    pub fn push(&mut self, seat: Seat, bid: Bid) {
        let made = BidMade { seat, bid };
        match &mut self.0 {
            Store::Inline { len, bids } if (*len as usize) < INLINE => {
                bids[*len as usize] = made;
                *len += 1;
            }
            Store::Heap(bids) => bids.push(made),
            Store::Inline { .. } => self.spill(made),
        }
    }

    /// More bids than the room asked for: moves to the heap, as a vector would grow.
    #[cold]
    #[inline(never)]
    fn spill(&mut self, made: BidMade) {
        let mut heap = Vec::with_capacity(2 * INLINE);
        heap.extend_from_slice(self.as_slice());
        heap.push(made);
        self.0 = Store::Heap(heap);
    }

    /// The standing bid and who made it.
    #[inline]
    pub fn last(&self) -> Option<(Seat, Bid)> {
        self.as_slice().last().map(|b| (b.seat, b.bid))
    }

    #[inline]
    pub fn clear(&mut self) {
        match &mut self.0 {
            Store::Inline { len, .. } => *len = 0,
            Store::Heap(bids) => bids.clear(),
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.as_slice().len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    #[inline]
    pub fn as_slice(&self) -> &[BidMade] {
        match &self.0 {
            Store::Inline { len, bids } => &bids[..*len as usize],
            Store::Heap(bids) => bids,
        }
    }

    /// The history for a view.
    pub fn to_view(&self) -> Vec<BidMade> {
        self.as_slice().to_vec()
    }
}

/// A game action that may be a raise: lets the shared bots read raises out of any bidding game's legal actions.
pub trait BidAction {
    /// The bid, if this action raises.
    fn as_raise(&self) -> Option<Bid>;
}

/// Every raise among `legal`, in order.
pub fn raises_in<A: BidAction>(legal: &[A]) -> Vec<Bid> {
    legal.iter().filter_map(BidAction::as_raise).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_keeps_order_and_the_standing_bid() {
        let mut log = BidLog::new();
        assert_eq!(log.last(), None);
        log.push(Seat(1), Bid { quantity: 2, face: 3 });
        log.push(Seat(2), Bid { quantity: 2, face: 5 });
        assert_eq!(log.last(), Some((Seat(2), Bid { quantity: 2, face: 5 })));
        assert_eq!(log.to_view()[0], BidMade { seat: Seat(1), bid: Bid { quantity: 2, face: 3 } });
        log.clear();
        assert!(log.is_empty());
    }

    #[test]
    fn raises_are_read_from_actions() {
        enum A {
            Raise(Bid),
            Call,
        }
        impl BidAction for A {
            fn as_raise(&self) -> Option<Bid> {
                match self {
                    A::Raise(b) => Some(*b),
                    A::Call => None,
                }
            }
        }
        let b = Bid { quantity: 1, face: 4 };
        assert_eq!(raises_in(&[A::Call, A::Raise(b)]), vec![b]);
    }
}
