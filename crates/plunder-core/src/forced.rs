//! The choice a player is left with when passing is all they may do: a table can take it for them (the
//! terminal's "pass unless I can answer", the server's "pass for me") without asking. The pass itself is what the
//! rules force; only its speed could hint that a hidden hand held no answer, so the server takes it at the seat's
//! own pace (as long as its recent choices took).

use crate::Game;

/// The pass `legal` leaves a player when every legal action only passes ([`Game::is_pass`]); `None` when they
/// have a real choice. Of several passes (a pass, a pass for the rest of the turn) the first listed is taken.
pub fn forced<G: Game>(game: &G, legal: &[G::Action]) -> Option<G::Action> {
    let first = legal.first()?;
    legal.iter().all(|a| game.is_pass(a)).then(|| first.clone())
}
