//! Pirate Haven's actions and chance outcomes. Island cells are named as on the board (`a1` to `d4`).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::content::{CELLS, SIDE};

/// An island cell, `a1` (north-west) to `d4` (south-east); written as its name in JSON.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub struct Cell(pub u8);

impl Cell {
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The cell at `row` (0 = row 1) and `col` (0 = column a).
    pub fn at(row: usize, col: usize) -> Cell {
        Cell((row * SIDE + col) as u8)
    }

    /// A cell by its name (`b2`).
    pub fn named(name: &str) -> Option<Cell> {
        let mut chars = name.chars();
        let col = chars.next()?.to_ascii_lowercase() as i32 - 'a' as i32;
        let row = chars.next()?.to_digit(10)? as i32 - 1;
        if chars.next().is_some() || !(0..SIDE as i32).contains(&col) || !(0..SIDE as i32).contains(&row) {
            return None;
        }
        Some(Cell::at(row as usize, col as usize))
    }

    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + (self.0 as usize % SIDE) as u8) as char, self.0 as usize / SIDE + 1)
    }
}

impl Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Cell, D::Error> {
        let name = String::deserialize(d)?;
        Cell::named(&name).ok_or_else(|| serde::de::Error::custom(format!("no island cell '{name}' (a1 to d4)")))
    }
}

/// A spot on a tile of the island: the cell and the spot's number on that tile (0 or 1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Spot {
    pub cell: Cell,
    pub spot: u8,
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.cell, self.spot + 1)
    }
}

/// A decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Action {
    /// Move your disk forward to this map slot (1 = nearest the Coup board).
    Travel { slot: u8 },
    /// Leave the map for the Turn track.
    Leave,
    /// Take what lies on the tile you landed on.
    Take,
    /// Discard it.
    Discard,
    /// Place the taken tile on this island cell.
    PlaceTile { cell: Cell },
    /// Place the taken die or token on this spot.
    PlaceItem { at: Spot },
    /// Buy the face-up Treasure Chest (then pay its Food pip by pip and place it).
    BuyChest,
    /// Pay one Food pip from the die on this spot.
    Pay { at: Spot },
    /// Place the bought chest on this cell.
    PlaceChest { cell: Cell },
    /// Spend one pip of the Food or Gold die on this spot to move one more Coup spot.
    CoupSpend { at: Spot },
    /// End the Coup advance.
    CoupStop,
    /// Raise the die on this spot (a Coup track bonus).
    CoupRaise { at: Spot },
    /// Reroll the die on this spot (a Port's ability).
    Reroll { at: Spot },
    /// Move a die or token to another empty spot (the Harbour Master).
    MoveItem { from: Spot, to: Spot },
    /// Move a tile with its contents to another empty cell (the Harbour Master).
    MoveTile { from: Cell, to: Cell },
    /// Use no ability now (an optional reroll or relocation).
    Skip,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Travel { slot } => write!(f, "travel to slot {slot}"),
            Action::Leave => write!(f, "leave the map"),
            Action::Take => write!(f, "take"),
            Action::Discard => write!(f, "discard"),
            Action::PlaceTile { cell } => write!(f, "place on {cell}"),
            Action::PlaceItem { at } => write!(f, "place on {at}"),
            Action::BuyChest => write!(f, "buy chest"),
            Action::Pay { at } => write!(f, "pay from {at}"),
            Action::PlaceChest { cell } => write!(f, "chest on {cell}"),
            Action::CoupSpend { at } => write!(f, "spend {at}"),
            Action::CoupStop => write!(f, "stop"),
            Action::CoupRaise { at } => write!(f, "raise {at}"),
            Action::Reroll { at } => write!(f, "reroll {at}"),
            Action::MoveItem { from, to } => write!(f, "move {from} to {to}"),
            Action::MoveTile { from, to } => write!(f, "move tile {from} to {to}"),
            Action::Skip => write!(f, "skip"),
        }
    }
}

/// A chance outcome.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Chance {
    /// The next map slot gets a tile of this kind (an index into the game's tile table) from the round's stack.
    Tile { slot: u8, kind: u8 },
    /// The die on this map slot's Die tile shows `value`.
    Roll { slot: u8, value: u8 },
    /// The next Treasure Chest turned face up is of this kind.
    Chest { kind: u8 },
    /// A rerolled die shows `value`.
    Reroll { value: u8 },
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chance::Tile { slot, kind } => write!(f, "slot {slot}: tile #{kind}"),
            Chance::Roll { slot, value } => write!(f, "slot {slot}: die shows {value}"),
            Chance::Chest { kind } => write!(f, "chest #{kind} face up"),
            Chance::Reroll { value } => write!(f, "reroll: {value}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_as_on_the_board() {
        assert_eq!(Cell::at(1, 1).to_string(), "b2");
        assert_eq!(Cell::named("d4"), Some(Cell(15)));
        assert_eq!(Cell::named("e1"), None);
        assert_eq!(Cell::named("a5"), None);
        let json = serde_json::to_string(&Action::PlaceTile { cell: Cell(0) }).unwrap();
        assert_eq!(json, r#"{"type":"place_tile","cell":"a1"}"#);
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), Action::PlaceTile { cell: Cell(0) });
    }
}
