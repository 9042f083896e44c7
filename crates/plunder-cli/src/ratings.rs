//! Bradley-Terry ratings from games of any table size, with bootstrap intervals.
//!
//! A game of `n` seats counts as a comparison between every two seats held by different bots: the seat with
//! the higher payoff beats the other, equal payoffs are half a win each. The strengths are the
//! Bradley-Terry maximum-likelihood fit (Hunter's MM iteration) with half a virtual win each way between
//! every two bots, so a bot that wins every comparison still gets a finite rating. Ratings are on the Elo
//! scale (400 log10 of the strength, a 200-point gap is about 76% of comparisons won), averaging 0. The
//! comparisons of one game are not independent, so the interval resamples whole games (bootstrap), not
//! comparisons.

use std::cmp::Ordering;

use plunder_core::Rng;

/// Virtual wins each way between every two bots (a weak prior toward equal strength).
const PRIOR: f64 = 0.5;
/// Bootstrap resamples for the intervals.
pub const RESAMPLES: usize = 200;

/// One comparison in a game: bot `a` against bot `b`, `a` scoring 1, 0.5 or 0.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Comparison {
    pub a: usize,
    pub b: usize,
    pub score: f64,
}

/// The comparisons of one game: seat `i` is held by bot `bots[i]` and got `payoffs[i]`.
#[cfg(test)]
pub fn comparisons(bots: &[usize], payoffs: &[f64]) -> Vec<Comparison> {
    comparisons_in_order(bots, &payoff_order(payoffs))
}

/// For each two seats `i < j` in order, how seat `i`'s payoff compares with seat `j`'s (`Equal` for payoffs that
/// do not compare).
pub fn payoff_order(payoffs: &[f64]) -> Vec<Ordering> {
    let seats = payoffs.len();
    (0..seats)
        .flat_map(|i| (i + 1..seats).map(move |j| (i, j)))
        .map(|(i, j)| payoffs[i].partial_cmp(&payoffs[j]).unwrap_or(Ordering::Equal))
        .collect()
}

/// The comparisons of a game whose payoffs compare as `order` says (see [`payoff_order`]).
pub fn comparisons_in_order(bots: &[usize], order: &[Ordering]) -> Vec<Comparison> {
    let mut out = Vec::new();
    let mut pairs = order.iter();
    for i in 0..bots.len() {
        for j in i + 1..bots.len() {
            let order = pairs.next().copied().unwrap_or(Ordering::Equal);
            if bots[i] != bots[j] {
                let score = match order {
                    Ordering::Greater => 1.0,
                    Ordering::Less => 0.0,
                    Ordering::Equal => 0.5,
                };
                out.push(Comparison { a: bots[i], b: bots[j], score });
            }
        }
    }
    out
}

/// A bot's rating with its 95% bootstrap interval, all on the Elo scale.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rating {
    pub elo: f64,
    pub ci95: [f64; 2],
}

/// Games that went alike (the same comparisons), with how many there were.
pub type Group = (Vec<Comparison>, u64);

/// Elo-scale ratings of `bots` bots from `groups` of games (each group's comparisons, and its games), with
/// intervals from bootstrap resamples drawn from `seed`. A resample draws as many games as there are, each
/// uniformly, and counts the draws landing in each group: with one game per group it resamples the games.
pub fn rate(bots: usize, groups: &[Group], seed: u64) -> Vec<Rating> {
    let counts: Vec<u64> = groups.iter().map(|g| g.1).collect();
    let elo = fit(bots, groups, &counts);
    // The draws below ends[g] and from ends[g - 1] on fall in group g.
    let ends: Vec<u64> = counts
        .iter()
        .scan(0u64, |sum, &n| {
            *sum += n;
            Some(*sum)
        })
        .collect();
    let games = ends.last().copied().unwrap_or(0);
    let mut rng = Rng::seeded(seed);
    let mut draw = || match u32::try_from(games) {
        Ok(n) => rng.below(n) as u64,
        // Past 2^32 games: reduced from 64 bits (the bias, below 2^-31, is far under the sampling error).
        Err(_) => rng.next_u64() % games,
    };
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(RESAMPLES); bots];
    let mut weight = vec![0u64; groups.len()];
    for _ in 0..RESAMPLES {
        weight.iter_mut().for_each(|w| *w = 0);
        for _ in 0..games {
            let at = draw();
            weight[ends.partition_point(|&end| end <= at)] += 1;
        }
        for (bot, r) in fit(bots, groups, &weight).into_iter().enumerate() {
            samples[bot].push(r);
        }
    }
    elo.into_iter()
        .zip(samples)
        .map(|(elo, mut s)| {
            s.sort_by(f64::total_cmp);
            let at = |q: f64| s[((q * (s.len() - 1) as f64).round() as usize).min(s.len() - 1)];
            Rating { elo, ci95: [at(0.025), at(0.975)] }
        })
        .collect()
}

/// The fit with the games of group `g` counted `weight[g]` times.
fn fit(bots: usize, groups: &[Group], weight: &[u64]) -> Vec<f64> {
    // wins[a][b]: a's score against b; met[a][b]: comparisons between them, prior included.
    let mut wins: Vec<Vec<f64>> =
        (0..bots).map(|a| (0..bots).map(|b| if a == b { 0.0 } else { PRIOR }).collect()).collect();
    for ((game, _), &w) in groups.iter().zip(weight) {
        for c in game {
            wins[c.a][c.b] += w as f64 * c.score;
            wins[c.b][c.a] += w as f64 * (1.0 - c.score);
        }
    }
    let total: Vec<f64> = wins.iter().map(|row| row.iter().sum()).collect();
    let mut strength = vec![1.0; bots];
    for _ in 0..10_000 {
        let mut next: Vec<f64> = (0..bots)
            .map(|a| {
                let denominator: f64 = (0..bots)
                    .filter(|&b| b != a)
                    .map(|b| (wins[a][b] + wins[b][a]) / (strength[a] + strength[b]))
                    .sum();
                total[a] / denominator
            })
            .collect();
        let mean_log = next.iter().map(|s| s.ln()).sum::<f64>() / bots as f64;
        next.iter_mut().for_each(|s| *s /= mean_log.exp());
        let change = next.iter().zip(&strength).map(|(x, y)| (x / y).ln().abs()).fold(0.0, f64::max);
        strength = next;
        if change < 1e-10 {
            break;
        }
    }
    strength.iter().map(|s| 400.0 * s.log10()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comparisons_skip_seats_of_the_same_bot_and_split_ties() {
        let c = comparisons(&[0, 1, 0], &[1.0, 0.0, 0.0]);
        assert_eq!(
            c,
            vec![Comparison { a: 0, b: 1, score: 1.0 }, Comparison { a: 1, b: 0, score: 0.5 }],
            "seats 0 and 2 are both bot 0"
        );
    }

    #[test]
    fn a_76_percent_winner_is_about_200_points_above() {
        // 76 of 100 games won by bot 0: Bradley-Terry gives 400 log10(76.5 / 24.5) (prior included).
        let games: Vec<Group> =
            (0..100).map(|i| (vec![Comparison { a: 0, b: 1, score: if i < 76 { 1.0 } else { 0.0 } }], 1)).collect();
        let r = rate(2, &games, 1);
        let gap = r[0].elo - r[1].elo;
        assert!((gap - 400.0 * (76.5f64 / 24.5).log10()).abs() < 1e-6, "{gap}");
        assert!((r[0].elo + r[1].elo).abs() < 1e-9, "ratings average 0");
        assert!(r[0].ci95[0] < r[0].elo && r[0].elo < r[0].ci95[1], "{:?}", r[0]);
        assert!(r[0].ci95[0] > 0.0, "100 games at 76% separate the bots: {:?}", r[0]);
    }

    #[test]
    fn three_bots_are_ordered_by_strength_and_intervals_shrink_with_more_games() {
        // Bot 2 beats 1 and 0, bot 1 beats 0, each 70% of the time.
        let games = |n: usize| -> Vec<Group> {
            (0..n)
                .map(|i| {
                    let s = if i % 10 < 7 { 1.0 } else { 0.0 };
                    let comparisons = vec![
                        Comparison { a: 2, b: 1, score: s },
                        Comparison { a: 1, b: 0, score: s },
                        Comparison { a: 2, b: 0, score: s },
                    ];
                    (comparisons, 1)
                })
                .collect()
        };
        let small = rate(3, &games(50), 7);
        let large = rate(3, &games(1000), 7);
        assert!(large[2].elo > large[1].elo && large[1].elo > large[0].elo, "{large:?}");
        let width = |r: &Rating| r.ci95[1] - r.ci95[0];
        assert!(width(&large[1]) < width(&small[1]), "{small:?} {large:?}");
        assert_eq!(rate(3, &games(50), 7), small, "same seed, same intervals");
    }
}

#[cfg(test)]
mod grouped {
    use super::*;

    #[test]
    fn games_grouped_by_outcome_rate_as_the_games_one_by_one() {
        let win = vec![Comparison { a: 0, b: 1, score: 1.0 }];
        let loss = vec![Comparison { a: 0, b: 1, score: 0.0 }];
        let one_by_one: Vec<Group> = (0..100).map(|i| (if i < 70 { win.clone() } else { loss.clone() }, 1)).collect();
        let grouped: Vec<Group> = vec![(win, 70), (loss, 30)];
        let (a, b) = (rate(2, &one_by_one, 3), rate(2, &grouped, 3));
        assert!((a[0].elo - b[0].elo).abs() < 1e-9, "the same fit: {a:?} {b:?}");
        // The same draws fall in the same groups when the games are in group order.
        assert_eq!(a, b);
    }
}
