//! N games of one game stepped together inside Rust (self-play: the caller chooses for whichever seat is to
//! act in each game). Chance is drawn from each game's own seeded stream; a finished game reports its returns
//! and starts again at once (auto-reset). Python releases the GIL for the whole step.

use std::sync::Arc;

use plunder_core::encoding::{tensor_len, write_tensor};
use plunder_core::{Game, Rng, Seat, Status, TensorKind};

use crate::engine::{player_of, Refusal, Shared};

/// The buffers of the last step, laid out game by game.
#[derive(Debug, Default)]
pub struct Buffers {
    /// `n × tensor` observation tensors of the seat to act.
    pub obs: Vec<f32>,
    /// `n × actions` legal-action masks of the seat to act.
    pub mask: Vec<u8>,
    /// `n × seats` returns of the games that just ended (0 elsewhere).
    pub rewards: Vec<f32>,
    /// `n`: 1 where a game ended in this step (it has already started again).
    pub dones: Vec<u8>,
    /// `n`: the seat to act in each game.
    pub players: Vec<i32>,
    /// `n × actions`: each game's legal actions ascending, padded with -1 (for sampling without a mask scan).
    pub legal: Vec<i32>,
    /// `n`: how many legal actions each game has.
    pub counts: Vec<i32>,
}

/// N games stepped together, whatever the game.
pub trait AnyVector: Send + Sync {
    fn len(&self) -> usize;
    fn reset(&mut self);
    /// Plays one action in every game (for its seat to act). Refuses, changing nothing, if any is illegal.
    fn step(&mut self, actions: &[i64]) -> Result<(), Refusal>;
    fn buffers(&self) -> &Buffers;
    /// Finished games since the start.
    fn games_done(&self) -> u64;
}

pub struct Vector<G: Game> {
    shared: Arc<Shared<G>>,
    states: Vec<G::State>,
    rngs: Vec<Rng>,
    legal: Vec<Vec<G::Action>>,
    seed: u64,
    games: u64,
    out: Buffers,
}

impl<G: Game> Vector<G> {
    pub fn new(shared: Arc<Shared<G>>, n: usize, seed: u64) -> Vector<G> {
        let initial = shared.game.initial_state();
        let mut vector = Vector {
            states: vec![initial; n],
            rngs: Vec::new(),
            legal: vec![Vec::new(); n],
            seed,
            games: 0,
            out: Buffers::default(),
            shared,
        };
        vector.reset();
        vector
    }

    fn tensor(&self) -> usize {
        tensor_len(&self.shared.game, TensorKind::Observation)
    }

    fn actions(&self) -> usize {
        self.shared.codec.as_ref().map_or(0, |c| c.len())
    }

    /// Draws chance until someone must decide (or the game is over).
    fn settle(game: &G, state: &mut G::State, rng: &mut Rng) {
        while game.status(state) == Status::Chance {
            let outcome = game.sample_chance(state, rng);
            game.apply_chance_unchecked(state, &outcome);
        }
    }

    fn to_act(game: &G, state: &G::State) -> Option<Seat> {
        match game.status(state) {
            Status::Decide(seats) => seats.iter().next(),
            _ => None,
        }
    }

    /// Fills game `i`'s observation, mask, seat and legal actions.
    fn observe(&mut self, i: usize) {
        let (t, a) = (self.tensor(), self.actions());
        let game = &self.shared.game;
        let state = &self.states[i];
        let seat = Self::to_act(game, state);
        self.out.players[i] = player_of(game.status(state)) as i32;
        let legal = &mut self.legal[i];
        legal.clear();
        let obs = &mut self.out.obs[i * t..(i + 1) * t];
        match seat {
            Some(seat) => {
                game.legal_actions(state, seat, legal);
                write_tensor(game, state, seat, TensorKind::Observation, obs);
                self.out.players[i] = seat.index() as i32;
            }
            None => obs.fill(0.0),
        }
        let mask = &mut self.out.mask[i * a..(i + 1) * a];
        self.shared.mask_into(legal, mask);
        let list = &mut self.out.legal[i * a..(i + 1) * a];
        list.fill(-1);
        let mut count = 0;
        for (action, _) in mask.iter().enumerate().filter(|(_, &m)| m == 1) {
            list[count] = action as i32;
            count += 1;
        }
        self.out.counts[i] = count as i32;
    }
}

impl<G: Game> AnyVector for Vector<G> {
    fn len(&self) -> usize {
        self.states.len()
    }

    fn reset(&mut self) {
        let n = self.states.len();
        let seats = self.shared.game.seats();
        self.out = Buffers {
            obs: vec![0.0; n * self.tensor()],
            mask: vec![0; n * self.actions()],
            rewards: vec![0.0; n * seats],
            dones: vec![0; n],
            players: vec![0; n],
            legal: vec![-1; n * self.actions()],
            counts: vec![0; n],
        };
        self.rngs = (0..n as u64).map(|i| Rng::stream(self.seed, i)).collect();
        for i in 0..n {
            self.states[i] = self.shared.game.initial_state();
            Self::settle(&self.shared.game, &mut self.states[i], &mut self.rngs[i]);
            self.observe(i);
        }
    }

    fn step(&mut self, actions: &[i64]) -> Result<(), Refusal> {
        let n = self.states.len();
        if actions.len() != n {
            return Err(format!("{} actions for {n} games", actions.len()));
        }
        let a = self.actions();
        for (i, &action) in actions.iter().enumerate() {
            let legal = usize::try_from(action).ok().filter(|&x| x < a).is_some_and(|x| self.out.mask[i * a + x] == 1);
            if !legal {
                return Err(format!("game {i}: {action} is not a legal action now"));
            }
        }
        let seats = self.shared.game.seats();
        self.out.rewards.fill(0.0);
        self.out.dones.fill(0);
        for (i, &action) in actions.iter().enumerate() {
            let game = &self.shared.game;
            let state = &mut self.states[i];
            let seat = Self::to_act(game, state).expect("a game with a legal action has a seat to act");
            let action = self.shared.decode(action)?;
            game.apply_unchecked(state, seat, action);
            Self::settle(game, state, &mut self.rngs[i]);
            if let Some(outcome) = game.outcome(state) {
                for (r, p) in self.out.rewards[i * seats..(i + 1) * seats].iter_mut().zip(&outcome.payoffs) {
                    *r = *p as f32;
                }
                self.out.dones[i] = 1;
                self.games += 1;
                *state = game.initial_state();
                Self::settle(game, state, &mut self.rngs[i]);
            }
            self.observe(i);
        }
        Ok(())
    }

    fn buffers(&self) -> &Buffers {
        &self.out
    }

    fn games_done(&self) -> u64 {
        self.games
    }
}
