//! Bids in words, for the bidding games' narration: reading a bid a person types, and the odds that the
//! standing bid holds from what one player sees.

use super::{count_matching, p_exactly, Bid, BidRules, CountOdds};

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
    let odds = CountOdds(
        (0..=counted + sight.unseen)
            .map(|k| if k < counted { 0.0 } else { p_exactly((k - counted) as i32, sight.unseen, p_die) })
            .collect(),
    );
    let counts = match wild {
        Some(w) => format!("{}s and wild {w}s", bid.face),
        None => format!("{}s", bid.face),
    };
    let seen = if sight.seen.is_empty() { "you hold" } else { "you see" };
    let basis = format!(
        "{seen} {counted} that count ({counts}); {} with probability {}/{}",
        if sight.unseen == 1 {
            "1 unseen die counts".to_string()
        } else {
            format!("{} unseen dice each count", sight.unseen)
        },
        1 + u8::from(wild.is_some()),
        rules.faces,
    );
    bid_odds_lines(bid, &odds, exact_calls, &basis, "bid")
}

/// The lines of the odds of the standing bid `bid` whose count falls as `odds` says; `basis` says what the
/// player sees; `called` is what the game calls a bid ("bid", or Lying Pirates' "bet").
pub fn bid_odds_lines(bid: Bid, odds: &CountOdds, exact_calls: bool, basis: &str, called: &str) -> Vec<String> {
    let holds = odds.at_least(bid.quantity as u32);
    let mut lines = vec![format!("The standing {called} {bid} holds with probability {}: {basis}.", percent(holds))];
    if exact_calls {
        let exact = odds.exactly(bid.quantity as u32);
        lines.push(format!("It is exactly right with probability {}.", percent(exact)));
    }
    // A bet often tells what its bettor holds: odds that ignore the bets must say so (unless they are sure).
    if holds < 1.0 - 1e-9 {
        lines.push(
            "These odds weigh only the dice you see, not what the others have claimed so far about their cups."
                .to_string(),
        );
    }
    lines
}

/// A probability in whole percents; a chance that is neither none nor certain never reads as 0% or 100%
/// (sums of floating-point terms within a billionth of either end are taken as that end).
fn percent(p: f64) -> String {
    const NEAR: f64 = 1e-9;
    // `+ 0.0` turns a rounded -0 (a sum's rounding just under zero) into 0.
    let shown = (p * 100.0).round() + 0.0;
    if p > NEAR && shown == 0.0 {
        "under 1%".to_string()
    } else if p < 1.0 - NEAR && shown == 100.0 {
        "over 99%".to_string()
    } else {
        format!("{shown:.0}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bidding::{RaiseRule, Wild};

    #[test]
    fn a_probability_rounded_from_just_under_zero_reads_0_percent() {
        assert_eq!(percent(-1e-17), "0%");
        assert_eq!(percent(0.0), "0%");
        assert_eq!(percent(0.004), "under 1%");
    }

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
        assert!(lines[0].contains("1 unseen die counts with probability 1/6"), "{lines:?}");
        assert_eq!(lines[1], "It is exactly right with probability 17%.");
        assert!(lines[2].contains("not what the others have claimed"), "{lines:?}");
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
