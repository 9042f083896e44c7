//! Scallywager's options.

use plunder_core::{OptionsError, Rng};
use serde::{Deserialize, Serialize};

use super::cards::{check_deck, Deck, DeckFile};
use crate::bidding::{BidRules, RaiseRule, Wild};

pub const MIN_CAPTAINS: usize = 2;
pub const MAX_CAPTAINS: usize = 5;
/// The most crew one ship may hold (cards can recruit beyond the starting five).
pub const MAX_CREW: u8 = 8;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// 2 to 5 captains.
    pub players: u8,
    /// Crew (dice) each captain starts with (the box: 5).
    pub dice: u8,
    /// Ones count as every face. The rulebook never says so; off by default (see the rules doc).
    pub ones_wild: bool,
    /// The game ends after this many turns (most crew wins), so that card gains cannot make it endless.
    pub max_turns: u32,
    /// A designer's Treasure deck (the file format of `data/scallywager/treasure.json`); `null`: the built-in one.
    pub treasure_deck: Option<DeckFile>,
    /// A designer's Adventure deck; `null`: the built-in one.
    pub adventure_deck: Option<DeckFile>,
}

impl Default for Options {
    fn default() -> Options {
        Options::for_players(4)
    }
}

impl Options {
    pub fn for_players(players: u8) -> Options {
        Options { players, dice: 5, ones_wild: false, max_turns: 300, treasure_deck: None, adventure_deck: None }
    }

    /// Random valid options for `players` (for `plunder soak`): any crew, ones wild or not, a short or the
    /// default turn limit.
    pub fn sample(players: u8, rng: &mut Rng) -> Options {
        Options {
            dice: rng.between(1, MAX_CREW as u32) as u8,
            ones_wild: rng.chance(1, 2),
            max_turns: if rng.chance(1, 4) { rng.between(1, 5) } else { 300 },
            ..Options::for_players(players)
        }
    }

    pub fn bid_rules(&self) -> BidRules {
        BidRules {
            faces: 6,
            wild: if self.ones_wild { Wild::Ones } else { Wild::None },
            wild_biddable: false,
            // "A player cannot bid ... an amount of dice on the number 1."
            min_face: 2,
            raise: RaiseRule::QuantityMajor,
        }
    }

    pub fn validate(&self) -> Result<(), OptionsError> {
        let players = self.players as usize;
        if !(MIN_CAPTAINS..=MAX_CAPTAINS).contains(&players) {
            return Err(OptionsError::new(format!(
                "players must be from {MIN_CAPTAINS} to {MAX_CAPTAINS}, not {players}"
            )));
        }
        if !(1..=MAX_CREW).contains(&self.dice) {
            return Err(OptionsError::new(format!("dice must be from 1 to {MAX_CREW}")));
        }
        if !(1..=100_000).contains(&self.max_turns) {
            return Err(OptionsError::new("max_turns must be from 1 to 100000"));
        }
        if let Some(deck) = &self.treasure_deck {
            check_deck(deck, Deck::Treasure)?;
        }
        if let Some(deck) = &self.adventure_deck {
            check_deck(deck, Deck::Adventure)?;
        }
        Ok(())
    }
}
