//! What a player can do, and what chance can do.

use std::fmt;

use plunder_core::Seat;
use serde::{Deserialize, Serialize};

use super::data::Dir;

/// What a card or captain is aimed at, chosen when it is played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Target {
    None,
    /// A player or their ship.
    Seat {
        seat: Seat,
    },
    /// An item on the stack, by its number (`StackItem::id` in the view).
    Item {
        id: u8,
    },
    /// One roll of the roll result waiting on top (0, or 1 for a battle's defender).
    Roll {
        index: u8,
    },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Let the item on top resolve (or end the turn over an empty stack).
    Pass,
    /// Pass for the rest of this turn.
    AutoPass,
    /// The main action: the movement roll.
    Roll,
    /// Battle the flag carrier on your space (main action or after your movement stopped there).
    Battle,
    /// Play action card `card` (its place in the deck list). `choice`: a number the card asks for (steps for "up
    /// to", a die value for Dead Reckoning, 0/1 for a direction sea/far, a card to discard, a new target seat).
    Play { card: u8, target: Target, choice: u8 },
    /// Use your captain's once-per-game ability.
    Captain { target: Target, choice: u8 },
    /// At a Trading Post: discard this card (its kind) and draw two.
    Trade { discard: u8 },
    /// Movement: go (on) this way.
    Go { dir: Dir },
    /// Movement: stop here.
    Stop,
    /// Movement: go down the waterfall.
    Descend,
    /// After winning a battle: roll again to escape (a one-die movement roll).
    Escape,
    /// After winning a battle: stay on this space without the escape roll.
    NoEscape,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pass => f.write_str("pass"),
            Action::AutoPass => f.write_str("pass for the rest of the turn"),
            Action::Roll => f.write_str("roll for movement"),
            Action::Battle => f.write_str("battle for the flag"),
            Action::Play { card, target, choice } => {
                write!(f, "play card #{card}{}{}", target_text(target), choice_text(*choice))
            }
            Action::Captain { target, choice } => {
                write!(f, "use your captain{}{}", target_text(target), choice_text(*choice))
            }
            Action::Trade { discard } => write!(f, "trade card #{discard} for two"),
            Action::Go { dir } => write!(f, "sail {dir}"),
            Action::Stop => f.write_str("stop here"),
            Action::Descend => f.write_str("go down the waterfall"),
            Action::Escape => f.write_str("roll to escape with the flag"),
            Action::NoEscape => f.write_str("stay here without an escape roll"),
        }
    }
}

pub(super) fn target_text(target: &Target) -> String {
    match target {
        Target::None => String::new(),
        Target::Seat { seat } => format!(" on {seat}"),
        Target::Item { id } => format!(" on waiting item {id}"),
        Target::Roll { index } => format!(" on roll {}", index + 1),
    }
}

fn choice_text(choice: u8) -> String {
    if choice == 0 {
        String::new()
    } else {
        format!(" ({choice})")
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Chance {
    /// Dealing captains: `seat` gets captain `captain` (its place in the captain list).
    Captain { seat: Seat, captain: u8 },
    /// A die of `seat`'s roll (or of its roll-off roll, before the first turn) shows `face`.
    Die { seat: Seat, face: u8 },
    /// `seat` draws card `card` from the draw pile.
    Draw { seat: Seat, card: u8 },
    /// Card `card` is picked at random from `seat`'s hand.
    Pick { seat: Seat, card: u8 },
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chance::Captain { seat, captain } => write!(f, "{seat} is dealt captain #{captain}"),
            Chance::Die { seat, face } => write!(f, "{seat} rolls a {face}"),
            Chance::Draw { seat, card } => write!(f, "{seat} draws card #{card}"),
            Chance::Pick { seat, card } => write!(f, "card #{card} is picked from {seat}'s hand"),
        }
    }
}
