//! The track in a few lines for the terminal board: every space with its feature, the docks between spaces, the
//! ships and the flag, wrapped to fit a 120-column screen.

use super::data::SpaceKind;
use super::state::Flag;
use super::view::View;
use super::PiratesFlag;

/// Lines no wider than this.
const WIDTH: usize = 118;

/// What the marks on the track mean.
pub const LEGEND: &str = concat!(
    "Track: $ Trading Post, > / < hazard (1 on / 1 back the way you came), ~N waterfall down to N, | dock, ",
    "(P1) ships, (flag)"
);

impl PiratesFlag {
    /// The track from the Dread Sea (0) to the Dread Captain's ship, a token a space.
    pub(super) fn track_lines(&self, view: &View) -> Vec<String> {
        let b = &self.board;
        let mut tokens = Vec::new();
        for space in 0..=b.length {
            let mut token = match space {
                0 => "Dread Sea".to_string(),
                s if s == b.length => format!("{s} Dread Ship"),
                s => s.to_string(),
            };
            match b.kind[space as usize] {
                SpaceKind::TradingPost => token.push('$'),
                SpaceKind::Hazard if b.shift[space as usize] > 0 => token.push('>'),
                SpaceKind::Hazard => token.push('<'),
                SpaceKind::Water | SpaceKind::DreadShip => {}
            }
            let ships: Vec<String> = (0..view.players as usize)
                .filter(|&i| view.positions[i] == space)
                .map(|i| plunder_core::Seat(i as u8).to_string())
                .collect();
            if !ships.is_empty() {
                token.push_str(&format!("({})", ships.join(" ")));
            }
            if view.flag == (Flag::Loose { space }) || (view.flag == Flag::DreadShip && space == b.length) {
                token.push_str("(flag)");
            }
            // After the ships, so that "8(P2)~14" reads as P2 on 8 (the waterfall's top), not on 14.
            if b.fall[space as usize] > 0 {
                token.push_str(&format!("~{}", b.fall[space as usize]));
            }
            // Space 0 has no dock after it to show; a dock sits between this space and the next.
            if space > 0 && space < b.length && b.dock_after[space as usize] {
                token.push_str(" |");
            }
            tokens.push(token);
        }
        let mut lines = vec![String::from(" ")];
        for token in tokens {
            let line = lines.last_mut().expect("one line at least");
            if line.len() + 1 + token.len() > WIDTH {
                lines.push(format!("  {token}"));
            } else {
                line.push(' ');
                line.push_str(&token);
            }
        }
        lines
    }
}
