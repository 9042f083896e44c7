//! A finished game step by step as one viewer saw it, for the replay viewer.

use plunder_core::{Narrate, Record, Roster, Session, Step, ToldJson, Viewer};
use plunder_games::{with_game, GameVisitor};
use serde::Serialize;
use serde_json::Value;

/// The table after one step: what happened (`None` for the start), the round it is in, the events it told the
/// viewer, and the viewer's view.
#[derive(Debug, Serialize)]
pub struct Frame {
    pub step: usize,
    pub round: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    pub told: Vec<ToldJson>,
    pub view: Value,
}

struct Frames<'a> {
    record: &'a Record,
    viewer: Viewer,
}

impl GameVisitor for Frames<'_> {
    type Output = Result<Vec<Frame>, String>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let viewer = self.viewer;
        let mut frames = Vec::with_capacity(self.record.events.len() + 1);
        let mut table_size = None;
        Session::<G>::replay_watched(self.record, |session| {
            let seats = session.game().seats();
            if matches!(viewer, Viewer::Seat(seat) if seat.index() >= seats) {
                table_size = Some(seats);
                return;
            }
            let label = session.steps().last().map(|step| match step {
                Step::Action(seat, action) => format!("{seat}: {}", session.game().label(action)),
                Step::Chance(outcome) => format!("chance: {}", session.game().chance_label(outcome)),
            });
            let told = match session.steps().len().checked_sub(1) {
                Some(step) => session
                    .told_at(step)
                    .iter()
                    .filter_map(|told| told.seen_by(viewer))
                    .map(|event| ToldJson {
                        event: serde_json::to_value(event).unwrap_or(Value::Null),
                        text: session.game().tell(event),
                    })
                    .collect(),
                None => Vec::new(),
            };
            let view = serde_json::to_value(session.view(viewer)).unwrap_or(Value::Null);
            let round = session.game().round(session.state());
            frames.push(Frame { step: session.steps().len(), round, label, told, view });
        })
        .map_err(|e| e.to_string())?;
        if let (Viewer::Seat(seat), Some(seats)) = (viewer, table_size) {
            return Err(format!("there is no seat {} at a table of {seats}", seat.0));
        }
        Ok(frames)
    }
}

/// Every step of a finished game's `record` as `viewer` saw it. Only for finished games: the labels name
/// every chance outcome.
pub fn frames(record: &Record, viewer: Viewer) -> Result<Vec<Frame>, String> {
    with_game(&record.game, Frames { record, viewer }).map_err(|e| e.to_string())?
}

/// The latest replays answered, as their JSON text, by game and viewer: a finished game never changes, so a
/// replay asked again (each seat's page, a reload) is not worked out again. Bounded in entries and in bytes.
/// The text is shared, never copied, by every answer that sends it (a reader that does not read holds no copy
/// of its own).
#[derive(Debug, Default)]
pub struct ReplayCache {
    entries: std::sync::Mutex<std::collections::VecDeque<(String, axum::body::Bytes)>>,
    /// How many replays were worked out and offered to keep.
    offered: std::sync::atomic::AtomicUsize,
}

impl ReplayCache {
    /// Replays kept at most...
    const ENTRIES: usize = 32;
    /// ...and bytes of them together (one larger than this is answered but not kept).
    const BYTES: usize = 32 << 20;

    /// How many replays were worked out so far (each offered to keep once).
    pub fn worked_out(&self) -> usize {
        self.offered.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The replay kept under `key`, if any.
    pub fn get(&self, key: &str) -> Option<axum::body::Bytes> {
        let entries = self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        entries.iter().find(|(k, _)| k == key).map(|(_, text)| text.clone())
    }

    /// Keeps `text` under `key`, dropping the oldest replays past the bounds.
    pub fn put(&self, key: String, text: axum::body::Bytes) {
        self.offered.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if text.len() > Self::BYTES {
            return;
        }
        let mut entries = self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        entries.retain(|(k, _)| *k != key);
        entries.push_back((key, text));
        while entries.len() > Self::ENTRIES || entries.iter().map(|(_, t)| t.len()).sum::<usize>() > Self::BYTES {
            entries.pop_front();
        }
    }
}
