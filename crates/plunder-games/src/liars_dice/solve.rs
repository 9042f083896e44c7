//! Solving two-player, one-round liar's dice: vanilla CFR, CFR+ and external-sampling MCCFR, with an exact
//! best response for exploitability.
//!
//! **The public tree.** Bids only rise, so a round's history is the *set* of bids made (a bit mask over the
//! bids in raise order): its highest bit is the last bid and its size says who is to act (seat 0 opens). A
//! seat's information state is its own cup (a multiset of dice) and that mask. The full-width solvers walk the
//! public tree once per iteration with a vector over the private cups at every node (reach probabilities down,
//! counterfactual values up), so no chance node is ever enumerated pair by pair except at a call.
//!
//! **Faithful to the rules.** Who wins a call is read from the game itself: for every bid and every pair of
//! cups, the game is played (the rolls, the bid, a liar call) and its outcome recorded, so wild faces and raise
//! orders mean here exactly what they mean in play. Updates alternate between the seats as in OpenSpiel's
//! `CFRSolver` (`CFRPlusSolver`: regret matching+ and linearly weighted averages), so exploitability can be
//! compared at equal iterations. No I/O: the caller saves the [`Strategy`].

use plunder_core::{Game, OptionsError, Rng, Seat, Status};
use serde::{Deserialize, Serialize};

use super::{Action, Length, LiarsDice, Options, Roll};
use crate::bidding::{Bid, BidMade};

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

/// One seat's possible cups: sorted dice and their probability.
#[derive(Clone, Debug)]
struct CupSet {
    dice: Vec<Vec<u8>>,
    probability: Vec<f64>,
}

impl CupSet {
    /// Every sorted cup of `dice` dice of `faces` faces, with its probability.
    fn new(dice: u8, faces: u8) -> CupSet {
        let mut set = CupSet { dice: Vec::new(), probability: Vec::new() };
        let mut cup = Vec::new();
        set.extend(&mut cup, dice as usize, 1, faces);
        let total = (faces as f64).powi(dice as i32);
        for cup in &set.dice {
            // Orderings of the multiset: n! / prod(k_f!).
            let mut ways = factorial(cup.len());
            for face in 1..=faces {
                ways /= factorial(cup.iter().filter(|&&d| d == face).count());
            }
            set.probability.push(ways / total);
        }
        set
    }

    fn extend(&mut self, cup: &mut Vec<u8>, left: usize, from: u8, faces: u8) {
        if left == 0 {
            self.dice.push(cup.clone());
            return;
        }
        for face in from..=faces {
            cup.push(face);
            self.extend(cup, left - 1, face, faces);
            cup.pop();
        }
    }

    fn len(&self) -> usize {
        self.dice.len()
    }
}

fn factorial(n: usize) -> f64 {
    (1..=n).map(|k| k as f64).product()
}

/// A solver for one two-player, one-round liar's dice game.
#[derive(Clone, Debug)]
pub struct Solver {
    game: LiarsDice,
    method: Method,
    /// Every bid, in raise order (bit `k` of a history is `bids[k]`).
    bids: Vec<Bid>,
    cups: [CupSet; 2],
    /// Whether bid `k` is true for seat 0's cup `c0` and seat 1's cup `c1`: `[(k * C0 + c0) * C1 + c1]`.
    bid_true: Vec<bool>,
    /// Per seat, +1 where bid `k` holds and -1 where it fails, with that seat's cup `mine` and the other's
    /// `theirs`: `[(k * mine_count + mine) * theirs_count + theirs]` (a call's payoff up to who bid).
    holds_sign: [Vec<f64>; 2],
    /// Cups per seat, padded to the larger seat's count (the table stride).
    stride: usize,
    regret: Vec<f64>,
    average: Vec<f64>,
    iterations: u64,
    rng: Rng,
    sweep: Sweep,
}

/// Per public node (a history), the vectors over cups a full-width iteration fills: made once, reused.
#[derive(Clone, Debug)]
struct Sweep {
    /// The current strategy: `[(history * stride + cup) * actions + action]`.
    sigma: Vec<f64>,
    /// The updated seat's reach per own cup, and the opponent's (chance included) per its cup:
    /// `[history * stride + cup]`.
    own: Vec<f64>,
    other: Vec<f64>,
    /// The updated seat's counterfactual values per own cup.
    values: Vec<f64>,
    /// One node's values of calling liar, per own cup.
    call: Vec<f64>,
    /// One node's opponent reach through a liar call, per opponent cup.
    through: Vec<f64>,
    /// One node's values, per own cup, before they are stored.
    node_value: Vec<f64>,
}

/// The value and exploitability of the average strategy.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Evaluation {
    /// Seat 0's (the first bidder's) expected payoff when both play the average strategy.
    pub value: f64,
    /// (best response of seat 0 + best response of seat 1) / 2: 0 exactly at an equilibrium.
    pub exploitability: f64,
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
        let mut bid_true = Vec::with_capacity(bids.len() * cups[0].len() * cups[1].len());
        for &bid in &bids {
            for c0 in &cups[0].dice {
                for c1 in &cups[1].dice {
                    bid_true.push(bid_holds(&game, bid, [c0, c1]));
                }
            }
        }
        let holds_sign = [0, 1].map(|seat: usize| {
            let (mine, theirs) = (cups[seat].len(), cups[1 - seat].len());
            let mut sign = Vec::with_capacity(bids.len() * mine * theirs);
            for k in 0..bids.len() {
                for m in 0..mine {
                    for t in 0..theirs {
                        let (c0, c1) = if seat == 0 { (m, t) } else { (t, m) };
                        sign.push(if bid_true[(k * cups[0].len() + c0) * cups[1].len() + c1] { 1.0 } else { -1.0 });
                    }
                }
            }
            sign
        });
        let stride = cups[0].len().max(cups[1].len());
        let histories = 1usize << bids.len();
        let size = histories * stride * (bids.len() + 1);
        let sweep = Sweep {
            sigma: vec![0.0; size],
            own: vec![0.0; histories * stride],
            other: vec![0.0; histories * stride],
            values: vec![0.0; histories * stride],
            call: vec![0.0; stride],
            through: vec![0.0; stride],
            node_value: vec![0.0; stride],
        };
        Ok(Solver {
            game,
            method,
            bids,
            cups,
            bid_true,
            holds_sign,
            stride,
            regret: vec![0.0; size],
            average: vec![0.0; size],
            iterations: 0,
            rng: Rng::seeded(seed),
            sweep,
        })
    }

    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    fn actions(&self) -> usize {
        self.bids.len() + 1
    }

    fn liar(&self) -> usize {
        self.bids.len()
    }

    /// Index of `(history, cup, action)` in the tables.
    fn at(&self, history: usize, cup: usize, action: usize) -> usize {
        (history * self.stride + cup) * self.actions() + action
    }

    /// The legal actions after `history`: every higher bid, and liar once a bid stands.
    fn legal(&self, history: usize) -> impl Iterator<Item = usize> {
        let first = if history == 0 { 0 } else { usize::BITS as usize - history.leading_zeros() as usize };
        let liar = (history != 0).then_some(self.liar());
        (first..self.bids.len()).chain(liar)
    }

    /// Regret matching (on the regrets, which CFR+ keeps non-negative) at `(history, cup)` into `out`.
    fn current(&self, history: usize, cup: usize, out: &mut [f64]) {
        let mut total = 0.0;
        for a in self.legal(history) {
            let r = self.regret[self.at(history, cup, a)].max(0.0);
            out[a] = r;
            total += r;
        }
        let n = self.legal(history).count() as f64;
        for a in self.legal(history) {
            out[a] = if total > 0.0 { out[a] / total } else { 1.0 / n };
        }
    }

    /// The average strategy at `(history, cup)` into `out` (uniform where never reached).
    fn average_at(&self, history: usize, cup: usize, out: &mut [f64]) {
        let total: f64 = self.legal(history).map(|a| self.average[self.at(history, cup, a)]).sum();
        let n = self.legal(history).count() as f64;
        for a in self.legal(history) {
            out[a] = if total > 0.0 { self.average[self.at(history, cup, a)] / total } else { 1.0 / n };
        }
    }

    /// Seat `seat`'s payoff at a liar call on the last bid of `history` with cups `c[0]`, `c[1]`.
    fn call_payoff(&self, history: usize, seat: usize, c: [usize; 2]) -> f64 {
        let last = usize::BITS as usize - 1 - history.leading_zeros() as usize;
        let bidder = (history.count_ones() as usize + 1) % 2;
        let holds = self.bid_true[(last * self.cups[0].len() + c[0]) * self.cups[1].len() + c[1]];
        if holds == (seat == bidder) {
            1.0
        } else {
            -1.0
        }
    }

    /// One iteration: both seats updated in turn.
    pub fn iterate(&mut self) {
        self.iterations += 1;
        for seat in 0..2 {
            match self.method {
                Method::Cfr | Method::CfrPlus => self.full_width(seat),
                Method::ExternalSampling => {
                    let deal = [self.sample_cup(0), self.sample_cup(1)];
                    self.sampled(0, seat, deal);
                }
            }
        }
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

    /// One full-width CFR update of `seat`, as sweeps over the public tree instead of a recursion. A history's
    /// parent is the history without its highest bid, so every parent comes before its children in numeric
    /// order: reach flows down in increasing order, values come up in decreasing order. A node's current
    /// strategy depends only on its own regrets, which only its own update changes, so computing every
    /// node's strategy first gives exactly the recursive CFR's numbers. No allocation.
    fn full_width(&mut self, seat: usize) {
        let histories = 1usize << self.bids.len();
        let (actions, stride, liar, bids) = (self.actions(), self.stride, self.liar(), self.bids.len());
        let mine = self.cups[seat].len();
        let theirs = self.cups[1 - seat].len();
        let cfr_plus = self.method == Method::CfrPlus;
        let weight = if cfr_plus { self.iterations as f64 } else { 1.0 };
        // The first bid still open after `history`: one above its highest bid.
        let first_open = |history: usize| usize::BITS as usize - history.leading_zeros() as usize;
        let Sweep { sigma, own, other, values, call, through, node_value } = &mut self.sweep;
        // Regret matching at every node, into `sigma`.
        for history in 0..histories {
            let first = first_open(history);
            let count = (bids - first + usize::from(history != 0)) as f64;
            for c in 0..self.cups[history.count_ones() as usize % 2].len() {
                let at = (history * stride + c) * actions;
                let regret = &self.regret[at..at + actions];
                let out = &mut sigma[at..at + actions];
                let mut total = 0.0;
                for a in first..bids {
                    out[a] = regret[a].max(0.0);
                    total += out[a];
                }
                if history != 0 {
                    out[liar] = regret[liar].max(0.0);
                    total += out[liar];
                }
                let legal = (first..bids).chain((history != 0).then_some(liar));
                if total > 0.0 {
                    legal.for_each(|a| out[a] /= total);
                } else {
                    legal.for_each(|a| out[a] = 1.0 / count);
                }
            }
        }
        // Reach, down.
        own[..mine].fill(1.0);
        other[..theirs].copy_from_slice(&self.cups[1 - seat].probability);
        for history in 1..histories {
            let top = first_open(history) - 1;
            let parent = history & !(1 << top);
            let by_seat = parent.count_ones() as usize % 2 == seat;
            let (n, moved, kept) =
                if by_seat { (mine, &mut *own, &mut *other) } else { (theirs, &mut *other, &mut *own) };
            for c in 0..n {
                moved[history * stride + c] = moved[parent * stride + c] * sigma[(parent * stride + c) * actions + top];
            }
            kept.copy_within(parent * stride..parent * stride + stride, history * stride);
        }
        // Values, up.
        for history in (0..histories).rev() {
            let first = first_open(history);
            let node = history * stride;
            let by_seat = history.count_ones() as usize % 2 == seat;
            if history != 0 {
                // The values of calling liar here, with the opponent's reach through the call.
                let bidder = (history.count_ones() as usize + 1) % 2;
                let sign = if seat == bidder { 1.0 } else { -1.0 };
                for t in 0..theirs {
                    let reach = other[node + t];
                    through[t] = if by_seat { reach } else { reach * sigma[(node + t) * actions + liar] };
                }
                let holds = &self.holds_sign[seat][(first - 1) * mine * theirs..][..mine * theirs];
                for (m, value) in call[..mine].iter_mut().enumerate() {
                    let row = &holds[m * theirs..(m + 1) * theirs];
                    *value = sign * row.iter().zip(&through[..theirs]).map(|(h, r)| r * h).sum::<f64>();
                }
            }
            let value = &mut node_value[..mine];
            value.fill(0.0);
            let child = |a: usize| (history | 1 << a) * stride;
            if by_seat {
                for a in first..bids {
                    let child = &values[child(a)..][..mine];
                    for c in 0..mine {
                        value[c] += sigma[(node + c) * actions + a] * child[c];
                    }
                }
                if history != 0 {
                    for c in 0..mine {
                        value[c] += sigma[(node + c) * actions + liar] * call[c];
                    }
                }
                let mut update = |a: usize, child: &[f64]| {
                    for c in 0..mine {
                        let at = (node + c) * actions + a;
                        let r = &mut self.regret[at];
                        *r += child[c] - value[c];
                        if cfr_plus {
                            *r = r.max(0.0);
                        }
                        self.average[at] += weight * own[node + c] * sigma[at];
                    }
                };
                for a in first..bids {
                    update(a, &values[child(a)..][..mine]);
                }
                if history != 0 {
                    update(liar, &call[..mine]);
                }
            } else {
                for a in first..bids {
                    let child = &values[child(a)..][..mine];
                    for c in 0..mine {
                        value[c] += child[c];
                    }
                }
                if history != 0 {
                    for c in 0..mine {
                        value[c] += call[c];
                    }
                }
            }
            values[node..node + mine].copy_from_slice(value);
        }
    }

    /// `seat`'s counterfactual values per cup at a liar call after `history`, the opponent's reach `other`.
    fn call_values(&self, history: usize, seat: usize, other: &[f64]) -> Vec<f64> {
        (0..self.cups[seat].len())
            .map(|mine| {
                (0..self.cups[1 - seat].len())
                    .map(|theirs| {
                        let c = if seat == 0 { [mine, theirs] } else { [theirs, mine] };
                        other[theirs] * self.call_payoff(history, seat, c)
                    })
                    .sum()
            })
            .collect()
    }

    /// External sampling for `seat` with the cups dealt: returns its sampled value.
    fn sampled(&mut self, history: usize, seat: usize, deal: [usize; 2]) -> f64 {
        let actor = history.count_ones() as usize % 2;
        let mut sigma = vec![0.0; self.actions()];
        self.current(history, deal[actor], &mut sigma);
        let legal: Vec<usize> = self.legal(history).collect();
        let child = |solver: &mut Solver, a: usize| {
            if a == solver.liar() {
                solver.call_payoff(history, seat, deal)
            } else {
                solver.sampled(history | 1 << a, seat, deal)
            }
        };
        if actor == seat {
            let values: Vec<f64> = legal.iter().map(|&a| child(self, a)).collect();
            let value: f64 = legal.iter().zip(&values).map(|(&a, v)| sigma[a] * v).sum();
            for (&a, v) in legal.iter().zip(&values) {
                let at = self.at(history, deal[actor], a);
                self.regret[at] += v - value;
            }
            value
        } else {
            // The opponent's average accumulates where it is sampled (simple averaging).
            for &a in &legal {
                let at = self.at(history, deal[actor], a);
                self.average[at] += sigma[a];
            }
            let mut x = self.rng.unit();
            let mut pick = *legal.last().expect("a decision has actions");
            for &a in &legal {
                if x < sigma[a] {
                    pick = a;
                    break;
                }
                x -= sigma[a];
            }
            child(self, pick)
        }
    }

    /// `seat`'s values per cup below `history` against the average strategy, playing its best response
    /// (`best`) or the average strategy itself.
    fn respond(&self, history: usize, seat: usize, other: &[f64], best: bool) -> Vec<f64> {
        let actor = history.count_ones() as usize % 2;
        let actions = self.actions();
        let actor_cups = self.cups[actor].len();
        let mut sigma = vec![0.0; actor_cups * actions];
        for c in 0..actor_cups {
            self.average_at(history, c, &mut sigma[c * actions..][..actions]);
        }
        let legal: Vec<usize> = self.legal(history).collect();
        let mut values = vec![if actor == seat && best { f64::NEG_INFINITY } else { 0.0 }; self.cups[seat].len()];
        for &a in &legal {
            let reach: Vec<f64> = if actor == seat {
                other.to_vec()
            } else {
                (0..actor_cups).map(|c| other[c] * sigma[c * actions + a]).collect()
            };
            let v = if a == self.liar() {
                self.call_values(history, seat, &reach)
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

    /// `seat`'s expected payoff: best response to the average strategy, or the average against itself.
    fn expected(&self, seat: usize, best: bool) -> f64 {
        let values = self.respond(0, seat, &self.cups[1 - seat].probability, best);
        values.iter().zip(&self.cups[seat].probability).map(|(v, p)| v * p).sum()
    }

    /// The average strategy's value and exploitability, exactly.
    pub fn evaluate(&self) -> Evaluation {
        Evaluation {
            value: self.expected(0, false),
            exploitability: (self.expected(0, true) + self.expected(1, true)) / 2.0,
        }
    }

    /// The average strategy, for saving.
    pub fn strategy(&self) -> Strategy {
        let mut infosets = Vec::new();
        let mut sigma = vec![0.0; self.actions()];
        for history in 0..1usize << self.bids.len() {
            let actor = history.count_ones() as usize % 2;
            let bids: Vec<Bid> = (0..self.bids.len()).filter(|k| history >> k & 1 == 1).map(|k| self.bids[k]).collect();
            for (c, dice) in self.cups[actor].dice.iter().enumerate() {
                self.average_at(history, c, &mut sigma);
                let actions = self
                    .legal(history)
                    .map(|a| (if a == self.liar() { Action::Liar } else { Action::bid(self.bids[a]) }, sigma[a]))
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

/// Whether `bid` holds for the cups `cups` (seat 0's, seat 1's): the game plays the rolls, seat 0's bid and
/// seat 1's liar call, and says who lost.
fn bid_holds(game: &LiarsDice, bid: Bid, cups: [&Vec<u8>; 2]) -> bool {
    let mut state = game.initial_state();
    let mut next = [0usize; 2];
    while game.status(&state) == Status::Chance {
        let seat = state.cups.rolling().expect("a roll is pending");
        let face = cups[seat.index()][next[seat.index()]];
        next[seat.index()] += 1;
        game.apply_chance_unchecked(&mut state, &Roll { seat, face });
    }
    game.apply_unchecked(&mut state, Seat(0), &Action::bid(bid));
    game.apply_unchecked(&mut state, Seat(1), &Action::Liar);
    game.outcome(&state).is_some_and(|o| o.payoffs[0] > 0.0)
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
