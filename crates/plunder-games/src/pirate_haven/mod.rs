//! # Pirate Haven
//!
//! **Source:** *Pirate Haven* (Alexandros Kapidakis, prototype), 2-4 players; rulebook
//! `shared/rulebooks/004_cb4e5e2d7ae6e03a.txt`. Rulings and the designed content: `docs/rules/pirate-haven.md`;
//! data: `data/pirate-haven/{island,tiles,coup}.json` (embedded at build time; a designer may pass others).
//!
//! Four rounds. Each round a row of tiles is laid from the round's stack (14 / 18 / 22 by table size), Die tiles
//! get rolled dice and Token tiles their tokens. The player closest to the Coup board moves: forward to any
//! slot that still holds a tile (take it and place it on your island, or discard it) or off the map onto the
//! Turn track. Tiles go on island cells of their colour; dice and tokens on spots that accept them, never more
//! Ships than Cannons nor Gold than Pirates. Houses boost dice, Ports act once, Infrastructure scores at the
//! end. Treasure Chests are bought with 4 Food. A new Pirate or Cannon token climbs the Coup track (Food and
//! Gold buy more steps, bonuses at 2, 4, 6); the first to the top, or the single highest at the round's end,
//! takes a Statue. Fame: Ships ranking, Rum sets, Infrastructure, Statues, the Turn track's 1st spot.
//!
//! **Simplifications:** the lost drawings (island layout, tile names and types, stacks, Coup track, chest
//! cost, Statue worth, two Rum table values) are designed in the data files. Tile stacks and the chest stack
//! are piles counted by kind, drawn when a tile is laid or a chest turned face up: their contents are public by
//! count, so nothing in a position is hidden (the game has chance but no hidden information). Chests may be
//! bought before travelling or while placing a taken die or token (where they can make room), not elsewhere.
//!
//! | option | default | meaning |
//! |---|---|---|
//! | `players` | 3 | 2 to 4 |
//! | `first_player` | 0 | the seat on the Turn track's 1st spot in round 1 |
//! | `catch_up_food` | 0 | variant: pips more on the starting Food die for each place after the first (0 to 3) |
//! | `catch_up_fame` | 0 | variant: Fame at the end for each place after the first in round 1 (0 to 10) |
//! | `tiles`, `island`, `coup` | `null` | a designer's data file (the format of `data/pirate-haven/`) |
//!
//! **Payoffs:** the winners share 1 (most Fame, then Food, then Cannons; still tied, a shared win).

mod action;
mod bot;
pub mod content;
mod event;
mod invariants;
mod refusal;
mod score;
mod state;
mod tensor;
mod text;
mod view;

pub use action::{Action, Cell, Chance, Spot};
pub use bot::GreedyBot;
pub use content::{Content, Item, TileType};
pub use event::{Advance, Decider, Event, Raise, Step};
pub use score::{rum_set, scores, ship_places, winners, Score};
pub use state::{Back, Held, Island, Phase, Plot, Slot, State, MAX_PLAYERS, MIN_PLAYERS};
pub use view::View;

use plunder_core::{
    Bot, BotKind, Facts, Game, OptionsError, Outcome, Piece, PlayError, Rng, Roster, Seat, SeatSet, Status, Teller,
    TensorKind, TensorLayout, Utility, Viewer,
};
use serde::{Deserialize, Serialize};

use content::{CELLS, ROUNDS};

/// Pirate Haven's options. Unknown fields are refused.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// 2 to 4 players.
    pub players: u8,
    /// The seat on the Turn track's 1st spot in round 1 (the rulebook: the last to have visited an island).
    pub first_player: u8,
    /// A variant against the first player's edge (docs/balance/pirate-haven.md): each player after the first
    /// in round 1's order starts with this many more pips on the Tavern's Food die for each place (at most 6).
    pub catch_up_food: u8,
    /// A variant against the same edge: each player after the first in round 1's order scores this much Fame
    /// more at the end for each place (komi, as in Go).
    pub catch_up_fame: u8,
    /// A designer's tiles file; `null`: the built-in one.
    pub tiles: Option<serde_json::Value>,
    /// A designer's island file; `null`: the built-in one.
    pub island: Option<serde_json::Value>,
    /// A designer's Coup board file; `null`: the built-in one.
    pub coup: Option<serde_json::Value>,
}

impl Default for Options {
    fn default() -> Options {
        Options::for_players(3)
    }
}

impl Options {
    pub fn for_players(players: u8) -> Options {
        Options { players, first_player: 0, catch_up_food: 0, catch_up_fame: 0, tiles: None, island: None, coup: None }
    }

    /// Random valid options for `players` (for `plunder soak`): any first player and catch-up Food.
    pub fn sample(players: u8, rng: &mut Rng) -> Options {
        let first_player = rng.below(players.max(1) as u32) as u8;
        let catch_up_food = rng.below(MAX_CATCH_UP_FOOD as u32 + 1) as u8;
        let catch_up_fame = rng.below(4) as u8;
        Options { first_player, catch_up_food, catch_up_fame, ..Options::for_players(players) }
    }
}

/// The most `catch_up_food`: with 3, the 2nd player's Food die shows 6 already.
const MAX_CATCH_UP_FOOD: u8 = 3;
/// The most `catch_up_fame` a place: a Statue's worth and more is no longer a compensation.
const MAX_CATCH_UP_FAME: u8 = 10;

/// Pirate Haven under one set of options, with its checked content.
#[derive(Clone, Debug)]
pub struct PirateHaven {
    options: Options,
    content: Content,
    /// The observation tensor's offsets (made with its layout, once).
    tensor: tensor::Offsets,
}

impl PirateHaven {
    /// The content the rules read (tiles, island, Coup board).
    pub fn content(&self) -> &Content {
        &self.content
    }

    /// A tile kind's name.
    pub fn tile_name(&self, kind: u8) -> &str {
        self.content.tiles.get(kind as usize).map_or("?", |t| t.name.as_str())
    }

    /// A tile kind by its data id.
    pub fn kind(&self, id: &str) -> Option<u8> {
        self.content.tiles.iter().position(|t| t.id == id).map(|k| k as u8)
    }

    fn players(&self) -> usize {
        self.options.players as usize
    }

    /// A state at the start of round 1 with nothing laid yet (for tests and tools).
    pub fn start(&self) -> State {
        let mut state = State::new(&self.content, self.players(), Seat(self.options.first_player));
        state.add_catch_up_food(&self.content, self.options.catch_up_food);
        state.set_catch_up_fame(self.options.catch_up_fame);
        state
    }

    fn push_spots(
        &self,
        state: &State,
        out: &mut Vec<Action>,
        make: impl Fn(Spot) -> Action,
        pick: impl Fn(Held) -> bool,
    ) {
        for (at, held) in state.island(state.mover).pieces() {
            if pick(held) {
                out.push(make(at));
            }
        }
    }
}

fn from_json(value: &Option<serde_json::Value>, built_in: &str) -> Result<String, OptionsError> {
    match value {
        None => Ok(built_in.to_string()),
        Some(v) => serde_json::to_string(v).map_err(|e| OptionsError::new(e.to_string())),
    }
}

impl Game for PirateHaven {
    type Options = Options;
    type State = State;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type Event = Event;

    const ID: &'static str = "pirate-haven";
    const NAME: &'static str = "Pirate Haven";

    fn new(options: Options) -> Result<Self, OptionsError> {
        let players = options.players as usize;
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(OptionsError::new(format!(
                "players must be from {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}"
            )));
        }
        if options.first_player as usize >= players {
            return Err(OptionsError::new(format!(
                "first_player must be a seat from 0 to {} (P1 to P{players})",
                players - 1
            )));
        }
        if options.catch_up_food > MAX_CATCH_UP_FOOD {
            return Err(OptionsError::new(format!(
                "catch_up_food must be from 0 to {MAX_CATCH_UP_FOOD}, not {}",
                options.catch_up_food
            )));
        }
        if options.catch_up_fame > MAX_CATCH_UP_FAME {
            return Err(OptionsError::new(format!(
                "catch_up_fame must be from 0 to {MAX_CATCH_UP_FAME}, not {}",
                options.catch_up_fame
            )));
        }
        let content = content::parse(
            &from_json(&options.island, content::ISLAND_JSON)?,
            &from_json(&options.tiles, content::TILES_JSON)?,
            &from_json(&options.coup, content::COUP_JSON)?,
        )?;
        let (_, tensor) = tensor::sections(&content, players);
        Ok(PirateHaven { options, content, tensor })
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn options_for_players(players: usize) -> Options {
        Options::for_players(players.min(u8::MAX as usize) as u8)
    }

    fn sample_options(players: usize, rng: &mut Rng) -> Options {
        Options::sample(players.min(u8::MAX as usize) as u8, rng)
    }

    fn seats(&self) -> usize {
        self.players()
    }

    fn initial_state(&self) -> State {
        self.start()
    }

    fn status(&self, state: &State) -> Status {
        match state.phase {
            Phase::Over => Status::Over,
            _ if state.reveal => Status::Chance,
            Phase::Lay { .. } | Phase::Roll { .. } | Phase::Rerolling { .. } => Status::Chance,
            _ => Status::Decide(SeatSet::only(state.mover)),
        }
    }

    fn check_action(&self, state: &State, seat: Seat, action: &Action) -> Result<(), PlayError> {
        let mut legal = Vec::new();
        self.legal_actions(state, seat, &mut legal);
        if legal.contains(action) {
            return Ok(());
        }
        if *action == Action::Take && state.phase == Phase::Resolve && seat == state.mover && !state.reveal {
            if let Some(reason) = refusal::take(&self.content, state) {
                return Err(PlayError::illegal(reason));
            }
        }
        if *action == Action::BuyChest && seat == state.mover && !state.reveal {
            if let Some(reason) = refusal::chest(&self.content, state) {
                return Err(PlayError::illegal(reason));
            }
        }
        Err(PlayError::illegal(format!("{action} is not a legal action now")))
    }

    fn legal_actions(&self, state: &State, seat: Seat, out: &mut Vec<Action>) {
        if seat != state.mover || state.reveal {
            return;
        }
        let c = &self.content;
        let island = state.island(seat);
        match state.phase {
            Phase::Travel => {
                let from = state.pos[seat.index()] as usize;
                for slot in from + 1..=state.map_len as usize {
                    if state.map[slot - 1].tile.is_some() {
                        out.push(Action::Travel { slot: slot as u8 });
                    }
                }
                out.push(Action::Leave);
                if state.can_buy(c, None) {
                    out.push(Action::BuyChest);
                }
            }
            Phase::Resolve => {
                if state.can_take(c) {
                    out.push(Action::Take);
                }
                out.push(Action::Discard);
            }
            Phase::PlaceTile { kind } => {
                for cell in Cell::all() {
                    if island.cell_takes(c, cell.index(), kind) {
                        out.push(Action::PlaceTile { cell });
                    }
                }
            }
            Phase::PlaceItem => {
                let Some(held) = state.holding else { return };
                let mut extra = [0; 6];
                extra[held.item.index()] = 1;
                if island.limits_hold(c, extra) {
                    for at in island.empty_spots(c) {
                        if island.accepts(c, at, held.item) {
                            out.push(Action::PlaceItem { at });
                        }
                    }
                }
                if state.can_buy(c, Some(held)) {
                    out.push(Action::BuyChest);
                }
            }
            Phase::Pay { .. } => self.push_spots(state, out, |at| Action::Pay { at }, |h| h.item == Item::Food),
            Phase::PlaceChest { kind, .. } => {
                for cell in Cell::all() {
                    if island.cell_takes(c, cell.index(), kind) {
                        out.push(Action::PlaceChest { cell });
                    }
                }
            }
            Phase::CoupRaise { die, .. } => {
                self.push_spots(state, out, |at| Action::CoupRaise { at }, |h| h.item == die && h.value < 6)
            }
            Phase::CoupSpend => {
                self.push_spots(state, out, |at| Action::CoupSpend { at }, |h| c.spend_items & h.item.bit() != 0);
                out.push(Action::CoupStop);
            }
            Phase::Reroll { die, .. } => {
                self.push_spots(state, out, |at| Action::Reroll { at }, |h| h.item == die);
                out.push(Action::Skip);
            }
            Phase::Relocate { .. } => {
                for (from, held) in island.pieces() {
                    for to in island.empty_spots(c) {
                        if to != from && island.accepts(c, to, held.item) {
                            out.push(Action::MoveItem { from, to });
                        }
                    }
                }
                for from in Cell::all() {
                    let Some(kind) = island.plots[from.index()].tile else { continue };
                    if kind == c.tavern {
                        continue;
                    }
                    for to in Cell::all() {
                        if to != from && island.cell_takes(c, to.index(), kind) {
                            out.push(Action::MoveTile { from, to });
                        }
                    }
                }
                out.push(Action::Skip);
            }
            Phase::Lay { .. } | Phase::Roll { .. } | Phase::Rerolling { .. } | Phase::Over => {}
        }
    }

    fn apply_with<T: Teller<Self::Event>>(&self, state: &mut State, _seat: Seat, action: &Action, told: &mut T) {
        let c = &self.content;
        match (*action, state.phase) {
            (Action::Travel { slot }, _) => state.travel(slot, told),
            (Action::Leave, _) => state.leave(c, told),
            (Action::Take, _) => state.take(c, told),
            (Action::Discard, _) => state.discard(c, told),
            (Action::PlaceTile { cell }, Phase::PlaceTile { kind }) => state.place_tile(c, cell, kind, told),
            (Action::PlaceItem { at }, _) => state.place_item(c, at, told),
            (Action::BuyChest, _) => state.buy_chest(c, told),
            (Action::Pay { at }, Phase::Pay { left, back }) => state.pay(at, left, back, told),
            (Action::PlaceChest { cell }, Phase::PlaceChest { kind, back }) => {
                state.place_chest(c, cell, kind, back, told)
            }
            (Action::CoupSpend { at }, _) => state.coup_spend(c, at, told),
            (Action::CoupStop, _) => state.coup_stop(c, told),
            (Action::CoupRaise { at }, Phase::CoupRaise { amount, .. }) => state.coup_raise(c, at, amount, told),
            (Action::Reroll { at }, Phase::Reroll { port, .. }) => state.reroll(at, port, told),
            (Action::MoveItem { from, to }, _) => state.move_item(c, from, to, told),
            (Action::MoveTile { from, to }, _) => state.move_tile(c, from, to, told),
            (Action::Skip, _) => state.decline(c, told),
            _ => {}
        }
    }

    fn chance_outcomes(&self, state: &State, out: &mut Vec<(Chance, f64)>) {
        if state.reveal {
            let total: u32 = state.chests.iter().map(|&n| n as u32).sum();
            for (i, &n) in state.chests.iter().enumerate() {
                if n > 0 {
                    out.push((Chance::Chest { kind: self.content.chest_kinds[i] }, n as f64 / total as f64));
                }
            }
            return;
        }
        match state.phase {
            Phase::Lay { slot } => {
                let total: u32 = state.stack.iter().map(|&n| n as u32).sum();
                for (kind, &n) in state.stack.iter().enumerate() {
                    if n > 0 {
                        out.push((Chance::Tile { slot, kind: kind as u8 }, n as f64 / total as f64));
                    }
                }
            }
            Phase::Roll { slot } => out.extend((1..=6).map(|value| (Chance::Roll { slot, value }, 1.0 / 6.0))),
            Phase::Rerolling { .. } => out.extend((1..=6).map(|value| (Chance::Reroll { value }, 1.0 / 6.0))),
            _ => {}
        }
    }

    fn sample_chance(&self, state: &State, rng: &mut Rng) -> Chance {
        if state.reveal {
            let mut weights = [0u32; content::MAX_CHEST_KINDS];
            for (w, &n) in weights.iter_mut().zip(&state.chests) {
                *w = n as u32;
            }
            let i = rng.weighted(&weights).unwrap_or(0);
            return Chance::Chest { kind: self.content.chest_kinds.get(i).copied().unwrap_or(0) };
        }
        match state.phase {
            Phase::Lay { slot } => {
                let mut weights = [0u32; content::MAX_KINDS];
                for (w, &n) in weights.iter_mut().zip(&state.stack) {
                    *w = n as u32;
                }
                Chance::Tile { slot, kind: rng.weighted(&weights).unwrap_or(0) as u8 }
            }
            Phase::Roll { slot } => Chance::Roll { slot, value: rng.die(6) },
            _ => Chance::Reroll { value: rng.die(6) },
        }
    }

    fn apply_chance_with<T: Teller<Self::Event>>(&self, state: &mut State, outcome: &Chance, told: &mut T) {
        let c = &self.content;
        match (*outcome, state.phase) {
            (Chance::Chest { kind }, _) => state.reveal_chest(c, kind, told),
            (Chance::Tile { slot, kind }, _) => state.lay(c, slot, kind, told),
            (Chance::Roll { slot, value }, _) => state.roll(c, slot, value, told),
            (Chance::Reroll { value }, Phase::Rerolling { at }) => state.rerolled(c, at, value, told),
            _ => {}
        }
    }

    fn view(&self, state: &State, viewer: Viewer) -> View {
        view::view(self, state, viewer)
    }

    fn determinize(&self, state: &State, _seat: Seat, _rng: &mut Rng) -> State {
        // Nothing is hidden: undrawn tiles and chests are counted piles, drawn when revealed.
        state.clone()
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        (state.phase == Phase::Over).then(|| {
            let scores = scores(&self.content, state);
            Outcome::shared_win(winners(&scores, self.players()), self.players())
        })
    }

    /// The tiles on the player's island (taken from the map or bought as chests), the starting Tavern aside.
    fn pieces_held<'a>(&'a self, state: &State, seat: Seat, out: &mut Vec<Piece<'a>>) {
        let Some(island) = state.islands.get(seat.index()) else { return };
        let tiles = island.plots.iter().filter_map(|plot| plot.tile).filter(|&t| t != self.content.tavern);
        out.extend(tiles.map(|t| Piece { kind: "tile", name: self.tile_name(t) }));
    }

    fn round(&self, state: &State) -> u32 {
        state.round as u32
    }

    /// Every action in the enum's order, each over its whole range: map slots 1 to `MAX_SLOTS`, the 16 cells, the
    /// 32 spots, and pairs of them for moves.
    fn action_space(&self) -> Option<Vec<Action>> {
        let spots = || Cell::all().flat_map(|cell| (0..content::MAX_SPOTS as u8).map(move |spot| Spot { cell, spot }));
        let mut out: Vec<Action> = (1..=content::MAX_SLOTS as u8).map(|slot| Action::Travel { slot }).collect();
        out.extend([Action::Leave, Action::Take, Action::Discard]);
        out.extend(Cell::all().map(|cell| Action::PlaceTile { cell }));
        out.extend(spots().map(|at| Action::PlaceItem { at }));
        out.push(Action::BuyChest);
        out.extend(spots().map(|at| Action::Pay { at }));
        out.extend(Cell::all().map(|cell| Action::PlaceChest { cell }));
        out.extend(spots().map(|at| Action::CoupSpend { at }));
        out.push(Action::CoupStop);
        out.extend(spots().map(|at| Action::CoupRaise { at }));
        out.extend(spots().map(|at| Action::Reroll { at }));
        out.extend(spots().flat_map(|from| spots().map(move |to| Action::MoveItem { from, to })));
        out.extend(Cell::all().flat_map(|from| Cell::all().map(move |to| Action::MoveTile { from, to })));
        out.push(Action::Skip);
        Some(out)
    }

    /// The observation only (the table, seat-relative; `docs/rules/pirate-haven.md`, "Tensors"); the information
    /// state is the core's: this observation followed by the seat's own action counts.
    fn tensor_len(&self, kind: TensorKind) -> Option<usize> {
        (kind == TensorKind::Observation).then(|| self.tensor.len())
    }

    fn tensor_layout(&self, kind: TensorKind) -> Option<TensorLayout> {
        (kind == TensorKind::Observation).then(|| tensor::sections(&self.content, self.players()).0)
    }

    fn write_tensor(&self, view: &View, kind: TensorKind, out: &mut [f32]) {
        if kind == TensorKind::Observation {
            self.view_tensor(view, out);
        }
    }

    fn write_seat_tensor(&self, state: &State, seat: Seat, kind: TensorKind, out: &mut [f32]) -> bool {
        if kind == TensorKind::Observation {
            self.seat_tensor(state, seat, out);
        }
        kind == TensorKind::Observation
    }

    fn check_invariants(&self, state: &State) -> Result<(), String> {
        self.invariants(state)
    }

    fn facts(&self) -> Facts {
        let c = &self.content;
        let p = self.players() as u64;
        let n = c.map_tiles[self.players()] as u64;
        let raise_spots = c.raises.iter().filter(|r| r.is_some()).count() as u64;
        let chests: u64 = c.chest_kinds.iter().map(|&k| c.tiles[k as usize].copies as u64).sum();
        // A round: every slot laid and rolled; each landing is a travel, a take or discard, a placement and at
        // most two steps of an ability (a reroll and its roll, a relocation, or the end of a Coup advance);
        // every player leaves once; Coup spending and raises are bounded by the track's height per player.
        let round_decisions = 5 * n + p + p * (c.top as u64 + raise_spots);
        let round = 2 * n + round_decisions;
        // A chest: buy, pay each pip, place, and turn the next face up (and the first reveal).
        let chest_steps = chests * (c.chest_cost as u64 + 3) + 1;
        Facts {
            min_players: MIN_PLAYERS,
            max_players: MAX_PLAYERS,
            min_payoff: 0.0,
            max_payoff: 1.0,
            utility: Utility::ConstantSum { total: 1.0 },
            max_steps: ROUNDS as u64 * round + chest_steps,
            // The lays and rolls are chance; everything else is counted as if it were a decision.
            max_decisions: ROUNDS as u64 * round_decisions + chest_steps,
            chance: true,
            hidden_information: false,
            simultaneous: false,
        }
    }
}

impl Roster for PirateHaven {
    fn own_bot_kinds() -> Vec<BotKind> {
        vec![BotKind {
            name: "greedy",
            about: "plays its turn for the best Fame estimate (score now, Ships rank, Food, Coup height)",
        }]
    }

    fn make_own_bot(name: &str, seed: u64) -> Option<Box<dyn Bot<Self>>> {
        match name {
            "greedy" => Some(Box::new(GreedyBot::new(seed))),
            _ => None,
        }
    }
}

/// Cells of an island, for front ends.
pub const ISLAND_CELLS: usize = CELLS;
