//! Why a move is refused, in words, where the bare "not a legal action now" would leave a player guessing: a
//! take names the limit or the missing spot that blocks it, and so does buying a chest (the rules doc's "Why a
//! move is refused" cites them); the table also says why a chest is not offered.

use super::content::{Content, Item, TileType, CELLS};
use super::state::{printed_extra, Phase, State};

/// An item's name where a limit counts pieces ("more Ships than Cannons", "more Gold than Pirates").
fn pieces(item: Item) -> &'static str {
    match item {
        Item::Food => "Food",
        Item::Gold => "Gold",
        Item::Ship => "Ships",
        Item::Rum => "Rum",
        Item::Cannon => "Cannons",
        Item::Pirate => "Pirates",
    }
}

/// Why the mover may not take what lies on the slot they landed on (`None`: nothing explains it, or it may).
pub(super) fn take(c: &Content, state: &State) -> Option<String> {
    let (what, why) = blocked(c, state, state.pos[state.mover.index()])?;
    // A chest could have made room (rule: "counting a Treasure Chest you could buy now"); say it did not.
    let chest = match c.tiles[state.map[state.pos[state.mover.index()] as usize - 1].tile? as usize].offers {
        Some(_) if state.chest_top.is_some() && !why.starts_with("the tile holds none") => {
            ", even counting a Treasure Chest you could buy now"
        }
        _ => "",
    };
    Some(format!("you cannot take {what}: {why}{chest}"))
}

/// What lies on map slot `slot` (from 1) and why the mover could not take it there, were it to land on it now
/// (`None`: it could, or the slot is empty): ("the Rum token", "no empty spot on your island accepts it").
/// The travel menu says it before the move, the discard choice after it, and a refused take in full.
pub(super) fn blocked(c: &Content, state: &State, slot: u8) -> Option<(String, String)> {
    if state.could_take(c, slot) {
        return None;
    }
    let island = state.island(state.mover);
    let slot = state.map.get((slot as usize).checked_sub(1)?)?;
    let kind = slot.tile?;
    let def = &c.tiles[kind as usize];
    match def.offers {
        Some(item) => {
            let what = format!("the {} {}", item.name(), if item.is_die() { "die" } else { "token" });
            if def.kind == TileType::Die && slot.die.is_none() {
                let why = format!("the tile holds none (the pool ran out of {} dice)", item.name());
                return Some((what, why));
            }
            let mut extra = [0; 6];
            extra[item.index()] = 1;
            let why = match island.broken_limit(c, extra) {
                Some((over, bound)) => {
                    format!("your island would hold more {} than {}", pieces(over), pieces(bound))
                }
                None => "no empty spot on your island accepts it".to_string(),
            };
            Some((what, why))
        }
        None => {
            if !(0..CELLS).any(|cell| island.cell_takes(c, cell, kind)) {
                let kind = def.kind.name();
                let why = format!("no empty spot on your island takes {} {kind} tile", super::text::article(kind));
                return Some((format!("the {}", def.name), why));
            }
            let (over, bound) = island.broken_limit(c, printed_extra(c, kind))?;
            let why =
                format!("its printed pieces would put more {} than {} on your island", pieces(over), pieces(bound));
            Some((format!("the {}", def.name), why))
        }
    }
}

/// Why the mover may not buy the face-up Treasure Chest now (`None`: they may, or it is not the time to buy).
pub(super) fn chest(c: &Content, state: &State) -> Option<String> {
    if state.reveal {
        return None;
    }
    let holding = match state.phase {
        Phase::Travel => None,
        Phase::PlaceItem => Some(state.holding?),
        _ => return None,
    };
    if state.can_buy(c, holding) {
        return None;
    }
    let Some(kind) = state.chest_top else {
        return Some("you cannot buy a Treasure Chest: none is left".to_string());
    };
    let island = state.island(state.mover);
    let food = island.free_pips(Item::Food);
    if food < c.chest_cost as u32 {
        return Some(format!(
            "you cannot buy a Treasure Chest: it costs {} Food pips and your island holds {food}",
            c.chest_cost
        ));
    }
    let name = &c.tiles[kind as usize].name;
    if !(0..CELLS).any(|cell| island.cell_takes(c, cell, kind)) {
        return Some(format!("you cannot buy the {name}: no empty spot on your island takes a chest"));
    }
    let mut extra = printed_extra(c, kind);
    if let Some((over, bound)) = island.broken_limit(c, extra) {
        return Some(format!(
            "you cannot buy the {name}: its printed pieces would put more {} than {} on your island",
            pieces(over),
            pieces(bound)
        ));
    }
    let held = holding?;
    extra[held.item.index()] += 1;
    Some(match island.broken_limit(c, extra) {
        Some((over, bound)) => format!(
            "you cannot buy the {name}: with the {} you hold, your island would hold more {} than {}",
            held.item.name(),
            pieces(over),
            pieces(bound)
        ),
        None => format!(
            "you cannot buy the {name}: the {} you hold would still have no spot that accepts it",
            held.item.name()
        ),
    })
}
