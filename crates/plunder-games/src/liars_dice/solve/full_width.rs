//! Vanilla CFR and CFR+ updates: one depth-first pass over the public tree per seat, carrying per-cup reach
//! vectors down and per-cup value vectors up. The pass streams through the per-edge tables in memory order
//! (they are laid out in the same depth-first order), keeps its vectors in one scratch buffer (a frame per
//! depth), and allocates nothing.

use super::calls::Calls;
use super::tree::PublicTree;
use super::{match_regrets, width, Method, Solver};

/// The scratch a pass needs: the root's reach and value vectors, and per depth a frame of the children's values
/// and one reach vector.
pub(super) fn scratch_len(tree: &PublicTree, stride: usize) -> usize {
    let depths = tree.bids() + 1;
    let frame = (tree.bids() + 2) * stride;
    3 * stride + depths * frame
}

impl Solver {
    /// One full-width CFR update of `seat`. A node's current strategy depends only on its own regrets, which
    /// only its own seat's update changes, so refreshing it right after the update gives exactly the numbers
    /// of recomputing every strategy at the start of each pass.
    pub(super) fn full_width(&mut self, seat: usize) {
        // The one-die d6 game (OpenSpiel's default) gets loops of a length known when compiling.
        match self.stride {
            6 => self.full_width_with::<6>(seat),
            _ => self.full_width_with::<0>(seat),
        }
    }

    fn full_width_with<const N: usize>(&mut self, seat: usize) {
        let lanes = self.stride;
        let mut scratch = std::mem::take(&mut self.scratch);
        let (own, rest) = scratch.split_at_mut(lanes);
        let (other, rest) = rest.split_at_mut(lanes);
        let (root_values, frames) = rest.split_at_mut(lanes);
        own.fill(0.0);
        own[..self.cups[seat].len()].fill(1.0);
        other.fill(0.0);
        other[..self.cups[1 - seat].len()].copy_from_slice(&self.cups[1 - seat].probability);
        let plus = self.method == Method::CfrPlus;
        let mut pass = Pass::<N> {
            tree: &self.tree,
            calls: &self.calls,
            regret: &mut self.regret,
            average: &mut self.average,
            current: &mut self.current,
            seat,
            lanes,
            plus,
            weight: if plus { self.iterations as f64 } else { 1.0 },
        };
        pass.visit(0, own, other, root_values, frames);
        self.scratch = scratch;
    }
}

/// One seat's update: the tables it changes and what it reads.
struct Pass<'a, const N: usize> {
    tree: &'a PublicTree,
    calls: &'a Calls,
    regret: &'a mut [f64],
    average: &'a mut [f64],
    current: &'a mut [f64],
    seat: usize,
    lanes: usize,
    plus: bool,
    /// The weight of this iteration in the average.
    weight: f64,
}

impl<const N: usize> Pass<'_, N> {
    /// Writes into `out` the updated seat's counterfactual values per own cup at node `index`, given its own
    /// reach `own` and the other seat's reach `other` (chance included) per cup, and updates the node's regrets,
    /// average and current strategy when the seat acts there.
    fn visit(&mut self, index: usize, own: &[f64], other: &[f64], out: &mut [f64], scratch: &mut [f64]) {
        let n = width::<N>(self.lanes);
        let (own, other, out) = (&own[..n], &other[..n], &mut out[..n]);
        let node = self.tree.node(index);
        let rows = node.edge * n..(node.edge + node.actions) * n;
        let (frame, deeper) = scratch.split_at_mut((node.actions + 1) * n);
        let (values, reach) = frame.split_at_mut(node.actions * n);
        let reach = &mut reach[..n];
        let by_seat = node.actor == self.seat;
        let mut child = index + 1;
        for (i, bid) in (node.first_bid..self.tree.bids()).enumerate() {
            let current = &self.current[rows.start + i * n..][..n];
            let moved = if by_seat { own } else { other };
            for c in 0..n {
                reach[c] = moved[c] * current[c];
            }
            let value = &mut values[i * n..][..n];
            let (child_own, child_other) = if by_seat { (&*reach, other) } else { (own, &*reach) };
            if bid + 1 == self.tree.bids() {
                // After the highest bid the reply can only be liar: the whole of its strategy, with no regret
                // to learn, so the child is just the call.
                self.calls.values::<N>(self.seat, bid, node.actor, child_other, value);
            } else {
                self.visit(child, child_own, child_other, value, deeper);
            }
            child += self.tree.subtree_after(bid);
        }
        if node.has_call() {
            let call = &mut values[(node.actions - 1) * n..][..n];
            let through = if by_seat {
                other
            } else {
                let current = &self.current[rows.end - n..rows.end];
                for c in 0..n {
                    reach[c] = other[c] * current[c];
                }
                &*reach
            };
            self.calls.values::<N>(self.seat, node.last_bid(), 1 - node.actor, through, call);
        }
        out.fill(0.0);
        if !by_seat {
            for value in values.chunks_exact(n) {
                for c in 0..n {
                    out[c] += value[c];
                }
            }
            return;
        }
        let current = &self.current[rows.clone()];
        for (value, current) in values.chunks_exact(n).zip(current.chunks_exact(n)) {
            for c in 0..n {
                out[c] += current[c] * value[c];
            }
        }
        let regret = &mut self.regret[rows.clone()];
        let average = &mut self.average[rows.clone()];
        for (((value, current), regret), average) in values
            .chunks_exact(n)
            .zip(current.chunks_exact(n))
            .zip(regret.chunks_exact_mut(n))
            .zip(average.chunks_exact_mut(n))
        {
            for c in 0..n {
                regret[c] += value[c] - out[c];
                if self.plus {
                    regret[c] = regret[c].max(0.0);
                }
                average[c] += self.weight * own[c] * current[c];
            }
        }
        match_regrets::<N>(&self.regret[rows.clone()], &mut self.current[rows], n, reach);
    }
}
