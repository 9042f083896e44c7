//! The one bot interface: a bot sees its seat's view and legal actions, never the state.

use std::fmt::Debug;

use crate::{Game, Rng, Seat};

/// What a bot is shown when it must decide.
#[derive(Debug)]
pub struct Turn<'a, G: Game> {
    pub game: &'a G,
    pub seat: Seat,
    pub view: &'a G::View,
    pub legal: &'a [G::Action],
    state: &'a G::State,
}

impl<'a, G: Game> Turn<'a, G> {
    /// A turn for `seat`; `view` must be `game.view(state, Viewer::Seat(seat))`.
    pub fn new(game: &'a G, state: &'a G::State, seat: Seat, view: &'a G::View, legal: &'a [G::Action]) -> Self {
        Turn { game, seat, view, legal, state }
    }

    /// A full state consistent with this seat's view, everything hidden from it redrawn
    /// (determinization, for search bots). The true hidden values never reach the bot.
    pub fn sample_state(&self, rng: &mut Rng) -> G::State {
        self.game.determinize(self.state, self.seat, rng)
    }
}

/// A player program. It owns its randomness (seeded when made), so a game replays exactly.
pub trait Bot<G: Game>: Send + Debug {
    /// Chooses one of `turn.legal` (never empty).
    fn act(&mut self, turn: &Turn<'_, G>) -> G::Action;
}

/// Picks uniformly among the legal actions. Works for every game.
#[derive(Debug)]
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: Rng::seeded(seed) }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn act(&mut self, turn: &Turn<'_, G>) -> G::Action {
        turn.legal[self.rng.index(turn.legal.len())].clone()
    }
}

/// A bot kind a game offers, by name.
#[derive(Copy, Clone, Debug)]
pub struct BotKind {
    pub name: &'static str,
    pub about: &'static str,
}

/// The bots a game offers. `random` is always there.
pub trait Roster: Game {
    /// Every bot this game offers, the default first.
    fn bot_kinds() -> Vec<BotKind>;
    /// A new bot of kind `name`, seeded; `None` for an unknown name.
    fn make_bot(name: &str, seed: u64) -> Option<Box<dyn Bot<Self>>>;
}

/// The random bot's entry in a roster.
pub const RANDOM_BOT: BotKind = BotKind { name: "random", about: "picks uniformly among the legal actions" };
