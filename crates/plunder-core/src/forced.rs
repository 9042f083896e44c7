//! The choice a player is left with when passing is all they may do: a table can take it for them (the
//! terminal's "pass unless I can answer") without asking, which tells nobody anything, since the rules already
//! limit the player to it.

use crate::Game;

/// The pass `legal` leaves a player when every legal action only passes ([`Game::is_pass`]); `None` when they
/// have a real choice. Of several passes (a pass, a pass for the rest of the turn) the first listed is taken.
pub fn forced<G: Game>(game: &G, legal: &[G::Action]) -> Option<G::Action> {
    let first = legal.first()?;
    legal.iter().all(|a| game.is_pass(a)).then(|| first.clone())
}
