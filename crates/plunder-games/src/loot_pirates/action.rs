//! What a pirate can do, and what chance can do.

use std::fmt;

use plunder_core::Seat;
use serde::{Deserialize, Serialize};

/// A pirate's choice on 'Fire!'.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Fire {
    /// Turn yellow: safe from every shot, no share of the Booty.
    Drop,
    /// Hold fire: can still be shot, shares the Booty if not.
    Raise,
    /// Fire at the target.
    Shoot,
}

/// A pirate's action.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// On 'Aim!': point the gun at another pirate (simultaneous, hidden until all have aimed).
    Aim { target: Seat },
    /// Negotiation: give doubloons to a pirate. Promises bind nobody.
    Pay { to: Seat, doubloons: u32 },
    /// Negotiation: show both your dice to one pirate.
    Show { to: Seat },
    /// Negotiation: make no (more) offers for now.
    Pass,
    /// On 'Fire!' (simultaneous, hidden until all have chosen).
    Fire { choice: Fire },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Aim { target } => write!(f, "aim at {target}"),
            Action::Pay { to, doubloons: 1 } => write!(f, "pay {to} 1 doubloon"),
            Action::Pay { to, doubloons } => write!(f, "pay {to} {doubloons} doubloons"),
            Action::Show { to } => write!(f, "show your dice to {to}"),
            Action::Pass => f.write_str("pass"),
            Action::Fire { choice: Fire::Drop } => f.write_str("drop your gun (turn yellow)"),
            Action::Fire { choice: Fire::Raise } => f.write_str("raise your gun (hold fire)"),
            Action::Fire { choice: Fire::Shoot } => f.write_str("shoot"),
        }
    }
}

/// A pirate's red (attack) and black (defence) dice.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Dice {
    pub red: u8,
    pub black: u8,
}

/// A chance outcome: one pirate's roll.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Chance {
    /// The D6 starting-gold variant: a pirate's starting doubloons.
    StartingGold { seat: Seat, doubloons: u8 },
    /// A pirate's red and black dice for the round.
    Roll { seat: Seat, red: u8, black: u8 },
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chance::StartingGold { seat, doubloons } => write!(f, "{seat} starts with {doubloons} doubloons"),
            Chance::Roll { seat, red, black } => write!(f, "{seat} rolls red {red}, black {black}"),
        }
    }
}
