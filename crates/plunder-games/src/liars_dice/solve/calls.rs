//! Liar calls: who wins, read from the game's own rules, and folded so that a node's call values for every
//! cup take a pass over the cups instead of one over every pair of them.

use plunder_core::{Game, Seat, Status};

use super::cups::CupSet;
use super::width;
use crate::bidding::Bid;
use crate::liars_dice::{Action, LiarsDice, Roll};

/// For each seat and each bid, whether the bid holds with that seat's cup and the other's, folded into
/// classes: two of the other seat's cups are in one class when the bid holds with exactly the same own cups
/// (for "at least q of face f", when they hold as many dice counting as f). A call's values for every own cup
/// then take, per class, the other seat's reach summed over the class and one vector over own cups: O(cups x
/// classes) instead of a cup-by-cup matrix.
#[derive(Clone, Debug)]
pub(super) struct Calls {
    bids: usize,
    stride: usize,
    /// Per seat and bid, `[seat * bids + bid]`: where the table's classes sit in `classes`.
    tables: Vec<std::ops::Range<usize>>,
    /// Per table, its classes two at a time (an odd one paired with an empty class: no members, outcomes 0):
    /// the two classes' memberships interleaved cup by cup (1 for the other seat's cups in the class, 0 for
    /// the rest), so that one pass over the reach (each cup's loaded once) sums both classes; then each
    /// class's outcomes, +1 where the bid holds with that own cup and -1 where it fails (padding cups: 0).
    classes: Vec<f64>,
}

impl Calls {
    /// The tables for `bids` with the seats' cups, vectors padded to `stride` cups.
    pub fn new(game: &LiarsDice, bids: &[Bid], cups: &[CupSet; 2], stride: usize) -> Calls {
        let mut calls = Calls { bids: bids.len(), stride, tables: Vec::new(), classes: Vec::new() };
        for seat in 0..2 {
            for &bid in bids {
                // One column per cup of the other seat: whether the bid holds with each own cup.
                let columns: Vec<Vec<bool>> = (0..cups[1 - seat].len())
                    .map(|t| {
                        (0..cups[seat].len())
                            .map(|m| {
                                let (c0, c1) = if seat == 0 { (m, t) } else { (t, m) };
                                bid_holds(game, bid, [&cups[0].dice[c0], &cups[1].dice[c1]])
                            })
                            .collect()
                    })
                    .collect();
                let (class_of, representatives) = classes(&columns);
                let start = calls.classes.len();
                let member = |class: usize, t: usize| f64::from(u8::from(class_of.get(t) == Some(&class)));
                let outcome = |class: usize| {
                    let holds = representatives.get(class).map(|&t| &columns[t][..]).unwrap_or_default();
                    let signs = holds.iter().map(|&holds| if holds { 1.0 } else { -1.0 });
                    signs.chain(std::iter::repeat(0.0)).take(stride)
                };
                for pair in (0..representatives.len()).step_by(2) {
                    // A class index past the last has no members and no outcomes: the empty class.
                    calls.classes.extend((0..stride).flat_map(|t| [member(pair, t), member(pair + 1, t)]));
                    calls.classes.extend(outcome(pair));
                    calls.classes.extend(outcome(pair + 1));
                }
                calls.tables.push(start..calls.classes.len());
            }
        }
        calls
    }

    /// The table of `seat`'s payoffs when liar is called on `bid`, made by `bidder`.
    pub fn call(&self, seat: usize, bid: usize, bidder: usize) -> Call<'_> {
        let classes = &self.classes[self.tables[seat * self.bids + bid].clone()];
        Call { classes, sign: if seat == bidder { 1.0 } else { -1.0 }, lanes: self.stride }
    }

    /// `seat`'s values per own cup (into `out`, a stride of them) when liar is called on `bid`, made by
    /// `bidder`, with the other seat's reach through the call `through` per cup ([`Call::values`]). Not
    /// inlined, so that the loops over cups stay SIMD (see `full_width.rs`).
    #[inline(never)]
    pub fn values<const N: usize>(&self, seat: usize, bid: usize, bidder: usize, through: &[f64], out: &mut [f64]) {
        self.call(seat, bid, bidder).values::<N>(through, out);
    }

    /// `seat`'s payoff when liar is called on `bid`, made by `bidder`, with `seat`'s cup `mine` and the other's
    /// `theirs`.
    pub fn payoff(&self, seat: usize, bid: usize, bidder: usize, mine: usize, theirs: usize) -> f64 {
        let n = self.stride;
        let table = &self.classes[self.tables[seat * self.bids + bid].clone()];
        let outcome = table
            .chunks_exact(4 * n)
            .find_map(|pair| {
                let (members, outcomes) = pair.split_at(2 * n);
                (0..2).find(|&k| members[2 * theirs + k] > 0.0).map(|k| outcomes[k * n + mine])
            })
            .expect("every cup has a class");
        if seat == bidder {
            outcome
        } else {
            -outcome
        }
    }
}

/// One table of [`Calls`], signed for the seat valued.
#[derive(Copy, Clone, Debug)]
pub(super) struct Call<'a> {
    classes: &'a [f64],
    sign: f64,
    lanes: usize,
}

impl Call<'_> {
    /// The values per own cup (into `out`) with the other seat's reach through the call `through` per cup.
    /// Each own cup's value is summed class after class, in the table's order, as a loop over single classes
    /// would (up to the sign of a zero: the sum starts at the first class, not at 0). Inlined only into
    /// kernels that take every vector as an argument of their own (see `full_width.rs`).
    #[inline(always)]
    pub fn values<const N: usize>(self, through: &[f64], out: &mut [f64]) {
        let n = width::<N>(self.lanes);
        let (through, out) = (&through[..n], &mut out[..n]);
        for (k, pair) in self.classes.chunks_exact(4 * n).enumerate() {
            let (members, outcomes) = pair.split_at(2 * n);
            let (first, second) = outcomes.split_at(n);
            let mut reach = [0.0; 2];
            for (t, members) in members.chunks_exact(2).enumerate() {
                reach[0] += members[0] * through[t];
                reach[1] += members[1] * through[t];
            }
            let weight = [self.sign * reach[0], self.sign * reach[1]];
            if k == 0 {
                for m in 0..n {
                    out[m] = weight[0] * first[m] + weight[1] * second[m];
                }
            } else {
                for m in 0..n {
                    out[m] = out[m] + weight[0] * first[m] + weight[1] * second[m];
                }
            }
        }
    }
}

/// The class of each vector (equal vectors share one) and the first vector of each class.
fn classes(vectors: &[Vec<bool>]) -> (Vec<usize>, Vec<usize>) {
    let mut representatives: Vec<usize> = Vec::new();
    let class = vectors
        .iter()
        .enumerate()
        .map(|(i, v)| {
            representatives.iter().position(|&r| vectors[r] == *v).unwrap_or_else(|| {
                representatives.push(i);
                representatives.len() - 1
            })
        })
        .collect();
    (class, representatives)
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
