//! What a seat sees: everything. Pirate Haven has no secrets in a position (undrawn tiles and chests are
//! counted piles drawn when revealed), so every seat's view and the spectator's show the whole table; once the
//! game is over, the Fame of every player too.

use plunder_core::Viewer;
use serde::Serialize;

use super::score::{scores, Score};
use super::state::{Phase, State};
use super::PirateHaven;

/// The table as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub viewer: Viewer,
    pub table: State,
    /// Every player's Fame, once the game is over.
    pub scores: Option<Vec<Score>>,
}

pub fn view(game: &PirateHaven, state: &State, viewer: Viewer) -> View {
    let scores = (state.phase == Phase::Over).then(|| scores(game.content(), state)[..state.players()].to_vec());
    View { viewer, table: state.clone(), scores }
}
