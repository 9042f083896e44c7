//! Counting the dice that match a bid.

use super::BidRules;

/// How many of `dice` match `face`: the face itself, and the wild face unless the bid is on it.
pub fn count_matching(rules: &BidRules, dice: &[u8], face: u8) -> u32 {
    let wild = rules.wild_face().filter(|&w| w != face);
    dice.iter().filter(|&&d| d == face || Some(d) == wild).count() as u32
}

/// How a game counts one cup for a bid: the hook for per-bidder rules such as Lying Pirates' Cursed Die,
/// which negates matching faces in the bidder's own cup when that cup belongs to the bidder.
pub trait CountRule {
    /// Dice in `cup` (belonging to seat `owner`) that count for a bid on `face` made by seat `bidder`.
    fn count_cup(&self, rules: &BidRules, owner: usize, bidder: usize, cup: &[u8], face: u8) -> u32;
}

/// Every cup counts the same, whoever bid.
#[derive(Copy, Clone, Debug, Default)]
pub struct PlainCount;

impl CountRule for PlainCount {
    fn count_cup(&self, rules: &BidRules, _owner: usize, _bidder: usize, cup: &[u8], face: u8) -> u32 {
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
            prop_assert_eq!(PlainCount.count_cup(&rules, 0, 1, &dice, face), brute);
        }
    }
}
