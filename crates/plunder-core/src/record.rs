//! Game records: options, seed, and every action and chance outcome, as versioned JSON.

use serde::{Deserialize, Serialize};

use crate::{Outcome, Seat};

/// The record format's name, written into every record.
pub const RECORD_FORMAT: &str = "plunder-record";
/// The record format's version. Raise it when the meaning of a record changes.
pub const RECORD_VERSION: u32 = 1;

/// One step of a game, in the order it happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Entry {
    /// A seat's action, in the game's JSON form.
    Action { seat: Seat, action: serde_json::Value },
    /// A chance outcome, in the game's JSON form.
    Chance { outcome: serde_json::Value },
}

/// Whether chance events are drawn from the seeded generator or supplied from outside.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ChanceMode {
    /// The engine samples every chance event from the game's seeded generator.
    #[default]
    Sampled,
    /// Chance events wait until an outcome is supplied (tests, rulebook examples, physical dice).
    Scripted,
}

/// A whole game: replaying its events from the options reproduces it exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub format: String,
    pub version: u32,
    pub game: String,
    pub options: serde_json::Value,
    pub seed: u64,
    pub chance: ChanceMode,
    pub events: Vec<Entry>,
    /// The outcome, if the game had ended; replays check it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

/// Why a record could not be read or replayed.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordError {
    /// Not JSON, or not a record.
    Malformed(String),
    /// A record of another format or a newer version.
    Unsupported(String),
    /// No game has this id.
    UnknownGame(String),
    /// The record's options are refused.
    Options(String),
    /// Event `index` could not be replayed.
    Entry { index: usize, reason: String },
    /// The replay ended differently from what the record says.
    Diverged(String),
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::Malformed(r) => write!(f, "not a Plunder record: {r}"),
            RecordError::Unsupported(r) => write!(f, "unsupported record: {r}"),
            RecordError::UnknownGame(g) => write!(f, "unknown game '{g}'"),
            RecordError::Options(r) => write!(f, "the record's options are refused: {r}"),
            RecordError::Entry { index, reason } => write!(f, "step {index} cannot be replayed: {reason}"),
            RecordError::Diverged(r) => write!(f, "the replay diverged from the record: {r}"),
        }
    }
}

impl std::error::Error for RecordError {}

impl Record {
    /// Parses a record and checks its format and version.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        let record: Record = serde_json::from_str(text).map_err(|e| RecordError::Malformed(e.to_string()))?;
        record.check_format()?;
        Ok(record)
    }

    /// Checks the record's format and version.
    pub fn check_format(&self) -> Result<(), RecordError> {
        let record = self;
        if record.format != RECORD_FORMAT {
            return Err(RecordError::Unsupported(format!("format '{}'", record.format)));
        }
        if record.version != RECORD_VERSION {
            return Err(RecordError::Unsupported(format!(
                "version {} (this build reads version {RECORD_VERSION})",
                record.version
            )));
        }
        Ok(())
    }

    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialize")
    }
}
