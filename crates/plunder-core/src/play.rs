//! Checked play: every input goes through here before it touches a state, so a refused input changes nothing.

use crate::{Game, PlayError, Seat, Silent, Status, Teller};

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
    play_told(game, state, seat, action, &mut Silent)
}

/// [`play`], telling `told` what happened.
pub fn play_told<G: Game, T: Teller<G::Event>>(
    game: &G,
    state: &mut G::State,
    seat: Seat,
    action: &G::Action,
    told: &mut T,
) -> Result<(), PlayError> {
    check(game, state, seat, action)?;
    game.apply_with(state, seat, action, told);
    Ok(())
}

/// Settles the pending chance event with `outcome` if it can happen; otherwise returns why.
pub fn supply_chance<G: Game>(game: &G, state: &mut G::State, outcome: &G::Chance) -> Result<(), PlayError> {
    supply_chance_told(game, state, outcome, &mut Silent)
}

/// [`supply_chance`], telling `told` what happened.
pub fn supply_chance_told<G: Game, T: Teller<G::Event>>(
    game: &G,
    state: &mut G::State,
    outcome: &G::Chance,
    told: &mut T,
) -> Result<(), PlayError> {
    match game.status(state) {
        Status::Over => Err(PlayError::GameOver),
        Status::Decide(_) => Err(PlayError::NoChancePending),
        Status::Chance => {
            game.check_chance(state, outcome)?;
            game.apply_chance_with(state, outcome, told);
            Ok(())
        }
    }
}
