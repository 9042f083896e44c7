//! The clock search bots keep time by. The core reads no clock, so the front ends hand it this one: capped
//! searches where someone waits for the move, and searches capped only as named in bulk runs, whose results
//! must replay.

use std::time::Instant;

use plunder_core::ismcts::DEFAULT_TIME_CAP;
use plunder_core::{Clock, Timing};

/// The time since this clock was made, monotonic.
pub fn clock() -> Clock {
    let started = Instant::now();
    Clock::new(move || started.elapsed())
}

/// For `plunder play` and the like: a search named without a time stops after [`DEFAULT_TIME_CAP`].
pub fn waited_for() -> Timing {
    Timing::capped(clock(), DEFAULT_TIME_CAP)
}

/// For `plunder simulate` and `tournament`: `ismcts:N` runs its N simulations (`rollout:N` its rollouts), so a
/// run replays; only `ismcts:N:T` (`rollout:N:T`) stops after T.
pub fn bulk() -> Timing {
    Timing::when_named(clock())
}
