//! The three levels every game offers under the same names, whatever its own bots are called: `easy`,
//! `medium` and `hard` (in the lobby, `play --seats`, `simulate --bots`, the engine and Python alike). Each is
//! made from bots the core already has, so a new game gets them with its first bot:
//! - `medium` is the game's best hand-written bot (the first of [`Roster::own_bot_kinds`]);
//! - `easy` plays as `medium` but makes one move in two at random (a beginner's slips);
//! - `hard` is the rollout bot on `medium` ([`crate::rollout`]) with the game's [`Roster::hard_rollouts`].
//!
//! Their order by strength is measured per game with `plunder tournament` (docs/balance/README.md, "The levels").

use crate::bot::{Bot, BotKind, Roster, Turn};
use crate::ismcts::Timing;
use crate::Rng;

pub const EASY_BOT: BotKind =
    BotKind { name: "easy", about: "for beginners: plays as medium, but one move in two is a random legal move" };
pub const MEDIUM_BOT: BotKind =
    BotKind { name: "medium", about: "the game's best hand-written bot (the first of its own bots)" };
pub const HARD_BOT: BotKind = BotKind {
    name: "hard",
    about: "medium thinking ahead: it tries its likely choices out to the end of the game on deals it imagines \
            from what it sees (slower: up to about a second a move; the rollout bot)",
};

/// The levels, weakest first.
pub const LEVELS: [BotKind; 3] = [EASY_BOT, MEDIUM_BOT, HARD_BOT];

/// The bot of level `name`, or `None` if `name` is not a level.
pub(crate) fn make_level<G: Roster>(name: &str, seed: u64, timing: &Timing) -> Option<Option<Box<dyn Bot<G>>>> {
    let best = G::own_bot_kinds().first().map_or(crate::RANDOM_BOT.name, |k| k.name);
    Some(match name {
        n if n == MEDIUM_BOT.name => crate::make_bot_timed::<G>(best, seed, timing),
        n if n == HARD_BOT.name => crate::make_bot_timed::<G>(&format!("rollout:{}", G::hard_rollouts()), seed, timing),
        n if n == EASY_BOT.name => crate::make_bot_timed::<G>(best, seed, timing).map(|best| {
            // Its own stream for the slips, apart from the base bot's.
            Box::new(Slips { best, rng: Rng::seeded(seed ^ 0x5eed_e45e) }) as Box<dyn Bot<G>>
        }),
        _ => return None,
    })
}

/// A bot that plays as `best` except for a random legal move half of the time.
#[derive(Debug)]
struct Slips<G: Roster> {
    best: Box<dyn Bot<G>>,
    rng: Rng,
}

impl<G: Roster> Bot<G> for Slips<G> {
    fn act(&mut self, turn: &Turn<'_, G>) -> G::Action {
        if self.rng.index(2) == 0 {
            turn.legal[self.rng.index(turn.legal.len())].clone()
        } else {
            self.best.act(turn)
        }
    }
}
