//! What a seat sees: everything. Pirate Haven has no secrets in a position (undrawn tiles and chests are
//! counted piles drawn when revealed), so every seat's view and the spectator's show the whole table; once the
//! game is over, the Fame of every player too.
//!
//! The JSON form is compact (programs and golden files read it): map slots as `[tile, die]`, each island as
//! its occupied cells `{"b2": [tile, "F3", "-"]}` (a spot: item letter and value, `-` empty), tiles by their
//! index in the game's tile table.

use std::collections::BTreeMap;

use plunder_core::{Seat, Viewer};
use serde::{Serialize, Serializer};

use super::action::Cell;
use super::score::{scores, Score};
use super::state::{Held, Phase, State};
use super::PirateHaven;

/// The table as a viewer sees it.
///
/// Its JSON is `Compact`'s (below), and so is its TypeScript type.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "Compact<'static>"))]
pub struct View {
    pub viewer: Viewer,
    /// The whole position (nothing in it is secret).
    pub table: State,
    /// Every player's Fame, once the game is over.
    pub scores: Option<Vec<Score>>,
    /// Before then, each player's Fame if the game ended now, by source (a trial could not tell who was winning,
    /// nor why).
    pub fame_now: Option<Vec<Score>>,
}

pub fn view(game: &PirateHaven, state: &State, viewer: Viewer) -> View {
    let all = scores(game.content(), state);
    let players = state.players();
    let over = state.phase == Phase::Over;
    let scores = over.then(|| all[..players].to_vec());
    let fame_now = (!over).then(|| all[..players].to_vec());
    View { viewer, table: state.clone(), scores, fame_now }
}

fn spot_text(held: Option<Held>) -> String {
    match held {
        None => "-".into(),
        Some(h) if h.item.is_die() => format!("{}{}", h.item.letter(), h.value),
        Some(h) => h.item.letter().to_string(),
    }
}

/// The JSON of a [`View`].
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "View"))]
struct Compact<'a> {
    viewer: Viewer,
    round: u8,
    phase: Phase,
    mover: Seat,
    reveal: bool,
    map: Vec<Option<(u8, Option<u8>)>>,
    pos: &'a [u8],
    track: &'a [Option<Seat>],
    order: &'a [Seat],
    coup: &'a [u8],
    coup_done: bool,
    statues: &'a [u8],
    statues_left: u8,
    chest_top: Option<u8>,
    chests: &'a [u8],
    pool: [u8; 3],
    holding: Option<String>,
    islands: Vec<BTreeMap<String, (u8, Vec<String>)>>,
    scores: &'a Option<Vec<Score>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<Score>>", optional))]
    fame_now: &'a Option<Vec<Score>>,
}

impl Serialize for View {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let t = &self.table;
        let n = t.players();
        let islands = t.islands[..n]
            .iter()
            .map(|island| {
                island
                    .plots
                    .iter()
                    .enumerate()
                    .filter_map(|(cell, plot)| {
                        let tile = plot.tile?;
                        Some((Cell(cell as u8).to_string(), (tile, plot.spots.iter().map(|h| spot_text(*h)).collect())))
                    })
                    .collect()
            })
            .collect();
        Compact {
            viewer: self.viewer,
            round: t.round,
            phase: t.phase,
            mover: t.mover,
            reveal: t.reveal,
            map: t.map[..t.map_len as usize].iter().map(|slot| slot.tile.map(|k| (k, slot.die))).collect(),
            pos: &t.pos[..n],
            track: &t.track[..n],
            order: &t.order[..n],
            coup: &t.coup[..n],
            coup_done: t.coup_done,
            statues: &t.statues[..n],
            statues_left: t.statues_left,
            chest_top: t.chest_top,
            chests: &t.chests,
            pool: t.pool,
            holding: t.holding.map(|h| spot_text(Some(h))),
            islands,
            scores: &self.scores,
            fame_now: &self.fame_now,
        }
        .serialize(s)
    }
}
