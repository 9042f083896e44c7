//! Checked play: every input goes through here before it touches a state, so a refused input changes nothing.

use crate::{Game, PlayError, Seat, Status};

/// Checks that `seat` may play `action` now, without playing it.
pub fn check<G: Game>(game: &G, state: &G::State, seat: Seat, action: &G::Action) -> Result<(), PlayError> {
    if seat.index() >= game.seats() {
        return Err(PlayError::NoSuchSeat { seat, seats: game.seats() });
    }
    match game.status(state) {
        Status::Over => Err(PlayError::GameOver),
        Status::Chance => Err(PlayError::AwaitingChance),
        Status::Decide(seats) if !seats.contains(seat) => Err(PlayError::NotToAct { seat }),
        Status::Decide(_) => game.check_action(state, seat, action),
    }
}

/// Plays `action` for `seat` if the rules allow it; otherwise returns why and leaves `state` untouched.
pub fn play<G: Game>(game: &G, state: &mut G::State, seat: Seat, action: &G::Action) -> Result<(), PlayError> {
    check(game, state, seat, action)?;
    game.apply_unchecked(state, seat, action);
    Ok(())
}

/// Settles the pending chance event with `outcome` if it can happen; otherwise returns why.
pub fn supply_chance<G: Game>(game: &G, state: &mut G::State, outcome: &G::Chance) -> Result<(), PlayError> {
    match game.status(state) {
        Status::Over => Err(PlayError::GameOver),
        Status::Decide(_) => Err(PlayError::NoChancePending),
        Status::Chance => {
            game.check_chance(state, outcome)?;
            game.apply_chance_unchecked(state, outcome);
            Ok(())
        }
    }
}
