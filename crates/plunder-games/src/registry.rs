//! Finding a game by its id: the one place that lists every game.

use plunder_core::{
    bot_kinds, options_from_json, BotKind, ChanceMode, DynSession, Game, Narrate, OptionsError, Record, RecordError,
    Roster, Session,
};

use crate::liars_dice::LiarsDice;
use crate::loot_pirates::LootPirates;
use crate::lying_pirates::LyingPirates;
use crate::pirate_haven::PirateHaven;
use crate::pirates_flag::PiratesFlag;
use crate::scallywager::Scallywager;

/// A game's entry in the registry: what front ends show of a game before one is made.
#[derive(Clone, Debug)]
pub struct GameInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    /// The table size of the default options.
    pub default_players: usize,
    /// The bots the game offers, its best (default) first (`plunder_core::bot_kinds`).
    pub bots: Vec<BotKind>,
    /// The default options, as JSON.
    pub default_options: serde_json::Value,
    /// The game's words for the numbered things its view holds, for clients that draw them
    /// (`Narrate::client_words`).
    pub client_words: serde_json::Value,
    /// How a client without the game's own board draws its view's fields (`Narrate::presentation`).
    pub presentation: serde_json::Value,
    /// The table people sit down to when they choose nothing, where it is not the defaults
    /// (`Narrate::table_for_people`): `(players, options)`.
    pub table_for_people: Option<(usize, serde_json::Value)>,
}

impl GameInfo {
    /// `G`'s entry: table sizes come from its facts (under its default options), so they are stated once.
    fn of<G: Roster + Narrate>() -> GameInfo {
        let game = G::new(G::Options::default()).expect("a game's default options are valid");
        let facts = game.facts();
        GameInfo {
            id: G::ID,
            name: G::NAME,
            min_players: facts.min_players,
            max_players: facts.max_players,
            default_players: game.seats(),
            bots: bot_kinds::<G>(),
            default_options: serde_json::to_value(G::Options::default()).expect("options serialize"),
            client_words: game.client_words(),
            presentation: game.presentation(),
            table_for_people: game.table_for_people(),
        }
    }
}

/// The registry's entry for game `id`, if there is one.
pub fn game_info(id: &str) -> Option<GameInfo> {
    games().into_iter().find(|info| info.id == id)
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

/// How a table departs from its game as people play it: what every seat is told before sitting down.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableTerms {
    /// Each option whose value is not the one people play with at this table size, as `name = value` (a value
    /// longer than a line is cut): the table's house rules.
    pub house_rules: Vec<String>,
    /// The table's designed content (cards, tiles, board, as `plunder rules` prints it) when it is not the
    /// game's own but its creator's; `None` when it is the game's.
    pub custom_content: Option<String>,
}

/// The longest option value a house rule shows whole.
const HOUSE_RULE_VALUE_CHARS: usize = 60;

struct Terms<'a>(&'a serde_json::Value);

impl GameVisitor for Terms<'_> {
    type Output = Result<TableTerms, RegistryError>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let options = options_from_json::<G>(None, self.0).map_err(RegistryError::Options)?;
        let game = G::new(options.clone()).map_err(RegistryError::Options)?;
        // The table people sit down to when they choose nothing, at this table's size.
        let people = G::new(G::Options::default()).ok().and_then(|g| g.table_for_people()).map(|(_, o)| o);
        let usual_options = options_from_json::<G>(Some(game.seats()), &people.unwrap_or(serde_json::Value::Null))
            .map_err(RegistryError::Options)?;
        let usual = G::new(usual_options.clone()).map_err(RegistryError::Options)?;
        let (given, usual_values) = (serde_json::to_value(&options), serde_json::to_value(&usual_options));
        let mut house_rules = Vec::new();
        if let (Ok(serde_json::Value::Object(given)), Ok(usual_values)) = (given, usual_values) {
            for (name, value) in given.into_iter().filter(|(name, value)| usual_values.get(name) != Some(value)) {
                let text = match value {
                    // The options given as objects are content files, which the custom content shows whole.
                    serde_json::Value::Object(_) => {
                        house_rules.push(format!("{name}: the creator's own"));
                        continue;
                    }
                    serde_json::Value::String(text) => text,
                    value => value.to_string(),
                };
                let shown: String = text.chars().take(HOUSE_RULE_VALUE_CHARS).collect();
                let cut = if shown.len() < text.len() { "…" } else { "" };
                house_rules.push(format!("{name} = {shown}{cut}"));
            }
        }
        let content = game.designed_content();
        let custom_content = (content != usual.designed_content()).then_some(content);
        Ok(TableTerms { house_rules, custom_content })
    }
}

/// How a table of game `id` with `options` (all of them, as its record states them) departs from the game as
/// people play it: its house rules and, when it is not the game's own, its designed content.
pub fn table_terms(id: &str, options: &serde_json::Value) -> Result<TableTerms, RegistryError> {
    with_game(id, Terms(options))?
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
    use serde_json::{json, Value};

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
    fn each_entry_carries_its_bots_default_table_and_options_and_they_make_that_game() {
        for info in games() {
            assert_eq!(info.bots.last().map(|k| k.name), Some("random"), "{}", info.id);
            assert!(info.bots.len() >= 3, "{}: its own bots, the search and random", info.id);
            let session = new_session(info.id, None, &info.default_options, 1, ChanceMode::Sampled)
                .expect("the default options make a game");
            assert_eq!(session.seats(), info.default_players, "{}", info.id);
            assert!((info.min_players..=info.max_players).contains(&info.default_players), "{}", info.id);
            assert_eq!(game_info(info.id).map(|i| i.name), Some(info.name));
        }
        assert!(game_info("no-such-game").is_none());
    }

    #[test]
    fn the_tables_people_sit_down_to_have_no_house_rules_and_the_games_own_content() {
        for info in games() {
            let (players, options) = info.table_for_people.clone().unwrap_or((info.default_players, Value::Null));
            for players in [info.min_players, players, info.max_players] {
                let session = new_session(info.id, Some(players), &options, 1, ChanceMode::Sampled).unwrap();
                let terms = table_terms(info.id, &session.record().options).unwrap();
                assert_eq!(terms, TableTerms::default(), "{} at {players}", info.id);
            }
        }
    }

    #[test]
    fn a_changed_option_is_a_house_rule_and_a_creators_deck_is_custom_content() {
        let uneven = table_terms("liars-dice", &json!({"players": 2, "dice": [5, 1], "length": "to_last_die"}));
        assert_eq!(uneven.unwrap().house_rules, ["dice = [5,1]"]);
        let card = json!({"id": "gold", "name": "Gold", "copies": 34, "source": "designed", "lasting": false,
            "effect": {"type": "reroll"}, "text": "Before bidding: reroll one of your dice."});
        let deck = json!({"deck": "treasure", "cards": [card]});
        let long = table_terms("scallywager", &json!({"players": 3, "treasure_deck": deck, "max_turns": 5})).unwrap();
        assert_eq!(long.house_rules, ["max_turns = 5", "treasure_deck: the creator's own"]);
        let captains =
            json!(["barrelbelly", "silver-tongue-sal", "dead-eye-dara", "quartermaster-quill", "old-gideon"]);
        let named =
            table_terms("lying-pirates", &json!({"players": 5, "captains": captains, "map": "extended"})).unwrap();
        assert!(named.house_rules.iter().any(|r| r.starts_with("captains = [\"barrelbelly") && r.ends_with('…')));
        assert!(named.house_rules.contains(&"map = extended".to_string()), "{:?}", named.house_rules);
        let content = long.custom_content.expect("the creator's deck is custom content");
        assert!(content.contains("34 × Gold"), "{content}");
        assert_eq!(table_terms("no-such-game", &Value::Null), Err(RegistryError::UnknownGame("no-such-game".into())));
    }

    #[test]
    fn table_sizes_come_from_the_facts() {
        let loot = games().into_iter().find(|g| g.id == LootPirates::ID).unwrap();
        assert_eq!((loot.min_players, loot.max_players), (3, 8), "the rulebook's 3-8 pirates");
    }
}
