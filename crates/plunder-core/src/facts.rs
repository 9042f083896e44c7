//! What a game declares about itself (OpenSpiel's `GameType`, as data): table sizes, payoffs, length, and
//! which kinds of uncertainty it has. Solvers pick their method from these; the conformance suite checks every
//! fact against play, so a fact cannot quietly go stale.

use serde::Serialize;

use crate::Outcome;

/// How the payoffs of one outcome add up.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Utility {
    /// Payoffs sum to 0 in every outcome.
    ZeroSum,
    /// Payoffs sum to `total` in every outcome (a shared win of 1, say).
    ConstantSum { total: f64 },
    /// No promise about the sum.
    GeneralSum,
}

/// Payoff sums within this of the promised total count as equal (shares such as 1/3 are not exact).
const SUM_TOLERANCE: f64 = 1e-9;

impl Utility {
    /// Whether `payoffs` keep this promise.
    pub fn holds(self, payoffs: &[f64]) -> bool {
        let sum: f64 = payoffs.iter().sum();
        match self {
            Utility::ZeroSum => sum.abs() <= SUM_TOLERANCE,
            Utility::ConstantSum { total } => (sum - total).abs() <= SUM_TOLERANCE,
            Utility::GeneralSum => true,
        }
    }
}

/// A game's facts under one set of options. Table sizes are the same for every option set.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Facts {
    /// The fewest seats the game can be played with.
    pub min_players: usize,
    /// The most seats the game can be played with.
    pub max_players: usize,
    /// The lowest payoff any seat can get.
    pub min_payoff: f64,
    /// The highest payoff any seat can get.
    pub max_payoff: f64,
    pub utility: Utility,
    /// An upper bound on the steps (decisions and chance events) of one game under these options. A bound, not
    /// an estimate: search can size its buffers by it and a driver can call a longer game a rules bug.
    pub max_steps: u64,
    /// An upper bound on the decisions (actions of seats, one per seat at a simultaneous node) of one game under
    /// these options: `max_steps` without the chance events, pyspiel's `MaxGameLength`. A bound, as `max_steps`.
    pub max_decisions: u64,
    /// Whether the game has chance events.
    pub chance: bool,
    /// Whether some seat's view lacks something of the state (dice in cups, commitments, cards in hand).
    pub hidden_information: bool,
    /// Whether several seats can owe a decision at once (simultaneous hidden commitments).
    pub simultaneous: bool,
}

impl Facts {
    /// Whether `outcome` keeps the payoff facts: every payoff in range and the promised sum.
    pub fn admits(&self, outcome: &Outcome) -> bool {
        outcome.payoffs.iter().all(|p| (self.min_payoff..=self.max_payoff).contains(p))
            && self.utility.holds(&outcome.payoffs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Seat, SeatSet};

    fn facts(utility: Utility) -> Facts {
        Facts {
            min_players: 2,
            max_players: 4,
            min_payoff: -1.0,
            max_payoff: 1.0,
            utility,
            max_steps: 10,
            max_decisions: 5,
            chance: false,
            hidden_information: false,
            simultaneous: false,
        }
    }

    #[test]
    fn utility_kinds_check_the_sum() {
        assert!(Utility::ZeroSum.holds(&[-1.0, 0.5, 0.5]));
        assert!(!Utility::ZeroSum.holds(&[1.0, 0.0]));
        assert!(Utility::ConstantSum { total: 1.0 }.holds(&[1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0]));
        assert!(!Utility::ConstantSum { total: 1.0 }.holds(&[0.0, 0.0]));
        assert!(Utility::GeneralSum.holds(&[3.0, 7.0]));
    }

    #[test]
    fn an_outcome_is_admitted_only_inside_the_range_and_the_sum() {
        let win = Outcome::shared_win(SeatSet::only(Seat(0)), 2);
        assert!(facts(Utility::ConstantSum { total: 1.0 }).admits(&win));
        assert!(!facts(Utility::ZeroSum).admits(&win), "a shared win of 1 is not zero-sum");
        let out_of_range = Outcome { winners: SeatSet::only(Seat(0)), payoffs: vec![2.0, -2.0] };
        assert!(!facts(Utility::ZeroSum).admits(&out_of_range), "2 is above the highest payoff");
    }
}
