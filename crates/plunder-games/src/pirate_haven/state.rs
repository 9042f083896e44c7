//! A Pirate Haven position and its transitions. Fixed-size and allocation-free: the unchecked path copies
//! nothing but bytes. Every rule here reads the checked `Content` tables.

use plunder_core::{Seat, SeatSet, Teller};
use serde::Serialize;

use super::action::{Cell, Spot};
use super::content::{reach, Content, Item, TileType, CELLS, MAX_CHEST_KINDS, MAX_KINDS, MAX_SLOTS};
use super::event::{Advance, Decider, Event, Raise, Step};
use super::score::{infrastructure_tile, scores, ship_places, winners, Score};

/// The most players (one island each).
pub const MAX_PLAYERS: usize = 4;
/// The fewest players.
pub const MIN_PLAYERS: usize = 2;

/// A die (with its value) or a token on a spot, or waiting to be placed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Held {
    pub item: Item,
    /// A die's value (1-6); 0 for a token.
    pub value: u8,
}

/// One cell of an island: the tile on it (an index into the tile table) and what its spots hold.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Plot {
    pub tile: Option<u8>,
    pub spots: [Option<Held>; 2],
}

/// A player's island.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Island {
    pub plots: [Plot; CELLS],
}

/// One slot of the map row: its tile (an index into the tile table) and, on a Die tile, the rolled die.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Slot {
    pub tile: Option<u8>,
    pub die: Option<u8>,
}

/// Where play goes once a bought chest is placed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Back {
    /// Before travelling.
    Travel,
    /// Holding a taken die or token, still to place.
    PlaceItem,
}

/// What the game waits for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum Phase {
    /// Chance: the tile of this map slot (1-based).
    Lay { slot: u8 },
    /// Chance: the die on this slot's Die tile.
    Roll { slot: u8 },
    /// The mover travels (or leaves, or buys a chest).
    Travel,
    /// The mover takes or discards what lies on the slot landed on.
    Resolve,
    /// The mover places the taken tile.
    PlaceTile { kind: u8 },
    /// The mover places the taken die or token (`State::holding`), or buys a chest to make room.
    PlaceItem,
    /// The mover pays `left` more Food pips for the chest being bought.
    Pay { left: u8, back: Back },
    /// The mover places the bought chest.
    PlaceChest { kind: u8, back: Back },
    /// A Coup spot's bonus: the mover raises one of these dice.
    CoupRaise { die: Item, amount: u8 },
    /// The mover may spend Food or Gold pips to climb.
    CoupSpend,
    /// The Port `port`'s reroll: the mover picks a die of this colour or skips.
    Reroll { die: Item, port: u8 },
    /// Chance: the new value of the rerolled die.
    Rerolling { at: Spot },
    /// The Port `port` (the Harbour Master): the mover may move one piece.
    Relocate { port: u8 },
    /// The game is over.
    Over,
}

/// A position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct State {
    pub players: u8,
    /// The round (1-4; 4 once over).
    pub round: u8,
    pub phase: Phase,
    /// A Treasure Chest is to be turned face up (a chance event before anything else).
    pub reveal: bool,
    pub map: [Slot; MAX_SLOTS],
    pub map_len: u8,
    /// The round's stack, by kind (what is left of its tiles; the order is drawn as they are laid).
    pub stack: [u8; MAX_KINDS],
    /// Food, Gold and Ship dice in the pool.
    pub pool: [u8; 3],
    /// Treasure Chests under the face-up one, by kind (index into `Content::chest_kinds`).
    pub chests: [u8; MAX_CHEST_KINDS],
    /// The face-up chest (a tile kind).
    pub chest_top: Option<u8>,
    pub statues_left: u8,
    /// Whose decision it is.
    pub mover: Seat,
    /// Each player's map position: 0 is the start, 1..=map_len a slot.
    pub pos: [u8; MAX_PLAYERS],
    /// The Turn track this round: who left first, second, ...
    pub track: [Option<Seat>; MAX_PLAYERS],
    /// This round's starting order (the Turn track of the round before).
    pub order: [Seat; MAX_PLAYERS],
    pub coup: [u8; MAX_PLAYERS],
    /// Coup spots whose bonus each player has taken this round (bit per spot).
    pub bonuses: [u16; MAX_PLAYERS],
    /// Somebody reached the top this round (the Coup happened).
    pub coup_done: bool,
    pub statues: [u8; MAX_PLAYERS],
    pub islands: [Island; MAX_PLAYERS],
    /// The die or token taken, until placed.
    pub holding: Option<Held>,
    /// Free Coup steps still to climb in the advance under way.
    pub free_left: u8,
    /// Fame each seat scores at the end by the catch-up Fame variant (0 without it).
    pub catch_up_fame: [u8; MAX_PLAYERS],
}

impl Island {
    fn new(c: &Content) -> Island {
        let mut island = Island { plots: [Plot::default(); CELLS] };
        let tavern = &mut island.plots[c.tavern_cell as usize];
        tavern.tile = Some(c.tavern);
        for &(spot, item, value) in &c.tavern_start {
            tavern.spots[spot as usize] = Some(Held { item, value });
        }
        island
    }

    /// Pieces of `item` on the island, printed ones included.
    pub fn count(&self, c: &Content, item: Item) -> u8 {
        self.counts(c)[item.index()]
    }

    /// Pieces of every item on the island, printed ones included, in one pass.
    pub fn counts(&self, c: &Content) -> [u8; 6] {
        let mut n = [0u8; 6];
        for plot in &self.plots {
            if let Some(tile) = plot.tile {
                let printed = &c.tiles[tile as usize].printed_items;
                for (count, p) in n.iter_mut().zip(printed) {
                    *count += p;
                }
                for h in plot.spots.iter().flatten() {
                    n[h.item.index()] += 1;
                }
            }
        }
        n
    }

    /// Pips of `item` dice on the island, printed ones included.
    pub fn pips(&self, c: &Content, item: Item) -> u32 {
        let mut n = 0;
        for plot in &self.plots {
            if let Some(tile) = plot.tile {
                n += c.tiles[tile as usize]
                    .printed
                    .iter()
                    .flatten()
                    .filter(|p| p.item == item)
                    .map(|p| p.value as u32)
                    .sum::<u32>();
                n += plot.spots.iter().flatten().filter(|h| h.item == item).map(|h| h.value as u32).sum::<u32>();
            }
        }
        n
    }

    /// Pips of the non-printed dice of `item` (what can be spent).
    pub fn free_pips(&self, item: Item) -> u32 {
        self.plots
            .iter()
            .flat_map(|p| p.spots.iter().flatten())
            .filter(|h| h.item == item)
            .map(|h| h.value as u32)
            .sum()
    }

    /// Whether adding these pieces keeps every limit.
    pub fn limits_hold(&self, c: &Content, extra: [u8; 6]) -> bool {
        self.broken_limit(c, extra).is_none()
    }

    /// The first limit adding these pieces would break, as (the item, the item it may not outnumber).
    pub fn broken_limit(&self, c: &Content, extra: [u8; 6]) -> Option<(Item, Item)> {
        if c.limits.is_empty() {
            return None;
        }
        let n = self.counts(c);
        c.limits
            .iter()
            .copied()
            .find(|&(item, bound)| n[item.index()] + extra[item.index()] > n[bound.index()] + extra[bound.index()])
    }

    /// Whether a Smuggler's Den (free spots) is within reach of `cell`.
    pub fn free_spots_at(&self, c: &Content, cell: usize) -> bool {
        reach(cell).any(|r| self.plots[r].tile.is_some_and(|t| c.tiles[t as usize].free_spots))
    }

    /// Whether the empty spot `at` accepts `item` (spot restrictions and Dens; not limits).
    pub fn accepts(&self, c: &Content, at: Spot, item: Item) -> bool {
        let plot = &self.plots[at.cell.index()];
        let Some(tile) = plot.tile else { return false };
        let def = &c.tiles[tile as usize];
        at.spot < def.spot_count
            && plot.spots[at.spot as usize].is_none()
            && (def.spots[at.spot as usize] & item.bit() != 0 || self.free_spots_at(c, at.cell.index()))
    }

    /// Every spot holding a non-printed piece, with it.
    pub fn pieces(&self) -> impl Iterator<Item = (Spot, Held)> + '_ {
        self.plots.iter().enumerate().flat_map(|(cell, plot)| {
            plot.spots
                .iter()
                .enumerate()
                .filter_map(move |(spot, h)| h.map(|h| (Spot { cell: Cell(cell as u8), spot: spot as u8 }, h)))
        })
    }

    /// Every empty spot on the island's tiles.
    pub fn empty_spots<'a>(&'a self, c: &'a Content) -> impl Iterator<Item = Spot> + 'a {
        self.plots.iter().enumerate().flat_map(move |(cell, plot)| {
            let count = plot.tile.map_or(0, |t| c.tiles[t as usize].spot_count);
            (0..count)
                .filter(move |&s| plot.spots[s as usize].is_none())
                .map(move |spot| Spot { cell: Cell(cell as u8), spot })
        })
    }

    /// Whether `item` could be placed now: a limit-keeping, accepting empty spot.
    pub fn can_place(&self, c: &Content, item: Item) -> bool {
        let mut extra = [0; 6];
        extra[item.index()] = 1;
        self.limits_hold(c, extra) && self.empty_spots(c).any(|at| self.accepts(c, at, item))
    }

    /// Whether an empty cell takes a tile of `kind` (by the cell's colour).
    pub fn cell_takes(&self, c: &Content, cell: usize, kind: u8) -> bool {
        self.plots[cell].tile.is_none() && c.cells[cell].accepts & c.tiles[kind as usize].kind.bit() != 0
    }

    /// Whether a tile of `kind` could be placed now (a free cell of its colour; its printed items keep limits).
    pub fn can_place_tile(&self, c: &Content, kind: u8) -> bool {
        (0..CELLS).any(|cell| self.cell_takes(c, cell, kind)) && self.limits_hold(c, printed_extra(c, kind))
    }

    /// Puts a die or token on a spot; a die gets the boosts of Houses within reach.
    pub fn place_item(&mut self, c: &Content, at: Spot, mut held: Held) {
        if held.item.is_die() {
            for r in reach(at.cell.index()) {
                if let Some(t) = self.plots[r].tile {
                    held.value = (held.value + c.tiles[t as usize].boost_later[held.item.index()]).min(6);
                }
            }
        }
        self.plots[at.cell.index()].spots[at.spot as usize] = Some(held);
    }

    /// Puts a tile on a cell; its "when placed" boosts raise the dice within reach.
    pub fn place_tile(&mut self, c: &Content, cell: usize, kind: u8) {
        self.plots[cell].tile = Some(kind);
        let boost = c.tiles[kind as usize].boost_now;
        if boost != [0; 3] {
            for r in reach(cell) {
                for held in self.plots[r].spots.iter_mut().flatten() {
                    if held.item.is_die() {
                        held.value = (held.value + boost[held.item.index()]).min(6);
                    }
                }
            }
        }
    }

    /// Spends one pip of the die on `at`; a die at 0 leaves the island. Returns whether it left.
    pub fn spend(&mut self, at: Spot) -> bool {
        let slot = &mut self.plots[at.cell.index()].spots[at.spot as usize];
        if let Some(h) = slot {
            h.value = h.value.saturating_sub(1);
            if h.value == 0 {
                *slot = None;
                return true;
            }
        }
        false
    }

    /// Free Coup steps the island's Houses add to each advance.
    pub fn coup_bonus(&self, c: &Content) -> u8 {
        self.plots.iter().filter_map(|p| p.tile).map(|t| c.tiles[t as usize].coup_bonus).sum()
    }

    /// Whether some non-printed die of `item` is below 6.
    pub fn raisable(&self, item: Item) -> bool {
        self.pieces().any(|(_, h)| h.item == item && h.value < 6)
    }

    /// Whether the Harbour Master has anything to move.
    pub fn can_relocate(&self, c: &Content) -> bool {
        let items =
            self.pieces().any(|(from, h)| self.empty_spots(c).any(|to| to != from && self.accepts(c, to, h.item)));
        items
            || (0..CELLS).any(|from| {
                self.plots[from]
                    .tile
                    .is_some_and(|t| t != c.tavern && (0..CELLS).any(|to| to != from && self.cell_takes(c, to, t)))
            })
    }
}

/// The printed pieces of a tile kind, by item.
pub fn printed_extra(c: &Content, kind: u8) -> [u8; 6] {
    let mut extra = [0; 6];
    for p in c.tiles[kind as usize].printed.iter().flatten() {
        extra[p.item.index()] += 1;
    }
    extra
}

impl State {
    pub fn new(c: &Content, players: usize, first: Seat) -> State {
        let island = Island::new(c);
        let mut order = [Seat(0); MAX_PLAYERS];
        for (i, o) in order.iter_mut().enumerate().take(players) {
            *o = Seat(((first.index() + i) % players) as u8);
        }
        let mut chests = [0; MAX_CHEST_KINDS];
        for (i, &k) in c.chest_kinds.iter().enumerate() {
            chests[i] = c.tiles[k as usize].copies;
        }
        let mut state = State {
            players: players as u8,
            round: 1,
            phase: Phase::Lay { slot: 1 },
            reveal: true,
            map: [Slot::default(); MAX_SLOTS],
            map_len: c.map_tiles[players],
            stack: [0; MAX_KINDS],
            pool: c.pool,
            chests,
            chest_top: None,
            statues_left: c.statues,
            mover: first,
            pos: [0; MAX_PLAYERS],
            track: [None; MAX_PLAYERS],
            order,
            coup: [0; MAX_PLAYERS],
            bonuses: [0; MAX_PLAYERS],
            coup_done: false,
            statues: [0; MAX_PLAYERS],
            islands: [island; MAX_PLAYERS],
            holding: None,
            free_left: 0,
            catch_up_fame: [0; MAX_PLAYERS],
        };
        // The Tavern's starting dice come from the pool.
        for &(_, item, _) in &c.tavern_start {
            state.pool[item.index()] = state.pool[item.index()].saturating_sub(players as u8);
        }
        state.fill_stack(c);
        state
    }

    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// The catch-up Fame variant: the player in place `i` of round 1's order (0 first) scores `i * fame` more.
    pub fn set_catch_up_fame(&mut self, fame: u8) {
        for place in 0..self.players() {
            self.catch_up_fame[self.order[place].index()] = fame.saturating_mul(place as u8);
        }
    }

    /// The catch-up Food variant: the player in place `i` of round 1's order (0 first) gets `i * pips` more on
    /// the Food die of their Tavern's start, up to the die's 6.
    pub fn add_catch_up_food(&mut self, c: &Content, pips: u8) {
        for place in 1..self.players() {
            let seat = self.order[place];
            let tavern = &mut self.islands[seat.index()].plots[c.tavern_cell as usize];
            for &(spot, item, _) in &c.tavern_start {
                if let (Item::Food, Some(held)) = (item, tavern.spots[spot as usize].as_mut()) {
                    held.value = (held.value + pips.saturating_mul(place as u8)).min(6);
                }
            }
        }
    }

    pub fn island(&self, seat: Seat) -> &Island {
        &self.islands[seat.index()]
    }

    /// Whether `seat` has left the map this round.
    pub fn has_left(&self, seat: Seat) -> bool {
        self.track.contains(&Some(seat))
    }

    fn fill_stack(&mut self, c: &Content) {
        self.stack = [0; MAX_KINDS];
        for &k in &c.round_kinds {
            self.stack[k as usize] = c.tiles[k as usize].per_stack[self.round as usize - 1];
        }
    }

    /// The player closest to the Coup board still on the map: the lowest position, the start in Turn-track order.
    pub fn closest(&self) -> Option<Seat> {
        let mut best: Option<(u8, usize, Seat)> = None;
        for (rank, &seat) in self.order.iter().enumerate().take(self.players()) {
            if self.has_left(seat) {
                continue;
            }
            let key = (self.pos[seat.index()], rank, seat);
            if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                best = Some(key);
            }
        }
        best.map(|b| b.2)
    }

    /// Whether the mover may buy the face-up chest now (holding `holding`, which must stay placeable).
    pub fn can_buy(&self, c: &Content, holding: Option<Held>) -> bool {
        let Some(kind) = self.chest_top else { return false };
        let island = self.island(self.mover);
        if island.free_pips(Item::Food) < c.chest_cost as u32
            || !(0..CELLS).any(|cell| island.cell_takes(c, cell, kind))
        {
            return false;
        }
        let mut extra = printed_extra(c, kind);
        if !island.limits_hold(c, extra) {
            return false;
        }
        match holding {
            None => true,
            Some(h) => {
                extra[h.item.index()] += 1;
                let def = &c.tiles[kind as usize];
                let chest_spot = (0..def.spot_count).any(|s| def.spots[s as usize] & h.item.bit() != 0);
                island.limits_hold(c, extra) && (chest_spot || island.can_place(c, h.item))
            }
        }
    }

    /// Whether the mover may take what lies on the landed slot.
    pub fn can_take(&self, c: &Content) -> bool {
        self.could_take(c, self.pos[self.mover.index()])
    }

    /// Whether the mover could take what lies on map slot `slot` (from 1) if it landed there now: travelling
    /// changes nothing else, so this is what the travel menu can tell before the move.
    pub fn could_take(&self, c: &Content, slot: u8) -> bool {
        let Some(&slot) = (slot as usize).checked_sub(1).and_then(|i| self.map.get(i)) else { return false };
        let Some(kind) = slot.tile else { return false };
        let def = &c.tiles[kind as usize];
        let island = self.island(self.mover);
        match (def.kind, def.offers) {
            (TileType::Die, Some(item)) => {
                slot.die.is_some_and(|value| island.can_place(c, item) || self.can_buy(c, Some(Held { item, value })))
            }
            (TileType::Token, Some(item)) => {
                island.can_place(c, item) || self.can_buy(c, Some(Held { item, value: 0 }))
            }
            _ => island.can_place_tile(c, kind),
        }
    }

    // ---- Transitions. Each tells what it does; `T::LISTENING` guards work done only to tell. ----

    /// The tile kind on `at`'s cell of the mover's island (the Tavern if empty: never asked of an empty cell).
    fn tile_on(&self, cell: Cell) -> u8 {
        self.islands[self.mover.index()].plots[cell.index()].tile.unwrap_or(0)
    }

    /// What the mover's spot `at` holds.
    fn held_at(&self, at: Spot) -> Option<Held> {
        self.islands[self.mover.index()].plots[at.cell.index()].spots.get(at.spot as usize).copied().flatten()
    }

    /// The laying of the map goes on after `slot`.
    pub fn laid<T: Teller<Event>>(&mut self, c: &Content, slot: u8, told: &mut T) {
        if slot < self.map_len {
            self.phase = Phase::Lay { slot: slot + 1 };
        } else {
            told.public(|| Event::MapLaid { round: self.round, unused: self.stack.iter().sum() });
            self.next_turn(c, told);
        }
    }

    /// A tile is drawn for `slot`.
    pub fn lay<T: Teller<Event>>(&mut self, c: &Content, slot: u8, kind: u8, told: &mut T) {
        if slot == 1 {
            told.public(|| Event::RoundBegins {
                round: self.round,
                tiles: self.map_len,
                stack: self.stack.iter().sum(),
                order: self.order[..self.players()].to_vec(),
            });
        }
        self.stack[kind as usize] -= 1;
        self.map[slot as usize - 1] = Slot { tile: Some(kind), die: None };
        told.public(|| Event::TileLaid { round: self.round, slot, kind });
        let def = &c.tiles[kind as usize];
        match def.offers {
            Some(item) if def.kind == TileType::Die && self.pool[item.index()] > 0 => {
                self.phase = Phase::Roll { slot };
            }
            Some(die) if def.kind == TileType::Die => {
                told.public(|| Event::PoolEmpty { slot, die });
                self.laid(c, slot, told);
            }
            _ => self.laid(c, slot, told),
        }
    }

    /// The die on `slot` shows `value`.
    pub fn roll<T: Teller<Event>>(&mut self, c: &Content, slot: u8, value: u8, told: &mut T) {
        let s = &mut self.map[slot as usize - 1];
        if let Some(die) = s.tile.and_then(|k| c.tiles[k as usize].offers) {
            self.pool[die.index()] -= 1;
            told.public(|| Event::DieRolled { slot, die, value });
        }
        s.die = Some(value);
        self.laid(c, slot, told);
    }

    /// The turn is over: the closest player moves next, or the round ends.
    pub fn next_turn<T: Teller<Event>>(&mut self, c: &Content, told: &mut T) {
        self.holding = None;
        self.free_left = 0;
        match self.closest() {
            Some(seat) => {
                self.mover = seat;
                self.phase = Phase::Travel;
                told.public(|| Event::Turn { seat, pos: self.pos[seat.index()] });
            }
            None => self.end_round(c, told),
        }
    }

    fn end_round<T: Teller<Event>>(&mut self, c: &Content, told: &mut T) {
        let (mut leftovers, mut dice_back) = (0, 0);
        for slot in &mut self.map[..self.map_len as usize] {
            if let (Some(kind), Some(_)) = (slot.tile, slot.die) {
                if let Some(item) = c.tiles[kind as usize].offers {
                    self.pool[item.index()] += 1;
                    dice_back += 1;
                }
            }
            leftovers += slot.tile.is_some() as u8;
            *slot = Slot::default();
        }
        if !self.coup_done {
            let players = self.players();
            let high = self.coup[..players].iter().copied().max().unwrap_or(0);
            let highest: SeatSet = Seat::all(players).filter(|s| self.coup[s.index()] == high).collect();
            let statue = highest.len() == 1 && self.statues_left > 0;
            if statue {
                let seat = self.coup[..players].iter().position(|&h| h == high).unwrap_or(0);
                self.statues_left -= 1;
                self.statues[seat] += 1;
            }
            told.public(|| Event::CoupAtRoundEnd { round: self.round, highest, height: high, statue });
        }
        self.coup = [0; MAX_PLAYERS];
        self.bonuses = [0; MAX_PLAYERS];
        self.coup_done = false;
        let last = self.round as usize >= super::content::ROUNDS;
        told.public(|| Event::RoundEnds { round: self.round, leftovers, dice_back, last });
        if last {
            self.phase = Phase::Over;
            if T::LISTENING {
                tell_final_scores(c, self, told);
            }
            return;
        }
        self.round += 1;
        for (i, seat) in self.track.iter().enumerate().take(self.players()) {
            self.order[i] = seat.unwrap_or(Seat(i as u8));
        }
        self.track = [None; MAX_PLAYERS];
        self.pos = [0; MAX_PLAYERS];
        self.fill_stack(c);
        self.phase = Phase::Lay { slot: 1 };
    }

    pub fn travel<T: Teller<Event>>(&mut self, slot: u8, told: &mut T) {
        self.pos[self.mover.index()] = slot;
        self.phase = Phase::Resolve;
        let landed = self.map[slot as usize - 1];
        told.public(|| Event::Travelled { seat: self.mover, slot, kind: landed.tile.unwrap_or(0), die: landed.die });
    }

    pub fn leave<T: Teller<Event>>(&mut self, c: &Content, told: &mut T) {
        if let Some(place) = self.track.iter().position(|s| s.is_none()) {
            self.track[place] = Some(self.mover);
            told.public(|| {
                let from = self.pos[self.mover.index()] as usize;
                let forced = self.map[from..self.map_len as usize].iter().all(|s| s.tile.is_none());
                let last_round = self.round as usize >= super::content::ROUNDS;
                Event::Left { seat: self.mover, place: place as u8, forced, last_round }
            });
        }
        self.next_turn(c, told);
    }

    pub fn take<T: Teller<Event>>(&mut self, c: &Content, told: &mut T) {
        let slot = self.pos[self.mover.index()];
        let taken = std::mem::take(&mut self.map[slot as usize - 1]);
        let Some(kind) = taken.tile else { return };
        told.public(|| Event::Took { seat: self.mover, slot, kind, die: taken.die });
        match c.tiles[kind as usize].offers {
            Some(item) => {
                self.holding = Some(Held { item, value: taken.die.unwrap_or(0) });
                self.phase = Phase::PlaceItem;
            }
            None => self.phase = Phase::PlaceTile { kind },
        }
    }

    pub fn discard<T: Teller<Event>>(&mut self, c: &Content, told: &mut T) {
        let slot = self.pos[self.mover.index()];
        let dropped = std::mem::take(&mut self.map[slot as usize - 1]);
        if let Some(kind) = dropped.tile {
            told.public(|| Event::Discarded { seat: self.mover, slot, kind, die: dropped.die });
            if let (Some(_), Some(item)) = (dropped.die, c.tiles[kind as usize].offers) {
                self.pool[item.index()] += 1;
            }
        }
        self.next_turn(c, told);
    }

    /// Puts a tile on the mover's island, telling the dice its "when placed" boost raises.
    fn put_tile<T: Teller<Event>>(&mut self, c: &Content, cell: Cell, kind: u8, told: &mut T) {
        let seat = self.mover.index();
        let before = T::LISTENING.then(|| self.islands[seat]);
        self.islands[seat].place_tile(c, cell.index(), kind);
        let Some(before) = before else { return };
        for r in reach(cell.index()) {
            for (s, (old, new)) in before.plots[r].spots.iter().zip(self.islands[seat].plots[r].spots).enumerate() {
                if let (Some(old), Some(new)) = (old, new) {
                    if old.value != new.value {
                        told.public(|| Event::Raised {
                            seat: self.mover,
                            item: new.item,
                            at: Spot { cell: Cell(r as u8), spot: s as u8 },
                            on: self.islands[seat].plots[r].tile.unwrap_or(0),
                            from: old.value,
                            to: new.value,
                            by: Raise::House { kind },
                        });
                    }
                }
            }
        }
    }

    pub fn place_tile<T: Teller<Event>>(&mut self, c: &Content, cell: Cell, kind: u8, told: &mut T) {
        let seat = self.mover.index();
        told.public(|| Event::TilePlaced { seat: self.mover, kind, cell });
        self.put_tile(c, cell, kind, told);
        let def = &c.tiles[kind as usize];
        let port = kind;
        if def.coup_advance > 0 {
            self.start_advance(c, def.coup_advance, Advance::Port { kind }, told);
        } else if let Some(die) = def.reroll.filter(|&d| self.islands[seat].pieces().any(|(_, h)| h.item == d)) {
            self.phase = Phase::Reroll { die, port };
        } else if def.relocate && self.islands[seat].can_relocate(c) {
            self.phase = Phase::Relocate { port };
        } else {
            if def.reroll.is_some() || def.relocate {
                told.public(|| Event::Unusable { seat: self.mover, port });
            }
            self.next_turn(c, told);
        }
    }

    pub fn place_item<T: Teller<Event>>(&mut self, c: &Content, at: Spot, told: &mut T) {
        let Some(held) = self.holding.take() else { return };
        let seat = self.mover.index();
        self.islands[seat].place_item(c, at, held);
        told.public(|| {
            let island = &self.islands[seat];
            let boosted_by = match held.item.is_die() {
                true => reach(at.cell.index())
                    .filter_map(|r| island.plots[r].tile)
                    .filter(|&t| c.tiles[t as usize].boost_later[held.item.index()] > 0)
                    .collect(),
                false => Vec::new(),
            };
            Event::ItemPlaced {
                seat: self.mover,
                item: held.item,
                value: held.value,
                now: self.held_at(at).map_or(0, |h| h.value),
                at,
                on: self.tile_on(at.cell),
                boosted_by,
            }
        });
        if c.advance_items & held.item.bit() != 0 {
            self.start_advance(c, c.token_steps, Advance::Token { item: held.item }, told);
        } else {
            self.next_turn(c, told);
        }
    }

    pub fn buy_chest<T: Teller<Event>>(&mut self, c: &Content, told: &mut T) {
        let back = if self.phase == Phase::PlaceItem { Back::PlaceItem } else { Back::Travel };
        self.phase = Phase::Pay { left: c.chest_cost, back };
        told.public(|| Event::ChestBought { seat: self.mover, kind: self.chest_top.unwrap_or(0), cost: c.chest_cost });
    }

    pub fn pay<T: Teller<Event>>(&mut self, at: Spot, left: u8, back: Back, told: &mut T) {
        if self.islands[self.mover.index()].spend(at) {
            self.pool[Item::Food.index()] += 1;
        }
        told.public(|| Event::Paid {
            seat: self.mover,
            at,
            on: self.tile_on(at.cell),
            left: self.held_at(at).map_or(0, |h| h.value),
            owed: left - 1,
        });
        self.phase = if left > 1 {
            Phase::Pay { left: left - 1, back }
        } else {
            let kind = self.chest_top.take().unwrap_or(0);
            Phase::PlaceChest { kind, back }
        };
    }

    pub fn place_chest<T: Teller<Event>>(&mut self, c: &Content, cell: Cell, kind: u8, back: Back, told: &mut T) {
        told.public(|| Event::ChestPlaced { seat: self.mover, kind, cell });
        self.put_tile(c, cell, kind, told);
        self.reveal = self.chests.iter().any(|&n| n > 0);
        if !self.reveal {
            told.public(|| Event::ChestsGone);
        }
        self.phase = match back {
            Back::Travel => Phase::Travel,
            Back::PlaceItem => Phase::PlaceItem,
        };
    }

    /// The next chest is turned face up.
    pub fn reveal_chest<T: Teller<Event>>(&mut self, c: &Content, kind: u8, told: &mut T) {
        if let Some(i) = c.chest_kinds.iter().position(|&k| k == kind) {
            self.chests[i] -= 1;
        }
        self.chest_top = Some(kind);
        self.reveal = false;
        told.public(|| Event::ChestFaceUp { kind, below: self.chests.iter().sum() });
    }

    /// A Coup advance of `steps` free steps (plus the island's bonus steps), for `why`.
    pub fn start_advance<T: Teller<Event>>(&mut self, c: &Content, steps: u8, why: Advance, told: &mut T) {
        let island = &self.islands[self.mover.index()];
        let bonus = island.coup_bonus(c);
        self.free_left = steps + bonus;
        told.public(|| Event::CoupAdvance {
            seat: self.mover,
            why,
            free: self.free_left,
            bonus,
            bonus_from: island
                .plots
                .iter()
                .filter_map(|p| p.tile)
                .filter(|&t| c.tiles[t as usize].coup_bonus > 0)
                .collect(),
        });
        self.run_advance(c, told);
    }

    /// Climbs the free steps left, stopping for a bonus raise; then offers spending, or ends the turn.
    pub fn run_advance<T: Teller<Event>>(&mut self, c: &Content, told: &mut T) {
        let seat = self.mover.index();
        while self.free_left > 0 && self.coup[seat] < c.top {
            self.free_left -= 1;
            if self.step_up(c, None, told) {
                return;
            }
        }
        self.free_left = 0;
        let island = &self.islands[seat];
        let can_spend = island.pieces().any(|(_, h)| c.spend_items & h.item.bit() != 0);
        if self.coup[seat] < c.top && can_spend {
            self.phase = Phase::CoupSpend;
        } else {
            self.next_turn(c, told);
        }
    }

    /// One step up the Coup track, free or `paid` with a pip of the die of that item on that spot; the Coup at the
    /// top. Returns whether a bonus raise now waits.
    pub fn step_up<T: Teller<Event>>(&mut self, c: &Content, paid: Option<(Spot, Item)>, told: &mut T) -> bool {
        let seat = self.mover.index();
        self.coup[seat] += 1;
        let height = self.coup[seat];
        told.public(|| {
            let step = match paid {
                None => Step::Free,
                Some((at, item)) => {
                    Step::Paid { at, on: self.tile_on(at.cell), item, left: self.held_at(at).map_or(0, |h| h.value) }
                }
            };
            Event::Climbed { seat: self.mover, to: height, step }
        });
        if height == c.top && !self.coup_done {
            self.coup_done = true;
            let statue = self.statues_left > 0;
            if statue {
                self.statues_left -= 1;
                self.statues[seat] += 1;
            }
            told.public(|| Event::CoupAtTop { seat: self.mover, statue });
        }
        if let Some((die, amount)) = c.raises[height as usize] {
            let bit = 1u16 << height;
            if self.bonuses[seat] & bit == 0 {
                self.bonuses[seat] |= bit;
                let raisable = self.islands[seat].raisable(die);
                told.public(|| Event::CoupBonus { seat: self.mover, spot: height, die, amount, raisable });
                if raisable {
                    self.phase = Phase::CoupRaise { die, amount };
                    return true;
                }
            }
        }
        false
    }

    pub fn coup_spend<T: Teller<Event>>(&mut self, c: &Content, at: Spot, told: &mut T) {
        let seat = self.mover.index();
        let Some(item) = self.held_at(at).map(|h| h.item) else { return };
        if self.islands[seat].spend(at) && item.is_die() {
            self.pool[item.index()] += 1;
        }
        if !self.step_up(c, Some((at, item)), told) {
            self.run_advance(c, told);
        }
    }

    pub fn coup_stop<T: Teller<Event>>(&mut self, c: &Content, told: &mut T) {
        told.public(|| Event::CoupStopped { seat: self.mover, at: self.coup[self.mover.index()] });
        self.next_turn(c, told);
    }

    pub fn coup_raise<T: Teller<Event>>(&mut self, c: &Content, at: Spot, amount: u8, told: &mut T) {
        let seat = self.mover.index();
        if let Some(h) = &mut self.islands[seat].plots[at.cell.index()].spots[at.spot as usize] {
            let (item, from) = (h.item, h.value);
            h.value = (h.value + amount).min(6);
            told.public(|| Event::Raised {
                seat: self.mover,
                item,
                at,
                on: self.tile_on(at.cell),
                from,
                to: self.held_at(at).map_or(0, |h| h.value),
                by: Raise::CoupSpot { spot: self.coup[seat] },
            });
        }
        self.run_advance(c, told);
    }

    /// The mover picks the die on `at` for the Port `port`'s reroll.
    pub fn reroll<T: Teller<Event>>(&mut self, at: Spot, port: u8, told: &mut T) {
        if let Some(h) = self.held_at(at) {
            told.public(|| Event::RerollChosen {
                seat: self.mover,
                port,
                at,
                on: self.tile_on(at.cell),
                item: h.item,
                value: h.value,
            });
        }
        self.phase = Phase::Rerolling { at };
    }

    pub fn rerolled<T: Teller<Event>>(&mut self, c: &Content, at: Spot, value: u8, told: &mut T) {
        if let Some(h) = &mut self.islands[self.mover.index()].plots[at.cell.index()].spots[at.spot as usize] {
            let (item, from) = (h.item, h.value);
            h.value = value;
            told.public(|| Event::Rerolled { seat: self.mover, at, on: self.tile_on(at.cell), item, from, to: value });
        }
        self.next_turn(c, told);
    }

    /// The mover uses no optional Port ability now.
    pub fn decline<T: Teller<Event>>(&mut self, c: &Content, told: &mut T) {
        if let Phase::Reroll { port, .. } | Phase::Relocate { port } = self.phase {
            told.public(|| Event::Declined { seat: self.mover, port });
        }
        self.next_turn(c, told);
    }

    pub fn move_item<T: Teller<Event>>(&mut self, c: &Content, from: Spot, to: Spot, told: &mut T) {
        let island = &mut self.islands[self.mover.index()];
        let held = island.plots[from.cell.index()].spots[from.spot as usize].take();
        island.plots[to.cell.index()].spots[to.spot as usize] = held;
        if let (Some(h), Phase::Relocate { port }) = (held, self.phase) {
            told.public(|| Event::ItemMoved {
                seat: self.mover,
                port,
                item: h.item,
                value: h.value,
                from,
                from_on: self.tile_on(from.cell),
                to,
                to_on: self.tile_on(to.cell),
            });
        }
        self.next_turn(c, told);
    }

    pub fn move_tile<T: Teller<Event>>(&mut self, c: &Content, from: Cell, to: Cell, told: &mut T) {
        let island = &mut self.islands[self.mover.index()];
        island.plots[to.index()] = std::mem::take(&mut island.plots[from.index()]);
        if let (Some(kind), Phase::Relocate { port }) = (island.plots[to.index()].tile, self.phase) {
            told.public(|| Event::TileMoved { seat: self.mover, port, kind, from, to });
        }
        self.next_turn(c, told);
    }
}

/// Every player's Fame by source, then the winners and what settled them (the game is over).
fn tell_final_scores<T: Teller<Event>>(c: &Content, state: &State, told: &mut T) {
    let players = state.players();
    let all = scores(c, state);
    let places = ship_places(c, state);
    for seat in Seat::all(players) {
        let island = state.island(seat);
        let tiles = Cell::all()
            .filter_map(|cell| {
                let kind = island.plots[cell.index()].tile?;
                let def = &c.tiles[kind as usize];
                (def.kind == TileType::Infrastructure)
                    .then(|| (kind, def.effects.iter().map(|e| infrastructure_tile(c, island, cell.index(), e)).sum()))
            })
            .collect();
        told.public(|| Event::FinalScore {
            seat,
            score: all[seat.index()],
            ship_pips: island.pips(c, Item::Ship),
            ship_place: places[seat.index()],
            tiles,
            statues: state.statues[seat.index()],
        });
    }
    let winners = winners(&all, players);
    let fame = all[..players].iter().map(|s| s.total).max().unwrap_or(0);
    let on_fame: Vec<&Score> = all[..players].iter().filter(|s| s.total == fame).collect();
    let food = on_fame.iter().map(|s| s.food).max().unwrap_or(0);
    let by = if on_fame.len() == 1 {
        Decider::Fame
    } else if on_fame.iter().filter(|s| s.food == food).count() == 1 {
        Decider::Food
    } else if winners.len() == 1 {
        Decider::Cannons
    } else {
        Decider::Shared
    };
    told.public(|| Event::Won { winners, fame, by });
}
