//! Pirate Haven's bookkeeping, checked after every step by `plunder soak`: dice only move between the pool, the
//! map, the hand and the islands; Treasure Chests and Statues are conserved; the round's stack loses exactly the
//! tiles laid; every island keeps its limits, its Tavern and its pieces on real spots; counts stay in bounds.

use plunder_core::{Game, Seat};

use super::content::{Item, TileType, MAX_KINDS, MAX_SLOTS, ROUNDS};
use super::state::{Back, Phase, State, MAX_PLAYERS};
use super::PirateHaven;

impl PirateHaven {
    pub(crate) fn invariants(&self, state: &State) -> Result<(), String> {
        let c = self.content();
        let players = state.players();
        if players != self.seats() {
            return Err(format!("{players} islands in play at a table of {}", self.seats()));
        }
        if !(1..=ROUNDS as u8).contains(&state.round) {
            return Err(format!("round {} of {ROUNDS}", state.round));
        }
        if state.mover.index() >= players {
            return Err(format!("{} is to move at a table of {players}", state.mover));
        }

        // The map: only its slots hold tiles; a die lies only on a Die tile, showing 1 to 6.
        let map_len = state.map_len as usize;
        if map_len > MAX_SLOTS || state.map[map_len..].iter().any(|slot| slot.tile.is_some() || slot.die.is_some()) {
            return Err(format!("a tile or die lies beyond the map's {map_len} slots"));
        }
        for (i, slot) in state.map[..map_len].iter().enumerate() {
            if let Some(value) = slot.die {
                let on_die_tile = slot.tile.is_some_and(|k| c.tiles[k as usize].kind == TileType::Die);
                if !on_die_tile || !(1..=6).contains(&value) {
                    return Err(format!("slot {} holds a die showing {value} off a Die tile or out of 1-6", i + 1));
                }
            }
        }

        // Dice: the pool, the map, the hand and the islands hold every die there is.
        let mut dice = [0u32; 3];
        for (count, &n) in dice.iter_mut().zip(&state.pool) {
            *count += u32::from(n);
        }
        for slot in &state.map[..map_len] {
            if let (Some(kind), Some(_)) = (slot.tile, slot.die) {
                if let Some(item) = c.tiles[kind as usize].offers {
                    dice[item.index()] += 1;
                }
            }
        }
        if let Some(held) = state.holding.filter(|h| h.item.is_die()) {
            dice[held.item.index()] += 1;
        }

        // Chests: the pile below, the face-up one, the one being placed and those on the islands.
        let mut chests = state.chests.iter().map(|&n| u32::from(n)).sum::<u32>() + u32::from(state.chest_top.is_some());
        if let Phase::PlaceChest { .. } = state.phase {
            chests += 1;
        }

        // Round tiles, by kind: on the map or on an island, never more than the game has.
        let mut tiles = [0u32; MAX_KINDS];
        for slot in &state.map[..map_len] {
            if let Some(kind) = slot.tile {
                tiles[kind as usize] += 1;
            }
        }

        for seat in Seat::all(players) {
            let island = state.island(seat);
            if island.plots[c.tavern_cell as usize].tile != Some(c.tavern) {
                return Err(format!("{seat}'s Tavern is not on its cell"));
            }
            for (cell, plot) in island.plots.iter().enumerate() {
                let spot_count = plot.tile.map_or(0, |k| c.tiles[k as usize].spot_count);
                for (spot, held) in plot.spots.iter().enumerate() {
                    let Some(held) = held else { continue };
                    if spot as u8 >= spot_count {
                        return Err(format!(
                            "{seat} has a {} on cell {cell} spot {spot}, which is no spot",
                            held.item.name()
                        ));
                    }
                    let value_ok = if held.item.is_die() { (1..=6).contains(&held.value) } else { held.value == 0 };
                    if !value_ok {
                        return Err(format!("{seat}'s {} on cell {cell} shows {}", held.item.name(), held.value));
                    }
                    if held.item.is_die() {
                        dice[held.item.index()] += 1;
                    }
                }
                let Some(kind) = plot.tile else { continue };
                if kind == c.tavern && cell != c.tavern_cell as usize {
                    return Err(format!("{seat} has a second Tavern"));
                }
                match c.tiles[kind as usize].kind {
                    TileType::Chest => chests += 1,
                    TileType::Tavern => {}
                    _ => tiles[kind as usize] += 1,
                }
            }
            if let Some((over, bound)) = island.broken_limit(c, [0; 6]) {
                return Err(format!("{seat}'s island holds more {} than {}", over.name(), bound.name()));
            }
            if state.coup[seat.index()] > c.top {
                return Err(format!("{seat} is above the Coup track's top"));
            }
            if state.pos[seat.index()] > state.map_len {
                return Err(format!("{seat} is beyond the map"));
            }
        }
        for (i, (&n, &start)) in dice.iter().zip(&c.pool).enumerate() {
            if n != u32::from(start) {
                return Err(format!("{n} {} dice in the game, {start} in the box", Item::ALL[i].name()));
            }
        }
        let chests_in_box: u32 = c.chest_kinds.iter().map(|&k| u32::from(c.tiles[k as usize].copies)).sum();
        if chests != chests_in_box {
            return Err(format!("{chests} Treasure Chests in the game, {chests_in_box} in the box"));
        }
        let statues = u32::from(state.statues_left) + state.statues.iter().map(|&n| u32::from(n)).sum::<u32>();
        if statues != u32::from(c.statues) {
            return Err(format!("{statues} Statues in the game, {} in the box", c.statues));
        }
        if let Some(kind) = (0..c.tiles.len()).find(|&k| tiles[k] > u32::from(c.tiles[k].copies)) {
            return Err(format!(
                "{} copies of {} in play, {} in the box",
                tiles[kind], c.tiles[kind].name, c.tiles[kind].copies
            ));
        }

        // The round's stack loses exactly the tiles laid so far this round.
        let round = state.round as usize - 1;
        if let Some(kind) =
            c.round_kinds.iter().find(|&&k| state.stack[k as usize] > c.tiles[k as usize].per_stack[round])
        {
            return Err(format!("the stack holds more {} than the round's stack had", c.tiles[*kind as usize].name));
        }
        let stack_at_start: u32 = c.round_kinds.iter().map(|&k| u32::from(c.tiles[k as usize].per_stack[round])).sum();
        let laid = match state.phase {
            Phase::Lay { slot } => u32::from(slot) - 1,
            Phase::Roll { slot } => u32::from(slot),
            _ => u32::from(state.map_len),
        };
        let left: u32 = state.stack.iter().map(|&n| u32::from(n)).sum();
        if left + laid != stack_at_start {
            return Err(format!("the round's stack holds {left} tiles after {laid} laid, of {stack_at_start}"));
        }

        // The Turn track: seats at the table, each at most once.
        let track = &state.track[..players];
        if state.track[players..MAX_PLAYERS].iter().any(Option::is_some) {
            return Err("a seat beyond the table is on the Turn track".into());
        }
        for (i, seat) in track.iter().enumerate() {
            if let Some(seat) = seat {
                if seat.index() >= players || track[..i].contains(&Some(*seat)) {
                    return Err(format!("{seat} is on the Turn track twice or is not at the table"));
                }
            }
        }

        // A taken die or token is held exactly while it waits to be placed (a chest bought meanwhile included).
        let placing = matches!(
            state.phase,
            Phase::PlaceItem
                | Phase::Pay { back: Back::PlaceItem, .. }
                | Phase::PlaceChest { back: Back::PlaceItem, .. }
        );
        if state.holding.is_some() != placing {
            return Err(format!("a taken piece is held: {}, in phase {:?}", state.holding.is_some(), state.phase));
        }
        Ok(())
    }
}
