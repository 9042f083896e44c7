//! Playing whole games with bots: the loop that simulations, benchmarks and tests share.

use crate::{play, Bot, Game, Outcome, PlayError, Rng, Seat, Status, Turn, Viewer};

/// How a bot-played game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    pub outcome: Outcome,
    pub rounds: u32,
    pub steps: u64,
}

/// Why a bot-played game did not finish.
#[derive(Clone, Debug, PartialEq)]
pub enum DriveError {
    /// A bot chose an action the rules refuse.
    BotError { seat: Seat, error: PlayError },
    /// The game ran past the step limit (a rules bug: every game must end).
    TooLong { steps: u64 },
}

impl std::fmt::Display for DriveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DriveError::BotError { seat, error } => write!(f, "the bot at {seat} played an illegal action: {error}"),
            DriveError::TooLong { steps } => write!(f, "the game did not end within {steps} steps"),
        }
    }
}

impl std::error::Error for DriveError {}

/// Plays a game to the end: chance from `rng`, decisions from `bots` (one per seat), each shown only its view.
pub fn play_game<G: Game>(
    game: &G,
    bots: &mut [Box<dyn Bot<G>>],
    rng: &mut Rng,
    max_steps: u64,
) -> Result<Finished, DriveError> {
    play_game_watched(game, bots, rng, max_steps, |_| {})
}

/// [`play_game`], showing `watch` every position (the first, and the one after each step) for analysis, such as
/// the pieces each seat held. The bots still see only their views; `watch` is the caller's, never a seat's.
pub fn play_game_watched<G: Game>(
    game: &G,
    bots: &mut [Box<dyn Bot<G>>],
    rng: &mut Rng,
    max_steps: u64,
    mut watch: impl FnMut(&G::State),
) -> Result<Finished, DriveError> {
    let mut state = game.initial_state();
    let mut legal = Vec::new();
    let mut steps = 0u64;
    loop {
        watch(&state);
        match game.status(&state) {
            Status::Over => {
                let outcome = game.outcome(&state).expect("a finished game has an outcome");
                return Ok(Finished { outcome, rounds: game.round(&state), steps });
            }
            Status::Chance => {
                let outcome = game.sample_chance(&state, rng);
                game.apply_chance_unchecked(&mut state, &outcome);
            }
            Status::Decide(seats) => {
                // Simultaneous commitments are hidden from the other seats, so asking them one by one,
                // lowest first, is fair.
                let seat = seats.lowest().expect("someone decides");
                legal.clear();
                game.legal_actions(&state, seat, &mut legal);
                let view = game.view(&state, Viewer::Seat(seat));
                let action = bots[seat.index()].act(&Turn::new(game, &state, seat, &view, &legal));
                play(game, &mut state, seat, &action).map_err(|error| DriveError::BotError { seat, error })?;
            }
        }
        steps += 1;
        if steps > max_steps {
            return Err(DriveError::TooLong { steps });
        }
    }
}

/// Applies chance outcomes drawn from `rng` until someone must decide or the game is over, and returns that
/// status (never [`Status::Chance`]): the deal before a search or a scripted test.
pub fn sample_chance_until_decision<G: Game>(game: &G, state: &mut G::State, rng: &mut Rng) -> Status {
    loop {
        match game.status(state) {
            Status::Chance => {
                let outcome = game.sample_chance(state, rng);
                game.apply_chance_unchecked(state, &outcome);
            }
            decided => return decided,
        }
    }
}

/// Plays random legal actions on the unchecked path until the game ends: the search and benchmark loop.
/// `legal` is a reusable buffer, so after warm-up a playout allocates nothing in games whose rules allocate
/// nothing (`tests/no_allocation.rs` in plunder-games says which).
pub fn random_playout<G: Game>(game: &G, state: &mut G::State, rng: &mut Rng, legal: &mut Vec<G::Action>) -> u64 {
    let mut steps = 0;
    loop {
        match game.status(state) {
            Status::Over => return steps,
            Status::Chance => {
                let outcome = game.sample_chance(state, rng);
                game.apply_chance_unchecked(state, &outcome);
            }
            Status::Decide(seats) => {
                let seat = seats.lowest().expect("someone decides");
                legal.clear();
                game.legal_actions(state, seat, legal);
                let action = &legal[rng.index(legal.len())];
                game.apply_unchecked(state, seat, action);
            }
        }
        steps += 1;
    }
}
