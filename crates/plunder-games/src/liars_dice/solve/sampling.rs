//! External-sampling Monte Carlo CFR: per traversal one deal, every action of the updated seat and one sampled
//! action of the other.

use super::Solver;

impl Solver {
    /// One traversal for `seat` with a sampled deal.
    pub(super) fn sample(&mut self, seat: usize) {
        let deal = [self.sample_cup(0), self.sample_cup(1)];
        let mut totals = vec![0.0; self.stride];
        self.sampled(0, seat, deal, &mut totals);
    }

    fn sample_cup(&mut self, seat: usize) -> usize {
        let mut x = self.rng.unit();
        for (c, &p) in self.cups[seat].probability.iter().enumerate() {
            if x < p {
                return c;
            }
            x -= p;
        }
        self.cups[seat].len() - 1
    }

    /// External sampling for `seat` below `history` with the cups dealt: returns its sampled value.
    fn sampled(&mut self, history: usize, seat: usize, deal: [usize; 2], totals: &mut [f64]) -> f64 {
        let node = self.tree.at(history);
        let actor = node.actor;
        let cup = deal[actor];
        let at = |edge: usize| edge * self.stride + cup;
        let sigma: Vec<f64> = (node.edge..node.edge + node.actions).map(|e| self.current[at(e)]).collect();
        let actions: Vec<usize> = self.tree.actions(node).collect();
        let child = |solver: &mut Solver, a: usize, totals: &mut [f64]| {
            if a == solver.tree.bids() {
                solver.calls.payoff(seat, node.last_bid(), 1 - actor, deal[seat], deal[1 - seat])
            } else {
                solver.sampled(history | 1 << a, seat, deal, totals)
            }
        };
        if actor == seat {
            let values: Vec<f64> = actions.iter().map(|&a| child(self, a, totals)).collect();
            let value: f64 = sigma.iter().zip(&values).map(|(s, v)| s * v).sum();
            for (i, v) in values.iter().enumerate() {
                self.regret[(node.edge + i) * self.stride + cup] += v - value;
            }
            let index = self.tree.index(history);
            self.match_regrets(index, totals);
            value
        } else {
            // The opponent's average accumulates where it is sampled (simple averaging).
            for (i, s) in sigma.iter().enumerate() {
                self.average[(node.edge + i) * self.stride + cup] += s;
            }
            let mut x = self.rng.unit();
            let mut pick = *actions.last().expect("a decision has actions");
            for (&a, &s) in actions.iter().zip(&sigma) {
                if x < s {
                    pick = a;
                    break;
                }
                x -= s;
            }
            child(self, pick, totals)
        }
    }
}
