//! Solving two-player, one-round liar's dice: vanilla CFR, CFR+ and external-sampling MCCFR, with an exact
//! best response for exploitability.
//!
//! **The public tree** (`tree.rs`). Bids only rise, so a round's history is the *set* of bids made (a bit
//! mask over the bids in raise order): its highest bit is the last bid and its size says who is to act (seat 0
//! opens). A seat's information state is its own cup (a multiset of dice, `cups.rs`) and that mask. Regrets,
//! the average and the current strategy sit in flat tables indexed by (edge, cup), an edge being one action of
//! one public node, with the nodes in depth-first order and a node's actions side by side.
//!
//! **Vectorized over cups** (`full_width.rs`). CFR and CFR+ walk the public tree once per seat update,
//! carrying the reach of every private cup down and the values of every own cup up, so no chance node is ever
//! enumerated and no pair of cups is looked at except through a liar call's small folded table (`calls.rs`).
//!
//! **Faithful to the rules.** Who wins a call is read from the game itself: for every bid and every pair of
//! cups, the game is played (the rolls, the bid, a liar call) and its outcome recorded, so wild faces and raise
//! orders mean here exactly what they mean in play. Updates alternate between the seats as in OpenSpiel's
//! `CFRSolver` (`CFRPlusSolver`: regret matching+ and linearly weighted averages), so exploitability can be
//! compared at equal iterations. No I/O: the caller saves the [`Strategy`].

mod best_response;
mod calls;
mod cups;
mod full_width;
mod sampling;
mod strategy;
mod tree;

use plunder_core::{Game, OptionsError, Rng};
use serde::{Deserialize, Serialize};

use super::{Length, LiarsDice, Options};
use crate::bidding::Bid;
use calls::Calls;
use cups::CupSet;
use tree::PublicTree;

pub use best_response::Evaluation;
pub use strategy::{Infoset, Strategy, StrategyBot, StrategyTable};

/// The largest public tree solved: bits of the history mask.
pub const MAX_BIDS: usize = 16;

/// Which solver.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Vanilla CFR (alternating updates, uniform averaging).
    Cfr,
    /// CFR+: regret matching+, alternating updates, averages weighted by iteration.
    CfrPlus,
    /// External-sampling Monte Carlo CFR: one deal and the opponent's actions sampled per traversal.
    ExternalSampling,
}

/// A solver for one two-player, one-round liar's dice game.
#[derive(Clone, Debug)]
pub struct Solver {
    game: LiarsDice,
    method: Method,
    /// Every bid, in raise order (bit `k` of a history is `bids[k]`).
    bids: Vec<Bid>,
    cups: [CupSet; 2],
    tree: PublicTree,
    calls: Calls,
    /// Cups per seat, padded to the larger seat's count: the length of every per-cup vector. Padding cups
    /// have no reach, so they add nothing anywhere.
    stride: usize,
    /// Cumulative regrets, per edge and cup: `[edge * stride + cup]`.
    regret: Vec<f64>,
    /// The cumulative (reach-weighted) strategy, laid out like `regret`.
    average: Vec<f64>,
    /// The current strategy, laid out like `regret`: regret matching on `regret`, brought up to date at a node
    /// whenever its regrets change.
    current: Vec<f64>,
    iterations: u64,
    rng: Rng,
    /// The full-width pass's vectors, made once.
    scratch: Vec<f64>,
}

impl Solver {
    /// A solver for `options`, which must be a two-player one-round game without exact calls, small enough
    /// (at most [`MAX_BIDS`] bids).
    pub fn new(options: Options, method: Method, seed: u64) -> Result<Solver, OptionsError> {
        let game = LiarsDice::new(options.clone())?;
        if options.players != 2 || options.length != Length::OneRound || options.exact {
            return Err(OptionsError::new("the solver plays two players, one round, without exact calls"));
        }
        let dice = [options.dice_of(0), options.dice_of(1)];
        let mut bids = Vec::new();
        game.bid_rules().raises(None, dice[0] + dice[1], &mut bids);
        if bids.len() > MAX_BIDS {
            return Err(OptionsError::new(format!(
                "{} possible bids: the solver handles at most {MAX_BIDS} (fewer dice or faces)",
                bids.len()
            )));
        }
        // Every later bid in raise order must raise every earlier one, so a history is a set.
        for (k, &bid) in bids.iter().enumerate() {
            if bids[k + 1..].iter().any(|&next| !game.bid_rules().is_raise(Some(bid), next)) {
                return Err(OptionsError::new(
                    "the raise order is not total; the solver cannot keep histories as sets",
                ));
            }
        }
        let cups = [CupSet::new(dice[0], options.faces), CupSet::new(dice[1], options.faces)];
        let stride = cups[0].len().max(cups[1].len());
        let tree = PublicTree::new(bids.len());
        let calls = Calls::new(&game, &bids, &cups, stride);
        let size = tree.edges() * stride;
        let scratch = vec![0.0; full_width::scratch_len(&tree, stride)];
        let mut solver = Solver {
            game,
            method,
            bids,
            cups,
            tree,
            calls,
            stride,
            regret: vec![0.0; size],
            average: vec![0.0; size],
            current: vec![0.0; size],
            iterations: 0,
            rng: Rng::seeded(seed),
            scratch,
        };
        let mut totals = vec![0.0; stride];
        for index in 0..solver.tree.nodes().len() {
            solver.match_regrets(index, &mut totals);
        }
        Ok(solver)
    }

    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// One iteration: both seats updated in turn.
    pub fn iterate(&mut self) {
        self.iterations += 1;
        for seat in 0..2 {
            match self.method {
                Method::Cfr | Method::CfrPlus => self.full_width(seat),
                Method::ExternalSampling => self.sample(seat),
            }
        }
    }

    /// The rows of node `index` in a per-edge table.
    fn rows(&self, index: usize) -> std::ops::Range<usize> {
        let node = self.tree.node(index);
        node.edge * self.stride..(node.edge + node.actions) * self.stride
    }

    /// Brings the current strategy of node `index` up to date with its regrets (`totals`: scratch of a
    /// stride).
    fn match_regrets(&mut self, index: usize, totals: &mut [f64]) {
        let rows = self.rows(index);
        match_regrets::<0>(&self.regret[rows.clone()], &mut self.current[rows], self.stride, totals);
    }
}

/// The length of the per-cup vectors: `N` where it is known when compiling (the loops then unroll into a few
/// SIMD instructions), else `lanes`.
#[inline(always)]
fn width<const N: usize>(lanes: usize) -> usize {
    if N == 0 {
        lanes
    } else {
        N
    }
}

/// Regret matching at one node, for every cup at once: each action's positive regret over their sum, or
/// uniform where no action has any. `regret` and `current` are the node's rows (one per action) of `lanes`
/// cups; `totals` is scratch of `lanes`.
#[inline(always)]
fn match_regrets<const N: usize>(regret: &[f64], current: &mut [f64], lanes: usize, totals: &mut [f64]) {
    let lanes = width::<N>(lanes);
    let totals = &mut totals[..lanes];
    totals.fill(0.0);
    for (r, s) in regret.chunks_exact(lanes).zip(current.chunks_exact_mut(lanes)) {
        for c in 0..lanes {
            s[c] = r[c].max(0.0);
            totals[c] += s[c];
        }
    }
    let uniform = 1.0 / (regret.len() / lanes) as f64;
    for s in current.chunks_exact_mut(lanes) {
        for c in 0..lanes {
            s[c] = if totals[c] > 0.0 { s[c] / totals[c] } else { uniform };
        }
    }
}
