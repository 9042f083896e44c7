//! The ring of tiles for the terminal board: each space from Start/End in sailing order with its tile and the
//! ships on it, wrapped to fit a 120-column screen.

use plunder_core::Seat;

use super::view::View;
use super::LyingPirates;

/// Lines no wider than this.
const WIDTH: usize = 118;

impl LyingPirates {
    /// The ring once every tile is placed (during the setup the board lists the open spaces instead).
    pub(super) fn ring_lines(&self, v: &View) -> Vec<String> {
        if v.map.is_empty() || v.map.iter().any(Option::is_none) {
            return Vec::new();
        }
        let mut lines = vec![String::from("  Map:")];
        for (space, tile) in v.map.iter().enumerate() {
            let name = tile.map_or("?", |t| self.content.tiles.get(t as usize).map_or("?", |t| t.name.as_str()));
            let ships: Vec<String> = (0..v.progress.len())
                .filter(|&i| {
                    v.ring > 0 && (v.progress[i] % v.ring) as usize == space && !v.out.contains(&Seat(i as u8))
                })
                .map(|i| self.captain_name(Seat(i as u8)))
                .collect();
            let mut token = format!("{space} {name}");
            if !ships.is_empty() {
                token.push_str(&format!(" [{}]", ships.join(", ")));
            }
            let last = space + 1 == v.map.len();
            if !last {
                token.push_str(" ·");
            }
            let line = lines.last_mut().expect("one line at least");
            if line.chars().count() + 1 + token.chars().count() > WIDTH {
                lines.push(format!("    {token}"));
            } else {
                line.push(' ');
                line.push_str(&token);
            }
        }
        lines
    }
}
