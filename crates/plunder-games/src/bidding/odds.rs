//! Binomial odds of unseen dice, exact (no normal approximation), for bidding bots.

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
