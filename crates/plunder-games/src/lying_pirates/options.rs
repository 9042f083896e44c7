//! Options and their checks.

use plunder_core::{OptionsError, Rng};
use serde::{Deserialize, Serialize};

/// The fewest and most players (two play Phantom mode, against a third captain nobody controls).
pub const MIN_PLAYERS: u8 = 2;
pub const MAX_PLAYERS: u8 = 6;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum MapSize {
    /// 14 spaces, 6 cards each.
    #[default]
    Base,
    /// 20 spaces, 7 cards each.
    Extended,
}

impl MapSize {
    pub fn id(self) -> &'static str {
        match self {
            MapSize::Base => "base",
            MapSize::Extended => "extended",
        }
    }

    /// The suggested layout of this map.
    pub fn layout_id(self) -> &'static str {
        match self {
            MapSize::Base => "first-game",
            MapSize::Extended => "first-game-extended",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum DeckChoice {
    /// All 78 cards (33 kinds), the box's deck.
    #[default]
    Full,
    /// The 53 cards marked `starter` (17 kinds): fewer card kinds to learn.
    Starter,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Setup {
    /// The suggested layout; seat 0 is the Navigator and holds the token.
    #[default]
    FirstGame,
    /// Tiles shuffled and dealt, Start/End's holder takes the token, then placed clockwise.
    Placement,
}

/// The Phantom's hand in Phantom mode (two players).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum PhantomHand {
    /// Six silver cards dealt at random from the silver pile (the rulebook).
    #[default]
    Random,
    /// The six cards marked `phantom` in `cards.json`, one of each.
    Fixed,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    pub players: u8,
    pub map: MapSize,
    pub setup: Setup,
    pub deck: DeckChoice,
    /// Captains by seat (ids from `captains.json`), each with its ability; empty: no abilities.
    pub captains: Vec<String>,
    /// Variant cards in play (ids from `variants.json`).
    pub variants: Vec<String>,
    /// The card draft (Setup step 6), played after the deal unless the setup is the first game's.
    pub draft: bool,
    /// Phantom mode: how the Phantom's six cards are chosen (ignored with three players or more).
    pub phantom_hand: PhantomHand,
    /// Safety stop: after this many rounds the ship farthest ahead wins (ties share).
    pub max_rounds: u32,
    /// A designer's action cards, in the format of `data/lying-pirates/cards.json`; `null`: the built-in ones.
    pub cards: Option<serde_json::Value>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            players: 4,
            map: MapSize::Base,
            setup: Setup::FirstGame,
            deck: DeckChoice::Full,
            variants: Vec::new(),
            captains: Vec::new(),
            draft: true,
            phantom_hand: PhantomHand::Random,
            max_rounds: 200,
            cards: None,
        }
    }
}

impl Options {
    pub fn for_players(players: u8) -> Options {
        Options { players, ..Options::default() }
    }

    /// Random valid options for `players` (for `plunder soak`): either map, setup and deck, captains or none,
    /// any set of variants, the draft on or off, either Phantom hand, and a short or the default round limit.
    pub fn sample(players: u8, rng: &mut Rng) -> Options {
        let captains = if rng.chance(1, 2) {
            let mut ids = super::captain_ids().unwrap_or_default();
            for i in 0..ids.len().min(players as usize) {
                let j = i + rng.index(ids.len() - i);
                ids.swap(i, j);
            }
            ids.truncate(players as usize);
            ids
        } else {
            Vec::new()
        };
        let variants: Vec<String> =
            super::variants::variant_ids().unwrap_or_default().into_iter().filter(|_| rng.chance(1, 4)).collect();
        Options {
            players,
            map: [MapSize::Base, MapSize::Extended][rng.index(2)],
            setup: [Setup::FirstGame, Setup::Placement][rng.index(2)],
            deck: [DeckChoice::Full, DeckChoice::Starter][rng.index(2)],
            captains,
            variants,
            draft: rng.chance(1, 2),
            phantom_hand: [PhantomHand::Random, PhantomHand::Fixed][rng.index(2)],
            max_rounds: if rng.chance(1, 4) { rng.between(1, 3) } else { 200 },
            cards: None,
        }
    }

    pub fn check(&self) -> Result<(), OptionsError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&self.players) {
            return Err(OptionsError::new(format!(
                "players must be {MIN_PLAYERS} to {MAX_PLAYERS} (two play Phantom mode)"
            )));
        }
        if !(1..=1000).contains(&self.max_rounds) {
            return Err(OptionsError::new("max_rounds must be 1 to 1000"));
        }
        Ok(())
    }
}
