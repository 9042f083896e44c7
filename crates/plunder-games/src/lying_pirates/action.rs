//! Actions and chance outcomes.

use std::fmt;

use plunder_core::Seat;
use serde::{Deserialize, Serialize};

use super::content::ActionDie;
use crate::bidding::{Bid, BidAction};

/// A blank face of a special die (the Mermaid's Tail, the Ghost's Wisp): matches no bid.
pub const BLANK: u8 = 7;
/// The Cursed Die's Skull: matches no bid, and negates its holder's wild ones on its holder's bets.
pub const SKULL: u8 = 8;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Action {
    /// Raise (or open) the bet.
    Bet {
        quantity: u8,
        face: u8,
    },
    /// Lock an exact bet on the previous bet or a higher one.
    Exact {
        quantity: u8,
        face: u8,
    },
    /// Call the previous bettor a liar.
    Liar,
    /// Pay to reroll the die just rolled (once per round).
    Reroll,
    /// Keep the die as it fell.
    Keep,
    /// Play an action card of this kind from the hand, with its declared target.
    Play {
        card: u8,
        target: Option<Seat>,
    },
    /// Buy the top card of the deck.
    Buy,
    /// Sacrifice 2 crew to pass the Cursed Die.
    PassCurse {
        to: Seat,
    },
    Pass,
    /// Pass in every window for the rest of the phase (the Sail Phase's two windows, the Action window, one
    /// window of the Final Battle).
    AutoPass,
    /// Use one's captain's once-per-game ability (not a card).
    Ability,
    /// Pick a captain for an effect.
    Pick {
        seat: Seat,
    },
    /// Take an option of a choice (from 0).
    Choose {
        option: u8,
    },
    /// Pay what an effect asks.
    Pay,
    Decline,
    /// Lose this special die (kind 1 Pirate King, 2 Mermaid, 3 Ghost, 4 Cursed) instead of the last regular one.
    LoseDie {
        die: u8,
    },
    /// Offer to catch up this many tiles from last place.
    CatchUp {
        tiles: u8,
    },
    /// Final Battle preparation: trade this many special dice (2 crew each), buy this many crew.
    Prepare {
        trade: u8,
        buy: u8,
    },
    /// The card draft: pass these card kinds (lowest first, `None` after the last) to the captain on the left.
    Draft {
        cards: [Option<u8>; 3],
    },
    /// Setup: place tile `tile` (its index in the tile list) from the hand on open space `space`.
    Place {
        tile: u8,
        space: u8,
    },
}

impl BidAction for Action {
    fn as_raise(&self) -> Option<Bid> {
        match *self {
            Action::Bet { quantity, face } => Some(Bid { quantity, face }),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Bet { quantity, face } => write!(f, "bet {quantity} × {face}"),
            Action::Exact { quantity, face } => write!(f, "exactly {quantity} × {face}"),
            Action::Liar => f.write_str("liar"),
            Action::Reroll => f.write_str("pay to reroll"),
            Action::Keep => f.write_str("keep the die"),
            Action::Play { card, target: Some(t) } => write!(f, "play card {card} on {t}"),
            Action::Play { card, target: None } => write!(f, "play card {card}"),
            Action::Buy => f.write_str("buy a card"),
            Action::PassCurse { to } => write!(f, "pass the Cursed Die to {to}"),
            Action::Ability => f.write_str("use the captain's ability"),
            Action::Pass => f.write_str("pass"),
            Action::AutoPass => f.write_str("auto-pass this phase"),
            Action::Pick { seat } => write!(f, "pick {seat}"),
            Action::Choose { option } => write!(f, "option {}", option + 1),
            Action::Pay => f.write_str("pay"),
            Action::Decline => f.write_str("decline"),
            Action::CatchUp { tiles } => write!(f, "catch up {tiles}"),
            Action::LoseDie { die } => write!(f, "lose the {} instead", special_die_name(*die)),
            Action::Prepare { trade, buy } => write!(f, "trade {trade} special dice, buy {buy}"),
            Action::Place { tile, space } => write!(f, "place tile {tile} on space {space}"),
            Action::Draft { cards } => {
                f.write_str("pass cards")?;
                for c in cards.iter().flatten() {
                    write!(f, " {c}")?;
                }
                Ok(())
            }
        }
    }
}

/// A Battle Die's face.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleFace {
    Double,
    Single,
    Skull,
}

impl BattleFace {
    /// Rank: Double 3, Single 2, Skull 1.
    pub fn rank(self) -> u8 {
        match self {
            BattleFace::Double => 3,
            BattleFace::Single => 2,
            BattleFace::Skull => 1,
        }
    }

    /// Faces of eight: 2 Doubles, 3 Singles, 3 Skulls.
    pub fn weight(self) -> u32 {
        match self {
            BattleFace::Double => 2,
            BattleFace::Single | BattleFace::Skull => 3,
        }
    }

    pub const ALL: [BattleFace; 3] = [BattleFace::Double, BattleFace::Single, BattleFace::Skull];
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Chance {
    /// A crew die in `seat`'s cup (faces 1-6, [`BLANK`], [`SKULL`]).
    Die { seat: Seat, face: u8 },
    /// The Sail Die: 1 or 2.
    Sail { face: u8 },
    /// An Action Die: X (`x: true`) or O.
    Action { die: ActionDie, x: bool },
    /// `seat`'s Battle Die.
    Battle { seat: Seat, face: BattleFace },
    /// The card (kind) drawn or taken.
    Card { card: u8 },
    /// The next tile dealt in the setup (its index in the tile list).
    Tile { tile: u8 },
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chance::Die { seat, face } => write!(f, "{seat} rolls {}", face_name(*face)),
            Chance::Sail { face } => write!(f, "Sail Die {face}"),
            Chance::Action { die, x } => write!(f, "{die:?} Die {}", if *x { "X" } else { "O" }),
            Chance::Battle { seat, face } => write!(f, "{seat} battles {face:?}"),
            Chance::Card { card } => write!(f, "card {card}"),
            Chance::Tile { tile } => write!(f, "tile {tile}"),
        }
    }
}

/// A special die's name for people (kinds 1 to 4).
pub fn special_die_name(kind: u8) -> &'static str {
    match kind {
        1 => "Pirate King",
        2 => "Mermaid Die",
        3 => "Ghost Die",
        4 => "Cursed Die",
        _ => "?",
    }
}

/// A special die's face for people, by the die's own names: the Mermaid's Tail, the Ghost's Wisp, the Cursed
/// Die's Skull.
pub fn special_face_name(face: u8, kind: u8) -> String {
    match (face, kind) {
        (BLANK, 2) => "a Tail".to_string(),
        (BLANK, 3) => "a Wisp".to_string(),
        (SKULL, _) => "a Skull".to_string(),
        _ => face_name(face),
    }
}

/// A cup face for people.
pub fn face_name(face: u8) -> String {
    match face {
        BLANK => "blank".to_string(),
        SKULL => "skull".to_string(),
        0 => "?".to_string(),
        f => f.to_string(),
    }
}
