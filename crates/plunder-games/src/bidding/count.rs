//! Counting the dice that match a bid.

use super::{BidRules, DieKind};

/// How many of `dice` match `face`: the face itself, and the wild face unless the bid is on it.
#[inline]
pub fn count_matching(rules: &BidRules, dice: &[u8], face: u8) -> u32 {
    // No wild face (or a bid on it) counts the face twice over: one comparison a die either way.
    let wild = rules.wild_face().unwrap_or(face);
    dice.iter().filter(|&&d| d == face || d == wild).count() as u32
}

/// How a game counts one cup for a bid: the hook for per-bidder and per-kind rules such as Lying Pirates' Cursed
/// Die, which negates matching faces in the bidder's own cup when that cup belongs to the bidder, and its special
/// dice, whose faces count in their own ways.
pub trait CountRule {
    /// Dice in `cup` (belonging to seat `owner`, of kinds `kinds`) that count for a bid on `face` made by seat
    /// `bidder`.
    fn count_cup(&self, rules: &BidRules, owner: usize, bidder: usize, cup: &[u8], kinds: &[DieKind], face: u8) -> u32;
}

/// Every cup counts the same, whoever bid.
#[derive(Copy, Clone, Debug, Default)]
pub struct PlainCount;

impl CountRule for PlainCount {
    #[inline]
    fn count_cup(&self, rules: &BidRules, _: usize, _: usize, cup: &[u8], _: &[DieKind], face: u8) -> u32 {
        count_matching(rules, cup, face)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bidding::{RaiseRule, Wild};
    use proptest::prelude::*;

    #[test]
    fn the_betting_phase_example_of_pirata_codex() {
        // "There were 5 fives and 3 ones, for a total of 8 fives."
        let rules =
            BidRules { faces: 6, wild: Wild::Ones, wild_biddable: false, min_face: 1, raise: RaiseRule::QuantityMajor };
        let table = [5, 5, 5, 5, 5, 1, 1, 1, 2, 3, 4, 6, 6];
        assert_eq!(count_matching(&rules, &table, 5), 8);
    }

    const CURSED: DieKind = 4;

    /// A per-bidder, per-kind rule in the manner of Lying Pirates' Cursed Die: when the cursed player bids on the
    /// face its Cursed Die shows, its own dice showing that face count for nothing (the Cursed Die included).
    struct Cursed;

    impl CountRule for Cursed {
        fn count_cup(
            &self,
            rules: &BidRules,
            owner: usize,
            bidder: usize,
            cup: &[u8],
            kinds: &[DieKind],
            face: u8,
        ) -> u32 {
            let curse = kinds.iter().position(|&k| k == CURSED).map(|i| cup[i]);
            if owner == bidder && curse == Some(face) {
                0
            } else {
                count_matching(rules, cup, face)
            }
        }
    }

    #[test]
    fn the_cursed_player_examples_of_pirata_codex() {
        // Anne is cursed (her Cursed Die, last in her cup, shows 3). Jack and Mary hold four threes with wilds.
        let rules =
            BidRules { faces: 6, wild: Wild::Ones, wild_biddable: false, min_face: 2, raise: RaiseRule::QuantityMajor };
        let cups: [&[u8]; 3] = [&[3, 3, 5, 3], &[3, 1, 6, 2, 4], &[1, 3, 5, 6, 2]];
        let kinds: [&[DieKind]; 3] = [&[0, 0, 0, CURSED], &[0; 5], &[0; 5]];
        let total = |bidder: usize| -> u32 {
            (0..3).map(|owner| Cursed.count_cup(&rules, owner, bidder, cups[owner], kinds[owner], 3)).sum()
        };
        // Example 1: Mary bid 7 threes and Anne called liar: "Since the cursed player did not make the bet, there
        // are indeed 7 threes, and Mary wins."
        assert_eq!(total(2), 7);
        // Example 2: Anne bid 5 threes and Jack called liar: "With the Cursed Die's effect, there are only 4
        // threes, making Anne a liar."
        assert_eq!(total(0), 4);
        assert_eq!(
            PlainCount.count_cup(&rules, 0, 0, cups[0], kinds[0], 3),
            3,
            "without the hook Anne counts her threes"
        );
    }

    proptest! {
        #[test]
        fn counts_with_wilds_match_brute_force(
            dice in prop::collection::vec(1u8..=6, 0..30), face in 1u8..=6, wild in 0u8..3,
        ) {
            let wild = [Wild::None, Wild::Ones, Wild::Highest][wild as usize];
            let rules = BidRules { faces: 6, wild, wild_biddable: true, min_face: 1, raise: RaiseRule::QuantityMajor };
            let mut brute = 0;
            for &d in &dice {
                let is_wild = match wild { Wild::None => false, Wild::Ones => d == 1, Wild::Highest => d == 6 };
                if d == face || is_wild {
                    brute += 1;
                }
            }
            prop_assert_eq!(count_matching(&rules, &dice, face), brute);
            prop_assert_eq!(PlainCount.count_cup(&rules, 0, 1, &dice, &[], face), brute);
        }
    }
}
