//! The one bot interface: a bot sees its seat's view and legal actions, never the state.

use std::fmt::Debug;

use crate::ismcts::{IsmctsBot, Settings, Timing};
use crate::rollout::{RolloutBot, RolloutSettings};
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

    /// [`Turn::sample_state`] into `out`, reusing its buffers.
    pub fn sample_state_into(&self, rng: &mut Rng, out: &mut G::State) {
        self.game.determinize_into(self.state, self.seat, rng, out);
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

/// The bots a game offers of its own. `random` is not listed here: the core adds it to every game (use
/// [`bot_kinds`] and [`make_bot`], never these methods directly, so no front end forgets it).
pub trait Roster: Game {
    /// The game's own bots, the default (best) first.
    fn own_bot_kinds() -> Vec<BotKind>;
    /// A new bot of the game's own kind `name`, seeded; `None` for a name it does not know.
    fn make_own_bot(name: &str, seed: u64) -> Option<Box<dyn Bot<Self>>>;
    /// A maker of bots that play a saved strategy: `saved` is the text of a file the game's solver wrote
    /// (`plunder solve --out`) for this game's options. The default is for games without a solver.
    fn strategy_bot_maker(&self, _saved: &str) -> Result<BotMaker<Self>, String> {
        Err(format!("{} has no solver, so no saved strategies", Self::ID))
    }
    /// The playouts a move of the `hard` level (the rollout bot; see [`crate::levels`]): as many as keep it
    /// stronger than `medium` at about a second a move at most.
    fn hard_rollouts() -> u32 {
        64
    }
}

/// Makes bots of one kind, each from its own seed. Front ends resolve a bot name to a maker once per run, so a
/// saved strategy is read and parsed once however many games are played.
pub type BotMaker<G> = std::sync::Arc<dyn Fn(u64) -> Box<dyn Bot<G>> + Send + Sync>;

/// The prefix of a bot name that plays a saved strategy: `strategy:FILE`.
pub const STRATEGY_PREFIX: &str = "strategy:";

/// The random bot's entry in every roster.
pub const RANDOM_BOT: BotKind = BotKind { name: "random", about: "picks uniformly among the legal actions" };

/// The ISMCTS bot's entry in every roster (`ismcts:N` sets the iterations per decision, `ismcts:N:T` a time cap).
pub const ISMCTS_BOT: BotKind = BotKind {
    name: "ismcts",
    about: "thinks ahead by playing out deals it imagines (information-set Monte Carlo tree search); ismcts:N \
            for N simulations a move (default 1000), \
            ismcts:N:T to stop sooner after T (2s, 500ms)",
};

/// The rollout bot's entry in every roster (`rollout:N` sets the rollouts per decision, `rollout:N:T` a time cap).
pub const ROLLOUT_BOT: BotKind = BotKind {
    name: "rollout",
    about: "improves on the game's best bot by trying its choice and a few others, each played out to the end \
            by that bot on worlds drawn from what the seat sees; rollout:N for about N playouts a move (default \
            200), rollout:N:T to stop sooner after T (2s, 500ms)",
};

/// Every bot game `G` offers: its own, default first, then `rollout`, `ismcts` and `random`.
pub fn bot_kinds<G: Roster>() -> Vec<BotKind> {
    let mut kinds = G::own_bot_kinds();
    kinds.extend(crate::levels::LEVELS);
    kinds.push(ROLLOUT_BOT);
    kinds.push(ISMCTS_BOT);
    kinds.push(RANDOM_BOT);
    kinds
}

/// The maker for bot name `name` in `game`: any name [`make_bot`] knows, or `strategy:FILE`, whose file
/// `read` returns (the front end does the I/O). The error names the bots the game offers.
pub fn bot_maker<G: Roster>(
    game: &G,
    name: &str,
    read: impl FnOnce(&str) -> Result<String, String>,
) -> Result<BotMaker<G>, String> {
    bot_maker_timed(game, name, read, Timing::default())
}

/// [`bot_maker`] whose search bots keep time by `timing` (see [`make_bot_timed`]).
pub fn bot_maker_timed<G: Roster>(
    game: &G,
    name: &str,
    read: impl FnOnce(&str) -> Result<String, String>,
    timing: Timing,
) -> Result<BotMaker<G>, String> {
    if let Some(path) = name.strip_prefix(STRATEGY_PREFIX) {
        return game.strategy_bot_maker(&read(path)?).map_err(|e| format!("bot '{name}': {e}"));
    }
    let named_time = crate::ismcts::parse_search_name(name).is_some_and(|search| search.time.is_some())
        || crate::rollout::parse_rollout_name(name).is_some_and(|rollout| rollout.time.is_some());
    if named_time && timing.clock.is_none() {
        return Err(format!("bot '{name}': a search capped by time needs a clock, which this front end does not give"));
    }
    if make_bot_timed::<G>(name, 0, &timing).is_none() {
        return Err(format!("{}, or {STRATEGY_PREFIX}FILE for a saved strategy", unknown_bot_words::<G>(name)));
    }
    let name = name.to_string();
    Ok(std::sync::Arc::new(move |seed| make_bot_timed::<G>(&name, seed, &timing).expect("the name was checked")))
}

/// Why `G` has no bot named `name`, in words: what is out of range in a search bot's name, or else the game's bots.
/// The name is quoted only in part, since it may come from anyone.
pub fn unknown_bot_words<G: Roster>(name: &str) -> String {
    let shown: String = name.chars().take(40).collect();
    let shown = if shown.len() < name.len() { format!("{shown}...") } else { shown };
    match crate::ismcts::search_name_problem(name).or_else(|| crate::rollout::rollout_name_problem(name)) {
        Some(problem) => format!("bot '{shown}': {problem}"),
        None => {
            let kinds: Vec<&str> = bot_kinds::<G>().iter().map(|k| k.name).collect();
            format!("unknown bot '{shown}' for {} (bots: {})", G::ID, kinds.join(", "))
        }
    }
}

/// A new bot of kind `name` for game `G`, seeded: one of the game's own, `rollout` (or `rollout:N`), `ismcts` (or
/// `ismcts:N`), or `random`;
/// `None` for an unknown name, or one that gives a search a time (`ismcts:N:T`: no clock here). Every bot it
/// makes plays the same moves from the same seed.
pub fn make_bot<G: Roster>(name: &str, seed: u64) -> Option<Box<dyn Bot<G>>> {
    make_bot_timed(name, seed, &Timing::default())
}

/// [`make_bot`] whose search bots keep time by `timing`: `ismcts:N:T` stops after T, `ismcts` and `ismcts:N`
/// after the timing's default cap if it has one (a search stopped by time is not reproducible); a name that
/// gives a time is `None` without a clock.
pub fn make_bot_timed<G: Roster>(name: &str, seed: u64, timing: &Timing) -> Option<Box<dyn Bot<G>>> {
    if name == RANDOM_BOT.name {
        Some(Box::new(RandomBot::new(seed)))
    } else if let Some(search) = crate::ismcts::parse_search_name(name) {
        if search.time.is_some() && timing.clock.is_none() {
            return None;
        }
        let time_cap = search.time.or(timing.default_cap);
        let settings = Settings { iterations: search.iterations, time_cap, ..Settings::default() };
        Some(Box::new(IsmctsBot::with_clock(settings, seed, timing.clock.clone())))
    } else if let Some(rollout) = crate::rollout::parse_rollout_name(name) {
        if rollout.time.is_some() && timing.clock.is_none() {
            return None;
        }
        let time_cap = rollout.time.or(timing.default_cap);
        let settings = RolloutSettings { rollouts: rollout.rollouts, time_cap, ..RolloutSettings::default() };
        Some(Box::new(RolloutBot::<G>::with_clock(settings, seed, timing.clock.clone())))
    } else if let Some(level) = crate::levels::make_level::<G>(name, seed, timing) {
        level
    } else {
        G::make_own_bot(name, seed)
    }
}
