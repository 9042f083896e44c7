//! Pirate Haven's designed content: the island, the tiles and the Coup board, read from the data files
//! (`data/pirate-haven/*.json`, embedded at build time; a designer may pass others in the options) and checked.
//! Bad data is an `OptionsError`, never a panic. The rules read only the compact tables made here.

use plunder_core::OptionsError;
use serde::{Deserialize, Serialize};

use crate::content_words::file_name;

/// The built-in data files.
pub const ISLAND_JSON: &str = include_str!("../../data/pirate-haven/island.json");
pub const TILES_JSON: &str = include_str!("../../data/pirate-haven/tiles.json");
pub const COUP_JSON: &str = include_str!("../../data/pirate-haven/coup.json");

/// Cells of an island (a 4 x 4 grid).
pub const CELLS: usize = 16;
/// Columns (and rows) of the island grid.
pub const SIDE: usize = 4;
/// The longest map (the 4-player map lays all 22 tiles of a stack).
pub const MAX_SLOTS: usize = 22;
/// Rounds in a game (the rulebook's 4; one stack each).
pub const ROUNDS: usize = 4;
/// The most kinds of tile (round tiles, chests and the Tavern together).
pub const MAX_KINDS: usize = 32;
/// The most kinds of Treasure Chest.
pub const MAX_CHEST_KINDS: usize = 4;
/// Spots a tile may have, and printed items.
pub const MAX_SPOTS: usize = 2;
/// The highest Coup track spot the tables allow.
pub const MAX_TOP: u8 = 15;

/// A die or token.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Item {
    Food,
    Gold,
    Ship,
    Rum,
    Cannon,
    Pirate,
}

impl Item {
    pub const ALL: [Item; 6] = [Item::Food, Item::Gold, Item::Ship, Item::Rum, Item::Cannon, Item::Pirate];

    /// Dice have values; tokens do not.
    pub fn is_die(self) -> bool {
        matches!(self, Item::Food | Item::Gold | Item::Ship)
    }

    pub fn bit(self) -> u8 {
        1 << self as u8
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Item::Food => "Food",
            Item::Gold => "Gold",
            Item::Ship => "Ship",
            Item::Rum => "Rum",
            Item::Cannon => "Cannon",
            Item::Pirate => "Pirate",
        }
    }

    /// One letter for the island grid.
    pub fn letter(self) -> char {
        match self {
            Item::Food => 'F',
            Item::Gold => 'G',
            Item::Ship => 'S',
            Item::Rum => 'R',
            Item::Cannon => 'C',
            Item::Pirate => 'P',
        }
    }
}

/// Every item accepted: an "any" spot.
pub const ANY_ITEM: u8 = 0b11_1111;

/// What kind of tile.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TileType {
    Die,
    Token,
    House,
    Port,
    Infrastructure,
    Chest,
    Statue,
    Tavern,
}

impl TileType {
    /// The type's name for people ("Die", "Treasure Chest").
    pub fn name(self) -> &'static str {
        match self {
            TileType::Die => "Die",
            TileType::Token => "Token",
            TileType::House => "House",
            TileType::Port => "Port",
            TileType::Infrastructure => "Infrastructure",
            TileType::Chest => "Treasure Chest",
            TileType::Statue => "Statue",
            TileType::Tavern => "Tavern",
        }
    }

    pub fn bit(self) -> u8 {
        1 << self as u8
    }

    /// Tiles that go on an island spot when taken (House, Port, Infrastructure).
    pub fn is_building(self) -> bool {
        matches!(self, TileType::House | TileType::Port | TileType::Infrastructure)
    }
}

/// Which pieces the Harbour Master may move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceClass {
    Die,
    Token,
    Tile,
}

/// The effect primitives of every data file (docs/rules/pirate-haven.md, "Effect primitives").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    OfferDie {
        die: Item,
    },
    OfferToken {
        token: Item,
    },
    BoostAdjacent {
        die: Item,
        amount: u8,
    },
    BoostPlacedAdjacent {
        die: Item,
        amount: u8,
    },
    CoupBonusSteps {
        steps: u8,
    },
    FreeSpotsAdjacent,
    CoupAdvance {
        steps: u8,
    },
    Relocate {
        pieces: Vec<PieceClass>,
        #[serde(default)]
        optional: bool,
    },
    Reroll {
        die: Item,
        #[serde(default)]
        optional: bool,
    },
    ScoreDistinctNames {
        tile_types: Vec<TileType>,
        fame: u32,
    },
    ScoreTilesHolding {
        items: Vec<Item>,
        fame: u32,
    },
    ScoreValueSum {
        die: Item,
        fame_per_pip: u32,
    },
    ScoreNeighbours {
        item: Item,
        fame: u32,
    },
    ScoreItemsInReach {
        fame: u32,
    },
    ScoreItemCount {
        item: Item,
        fame: u32,
    },
    ScoreFlat {
        fame: u32,
    },
    CoupRaiseDie {
        die: Item,
        amount: u8,
    },
    CoupResolve {
        award: String,
        #[serde(default)]
        if_unresolved: bool,
        #[serde(default)]
        tie: Option<String>,
    },
    BuyChest {
        food: u8,
    },
    CountLimit {
        item: Item,
        not_more_than: Item,
    },
    RankSum {
        item: Item,
        awards: Vec<u32>,
        tiebreak: String,
        ties: String,
    },
    ScoreSets {
        item: Item,
        table: Vec<u32>,
        max_set: u8,
    },
    TurnTrackFame {
        fame: u32,
        at: String,
    },
    Tiebreak {
        order: Vec<String>,
    },
}

/// An item printed on a tile: part of it, never spent, moved or covered.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Printed {
    pub item: Item,
    /// A printed die's value (0 for tokens).
    pub value: u8,
}

/// One kind of tile as the rules use it.
#[derive(Clone, Debug, PartialEq)]
pub struct TileDef {
    pub id: String,
    pub name: String,
    /// What the tile does, in words for people (the data's `text`).
    pub text: String,
    /// What a building or chest does, in a few words for a choice's label (the data's `gist`; may be empty).
    pub gist: String,
    pub kind: TileType,
    pub copies: u8,
    /// Copies in each round's stack.
    pub per_stack: [u8; ROUNDS],
    /// Each spot's accepted items (a bit set of `Item::bit`).
    pub spots: [u8; MAX_SPOTS],
    pub spot_count: u8,
    pub printed: [Option<Printed>; MAX_SPOTS],
    /// Printed pieces by item (`Item::index`), for counting.
    pub printed_items: [u8; 6],
    pub effects: Vec<Effect>,
    /// The die or token a Die or Token tile offers.
    pub offers: Option<Item>,
    /// Raised on placement: Food, Gold, Ship dice within reach (`boost_adjacent`).
    pub boost_now: [u8; 3],
    /// Raised for dice placed later within reach (`boost_placed_adjacent`).
    pub boost_later: [u8; 3],
    pub coup_bonus: u8,
    pub free_spots: bool,
    pub coup_advance: u8,
    pub relocate: bool,
    pub reroll: Option<Item>,
}

impl TileDef {
    /// Printed pieces of `item` on this tile.
    pub fn printed_count(&self, item: Item) -> u8 {
        self.printed_items[item.index()]
    }

    fn count_printed(&mut self) {
        self.printed_items = [0; 6];
        for p in self.printed.iter().flatten() {
            self.printed_items[p.item.index()] += 1;
        }
    }
}

/// One cell of the island board.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct CellDef {
    /// Tile types accepted (a bit set of `TileType::bit`); 0 for the Tavern.
    pub accepts: u8,
    /// The spot type's id (`house`, `port`, ...), for the grid.
    pub label: &'static str,
}

/// Everything the rules read, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Content {
    pub tiles: Vec<TileDef>,
    /// The round tiles' kinds (indices into `tiles`), in the data's order.
    pub round_kinds: Vec<u8>,
    /// The Treasure Chest kinds (indices into `tiles`).
    pub chest_kinds: Vec<u8>,
    /// The Tavern's kind.
    pub tavern: u8,
    pub tavern_cell: u8,
    /// The Tavern's starting dice: (spot, item, value).
    pub tavern_start: Vec<(u8, Item, u8)>,
    pub cells: [CellDef; CELLS],
    pub statues: u8,
    pub statue_fame: u32,
    /// What a Statue is, in words for people (Statues are kept beside the island, not as tiles).
    pub statue_text: String,
    pub map_tiles: [u8; 5],
    /// Dice in the pool: Food, Gold, Ship.
    pub pool: [u8; 3],
    pub limits: Vec<(Item, Item)>,
    pub top: u8,
    /// Free steps a new Pirate or Cannon token gives (the token rule).
    pub token_steps: u8,
    /// Which tokens move you on the Coup track.
    pub advance_items: u8,
    /// Which dice may be spent on the Coup track.
    pub spend_items: u8,
    /// The die a Coup spot raises, and by how much.
    pub raises: [Option<(Item, u8)>; MAX_TOP as usize + 1],
    pub chest_cost: u8,
    pub rum_table: Vec<u32>,
    pub rum_max_set: u8,
    pub ship_awards: Vec<u32>,
    pub first_fame: u32,
}

// ---- The files' shapes (documentation fields are ignored). ----

#[derive(Deserialize)]
struct IslandFile {
    format: String,
    grid: Grid,
    entries: Vec<IslandEntry>,
}

#[derive(Deserialize)]
struct Grid {
    rows: usize,
    cols: usize,
}

#[derive(Deserialize)]
struct IslandEntry {
    id: String,
    #[serde(default)]
    text: String,
    row: usize,
    col: usize,
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    accepts: Vec<TileType>,
    #[serde(default)]
    spots: Vec<Vec<Item>>,
    #[serde(default)]
    printed: Vec<PrintedEntry>,
    #[serde(default)]
    start: Vec<StartEntry>,
}

#[derive(Deserialize)]
struct StartEntry {
    spot: u8,
    item: Item,
    value: u8,
}

#[derive(Deserialize)]
struct PrintedEntry {
    item: Item,
    #[serde(default)]
    value: u8,
}

#[derive(Deserialize)]
struct TilesFile {
    format: String,
    stacks: Vec<StackEntry>,
    entries: Vec<TileEntry>,
    specials: Vec<TileEntry>,
}

#[derive(Deserialize)]
struct StackEntry {
    round: usize,
    tiles: u32,
}

#[derive(Deserialize)]
struct TileEntry {
    id: String,
    name: String,
    #[serde(default)]
    text: String,
    #[serde(default)]
    gist: String,
    #[serde(rename = "type")]
    kind: TileType,
    copies: u8,
    #[serde(default)]
    per_stack: Vec<u8>,
    #[serde(default)]
    spots: Vec<Vec<Item>>,
    #[serde(default)]
    printed: Vec<PrintedEntry>,
    #[serde(default)]
    effect: Vec<Effect>,
}

#[derive(Deserialize)]
struct CoupFile {
    format: String,
    map: MapEntry,
    pool: Vec<PoolEntry>,
    limits: Vec<WithEffect>,
    coup_track: CoupTrack,
    turn_track: TurnTrack,
    treasure_chest: WithEffect,
    rum_table: RumTable,
    scoring: Vec<WithEffect>,
}

#[derive(Deserialize)]
struct MapEntry {
    tiles_by_players: std::collections::BTreeMap<String, u8>,
    rounds: usize,
}

#[derive(Deserialize)]
struct PoolEntry {
    item: Item,
    count: u8,
}

#[derive(Deserialize)]
struct WithEffect {
    #[serde(default)]
    effect: Vec<Effect>,
}

#[derive(Deserialize)]
struct CoupTrack {
    top: u8,
    advance_on: Vec<AdvanceOn>,
    spend_items: Vec<Item>,
    entries: Vec<CoupSpot>,
}

#[derive(Deserialize)]
struct AdvanceOn {
    items: Vec<Item>,
    effect: Vec<Effect>,
}

#[derive(Deserialize)]
struct CoupSpot {
    spot: u8,
    #[serde(default)]
    effect: Vec<Effect>,
}

#[derive(Deserialize)]
struct TurnTrack {
    entries: Vec<WithEffect>,
}

#[derive(Deserialize)]
struct RumTable {
    max_set: u8,
}

fn bad<T>(file: &str, reason: impl std::fmt::Display) -> Result<T, OptionsError> {
    Err(OptionsError::new(format!("pirate-haven {file}: {reason}")))
}

/// An effect's `kind` as the file writes it ("coup_advance").
fn kind(effect: &Effect) -> String {
    file_name(effect, "kind")
}

/// An item as the file writes it ("rum").
fn item(item: Item) -> String {
    file_name(&item, "kind")
}

fn mask(items: &[Item]) -> u8 {
    items.iter().fold(0, |m, i| m | i.bit())
}

fn printed(file: &str, id: &str, entries: &[PrintedEntry]) -> Result<[Option<Printed>; MAX_SPOTS], OptionsError> {
    if entries.len() > MAX_SPOTS {
        return bad(file, format!("'{id}' has more than {MAX_SPOTS} printed items"));
    }
    let mut out = [None; MAX_SPOTS];
    for (i, p) in entries.iter().enumerate() {
        let value = if p.item.is_die() {
            if !(1..=6).contains(&p.value) {
                return bad(file, format!("'{id}': a printed die shows 1 to 6"));
            }
            p.value
        } else {
            0
        };
        out[i] = Some(Printed { item: p.item, value });
    }
    Ok(out)
}

fn spots(file: &str, id: &str, entries: &[Vec<Item>]) -> Result<([u8; MAX_SPOTS], u8), OptionsError> {
    if entries.len() > MAX_SPOTS {
        return bad(file, format!("'{id}' has more than {MAX_SPOTS} spots"));
    }
    let mut out = [0; MAX_SPOTS];
    for (i, s) in entries.iter().enumerate() {
        if s.is_empty() {
            return bad(file, format!("'{id}': a spot accepts at least one item"));
        }
        out[i] = mask(s);
    }
    Ok((out, entries.len() as u8))
}

fn tile_def(entry: TileEntry) -> Result<TileDef, OptionsError> {
    let file = "tiles";
    let id = entry.id.clone();
    let (spot_masks, spot_count) = spots(file, &id, &entry.spots)?;
    let mut def = TileDef {
        printed: printed(file, &id, &entry.printed)?,
        printed_items: [0; 6],
        id: entry.id,
        name: entry.name,
        text: entry.text,
        gist: entry.gist,
        kind: entry.kind,
        copies: entry.copies,
        per_stack: [0; ROUNDS],
        spots: spot_masks,
        spot_count,
        effects: Vec::new(),
        offers: None,
        boost_now: [0; 3],
        boost_later: [0; 3],
        coup_bonus: 0,
        free_spots: false,
        coup_advance: 0,
        relocate: false,
        reroll: None,
    };
    if !entry.per_stack.is_empty() {
        if entry.per_stack.len() != ROUNDS {
            return bad(file, format!("'{id}': per_stack lists {ROUNDS} rounds"));
        }
        def.per_stack.copy_from_slice(&entry.per_stack);
    }
    let die = |d: Item| -> Result<usize, OptionsError> {
        if d.is_die() {
            Ok(d.index())
        } else {
            bad(file, format!("'{id}': \"{}\" is not a die (dice are food, gold and ship)", item(d)))
        }
    };
    for effect in &entry.effect {
        match effect {
            Effect::OfferDie { die: d } => {
                die(*d)?;
                def.offers = Some(*d);
            }
            Effect::OfferToken { token } => {
                if token.is_die() {
                    return bad(file, format!("'{id}': offer_token offers a token, and \"{}\" is a die", item(*token)));
                }
                def.offers = Some(*token);
            }
            Effect::BoostAdjacent { die: d, amount } => def.boost_now[die(*d)?] += amount,
            Effect::BoostPlacedAdjacent { die: d, amount } => def.boost_later[die(*d)?] += amount,
            Effect::CoupBonusSteps { steps } => def.coup_bonus += steps,
            Effect::FreeSpotsAdjacent => def.free_spots = true,
            Effect::CoupAdvance { steps } => def.coup_advance += steps,
            Effect::Relocate { .. } => def.relocate = true,
            Effect::Reroll { die: d, .. } => {
                die(*d)?;
                def.reroll = Some(*d);
            }
            Effect::ScoreDistinctNames { .. }
            | Effect::ScoreTilesHolding { .. }
            | Effect::ScoreItemsInReach { .. }
            | Effect::ScoreNeighbours { .. }
            | Effect::ScoreItemCount { .. }
            | Effect::ScoreFlat { .. } => {}
            Effect::ScoreValueSum { die: d, .. } => {
                die(*d)?;
            }
            other => return bad(file, format!("'{id}': effect \"{}\" is not for tiles", kind(other))),
        }
    }
    let offers = matches!(def.kind, TileType::Die | TileType::Token);
    if offers != def.offers.is_some() {
        return bad(file, format!("'{id}': Die and Token tiles (and only they) offer an item"));
    }
    if offers && (def.spot_count > 0 || def.printed.iter().any(Option::is_some)) {
        return bad(file, format!("'{id}': a Die or Token tile has no spots and nothing printed"));
    }
    if def.kind == TileType::Die && !def.offers.is_some_and(Item::is_die) {
        return bad(file, format!("'{id}': a Die tile offers a die"));
    }
    def.effects = entry.effect;
    def.count_printed();
    Ok(def)
}

/// Reads and checks the three data files.
pub fn parse(island: &str, tiles: &str, coup: &str) -> Result<Content, OptionsError> {
    let island: IslandFile =
        serde_json::from_str(island).or_else(|e| bad("island", crate::content_words::file_error(&e)))?;
    let tiles: TilesFile =
        serde_json::from_str(tiles).or_else(|e| bad("tiles", crate::content_words::file_error(&e)))?;
    let coup: CoupFile = serde_json::from_str(coup).or_else(|e| bad("coup", crate::content_words::file_error(&e)))?;
    if island.format != "plunder-pirate-haven-island" {
        return bad("island", format!("the format is '{}'", island.format));
    }
    if tiles.format != "plunder-pirate-haven-tiles" {
        return bad("tiles", format!("the format is '{}'", tiles.format));
    }
    if coup.format != "plunder-pirate-haven-coup" {
        return bad("coup", format!("the format is '{}'", coup.format));
    }
    let mut tiles = read_tiles(tiles)?;
    let island = read_island(&island, &mut tiles.defs)?;
    let numbers = read_coup(&coup, &tiles.stack_sizes)?;
    Ok(Content {
        tiles: tiles.defs,
        round_kinds: tiles.round_kinds,
        chest_kinds: tiles.chest_kinds,
        tavern: island.tavern_kind,
        tavern_cell: island.tavern_cell,
        tavern_start: island.tavern_start,
        cells: island.cells,
        statues: tiles.statues,
        statue_fame: tiles.statue_fame,
        statue_text: tiles.statue_text,
        map_tiles: numbers.map_tiles,
        pool: numbers.pool,
        limits: numbers.limits,
        top: numbers.top,
        token_steps: numbers.token_steps,
        advance_items: numbers.advance_items,
        spend_items: numbers.spend_items,
        raises: numbers.raises,
        chest_cost: numbers.chest_cost,
        rum_max_set: numbers.rum_max_set,
        rum_table: numbers.rum_table,
        ship_awards: numbers.ship_awards,
        first_fame: numbers.first_fame,
    })
}

/// The tiles file, read and checked: every kind of tile (round tiles, then chests; Statues counted apart) and
/// the round stacks' sizes.
struct Tiles {
    defs: Vec<TileDef>,
    round_kinds: Vec<u8>,
    chest_kinds: Vec<u8>,
    statues: u8,
    statue_fame: u32,
    statue_text: String,
    stack_sizes: [u32; ROUNDS],
}

fn read_tiles(tiles: TilesFile) -> Result<Tiles, OptionsError> {
    let mut defs = Vec::new();
    let mut round_kinds = Vec::new();
    let mut chest_kinds = Vec::new();
    let (mut statues, mut statue_fame, mut statue_text) = (0, None, String::new());
    for entry in tiles.entries.into_iter().chain(tiles.specials) {
        let def = tile_def(entry)?;
        if defs.iter().any(|d: &TileDef| d.id == def.id) {
            return bad("tiles", format!("the id '{}' appears twice", def.id));
        }
        if def.copies == 0 {
            return bad("tiles", format!("'{}' has no copies", def.id));
        }
        let index = defs.len() as u8;
        match def.kind {
            TileType::Chest => {
                if def.spot_count == 0 {
                    return bad("tiles", format!("'{}': a Treasure Chest has a spot", def.id));
                }
                chest_kinds.push(index);
            }
            TileType::Statue => {
                statues += def.copies;
                let fame = def.effects.iter().find_map(|e| match e {
                    Effect::ScoreFlat { fame } => Some(*fame),
                    _ => None,
                });
                if fame.is_none() || statue_fame.is_some_and(|f| Some(f) != fame) {
                    return bad("tiles", "a Statue scores one flat Fame (score_flat)");
                }
                statue_fame = fame;
                statue_text = def.text;
                continue;
            }
            TileType::Tavern => return bad("tiles", "the Tavern is part of the island"),
            _ => {
                if def.per_stack.iter().map(|&c| c as u32).sum::<u32>() != def.copies as u32 {
                    return bad("tiles", format!("'{}': per_stack adds up to its copies", def.id));
                }
                round_kinds.push(index);
            }
        }
        defs.push(def);
    }
    let Some(statue_fame) = statue_fame else { return bad("tiles", "there are no Statues") };
    if chest_kinds.is_empty() || chest_kinds.len() > MAX_CHEST_KINDS {
        return bad("tiles", format!("1 to {MAX_CHEST_KINDS} kinds of Treasure Chest"));
    }
    if tiles.stacks.len() != ROUNDS {
        return bad("tiles", format!("{ROUNDS} stacks, one a round"));
    }
    let mut stack_sizes = [0u32; ROUNDS];
    for stack in &tiles.stacks {
        if !(1..=ROUNDS).contains(&stack.round) {
            return bad("tiles", format!("no round {}", stack.round));
        }
        let held: u32 = round_kinds.iter().map(|&k| defs[k as usize].per_stack[stack.round - 1] as u32).sum();
        if held != stack.tiles {
            return bad("tiles", format!("stack {} holds {held} tiles, not {}", stack.round, stack.tiles));
        }
        stack_sizes[stack.round - 1] = held;
    }

    Ok(Tiles { defs, round_kinds, chest_kinds, statues, statue_fame, statue_text, stack_sizes })
}

/// The island file, read and checked: the 16 spots and the Tavern, whose tile is added to `defs`.
struct Island {
    cells: [CellDef; CELLS],
    tavern_kind: u8,
    tavern_cell: u8,
    tavern_start: Vec<(u8, Item, u8)>,
}

fn read_island(island: &IslandFile, defs: &mut Vec<TileDef>) -> Result<Island, OptionsError> {
    if island.grid.rows != SIDE || island.grid.cols != SIDE || island.entries.len() != CELLS {
        return bad("island", "the island is a 4 x 4 grid of 16 spots");
    }
    let mut cells = [CellDef { accepts: 0, label: "" }; CELLS];
    let mut seen = [false; CELLS];
    let mut tavern = None;
    for entry in &island.entries {
        if entry.row >= SIDE || entry.col >= SIDE {
            return bad("island", format!("'{}' is off the grid", entry.id));
        }
        let cell = entry.row * SIDE + entry.col;
        if std::mem::replace(&mut seen[cell], true) {
            return bad("island", format!("two entries for '{}'", entry.id));
        }
        let label = match entry.kind.as_str() {
            "house" => "house",
            "port" => "port",
            "infrastructure" => "infra",
            "open" => "open",
            "tavern" => "tavern",
            other => return bad("island", format!("'{}': unknown spot type '{other}'", entry.id)),
        };
        if label == "tavern" {
            if tavern.is_some() {
                return bad("island", "one Tavern");
            }
            let (spot_masks, spot_count) = spots("island", &entry.id, &entry.spots)?;
            let mut start = Vec::new();
            for s in &entry.start {
                if s.spot >= spot_count || spot_masks[s.spot as usize] & s.item.bit() == 0 || !s.item.is_die() {
                    return bad("island", "the Tavern's starting die goes on a spot that accepts it");
                }
                if !(1..=6).contains(&s.value) {
                    return bad("island", "a die shows 1 to 6");
                }
                start.push((s.spot, s.item, s.value));
            }
            let printed = printed("island", &entry.id, &entry.printed)?;
            tavern = Some((cell, spot_masks, spot_count, printed, start, entry.text.clone()));
        } else {
            let accepts = entry.accepts.iter().fold(0, |m, t| m | t.bit());
            if accepts & TileType::Chest.bit() == 0
                || entry.accepts.iter().any(|t| !t.is_building() && *t != TileType::Chest)
            {
                return bad("island", format!("'{}' accepts Treasure Chests and buildings only", entry.id));
            }
            cells[cell] = CellDef { accepts, label };
        }
        cells[cell].label = label;
    }
    let Some((tavern_cell, spot_masks, spot_count, tavern_printed, tavern_start, tavern_text)) = tavern else {
        return bad("island", "the island has a Tavern");
    };
    let tavern_kind = defs.len() as u8;
    defs.push(TileDef {
        id: "tavern".into(),
        name: "Tavern".into(),
        text: tavern_text,
        gist: String::new(),
        kind: TileType::Tavern,
        copies: 1,
        per_stack: [0; ROUNDS],
        spots: spot_masks,
        spot_count,
        printed: tavern_printed,
        printed_items: [0; 6],
        effects: Vec::new(),
        offers: None,
        boost_now: [0; 3],
        boost_later: [0; 3],
        coup_bonus: 0,
        free_spots: false,
        coup_advance: 0,
        relocate: false,
        reroll: None,
    });
    if let Some(tavern) = defs.last_mut() {
        tavern.count_printed();
    }
    if defs.len() > MAX_KINDS {
        return bad("tiles", format!("at most {} kinds of tile", MAX_KINDS - 1));
    }

    Ok(Island { cells, tavern_kind, tavern_cell: tavern_cell as u8, tavern_start })
}

/// The Coup file's numbers, read and checked: map sizes, the dice pool, limits, the Coup track, the chest's
/// cost and the scoring tables.
struct Numbers {
    map_tiles: [u8; 5],
    pool: [u8; 3],
    limits: Vec<(Item, Item)>,
    top: u8,
    token_steps: u8,
    advance_items: u8,
    spend_items: u8,
    raises: [Option<(Item, u8)>; MAX_TOP as usize + 1],
    chest_cost: u8,
    rum_max_set: u8,
    rum_table: Vec<u32>,
    ship_awards: Vec<u32>,
    first_fame: u32,
}

fn read_coup(coup: &CoupFile, stack_sizes: &[u32; ROUNDS]) -> Result<Numbers, OptionsError> {
    if coup.map.rounds != ROUNDS {
        return bad("coup", format!("the game has {ROUNDS} rounds"));
    }
    let mut map_tiles = [0u8; 5];
    for (players, size) in map_tiles.iter_mut().enumerate().skip(2) {
        let Some(&n) = coup.map.tiles_by_players.get(&players.to_string()) else {
            return bad("coup", format!("no map size for {players} players"));
        };
        if n == 0 || n as usize > MAX_SLOTS || stack_sizes.iter().any(|&s| (n as u32) > s) {
            return bad("coup", format!("a map of {n} tiles does not fit (1 to {MAX_SLOTS}, at most a stack)"));
        }
        *size = n;
    }
    let mut pool = [0u8; 3];
    for p in &coup.pool {
        if p.item.is_die() {
            pool[p.item.index()] = p.count;
        }
    }
    let mut limits = Vec::new();
    for l in &coup.limits {
        for e in &l.effect {
            match e {
                Effect::CountLimit { item, not_more_than } => limits.push((*item, *not_more_than)),
                other => {
                    return bad(
                        "coup",
                        format!("limits: effect \"{}\" is not a limit (use \"count_limit\")", kind(other)),
                    )
                }
            }
        }
    }
    let track = read_coup_track(&coup.coup_track)?;
    let first_fame = coup
        .turn_track
        .entries
        .first()
        .and_then(|e| {
            e.effect.iter().find_map(|e| match e {
                Effect::TurnTrackFame { fame, .. } => Some(*fame),
                _ => None,
            })
        })
        .unwrap_or(0);
    let Some(chest_cost) = coup.treasure_chest.effect.iter().find_map(|e| match e {
        Effect::BuyChest { food } => Some(*food),
        _ => None,
    }) else {
        return bad("coup", "no Treasure Chest cost (buy_chest)");
    };
    if chest_cost == 0 {
        return bad("coup", "a Treasure Chest costs at least 1 Food");
    }
    let mut rum_table = None;
    let mut ship_awards = None;
    for s in &coup.scoring {
        for e in &s.effect {
            match e {
                Effect::ScoreSets { item: Item::Rum, table, max_set } => {
                    if table.len() != *max_set as usize + 1 || *max_set == 0 || *max_set != coup.rum_table.max_set {
                        return bad("coup", "the Rum table lists every set size from 0 to max_set");
                    }
                    rum_table = Some(table.clone());
                }
                Effect::RankSum { item: Item::Ship, awards, .. } => ship_awards = Some(awards.clone()),
                _ => {}
            }
        }
    }
    let (Some(rum_table), Some(ship_awards)) = (rum_table, ship_awards) else {
        return bad("coup", "scoring needs the Rum table and the Ships awards");
    };
    Ok(Numbers {
        map_tiles,
        pool,
        limits,
        top: track.top,
        token_steps: track.token_steps,
        advance_items: track.advance_items,
        spend_items: track.spend_items,
        raises: track.raises,
        chest_cost,
        rum_max_set: coup.rum_table.max_set,
        rum_table,
        ship_awards,
        first_fame,
    })
}

/// The Coup track, read and checked: its top, what advances on it and what each spot raises.
struct Track {
    top: u8,
    token_steps: u8,
    advance_items: u8,
    spend_items: u8,
    raises: [Option<(Item, u8)>; MAX_TOP as usize + 1],
}

fn read_coup_track(track: &CoupTrack) -> Result<Track, OptionsError> {
    if track.top == 0 || track.top > MAX_TOP {
        return bad("coup", format!("the Coup track's top is 1 to {MAX_TOP}"));
    }
    let (mut token_steps, mut advance_items) = (0, 0);
    for a in &track.advance_on {
        advance_items |= mask(&a.items);
        for e in &a.effect {
            match e {
                Effect::CoupAdvance { steps } => token_steps = *steps,
                other => {
                    let why = format!(
                        "coup_track advance_on: effect \"{}\" does not advance (use \"coup_advance\")",
                        kind(other)
                    );
                    return bad("coup", why);
                }
            }
        }
    }
    if advance_items & mask(&[Item::Food, Item::Gold, Item::Ship]) != 0 {
        return bad("coup", "only tokens move you on the Coup track");
    }
    let spend_items = mask(&track.spend_items);
    if track.spend_items.iter().any(|i| !i.is_die()) {
        return bad("coup", "only dice are spent on the Coup track");
    }
    let mut raises = [None; MAX_TOP as usize + 1];
    for spot in &track.entries {
        if spot.spot > track.top {
            return bad("coup", format!("spot {} is above the top", spot.spot));
        }
        for e in &spot.effect {
            match e {
                Effect::CoupRaiseDie { die, amount } if die.is_die() => {
                    raises[spot.spot as usize] = Some((*die, *amount))
                }
                Effect::CoupResolve { .. } => {}
                Effect::CoupRaiseDie { die, .. } => {
                    let why = format!(
                        "coup_track spot {}: coup_raise_die raises a die, and \"{}\" is a token",
                        spot.spot,
                        item(*die)
                    );
                    return bad("coup", why);
                }
                other => {
                    let why = format!(
                        "coup_track spot {}: effect \"{}\" is not for a Coup track spot (use \"coup_raise_die\" or \"coup_resolve\")",
                        spot.spot,
                        kind(other)
                    );
                    return bad("coup", why);
                }
            }
        }
    }
    Ok(Track { top: track.top, token_steps, advance_items, spend_items, raises })
}

/// The built-in content.
pub fn built_in() -> Content {
    parse(ISLAND_JSON, TILES_JSON, COUP_JSON).expect("the built-in Pirate Haven data is valid")
}

/// The island's cells sharing a side with `cell`, and `cell` itself ("within reach").
pub fn reach(cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / SIDE, cell % SIDE);
    let up = (r > 0).then(|| cell - SIDE);
    let down = (r + 1 < SIDE).then(|| cell + SIDE);
    let left = (c > 0).then(|| cell - 1);
    let right = (c + 1 < SIDE).then(|| cell + 1);
    [Some(cell), up, down, left, right].into_iter().flatten()
}

/// Whether two cells are the same or share a side.
pub fn in_reach(a: usize, b: usize) -> bool {
    let (ra, ca, rb, cb) = (a / SIDE, a % SIDE, b / SIDE, b % SIDE);
    ra.abs_diff(rb) + ca.abs_diff(cb) <= 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_content_matches_the_box() {
        let c = built_in();
        let count = |kind: TileType| c.tiles.iter().filter(|t| t.kind == kind).map(|t| t.copies as u32).sum::<u32>();
        assert_eq!(count(TileType::Die), 24);
        assert_eq!(count(TileType::Token), 27);
        assert_eq!(count(TileType::House), 12);
        assert_eq!(count(TileType::Port), 11);
        assert_eq!(count(TileType::Infrastructure), 14);
        assert_eq!(count(TileType::Chest) + c.statues as u32, 12);
        assert_eq!(c.map_tiles[2..], [14, 18, 22]);
        assert_eq!((c.top, c.chest_cost, c.statue_fame), (8, 4, 5));
        assert_eq!(c.rum_table, vec![0, 2, 5, 9, 14, 20]);
        assert_eq!(c.tiles[c.tavern as usize].kind, TileType::Tavern);
        assert_eq!(c.tavern_cell, 5, "b2");
    }

    #[test]
    fn bad_data_is_an_options_error() {
        assert!(parse("{", TILES_JSON, COUP_JSON).is_err());
        let broken = TILES_JSON.replacen("\"copies\": 8", "\"copies\": 9", 1);
        assert!(parse(ISLAND_JSON, &broken, COUP_JSON).unwrap_err().reason.contains("per_stack"));
        let unknown = TILES_JSON.replacen("offer_die", "offer_dragon", 1);
        assert!(parse(ISLAND_JSON, &unknown, COUP_JSON).is_err());
        let top = COUP_JSON.replacen("\"top\": 8", "\"top\": 99", 1);
        assert!(parse(ISLAND_JSON, TILES_JSON, &top).is_err());
    }
}
