//! The Pirate's Flag's options.

use plunder_core::{OptionsError, Rng};
use serde::{Deserialize, Serialize};

use super::data::{check_board, check_cards, BoardFile, CardFile, CardList, CAPTAINS_JSON};

pub const MIN_PLAYERS: usize = 3;
pub const MAX_PLAYERS: usize = 6;

/// How captains are given out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged, expecting = "captains: \"deal\", or a list with one captain id per seat")]
pub enum Captains {
    /// `"deal"`: at random (a chance event at the start).
    Deal(String),
    /// One captain id per seat.
    Chosen(Vec<String>),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// 3 to 6 players.
    pub players: u8,
    /// Optional (recommended) rule: a carrier going down a waterfall loses the flag at its top.
    pub flag_flies_out: bool,
    /// Optional rule: the carrier's own movement may only head for The Dread Sea.
    pub carrier_seaward_only: bool,
    /// `"deal"` or a list of captain ids, one per seat.
    pub captains: Captains,
    /// A layout in the `board.json` format; `null`: The Serpent's Pass.
    pub board: Option<BoardFile>,
    /// A deck in the `cards.json` format; `null`: the 48 built-in cards.
    pub deck: Option<CardFile>,
    /// Captains in the `captains.json` format; `null`: the 8 built-in captains.
    pub captain_cards: Option<CardFile>,
    /// After this many rounds the game ends with no winner (bots only).
    pub max_rounds: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options::for_players(4)
    }
}

impl Options {
    pub fn for_players(players: u8) -> Options {
        Options {
            players,
            flag_flies_out: true,
            carrier_seaward_only: false,
            captains: Captains::Deal("deal".into()),
            board: None,
            deck: None,
            captain_cards: None,
            max_rounds: 100,
        }
    }

    /// Random valid options for `players` (for `plunder soak`): both optional rules, captains dealt or chosen,
    /// and a short or the default round limit.
    pub fn sample(players: u8, rng: &mut Rng) -> Options {
        let captains = if rng.chance(1, 2) {
            let mut ids: Vec<String> = serde_json::from_str::<CardFile>(CAPTAINS_JSON)
                .map(|file| file.entries.into_iter().map(|c| c.id).collect())
                .unwrap_or_default();
            // A partial shuffle: seat i takes one of the ids not yet taken.
            for i in 0..ids.len().min(players as usize) {
                let j = i + rng.index(ids.len() - i);
                ids.swap(i, j);
            }
            ids.truncate(players as usize);
            Captains::Chosen(ids)
        } else {
            Captains::Deal("deal".into())
        };
        Options {
            flag_flies_out: rng.chance(1, 2),
            carrier_seaward_only: rng.chance(1, 2),
            captains,
            max_rounds: if rng.chance(1, 4) { rng.between(1, 3) } else { 100 },
            ..Options::for_players(players)
        }
    }

    pub fn validate(&self) -> Result<(), OptionsError> {
        let players = self.players as usize;
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(OptionsError::new(format!(
                "players must be from {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}"
            )));
        }
        if !(1..=10_000).contains(&self.max_rounds) {
            return Err(OptionsError::new("max_rounds must be from 1 to 10000"));
        }
        if let Some(board) = &self.board {
            check_board(board)?;
        }
        if let Some(deck) = &self.deck {
            check_cards(deck, CardList::Deck)?;
        }
        if let Some(captains) = &self.captain_cards {
            check_cards(captains, CardList::Captains)?;
        }
        match &self.captains {
            Captains::Deal(word) if word == "deal" => {}
            Captains::Deal(word) => {
                return Err(OptionsError::new(format!("captains: \"deal\" or a list, not \"{word}\"")))
            }
            Captains::Chosen(ids) if ids.len() != players => {
                return Err(OptionsError::new("captains: one captain id per seat"));
            }
            Captains::Chosen(_) => {}
        }
        Ok(())
    }
}
