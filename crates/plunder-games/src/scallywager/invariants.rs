//! Scallywager's bookkeeping, checked after every step by `plunder soak`: cards only move between decks,
//! discards and hands, and every ship's crew stays within bounds.

use plunder_core::{Game, Seat};

use super::options::MAX_CREW;
use super::state::State;
use super::{Scallywager, MAX_CAPTAINS};

impl Scallywager {
    pub(crate) fn invariants(&self, state: &State) -> Result<(), String> {
        let cards = state.total_cards();
        let dealt = self.initial_state().total_cards();
        if cards != dealt {
            return Err(format!("{cards} cards in the game, {dealt} at the start"));
        }
        for index in 0..MAX_CAPTAINS {
            let crew = state.crew(Seat(index as u8));
            let most = if index < self.seats() { MAX_CREW } else { 0 };
            if crew > most {
                return Err(format!("seat {index} has {crew} crew, more than {most}"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scallywager::Options;

    #[test]
    fn a_card_from_nowhere_or_a_crew_past_the_bound_is_caught() {
        let game = Scallywager::new(Options::for_players(3)).unwrap();
        let mut state = game.initial_state();
        assert_eq!(game.invariants(&state), Ok(()));
        let mut extra = state.clone();
        extra.cards.adventure.add(0, 1, crate::scallywager::state::DECK).unwrap();
        assert!(game.invariants(&extra).unwrap_err().contains("cards in the game"));
        while state.cups.gain(Seat(2), 1) {}
        assert!(game.invariants(&state).unwrap_err().contains("crew, more than 8"));
    }
}
