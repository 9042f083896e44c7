//! The average strategy's value and its exact exploitability: a best response for each seat, computed over the
//! public tree with vectors over cups.

use serde::Serialize;

use super::tree::Node;
use super::Solver;

/// The value and exploitability of the average strategy.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Evaluation {
    /// Seat 0's (the first bidder's) expected payoff when both play the average strategy.
    pub value: f64,
    /// (best response of seat 0 + best response of seat 1) / 2: 0 exactly at an equilibrium.
    pub exploitability: f64,
}

impl Solver {
    /// The average strategy's value and exploitability, exactly.
    pub fn evaluate(&self) -> Evaluation {
        Evaluation {
            value: self.expected(0, false),
            exploitability: (self.expected(0, true) + self.expected(1, true)) / 2.0,
        }
    }

    /// The average strategy at `node` for `cup` into `out`, indexed by action id (uniform where never reached).
    pub(super) fn average_at(&self, node: Node, cup: usize, out: &mut [f64]) {
        let at = |a: usize| self.average[self.tree.edge(node, a) * self.stride + cup];
        let total: f64 = self.tree.actions(node).map(at).sum();
        let uniform = 1.0 / node.actions as f64;
        for a in self.tree.actions(node) {
            out[a] = if total > 0.0 { at(a) / total } else { uniform };
        }
    }

    /// `seat`'s expected payoff: best response to the average strategy, or the average against itself.
    fn expected(&self, seat: usize, best: bool) -> f64 {
        let values = self.respond(0, seat, &self.cups[1 - seat].probability, best);
        values.iter().zip(&self.cups[seat].probability).map(|(v, p)| v * p).sum()
    }

    /// `seat`'s values per cup below `history` against the average strategy, playing its best response
    /// (`best`) or the average strategy itself; `other` is the other seat's reach per cup.
    fn respond(&self, history: usize, seat: usize, other: &[f64], best: bool) -> Vec<f64> {
        let node = self.tree.at(history);
        let actor = node.actor;
        let actions = self.tree.bids() + 1;
        let actor_cups = self.cups[actor].len();
        let mut sigma = vec![0.0; actor_cups * actions];
        for c in 0..actor_cups {
            self.average_at(node, c, &mut sigma[c * actions..][..actions]);
        }
        let mut values = vec![if actor == seat && best { f64::NEG_INFINITY } else { 0.0 }; self.cups[seat].len()];
        for a in self.tree.actions(node) {
            let reach: Vec<f64> = if actor == seat {
                other.to_vec()
            } else {
                (0..actor_cups).map(|c| other[c] * sigma[c * actions + a]).collect()
            };
            let v = if a == self.tree.bids() {
                // The call works on vectors padded to the stride.
                let mut through = vec![0.0; self.stride];
                through[..reach.len()].copy_from_slice(&reach);
                let mut v = vec![0.0; self.stride];
                self.calls.values::<0>(seat, node.last_bid(), 1 - actor, &through, &mut v);
                v.truncate(self.cups[seat].len());
                v
            } else {
                self.respond(history | 1 << a, seat, &reach, best)
            };
            for c in 0..values.len() {
                if actor != seat {
                    values[c] += v[c];
                } else if best {
                    values[c] = values[c].max(v[c]);
                } else {
                    values[c] += sigma[c * actions + a] * v[c];
                }
            }
        }
        values
    }
}
