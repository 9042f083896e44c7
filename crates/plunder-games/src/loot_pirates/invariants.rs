//! Loot Pirates' bookkeeping, checked after every step by `plunder soak`: doubloons only move between the
//! Booty, the reserve and the pirates' purses.

use plunder_core::{Game, Seat};

use super::options::{StartingDoubloons, MAX_PIRATES};
use super::state::State;
use super::LootPirates;

impl LootPirates {
    pub(crate) fn invariants(&self, state: &State) -> Result<(), String> {
        let options = self.options();
        let seats = self.seats();
        if let Some(seat) = (seats..MAX_PIRATES).find(|&i| state.coins(Seat(i as u8)) != 0) {
            return Err(format!("seat {seat} is not at the table but holds doubloons"));
        }
        let pool = options.booty() as u64 + options.reserve as u64;
        let total = state.total_doubloons();
        match options.starting_doubloons {
            StartingDoubloons::Fixed(start) => {
                let expected = pool + start as u64 * seats as u64;
                if total != expected {
                    return Err(format!("{total} doubloons in the game, {expected} at the start"));
                }
            }
            // Rolled starting gold comes from the dice, so only its bound is known; the Booty and the
            // reserve still only ever pay out.
            StartingDoubloons::Rolled(_) => {
                if state.booty() as u64 + state.reserve() as u64 > pool {
                    return Err(format!("Booty and reserve hold more than the {pool} they started with"));
                }
                if total > pool + 6 * seats as u64 {
                    return Err(format!("{total} doubloons is more than the Booty, reserve and six a pirate"));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loot_pirates::Options;

    #[test]
    fn a_doubloon_from_nowhere_or_a_purse_beyond_the_table_is_caught() {
        let game = LootPirates::new(Options::for_players(4)).unwrap();
        let mut state = game.initial_state();
        assert_eq!(game.invariants(&state), Ok(()));
        state.coins[0] += 1;
        assert!(game.invariants(&state).unwrap_err().contains("doubloons in the game"));
        state.coins[0] -= 1;
        state.booty -= 1;
        state.coins[5] += 1;
        assert!(game.invariants(&state).unwrap_err().contains("not at the table"));
    }
}
