//! Text for people: how a game describes a view and what changed between two views.
//! Front ends print only this, built from views, so text can never show more than a view holds.

use crate::{Game, SeatSet};

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

/// The line that announces the end: `Winner: seat 2`, or `Winners: seat 1, seat 3` on a shared win.
pub fn winners_line(winners: SeatSet) -> String {
    let names: Vec<String> = winners.iter().map(|s| s.to_string()).collect();
    format!("Winner{}: {}", if names.len() > 1 { "s" } else { "" }, names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seat;

    #[test]
    fn one_winner_is_singular_and_several_are_plural() {
        assert_eq!(winners_line(SeatSet::only(Seat(1))), format!("Winner: {}", Seat(1)));
        let both: SeatSet = [Seat(0), Seat(2)].into_iter().collect();
        assert_eq!(winners_line(both), format!("Winners: {}, {}", Seat(0), Seat(2)));
    }
}
