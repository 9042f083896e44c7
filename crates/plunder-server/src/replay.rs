//! A finished game step by step as one viewer saw it, for the replay viewer.

use plunder_core::{ChanceMode, Narrate, Record, Roster, Session, Step, Viewer};
use plunder_games::{with_game, GameVisitor};
use serde::Serialize;
use serde_json::Value;

/// The table after one step: what happened (`None` for the start) and the viewer's view.
#[derive(Debug, Serialize)]
pub struct Frame {
    pub step: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    pub view: Value,
}

struct Frames<'a> {
    record: &'a Record,
    viewer: Viewer,
}

impl GameVisitor for Frames<'_> {
    type Output = Result<Vec<Frame>, String>;
    fn visit<G: Roster + Narrate>(self) -> Self::Output {
        let replayed = Session::<G>::replay(self.record).map_err(|e| e.to_string())?;
        let game = replayed.game().clone();
        if let Viewer::Seat(seat) = self.viewer {
            if seat.index() >= game.seats() {
                return Err(format!("there is no seat {} at a table of {}", seat.0, game.seats()));
            }
        }
        let mut session = Session::new(game.clone(), self.record.seed, ChanceMode::Scripted);
        let view = |s: &Session<G>| serde_json::to_value(s.view(self.viewer)).unwrap_or(Value::Null);
        let mut frames = vec![Frame { step: 0, label: None, view: view(&session) }];
        for (index, step) in replayed.steps().iter().enumerate() {
            let (label, applied) = match step {
                Step::Action(seat, action) => {
                    (format!("{seat}: {}", game.label(action)), session.play(*seat, action.clone()))
                }
                Step::Chance(outcome) => (format!("chance: {outcome}"), session.supply_chance(outcome.clone())),
            };
            applied.map_err(|e| e.to_string())?;
            frames.push(Frame { step: index + 1, label: Some(label), view: view(&session) });
        }
        Ok(frames)
    }
}

/// Every step of a finished game's `record` as `viewer` saw it. Only for finished games: the labels name
/// every chance outcome.
pub fn frames(record: &Record, viewer: Viewer) -> Result<Vec<Frame>, String> {
    with_game(&record.game, Frames { record, viewer }).map_err(|e| e.to_string())?
}
