//! Vanilla CFR and CFR+ updates: one depth-first pass over the public tree per seat, carrying per-cup reach
//! vectors down and per-cup value vectors up. The pass streams through the per-edge tables in memory order
//! (they are laid out in the same depth-first order), keeps its vectors in one scratch buffer (a frame per
//! depth), and allocates nothing. Half the nodes it can visit come after the second-highest bid, where both
//! actions end in a call, a quarter after the third-highest, an eighth after the fourth-highest and a
//! sixteenth after the fifth-highest; each of those is one kernel call (`own_last`, `others_last`,
//! `own_third`, ..., `others_fifth`: the calls inlined, no frame, no loop), a kernel holding its node's
//! replies to the higher bids. A kernel takes every slice as an argument of its own (not in a struct nor an
//! array): only then does the compiler know they do not overlap (with the fourth-highest kernels' slices in a
//! struct, CFR took 9% more instructions).
//!
//! **Zero reach is skipped, exactly.** Below a node that the other seat reaches with no cup, every
//! counterfactual value of the updated seat is 0: its regrets and current strategy do not change, and only its
//! average takes its own reach-weighted strategy, which a lighter walk (`accumulate`) adds without any value or
//! call. Where the updated seat's own reach is 0 for every cup, its average takes nothing and that loop is
//! skipped. Every number kept is the one the full pass would compute (up to the sign of a zero).

use super::calls::Call;
use super::tree::PublicTree;
use super::{width, Method, Solver, MAX_BIDS};

/// The scratch a pass needs: the root's reach and value vectors, and per depth a frame of the children's values
/// and reach vectors (one per action each).
pub(super) fn scratch_len(tree: &PublicTree, stride: usize) -> usize {
    let depths = tree.bids() + 1;
    let frame = 2 * (tree.bids() + 1) * stride;
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
        let highest = self.tree.bids() - 1;
        let second = highest.saturating_sub(1);
        let mut tables = [[self.calls.call(seat, 0, seat); 2]; MAX_BIDS];
        for (bid, table) in tables.iter_mut().enumerate().take(self.tree.bids()) {
            *table = [self.calls.call(seat, bid, seat), self.calls.call(seat, bid, 1 - seat)];
        }
        let mut pass = Pass::<N> {
            tree: &self.tree,
            regret: &mut self.regret,
            average: &mut self.average,
            current: &mut self.current,
            seat,
            lanes,
            floor: if plus { 0.0 } else { f64::NEG_INFINITY },
            weight: if plus { self.iterations as f64 } else { 1.0 },
            highest: tables[highest],
            second: tables[second],
            tables,
        };
        // Every cup has a positive chance, so both seats reach the root.
        pass.visit(0, own, true, other, root_values, frames);
        self.scratch = scratch;
    }
}

/// One seat's update: the tables it changes and what it reads.
struct Pass<'a, const N: usize> {
    tree: &'a PublicTree,
    regret: &'a mut [f64],
    average: &'a mut [f64],
    current: &'a mut [f64],
    seat: usize,
    lanes: usize,
    /// Regrets are floored here: at 0 for CFR+ (regret matching+), nowhere for CFR.
    floor: f64,
    /// The weight of this iteration in the average.
    weight: f64,
    /// The calls on the highest and the second-highest bid (`[made by the updated seat, by the other]`),
    /// looked up once a pass.
    highest: [Call<'a>; 2],
    second: [Call<'a>; 2],
    /// The same for every bid.
    tables: [[Call<'a>; 2]; MAX_BIDS],
}

// The kernels below are functions of their own, never inlined: with every vector a separate argument the
// compiler knows they do not overlap and turns the loops over cups into SIMD instructions (SSE2: two cups an
// instruction), which it does not once they are inlined into the recursion.

/// Called first in the row loops of `reach_rows`, `sum_rows` and `add_average`: an optimization barrier (it
/// compiles to no instruction) that keeps the compiler from vectorizing across rows, lane by lane, which
/// costs shuffles, a long setup and a scalar tail for the two or three rows of most nodes; each row is then
/// vectorized over its cups instead. The barrier also makes the compiler reload from memory whatever the loop
/// reads, so `update` and a call's loops, which keep more across rows, do without it (fewer instructions,
/// measured).
#[inline(always)]
fn one_row_at_a_time() {
    std::hint::black_box(());
}

/// `x` where it is above `floor`, else `floor` (one `maxpd`; `f64::max` adds NaN handling no number here needs).
#[inline(always)]
fn positive_part(x: f64, floor: f64) -> f64 {
    if x > floor {
        x
    } else {
        floor
    }
}

/// `reach = moved * current`, row by row (one row per action, `moved`'s length each): the reach through each
/// action. Bit `a` of the result says whether row `a` is positive for some cup.
#[inline(never)]
fn reach_rows<const N: usize>(reach: &mut [f64], moved: &[f64], current: &[f64]) -> u32 {
    reach_rows_inline::<N>(reach, moved, current)
}

/// [`reach_rows`], for kernels of their own.
#[inline(always)]
fn reach_rows_inline<const N: usize>(reach: &mut [f64], moved: &[f64], current: &[f64]) -> u32 {
    let n = width::<N>(moved.len());
    let moved = &moved[..n];
    let mut live = 0;
    for (a, (reach, current)) in reach.chunks_exact_mut(n).zip(current.chunks_exact(n)).enumerate() {
        one_row_at_a_time();
        // Reach is a product of probabilities, never negative nor -0.0, so it is positive exactly where its
        // bits are not all zero: one OR a lane instead of a comparison.
        let mut bits = 0;
        for c in 0..n {
            reach[c] = moved[c] * current[c];
            bits |= reach[c].to_bits();
        }
        live |= u32::from(bits != 0) << a;
    }
    live
}

/// A call's values ([`Call::values`]).
#[inline(never)]
fn call_values<const N: usize>(call: Call, through: &[f64], out: &mut [f64]) {
    call.values::<N>(through, out);
}

/// `out` = the sum of the rows of `values` (`out`'s length each).
#[inline(never)]
fn sum_rows<const N: usize>(values: &[f64], out: &mut [f64]) {
    sum_rows_inline::<N>(values, out);
}

/// [`sum_rows`], for kernels of their own.
#[inline(always)]
fn sum_rows_inline<const N: usize>(values: &[f64], out: &mut [f64]) {
    let n = width::<N>(out.len());
    let out = &mut out[..n];
    out.fill(0.0);
    for value in values.chunks_exact(n) {
        one_row_at_a_time();
        for c in 0..n {
            out[c] += value[c];
        }
    }
}

/// `average += weight * own * current`, row by row (one row per action, `own`'s length each).
#[inline(never)]
fn add_average<const N: usize>(average: &mut [f64], current: &[f64], own: &[f64], weight: f64) {
    add_average_inline::<N>(average, current, own, weight);
}

/// [`add_average`], for kernels of their own.
#[inline(always)]
fn add_average_inline<const N: usize>(average: &mut [f64], current: &[f64], own: &[f64], weight: f64) {
    let n = width::<N>(own.len());
    let own = &own[..n];
    for (average, current) in average.chunks_exact_mut(n).zip(current.chunks_exact(n)) {
        one_row_at_a_time();
        for c in 0..n {
            average[c] += weight * own[c] * current[c];
        }
    }
}

/// The update at a node of the updated seat, given the values of its actions (`values`, one row per action):
/// its value under the current strategy into `out`, then the regrets (floored at `floor`), the average (when
/// `own`, the seat's reach, is positive somewhere) and regret matching (`scratch`: two rows).
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn update<const N: usize>(
    values: &[f64],
    regret: &mut [f64],
    average: &mut [f64],
    current: &mut [f64],
    own: Option<&[f64]>,
    weight: f64,
    floor: f64,
    out: &mut [f64],
    scratch: &mut [f64],
) {
    update_inline::<N>(values, regret, average, current, own, weight, floor, out, scratch);
}

/// [`update`], for kernels of their own.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn update_inline<const N: usize>(
    values: &[f64],
    regret: &mut [f64],
    average: &mut [f64],
    current: &mut [f64],
    own: Option<&[f64]>,
    weight: f64,
    floor: f64,
    out: &mut [f64],
    scratch: &mut [f64],
) {
    let n = width::<N>(out.len());
    let (totals, fill) = scratch.split_at_mut(n);
    let (out, totals, fill) = (&mut out[..n], &mut totals[..n], &mut fill[..n]);
    out.fill(0.0);
    for (value, current) in values.chunks_exact(n).zip(current.chunks_exact(n)) {
        for c in 0..n {
            out[c] += current[c] * value[c];
        }
    }
    totals.fill(0.0);
    let rows = values.chunks_exact(n).zip(regret.chunks_exact_mut(n)).zip(current.chunks_exact_mut(n));
    match own {
        // The average takes the strategy the values were computed under, before regret matching replaces it.
        Some(own) => {
            let own = &own[..n];
            for (((value, regret), current), average) in rows.zip(average.chunks_exact_mut(n)) {
                for c in 0..n {
                    average[c] += weight * own[c] * current[c];
                    let r = positive_part(regret[c] + (value[c] - out[c]), floor);
                    regret[c] = r;
                    current[c] = positive_part(r, 0.0);
                    totals[c] += current[c];
                }
            }
        }
        None => {
            for ((value, regret), current) in rows {
                for c in 0..n {
                    let r = positive_part(regret[c] + (value[c] - out[c]), floor);
                    regret[c] = r;
                    current[c] = positive_part(r, 0.0);
                    totals[c] += current[c];
                }
            }
        }
    }
    // Each action's positive regret over their sum, or uniform where no action has any. There every positive
    // part is 0, and (0 + 1) / actions is exactly `1 / actions`; elsewhere (x + 0) / total is x / total. So
    // one addition and one division a lane, with no branch and no select.
    let actions = (values.len() / n) as f64;
    for c in 0..n {
        let some = totals[c] > 0.0;
        fill[c] = if some { 0.0 } else { 1.0 };
        totals[c] = if some { totals[c] } else { actions };
    }
    for current in current.chunks_exact_mut(n) {
        for c in 0..n {
            current[c] = (current[c] + fill[c]) / totals[c];
        }
    }
}

/// The update at a node after the second-highest bid where the updated seat acts: the values of its two
/// actions, the calls `calls` (on the highest bid, then liar) on the other seat's reach `other` (into
/// `values`, two rows), then [`update`]. One kernel, so the calls are not separate calls.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn own_last<const N: usize>(
    calls: [Call; 2],
    other: &[f64],
    values: &mut [f64],
    regret: &mut [f64],
    average: &mut [f64],
    current: &mut [f64],
    own: Option<&[f64]>,
    weight: f64,
    floor: f64,
    out: &mut [f64],
    scratch: &mut [f64],
) {
    own_last_inline::<N>(calls, other, values, regret, average, current, own, weight, floor, out, scratch);
}

/// [`own_last`], for kernels of their own.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn own_last_inline<const N: usize>(
    calls: [Call; 2],
    other: &[f64],
    values: &mut [f64],
    regret: &mut [f64],
    average: &mut [f64],
    current: &mut [f64],
    own: Option<&[f64]>,
    weight: f64,
    floor: f64,
    out: &mut [f64],
    scratch: &mut [f64],
) {
    let n = width::<N>(out.len());
    let (raised, called) = values.split_at_mut(n);
    calls[0].values::<N>(other, raised);
    calls[1].values::<N>(other, called);
    update_inline::<N>(values, regret, average, current, own, weight, floor, out, scratch);
}

/// The values at a node after the second-highest bid where the other seat acts: the reach through its two
/// actions (`current`, two rows, times `other`, into `reach`), then the sum of the calls `calls` (on the
/// highest bid, then liar) on them, each skipped where its reach is 0 for every cup (`call`: scratch of a
/// row).
#[inline(never)]
fn others_last<const N: usize>(
    calls: [Call; 2],
    other: &[f64],
    current: &[f64],
    out: &mut [f64],
    reach: &mut [f64],
    call: &mut [f64],
) {
    others_last_inline::<N>(calls, other, current, out, reach, call);
}

/// [`others_last`], for kernels of their own.
#[inline(always)]
fn others_last_inline<const N: usize>(
    calls: [Call; 2],
    other: &[f64],
    current: &[f64],
    out: &mut [f64],
    reach: &mut [f64],
    call: &mut [f64],
) {
    let n = width::<N>(out.len());
    let live = reach_rows_inline::<N>(reach, other, current);
    let (raised, called) = reach.split_at(n);
    if live & 1 == 1 {
        calls[0].values::<N>(raised, out);
    } else {
        out.fill(0.0);
    }
    if live & 2 == 2 {
        calls[1].values::<N>(called, call);
        for c in 0..n {
            out[c] += call[c];
        }
    }
}

/// The update at a node after the third-highest bid where the updated seat acts (`regret`, `average` and
/// `current`: its three rows). Its actions: the second-highest bid, whose reply [`others_last`] values
/// (`child`: that reply's current strategy, two rows); the highest bid and liar, both calls on the other
/// seat's reach `other`. `calls`: the reply's two, then the node's own two. `values`: three rows; `scratch`:
/// three.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn own_third<const N: usize>(
    calls: [Call; 4],
    other: &[f64],
    child: &[f64],
    regret: &mut [f64],
    average: &mut [f64],
    current: &mut [f64],
    own: Option<&[f64]>,
    weight: f64,
    floor: f64,
    out: &mut [f64],
    values: &mut [f64],
    scratch: &mut [f64],
) {
    own_third_inline::<N>(calls, other, child, regret, average, current, own, weight, floor, out, values, scratch);
}

/// [`own_third`], for kernels of their own.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn own_third_inline<const N: usize>(
    calls: [Call; 4],
    other: &[f64],
    child: &[f64],
    regret: &mut [f64],
    average: &mut [f64],
    current: &mut [f64],
    own: Option<&[f64]>,
    weight: f64,
    floor: f64,
    out: &mut [f64],
    values: &mut [f64],
    scratch: &mut [f64],
) {
    let n = width::<N>(out.len());
    let (second, rest) = values.split_at_mut(n);
    let (raised, called) = rest.split_at_mut(n);
    let (reach, call) = scratch.split_at_mut(2 * n);
    others_last_inline::<N>([calls[0], calls[1]], other, child, second, reach, &mut call[..n]);
    calls[2].values::<N>(other, raised);
    calls[3].values::<N>(other, called);
    update_inline::<N>(values, regret, average, current, own, weight, floor, out, &mut scratch[..2 * n]);
}

/// The values at a node after the third-highest bid where the other seat acts (`current`: its three rows):
/// the reach through each action, then the sum of their values, each skipped where its reach is 0 for every
/// cup. The second-highest bid's reply is [`own_last`] (`regret`, `average`, `child`: that reply's rows;
/// where it is skipped, only its average takes `own`); the highest bid and liar are calls. `calls`: the
/// reply's two, then the node's own two. `values`: three rows; `scratch`: seven.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn others_third<const N: usize>(
    calls: [Call; 4],
    other: &[f64],
    current: &[f64],
    regret: &mut [f64],
    average: &mut [f64],
    child: &mut [f64],
    own: Option<&[f64]>,
    weight: f64,
    floor: f64,
    out: &mut [f64],
    values: &mut [f64],
    scratch: &mut [f64],
) {
    others_third_inline::<N>(calls, other, current, regret, average, child, own, weight, floor, out, values, scratch);
}

/// [`others_third`], for kernels of their own.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn others_third_inline<const N: usize>(
    calls: [Call; 4],
    other: &[f64],
    current: &[f64],
    regret: &mut [f64],
    average: &mut [f64],
    child: &mut [f64],
    own: Option<&[f64]>,
    weight: f64,
    floor: f64,
    out: &mut [f64],
    values: &mut [f64],
    scratch: &mut [f64],
) {
    let n = width::<N>(out.len());
    let (reach, rest) = scratch.split_at_mut(3 * n);
    let (child_values, rest) = rest.split_at_mut(2 * n);
    let live = reach_rows_inline::<N>(reach, other, current);
    let (second, rest_values) = values.split_at_mut(n);
    let (raised, called) = rest_values.split_at_mut(n);
    if live & 1 == 1 {
        let (regret, average, child) = (&mut regret[..2 * n], &mut average[..2 * n], &mut child[..2 * n]);
        let scratch = &mut rest[..2 * n];
        own_last_inline::<N>(
            [calls[0], calls[1]],
            &reach[..n],
            child_values,
            regret,
            average,
            child,
            own,
            weight,
            floor,
            second,
            scratch,
        );
    } else {
        second.fill(0.0);
        if let Some(own) = own {
            add_average_inline::<N>(&mut average[..2 * n], &child[..2 * n], own, weight);
        }
    }
    if live & 2 == 2 {
        calls[2].values::<N>(&reach[n..2 * n], raised);
    } else {
        raised.fill(0.0);
    }
    if live & 4 == 4 {
        calls[3].values::<N>(&reach[2 * n..], called);
    } else {
        called.fill(0.0);
    }
    sum_rows_inline::<N>(values, out);
}

/// Disjoint slices of `rows` (a table's rows from some edge on, `n` entries each), one per part: (its first
/// row counted from that edge, its rows), the parts in order. A kernel then takes each as an argument of its
/// own.
#[inline(always)]
fn split_rows<const K: usize>(rows: &mut [f64], n: usize, parts: [(usize, usize); K]) -> [&mut [f64]; K] {
    let mut split: [&mut [f64]; K] = std::array::from_fn(|_| Default::default());
    let mut rest = rows;
    let mut at = 0;
    for (slot, (first, count)) in split.iter_mut().zip(parts) {
        let (_, tail) = std::mem::take(&mut rest).split_at_mut((first - at) * n);
        let (part, tail) = tail.split_at_mut(count * n);
        (*slot, rest, at) = (part, tail, first + count);
    }
    split
}

/// The update at a node after the fourth-highest bid where the updated seat acts: its actions are the
/// third-highest bid, whose reply [`others_third`] values; the second-highest, whose reply [`others_last`]
/// values; the highest bid and liar, both calls on the other seat's reach `other`. `calls`: the third-highest
/// reply's four, the second-highest reply's liar (its raise is `calls[2]`), then the node's liar (its raise is
/// `calls[0]`). `own`: the seat's reach where positive somewhere. `values`: four rows; `scratch`: twelve.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn own_fourth<const N: usize>(
    calls: [Call; 6],
    own: Option<&[f64]>,
    other: &[f64],
    regret: &mut [f64],
    average: &mut [f64],
    current: &mut [f64],
    third: &[f64],
    third_last_regret: &mut [f64],
    third_last_average: &mut [f64],
    third_last: &mut [f64],
    last: &[f64],
    weight: f64,
    floor: f64,
    out: &mut [f64],
    values: &mut [f64],
    scratch: &mut [f64],
) {
    own_fourth_inline::<N>(
        calls,
        own,
        other,
        regret,
        average,
        current,
        third,
        third_last_regret,
        third_last_average,
        third_last,
        last,
        weight,
        floor,
        out,
        values,
        scratch,
    );
}

/// [`own_fourth`], for kernels of their own.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn own_fourth_inline<const N: usize>(
    calls: [Call; 6],
    own: Option<&[f64]>,
    other: &[f64],
    regret: &mut [f64],
    average: &mut [f64],
    current: &mut [f64],
    third: &[f64],
    third_last_regret: &mut [f64],
    third_last_average: &mut [f64],
    third_last: &mut [f64],
    last: &[f64],
    weight: f64,
    floor: f64,
    out: &mut [f64],
    values: &mut [f64],
    scratch: &mut [f64],
) {
    let n = width::<N>(out.len());
    let (through, scratch) = scratch.split_at_mut(n);
    let (third_value, rest) = values.split_at_mut(n);
    let (second, rest) = rest.split_at_mut(n);
    let (raised, called) = rest.split_at_mut(n);
    // The seat's reach through the third-highest bid (none without reach of its own).
    let child_own = own.filter(|&own| reach_rows_inline::<N>(through, own, &current[..n]) == 1).map(|_| &through[..]);
    let (child_values, rest) = scratch.split_at_mut(3 * n);
    others_third_inline::<N>(
        [calls[0], calls[1], calls[2], calls[3]],
        other,
        third,
        third_last_regret,
        third_last_average,
        third_last,
        child_own,
        weight,
        floor,
        third_value,
        child_values,
        &mut rest[..7 * n],
    );
    let (reach, call) = rest.split_at_mut(2 * n);
    others_last_inline::<N>([calls[2], calls[4]], other, last, second, reach, &mut call[..n]);
    calls[0].values::<N>(other, raised);
    calls[5].values::<N>(other, called);
    update_inline::<N>(values, regret, average, current, own, weight, floor, out, &mut scratch[..2 * n]);
}

/// The values at a node after the fourth-highest bid where the other seat acts: the reach through each
/// action, then the sum of their values, each skipped where its reach is 0 for every cup (where the updated
/// seat's reply is skipped, only its average takes `own`). The third-highest bid's reply is [`own_third`],
/// the second-highest's [`own_last`], the highest bid and liar are calls. `calls`: the third-highest reply's
/// four, the second-highest reply's liar (its raise is `calls[2]`), then the node's liar (its raise is
/// `calls[0]`). `own`: the seat's reach where positive somewhere. `values`: four rows; `scratch`: twelve.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn others_fourth<const N: usize>(
    calls: [Call; 6],
    own: Option<&[f64]>,
    other: &[f64],
    current: &[f64],
    third_regret: &mut [f64],
    third_average: &mut [f64],
    third: &mut [f64],
    third_last: &[f64],
    last_regret: &mut [f64],
    last_average: &mut [f64],
    last: &mut [f64],
    weight: f64,
    floor: f64,
    out: &mut [f64],
    values: &mut [f64],
    scratch: &mut [f64],
) {
    others_fourth_inline::<N>(
        calls,
        own,
        other,
        current,
        third_regret,
        third_average,
        third,
        third_last,
        last_regret,
        last_average,
        last,
        weight,
        floor,
        out,
        values,
        scratch,
    );
}

/// [`others_fourth`], for kernels of their own.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn others_fourth_inline<const N: usize>(
    calls: [Call; 6],
    own: Option<&[f64]>,
    other: &[f64],
    current: &[f64],
    third_regret: &mut [f64],
    third_average: &mut [f64],
    third: &mut [f64],
    third_last: &[f64],
    last_regret: &mut [f64],
    last_average: &mut [f64],
    last: &mut [f64],
    weight: f64,
    floor: f64,
    out: &mut [f64],
    values: &mut [f64],
    scratch: &mut [f64],
) {
    let n = width::<N>(out.len());
    let (reach, scratch) = scratch.split_at_mut(4 * n);
    let live = reach_rows_inline::<N>(reach, other, current);
    let (third_value, rest) = values.split_at_mut(n);
    let (second, rest) = rest.split_at_mut(n);
    let (raised, called) = rest.split_at_mut(n);
    if live & 1 == 1 {
        let (child_values, rest) = scratch.split_at_mut(3 * n);
        own_third_inline::<N>(
            [calls[0], calls[1], calls[2], calls[3]],
            &reach[..n],
            third_last,
            third_regret,
            third_average,
            third,
            own,
            weight,
            floor,
            third_value,
            child_values,
            &mut rest[..3 * n],
        );
    } else {
        third_value.fill(0.0);
        if let Some(own) = own {
            add_average_inline::<N>(third_average, third, own, weight);
        }
    }
    if live & 2 == 2 {
        let (child_values, rest) = scratch.split_at_mut(2 * n);
        let (reply_calls, through) = ([calls[2], calls[4]], &reach[n..2 * n]);
        own_last_inline::<N>(
            reply_calls,
            through,
            child_values,
            last_regret,
            last_average,
            last,
            own,
            weight,
            floor,
            second,
            &mut rest[..2 * n],
        );
    } else {
        second.fill(0.0);
        if let Some(own) = own {
            add_average_inline::<N>(last_average, last, own, weight);
        }
    }
    if live & 4 == 4 {
        calls[0].values::<N>(&reach[2 * n..3 * n], raised);
    } else {
        raised.fill(0.0);
    }
    if live & 8 == 8 {
        calls[5].values::<N>(&reach[3 * n..], called);
    } else {
        called.fill(0.0);
    }
    sum_rows_inline::<N>(values, out);
}

/// The update at a node after the fifth-highest bid where the updated seat acts (`regret`, `average`,
/// `current`: its five rows). Its actions: the fourth-highest bid, whose reply [`others_fourth`] values
/// (`fourth`: its calls; `q`, `qt*`, `qtl`, `ql*`: its rows, its reply's to the third-highest bid, that
/// reply's reply's and its own reply's to the second-highest); the third-highest, whose reply
/// [`others_third`] values (`third`; `t`, `tl*`); the second-highest, whose reply [`others_last`] values
/// (`last`; `l`); the highest bid and liar, both calls on the other seat's reach `other` (`calls`). `own`:
/// the seat's reach where positive somewhere. `values`: five rows; `scratch`: twenty-one.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn own_fifth<const N: usize>(
    fourth: [Call; 6],
    third: [Call; 4],
    last: [Call; 2],
    calls: [Call; 2],
    own: Option<&[f64]>,
    other: &[f64],
    regret: &mut [f64],
    average: &mut [f64],
    current: &mut [f64],
    q: &[f64],
    qt_regret: &mut [f64],
    qt_average: &mut [f64],
    qt: &mut [f64],
    qtl: &[f64],
    ql_regret: &mut [f64],
    ql_average: &mut [f64],
    ql: &mut [f64],
    t: &[f64],
    tl_regret: &mut [f64],
    tl_average: &mut [f64],
    tl: &mut [f64],
    l: &[f64],
    weight: f64,
    floor: f64,
    out: &mut [f64],
    values: &mut [f64],
    scratch: &mut [f64],
) {
    let n = width::<N>(out.len());
    let (through, scratch) = scratch.split_at_mut(2 * n);
    let (q_value, rest) = values.split_at_mut(n);
    let (t_value, rest) = rest.split_at_mut(n);
    let (l_value, rest) = rest.split_at_mut(n);
    let (raised, called) = rest.split_at_mut(n);
    // The seat's reach through the fourth- and third-highest bids (none without reach of its own).
    let live = own.map_or(0, |own| reach_rows_inline::<N>(through, own, &current[..2 * n]));
    let (through_q, through_t) = through.split_at(n);
    let (q_own, t_own) = ((live & 1 == 1).then_some(through_q), (live & 2 == 2).then_some(through_t));
    let (child_values, rest) = scratch.split_at_mut(4 * n);
    let child_scratch = &mut rest[..12 * n];
    others_fourth_inline::<N>(
        fourth,
        q_own,
        other,
        q,
        qt_regret,
        qt_average,
        qt,
        qtl,
        ql_regret,
        ql_average,
        ql,
        weight,
        floor,
        q_value,
        child_values,
        child_scratch,
    );
    let (child_values, child_scratch) = (&mut child_values[..3 * n], &mut rest[..7 * n]);
    others_third_inline::<N>(
        third,
        other,
        t,
        tl_regret,
        tl_average,
        tl,
        t_own,
        weight,
        floor,
        t_value,
        child_values,
        child_scratch,
    );
    let (reach, call) = rest.split_at_mut(2 * n);
    others_last_inline::<N>(last, other, l, l_value, reach, &mut call[..n]);
    calls[0].values::<N>(other, raised);
    calls[1].values::<N>(other, called);
    update_inline::<N>(values, regret, average, current, own, weight, floor, out, &mut scratch[..2 * n]);
}

/// The values at a node after the fifth-highest bid where the other seat acts (`current`: its five rows): the
/// reach through each action, then the sum of their values, each skipped where its reach is 0 for every cup
/// (where the updated seat's reply is skipped, only the averages below take `own`). The fourth-highest
/// bid's reply is [`own_fourth`] (`fourth`: its calls; `q*`, `qt`, `qtl*`, `ql`: its rows, its reply's to
/// the third-highest bid, that reply's reply's and its own reply's to the second-highest), the
/// third-highest's [`own_third`] (`third`; `t*`, `tl`), the second-highest's [`own_last`] (`last`; `l*`); the
/// highest bid and liar are calls (`calls`). `values`: five rows; `scratch`: twenty-one.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn others_fifth<const N: usize>(
    fourth: [Call; 6],
    third: [Call; 4],
    last: [Call; 2],
    calls: [Call; 2],
    own: Option<&[f64]>,
    other: &[f64],
    current: &[f64],
    q_regret: &mut [f64],
    q_average: &mut [f64],
    q: &mut [f64],
    qt: &[f64],
    qtl_regret: &mut [f64],
    qtl_average: &mut [f64],
    qtl: &mut [f64],
    ql: &[f64],
    t_regret: &mut [f64],
    t_average: &mut [f64],
    t: &mut [f64],
    tl: &[f64],
    l_regret: &mut [f64],
    l_average: &mut [f64],
    l: &mut [f64],
    weight: f64,
    floor: f64,
    out: &mut [f64],
    values: &mut [f64],
    scratch: &mut [f64],
) {
    let n = width::<N>(out.len());
    let (reach, scratch) = scratch.split_at_mut(5 * n);
    let live = reach_rows_inline::<N>(reach, other, current);
    let (q_value, rest) = values.split_at_mut(n);
    let (t_value, rest) = rest.split_at_mut(n);
    let (l_value, rest) = rest.split_at_mut(n);
    let (raised, called) = rest.split_at_mut(n);
    let (child_values, rest) = scratch.split_at_mut(4 * n);
    if live & 1 == 1 {
        own_fourth_inline::<N>(
            fourth,
            own,
            &reach[..n],
            q_regret,
            q_average,
            q,
            qt,
            qtl_regret,
            qtl_average,
            qtl,
            ql,
            weight,
            floor,
            q_value,
            child_values,
            &mut rest[..12 * n],
        );
    } else {
        q_value.fill(0.0);
        if let Some(own) = own {
            // What `accumulate` adds below: the reply's average, and its reply's reply's to the
            // second-highest bid (the only average further down) through the third-highest bid.
            add_average_inline::<N>(q_average, q, own, weight);
            let through = &mut rest[..n];
            if reach_rows_inline::<N>(through, own, &q[..n]) == 1 {
                add_average_inline::<N>(qtl_average, qtl, through, weight);
            }
        }
    }
    if live & 2 == 2 {
        let (child_values, child_scratch) = (&mut child_values[..3 * n], &mut rest[..3 * n]);
        own_third_inline::<N>(
            third,
            &reach[n..2 * n],
            tl,
            t_regret,
            t_average,
            t,
            own,
            weight,
            floor,
            t_value,
            child_values,
            child_scratch,
        );
    } else {
        t_value.fill(0.0);
        if let Some(own) = own {
            add_average_inline::<N>(t_average, t, own, weight);
        }
    }
    if live & 4 == 4 {
        let (child_values, child_scratch) = (&mut child_values[..2 * n], &mut rest[..2 * n]);
        let through = &reach[2 * n..3 * n];
        own_last_inline::<N>(
            last,
            through,
            child_values,
            l_regret,
            l_average,
            l,
            own,
            weight,
            floor,
            l_value,
            child_scratch,
        );
    } else {
        l_value.fill(0.0);
        if let Some(own) = own {
            add_average_inline::<N>(l_average, l, own, weight);
        }
    }
    if live & 8 == 8 {
        calls[0].values::<N>(&reach[3 * n..4 * n], raised);
    } else {
        raised.fill(0.0);
    }
    if live & 16 == 16 {
        calls[1].values::<N>(&reach[4 * n..], called);
    } else {
        called.fill(0.0);
    }
    sum_rows_inline::<N>(values, out);
}

impl<const N: usize> Pass<'_, N> {
    /// Writes into `out` the updated seat's counterfactual values per own cup at node `index`, given its own
    /// reach `own` (`own_live`: positive for some cup) and the other seat's reach `other` (chance included,
    /// positive for some cup) per cup, and updates the node's regrets, average and current strategy when the
    /// seat acts there.
    fn visit(
        &mut self,
        index: usize,
        own: &[f64],
        own_live: bool,
        other: &[f64],
        out: &mut [f64],
        scratch: &mut [f64],
    ) {
        let n = width::<N>(self.lanes);
        let (own, other, out) = (&own[..n], &other[..n], &mut out[..n]);
        let node = self.tree.node(index);
        let bids = self.tree.bids();
        let rows = node.edge * n..(node.edge + node.actions) * n;
        let (frame, deeper) = scratch.split_at_mut(2 * node.actions * n);
        let (values, reach) = frame.split_at_mut(node.actions * n);
        // The bids whose child is visited as a whole node (the replies to the two highest bids are only
        // calls, handled below without a loop): rows `..deep` of `values` and `reach`.
        let deep = bids.saturating_sub(2).max(node.first_bid) - node.first_bid;
        let (deep_values, rest) = values.split_at_mut(deep * n);
        let mut child = index + 1;
        let mut bid = node.first_bid;
        if node.actor == self.seat {
            // The other seat's reach is unchanged below; the updated seat's goes through each bid (it needs
            // none without reach of its own, nor where the reply is only calls: a call reads the other's).
            let deep_reach = &mut reach[..deep * n];
            let live = if own_live && deep > 0 {
                reach_rows::<N>(deep_reach, own, &self.current[rows.start..][..deep * n])
            } else {
                0
            };
            for (i, (value, through)) in deep_values.chunks_exact_mut(n).zip(deep_reach.chunks_exact(n)).enumerate() {
                // Without own reach the child's is `own` itself: zeros.
                let (child_own, child_live) = if own_live { (through, live >> i & 1 == 1) } else { (own, false) };
                if bid + 3 == bids {
                    self.others_third_choice(child, child_own, child_live, other, value, deeper);
                } else if bid + 4 == bids {
                    self.fourth_choice(child, child_own, child_live, other, value, deeper);
                } else if bid + 5 == bids {
                    self.fifth_choice(child, child_own, child_live, other, value, deeper);
                } else {
                    self.visit(child, child_own, child_live, other, value, deeper);
                }
                child += self.tree.subtree_after(bid);
                bid += 1;
            }
            let mut rest = rest.chunks_exact_mut(n);
            if bid + 2 == bids {
                let value = rest.next().expect("a row per action");
                self.others_last_choice(child, other, value, deeper);
                bid += 1;
            }
            // After the highest bid the reply can only be liar: the whole of its strategy, with no regret to
            // learn, so the child is just the call.
            let value = rest.next().expect("a row per action");
            call_values::<N>(self.tables[bid][0], other, value);
            if let Some(call) = rest.next() {
                call_values::<N>(self.tables[node.last_bid()][1], other, call);
            }
            self.update_rows(rows, values, own_live.then_some(own), out, &mut deeper[..2 * n]);
        } else {
            // The reach through each action of the other seat; the updated seat's own is unchanged below.
            let live = reach_rows::<N>(reach, other, &self.current[rows]);
            let (deep_reach, rest_reach) = reach.split_at(deep * n);
            for (i, (value, through)) in deep_values.chunks_exact_mut(n).zip(deep_reach.chunks_exact(n)).enumerate() {
                if live >> i & 1 == 1 {
                    if bid + 3 == bids {
                        self.own_third_choice(child, own, own_live, through, value, deeper);
                    } else if bid + 4 == bids {
                        self.fourth_choice(child, own, own_live, through, value, deeper);
                    } else if bid + 5 == bids {
                        self.fifth_choice(child, own, own_live, through, value, deeper);
                    } else {
                        self.visit(child, own, own_live, through, value, deeper);
                    }
                } else {
                    // The other seat never makes this bid: nothing to learn below, only the average to feed.
                    value.fill(0.0);
                    if own_live {
                        self.accumulate(child, own, deeper);
                    }
                }
                child += self.tree.subtree_after(bid);
                bid += 1;
            }
            let mut rest = rest.chunks_exact_mut(n).zip(rest_reach.chunks_exact(n));
            let mut row = deep;
            if bid + 2 == bids {
                let (value, through) = rest.next().expect("a row per action");
                if live >> row & 1 == 1 {
                    self.own_last_choice(child, own, own_live, through, value, deeper);
                } else {
                    value.fill(0.0);
                    if own_live {
                        self.accumulate(child, own, deeper);
                    }
                }
                bid += 1;
                row += 1;
            }
            let (value, through) = rest.next().expect("a row per action");
            if live >> row & 1 == 1 {
                call_values::<N>(self.tables[bid][1], through, value);
            } else {
                value.fill(0.0);
            }
            if let Some((call, through)) = rest.next() {
                if live >> (row + 1) & 1 == 1 {
                    call_values::<N>(self.tables[node.last_bid()][0], through, call);
                } else {
                    call.fill(0.0);
                }
            }
            sum_rows::<N>(values, out);
        }
    }

    /// `visit` at node `index`, after the fifth-highest bid ([`own_fifth`], [`others_fifth`]).
    #[inline(always)]
    fn fifth_choice(
        &mut self,
        index: usize,
        own: &[f64],
        own_live: bool,
        other: &[f64],
        out: &mut [f64],
        scratch: &mut [f64],
    ) {
        let n = width::<N>(self.lanes);
        let node = self.tree.node(index);
        let (fourth, third) = (node.first_bid, node.first_bid + 1);
        // In depth-first order: the node; its reply to the fourth-highest bid (q), that reply's to the
        // third-highest (qt) and to the second-highest (ql), qt's to the second-highest (qtl); the node's reply
        // to the third-highest (t) and t's to the second-highest (tl); the node's to the second-highest (l).
        let q = index + 1;
        let (qt, qtl) = (q + 1, q + 2);
        let ql = qt + self.tree.subtree_after(third);
        let t = q + self.tree.subtree_after(fourth);
        let (tl, l) = (t + 1, t + self.tree.subtree_after(third));
        let edge = |i: usize| self.tree.node(i).edge - node.edge;
        let parts = [
            (0, 5),
            (edge(q), 4),
            (edge(qt), 3),
            (edge(qtl), 2),
            (edge(ql), 2),
            (edge(t), 3),
            (edge(tl), 2),
            (edge(l), 2),
        ];
        let block = node.edge * n..(node.edge + edge(l) + 2) * n;
        let (values, rest) = scratch.split_at_mut(5 * n);
        let scratch = &mut rest[..21 * n];
        let (h, s) = (self.highest, self.second);
        let (on_third, on_fourth, on_last) = (self.tables[third], self.tables[fourth], self.tables[node.last_bid()]);
        let [r, rq, rqt, rqtl, rql, rt, rtl, rl] = split_rows(&mut self.regret[block.clone()], n, parts);
        let [a, aq, aqt, aqtl, aql, at, atl, al] = split_rows(&mut self.average[block.clone()], n, parts);
        let [c, cq, cqt, cqtl, cql, ct, ctl, cl] = split_rows(&mut self.current[block], n, parts);
        let (weight, floor, own) = (self.weight, self.floor, own_live.then_some(own));
        // Each slice an argument of its own, so that the kernel knows they do not overlap.
        if node.actor == self.seat {
            let fourth_calls = [h[1], s[0], h[0], on_third[1], s[1], on_fourth[0]];
            let third_calls = [h[0], s[1], h[1], on_third[0]];
            let (last, calls) = ([h[1], s[0]], [h[0], on_last[1]]);
            own_fifth::<N>(
                fourth_calls,
                third_calls,
                last,
                calls,
                own,
                other,
                r,
                a,
                c,
                cq,
                rqt,
                aqt,
                cqt,
                cqtl,
                rql,
                aql,
                cql,
                ct,
                rtl,
                atl,
                ctl,
                cl,
                weight,
                floor,
                out,
                values,
                scratch,
            );
        } else {
            let fourth_calls = [h[0], s[1], h[1], on_third[0], s[0], on_fourth[1]];
            let third_calls = [h[1], s[0], h[0], on_third[1]];
            let (last, calls) = ([h[0], s[1]], [h[1], on_last[0]]);
            others_fifth::<N>(
                fourth_calls,
                third_calls,
                last,
                calls,
                own,
                other,
                c,
                rq,
                aq,
                cq,
                cqt,
                rqtl,
                aqtl,
                cqtl,
                cql,
                rt,
                at,
                ct,
                ctl,
                rl,
                al,
                cl,
                weight,
                floor,
                out,
                values,
                scratch,
            );
        }
    }

    /// `visit` at node `index`, after the fourth-highest bid ([`own_fourth`], [`others_fourth`]).
    #[inline(always)]
    fn fourth_choice(
        &mut self,
        index: usize,
        own: &[f64],
        own_live: bool,
        other: &[f64],
        out: &mut [f64],
        scratch: &mut [f64],
    ) {
        let n = width::<N>(self.lanes);
        let node = self.tree.node(index);
        let third = node.first_bid;
        // In depth-first order: the node, its reply to the third-highest bid and that reply's to the
        // second-highest (the next two nodes), then the node's own reply to the second-highest.
        let edge = |i: usize| self.tree.node(i).edge - node.edge;
        let last = edge(index + 1 + self.tree.subtree_after(third));
        let parts = [(0, 4), (edge(index + 1), 3), (edge(index + 2), 2), (last, 2)];
        let block = node.edge * n..(node.edge + last + 2) * n;
        let (values, rest) = scratch.split_at_mut(4 * n);
        let scratch = &mut rest[..12 * n];
        let (h, s, last_bid) = (self.highest, self.second, node.last_bid());
        let [r, rt, rtl, rl] = split_rows(&mut self.regret[block.clone()], n, parts);
        let [a, at, atl, al] = split_rows(&mut self.average[block.clone()], n, parts);
        let [c, ct, ctl, cl] = split_rows(&mut self.current[block], n, parts);
        let (weight, floor, own) = (self.weight, self.floor, own_live.then_some(own));
        // Each slice an argument of its own, so that the kernel knows they do not overlap.
        if node.actor == self.seat {
            let calls = [h[0], s[1], h[1], self.tables[third][0], s[0], self.tables[last_bid][1]];
            own_fourth::<N>(calls, own, other, r, a, c, ct, rtl, atl, ctl, cl, weight, floor, out, values, scratch);
        } else {
            let calls = [h[1], s[0], h[0], self.tables[third][1], s[1], self.tables[last_bid][0]];
            others_fourth::<N>(calls, own, other, c, rt, at, ct, ctl, rl, al, cl, weight, floor, out, values, scratch);
        }
    }

    /// `visit` at node `index`, after the third-highest bid, where the updated seat acts ([`own_third`]).
    fn own_third_choice(
        &mut self,
        index: usize,
        own: &[f64],
        own_live: bool,
        other: &[f64],
        out: &mut [f64],
        scratch: &mut [f64],
    ) {
        let n = width::<N>(self.lanes);
        let node = self.tree.node(index);
        // The reply to the second-highest bid is the next node, its rows right after this node's.
        let rows = node.edge * n..(node.edge + 3) * n;
        let (current, child) = self.current.split_at_mut(rows.end);
        let (values, rest) = scratch.split_at_mut(3 * n);
        own_third::<N>(
            [self.highest[1], self.second[0], self.highest[0], self.tables[node.last_bid()][1]],
            other,
            &child[..2 * n],
            &mut self.regret[rows.clone()],
            &mut self.average[rows.clone()],
            &mut current[rows],
            own_live.then_some(own),
            self.weight,
            self.floor,
            out,
            values,
            &mut rest[..3 * n],
        );
    }

    /// `visit` at node `index`, after the third-highest bid, where the other seat acts ([`others_third`]).
    fn others_third_choice(
        &mut self,
        index: usize,
        own: &[f64],
        own_live: bool,
        other: &[f64],
        out: &mut [f64],
        scratch: &mut [f64],
    ) {
        let n = width::<N>(self.lanes);
        let node = self.tree.node(index);
        // The reply to the second-highest bid is the next node, its rows right after this node's.
        let rows = node.edge * n..(node.edge + 3) * n;
        let child = rows.end..rows.end + 2 * n;
        let (current, after) = self.current.split_at_mut(rows.end);
        let (values, rest) = scratch.split_at_mut(3 * n);
        others_third::<N>(
            [self.highest[0], self.second[1], self.highest[1], self.tables[node.last_bid()][0]],
            other,
            &current[rows],
            &mut self.regret[child.clone()],
            &mut self.average[child],
            &mut after[..2 * n],
            own_live.then_some(own),
            self.weight,
            self.floor,
            out,
            values,
            &mut rest[..7 * n],
        );
    }

    /// `visit` at node `index`, after the second-highest bid, where the updated seat acts: both its actions
    /// (the highest bid, which can only be called, and liar) end in a call on the other seat's reach.
    fn own_last_choice(
        &mut self,
        index: usize,
        own: &[f64],
        own_live: bool,
        other: &[f64],
        out: &mut [f64],
        scratch: &mut [f64],
    ) {
        let n = width::<N>(self.lanes);
        let edge = self.tree.node(index).edge;
        let rows = edge * n..(edge + 2) * n;
        let (values, deeper) = scratch.split_at_mut(2 * n);
        own_last::<N>(
            [self.highest[0], self.second[1]],
            other,
            values,
            &mut self.regret[rows.clone()],
            &mut self.average[rows.clone()],
            &mut self.current[rows],
            own_live.then_some(own),
            self.weight,
            self.floor,
            out,
            &mut deeper[..2 * n],
        );
    }

    /// [`update`] at the node whose rows (of the regret, average and current tables) are `rows`.
    #[inline(always)]
    fn update_rows(
        &mut self,
        rows: std::ops::Range<usize>,
        values: &[f64],
        own: Option<&[f64]>,
        out: &mut [f64],
        scratch: &mut [f64],
    ) {
        update::<N>(
            values,
            &mut self.regret[rows.clone()],
            &mut self.average[rows.clone()],
            &mut self.current[rows],
            own,
            self.weight,
            self.floor,
            out,
            scratch,
        );
    }

    /// `visit` at node `index`, after the second-highest bid, where the other seat acts: the sum of the calls
    /// of the highest bid and of liar, each on the other seat's reach through it (the updated seat's own reach
    /// does not enter).
    fn others_last_choice(&mut self, index: usize, other: &[f64], out: &mut [f64], scratch: &mut [f64]) {
        let n = width::<N>(self.lanes);
        let edge = self.tree.node(index).edge;
        let rows = edge * n..(edge + 2) * n;
        let (reach, call) = scratch.split_at_mut(2 * n);
        others_last::<N>([self.highest[1], self.second[0]], other, &self.current[rows], out, reach, &mut call[..n]);
    }

    /// Below node `index`, which the other seat reaches with no cup, adds the updated seat's reach-weighted
    /// current strategy to its average (`own`: its reach, positive for some cup). Nothing else changes there.
    fn accumulate(&mut self, index: usize, own: &[f64], scratch: &mut [f64]) {
        let n = width::<N>(self.lanes);
        let own = &own[..n];
        let node = self.tree.node(index);
        let bids = self.tree.bids();
        let rows = node.edge * n..(node.edge + node.actions) * n;
        let by_seat = node.actor == self.seat;
        if by_seat {
            add_average::<N>(&mut self.average[rows.clone()], &self.current[rows.clone()], own, self.weight);
        }
        // Only the children after bids below the second-highest have averages further down; the child after
        // the second-highest keeps one only itself (its replies are calls), when it is the updated seat's.
        let deep = bids.saturating_sub(2);
        let (reach, deeper) = scratch.split_at_mut(deep.saturating_sub(node.first_bid) * n);
        let live = if by_seat && !reach.is_empty() {
            reach_rows::<N>(reach, own, &self.current[rows.start..][..reach.len()])
        } else {
            0
        };
        let mut child = index + 1;
        for (i, bid) in (node.first_bid..deep).enumerate() {
            if !by_seat {
                self.accumulate(child, own, deeper);
            } else if live >> i & 1 == 1 {
                self.accumulate(child, &reach[i * n..][..n], deeper);
            }
            child += self.tree.subtree_after(bid);
        }
        if !by_seat && node.first_bid + 2 <= bids {
            let second = self.tree.node(child);
            let rows = second.edge * n..(second.edge + second.actions) * n;
            add_average::<N>(&mut self.average[rows.clone()], &self.current[rows], own, self.weight);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{match_regrets, Method, Solver};
    use crate::liars_dice::{DiceCount, Options};

    /// One seat's update as a plain pass would make it: every node visited whatever its reach, loops of the
    /// runtime length, no kernel.
    fn plain_update(solver: &mut Solver, seat: usize) {
        let n = solver.stride;
        let mut own = vec![0.0; n];
        own[..solver.cups[seat].len()].fill(1.0);
        let mut other = vec![0.0; n];
        other[..solver.cups[1 - seat].len()].copy_from_slice(&solver.cups[1 - seat].probability);
        plain_visit(solver, seat, 0, &own, &other);
    }

    fn plain_visit(s: &mut Solver, seat: usize, index: usize, own: &[f64], other: &[f64]) -> Vec<f64> {
        let n = s.stride;
        let node = s.tree.node(index);
        let rows = node.edge * n..(node.edge + node.actions) * n;
        let by_seat = node.actor == seat;
        let mut values = vec![0.0; node.actions * n];
        let mut child = index + 1;
        for (i, bid) in (node.first_bid..s.tree.bids()).enumerate() {
            let current = &s.current[rows.start + i * n..][..n];
            let moved = if by_seat { own } else { other };
            let reach: Vec<f64> = (0..n).map(|c| moved[c] * current[c]).collect();
            let (child_own, child_other) = if by_seat { (&reach[..], other) } else { (own, &reach[..]) };
            let value = if bid + 1 == s.tree.bids() {
                let mut value = vec![0.0; n];
                s.calls.values::<0>(seat, bid, node.actor, child_other, &mut value);
                value
            } else {
                plain_visit(s, seat, child, child_own, child_other)
            };
            values[i * n..][..n].copy_from_slice(&value);
            child += s.tree.subtree_after(bid);
        }
        if node.has_call() {
            let current = &s.current[rows.end - n..rows.end];
            let through: Vec<f64> = (0..n).map(|c| if by_seat { other[c] } else { other[c] * current[c] }).collect();
            let call = &mut values[(node.actions - 1) * n..];
            s.calls.values::<0>(seat, node.last_bid(), 1 - node.actor, &through, call);
        }
        let mut out = vec![0.0; n];
        if !by_seat {
            for value in values.chunks_exact(n) {
                for c in 0..n {
                    out[c] += value[c];
                }
            }
            return out;
        }
        for (value, current) in values.chunks_exact(n).zip(s.current[rows.clone()].chunks_exact(n)) {
            for c in 0..n {
                out[c] += current[c] * value[c];
            }
        }
        let plus = s.method == Method::CfrPlus;
        let weight = if plus { s.iterations as f64 } else { 1.0 };
        for (a, value) in values.chunks_exact(n).enumerate() {
            for c in 0..n {
                let e = rows.start + a * n + c;
                s.regret[e] += value[c] - out[c];
                if plus {
                    s.regret[e] = s.regret[e].max(0.0);
                }
                s.average[e] += weight * own[c] * s.current[e];
            }
        }
        let mut totals = vec![0.0; n];
        match_regrets::<0>(&s.regret[rows.clone()], &mut s.current[rows], n, &mut totals);
        out
    }

    /// Skipping what nobody reaches, the fixed-length kernels and the fused regret matching change no number:
    /// regrets, averages and current strategies equal a plain pass's after many iterations, for CFR and CFR+,
    /// on the 6-cup game (compile-time loops), a 4-cup game (runtime loops), one with unequal cups (a seat's
    /// vector padded) and the smallest trees (5, 4, 3 and 2 bids: the root is then a node the kernels take
    /// whole, visited as a generic node).
    #[test]
    fn the_pass_computes_exactly_what_a_plain_pass_computes() {
        let games = [
            Options::default(),
            Options { faces: 4, ..Options::default() },
            Options { dice: DiceCount::PerSeat(vec![2, 1]), faces: 3, ..Options::default() },
            Options { dice: DiceCount::PerSeat(vec![3, 2]), faces: 2, wild_biddable: false, ..Options::default() },
            Options { faces: 2, ..Options::default() },
            Options { dice: DiceCount::PerSeat(vec![2, 1]), faces: 2, wild_biddable: false, ..Options::default() },
            Options { faces: 2, wild_biddable: false, ..Options::default() },
        ];
        for options in games {
            for method in [Method::Cfr, Method::CfrPlus] {
                let mut solver = Solver::new(options.clone(), method, 1).unwrap();
                let mut plain = solver.clone();
                for _ in 0..40 {
                    solver.iterate();
                    plain.iterations += 1;
                    for seat in 0..2 {
                        plain_update(&mut plain, seat);
                    }
                }
                let context = format!("{method:?} on {options:?}");
                assert!(solver.current.contains(&0.0), "{context}: nothing to skip");
                assert!(solver.regret == plain.regret, "{context}: regrets differ");
                assert!(solver.average == plain.average, "{context}: averages differ");
                assert!(solver.current == plain.current, "{context}: strategies differ");
            }
        }
    }
}
