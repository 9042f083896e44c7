//! Settling a call: count the table for the bid (through the game's per-bidder counting rule) and see whether the
//! caller was right.

use plunder_core::Seat;
use serde::{Deserialize, Serialize};

use super::{Bid, BidRules, CountRule, Cups, DieKinds};

/// The two calls every bidding game has, whatever it names them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Call {
    /// The bid is false: fewer dice match than bid (liar's dice "liar", Scallywager's "Scallywagger").
    Liar,
    /// The bid is exactly right (Dudo's "calza", Scallywager's "Parlay", Lying Pirates' "exact bet").
    Exact,
}

impl Call {
    /// Whether the caller is right when `counted` dice match `bid`.
    pub fn caller_right(self, counted: u32, bid: Bid) -> bool {
        match self {
            Call::Liar => counted < bid.quantity as u32,
            Call::Exact => counted == bid.quantity as u32,
        }
    }
}

/// A showdown as the table sees it: the game's record of the call, and every cup's dice, shown.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Revealed<S> {
    #[serde(flatten)]
    pub showdown: S,
    pub dice: Vec<Vec<u8>>,
}

impl<S> Revealed<S> {
    /// The showdown `showdown` of the table `cups`.
    pub fn new<const D: usize, K: DieKinds<D>>(showdown: S, cups: &Cups<D, K>) -> Revealed<S> {
        Revealed { showdown, dice: cups.all_dice() }
    }
}

/// Dice on the whole table that count for `bid`'s face when `bidder` made the bid.
#[inline]
pub fn count_table<const D: usize, K: DieKinds<D>>(
    rules: &BidRules,
    cups: &Cups<D, K>,
    face: u8,
    bidder: Seat,
    rule: &impl CountRule,
) -> u32 {
    cups.counts()
        .iter()
        .enumerate()
        .map(|(owner, _)| {
            let seat = Seat(owner as u8);
            rule.count_cup(rules, owner, bidder.index(), cups.dice_of(seat), cups.kinds_of(seat), face)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bidding::{PlainCount, RaiseRule, Wild};

    #[test]
    fn calls_are_settled_by_the_count() {
        let bid = Bid { quantity: 3, face: 5 };
        assert!(Call::Liar.caller_right(2, bid));
        assert!(!Call::Liar.caller_right(3, bid) && !Call::Liar.caller_right(4, bid));
        assert!(Call::Exact.caller_right(3, bid));
        assert!(!Call::Exact.caller_right(2, bid) && !Call::Exact.caller_right(4, bid));
    }

    #[test]
    fn the_betting_phase_example_of_pirata_codex_on_the_table() {
        // Anne, Jack and Mary: "there were 5 fives and 3 ones, for a total of 8 fives. As a result, Mary wins"
        // (her liar call on Jack's 9 fives is right).
        let rules =
            BidRules { faces: 6, wild: Wild::Ones, wild_biddable: false, min_face: 2, raise: RaiseRule::QuantityMajor };
        let mut cups: Cups = Cups::new(&[5, 5, 5]);
        cups.start_roll();
        for face in [5, 5, 1, 2, 3, 5, 1, 4, 6, 6, 5, 5, 1, 2, 3] {
            cups.roll(face);
        }
        let counted = count_table(&rules, &cups, 5, Seat(1), &PlainCount);
        assert_eq!(counted, 8);
        assert!(Call::Liar.caller_right(counted, Bid { quantity: 9, face: 5 }));
    }
}
