//! Pirate Haven's observation tensor: the whole table (nothing in a position is hidden) as one-hots and counts,
//! every per-seat block in seat order starting from the observing seat. The layout and the offsets the writer
//! uses are made by one function ([`sections`]), once, when the game is built; the view's writer and the
//! view-free one share [`PirateHaven::write_table`], which reads only what the view holds (the table, and the
//! scores once the game is over, computed as the view computes them).

use plunder_core::{Seat, TensorLayout};

use super::content::{Content, Item, CELLS, MAX_SPOTS, ROUNDS};
use super::score::{scores, Score};
use super::state::{Back, Held, Phase, State};
use super::view::View;
use super::PirateHaven;

/// Items (Food, Gold, Ship dice; Rum, Cannon, Pirate tokens), in `Item::index` order.
const ITEMS: usize = 6;
/// Dice items (Food, Gold, Ship).
const DICE: usize = 3;
/// Die faces.
const FACES: usize = 6;
/// Phases, in the order the `phase` section lists them.
const PHASES: usize = 14;
/// Score parts per seat, once over.
const SCORE_PARTS: usize = 7;
/// Spots per island.
const SPOTS: usize = CELLS * MAX_SPOTS;

/// Where each section starts, and the sizes the writer needs (from the same function as the layout).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Offsets {
    len: usize,
    players: usize,
    kinds: usize,
    slots: usize,
    chest_kinds: usize,
    coup_spots: usize,
    observer: usize,
    round: usize,
    phase: usize,
    reveal: usize,
    mover: usize,
    phase_slot: usize,
    phase_tile: usize,
    phase_port: usize,
    phase_die: usize,
    raise_amount: usize,
    pay_left: usize,
    chest_back: usize,
    rerolling_spot: usize,
    holding_item: usize,
    holding_value: usize,
    free_steps: usize,
    map_tiles: usize,
    map_dice: usize,
    stack: usize,
    pool: usize,
    chest_top: usize,
    chest_pile: usize,
    statues_left: usize,
    coup_done: usize,
    seat_pos: usize,
    seat_track: usize,
    seat_order: usize,
    seat_coup: usize,
    seat_bonuses: usize,
    seat_statues: usize,
    seat_catch_up: usize,
    island_tiles: usize,
    island_items: usize,
    island_values: usize,
    island_counts: usize,
    island_pips: usize,
    seat_scores: usize,
}

/// The observation's sections for `players` seats under `content`, and their offsets.
pub(super) fn sections(content: &Content, players: usize) -> (TensorLayout, Offsets) {
    let p = players;
    let k = content.tiles.len();
    let slots = content.map_tiles[players.min(content.map_tiles.len() - 1)] as usize;
    let ck = content.chest_kinds.len().max(1);
    let top = content.top as usize;
    let mut l = TensorLayout::new();
    let mut o = Offsets { players: p, kinds: k, slots, chest_kinds: ck, coup_spots: top, ..Offsets::default() };
    let seats = "per seat, the observer first, then the next seats by number (wrapping around)";
    o.observer =
        l.section("observer_seat", p, "one-hot: the observing seat's absolute seat number (all 0 for a spectator)");
    o.round = l.section("round", ROUNDS, "one-hot: the round, 1 at index 0");
    o.phase = l.section(
        "phase",
        PHASES,
        "one-hot: what the game waits for: 0 a map tile laid (chance), 1 a map die rolled (chance), 2 the mover \
         travels, leaves or buys a chest, 3 take or discard what lies on the slot, 4 place the taken tile, 5 place \
         the taken die or token, 6 pay Food pips for a bought chest, 7 place the bought chest, 8 raise a die \
         (Coup bonus), 9 spend Food or Gold to climb the Coup track, 10 pick a die to reroll (Port), 11 the \
         reroll (chance), 12 move a piece (Harbour Master), 13 game over",
    );
    o.reveal =
        l.section("chest_reveal", 1, "1 if a Treasure Chest is to be turned face up (chance) before anything else");
    o.mover = l.section(
        "mover",
        p,
        "one-hot by relative seat (0 the observer, 1 the next seat by number, ...): whose decision it is (or whose \
         turn the chance event is in)",
    );
    o.phase_slot = l.section(
        "phase_slot",
        slots,
        "one-hot while a map tile is laid or its die rolled: the slot (slot 1 at index 0)",
    );
    o.phase_tile = l.section(
        "phase_tile",
        k,
        "one-hot while placing a taken tile or a bought chest: its tile kind (index in the game's tile table, as \
         `island_tiles`)",
    );
    o.phase_port = l.section(
        "phase_port",
        k,
        "one-hot while a Port's reroll or relocation waits: the Port's tile kind (index in the game's tile table)",
    );
    o.phase_die = l.section(
        "phase_die",
        ITEMS,
        "one-hot while a Coup bonus raise or a Port reroll waits: the die colour asked for (items: 0 Food, 1 Gold, \
         2 Ship, 3 Rum, 4 Cannon, 5 Pirate)",
    );
    o.raise_amount = l.section("raise_amount", 1, "count: pips the waiting Coup bonus raise adds (0 otherwise)");
    o.pay_left = l.section("pay_left", 1, "count: Food pips still to pay for the chest being bought (0 otherwise)");
    o.chest_back = l.section(
        "chest_back",
        2,
        "one-hot while paying for or placing a bought chest: where play goes after it: 0 travel, 1 place the held \
         die or token",
    );
    o.rerolling_spot = l.section(
        "rerolling_spot",
        SPOTS,
        "one-hot while a die is rerolled (chance): its spot on the mover's island, index cell × 2 + spot (cells a1, \
         b1, c1, d1, a2, ... d4)",
    );
    o.holding_item = l.section(
        "holding_item",
        ITEMS,
        "one-hot: the item taken and not yet placed (0 Food, 1 Gold, 2 Ship, 3 Rum, 4 Cannon, 5 Pirate; all 0: none)",
    );
    o.holding_value =
        l.section("holding_value", FACES, "one-hot: that die's face, 1 at index 0 (all 0 for a token or none)");
    o.free_steps = l.section("free_steps_left", 1, "count: free Coup steps still to climb in the advance under way");
    o.map_tiles = l.section(
        "map_tiles",
        slots * k,
        "one-hot per map slot (slot 1 first), at slot × kinds + kind: the tile kind lying there (all 0: not laid yet \
         or taken)",
    );
    o.map_dice = l.section(
        "map_dice",
        slots * FACES,
        "one-hot per map slot, at slot × 6 + face - 1: the rolled die on the slot's Die tile (all 0: none)",
    );
    o.stack = l.section(
        "stack",
        k,
        "count per tile kind: tiles of that kind left in this round's stack (public by count; drawn as laid)",
    );
    o.pool = l.section("pool", DICE, "count: Food, Gold and Ship dice left in the pool");
    o.chest_top = l.section(
        "chest_top",
        ck,
        "one-hot over the Treasure Chest kinds (the data's order): the face-up chest (all 0: none)",
    );
    o.chest_pile =
        l.section("chest_pile", ck, "count per Treasure Chest kind: chests in the pile under the face-up one");
    o.statues_left = l.section("statues_left", 1, "count: Statues left");
    o.coup_done = l.section("coup_done", 1, "1 if somebody reached the Coup track's top this round");
    o.seat_pos = l.section(
        "seat_pos",
        p * (slots + 1),
        &format!("one-hot {seats}, at seat × (slots + 1) + position: the seat's map position (0 the start, i slot i)"),
    );
    o.seat_track = l.section(
        "seat_track",
        p * p,
        &format!(
            "one-hot {seats}, at seat × players + place: the seat's place on this round's Turn track (0 left first; \
             all 0: still on the map)"
        ),
    );
    o.seat_order = l.section(
        "seat_order",
        p * p,
        &format!(
            "one-hot {seats}, at seat × players + place: the seat's place in this round's starting order (0 first)"
        ),
    );
    o.seat_coup = l.section(
        "seat_coup",
        p * (top + 1),
        &format!("one-hot {seats}, at seat × (top + 1) + spot: the seat's Coup track spot (0 the bottom)"),
    );
    o.seat_bonuses = l.section(
        "seat_coup_bonuses",
        p * top.max(1),
        &format!("multi-hot {seats}, at seat × top + spot - 1: Coup spots whose bonus the seat has taken this round"),
    );
    o.seat_statues = l.section("seat_statues", p, &format!("count {seats}: the seat's Statues"));
    o.seat_catch_up = l.section(
        "seat_catch_up_fame",
        p,
        &format!("count {seats}: Fame the seat scores at the end by the catch-up Fame variant (0 without it)"),
    );
    o.island_tiles = l.section(
        "island_tiles",
        p * CELLS * k,
        &format!(
            "one-hot {seats}, per island cell (a1, b1, c1, d1, a2, ... d4), at (seat × 16 + cell) × kinds + kind: \
             the tile kind on the cell (index in the game's tile table; all 0: empty)"
        ),
    );
    o.island_items = l.section(
        "island_spot_items",
        p * SPOTS * ITEMS,
        &format!(
            "one-hot {seats}, per spot (cell × 2 + spot), at (seat × 32 + spot) × 6 + item: the die or token placed \
             there (0 Food, 1 Gold, 2 Ship, 3 Rum, 4 Cannon, 5 Pirate; all 0: empty; printed items not included)"
        ),
    );
    o.island_values = l.section(
        "island_spot_dice",
        p * SPOTS * FACES,
        &format!("one-hot {seats}, per spot, at (seat × 32 + spot) × 6 + face - 1: the face of the die placed there"),
    );
    o.island_counts = l.section(
        "island_item_counts",
        p * ITEMS,
        &format!(
            "count {seats}, per item (0 Food ... 5 Pirate): pieces of it on the seat's island, printed ones included"
        ),
    );
    o.island_pips = l.section(
        "island_pips",
        p * DICE,
        &format!("count {seats}: pips of Food, Gold and Ship dice on the seat's island, printed ones included"),
    );
    o.seat_scores = l.section(
        "seat_fame",
        p * SCORE_PARTS,
        &format!(
            "count {seats}, once the game is over (0 before): Fame from Ships, Rum, Infrastructure, Statues, the \
             Turn track's 1st spot, the catch-up variant, and the total"
        ),
    );
    o.len = l.len();
    (l, o)
}

fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::Lay { .. } => 0,
        Phase::Roll { .. } => 1,
        Phase::Travel => 2,
        Phase::Resolve => 3,
        Phase::PlaceTile { .. } => 4,
        Phase::PlaceItem => 5,
        Phase::Pay { .. } => 6,
        Phase::PlaceChest { .. } => 7,
        Phase::CoupRaise { .. } => 8,
        Phase::CoupSpend => 9,
        Phase::Reroll { .. } => 10,
        Phase::Rerolling { .. } => 11,
        Phase::Relocate { .. } => 12,
        Phase::Over => 13,
    }
}

/// Sets `out[start + i]` if `i < len` (a one-hot that cannot spill into the next section).
fn hot(out: &mut [f32], start: usize, len: usize, i: usize) {
    if i < len {
        out[start + i] = 1.0;
    }
}

impl PirateHaven {
    /// The observation of a seat's view.
    pub(super) fn view_tensor(&self, view: &View, out: &mut [f32]) {
        self.write_table(&view.table, view.viewer.seat(), view.scores.as_deref(), out);
    }

    /// The same numbers from the state: the view shows the whole table, and the scores once over (the view's
    /// rule, computed the same way).
    pub(super) fn seat_tensor(&self, state: &State, seat: Seat, out: &mut [f32]) {
        let n = state.players();
        let over = (state.phase == Phase::Over).then(|| scores(self.content(), state));
        self.write_table(state, Some(seat), over.as_ref().map(|s| &s[..n]), out);
    }

    fn write_table(&self, t: &State, observer: Option<Seat>, fame: Option<&[Score]>, out: &mut [f32]) {
        let o = &self.tensor;
        let c = self.content();
        let p = o.players;
        let k = o.kinds;
        let me = observer.map_or(0, |s| s.index());
        if let Some(s) = observer {
            hot(out, o.observer, p, s.index());
        }
        // A seat's relative number: 0 the observer, then by seat number, wrapping around.
        let rel = |seat: Seat| seat.places_after(Seat(me as u8), p);
        hot(out, o.round, ROUNDS, (t.round as usize).wrapping_sub(1));
        hot(out, o.phase, PHASES, phase_index(t.phase));
        out[o.reveal] = t.reveal as u8 as f32;
        hot(out, o.mover, p, rel(t.mover));
        match t.phase {
            Phase::Lay { slot } | Phase::Roll { slot } => {
                hot(out, o.phase_slot, o.slots, (slot as usize).wrapping_sub(1))
            }
            Phase::PlaceTile { kind } => hot(out, o.phase_tile, k, kind as usize),
            Phase::Pay { left, back } => {
                out[o.pay_left] = left as f32;
                hot(out, o.chest_back, 2, (back == Back::PlaceItem) as usize);
            }
            Phase::PlaceChest { kind, back } => {
                hot(out, o.phase_tile, k, kind as usize);
                hot(out, o.chest_back, 2, (back == Back::PlaceItem) as usize);
            }
            Phase::CoupRaise { die, amount } => {
                hot(out, o.phase_die, ITEMS, die.index());
                out[o.raise_amount] = amount as f32;
            }
            Phase::Reroll { die, port } => {
                hot(out, o.phase_die, ITEMS, die.index());
                hot(out, o.phase_port, k, port as usize);
            }
            Phase::Rerolling { at } => {
                hot(out, o.rerolling_spot, SPOTS, at.cell.index() * MAX_SPOTS + at.spot as usize)
            }
            Phase::Relocate { port } => hot(out, o.phase_port, k, port as usize),
            Phase::Travel | Phase::Resolve | Phase::PlaceItem | Phase::CoupSpend | Phase::Over => {}
        }
        if let Some(held) = t.holding {
            write_held(out, o.holding_item, o.holding_value, held);
        }
        out[o.free_steps] = t.free_left as f32;
        for (i, slot) in t.map.iter().take((t.map_len as usize).min(o.slots)).enumerate() {
            if let Some(kind) = slot.tile {
                hot(out, o.map_tiles + i * k, k, kind as usize);
            }
            if let Some(die) = slot.die {
                hot(out, o.map_dice + i * FACES, FACES, (die as usize).wrapping_sub(1));
            }
        }
        for (x, &n) in out[o.stack..o.stack + k].iter_mut().zip(&t.stack) {
            *x = n as f32;
        }
        for (x, &n) in out[o.pool..o.pool + DICE].iter_mut().zip(&t.pool) {
            *x = n as f32;
        }
        if let Some(top) = t.chest_top {
            if let Some(i) = c.chest_kinds.iter().position(|&kind| kind == top) {
                hot(out, o.chest_top, o.chest_kinds, i);
            }
        }
        for (x, &n) in out[o.chest_pile..o.chest_pile + c.chest_kinds.len()].iter_mut().zip(&t.chests) {
            *x = n as f32;
        }
        out[o.statues_left] = t.statues_left as f32;
        out[o.coup_done] = t.coup_done as u8 as f32;
        // Places on the Turn track and in the starting order, by seat.
        let mut track = [None; super::state::MAX_PLAYERS];
        for (place, seat) in t.track[..p].iter().enumerate() {
            if let Some(seat) = seat {
                track[seat.index()] = Some(place);
            }
        }
        let mut order = [None; super::state::MAX_PLAYERS];
        for (place, seat) in t.order[..p].iter().enumerate() {
            order[seat.index()] = Some(place);
        }
        let top = o.coup_spots;
        for r in 0..p {
            let s = (me + r) % p;
            hot(out, o.seat_pos + r * (o.slots + 1), o.slots + 1, t.pos[s] as usize);
            if let Some(place) = track[s] {
                hot(out, o.seat_track + r * p, p, place);
            }
            if let Some(place) = order[s] {
                hot(out, o.seat_order + r * p, p, place);
            }
            hot(out, o.seat_coup + r * (top + 1), top + 1, t.coup[s] as usize);
            for spot in 1..=top.min(15) {
                if t.bonuses[s] & (1 << spot) != 0 {
                    out[o.seat_bonuses + r * top + spot - 1] = 1.0;
                }
            }
            out[o.seat_statues + r] = t.statues[s] as f32;
            out[o.seat_catch_up + r] = t.catch_up_fame[s] as f32;
            let island = &t.islands[s];
            for (cell, plot) in island.plots.iter().enumerate() {
                if let Some(kind) = plot.tile {
                    hot(out, o.island_tiles + (r * CELLS + cell) * k, k, kind as usize);
                }
                for (i, held) in plot.spots.iter().enumerate() {
                    if let Some(held) = held {
                        let spot = r * SPOTS + cell * MAX_SPOTS + i;
                        write_held(out, o.island_items + spot * ITEMS, o.island_values + spot * FACES, *held);
                    }
                }
            }
            for (x, &n) in out[o.island_counts + r * ITEMS..][..ITEMS].iter_mut().zip(&island.counts(c)) {
                *x = n as f32;
            }
            for (d, item) in [Item::Food, Item::Gold, Item::Ship].into_iter().enumerate() {
                out[o.island_pips + r * DICE + d] = island.pips(c, item) as f32;
            }
            if let Some(score) = fame.and_then(|f| f.get(s)) {
                let parts = [
                    score.ships,
                    score.rum,
                    score.infrastructure,
                    score.statues,
                    score.first,
                    score.catch_up,
                    score.total,
                ];
                for (x, v) in out[o.seat_scores + r * SCORE_PARTS..][..SCORE_PARTS].iter_mut().zip(parts) {
                    *x = v as f32;
                }
            }
        }
    }
}

/// A die or token: its item one-hot at `items`, a die's face one-hot at `values`.
fn write_held(out: &mut [f32], items: usize, values: usize, held: Held) {
    hot(out, items, ITEMS, held.item.index());
    if held.item.is_die() {
        hot(out, values, FACES, (held.value as usize).wrapping_sub(1));
    }
}

impl Offsets {
    pub(super) fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use plunder_core::{Game, Rng, Seat, Status, TensorKind, Viewer};

    use super::super::action::{Cell, Spot};
    use super::super::content::Item;
    use super::super::state::{Held, Phase, State};
    use super::super::{Options, PirateHaven};

    fn game(players: u8) -> PirateHaven {
        PirateHaven::new(Options::for_players(players)).unwrap()
    }

    /// The observation of `seat`, by the view-free path, checked equal to the view's.
    fn observe(g: &PirateHaven, s: &State, seat: u8) -> Vec<f32> {
        let len = g.tensor_len(TensorKind::Observation).unwrap();
        let mut direct = vec![0.0; len];
        assert!(g.write_seat_tensor(s, Seat(seat), TensorKind::Observation, &mut direct));
        let mut from_view = vec![0.0; len];
        g.write_tensor(&g.view(s, Viewer::Seat(Seat(seat))), TensorKind::Observation, &mut from_view);
        assert_eq!(direct, from_view);
        direct
    }

    /// The numbers of section `name`.
    fn section<'a>(g: &PirateHaven, t: &'a [f32], name: &str) -> &'a [f32] {
        let layout = g.tensor_layout(TensorKind::Observation).unwrap();
        let s = layout.get(name).unwrap_or_else(|| panic!("no section {name}"));
        &t[s.start..s.start + s.len]
    }

    fn ones(t: &[f32]) -> Vec<usize> {
        t.iter().enumerate().filter(|(_, &x)| x != 0.0).map(|(i, _)| i).collect()
    }

    #[test]
    fn the_layout_covers_the_tensor_at_every_table_size_and_only_the_observation_is_the_games() {
        for players in 2..=4 {
            let g = game(players);
            let layout = g.tensor_layout(TensorKind::Observation).unwrap();
            layout.check().unwrap();
            assert_eq!(Some(layout.len()), g.tensor_len(TensorKind::Observation));
            assert_eq!(g.tensor_len(TensorKind::InformationState), None);
            assert!(g.tensor_layout(TensorKind::InformationState).is_none());
            let slots = g.content().map_tiles[players as usize] as usize;
            assert_eq!(layout.get("seat_pos").unwrap().len, players as usize * (slots + 1));
        }
    }

    #[test]
    fn each_island_and_seat_block_is_in_seat_order_from_the_observer() {
        let g = game(3);
        let k = g.content().tiles.len();
        let goldsmith = g.kind("goldsmith").unwrap();
        let mut s = g.start();
        s.reveal = false;
        s.phase = Phase::Travel;
        s.mover = Seat(2);
        s.pos[2] = 4;
        s.coup[0] = 3;
        s.statues[2] = 1;
        let b2 = Cell::named("b2").unwrap().index();
        s.islands[2].plots[b2].tile = Some(goldsmith);
        s.islands[2].plots[b2].spots[1] = Some(Held { item: Item::Gold, value: 4 });
        let t = observe(&g, &s, 1);
        assert_eq!(ones(section(&g, &t, "observer_seat")), [1]);
        assert_eq!(ones(section(&g, &t, "phase")), [2]);
        // Seat 2 is the observer's next seat (relative 1), seat 0 the one after (relative 2).
        assert_eq!(ones(section(&g, &t, "mover")), [1]);
        assert_eq!(section(&g, &t, "seat_statues"), [0.0, 1.0, 0.0]);
        let top = g.content().top as usize;
        assert!(ones(section(&g, &t, "seat_coup")).contains(&(2 * (top + 1) + 3)));
        let slots = g.content().map_tiles[3] as usize;
        assert!(ones(section(&g, &t, "seat_pos")).contains(&((slots + 1) + 4)));
        assert!(ones(section(&g, &t, "island_tiles")).contains(&((16 + b2) * k + goldsmith as usize)));
        let spot = 32 + b2 * 2 + 1;
        assert_eq!(
            ones(section(&g, &t, "island_spot_items")).into_iter().filter(|&i| i / 6 == spot).collect::<Vec<_>>(),
            [spot * 6 + Item::Gold.index()]
        );
        assert_eq!(
            ones(section(&g, &t, "island_spot_dice")).into_iter().filter(|&i| i / 6 == spot).collect::<Vec<_>>(),
            [spot * 6 + 3]
        );
        // The relative-1 block counts that Gold die and its pips; seat 1's own island (block 0) does not.
        let gold = section(&g, &t, "island_pips");
        assert_eq!(gold[3 + 1] - gold[1], 4.0);
        // Seen from seat 2 the same island is the first block.
        let t2 = observe(&g, &s, 2);
        assert_eq!(ones(section(&g, &t2, "observer_seat")), [2]);
        assert_eq!(ones(section(&g, &t2, "mover")), [0]);
        assert!(ones(section(&g, &t2, "island_tiles")).contains(&(b2 * k + goldsmith as usize)));
        assert_eq!(section(&g, &t2, "seat_statues"), [1.0, 0.0, 0.0]);
        // A die rerolled on it: the spot and the new face show.
        s.phase = Phase::Rerolling { at: Spot { cell: Cell(b2 as u8), spot: 1 } };
        s.islands[2].plots[b2].spots[1] = Some(Held { item: Item::Gold, value: 6 });
        let t3 = observe(&g, &s, 1);
        assert_eq!(ones(section(&g, &t3, "rerolling_spot")), [b2 * 2 + 1]);
        assert!(ones(section(&g, &t3, "island_spot_dice")).contains(&(spot * 6 + 5)));
        assert_ne!(t, t3);
    }

    #[test]
    fn the_map_market_and_the_held_piece_are_one_hots_and_counts() {
        let g = game(2);
        let k = g.content().tiles.len();
        let food = g.kind("food-die").unwrap();
        let mut s = g.start();
        s.reveal = false;
        s.phase = Phase::Roll { slot: 3 };
        s.map[2].tile = Some(food);
        s.map[2].die = Some(5);
        s.holding = Some(Held { item: Item::Ship, value: 2 });
        s.pool = [7, 0, 2];
        let t = observe(&g, &s, 0);
        assert_eq!(ones(section(&g, &t, "phase")), [1]);
        assert_eq!(ones(section(&g, &t, "phase_slot")), [2]);
        assert_eq!(ones(section(&g, &t, "map_tiles")), [2 * k + food as usize]);
        assert_eq!(ones(section(&g, &t, "map_dice")), [2 * 6 + 4]);
        assert_eq!(ones(section(&g, &t, "holding_item")), [Item::Ship.index()]);
        assert_eq!(ones(section(&g, &t, "holding_value")), [1]);
        assert_eq!(section(&g, &t, "pool"), [7.0, 0.0, 2.0]);
        let stack: f32 = section(&g, &t, "stack").iter().sum();
        assert_eq!(stack, s.stack.iter().map(|&n| n as f32).sum::<f32>());
        assert!(stack > 0.0);
    }

    #[test]
    fn a_finished_game_shows_every_seats_fame_from_the_observer_on() {
        let g = game(3);
        let mut rng = Rng::seeded(11);
        let mut s = g.initial_state();
        let mut legal = Vec::new();
        let mut seen_midgame = 0;
        loop {
            match g.status(&s) {
                Status::Over => break,
                Status::Chance => {
                    let outcome = g.sample_chance(&s, &mut rng);
                    g.apply_chance_unchecked(&mut s, &outcome);
                }
                Status::Decide(seats) => {
                    let seat = seats.iter().next().unwrap();
                    if seen_midgame < 50 {
                        for other in 0..3 {
                            let t = observe(&g, &s, other);
                            assert!(section(&g, &t, "seat_fame").iter().all(|&x| x == 0.0));
                        }
                        seen_midgame += 1;
                    }
                    legal.clear();
                    g.legal_actions(&s, seat, &mut legal);
                    let action = legal[rng.index(legal.len())];
                    g.apply_unchecked(&mut s, seat, &action);
                }
            }
        }
        let scores = super::scores(g.content(), &s);
        let t = observe(&g, &s, 2);
        assert_eq!(ones(section(&g, &t, "phase")), [13]);
        let fame = section(&g, &t, "seat_fame");
        for (r, seat) in [2, 0, 1].into_iter().enumerate() {
            assert_eq!(fame[r * 7 + 6], scores[seat].total as f32, "relative seat {r}");
            assert_eq!(fame[r * 7], scores[seat].ships as f32);
        }
    }
}
