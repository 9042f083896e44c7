//! What one instance tells the others on PostgreSQL when it changes a game: the channel, and the [`Notice`] its
//! payload carries.

/// The channel PostgreSQL notifies on commit when a game changes: its events, its chat or who is connected to it.
/// The payload is a [`Notice`] (see [`Notice::parse`]).
pub const EVENTS_CHANNEL: &str = "plunder_events";

/// What a notification on [`EVENTS_CHANNEL`] says: which instance changed which game, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The [`Store::instance`](super::Store::instance) that made the change, so an instance skips its own (it has
    /// them already); `None` for a change no instance's game made (presence expired) or told by an older server.
    pub from: Option<u64>,
    pub game: String,
    pub change: Change,
}

/// How a game changed, as a [`Notice`] tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Events were appended: the game now has `version` of them.
    Events { version: usize },
    /// A chat line was added.
    Chat,
    /// A seat connected or left somewhere.
    Presence,
    /// Anything may have changed (an older server's notice, which is the bare game id; or notices missed).
    Anything,
}

impl Notice {
    /// Reads a payload: `events INSTANCE VERSION GAME`, `chat INSTANCE GAME` or `presence INSTANCE GAME` (instance
    /// 0: none); anything else (an older server's bare game id) is [`Change::Anything`] of that game.
    pub fn parse(payload: &str) -> Notice {
        let instance = |word: &str| word.parse::<u64>().ok().filter(|&instance| instance != 0);
        let notice = |from: &str, game: &str, change| Notice { from: instance(from), game: game.to_string(), change };
        match payload.split(' ').collect::<Vec<_>>().as_slice() {
            ["events", from, version, game] => match version.parse() {
                Ok(version) => notice(from, game, Change::Events { version }),
                Err(_) => notice("0", game, Change::Anything),
            },
            ["chat", from, game] => notice(from, game, Change::Chat),
            ["presence", from, game] => notice(from, game, Change::Presence),
            _ => Notice { from: None, game: payload.to_string(), change: Change::Anything },
        }
    }

    /// The payload that says game `game` has `version` events, appended by `instance`.
    pub(super) fn events(instance: u64, game: &str, version: usize) -> String {
        format!("events {instance} {version} {game}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_names_its_instance_its_game_and_what_changed() {
        let events = Notice::parse(&Notice::events(42, "abc", 17));
        assert_eq!(events, Notice { from: Some(42), game: "abc".into(), change: Change::Events { version: 17 } });
        assert_eq!(Notice::parse("chat 42 abc").change, Change::Chat);
        // Expired presence is no instance's change: every instance reads it.
        assert_eq!(
            Notice::parse("presence 0 abc"),
            Notice { from: None, game: "abc".into(), change: Change::Presence }
        );
        // An older server's bare game id: anything may have changed.
        assert_eq!(Notice::parse("abc"), Notice { from: None, game: "abc".into(), change: Change::Anything });
    }
}
