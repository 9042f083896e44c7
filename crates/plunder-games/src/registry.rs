//! Finding a game by its id: the one place that lists every game.

use plunder_core::{
    options_from_json, ChanceMode, DynSession, Game, Narrate, OptionsError, Record, RecordError, Roster, Session,
};

use crate::liars_dice::LiarsDice;
use crate::loot_pirates::LootPirates;
use crate::lying_pirates::LyingPirates;
use crate::pirate_haven::PirateHaven;
use crate::pirates_flag::PiratesFlag;
use crate::scallywager::Scallywager;

/// A game's entry in the registry.
#[derive(Copy, Clone, Debug)]
pub struct GameInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub min_players: usize,
    pub max_players: usize,
}

impl GameInfo {
    /// `G`'s entry: table sizes come from its facts (under its default options), so they are stated once.
    fn of<G: Game>() -> GameInfo {
        let facts = G::new(G::Options::default()).expect("a game's default options are valid").facts();
        GameInfo { id: G::ID, name: G::NAME, min_players: facts.min_players, max_players: facts.max_players }
    }
}

/// The one list of games: adding a game is one line in the `games!` call below. It makes [`games`] and
/// [`with_game`], so the list of entries and the dispatch by id cannot disagree.
macro_rules! games {
    ($($game:ty),+ $(,)?) => {
        /// Every game Plunder plays, in the order listed.
        pub fn games() -> Vec<GameInfo> {
            vec![$(GameInfo::of::<$game>()),+]
        }

        /// Runs `visitor` with the game `id` names.
        pub fn with_game<V: GameVisitor>(id: &str, visitor: V) -> Result<V::Output, RegistryError> {
            $(
                if id == <$game as Game>::ID {
                    return Ok(visitor.visit::<$game>());
                }
            )+
            Err(RegistryError::UnknownGame(id.to_string()))
        }
    };
}

games! { LootPirates, LiarsDice, Scallywager, LyingPirates, PiratesFlag, PirateHaven }

/// The ids of every game.
pub fn game_ids() -> Vec<&'static str> {
    games().iter().map(|g| g.id).collect()
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
                // Ids are short: a long one is shown cut, so an error never echoes a huge input back.
                let shown: String = id.chars().take(40).collect();
                let cut = if shown.len() < id.len() { "…" } else { "" };
                write!(f, "unknown game '{shown}{cut}' (games: {})", game_ids().join(", "))
            }
            RegistryError::Options(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RegistryError {}

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

#[cfg(test)]
mod tests {
    use super::*;

    struct IdOf;

    impl GameVisitor for IdOf {
        type Output = &'static str;
        fn visit<G: Roster + Narrate>(self) -> &'static str {
            G::ID
        }
    }

    #[test]
    fn every_listed_game_is_found_by_its_own_id_and_only_listed_ids_are_found() {
        // Adding a game touches the registry's one list: no count to keep in step here.
        let ids = game_ids();
        assert!(!ids.is_empty());
        for id in &ids {
            assert_eq!(with_game(id, IdOf), Ok(*id));
            assert_eq!(ids.iter().filter(|other| *other == id).count(), 1, "{id} is listed once");
        }
        assert_eq!(with_game("no-such-game", IdOf), Err(RegistryError::UnknownGame("no-such-game".into())));
        let long = "x".repeat(60_000);
        let words = with_game(&long, IdOf).unwrap_err().to_string();
        assert!(words.len() < 200 && words.contains(&format!("'{}…'", &long[..40])), "{words}");
    }

    #[test]
    fn table_sizes_come_from_the_facts() {
        let loot = games().into_iter().find(|g| g.id == LootPirates::ID).unwrap();
        assert_eq!((loot.min_players, loot.max_players), (3, 8), "the rulebook's 3-8 pirates");
    }
}
