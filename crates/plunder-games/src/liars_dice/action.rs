//! Liar's dice actions and chance outcomes.

use std::fmt;

use plunder_core::Seat;
use serde::{Deserialize, Serialize};

use crate::bidding::{Bid, BidAction};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Raise: at least `quantity` dice show `face`.
    Bid { quantity: u8, face: u8 },
    /// The last bid is false: everyone shows their dice.
    Liar,
    /// The last bid is exactly right (only with the `exact` option).
    Exact,
}

impl Action {
    pub fn bid(bid: Bid) -> Action {
        Action::Bid { quantity: bid.quantity, face: bid.face }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Bid { quantity, face } => write!(f, "bid {quantity} × {face}"),
            Action::Liar => f.write_str("call liar"),
            Action::Exact => f.write_str("call exact"),
        }
    }
}

/// One die rolled for one player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Roll {
    pub seat: Seat,
    pub face: u8,
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} rolls a {}", self.seat, self.face)
    }
}

impl BidAction for Action {
    fn as_raise(&self) -> Option<Bid> {
        match *self {
            Action::Bid { quantity, face } => Some(Bid { quantity, face }),
            _ => None,
        }
    }
}
