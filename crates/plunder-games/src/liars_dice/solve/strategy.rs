//! Saved strategies: the average strategy written out per information state, read back into a table, and
//! played by a bot.

use plunder_core::{Game, Rng};
use serde::{Deserialize, Serialize};

use super::{Evaluation, Method, Solver};
use crate::bidding::{Bid, BidMade};
use crate::liars_dice::{Action, LiarsDice, Options};

impl Solver {
    /// The average strategy, for saving.
    pub fn strategy(&self) -> Strategy {
        let mut infosets = Vec::new();
        let mut sigma = vec![0.0; self.tree.bids() + 1];
        for history in 0..1usize << self.tree.bids() {
            let node = self.tree.at(history);
            let bids: Vec<Bid> =
                (0..self.tree.bids()).filter(|k| history >> k & 1 == 1).map(|k| self.bids[k]).collect();
            for (c, dice) in self.cups[node.actor].dice.iter().enumerate() {
                self.average_at(node, c, &mut sigma);
                let actions = self
                    .tree
                    .actions(node)
                    .map(|a| (if a == self.tree.bids() { Action::Liar } else { Action::bid(self.bids[a]) }, sigma[a]))
                    .collect();
                infosets.push(Infoset { dice: dice.clone(), bids: bids.clone(), actions });
            }
        }
        Strategy {
            options: self.game.options().clone(),
            method: self.method,
            iterations: self.iterations,
            evaluation: Some(self.evaluate()),
            infosets,
        }
    }
}

/// A saved strategy: for every information state (own dice, sorted, and the bids so far) the probability of
/// each legal action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Strategy {
    pub options: Options,
    pub method: Method,
    pub iterations: u64,
    #[serde(skip_deserializing)]
    pub evaluation: Option<Evaluation>,
    pub infosets: Vec<Infoset>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Infoset {
    pub dice: Vec<u8>,
    pub bids: Vec<Bid>,
    pub actions: Vec<(Action, f64)>,
}

/// An information state as a saved strategy names it: own dice, sorted, and the bids so far.
type InfosetKey = (Vec<u8>, Vec<Bid>);

/// A saved strategy indexed by information state, for play: one hash lookup a move.
#[derive(Clone, Debug, Default)]
pub struct StrategyTable {
    by_state: std::collections::HashMap<InfosetKey, Vec<(Action, f64)>>,
}

impl StrategyTable {
    pub fn new(strategy: &Strategy) -> StrategyTable {
        let by_state = strategy
            .infosets
            .iter()
            .map(|i| {
                let mut dice = i.dice.clone();
                dice.sort_unstable();
                ((dice, i.bids.clone()), i.actions.clone())
            })
            .collect();
        StrategyTable { by_state }
    }

    /// The probabilities at the information state of `dice` (any order) after `bids`, if the strategy has it.
    pub fn lookup(&self, dice: &[u8], bids: &[BidMade]) -> Option<&[(Action, f64)]> {
        let mut sorted = dice.to_vec();
        sorted.sort_unstable();
        let bids = bids.iter().map(|b| b.bid).collect();
        self.by_state.get(&(sorted, bids)).map(Vec::as_slice)
    }
}

/// Plays a saved strategy: samples an action by its probabilities; uniform among the legal actions where the
/// strategy has nothing (a state it never lists).
#[derive(Debug)]
pub struct StrategyBot {
    table: std::sync::Arc<StrategyTable>,
    rng: Rng,
}

impl StrategyBot {
    pub fn new(table: std::sync::Arc<StrategyTable>, seed: u64) -> StrategyBot {
        StrategyBot { table, rng: Rng::seeded(seed) }
    }
}

impl plunder_core::Bot<LiarsDice> for StrategyBot {
    fn act(&mut self, turn: &plunder_core::Turn<'_, LiarsDice>) -> Action {
        if let Some(actions) = self.table.lookup(&turn.view.my_dice, &turn.view.bids) {
            let mut x = self.rng.unit();
            let mut chosen = None;
            for (action, p) in actions.iter().filter(|(action, _)| turn.legal.contains(action)) {
                chosen = Some(*action);
                if x < *p {
                    break;
                }
                x -= p;
            }
            // Rounding can leave x just above the last probability: the last action then.
            if let Some(action) = chosen {
                return action;
            }
        }
        turn.legal[self.rng.index(turn.legal.len())]
    }
}
