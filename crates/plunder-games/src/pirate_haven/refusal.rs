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
    let island = state.island(state.mover);
    let at = state.pos[state.mover.index()].checked_sub(1)?;
    let slot = state.map.get(at as usize)?;
    let def = &c.tiles[slot.tile? as usize];
    // A chest could have made room (rule: "counting a Treasure Chest you could buy now"); say it did not.
    let chest = if state.chest_top.is_some() { ", even counting a Treasure Chest you could buy now" } else { "" };
    match def.offers {
        Some(item) => {
            let what = format!("the {} {}", item.name(), if item.is_die() { "die" } else { "token" });
            if def.kind == TileType::Die && slot.die.is_none() {
                return Some(format!(
                    "you cannot take {what}: the tile holds none (the pool ran out of {} dice)",
                    item.name()
                ));
            }
            let mut extra = [0; 6];
            extra[item.index()] = 1;
            Some(match island.broken_limit(c, extra) {
                Some((over, bound)) => format!(
                    "you cannot take {what}: your island would hold more {} than {}{chest}",
                    pieces(over),
                    pieces(bound)
                ),
                None => format!("you cannot take {what}: no empty spot on your island accepts it{chest}"),
            })
        }
        None => {
            let kind = slot.tile?;
            if !(0..CELLS).any(|cell| island.cell_takes(c, cell, kind)) {
                return Some(format!(
                    "you cannot take {}: no empty island spot of your island takes a {} tile",
                    def.name,
                    def.kind.name()
                ));
            }
            let (over, bound) = island.broken_limit(c, printed_extra(c, kind))?;
            Some(format!(
                "you cannot take {}: its printed pieces would put more {} than {} on your island",
                def.name,
                pieces(over),
                pieces(bound)
            ))
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
        return Some(format!("you cannot buy the {name}: no empty island spot of your island takes a chest"));
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
