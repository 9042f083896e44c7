//! N games of one game stepped together inside Rust (self-play: the caller chooses for whichever seat is to
//! act in each game). Chance is drawn from each game's own seeded stream. A game that ends reports its returns
//! and the acting seat's final observation, and starts again ([`Autoreset`]: at the next step, whose action for
//! it is not read, or in the same step). Python releases the GIL for the whole step, and with `threads` > 1
//! the games are stepped on that many threads (results do not depend on it: each game has its own stream); one
//! thread, or too few games to share, steps them on the caller's thread with no hand-over.
//!
//! The step is the hot loop of training, so it builds no view where it can and does no work per action of the
//! space: the tensor comes from the game's view-free path where it has one (`Game::write_seat_tensor`), and the
//! mask is updated from the last step's legal list (only the entries that were set are cleared).

use std::sync::Arc;

use plunder_core::encoding::{tensor_len, write_tensor};
use plunder_core::{Game, Rng, Seat, Status, TensorKind};
use rayon::prelude::*;

use crate::engine::{player_of, Refusal, Shared};

/// When a game that ended starts again: Gymnasium's auto-reset modes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Autoreset {
    /// At the next step, which does not read the game's action: the ending step shows the final observation.
    NextStep,
    /// In the ending step: the step shows the new game's first observation, the final one in `final_obs`.
    SameStep,
}

/// The buffers of the last step, laid out game by game. Python reads them in place (numpy arrays over this
/// memory), so they are allocated once, with the vector, and never move: a reset clears them where they are.
#[derive(Debug)]
pub struct Buffers {
    /// `n × tensor` observation tensors of the seat to act.
    pub obs: Vec<f32>,
    /// `n × actions` legal-action masks of the seat to act.
    pub mask: Vec<u8>,
    /// `n × seats` returns of the games that just ended (0 elsewhere).
    pub rewards: Vec<f32>,
    /// `n`: 1 where a game ended in this step (see [`Autoreset`] for when it starts again).
    pub dones: Vec<u8>,
    /// `n`: 1 where a game ended in this step because a safety limit stopped it (`Game::truncated`).
    pub truncations: Vec<u8>,
    /// `n`: the seat to act in each game (pyspiel's TERMINAL, -4, where a game just ended and waits for the next
    /// step to start again).
    pub players: Vec<i32>,
    /// `n × actions`: each game's legal actions ascending, padded with -1 (for sampling without a mask scan).
    pub legal: Vec<i32>,
    /// `n`: how many legal actions each game has.
    pub counts: Vec<i32>,
    /// `n × tensor`: with [`Autoreset::SameStep`], the final observation (of the seat that acted) of the games
    /// that ended in this step (the rows of the others hold older numbers); unused (0) with
    /// [`Autoreset::NextStep`].
    pub final_obs: Vec<f32>,
}

impl Buffers {
    /// Fresh buffers for `n` games of `tensor` observation numbers, `actions` distinct actions and `seats`
    /// seats: zeros, and empty legal lists.
    fn new(n: usize, tensor: usize, actions: usize, seats: usize) -> Buffers {
        Buffers {
            obs: vec![0.0; n * tensor],
            mask: vec![0; n * actions],
            rewards: vec![0.0; n * seats],
            dones: vec![0; n],
            truncations: vec![0; n],
            players: vec![0; n],
            legal: vec![-1; n * actions],
            counts: vec![0; n],
            final_obs: vec![0.0; n * tensor],
        }
    }

    /// Back to fresh, in place.
    fn clear(&mut self) {
        self.obs.fill(0.0);
        self.mask.fill(0);
        self.rewards.fill(0.0);
        self.dones.fill(0);
        self.truncations.fill(0);
        self.players.fill(0);
        self.legal.fill(-1);
        self.counts.fill(0);
        self.final_obs.fill(0.0);
    }
}

/// N games stepped together, whatever the game.
pub trait AnyVector: Send + Sync {
    fn len(&self) -> usize;
    /// Starts every game again: with `seed`, from that seed's chance streams (the same games for the same seed);
    /// without, each game's stream goes on (new games, still determined by the last seed).
    fn reset(&mut self, seed: Option<u64>);
    /// Plays one action in every game (for its seat to act); with [`Autoreset::NextStep`], a game that ended at
    /// the last step starts again instead and its action is not read. Refuses, changing nothing, if any action
    /// read is illegal.
    fn step(&mut self, actions: &[i64]) -> Result<(), Refusal>;
    fn buffers(&self) -> &Buffers;
    /// Finished games since the start.
    fn games_done(&self) -> u64;
    /// Everything needed to rebuild the vector as it is: see [`Snapshot`].
    fn snapshot(&self) -> Snapshot;
    /// Rebuilds the games of a [`AnyVector::snapshot`] of a vector of the same game and size.
    fn restore(&mut self, snapshot: &Snapshot) -> Result<(), Refusal>;
}

/// A vector's games as data, to pickle it: the seed, the games finished, and per game its chance stream as it
/// was when the game began and the actions played since (replayed, they rebuild the game, its stream and its
/// buffers exactly).
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub seed: u64,
    pub games_done: u64,
    pub games: Vec<([u64; 4], Vec<i64>)>,
}

/// One game of the vector: its state, its chance stream, its legal actions now, and what rebuilds it.
struct Slot<G: Game> {
    state: G::State,
    rng: Rng,
    legal: Vec<G::Action>,
    /// The chance stream when this game began, and the actions played since (for [`AnyVector::snapshot`]).
    start: Rng,
    actions: Vec<i64>,
    /// The seat that played the last action (whose final observation an ended game shows).
    last_seat: Option<Seat>,
}

/// One game's part of the buffers.
struct Out<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [u8],
    list: &'a mut [i32],
    rewards: &'a mut [f32],
    done: &'a mut u8,
    truncated: &'a mut u8,
    final_obs: &'a mut [f32],
    player: &'a mut i32,
    count: &'a mut i32,
}

pub struct Vector<G: Game> {
    shared: Arc<Shared<G>>,
    slots: Vec<Slot<G>>,
    seed: u64,
    games: u64,
    autoreset: Autoreset,
    /// The threads that step the games, when more than one is asked for (else the caller's thread steps them).
    pool: Option<rayon::ThreadPool>,
    out: Buffers,
}

/// The fewest games a thread is handed: fewer are stepped on the caller's thread, since handing them over
/// costs more than they take.
const GAMES_PER_TASK: usize = 64;

impl<G: Game> Vector<G> {
    pub fn new(
        shared: Arc<Shared<G>>,
        n: usize,
        seed: u64,
        threads: usize,
        autoreset: Autoreset,
    ) -> Result<Vector<G>, Refusal> {
        let pool = match threads {
            0 | 1 => None,
            _ => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .map_err(|e| format!("cannot start {threads} threads: {e}"))?,
            ),
        };
        let initial = shared.game.initial_state();
        let slots = (0..n)
            .map(|_| Slot {
                state: initial.clone(),
                rng: Rng::seeded(seed),
                legal: Vec::new(),
                start: Rng::seeded(seed),
                actions: Vec::new(),
                last_seat: None,
            })
            .collect();
        let tensor = tensor_len(&shared.game, TensorKind::Observation);
        let actions = shared.codec.as_ref().map_or(0, |c| c.len());
        let out = Buffers::new(n, tensor, actions, shared.game.seats());
        let mut vector = Vector { slots, seed, games: 0, autoreset, pool, out, shared };
        vector.reset(Some(seed));
        Ok(vector)
    }

    fn actions(&self) -> usize {
        self.shared.codec.as_ref().map_or(0, |c| c.len())
    }

    /// Runs `each(slot, out, action)` for every game, on the pool if there is one and enough games to share.
    fn for_each_game(&mut self, actions: Option<&[i64]>, each: impl Fn(&mut Slot<G>, Out<'_>, Option<i64>) + Sync) {
        let n = self.slots.len();
        let t = self.out.obs.len() / n;
        let a = self.out.mask.len() / n;
        let seats = self.out.rewards.len() / n;
        let o = &mut self.out;
        let Some(pool) = self.pool.as_ref().filter(|_| n >= 2 * GAMES_PER_TASK) else {
            for (i, slot) in self.slots.iter_mut().enumerate() {
                let out = Out {
                    obs: &mut o.obs[i * t..(i + 1) * t],
                    mask: &mut o.mask[i * a..(i + 1) * a],
                    list: &mut o.legal[i * a..(i + 1) * a],
                    rewards: &mut o.rewards[i * seats..(i + 1) * seats],
                    done: &mut o.dones[i],
                    truncated: &mut o.truncations[i],
                    final_obs: &mut o.final_obs[i * t..(i + 1) * t],
                    player: &mut o.players[i],
                    count: &mut o.counts[i],
                };
                each(slot, out, actions.map(|a| a[i]));
            }
            return;
        };
        let run = || {
            self.slots
                .par_iter_mut()
                .zip(o.obs.par_chunks_mut(t))
                .zip(o.mask.par_chunks_mut(a))
                .zip(o.legal.par_chunks_mut(a))
                .zip(o.rewards.par_chunks_mut(seats))
                .zip(o.dones.par_iter_mut())
                .zip(o.truncations.par_iter_mut())
                .zip(o.final_obs.par_chunks_mut(t))
                .zip(o.players.par_iter_mut())
                .zip(o.counts.par_iter_mut())
                .enumerate()
                .with_min_len(GAMES_PER_TASK)
                .for_each(
                    |(
                        i,
                        (((((((((slot, obs), mask), list), rewards), done), truncated), final_obs), player), count),
                    )| {
                        let out = Out { obs, mask, list, rewards, done, truncated, final_obs, player, count };
                        each(slot, out, actions.map(|a| a[i]));
                    },
                )
        };
        pool.install(run)
    }
}

/// Draws chance until someone must decide (or the game is over).
fn settle<G: Game>(game: &G, state: &mut G::State, rng: &mut Rng) {
    while game.status(state) == Status::Chance {
        let outcome = game.sample_chance(state, rng);
        game.apply_chance_unchecked(state, &outcome);
    }
}

/// Starts the slot's game again: a new initial state, chance drawn until someone decides.
fn begin<G: Game>(game: &G, slot: &mut Slot<G>) {
    slot.start = slot.rng.clone();
    slot.actions.clear();
    slot.last_seat = None;
    slot.state = game.initial_state();
    settle(game, &mut slot.state, &mut slot.rng);
}

/// Plays `action` (checked by the caller) for the seat to act, then chance until someone decides.
fn play<G: Game>(shared: &Shared<G>, slot: &mut Slot<G>, action: i64) {
    let game = &shared.game;
    let seat = match game.status(&slot.state) {
        Status::Decide(seats) => seats.iter().next().expect("a game with a legal action has a seat to act"),
        _ => unreachable!("a game with a legal action has a seat to act"),
    };
    let decoded = shared.decode(action).expect("checked against the mask");
    game.apply_unchecked(&mut slot.state, seat, decoded);
    slot.actions.push(action);
    slot.last_seat = Some(seat);
    settle(game, &mut slot.state, &mut slot.rng);
}

/// Fills one game's result of a step: its returns, and whether it ended (and by a safety limit), else zeros.
fn report<G: Game>(game: &G, slot: &Slot<G>, out: &mut Out<'_>) -> bool {
    out.rewards.fill(0.0);
    *out.done = 0;
    *out.truncated = 0;
    let Some(outcome) = game.outcome(&slot.state) else { return false };
    for (r, p) in out.rewards.iter_mut().zip(&outcome.payoffs) {
        *r = *p as f32;
    }
    *out.done = 1;
    *out.truncated = u8::from(game.truncated(&slot.state));
    true
}

/// Fills one game's observation, mask, legal list and seat. The mask and list still hold the last step's. A
/// game that is over shows the last seat to act its final observation, with no legal action.
fn observe<G: Game>(shared: &Shared<G>, slot: &mut Slot<G>, out: Out<'_>) {
    let game = &shared.game;
    let status = game.status(&slot.state);
    slot.legal.clear();
    *out.player = player_of(status) as i32;
    let seat: Option<Seat> = match status {
        Status::Decide(seats) => seats.iter().next(),
        _ => None,
    };
    match (seat, slot.last_seat) {
        (Some(seat), _) => {
            game.legal_actions(&slot.state, seat, &mut slot.legal);
            write_tensor(game, &slot.state, seat, TensorKind::Observation, out.obs);
            *out.player = seat.index() as i32;
        }
        (None, Some(last)) if status == Status::Over => {
            write_tensor(game, &slot.state, last, TensorKind::Observation, out.obs);
        }
        _ => out.obs.fill(0.0),
    }
    let last = *out.count as usize;
    for &action in &out.list[..last] {
        out.mask[action as usize] = 0;
    }
    let mut count = 0;
    for action in &slot.legal {
        if let Some(index) = shared.index(action) {
            out.list[count] = index as i32;
            count += 1;
        }
    }
    out.list[..count].sort_unstable();
    for &action in &out.list[..count] {
        out.mask[action as usize] = 1;
    }
    out.list[count..last.max(count)].fill(-1);
    *out.count = count as i32;
}

impl<G: Game> AnyVector for Vector<G> {
    fn len(&self) -> usize {
        self.slots.len()
    }

    fn reset(&mut self, seed: Option<u64>) {
        self.out.clear();
        if let Some(seed) = seed {
            self.seed = seed;
            for (i, slot) in self.slots.iter_mut().enumerate() {
                slot.rng = Rng::stream(seed, i as u64);
            }
        }
        let shared = Arc::clone(&self.shared);
        self.for_each_game(None, |slot, out, _| {
            begin(&shared.game, slot);
            observe(&shared, slot, out);
        });
    }

    fn step(&mut self, actions: &[i64]) -> Result<(), Refusal> {
        let n = self.slots.len();
        if actions.len() != n {
            return Err(format!("{} actions for {n} games", actions.len()));
        }
        let a = self.actions();
        let next_step = self.autoreset == Autoreset::NextStep;
        for (i, &action) in actions.iter().enumerate() {
            if next_step && self.out.dones[i] == 1 {
                continue;
            }
            let legal = usize::try_from(action).ok().filter(|&x| x < a).is_some_and(|x| self.out.mask[i * a + x] == 1);
            if !legal {
                return Err(format!("game {i}: {action} is not a legal action now"));
            }
        }
        let shared = Arc::clone(&self.shared);
        self.for_each_game(Some(actions), |slot, mut out, action| {
            let game = &shared.game;
            if game.status(&slot.state) == Status::Over {
                begin(game, slot);
            } else {
                play(&shared, slot, action.expect("step passes actions"));
            }
            let ended = report(game, slot, &mut out);
            if let Some(last) = slot.last_seat.filter(|_| ended && !next_step) {
                write_tensor(game, &slot.state, last, TensorKind::Observation, out.final_obs);
                begin(game, slot);
            }
            observe(&shared, slot, out);
        });
        self.games += self.out.dones.iter().map(|&d| d as u64).sum::<u64>();
        Ok(())
    }

    fn buffers(&self) -> &Buffers {
        &self.out
    }

    fn games_done(&self) -> u64 {
        self.games
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            seed: self.seed,
            games_done: self.games,
            games: self.slots.iter().map(|slot| (slot.start.state(), slot.actions.clone())).collect(),
        }
    }

    fn restore(&mut self, snapshot: &Snapshot) -> Result<(), Refusal> {
        let n = self.slots.len();
        if snapshot.games.len() != n {
            return Err(format!("a snapshot of {} games for a vector of {n}", snapshot.games.len()));
        }
        let game = &self.shared.game;
        let mut slots = Vec::with_capacity(n);
        for (i, (start, actions)) in snapshot.games.iter().enumerate() {
            let rng = Rng::from_state(*start).ok_or_else(|| format!("game {i}: not a saved chance stream"))?;
            let mut slot = Slot {
                state: game.initial_state(),
                rng,
                legal: Vec::new(),
                start: Rng::seeded(0),
                actions: Vec::new(),
                last_seat: None,
            };
            begin(game, &mut slot);
            let mut legal = Vec::new();
            for &action in actions {
                let Status::Decide(seats) = game.status(&slot.state) else {
                    return Err(format!("game {i}: an action after the end"));
                };
                let seat = seats.iter().next().expect("a decision has a seat");
                legal.clear();
                game.legal_actions(&slot.state, seat, &mut legal);
                let decoded = self.shared.decode(action)?;
                if !legal.contains(decoded) {
                    return Err(format!("game {i}: {action} is not legal where the snapshot plays it"));
                }
                play(&self.shared, &mut slot, action);
            }
            slots.push(slot);
        }
        self.slots = slots;
        self.seed = snapshot.seed;
        self.games = snapshot.games_done;
        self.out.clear();
        let shared = Arc::clone(&self.shared);
        self.for_each_game(None, |slot, mut out, _| {
            report(&shared.game, slot, &mut out);
            observe(&shared, slot, out);
        });
        Ok(())
    }
}
