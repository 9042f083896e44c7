//! Liar's dice bookkeeping, checked after every step by `plunder soak`: dice are only ever lost, so no cup
//! holds more than it started with and a seat beyond the table holds none.

use plunder_core::{Game, Seat};

use super::state::State;
use super::{LiarsDice, MAX_PLAYERS};

impl LiarsDice {
    pub(crate) fn invariants(&self, state: &State) -> Result<(), String> {
        for index in 0..MAX_PLAYERS {
            let start = if index < self.seats() { self.options().dice_of(index) } else { 0 };
            let now = state.cups.count(Seat(index as u8));
            if now > start {
                return Err(format!("seat {index} has {now} dice, more than the {start} it started with"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::liars_dice::Options;

    #[test]
    fn a_die_gained_is_caught() {
        let game = LiarsDice::new(Options::dudo(3)).unwrap();
        let mut state = game.initial_state();
        assert_eq!(game.invariants(&state), Ok(()));
        state.cups.lose(Seat(1), 2);
        assert_eq!(game.invariants(&state), Ok(()));
        state.cups.gain(Seat(0), 1);
        assert!(game.invariants(&state).unwrap_err().contains("more than the 5"));
    }
}
