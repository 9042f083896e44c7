//! Pirate Haven in words: the map row, the tracks and every island as a grid, built from views only.

use std::fmt::Write;

use plunder_core::{winners_line, Narrate, Seat};

use super::action::{Action, Cell};
use super::content::{Item, CELLS, SIDE};
use super::score::winners;
use super::state::{Phase, State};
use super::view::View;
use super::PirateHaven;

const WIDTH: usize = 14;
const ORDINALS: [&str; 4] = ["1st", "2nd", "3rd", "4th"];

fn short(name: &str) -> String {
    name.chars().take(WIDTH - 1).collect()
}

impl PirateHaven {
    fn slot_text(&self, state: &State, slot: usize) -> String {
        let s = state.map[slot];
        match (s.tile, s.die) {
            (None, _) => "--".into(),
            (Some(k), Some(v)) => format!("{} {v}", self.content().tiles[k as usize].offers.map_or("?", Item::name)),
            (Some(k), None) => {
                let def = &self.content().tiles[k as usize];
                match def.offers {
                    Some(item) if !item.is_die() => item.name().to_string(),
                    Some(item) => format!("{} (none)", item.name()),
                    None => def.name.clone(),
                }
            }
        }
    }

    fn spots_text(&self, state: &State, seat: Seat, cell: usize) -> String {
        let plot = &state.islands[seat.index()].plots[cell];
        let Some(kind) = plot.tile else { return String::new() };
        let def = &self.content().tiles[kind as usize];
        let mut parts = Vec::new();
        for p in def.printed.iter().flatten() {
            parts.push(if p.item.is_die() {
                format!("({}{})", p.item.letter(), p.value)
            } else {
                format!("({})", p.item.letter())
            });
        }
        for s in 0..def.spot_count as usize {
            parts.push(match plot.spots[s] {
                Some(h) if h.item.is_die() => format!("[{}{}]", h.item.letter(), h.value),
                Some(h) => format!("[{}]", h.item.letter()),
                None if def.spots[s] == super::content::ANY_ITEM => "{*}".into(),
                None => {
                    let names: Vec<String> = Item::ALL
                        .iter()
                        .filter(|i| def.spots[s] & i.bit() != 0)
                        .map(|i| i.letter().to_ascii_lowercase().to_string())
                        .collect();
                    format!("{{{}}}", names.join("/"))
                }
            });
        }
        parts.join(" ")
    }

    /// One island as its 4 x 4 grid.
    pub fn island_text(&self, state: &State, seat: Seat) -> String {
        let c = self.content();
        let island = state.island(seat);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{seat}: Food {}  Gold {}  Ships {}/{} cannons  Gold dice {}/{} pirates  Coup {}  Statues {}",
            island.free_pips(Item::Food),
            island.pips(c, Item::Gold),
            island.count(c, Item::Ship),
            island.count(c, Item::Cannon),
            island.count(c, Item::Gold),
            island.count(c, Item::Pirate),
            state.coup[seat.index()],
            state.statues[seat.index()]
        );
        let border = format!("   +{}", format!("{}+", "-".repeat(WIDTH)).repeat(SIDE));
        let mut header = String::from("    ");
        for col in 0..SIDE {
            let _ = write!(header, "{:^w$} ", (b'a' + col as u8) as char, w = WIDTH);
        }
        let _ = writeln!(out, "{header}");
        let _ = writeln!(out, "{border}");
        for row in 0..SIDE {
            let mut names = format!(" {} |", row + 1);
            let mut spots = String::from("   |");
            for col in 0..SIDE {
                let cell = row * SIDE + col;
                let name = match island.plots[cell].tile {
                    Some(k) => short(&c.tiles[k as usize].name),
                    None => format!("..{}..", c.cells[cell].label),
                };
                let _ = write!(names, "{:<w$}|", format!(" {name}"), w = WIDTH);
                let _ = write!(spots, "{:<w$}|", format!(" {}", self.spots_text(state, seat, cell)), w = WIDTH);
            }
            let _ = writeln!(out, "{names}");
            let _ = writeln!(out, "{spots}");
            let _ = writeln!(out, "{border}");
        }
        out
    }
}

impl Narrate for PirateHaven {
    fn describe(&self, view: &View) -> String {
        let state = &view.table;
        let c = self.content();
        let mut out = String::new();
        let doing = match state.phase {
            Phase::Over => "game over".to_string(),
            Phase::Lay { .. } | Phase::Roll { .. } => "laying the map".to_string(),
            phase => format!("{} to act ({})", state.mover, phase_word(phase)),
        };
        let _ = writeln!(out, "Round {}/4 - {doing}", state.round);
        let mut map = String::from("Map: ");
        for slot in 0..state.map_len as usize {
            let _ = write!(map, "{}:{} ", slot + 1, self.slot_text(state, slot));
            let here: Vec<String> = Seat::all(state.players())
                .filter(|&s| !state.has_left(s) && state.pos[s.index()] as usize == slot + 1)
                .map(|s| s.to_string())
                .collect();
            if !here.is_empty() {
                let _ = write!(map, "<{}> ", here.join(","));
            }
            map.push_str("| ");
        }
        let _ = writeln!(out, "{}", map.trim_end_matches(['|', ' ']));
        let start: Vec<String> = Seat::all(state.players())
            .filter(|&s| !state.has_left(s) && state.pos[s.index()] == 0)
            .map(|s| s.to_string())
            .collect();
        let track: Vec<String> = (0..state.players())
            .map(|i| format!("{} {}", ORDINALS[i], state.track[i].map_or("-".to_string(), |s| s.to_string())))
            .collect();
        let coup: Vec<String> = Seat::all(state.players()).map(|s| format!("{s} {}", state.coup[s.index()])).collect();
        let _ = writeln!(
            out,
            "At the start: {}   Turn track: {}   Coup (top {}): {}",
            if start.is_empty() { "-".to_string() } else { start.join(", ") },
            track.join(", "),
            c.top,
            coup.join(", ")
        );
        let below: u32 = state.chests.iter().map(|&n| n as u32).sum();
        let _ = writeln!(
            out,
            "Chests: {} face up, {below} below ({} Food each)   Statues left: {}",
            state.chest_top.map_or("none", |k| self.tile_name(k)),
            c.chest_cost,
            state.statues_left
        );
        if let Some(held) = state.holding {
            let value = if held.item.is_die() { format!(" {}", held.value) } else { String::new() };
            let _ = writeln!(out, "{} holds {}{value} to place", state.mover, held.item.name());
        }
        for seat in Seat::all(state.players()) {
            out.push_str(&self.island_text(state, seat));
        }
        if let Some(scores) = &view.scores {
            for (s, score) in scores.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "{}: {} Fame (Ships {}, Rum {}, Infrastructure {}, Statues {}, 1st {}; Food {}, Cannons {})",
                    Seat(s as u8),
                    score.total,
                    score.ships,
                    score.rum,
                    score.infrastructure,
                    score.statues,
                    score.first,
                    score.food,
                    score.cannons
                );
            }
            let _ = writeln!(out, "{}", winners_line(winners(scores, scores.len())));
        }
        out
    }

    fn news(&self, before: &View, after: &View) -> Vec<String> {
        let (b, a) = (&before.table, &after.table);
        let c = self.content();
        let mut lines = Vec::new();
        if a.round != b.round {
            lines.push(format!("-- Round {} --", a.round));
        }
        for seat in Seat::all(a.players()) {
            let i = seat.index();
            if a.round == b.round && a.pos[i] != b.pos[i] && a.pos[i] > 0 {
                lines.push(format!(
                    "{seat} travels to slot {} ({})",
                    a.pos[i],
                    self.slot_text(b, a.pos[i] as usize - 1)
                ));
            }
            if let Some(place) = (0..a.players()).find(|&t| a.track[t] == Some(seat) && b.track[t] != Some(seat)) {
                lines.push(format!("{seat} leaves the map ({} on the Turn track)", ORDINALS[place]));
            }
            for cell in 0..CELLS {
                let (pb, pa) = (&b.islands[i].plots[cell], &a.islands[i].plots[cell]);
                if pa.tile != pb.tile {
                    if let Some(k) = pa.tile {
                        lines.push(format!("{seat} places {} on {}", self.tile_name(k), Cell(cell as u8)));
                    }
                }
                for s in 0..2 {
                    if pa.spots[s] != pb.spots[s] && pa.tile == pb.tile {
                        match (pb.spots[s], pa.spots[s]) {
                            (None, Some(h)) => lines.push(format!(
                                "{seat} places {}{} on {}.{}",
                                h.item.name(),
                                if h.item.is_die() { format!(" {}", h.value) } else { String::new() },
                                Cell(cell as u8),
                                s + 1
                            )),
                            (Some(h), Some(g)) if h.item == g.item => lines.push(format!(
                                "{seat}'s {} on {}.{} goes from {} to {}",
                                h.item.name(),
                                Cell(cell as u8),
                                s + 1,
                                h.value,
                                g.value
                            )),
                            (Some(h), None) => {
                                lines.push(format!("{seat}'s {} leaves {}.{}", h.item.name(), Cell(cell as u8), s + 1))
                            }
                            _ => {}
                        }
                    }
                }
            }
            if a.coup[i] > b.coup[i] {
                lines.push(format!("{seat} climbs the Coup track to {}", a.coup[i]));
            }
            if a.statues[i] > b.statues[i] {
                lines.push(format!("{seat} wins the Coup: a Statue"));
            }
        }
        if a.chest_top != b.chest_top {
            if let Some(k) = a.chest_top {
                lines.push(format!("Treasure Chest face up: {}", self.tile_name(k)));
            }
        }
        if a.phase == Phase::Over && b.phase != Phase::Over {
            if let Some(scores) = &after.scores {
                lines.push(winners_line(winners(scores, scores.len())));
            }
        }
        let _ = c;
        lines
    }

    fn label(&self, action: &Action) -> String {
        action.to_string()
    }
}

fn phase_word(phase: Phase) -> &'static str {
    match phase {
        Phase::Travel => "travel, leave or buy a chest",
        Phase::Resolve => "take or discard",
        Phase::PlaceTile { .. } => "place the tile",
        Phase::PlaceItem => "place the die or token",
        Phase::Pay { .. } => "pay Food for the chest",
        Phase::PlaceChest { .. } => "place the chest",
        Phase::CoupRaise { .. } => "Coup bonus: raise a die",
        Phase::CoupSpend => "spend Food or Gold to climb, or stop",
        Phase::Reroll { .. } => "reroll a die or skip",
        Phase::Relocate => "move a piece or skip",
        Phase::Lay { .. } | Phase::Roll { .. } | Phase::Rerolling { .. } => "chance",
        Phase::Over => "over",
    }
}
