//! The rules of every Plunder game, one module (folder) per game, and the registry that finds a game by id.
//!
//! Each game folder opens with a rules header (source, simplifications, options table); its rulings live in
//! `docs/rules/GAME.md`. **Games depend on `plunder-core` only, never on each other or on a front end.**

pub mod bidding;
mod content_words;
mod glossary;
pub mod liars_dice;
pub mod loot_pirates;
pub mod lying_pirates;
#[cfg(test)]
mod pieces_held_tests;
pub mod pirate_haven;
pub mod pirates_flag;
mod registry;
pub mod scallywager;

pub use registry::{
    game_ids, game_info, games, new_session, replay_record, table_terms, with_game, GameInfo, GameVisitor,
    RegistryError, TableTerms,
};
