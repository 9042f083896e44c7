//! Errors the engine returns. Every one has a stable machine code and a sentence for people.

use std::fmt;

use crate::Seat;

/// Why an action or a chance outcome was refused. A refused input changes nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The seat does not exist at this table.
    NoSuchSeat { seat: Seat, seats: usize },
    /// The game is over; nothing more can be played.
    GameOver,
    /// A chance event must be settled before anyone acts.
    AwaitingChance,
    /// No chance event is pending; a seat must act.
    NoChancePending,
    /// This seat does not owe a decision now (not its turn, or it already committed).
    NotToAct { seat: Seat },
    /// The action breaks a rule; the reason says which.
    Illegal { reason: String },
    /// The chance outcome is not one of the pending event's outcomes.
    IllegalChance { reason: String },
    /// The input could not be read as an action or outcome of this game.
    Malformed { reason: String },
}

impl PlayError {
    /// A short stable code for programs (`not_to_act`, `illegal_action`, ...).
    pub fn code(&self) -> &'static str {
        match self {
            PlayError::NoSuchSeat { .. } => "no_such_seat",
            PlayError::GameOver => "game_over",
            PlayError::AwaitingChance => "awaiting_chance",
            PlayError::NoChancePending => "no_chance_pending",
            PlayError::NotToAct { .. } => "not_to_act",
            PlayError::Illegal { .. } => "illegal_action",
            PlayError::IllegalChance { .. } => "illegal_chance",
            PlayError::Malformed { .. } => "malformed",
        }
    }

    /// Shorthand for a rules violation.
    pub fn illegal(reason: impl Into<String>) -> PlayError {
        PlayError::Illegal { reason: reason.into() }
    }

    /// Shorthand for a chance outcome that cannot happen now.
    pub fn illegal_chance(reason: impl Into<String>) -> PlayError {
        PlayError::IllegalChance { reason: reason.into() }
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NoSuchSeat { seat, seats } => {
                write!(f, "there is no seat {} at a table of {seats}", seat.0)
            }
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::AwaitingChance => f.write_str("a chance event must be settled first"),
            PlayError::NoChancePending => f.write_str("no chance event is pending"),
            PlayError::NotToAct { seat } => write!(f, "seat {} does not owe a decision now", seat.0),
            PlayError::Illegal { reason } => write!(f, "illegal action: {reason}"),
            PlayError::IllegalChance { reason } => write!(f, "impossible chance outcome: {reason}"),
            PlayError::Malformed { reason } => write!(f, "malformed input: {reason}"),
        }
    }
}

impl std::error::Error for PlayError {}

/// Why a set of game options was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionsError {
    pub reason: String,
}

impl OptionsError {
    pub fn new(reason: impl Into<String>) -> OptionsError {
        OptionsError { reason: reason.into() }
    }
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad options: {}", self.reason)
    }
}

impl std::error::Error for OptionsError {}
