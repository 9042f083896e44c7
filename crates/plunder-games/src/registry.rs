//! Finding a game by its id: the one place that lists every game.

use plunder_core::{
    options_from_json, ChanceMode, DynSession, Game, Narrate, OptionsError, Record, RecordError, Roster, Session,
};

use crate::liars_dice::LiarsDice;
use crate::loot_pirates::LootPirates;
use crate::scallywager::Scallywager;

/// A game's entry in the registry.
#[derive(Copy, Clone, Debug)]
pub struct GameInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub min_players: usize,
    pub max_players: usize,
}

/// Every game Plunder plays.
pub const GAMES: &[GameInfo] = &[
    GameInfo {
        id: LootPirates::ID,
        name: LootPirates::NAME,
        min_players: crate::loot_pirates::MIN_PIRATES,
        max_players: crate::loot_pirates::MAX_PIRATES,
    },
    GameInfo {
        id: LiarsDice::ID,
        name: LiarsDice::NAME,
        min_players: crate::liars_dice::MIN_PLAYERS,
        max_players: crate::liars_dice::MAX_PLAYERS,
    },
    GameInfo {
        id: Scallywager::ID,
        name: Scallywager::NAME,
        min_players: crate::scallywager::MIN_CAPTAINS,
        max_players: crate::scallywager::MAX_CAPTAINS,
    },
];

/// The ids of every game.
pub fn game_ids() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.id).collect()
}

/// Code that works for any game, given its type: the registry calls it with the game the id names.
pub trait GameVisitor {
    type Output;
    fn visit<G: Roster + Narrate>(self) -> Self::Output;
}

/// Why the registry refused.
#[derive(Clone, Debug, PartialEq)]
pub enum RegistryError {
    UnknownGame(String),
    Options(OptionsError),
}

impl RegistryError {
    pub fn code(&self) -> &'static str {
        match self {
            RegistryError::UnknownGame(_) => "unknown_game",
            RegistryError::Options(_) => "bad_options",
        }
    }
}

impl std::fmt::Display for RegistryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RegistryError::UnknownGame(id) => {
                write!(f, "unknown game '{id}' (games: {})", game_ids().join(", "))
            }
            RegistryError::Options(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RegistryError {}

/// Runs `visitor` with the game `id` names.
pub fn with_game<V: GameVisitor>(id: &str, visitor: V) -> Result<V::Output, RegistryError> {
    match id {
        LootPirates::ID => Ok(visitor.visit::<LootPirates>()),
        LiarsDice::ID => Ok(visitor.visit::<LiarsDice>()),
        Scallywager::ID => Ok(visitor.visit::<Scallywager>()),
        _ => Err(RegistryError::UnknownGame(id.to_string())),
    }
}

struct NewSession<'a> {
    players: Option<usize>,
    options: &'a serde_json::Value,
    seed: u64,
    mode: ChanceMode,
}

impl GameVisitor for NewSession<'_> {
    type Output = Result<Box<dyn DynSession>, RegistryError>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let options = options_from_json::<G>(self.players, self.options).map_err(RegistryError::Options)?;
        let game = G::new(options).map_err(RegistryError::Options)?;
        Ok(Box::new(Session::new(game, self.seed, self.mode)))
    }
}

/// Starts game `id` with `players` (if given) and JSON `options` (an object, or null for the defaults).
pub fn new_session(
    id: &str,
    players: Option<usize>,
    options: &serde_json::Value,
    seed: u64,
    mode: ChanceMode,
) -> Result<Box<dyn DynSession>, RegistryError> {
    with_game(id, NewSession { players, options, seed, mode })?
}

struct Replay<'a>(&'a Record);

impl GameVisitor for Replay<'_> {
    type Output = Result<Box<dyn DynSession>, RecordError>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        Ok(Box::new(Session::<G>::replay(self.0)?))
    }
}

/// Replays a record of any game, checking every step.
pub fn replay_record(record: &Record) -> Result<Box<dyn DynSession>, RecordError> {
    with_game(&record.game, Replay(record)).map_err(|_| RecordError::UnknownGame(record.game.clone()))?
}
