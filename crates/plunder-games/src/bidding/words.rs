//! Bids in words, for the bidding games' narration: reading a bid a person types, and the odds that the
//! standing bid holds from what one player sees.

use super::{count_matching, p_at_least, p_exactly, Bid, BidRules};

const NUMBER_WORDS: [&str; 20] = [
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];
const FACE_WORDS: [&str; 6] = ["ones", "twos", "threes", "fours", "fives", "sixes"];

/// A count: `3` or `three`.
fn number(word: &str) -> Option<u8> {
    word.parse().ok().or_else(|| NUMBER_WORDS.iter().position(|w| *w == word).map(|i| i as u8 + 1))
}

/// A face: `5`, `5s`, `5's`, `fives`, `five`.
fn face(word: &str) -> Option<u8> {
    let digits = word.trim_end_matches('s').trim_end_matches('\'');
    if let Ok(face) = digits.parse() {
        return Some(face);
    }
    FACE_WORDS
        .iter()
        .position(|w| *w == word || w.trim_end_matches("es") == word || w.trim_end_matches('s') == word)
        .map(|i| i as u8 + 1)
}

/// Reads a bid as a person types it: `3x5`, `3 x 5`, `3×5`, `3 5`, `3 5s`, `three 5s`, `three fives`,
/// `bid 3x5`. `None` for anything else (a menu number alone is not a bid).
pub fn read_bid(text: &str) -> Option<Bid> {
    let text = text.trim().to_lowercase().replace(['×', '*'], " x ");
    let text = text.strip_prefix("bid").unwrap_or(&text);
    let mut words: Vec<&str> = text.split_whitespace().filter(|w| *w != "x" && *w != "of").collect();
    if words.len() == 1 {
        // `3x5`: a count, an x, a face.
        let (quantity, face) = words[0].split_once('x')?;
        words = vec![quantity, face];
    }
    match words[..] {
        [quantity, f] => Some(Bid { quantity: number(quantity)?, face: face(f)? }),
        _ => None,
    }
}

/// What one player sees of the dice: its own, others' it was shown, and how many stay hidden.
#[derive(Copy, Clone, Debug)]
pub struct Sight<'a> {
    pub my_dice: &'a [u8],
    pub seen: &'a [u8],
    pub unseen: u32,
}

/// Lines for a player weighing the standing bid `bid`: the chance that it holds (and, with exact calls, that
/// it is exactly right), counting every die the player sees and each unseen die as an independent roll.
pub fn standing_bid_odds(rules: &BidRules, sight: Sight<'_>, bid: Bid, exact_calls: bool) -> Vec<String> {
    let counted = count_matching(rules, sight.my_dice, bid.face) + count_matching(rules, sight.seen, bid.face);
    let wild = rules.wild_face().filter(|&w| w != bid.face);
    let p_die = (1.0 + f64::from(u8::from(wild.is_some()))) / rules.faces as f64;
    let needed = bid.quantity as i32 - counted as i32;
    let holds = p_at_least(needed, sight.unseen, p_die);
    let counts = match wild {
        Some(w) => format!("{}s and wild {w}s", bid.face),
        None => format!("{}s", bid.face),
    };
    let seen = if sight.seen.is_empty() { "you hold" } else { "you see" };
    let mut lines = vec![format!(
        "The standing bid {bid} holds with probability {:.0}%: {seen} {counted} that count ({counts}); {} unseen \
         dice each count with probability {}/{}.",
        holds * 100.0,
        sight.unseen,
        1 + u8::from(wild.is_some()),
        rules.faces,
    )];
    if exact_calls {
        let exact = p_exactly(needed, sight.unseen, p_die);
        lines.push(format!("It is exactly right with probability {:.0}%.", exact * 100.0));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bidding::{RaiseRule, Wild};

    #[test]
    fn bids_are_read_in_every_way_a_person_types_them() {
        let three_5s = Some(Bid { quantity: 3, face: 5 });
        for typed in
            ["3x5", "3 x 5", "3×5", "3 × 5", "3 5", "3 5s", "3 5's", "three 5s", "three fives", "bid 3x5", "Bid 3 5"]
        {
            assert_eq!(read_bid(typed), three_5s, "{typed}");
        }
        assert_eq!(read_bid("13x2"), Some(Bid { quantity: 13, face: 2 }));
        assert_eq!(read_bid("two sixes"), Some(Bid { quantity: 2, face: 6 }));
        for not_a_bid in ["3", "liar", "x", "3x", "x5", "3 5 6", "", "pay P2 1"] {
            assert_eq!(read_bid(not_a_bid), None, "{not_a_bid}");
        }
    }

    #[test]
    fn the_odds_count_what_the_player_sees_and_no_more() {
        let rules =
            BidRules { faces: 6, wild: Wild::None, wild_biddable: true, min_face: 1, raise: RaiseRule::QuantityMajor };
        // Two fives in hand, one unseen die: 3 fives hold only if it shows a five.
        let lines = standing_bid_odds(
            &rules,
            Sight { my_dice: &[5, 5], seen: &[], unseen: 1 },
            Bid { quantity: 3, face: 5 },
            true,
        );
        assert!(lines[0].contains("probability 17%") && lines[0].contains("you hold 2"), "{lines:?}");
        assert_eq!(lines[1], "It is exactly right with probability 17%.");
        // A bid already made good by the dice seen holds for sure.
        let lines = standing_bid_odds(
            &rules,
            Sight { my_dice: &[5], seen: &[5], unseen: 4 },
            Bid { quantity: 2, face: 5 },
            false,
        );
        assert!(lines[0].contains("probability 100%") && lines[0].contains("you see 2"), "{lines:?}");
        assert_eq!(lines.len(), 1);
        // Wild ones double each unseen die's chance.
        let wild = BidRules { wild: Wild::Ones, ..rules };
        let lines = standing_bid_odds(
            &wild,
            Sight { my_dice: &[1], seen: &[], unseen: 1 },
            Bid { quantity: 2, face: 4 },
            false,
        );
        assert!(lines[0].contains("33%") && lines[0].contains("wild 1s") && lines[0].contains("2/6"), "{lines:?}");
    }
}
