//! Bids and the raise order.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A bid: at least `quantity` dice show `face` (wild faces counting too).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Bid {
    pub quantity: u8,
    pub face: u8,
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} × {}", self.quantity, self.face)
    }
}

/// Which face, if any, is wild: it counts as every face bid on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Wild {
    #[default]
    None,
    Ones,
    /// The highest face (OpenSpiel's `liars_dice`).
    Highest,
}

/// The order in which bids raise each other. Both are strict total orders on bids.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum RaiseRule {
    /// More dice of any face, or as many dice of a higher face (the usual rule; OpenSpiel's order).
    #[default]
    QuantityMajor,
    /// A higher face with any number of dice, or more dice of the same face.
    FaceMajor,
}

/// Every bid up to a largest quantity in the raise order, made once for a game ([`BidRules::raise_runs`]): under
/// the quantity-major order the legal raises over any bid are one run of it.
#[derive(Clone, Debug, PartialEq)]
pub struct RaiseRuns<A> {
    actions: Vec<A>,
    /// Biddable faces up to each face (entry `f`: those at most `f`): a bid's place within its quantity's run.
    up_to: [u8; 64],
    /// Biddable faces: bids a quantity.
    per_quantity: usize,
}

/// How bids work in one game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BidRules {
    pub faces: u8,
    pub wild: Wild,
    /// Whether the wild face may itself be bid on.
    pub wild_biddable: bool,
    /// The lowest face that may be bid on: 1, or 2 where ones may never be bid (Scallywager, Lying Pirates),
    /// wild or not.
    pub min_face: u8,
    pub raise: RaiseRule,
}

impl BidRules {
    /// The wild face's value, if any.
    pub fn wild_face(&self) -> Option<u8> {
        match self.wild {
            Wild::None => None,
            Wild::Ones => Some(1),
            Wild::Highest => Some(self.faces),
        }
    }

    /// Whether `face` may be bid on.
    pub fn biddable(&self, face: u8) -> bool {
        (self.min_face.max(1)..=self.faces).contains(&face) && (self.wild_biddable || Some(face) != self.wild_face())
    }

    /// The bid's place in the raise order: a higher key raises a lower one.
    pub fn key(&self, bid: Bid) -> u32 {
        let (q, f) = (bid.quantity as u32, bid.face as u32);
        match self.raise {
            RaiseRule::QuantityMajor => q * 256 + f,
            RaiseRule::FaceMajor => f * 256 + q,
        }
    }

    /// Whether `next` is a legal raise over `last` (any biddable bid of at least 1 opens).
    pub fn is_raise(&self, last: Option<Bid>, next: Bid) -> bool {
        next.quantity >= 1 && self.biddable(next.face) && last.is_none_or(|last| self.key(next) > self.key(last))
    }

    /// The biddable faces as a bit set (bit `f` for face `f`); faces beyond 63 are never biddable.
    #[inline]
    fn biddable_faces(&self) -> u64 {
        let (lo, hi) = (self.min_face.max(1) as u32, self.faces.min(63) as u32);
        if hi < lo {
            return 0;
        }
        // Bits lo..=hi, without the wild face where it may not be bid.
        let mut mask = (u64::MAX >> (63 - hi)) & !((1u64 << lo) - 1);
        if let Some(wild) = self.wild_face().filter(|_| !self.wild_biddable) {
            mask &= !(1u64 << wild.min(63));
        }
        mask
    }

    /// Calls `f` with every legal raise over `last` with at most `max_quantity` dice, lowest first.
    /// Allocation-free, and starts from the last bid rather than from the bottom: the hot loop of every bidding
    /// game's legal actions, so it tests each face's biddability once, not once per bid.
    #[inline]
    pub fn for_each_raise(&self, last: Option<Bid>, max_quantity: u8, mut f: impl FnMut(Bid)) {
        let biddable = self.biddable_faces();
        match self.raise {
            RaiseRule::QuantityMajor => {
                // As many dice of a higher face, then more dice of any face: the set bits of `biddable`, each
                // visited once, so a face that may not be bid costs nothing.
                let (first, above) = last.map_or((1, 0), |b| (b.quantity.max(1), b.face));
                for quantity in first..=max_quantity {
                    let mut faces = if last.is_some_and(|l| l.quantity == quantity) {
                        biddable & u64::MAX.checked_shl(above as u32 + 1).unwrap_or(0)
                    } else {
                        biddable
                    };
                    while faces != 0 {
                        f(Bid { quantity, face: faces.trailing_zeros() as u8 });
                        faces &= faces - 1;
                    }
                }
            }
            RaiseRule::FaceMajor => {
                // More dice of the same face, then any number of a higher face.
                let (first, above) = last.map_or((1, 0), |b| (b.face.max(1), b.quantity));
                for face in first..=self.faces.min(63) {
                    if biddable & (1 << face) == 0 {
                        continue;
                    }
                    let from = if last.is_some_and(|l| l.face == face) { above.saturating_add(1) } else { 1 };
                    for quantity in from..=max_quantity {
                        f(Bid { quantity, face });
                    }
                }
            }
        }
    }

    /// Every bid with 1 to `max_quantity` dice as `make` makes it, in the raise order: the table of
    /// [`BidRules::extend_raises`] (empty under the face-major order, whose raises are not one run).
    pub fn raise_runs<A>(&self, max_quantity: u8, make: impl Fn(Bid) -> A) -> RaiseRuns<A> {
        let biddable = self.biddable_faces();
        let mut actions = Vec::new();
        if self.raise == RaiseRule::QuantityMajor {
            self.for_each_raise(None, max_quantity, |bid| actions.push(make(bid)));
        }
        let mut up_to = [0u8; 64];
        for (face, entry) in up_to.iter_mut().enumerate() {
            *entry = (biddable & (u64::MAX >> (63 - face))).count_ones() as u8;
        }
        RaiseRuns { actions, up_to, per_quantity: biddable.count_ones() as usize }
    }

    /// Appends every legal raise over `last` with at most `max_quantity` dice, lowest first, as `make` makes it:
    /// the raises of [`BidRules::for_each_raise`] in the same order. Under the quantity-major order they are the
    /// run of `runs` (this game's [`BidRules::raise_runs`]) after the last bid, up to the last bid of
    /// `max_quantity` dice, copied at once: the hot loop of a random playout, with no branch a bid.
    #[inline]
    pub fn extend_raises<A: Copy>(
        &self,
        runs: &RaiseRuns<A>,
        last: Option<Bid>,
        max_quantity: u8,
        out: &mut Vec<A>,
        make: impl Fn(Bid) -> A,
    ) {
        let end = max_quantity as usize * runs.per_quantity;
        if self.raise != RaiseRule::QuantityMajor || end > runs.actions.len() {
            return self.push_raises(last, max_quantity, out, make);
        }
        // The last bid's place: the bids of fewer dice, then its quantity's faces up to its face.
        let start = match last {
            Some(l) if l.quantity >= 1 => {
                (l.quantity as usize - 1) * runs.per_quantity + runs.up_to[l.face.min(63) as usize] as usize
            }
            _ => 0,
        };
        if start < end {
            out.extend_from_slice(&runs.actions[start..end]);
        }
    }

    /// [`BidRules::extend_raises`] one bid at a time, where the raises are not one run of the table: kept out of
    /// line so that the run's copy stays small enough to inline.
    #[cold]
    #[inline(never)]
    fn push_raises<A>(&self, last: Option<Bid>, max_quantity: u8, out: &mut Vec<A>, make: impl Fn(Bid) -> A) {
        self.for_each_raise(last, max_quantity, |bid| out.push(make(bid)));
    }

    /// Calls `f` with every bid an exact call may name after `last`: the last bid itself or any higher one
    /// (Lying Pirates: "exactly five threes, or any higher bid"). Nothing before the first bid.
    pub fn for_each_exact(&self, last: Option<Bid>, max_quantity: u8, mut f: impl FnMut(Bid)) {
        if let Some(last) = last {
            f(last);
            self.for_each_raise(Some(last), max_quantity, f);
        }
    }

    /// Appends every legal raise over `last` with at most `max_quantity` dice, lowest first.
    pub fn raises(&self, last: Option<Bid>, max_quantity: u8, out: &mut Vec<Bid>) {
        self.for_each_raise(last, max_quantity, |bid| out.push(bid));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn rules(raise: RaiseRule, wild: Wild, wild_biddable: bool) -> BidRules {
        BidRules { faces: 6, wild, wild_biddable, min_face: 1, raise }
    }

    #[test]
    fn the_usual_raises() {
        let r = rules(RaiseRule::QuantityMajor, Wild::Ones, false);
        let three_2s = Bid { quantity: 3, face: 2 };
        assert!(r.is_raise(Some(three_2s), Bid { quantity: 4, face: 2 }), "more of the same face");
        assert!(r.is_raise(Some(three_2s), Bid { quantity: 3, face: 5 }), "as many of a higher face");
        assert!(r.is_raise(Some(three_2s), Bid { quantity: 4, face: 1 + 1 }));
        assert!(!r.is_raise(Some(three_2s), Bid { quantity: 2, face: 6 }), "fewer dice never raises");
        assert!(!r.is_raise(Some(three_2s), three_2s));
        assert!(!r.is_raise(None, Bid { quantity: 5, face: 1 }), "no bids on wild ones");
        let no_ones = BidRules { wild: Wild::None, min_face: 2, ..r };
        assert!(!no_ones.is_raise(None, Bid { quantity: 5, face: 1 }), "no bids on ones, wild or not");
        assert!(no_ones.is_raise(None, Bid { quantity: 1, face: 2 }));
        let mut out = Vec::new();
        r.raises(Some(Bid { quantity: 2, face: 5 }), 2, &mut out);
        assert_eq!(out, vec![Bid { quantity: 2, face: 6 }]);
    }

    #[test]
    fn an_exact_call_names_the_last_bid_or_a_higher_one() {
        let r = rules(RaiseRule::QuantityMajor, Wild::Ones, false);
        let mut exact = Vec::new();
        r.for_each_exact(None, 3, |b| exact.push(b));
        assert!(exact.is_empty(), "nothing to call before a bid");
        let five_3s = Bid { quantity: 5, face: 3 };
        r.for_each_exact(Some(five_3s), 6, |b| exact.push(b));
        assert_eq!(exact[0], five_3s);
        assert!(exact[1..].iter().all(|&b| r.is_raise(Some(five_3s), b)));
        assert_eq!(exact.len(), 1 + 3 + 5, "5x4, 5x5, 5x6 and 6x2..6x6");
    }

    #[test]
    fn runs_of_raises_are_the_raises_one_by_one() {
        for raise in [RaiseRule::QuantityMajor, RaiseRule::FaceMajor] {
            for wild in [Wild::None, Wild::Ones, Wild::Highest] {
                for wild_biddable in [false, true] {
                    for min_face in [1, 2] {
                        let r = BidRules { faces: 6, wild, wild_biddable, min_face, raise };
                        let runs = r.raise_runs(5, |b| b);
                        let fewer = r.raise_runs(3, |b| b);
                        let lasts = (0..=7u8).flat_map(|q| (0..=7u8).map(move |f| Some(Bid { quantity: q, face: f })));
                        for last in std::iter::once(None).chain(lasts) {
                            for (table, max) in [(&runs, 5), (&runs, 3), (&runs, 0), (&fewer, 5)] {
                                let (mut one_by_one, mut run) = (Vec::new(), Vec::new());
                                r.raises(last, max, &mut one_by_one);
                                r.extend_raises(table, last, max, &mut run, |b| b);
                                assert_eq!(run, one_by_one, "{r:?} after {last:?} up to {max}");
                            }
                        }
                    }
                }
            }
        }
    }

    fn arb_bid() -> impl Strategy<Value = Bid> {
        (1u8..=12, 1u8..=6).prop_map(|(quantity, face)| Bid { quantity, face })
    }

    fn arb_rules() -> impl Strategy<Value = BidRules> {
        (
            prop_oneof![Just(RaiseRule::QuantityMajor), Just(RaiseRule::FaceMajor)],
            prop_oneof![Just(Wild::None), Just(Wild::Ones), Just(Wild::Highest)],
            any::<bool>(),
            1u8..=2,
        )
            .prop_map(|(raise, wild, wb, min_face)| BidRules { min_face, ..rules(raise, wild, wb) })
    }

    proptest! {
        #[test]
        fn the_biddable_faces_are_the_bits_of_the_mask(r in arb_rules(), faces in 2u8..=12) {
            let r = BidRules { faces, ..r };
            for face in 0..=63u8 {
                prop_assert_eq!(r.biddable_faces() & (1 << face) != 0, r.biddable(face), "face {}", face);
            }
        }

        #[test]
        fn raising_is_a_strict_total_order(r in arb_rules(), a in arb_bid(), b in arb_bid(), c in arb_bid()) {
            let raises = |x: Bid, y: Bid| r.key(y) > r.key(x);
            prop_assert!(!raises(a, a), "irreflexive");
            if a != b {
                prop_assert!(raises(a, b) ^ raises(b, a), "total and asymmetric");
            }
            if raises(a, b) && raises(b, c) {
                prop_assert!(raises(a, c), "transitive");
            }
            if r.biddable(b.face) {
                prop_assert_eq!(r.is_raise(Some(a), b), raises(a, b));
            } else {
                prop_assert!(!r.is_raise(Some(a), b));
            }
        }

        #[test]
        fn listed_raises_are_exactly_the_legal_ones_in_order(r in arb_rules(), last in prop::option::of(arb_bid())) {
            let mut out = Vec::new();
            r.raises(last, 8, &mut out);
            let mut expected: Vec<Bid> = (1..=8u8)
                .flat_map(|q| (1..=6u8).map(move |f| Bid { quantity: q, face: f }))
                .filter(|b| r.is_raise(last, *b))
                .collect();
            expected.sort_by_key(|b| r.key(*b));
            prop_assert_eq!(&out, &expected);
        }
    }
}
