//! The bids of a round, as every bidding game keeps and shows them, and reading bids out of legal actions.

use plunder_core::Seat;
use serde::Serialize;

use super::Bid;

/// A bid as the table saw it: who made it. The one bid-history shape of every bidding game's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BidMade {
    pub seat: Seat,
    pub bid: Bid,
}

/// The bids of the round in progress, oldest first. Cleared, never shrunk, between rounds: after the first
/// rounds it stops allocating.
#[derive(Debug, PartialEq, Eq)]
pub struct BidLog(Vec<BidMade>);

impl Clone for BidLog {
    fn clone(&self) -> BidLog {
        BidLog(self.0.clone())
    }

    /// Keeps this log's buffer (the derived `clone_from` would allocate a new one).
    fn clone_from(&mut self, source: &BidLog) {
        self.0.clone_from(&source.0);
    }
}

impl Default for BidLog {
    fn default() -> BidLog {
        BidLog::new()
    }
}

impl BidLog {
    pub fn new() -> BidLog {
        BidLog(Vec::with_capacity(16))
    }

    /// A log with room for `bids` bids: a game whose rounds can hold more than 16 (Lying Pirates: up to 300) makes
    /// room once at the start, so that its steps never allocate.
    pub fn with_capacity(bids: usize) -> BidLog {
        BidLog(Vec::with_capacity(bids))
    }

    #[inline]
    pub fn push(&mut self, seat: Seat, bid: Bid) {
        self.0.push(BidMade { seat, bid });
    }

    /// The standing bid and who made it.
    #[inline]
    pub fn last(&self) -> Option<(Seat, Bid)> {
        self.0.last().map(|b| (b.seat, b.bid))
    }

    #[inline]
    pub fn clear(&mut self) {
        self.0.clear();
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    #[inline]
    pub fn as_slice(&self) -> &[BidMade] {
        &self.0
    }

    /// The history for a view.
    pub fn to_view(&self) -> Vec<BidMade> {
        self.0.clone()
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
