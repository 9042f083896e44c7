//! Text for people: how a game describes a view and what changed between two views.
//! Front ends print only this, built from views, so text can never show more than a view holds.

use crate::Game;

/// A game's words for terminals and logs.
pub trait Narrate: Game {
    /// The table as `view`'s viewer sees it: several lines.
    fn describe(&self, view: &Self::View) -> String;
    /// What happened between two views of the same viewer, one line per event, oldest first.
    fn news(&self, before: &Self::View, after: &Self::View) -> Vec<String>;

    /// An action's label for people, where the game knows more than the action itself (card names, say).
    fn label(&self, action: &Self::Action) -> String {
        action.to_string()
    }
}
