//! End-of-game Fame: Ships ranking, Rum sets, each Infrastructure tile, Statues and the Turn track's 1st spot;
//! the winners by Fame, then Food pips, then Cannons.

use plunder_core::{Seat, SeatSet};
use serde::Serialize;

use super::content::{in_reach, Content, Effect, Item, TileType, CELLS};
use super::state::{Island, State, MAX_PLAYERS};

/// One player's Fame, by source.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Score {
    pub ships: u32,
    pub rum: u32,
    pub infrastructure: u32,
    pub statues: u32,
    pub first: u32,
    /// The catch-up Fame variant's Fame (0 without it).
    pub catch_up: u32,
    pub total: u32,
    /// Tie-breaks: Food pips, then Cannons.
    pub food: u32,
    pub cannons: u8,
}

/// The Fame of a Rum set of `n`: every full set scores the table's top, the rest starts a new set.
pub fn rum_set(c: &Content, n: u32) -> u32 {
    let max = c.rum_max_set as u32;
    (n / max) * c.rum_table[max as usize] + c.rum_table[(n % max) as usize]
}

/// Rum Fame: connected groups of adjacent Rums (the same tile or tiles sharing a side).
pub fn rum(c: &Content, island: &Island) -> u32 {
    let mut per_cell = [0u32; CELLS];
    for (cell, plot) in island.plots.iter().enumerate() {
        if let Some(t) = plot.tile {
            per_cell[cell] = c.tiles[t as usize].printed_count(Item::Rum) as u32
                + plot.spots.iter().flatten().filter(|h| h.item == Item::Rum).count() as u32;
        }
    }
    let mut seen = [false; CELLS];
    let mut total = 0;
    for start in 0..CELLS {
        if per_cell[start] == 0 || seen[start] {
            continue;
        }
        let mut stack = [0usize; CELLS];
        let (mut top, mut size) = (1, 0);
        stack[0] = start;
        seen[start] = true;
        while top > 0 {
            top -= 1;
            let cell = stack[top];
            size += per_cell[cell];
            for next in 0..CELLS {
                if !seen[next] && per_cell[next] > 0 && in_reach(cell, next) {
                    seen[next] = true;
                    stack[top] = next;
                    top += 1;
                }
            }
        }
        total += rum_set(c, size);
    }
    total
}

/// Items of `item` on a cell (printed and placed).
fn on_cell(c: &Content, island: &Island, cell: usize, item: Item) -> u32 {
    let plot = &island.plots[cell];
    plot.tile.map_or(0, |t| {
        c.tiles[t as usize].printed_count(item) as u32
            + plot.spots.iter().flatten().filter(|h| h.item == item).count() as u32
    })
}

/// What one Infrastructure tile's ability scores on `cell`.
pub fn infrastructure_tile(c: &Content, island: &Island, cell: usize, effect: &Effect) -> u32 {
    match effect {
        Effect::ScoreDistinctNames { tile_types, fame } => {
            let mut names = 0u32;
            let mut seen_kinds = 0u64;
            for plot in &island.plots {
                if let Some(t) = plot.tile {
                    if tile_types.contains(&c.tiles[t as usize].kind) && seen_kinds & (1 << t) == 0 {
                        seen_kinds |= 1 << t;
                        names += 1;
                    }
                }
            }
            names * fame
        }
        Effect::ScoreTilesHolding { items, fame } => {
            let holding = (0..CELLS).filter(|&cell| items.iter().all(|&i| on_cell(c, island, cell, i) > 0)).count();
            holding as u32 * fame
        }
        Effect::ScoreValueSum { die, fame_per_pip } => island.pips(c, *die) * fame_per_pip,
        Effect::ScoreNeighbours { item, fame } => {
            let mut sum = 0;
            for a in 0..CELLS {
                let here = on_cell(c, island, a, *item);
                if here == 0 {
                    continue;
                }
                // Each piece here counts the others on its tile and every such piece on the tiles beside it.
                let around: u32 =
                    (0..CELLS).filter(|&b| b != a && in_reach(a, b)).map(|b| on_cell(c, island, b, *item)).sum();
                sum += here * (here - 1 + around);
            }
            sum * fame
        }
        Effect::ScoreItemsInReach { fame } => {
            let mut n = 0;
            for other in (0..CELLS).filter(|&o| in_reach(cell, o)) {
                n += Item::ALL.iter().map(|&i| on_cell(c, island, other, i)).sum::<u32>();
            }
            n * fame
        }
        Effect::ScoreItemCount { item, fame } => island.count(c, *item) as u32 * fame,
        _ => 0,
    }
}

/// Each player's place in the Ships ranking (0 = 1st): by pip sum, then by pieces; tied players share the place
/// and the next takes the place after them (competition ranking). `None` without Ships.
pub fn ship_places(c: &Content, state: &State) -> [Option<u8>; MAX_PLAYERS] {
    let players = state.players();
    let mut ships = [(0u32, 0u8); MAX_PLAYERS];
    for (s, ship) in ships.iter_mut().enumerate().take(players) {
        *ship = (state.islands[s].pips(c, Item::Ship), state.islands[s].count(c, Item::Ship));
    }
    let mut places = [None; MAX_PLAYERS];
    for s in (0..players).filter(|&s| ships[s].1 > 0) {
        places[s] = Some((0..players).filter(|&o| ships[o].1 > 0 && ships[o] > ships[s]).count() as u8);
    }
    places
}

/// Every player's Fame at the end of the game.
pub fn scores(c: &Content, state: &State) -> [Score; MAX_PLAYERS] {
    let players = state.players();
    let mut out = [Score::default(); MAX_PLAYERS];
    let places = ship_places(c, state);
    for (score, place) in out.iter_mut().zip(places) {
        score.ships = place.and_then(|p| c.ship_awards.get(p as usize)).copied().unwrap_or(0);
    }
    for (s, score) in out.iter_mut().enumerate().take(players) {
        let island = &state.islands[s];
        score.rum = rum(c, island);
        for cell in 0..CELLS {
            if let Some(t) = island.plots[cell].tile {
                let def = &c.tiles[t as usize];
                if def.kind == TileType::Infrastructure {
                    score.infrastructure +=
                        def.effects.iter().map(|e| infrastructure_tile(c, island, cell, e)).sum::<u32>();
                }
            }
        }
        score.statues = state.statues[s] as u32 * c.statue_fame;
        if state.track[0] == Some(Seat(s as u8)) {
            score.first = c.first_fame;
        }
        score.catch_up = state.catch_up_fame[s] as u32;
        score.total = score.ships + score.rum + score.infrastructure + score.statues + score.first + score.catch_up;
        score.food = island.pips(c, Item::Food);
        score.cannons = island.count(c, Item::Cannon);
    }
    out
}

/// The winners: the most Fame, then the most Food pips, then the most Cannons; still equal, a shared win.
pub fn winners(scores: &[Score], players: usize) -> SeatSet {
    let key = |s: &Score| (s.total, s.food, s.cannons);
    let best = scores[..players].iter().map(key).max();
    (0..players).filter(|&s| Some(key(&scores[s])) == best).map(|s| Seat(s as u8)).collect()
}
