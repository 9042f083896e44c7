//! What happens at a liar's dice table, told as it happens.

use plunder_core::{Seat, SeatSet};
use serde::Serialize;

use crate::bidding::{Bid, Call};

/// One thing that happened, with its cause.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A round begins; `opener` bids first, for `why`.
    RoundBegins {
        round: u32,
        opener: Seat,
        why: OpenerWhy,
    },
    /// `seat` rolled its cup: told to that seat with the faces (lowest first), to the others as a count.
    Rolled {
        seat: Seat,
        dice: u8,
        faces: Option<Vec<u8>>,
    },
    Bid {
        seat: Seat,
        bid: Bid,
    },
    /// A call shows every cup (`cups`, one per seat, lowest face first) and counts the bid's face.
    Showdown {
        caller: Seat,
        call: Call,
        bidder: Seat,
        bid: Bid,
        cups: Vec<Vec<u8>>,
        counted: u32,
        caller_right: bool,
    },
    /// `seat` lost a die for a lost call; `left` remain.
    LostDie {
        seat: Seat,
        left: u8,
    },
    /// `seat` won a die back for a right exact call; it now has `dice`.
    GainedDie {
        seat: Seat,
        dice: u8,
    },
    /// The game is over: the last player with dice won, or (`round_limit`) the round limit was reached and
    /// the most dice won, or (one round) everyone but `lost_call` won.
    Won {
        winners: SeatSet,
        round_limit: bool,
        lost_call: Option<Seat>,
    },
}

/// Why a seat opens the next round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OpenerWhy {
    /// It lost the last call.
    LostTheCall,
    /// It won the last call with an exact call.
    WonTheExactCall,
    /// The seat that would have opened is out: the next one with dice opens.
    NextAfterTheOut,
}
