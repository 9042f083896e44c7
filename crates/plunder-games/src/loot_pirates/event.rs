//! What happens at a Loot Pirates table, told as it happens.

use plunder_core::{Seat, SeatSet};
use serde::Serialize;

use super::action::{Dice, Fire};

/// Why the game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The Booty is empty: the most doubloons win.
    BootyEmpty,
    /// The round limit is reached: the most doubloons win.
    RoundLimit,
    /// The shoot-off left one pirate standing.
    ShootOffWon,
    /// The shoot-off ran its rounds: the pirates still standing share the win.
    ShootOffLimit,
}

/// One thing that happened, with its cause.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The D6 variant: `seat` rolled a die for its starting doubloons (public: doubloons are in plain sight).
    StartingGold { seat: Seat, doubloons: u8 },
    /// A main-game round begins ("Arrr!"); `booty` doubloons are left in the Booty.
    RoundBegins { round: u32, booty: u32 },
    /// A shoot-off round begins between `contenders`, tied on doubloons.
    ShootOffRound { round: u32, contenders: SeatSet },
    /// `seat` rolled its red and black dice under its hand: told to it with the faces, to others without.
    Rolled { seat: Seat, dice: Option<Dice> },
    /// `seat` aimed: told to it with the target, to others without (aims are shown together).
    Aimed { seat: Seat, target: Option<Seat> },
    /// Everyone has aimed: every aim (by seat) is shown; negotiation follows if `negotiation`, else 'Fire!'.
    AimsShown { aims: Vec<Option<Seat>>, negotiation: bool },
    /// Negotiation: `from` gave `to` doubloons.
    Paid { from: Seat, to: Seat, doubloons: u32 },
    /// Negotiation: `from` showed its dice to `to` (told to `to` with the dice, to others without).
    Showed { from: Seat, to: Seat, dice: Option<Dice> },
    /// Negotiation: `seat` made no offer.
    Passed { seat: Seat },
    /// Everyone passed in a row: negotiation is over, 'Fire!'.
    NegotiationOver,
    /// `seat` chose on 'Fire!': told to it with the choice, to others without (choices are shown together).
    Chose { seat: Seat, choice: Option<Fire> },
    /// Everyone has chosen: every choice (by seat) is shown.
    ChoicesShown { fires: Vec<Option<Fire>> },
    /// `shooter` fired at `target`: `red` against `black` less 1 for each of the `others` who shot it too.
    Shot { shooter: Seat, target: Seat, red: u8, black: u8, others: u8, hit: bool },
    /// `shooter` fired at `target`, who had dropped: the shot never happens.
    ShotAtDropped { shooter: Seat, target: Seat },
    /// `target` paid `shooter` for a hit (`doubloons` below the price: it paid all it could).
    PaidForHit { target: Seat, shooter: Seat, doubloons: u32 },
    /// Booty shares: `shares[s]` doubloons to each brave pirate, one for each of the `fallen` who dropped or
    /// were shot; `from_reserve` of them came from the Reserve; `booty` is left.
    Shares { shares: Vec<u32>, fallen: u32, from_reserve: u32, booty: u32 },
    /// Nobody dropped or was shot (or nobody stood brave): no Booty shares.
    NoShares { fallen: u32 },
    /// Shoot-off: `seats` dropped or were shot and are out.
    KnockedOut { seats: SeatSet },
    /// Shoot-off: everyone fell at once, so nobody is out.
    AllFell,
    /// The game is over: `coins` by seat, `winners` and why.
    Won { winners: SeatSet, coins: Vec<u32>, ending: Ending },
}
