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
