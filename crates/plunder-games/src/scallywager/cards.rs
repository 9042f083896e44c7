//! Scallywager's cards: effect primitives, and decks read from data files (`data/scallywager/*.json`), or
//! supplied in the options by a designer. Every card is marked `rulebook` or `designed`.

use std::fmt;

use plunder_core::OptionsError;
use serde::{Deserialize, Serialize};

use crate::content_words::file_name;

/// The most kinds of card one deck may have.
pub const MAX_KINDS: usize = 16;
/// The most cards one deck may have (all copies of all kinds).
pub const MAX_CARDS: usize = 96;

/// Which deck.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Deck {
    Treasure,
    Adventure,
}

impl fmt::Display for Deck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Deck::Treasure => "Treasure",
            Deck::Adventure => "Adventure",
        })
    }
}

/// What a card does: the primitives every card is built from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Effect {
    /// Look at up to `dice` of a chosen captain's dice.
    Peek { dice: u8 },
    /// Reroll one of your dice.
    Reroll,
    /// Gain a crewmate (a new die, rolled).
    GainDie,
    /// A chosen captain shows one die (the first) to everyone.
    Reveal,
    /// The bidding goes the other way round this turn.
    Reverse,
    /// Take a chosen Treasure card from another captain.
    StealTreasure,
    /// Lasting: the next loss of crew is one smaller; then the card is discarded.
    Shield,
    /// Lasting: at the start of each bidding round, see one die of the next captain clockwise.
    SpyLeft,
    /// This turn every loss of crew is one greater.
    PowderKeg,
    /// A chosen captain loses a crewmate and you gain one; you lose one more if you lose crew this turn.
    Board,
    /// The captain after your next bid must call instead of raising.
    ForceCall,
    /// A chosen captain rerolls all their dice.
    Mutiny,
    /// Every captain rerolls their first die.
    Kraken,
    /// You lose no crew this turn.
    GhostShip,
}

impl Effect {
    /// Whether using it needs a target captain.
    pub fn targets_captain(self) -> bool {
        matches!(self, Effect::Peek { .. } | Effect::Reveal | Effect::StealTreasure | Effect::Board | Effect::Mutiny)
    }

    /// Why it cannot be on a card of `deck`, lasting or not, in the deck file's words.
    fn misplaced(self, deck: Deck, lasting: bool) -> Option<String> {
        let name = file_name(&self, "type");
        match (deck, self) {
            (Deck::Treasure, Effect::Shield | Effect::SpyLeft) if lasting => None,
            (_, Effect::Shield | Effect::SpyLeft) => {
                Some(format!("effect \"{name}\" is only for lasting Treasure cards (\"lasting\": true)"))
            }
            (_, _) if lasting => Some(format!(
                "effect \"{name}\" cannot be lasting (only Treasure cards of \"shield\" or \"spy_left\" are)"
            )),
            (
                Deck::Treasure,
                Effect::PowderKeg
                | Effect::Board
                | Effect::ForceCall
                | Effect::Mutiny
                | Effect::Kraken
                | Effect::GhostShip,
            ) => Some(format!("effect \"{name}\" belongs in the Adventure deck")),
            (Deck::Adventure, Effect::StealTreasure) => Some(format!("effect \"{name}\" belongs in the Treasure deck")),
            _ => None,
        }
    }
}

/// One value per deck.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct ByDeck<T> {
    pub treasure: T,
    pub adventure: T,
}

impl<T> ByDeck<T> {
    pub fn get(&self, deck: Deck) -> &T {
        match deck {
            Deck::Treasure => &self.treasure,
            Deck::Adventure => &self.adventure,
        }
    }

    pub fn get_mut(&mut self, deck: Deck) -> &mut T {
        match deck {
            Deck::Treasure => &mut self.treasure,
            Deck::Adventure => &mut self.adventure,
        }
    }
}

/// Where a card comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    Rulebook,
    Designed,
}

/// One kind of card and how many copies the deck holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub copies: u8,
    pub source: Source,
    /// Treasure only: stays in play (true) or is used once before bidding (false).
    #[serde(default)]
    pub lasting: bool,
    pub effect: Effect,
    pub text: String,
}

/// A deck file: its deck, a designer's note, and its cards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckFile {
    pub deck: Deck,
    #[serde(default)]
    pub note: String,
    pub cards: Vec<Card>,
}

pub const TREASURE_JSON: &str = include_str!("../../data/scallywager/treasure.json");
pub const ADVENTURE_JSON: &str = include_str!("../../data/scallywager/adventure.json");

/// Reads and checks a deck file.
pub fn parse_deck(json: &str, expected: Deck) -> Result<DeckFile, OptionsError> {
    let file: DeckFile = serde_json::from_str(json)
        .map_err(|e| OptionsError::new(format!("{expected} deck: {}", crate::content_words::file_error(&e))))?;
    check_deck(&file, expected)?;
    Ok(file)
}

/// Checks a deck: the right deck, 1 to 16 kinds with unique ids, at least one card, effects allowed there.
pub fn check_deck(file: &DeckFile, expected: Deck) -> Result<(), OptionsError> {
    let bad = |reason: String| Err(OptionsError::new(format!("{expected} deck: {reason}")));
    if file.deck != expected {
        return bad(format!("the file is the {} deck", file.deck));
    }
    if file.cards.is_empty() || file.cards.len() > MAX_KINDS {
        return bad(format!("a deck has 1 to {MAX_KINDS} kinds of card"));
    }
    if file.cards.iter().map(|c| c.copies as usize).sum::<usize>() > MAX_CARDS {
        return bad(format!("a deck has at most {MAX_CARDS} cards"));
    }
    for (i, card) in file.cards.iter().enumerate() {
        if file.cards[..i].iter().any(|c| c.id == card.id) {
            return bad(format!("card id '{}' appears twice", card.id));
        }
        if card.copies == 0 || card.copies > 60 {
            return bad(format!("'{}' must have 1 to 60 copies", card.id));
        }
        if let Some(why) = card.effect.misplaced(expected, card.lasting) {
            return bad(format!("'{}': {why}", card.id));
        }
        if let Effect::Peek { dice: 0 } = card.effect {
            return bad(format!("'{}': effect \"peek\" needs \"dice\" of 1 or more", card.id));
        }
    }
    Ok(())
}

/// The built-in decks, as the box has them (34 Treasure, 36 Adventure).
pub fn default_decks() -> (DeckFile, DeckFile) {
    (
        parse_deck(TREASURE_JSON, Deck::Treasure).expect("the built-in Treasure deck is valid"),
        parse_deck(ADVENTURE_JSON, Deck::Adventure).expect("the built-in Adventure deck is valid"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_decks_match_the_box() {
        let (treasure, adventure) = default_decks();
        let count = |d: &DeckFile| d.cards.iter().map(|c| c.copies as u32).sum::<u32>();
        assert_eq!(count(&treasure), 34, "the box has 34 Treasure cards");
        assert_eq!(count(&adventure), 36, "the box has 36 Adventure cards");
        assert!(treasure.cards.iter().chain(&adventure.cards).all(|c| c.source == Source::Designed));
        assert!(treasure.cards.iter().any(|c| c.lasting) && treasure.cards.iter().any(|c| !c.lasting));
    }

    #[test]
    fn corrupt_or_wrong_decks_are_refused() {
        assert!(parse_deck("{not json", Deck::Treasure).is_err());
        assert!(parse_deck(ADVENTURE_JSON, Deck::Treasure)
            .unwrap_err()
            .reason
            .contains("the file is the Adventure deck"));
        let (mut treasure, _) = default_decks();
        treasure.cards[0].effect = Effect::GhostShip;
        assert!(check_deck(&treasure, Deck::Treasure).is_err(), "adventure-only effects stay out of Treasure");
        let (mut treasure, _) = default_decks();
        treasure.cards[1].id = treasure.cards[0].id.clone();
        assert!(check_deck(&treasure, Deck::Treasure).is_err());
        let (mut treasure, _) = default_decks();
        treasure.cards[0].lasting = true;
        assert!(check_deck(&treasure, Deck::Treasure).is_err(), "a peek cannot be lasting");
    }
}
