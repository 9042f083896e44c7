//! Odds of unseen dice, exact (no normal approximation): binomial odds for bidding bots, and the whole
//! distribution of a bid's count over cups partly seen, with special dice and per-cup count rules, for the hints.

use super::{BidRules, CountRule, DieKind, REGULAR};

/// The faces of a die of some kind, as (face, weight): a regular six-sided die is six faces of weight 1.
pub type FacesOf<'a> = &'a dyn Fn(DieKind) -> Vec<(u8, u32)>;

/// One cup that counts for a bid, as a player sees it: the faces it has seen (with their kinds) and the kinds of
/// the dice it has not.
#[derive(Clone, Debug)]
pub struct CupSight {
    pub owner: usize,
    pub seen: Vec<u8>,
    pub seen_kinds: Vec<DieKind>,
    pub unseen: Vec<DieKind>,
}

/// `p[k]`: the probability that exactly `k` dice count.
#[derive(Clone, Debug, PartialEq)]
pub struct CountOdds(pub Vec<f64>);

impl CountOdds {
    /// Probability that at least `k` dice count.
    pub fn at_least(&self, k: u32) -> f64 {
        self.0.iter().skip(k as usize).sum::<f64>().min(1.0)
    }

    pub fn exactly(&self, k: u32) -> f64 {
        self.0.get(k as usize).copied().unwrap_or(0.0)
    }

    /// The count of two independent parts together.
    fn plus(&self, other: &CountOdds) -> CountOdds {
        let mut sum = vec![0.0; self.0.len() + other.0.len() - 1];
        for (i, a) in self.0.iter().enumerate() {
            for (j, b) in other.0.iter().enumerate() {
                sum[i + j] += a * b;
            }
        }
        CountOdds(sum)
    }
}

/// The exact distribution of the count of dice matching a bid on `face` by seat `bidder`, over `cups`: the faces
/// seen count as they are, each unseen die shows each face of its kind with its weight. Within a cup the special
/// dice are enumerated; given their faces, `rule` counts each regular die on its own (true of every count rule:
/// Lying Pirates' Cursed Die decides how its holder's regular dice count, not how many of them).
pub fn count_odds(
    rules: &BidRules,
    rule: &dyn CountRule,
    faces_of: FacesOf<'_>,
    cups: &[CupSight],
    bidder: usize,
    face: u8,
) -> CountOdds {
    cups.iter().fold(CountOdds(vec![1.0]), |total, cup| total.plus(&cup_odds(rules, rule, faces_of, cup, bidder, face)))
}

fn cup_odds(
    rules: &BidRules,
    rule: &dyn CountRule,
    faces_of: FacesOf<'_>,
    cup: &CupSight,
    bidder: usize,
    face: u8,
) -> CountOdds {
    let regular = cup.unseen.iter().filter(|&&k| k == REGULAR).count() as u32;
    let specials: Vec<DieKind> = cup.unseen.iter().copied().filter(|&k| k != REGULAR).collect();
    let regular_faces = faces_of(REGULAR);
    let regular_weight: u32 = regular_faces.iter().map(|f| f.1).sum();
    let mut odds = vec![0.0; cup.seen.len() + cup.unseen.len() + 1];
    // Every way the unseen special dice can fall, with its probability.
    let mut ways: Vec<(Vec<u8>, f64)> = vec![(Vec::new(), 1.0)];
    for &kind in &specials {
        let faces = faces_of(kind);
        let weight: u32 = faces.iter().map(|f| f.1).sum();
        ways = ways
            .into_iter()
            .flat_map(|(fallen, p)| {
                faces.iter().map(move |&(f, w)| {
                    let mut fallen = fallen.clone();
                    fallen.push(f);
                    (fallen, p * w as f64 / weight as f64)
                })
            })
            .collect();
    }
    let mut kinds = cup.seen_kinds.clone();
    kinds.extend(&specials);
    kinds.push(REGULAR);
    for (fallen, p) in ways {
        let mut dice = cup.seen.clone();
        dice.extend(&fallen);
        let base = rule.count_cup(rules, cup.owner, bidder, &dice, &kinds[..dice.len()], face);
        // The chance that one more regular die counts, given these faces.
        let p_regular = regular_faces
            .iter()
            .map(|&(f, w)| {
                dice.push(f);
                let more = rule.count_cup(rules, cup.owner, bidder, &dice, &kinds[..dice.len()], face) - base;
                dice.pop();
                more as f64 * w as f64 / regular_weight as f64
            })
            .sum::<f64>();
        for k in 0..=regular {
            odds[base as usize + k as usize] += p * p_exactly(k as i32, regular, p_regular);
        }
    }
    CountOdds(odds)
}

/// A die of `faces` faces, each once.
pub fn plain_faces(faces: u8) -> Vec<(u8, u32)> {
    (1..=faces).map(|f| (f, 1)).collect()
}

/// Probability that at least `k` of `n` independent dice match, each with probability `p`.
pub fn p_at_least(k: i32, n: u32, p: f64) -> f64 {
    if k <= 0 {
        return 1.0;
    }
    if k as u32 > n {
        return 0.0;
    }
    (k as u32..=n).map(|j| p_exactly(j as i32, n, p)).sum::<f64>().min(1.0)
}

/// Probability that exactly `k` of `n` dice match.
pub fn p_exactly(k: i32, n: u32, p: f64) -> f64 {
    if k < 0 || k as u32 > n {
        return 0.0;
    }
    let k = k as u32;
    let mut binom = 1.0f64;
    for i in 0..k.min(n - k) {
        binom = binom * (n - i) as f64 / (i + 1) as f64;
    }
    binom * p.powi(k as i32) * (1.0 - p).powi((n - k) as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_small_cases() {
        assert!((p_exactly(1, 2, 0.5) - 0.5).abs() < 1e-12);
        assert!((p_at_least(1, 2, 1.0 / 3.0) - 5.0 / 9.0).abs() < 1e-12);
        assert_eq!(p_at_least(0, 0, 0.3), 1.0);
        assert_eq!(p_at_least(3, 2, 0.9), 0.0);
        let total: f64 = (0..=10).map(|k| p_exactly(k, 10, 1.0 / 3.0)).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn matches_enumeration_over_two_dice() {
        // Two six-sided dice, ones wild, bid on fives: a die matches on 1 or 5.
        let mut at_least_one = 0;
        for a in 1..=6 {
            for b in 1..=6 {
                if [a, b].iter().any(|&d| d == 1 || d == 5) {
                    at_least_one += 1;
                }
            }
        }
        assert!((p_at_least(1, 2, 2.0 / 6.0) - at_least_one as f64 / 36.0).abs() < 1e-12);
    }
}
