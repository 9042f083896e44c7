//! The choice a player is left with when there is nothing to choose (passing is all they may do, or one move is):
//! a table can take it for them (the terminal's `skip on`, the server's "play for me") without asking. The move
//! itself is what the rules force; only its speed could hint that a hidden hand held no answer, so the server
//! takes it at the seat's own pace (as long as its recent choices took).
//!
//! A player's **stops** say more: in an answer window that does not concern them (not their turn, nothing waiting
//! aimed at them), a table passes for them though they could answer, as card-game sites do. Whether a window
//! concerns a seat is the game's [`Narrate::concerns`], read from the spectator's view only, so such a pass
//! tells nothing of what they hold, whatever its speed.

use serde::{Deserialize, Serialize};

use crate::{Game, Narrate, Seat};

/// The move `legal` leaves a player with nothing to choose: its only one, or, when every legal action only passes
/// ([`Game::is_pass`]), the first pass listed (a pass before a pass for the rest of the turn); `None` when they
/// have a real choice.
pub fn forced<G: Game>(game: &G, legal: &[G::Action]) -> Option<G::Action> {
    let first = legal.first()?;
    (legal.len() == 1 || legal.iter().all(|a| game.is_pass(a))).then(|| first.clone())
}

/// When a person is asked in an answer window: a person's setting at a table (the terminal's `stops mine` and
/// `stops all`, the browser's "stop at every chance").
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Stops {
    /// Only in windows that concern them ([`Narrate::concerns`]): their own turn, a play aimed at them.
    #[default]
    Mine,
    /// At every chance to answer.
    All,
}

/// The pass a table takes for `seat`, unasked, under its `stops`: the first pass in `legal` when the stops are
/// [`Stops::Mine`] and the window does not concern the seat, read from `public` (the spectator's view); `None`
/// when the seat is to be asked. Nothing of the seat's own hand goes into the decision: `legal` only gives the
/// pass to take.
pub fn unasked_pass<G: Narrate>(
    game: &G,
    stops: Stops,
    public: &G::View,
    seat: Seat,
    legal: &[G::Action],
) -> Option<G::Action> {
    if stops == Stops::All || game.concerns(public, seat) {
        return None;
    }
    legal.iter().find(|a| game.is_pass(a)).cloned()
}
