//! The messages of the play socket. Every message to a client is built for its viewer: a seat's view and legal
//! actions, or the spectator's view; never the state or the record of a game in progress.

use plunder_core::{Labeled, LabeledJson, Outcome};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;
use ts_rs::TS;

use crate::rules::Citation;
use crate::store::ChatLine;

/// The most log lines a table message carries (the latest ones), so messages stay small in long games.
pub const LOG_LINES: usize = 100;

/// From a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Play an action (one of the legal actions' `action` values).
    Act {
        #[ts(type = "unknown")]
        action: Value,
    },
    /// Say something at the table.
    Chat { text: String },
    /// Ask for the whole table again.
    Sync,
}

/// Who a connection is.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Role {
    Seat { seat: u8 },
    Spectator,
}

/// One seat as everyone may see it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct SeatInfo {
    /// `human` or the bot's name.
    pub player: String,
    /// Whether a person holds this seat now.
    pub connected: bool,
    /// Seconds left in this seat's time bank, when the game has timers.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub bank_secs: Option<f64>,
}

/// Where the game stands, as everyone may see it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum StatusInfo {
    Decide {
        seats: Vec<u8>,
    },
    Chance,
    Over {
        #[ts(type = "{ winners: number[], payoffs: number[] } | null")]
        outcome: Option<Outcome>,
    },
}

/// A value already written as JSON text: a view is serialized once, from the game's typed view, with no
/// `serde_json::Value` tree built and dropped on the way (that was a fifth of the server's work per move).
#[derive(Clone, Debug)]
pub struct JsonText(Box<RawValue>);

impl JsonText {
    pub fn of<T: Serialize + ?Sized>(value: &T) -> JsonText {
        JsonText(serde_json::value::to_raw_value(value).unwrap_or_else(|_| RawValue::NULL.to_owned()))
    }

    /// The JSON text.
    pub fn get(&self) -> &str {
        self.0.get()
    }

    /// The value, parsed (for tests and tools).
    pub fn to_value(&self) -> Value {
        serde_json::from_str(self.get()).unwrap_or(Value::Null)
    }
}

impl PartialEq for JsonText {
    fn eq(&self, other: &JsonText) -> bool {
        self.get() == other.get()
    }
}

impl PartialEq<Value> for JsonText {
    fn eq(&self, other: &Value) -> bool {
        &self.to_value() == other
    }
}

impl Serialize for JsonText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for JsonText {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Box::<RawValue>::deserialize(deserializer).map(JsonText)
    }
}

/// A legal action as a client gets it: the action's JSON (send it back in `act`) and its label for people.
/// The same JSON as the engine's labelled actions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct LegalAction {
    #[ts(type = "unknown")]
    pub action: JsonText,
    pub label: String,
}

impl PartialEq<Labeled> for LegalAction {
    fn eq(&self, other: &Labeled) -> bool {
        matches!(&other.json, LabeledJson::Action { action } if self.action == *action) && self.label == other.label
    }
}

/// A seat's legal actions as one JSON array of [`LegalAction`]s, written once straight from the typed actions
/// into one text (one allocation for the whole list, where a list of `LegalAction`s took two per action and
/// was copied again into the message).
#[derive(Clone, Debug, PartialEq)]
pub struct LegalActions {
    text: JsonText,
    count: usize,
}

impl LegalActions {
    /// `actions`, each with its `label`.
    pub fn write<A: Serialize>(actions: &[A], label: impl Fn(&A) -> String) -> LegalActions {
        struct Entry<'a, A> {
            action: &'a A,
            label: String,
        }
        impl<A: Serialize> Serialize for Entry<'_, A> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                use serde::ser::SerializeStruct;
                let mut entry = serializer.serialize_struct("LegalAction", 2)?;
                entry.serialize_field("action", self.action)?;
                entry.serialize_field("label", &self.label)?;
                entry.end()
            }
        }
        struct List<'a, A, L> {
            actions: &'a [A],
            label: L,
        }
        impl<A: Serialize, L: Fn(&A) -> String> Serialize for List<'_, A, L> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(self.actions.iter().map(|action| Entry { action, label: (self.label)(action) }))
            }
        }
        LegalActions { text: JsonText::of(&List { actions, label }), count: actions.len() }
    }

    /// No actions (a seat not to act, a spectator).
    pub fn none() -> LegalActions {
        LegalActions::write::<()>(&[], |_| String::new())
    }

    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The actions, read back (for tests and tools).
    pub fn to_vec(&self) -> Vec<LegalAction> {
        serde_json::from_str(self.text.get()).unwrap_or_default()
    }
}

impl Serialize for LegalActions {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.text.serialize(serializer)
    }
}

/// The whole table as one viewer sees it: sent after every change, and on connect or `sync` (a resync).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TableMessage {
    pub id: String,
    pub game: String,
    /// How many events the game has had: a client can tell a newer table from an older one.
    pub version: usize,
    pub you: Role,
    pub status: StatusInfo,
    pub round: u32,
    pub seats: Vec<SeatInfo>,
    /// The viewer's view (the game's own JSON).
    #[ts(type = "unknown")]
    pub view: JsonText,
    /// The viewer's legal actions now, labelled (empty for spectators and seats not to act).
    #[ts(as = "Vec<LegalAction>")]
    pub legal: LegalActions,
    /// What the viewer saw happen, oldest first, from line `log_start` of its whole log to the end. The first
    /// table on a connection (and the answer to `sync`) has the last [`LOG_LINES`] lines at most; later ones
    /// carry only the lines this connection has not had yet, so a client appends them.
    pub log: Vec<String>,
    /// The line of the whole log that `log` starts at.
    pub log_start: usize,
    /// For a seat: what it may like to know before deciding, from its own view only (in the bidding games, the
    /// odds that the standing bid holds given its own dice). Clients show it in an optional odds panel.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<String>>", optional)]
    pub notes: Vec<String>,
    /// The game that follows this one, once a rematch was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rematch: Option<String>,
}

/// To a client.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    Table(Box<TableMessage>),
    /// An action was refused; nothing changed. `code` is the engine's `PlayError` code.
    Rejected {
        code: String,
        reason: String,
        /// The game's rules document.
        rules: String,
        /// "Why was this rejected": the section and sentence of the rules the refusal comes from, when the
        /// refusal is a rule of the game (not a turn or format error) and its rules say it.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        rule: Option<Citation>,
    },
    /// A message could not be handled (malformed, too large, too fast, not allowed); nothing changed.
    Error {
        code: String,
        message: String,
    },
    Chat(ChatLine),
    /// The whole chat so far, sent on connect.
    ChatHistory {
        lines: Vec<ChatLine>,
    },
}

impl ServerMessage {
    pub fn error(code: &str, message: impl Into<String>) -> ServerMessage {
        ServerMessage::Error { code: code.to_string(), message: message.into() }
    }
}

/// The socket's messages as TypeScript declarations, generated from the types above (the browser client's
/// JSDoc types import them from `static/messages.d.ts`, which a test keeps equal to this).
pub fn typescript() -> String {
    let declarations = [
        ClientMessage::decl(),
        ServerMessage::decl(),
        TableMessage::decl(),
        Role::decl(),
        SeatInfo::decl(),
        StatusInfo::decl(),
        LegalAction::decl(),
        Citation::decl(),
        ChatLine::decl(),
    ];
    let mut out = String::from(
        "// The play socket's messages, generated from the Rust types in crates/plunder-server/src/messages.rs.\n\
         // Do not edit: `UPDATE_TYPES=1 cargo test -p plunder-server --test message_types` rewrites this file.\n",
    );
    for declaration in declarations {
        out.push_str("\nexport ");
        out.push_str(&declaration);
        out.push('\n');
    }
    out
}
