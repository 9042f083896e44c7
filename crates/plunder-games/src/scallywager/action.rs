//! What a captain can do, and what chance can do.

use std::fmt;

use plunder_core::Seat;
use serde::{Deserialize, Serialize};

use super::cards::Deck;
use crate::bidding::{Bid, BidAction};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Use a card: a one-time Treasure card in the window before bidding, or a concealed Adventure card on your
    /// bidding turn. `card` is the card's place in its deck list; `target`, `die` and `take` as the effect needs.
    Use {
        deck: Deck,
        card: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        target: Option<Seat>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        die: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        take: Option<u8>,
    },
    /// Decline to use a Treasure card now.
    Pass,
    /// Raise: at least `quantity` dice show `face`.
    Bid { quantity: u8, face: u8 },
    /// Call out the Scallywagger: the last bid is false.
    Scallywagger,
    /// Call for a Parlay: the last bid is exact.
    Parlay,
    /// The winner of a call draws from this deck.
    Draw { deck: Deck },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Use { deck, card, target, die, take } => {
                write!(f, "use {deck} card #{card}")?;
                if let Some(t) = target {
                    write!(f, " on {t}")?;
                }
                if let Some(d) = die {
                    write!(f, " (die {})", d + 1)?;
                }
                if let Some(k) = take {
                    write!(f, " taking Treasure #{k}")?;
                }
                Ok(())
            }
            Action::Pass => f.write_str("pass"),
            Action::Bid { quantity, face } => write!(f, "bid {quantity} × {face}"),
            Action::Scallywagger => f.write_str("call Scallywagger! (the bid is false; if wrong you lose a crewmate)"),
            Action::Parlay => f.write_str("call for a Parlay (exact; if wrong you lose 2 crewmates)"),
            Action::Draw { deck } => write!(f, "draw from the {deck} deck"),
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Chance {
    /// Who starts with the Treasure Token.
    FirstCaptain { seat: Seat },
    /// The next die to roll (or reroll) shows `face`.
    Die { seat: Seat, face: u8 },
    /// The top card of a deck.
    Card { deck: Deck, card: u8 },
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chance::FirstCaptain { seat } => write!(f, "{seat} takes the Treasure Token first"),
            Chance::Die { seat, face } => write!(f, "{seat} rolls a {face}"),
            Chance::Card { deck, card } => write!(f, "the {deck} deck gives card #{card}"),
        }
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
