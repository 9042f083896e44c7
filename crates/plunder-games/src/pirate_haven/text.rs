//! Pirate Haven in words: the map row, the tracks and every island as a grid, built from views only.

use std::fmt::Write;

use plunder_core::{winners_line, Game, Narrate, Seat, Told, Viewer};

use super::action::{Action, Cell, Chance, Spot};
use super::content::{reach, Item, TileDef, TileType, ROUNDS, SIDE};
use super::event::{Advance, Decider, Event, Raise, Step};
use super::refusal;
use super::score::{scores, winners, Score};
use super::state::{Phase, State};
use super::view::View;
use super::PirateHaven;
use crate::glossary::{self, Entry};

/// An island cell's width: the longest tile name ("Harbour Master's Port") fits whole.
const WIDTH: usize = 23;
const ORDINALS: [&str; 4] = ["1st", "2nd", "3rd", "4th"];

fn short(name: &str) -> String {
    name.chars().take(WIDTH - 1).collect()
}

/// A tile type's name for people.
fn type_name(kind: TileType) -> &'static str {
    match kind {
        TileType::Die => "Die tile",
        TileType::Token => "Token tile",
        other => other.name(),
    }
}

/// "a" or "an" before `word`.
pub(super) fn article(word: &str) -> &'static str {
    if word.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    }
}

/// An island spot type's name for people, from its label on the grid ("infra": Infrastructure).
fn spot_word(label: &str) -> String {
    match label {
        "infra" | "infrastructure" => "Infrastructure".into(),
        other => {
            let mut word = other.to_string();
            if let Some(first) = word.get_mut(..1) {
                first.make_ascii_uppercase();
            }
            word
        }
    }
}

/// An item's plural ("Ships", but "Gold").
fn plural(item: Item) -> String {
    match item {
        Item::Food | Item::Gold => item.name().to_string(),
        _ => format!("{}s", item.name()),
    }
}

/// Fame awards as "20/10/5".
fn awards(fame: &[u32]) -> String {
    fame.iter().map(|f| f.to_string()).collect::<Vec<_>>().join("/")
}

/// `n` of something, singular for one ("1 pip", "2 pips").
fn count(n: u32, one: &str, many: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// Names joined for a sentence: "P1", "P1 and P2", "P1, P2 and P3".
fn names(mut list: Vec<String>) -> String {
    match list.pop() {
        None => String::new(),
        Some(last) if list.is_empty() => last,
        Some(last) => format!("{} and {last}", list.join(", ")),
    }
}

/// Tile kinds once each, in their first order.
fn dedup(kinds: &[u8]) -> Vec<u8> {
    let mut once = Vec::new();
    for &k in kinds {
        if !once.contains(&k) {
            once.push(k);
        }
    }
    once
}

/// A die with its value ("Food die showing 4") or a token ("Rum token").
fn piece(item: Item, value: u8) -> String {
    if item.is_die() {
        format!("{} die showing {value}", item.name())
    } else {
        format!("{} token", item.name())
    }
}

/// What a die shows after paying a pip from it.
fn die_left(left: u8) -> String {
    match left {
        0 => "the die is used up and goes back to the pool".to_string(),
        n => format!("the die shows {n} now"),
    }
}

/// What each tile type is, in one sentence.
fn type_text(kind: TileType) -> &'static str {
    match kind {
        TileType::Die => {
            "a die of its colour is rolled onto it when the map is laid; land there to take the die or discard it"
        }
        TileType::Token => "its token waits on it; land there to take the token or discard it",
        TileType::House => "a passive ability while it is on your island; goes on a House spot or an open spot",
        TileType::Port => "an instant ability, once, right after it is placed; goes on a Port spot or an open spot",
        TileType::Infrastructure => {
            "scores Fame at the end of the game; goes on an Infrastructure spot or an open spot"
        }
        TileType::Chest => "bought with Food on your turn and placed on any empty island spot",
        TileType::Statue => "won in the Coup and kept beside your island",
        TileType::Tavern => "printed on every island",
    }
}

impl PirateHaven {
    /// A tile in words: its name, its type where the name does not say it, and its text.
    fn tile_line(&self, def: &TileDef) -> String {
        let kind = type_name(def.kind);
        if def.name.contains(kind) || def.text.starts_with(kind) {
            format!("{}: {}", def.name, def.text)
        } else {
            format!("{} ({kind}): {}", def.name, def.text)
        }
    }

    /// A tile's name, with its type where the name does not say it: "Farmhouse (House)", "Food Die tile".
    fn tile_words(&self, kind: u8) -> String {
        let name = self.tile_name(kind);
        let kind = self.content().tiles.get(kind as usize).map_or("", |t| t.kind.name());
        if name.contains(kind) {
            name.to_string()
        } else {
            format!("{name} ({kind})")
        }
    }

    /// What lies on a map slot holding the tile `kind` (and a die showing `die`): "a Food die showing 4", "a Rum
    /// token", "an empty Gold Die tile", "the Farmhouse (House)".
    fn lying(&self, kind: u8, die: Option<u8>) -> String {
        let Some(def) = self.content().tiles.get(kind as usize) else { return "?".into() };
        match (def.offers, die) {
            (Some(item), Some(value)) => format!("a {}", piece(item, value)),
            (Some(item), None) if item.is_die() => format!("an empty {}", def.name),
            (Some(item), None) => format!("a {}", piece(item, 0)),
            (None, _) => format!("the {}", self.tile_words(kind)),
        }
    }

    /// An island cell with its spot type: "b1 (a House spot)".
    fn cell_words(&self, cell: Cell) -> String {
        let word = spot_word(self.content().cells[cell.index()].label);
        format!("{cell} ({} {word} spot)", article(&word))
    }

    /// A spot by the tile it is on and where that stands: "the Tavern on b2" (a trial read "b2.1" as a code).
    fn spot_on(&self, at: Spot, on: u8) -> String {
        format!("the {} on {}", self.tile_name(on), at.cell)
    }

    /// `me`'s dice that went up from `before` to `after`, in words: a House's bonus on a die placed within its
    /// reach (`placed`: "House bonus: your Farmhouse raises it to 4"), and dice a newly placed House raised
    /// ("House bonus: raises your Food die on b2 to 4").
    fn dice_raised(&self, before: &State, after: &State, me: Seat, placed: Option<Spot>) -> Vec<String> {
        let c = self.content();
        let (was, now) = (before.island(me), after.island(me));
        let mut raised = Vec::new();
        for (at, held) in now.pieces().filter(|(_, h)| h.item.is_die()) {
            match was.plots[at.cell.index()].spots[at.spot as usize] {
                Some(old) if old.item == held.item && held.value > old.value => raised.push(format!(
                    "House bonus: raises your {} die on {} to {}",
                    held.item.name(),
                    at.cell,
                    held.value
                )),
                None if placed == Some(at) && before.holding.is_some_and(|h| held.value > h.value) => {
                    let houses: Vec<u8> = reach(at.cell.index())
                        .filter_map(|r| now.plots[r].tile)
                        .filter(|&t| c.tiles[t as usize].boost_later[held.item.index()] > 0)
                        .collect();
                    let (houses, verb) = self.houses(&houses, "your");
                    raised.push(format!("House bonus: {houses} {verb} it to {}", held.value));
                }
                _ => {}
            }
        }
        raised
    }

    /// How `me`'s Fame at the end changes from `before` to `after`, by source: "+3 Fame at the end (Rum sets)".
    /// `placement`: only what a placement itself scores (Rum sets, Infrastructure); otherwise also Ships (ranked
    /// on the sums now), Statues and the Turn track's 1st spot.
    fn fame_change(&self, before: &State, after: &State, me: Seat, placement: bool) -> Option<String> {
        let c = self.content();
        let (was, now) = (scores(c, before)[me.index()], scores(c, after)[me.index()]);
        let change = |a: u32, b: u32| b as i64 - a as i64;
        let mut parts = vec![
            ("Rum sets", change(was.rum, now.rum)),
            ("Infrastructure", change(was.infrastructure, now.infrastructure)),
        ];
        if !placement {
            parts.push(("Ships, ranked on the sums now", change(was.ships, now.ships)));
            parts.push(("a Statue", change(was.statues, now.statues)));
            // The 1st spot scores only after the last round: earlier it orders the next round, said apart.
            if before.round as usize >= ROUNDS {
                parts.push(("1st on the Turn track", change(was.first, now.first)));
            }
        }
        parts.retain(|&(_, fame)| fame != 0);
        let total: i64 = parts.iter().map(|&(_, fame)| fame).sum();
        match parts[..] {
            [] => None,
            [(source, fame)] => Some(format!("{fame:+} Fame at the end ({source})")),
            _ => {
                let each: Vec<String> = parts.iter().map(|(source, fame)| format!("{source} {fame:+}")).collect();
                Some(format!("{total:+} Fame at the end ({})", each.join(", ")))
            }
        }
    }

    /// What a placement (a tile, a die or token, a chest, a Harbour Master's move) gives at once, for its menu
    /// label: House bonuses and Fame at the end from Rum sets and Infrastructure; empty when nothing.
    fn placement_gains(&self, state: &State, action: &Action) -> String {
        let me = state.mover;
        let mut after = state.clone();
        self.apply_unchecked(&mut after, me, action);
        let placed = match *action {
            Action::PlaceItem { at } => Some(at),
            _ => None,
        };
        let mut gains = self.dice_raised(state, &after, me, placed);
        gains.extend(self.fame_change(state, &after, me, true));
        if gains.is_empty() {
            String::new()
        } else {
            format!(": {}", gains.join("; "))
        }
    }

    /// What paying or spending a pip changes, for its menu label: the mover's Fame at the end (a Food die paid
    /// down may lower a Granary's; a climb may take a Statue), and a Coup spot's bonus the climb reaches, or loses
    /// when the die it would raise is the one spent (a trial spent its last Food pip and lost the bonus unwarned);
    /// empty when nothing.
    fn pip_effects(&self, state: &State, action: &Action) -> String {
        let me = state.mover;
        let mut after = state.clone();
        let mut told: Vec<Told<Event>> = Vec::new();
        self.apply_with(&mut after, me, action, &mut told);
        let mut parts: Vec<String> = self.fame_change(state, &after, me, false).into_iter().collect();
        for event in told.iter().filter_map(|t| t.seen_by(Viewer::Spectator)) {
            if let Event::CoupBonus { seat, die, amount, raisable, .. } = event {
                if *seat == me {
                    parts.push(match raisable {
                        true => format!("Coup bonus: a {} die +{amount}", die.name()),
                        false => format!("no Coup bonus: you have no {} die below 6 to raise", die.name()),
                    });
                }
            }
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!(": {}", parts.join("; "))
        }
    }

    /// What every island holds at the start: the Tavern, its starting die and its printed items.
    fn islands_start(&self) -> String {
        let c = self.content();
        let tavern = &c.tiles[c.tavern as usize];
        let mut things: Vec<String> =
            c.tavern_start.iter().map(|&(_, item, value)| format!("a {}", piece(item, value))).collect();
        things.extend(tavern.printed.iter().flatten().map(|p| format!("a printed {}", p.item.name())));
        format!(
            "Every island starts the same: the {} on {} with {}, and nothing else.",
            tavern.name,
            Cell(c.tavern_cell),
            names(things)
        )
    }

    /// What a Turn track spot (0: 1st) means for the player leaving onto it: the next round's order, or in the
    /// last round, where no round follows, only the Fame for 1st.
    fn track_meaning(&self, place: u8, last_round: bool) -> String {
        let fame = self.content().first_fame;
        match (last_round, place) {
            (false, _) => "next round's order".to_string(),
            (true, 0) if fame > 0 => format!("the last round: {fame} Fame at the end for 1st"),
            (true, _) if fame > 0 => format!("the last round: no round follows, and only 1st scores, {fame} Fame"),
            (true, _) => "the last round: no round follows".to_string(),
        }
    }

    /// What a Statue is (Statues are not tiles of the content: they lie beside the Coup board).
    fn statue_line(&self) -> String {
        format!("Statue: {}", self.content().statue_text)
    }

    /// The Tavern as printed on every island, with its cell.
    fn tavern_line(&self) -> String {
        let c = self.content();
        format!("{} It is on {}.", c.tiles[c.tavern as usize].text, Cell(c.tavern_cell))
    }

    /// The island cells of each spot type, as "House spot (b1, a2): takes a House tile or a Treasure Chest".
    fn spot_types(&self) -> Vec<Entry> {
        let c = self.content();
        let mut labels: Vec<&str> = Vec::new();
        for cell in &c.cells {
            if cell.accepts != 0 && !labels.contains(&cell.label) {
                labels.push(cell.label);
            }
        }
        labels
            .into_iter()
            .map(|label| {
                let cells: Vec<String> = Cell::all()
                    .filter(|cell| c.cells[cell.index()].label == label)
                    .map(|cell| cell.to_string())
                    .collect();
                let accepts = c.cells.iter().find(|cell| cell.label == label).map_or(0, |cell| cell.accepts);
                let buildings: Vec<&str> = [TileType::House, TileType::Port, TileType::Infrastructure]
                    .into_iter()
                    .filter(|t| accepts & t.bit() != 0)
                    .map(type_name)
                    .collect();
                let takes = match buildings.split_last() {
                    None => String::new(),
                    Some((last, [])) => format!("{} {last} tile", article(last)),
                    Some((last, rest)) => format!("{} {} or {last} tile", article(rest[0]), rest.join(", ")),
                };
                let chest = accepts & TileType::Chest.bit() != 0;
                let takes = match (takes.is_empty(), chest) {
                    (false, true) => format!("{takes} or a Treasure Chest"),
                    (true, true) => "a Treasure Chest".to_string(),
                    _ => takes,
                };
                let name = format!("{} spot", spot_word(label));
                Entry::new(name.clone(), format!("{name} ({}): takes {takes}.", cells.join(", ")))
            })
            .collect()
    }

    /// The Coup track, the Coup and the Turn track, as the content has them.
    fn coup_board(&self) -> Vec<Entry> {
        let c = self.content();
        let bonuses: Vec<String> = c
            .raises
            .iter()
            .enumerate()
            .filter_map(|(spot, raise)| raise.map(|(item, n)| format!("{spot} raises a {} die by {n}", item.name())))
            .collect();
        let track_fame = if c.first_fame > 0 {
            format!("; after the last round the 1st spot scores {} Fame", c.first_fame)
        } else {
            String::new()
        };
        vec![
            Entry::new(
                "Coup board",
                "Coup board: the Coup track (Statues are won there) and the Turn track (the order of play).",
            ),
            Entry::new(
                "Coup track",
                format!(
                    "Coup track (spots 0 to {top}): each new Pirate or Cannon token you place (not one printed on a \
                     tile) moves you {steps} spot up free, then you may spend Food or Gold pips, 1 per spot. Reaching \
                     a spot the first time in a round: {bonuses}. The first to reach {top} wins the Coup at once: a \
                     Statue ({fame} Fame). Else at the round's end the single highest takes one (a tie: nobody). Every \
                     disk then returns to 0.",
                    top = c.top,
                    steps = c.token_steps,
                    bonuses = if bonuses.is_empty() { "no bonus".to_string() } else { bonuses.join(", ") },
                    fame = c.statue_fame
                ),
            )
            .or("Coup"),
            Entry::new(
                "Turn track",
                format!(
                    "Turn track (1st to 4th): leaving the map puts your disk on its lowest free spot, so the first to \
                     leave is 1st; the next round starts in this order{track_fame}."
                ),
            ),
        ]
    }

    /// Everything `? NAME` can find: tiles, tile types, island spots, the boards, items and scoring.
    fn glossary(&self) -> Vec<Entry> {
        let c = self.content();
        let mut entries: Vec<Entry> = c
            .tiles
            .iter()
            .map(|t| {
                let text = if t.kind == TileType::Tavern { self.tavern_line() } else { self.tile_line(t) };
                Entry::new(t.name.clone(), text).or(&t.id)
            })
            .collect();
        for kind in
            [TileType::Die, TileType::Token, TileType::House, TileType::Port, TileType::Infrastructure, TileType::Chest]
        {
            let names: Vec<&str> = c.tiles.iter().filter(|t| t.kind == kind).map(|t| t.name.as_str()).collect();
            let name = type_name(kind);
            let mut entry = Entry::new(name, format!("{name}: {}. Kinds: {}.", type_text(kind), names.join(", ")));
            if kind == TileType::Chest {
                // What it costs, where a trial looked for it.
                entry = Entry::new(
                    name,
                    format!(
                        "{name}: {}; bought for {} Food pips, paid from your Food dice. Kinds: {}.",
                        type_text(kind),
                        c.chest_cost,
                        names.join(", ")
                    ),
                )
                .or("Chest");
            }
            entries.push(entry);
        }
        entries.push(Entry::new("Statue", self.statue_line()));
        entries.extend(self.spot_types());
        entries.extend(self.coup_board());
        let limits: Vec<String> =
            c.limits.iter().map(|(a, b)| format!("never more {} than {}", plural(*a), plural(*b))).collect();
        for item in Item::ALL {
            let what = if item.is_die() { "die (values 1-6)" } else { "token" };
            let rule = match item {
                Item::Food => format!("spent pip by pip for Treasure Chests ({} each) and Coup spots", c.chest_cost),
                Item::Gold => "spent pip by pip for Coup spots; Gold dice score with the Treasury".to_string(),
                Item::Ship => {
                    format!("Ship values are summed at the end: {} Fame to the top three", awards(&c.ship_awards))
                }
                Item::Rum => "adjacent Rums score as sets from the Rum table".to_string(),
                Item::Cannon | Item::Pirate => "a new one moves you up the Coup track".to_string(),
            };
            // Only the limits this piece is in (a trial read the Ship and Gold limits under Rum).
            let own: Vec<String> = c
                .limits
                .iter()
                .filter(|(a, b)| *a == item || *b == item)
                .map(|(a, b)| format!("never more {} than {}", plural(*a), plural(*b)))
                .collect();
            let limit = if own.is_empty() { String::new() } else { format!(" Limit: {}.", own.join(", ")) };
            entries.push(Entry::new(item.name(), format!("{} {what}: {rule}.{limit}", item.name())));
        }
        entries.push(Entry::new(
            "Limits",
            format!(
                "Limits: your island may hold {} (printed pieces count). A die or token that would break one cannot \
                 be taken: you could only discard it.",
                limits.join(", ")
            ),
        ));
        let rum: Vec<String> = c.rum_table.iter().enumerate().skip(1).map(|(n, fame)| format!("{n}: {fame}")).collect();
        entries.push(Entry::new(
            "Rum table",
            format!(
                "Rum table (Fame by set of adjacent Rums): {}; past {} a new set starts.",
                rum.join(", "),
                c.rum_max_set
            ),
        ));
        entries.push(Entry::new(
            "Map",
            "Map: the row of tiles laid each round, slot 1 nearest the Coup board. The player furthest back moves \
             next: forward to any slot still holding a tile, or off the map onto the Turn track.",
        ));
        entries.push(Entry::new(
            "Fame",
            format!(
                "Fame (after round 4): Ship values ranked {}, Rum sets, Infrastructure, {} per Statue, {} for the \
                 Turn track's 1st spot. Ties: most Food, then most Cannons.",
                awards(&c.ship_awards),
                c.statue_fame,
                c.first_fame
            ),
        ));
        entries
    }

    /// The item held or lying on `at` of the mover's island, in words ("Food die (4)").
    fn piece_at(&self, state: &State, at: Spot) -> String {
        match state.island(state.mover).plots[at.cell.index()].spots.get(at.spot as usize).copied().flatten() {
            Some(h) if h.item.is_die() => format!("{} die ({})", h.item.name(), h.value),
            Some(h) => h.item.name().to_string(),
            None => "piece".to_string(),
        }
    }

    /// A spot of the mover's island in words, with its short code: "the House on b2 (row 2, column b), spot 1".
    fn spot_words(&self, state: &State, at: Spot) -> String {
        format!("the {} on {}, spot {}", self.tile_at(state, at.cell), cell_words(at.cell), at.spot + 1)
    }

    fn tile_at(&self, state: &State, cell: Cell) -> String {
        state.island(state.mover).plots[cell.index()]
            .tile
            .map_or("empty".to_string(), |k| self.tile_name(k).to_string())
    }

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

    /// What the building on map `slot` (0-based) does, after a colon, for a travel choice ("Trading Port: reroll
    /// one of your Gold dice"): a trial could not tell the tiles apart by their names.
    fn gist(&self, state: &State, slot: usize) -> String {
        match state.map[slot].tile.map(|k| &self.content().tiles[k as usize]) {
            Some(def) if def.offers.is_none() && !def.gist.is_empty() => format!(": {}", def.gist),
            _ => String::new(),
        }
    }

    /// The Houses that raised a die, each kind once with how many ("the two Farmhouses and the Goldsmith's House":
    /// a trial read "the Farmhouse raises it" of +2), and the verb that goes with them.
    fn houses(&self, kinds: &[u8], whose: &str) -> (String, &'static str) {
        let list = dedup(kinds)
            .into_iter()
            .map(|k| match kinds.iter().filter(|&&x| x == k).count() {
                1 => format!("{whose} {}", self.tile_name(k)),
                2 => format!("{whose} two {}s", self.tile_name(k)),
                n => format!("{whose} {n} {}s", self.tile_name(k)),
            })
            .collect();
        (names(list), if kinds.len() == 1 { "raises" } else { "raise" })
    }

    /// Where the die or token on map `slot` fits no spot of the mover's island but a Treasure Chest bought now
    /// would hold it: what taking it costs ("you must buy the Cannon Chest for 4 Food"). A trial took a Rum and
    /// found its only next move was paying for a chest.
    fn chest_needed(&self, state: &State, slot: u8) -> Option<String> {
        let c = self.content();
        let tile = state.map.get((slot as usize).checked_sub(1)?)?.tile?;
        let item = c.tiles[tile as usize].offers?;
        if state.island(state.mover).can_place(c, item) || !state.could_take(c, slot) {
            return None;
        }
        let chest =
            state.chest_top.map_or_else(|| "a Treasure Chest".to_string(), |k| format!("the {}", self.tile_name(k)));
        Some(format!("you must buy {chest} for {} Food", c.chest_cost))
    }

    /// What the mover's ship is on, for a label: "the Farmhouse (House)", "the Food die (5)", "a Pirate token".
    fn landed_on(&self, state: &State) -> Option<String> {
        let slot = state.map.get((state.pos[state.mover.index()] as usize).checked_sub(1)?)?;
        let def = &self.content().tiles[slot.tile? as usize];
        Some(match (def.offers, slot.die) {
            (Some(item), Some(value)) => format!("the {} die ({value})", item.name()),
            (Some(item), None) if item.is_die() => format!("the {} die tile (no die)", item.name()),
            (Some(item), None) => format!("a {} token", item.name()),
            (None, _) => format!("the {} ({})", def.name, def.kind.name()),
        })
    }

    /// What the mover has taken and is placing, as a label names it: "the Fishing Port", "the Food 6 die", "the
    /// Rum token"; "it" where nothing is held (no label asks then).
    fn placed(&self, state: &State) -> String {
        match (state.phase, state.holding) {
            (Phase::PlaceTile { kind }, _) => format!("the {}", self.tile_name(kind)),
            (_, Some(held)) if held.item.is_die() => format!("the {} {} die", held.item.name(), held.value),
            (_, Some(held)) => format!("the {} token", held.item.name()),
            _ => "it".to_string(),
        }
    }

    fn spots_text(&self, state: &State, seat: Seat, cell: usize) -> String {
        let plot = &state.islands[seat.index()].plots[cell];
        let Some(kind) = plot.tile else { return String::new() };
        let def = &self.content().tiles[kind as usize];
        // A Smuggler's Den within reach frees every empty spot here (a trial saw "{f/r}" beside one).
        let freed = state.islands[seat.index()].free_spots_at(self.content(), cell);
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
                None if freed || def.spots[s] == super::content::ANY_ITEM => "{*}".into(),
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

    /// One line of `seat`'s island: its stores and counts, for the islands not shown whole.
    pub fn island_line(&self, state: &State, seat: Seat) -> String {
        let c = self.content();
        let island = state.island(seat);
        format!(
            "{seat}: Food {}  Gold {}  Ships {}/{} cannons  Gold dice {}/{} pirates  Coup {}  Statues {}\n",
            island.free_pips(Item::Food),
            island.pips(c, Item::Gold),
            island.count(c, Item::Ship),
            island.count(c, Item::Cannon),
            island.count(c, Item::Gold),
            island.count(c, Item::Pirate),
            state.coup[seat.index()],
            state.statues[seat.index()]
        )
    }

    /// One island as its 4 x 4 grid, after its line.
    pub fn island_text(&self, state: &State, seat: Seat) -> String {
        let c = self.content();
        let island = state.island(seat);
        let mut out = self.island_line(state, seat);
        let border = format!("   +{}", format!("{}+", "-".repeat(WIDTH)).repeat(SIDE));
        let mut header = String::from("    ");
        for col in 0..SIDE {
            let _ = write!(header, "{:^w$} ", (b'a' + col as u8) as char, w = WIDTH);
        }
        let _ = writeln!(out, "{header}");
        let _ = writeln!(out, "{border}");
        // Rows are told apart by their numbers, not by borders; a row with nothing on its spots takes one line:
        // the viewer's island and the menu fit one screen.
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
            if spots.chars().any(|c| !matches!(c, ' ' | '|')) {
                let _ = writeln!(out, "{spots}");
            }
        }
        let _ = writeln!(out, "{border}");
        out
    }
}

impl Narrate for PirateHaven {
    /// The view's fields for the browser's generic drawing.
    fn presentation(&self) -> serde_json::Value {
        serde_json::json!({
            "pos": "by_seat", "coup": "by_seat", "statues": "by_seat", "islands": "by_seat", "scores": "by_seat",
            "statues_left": "count",
        })
    }

    /// The items by the letter the view's island grid writes them with: each item's id and name.
    fn client_words(&self) -> serde_json::Value {
        let items: serde_json::Map<String, serde_json::Value> = Item::ALL
            .iter()
            .map(|&item| {
                let id = serde_json::to_value(item).unwrap_or_default();
                (item.letter().to_string(), serde_json::json!({"id": id, "name": item.name()}))
            })
            .collect();
        serde_json::json!({ "items": items })
    }

    /// A tile laid and a die rolled onto the map: the round's and the map's lines and the Map line tell the map
    /// at once, where a line a slot filled the screen before the first move.
    fn told_elsewhere(&self, event: &Event) -> bool {
        matches!(event, Event::TileLaid { .. } | Event::DieRolled { .. } | Event::PoolEmpty { .. })
    }

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
        if let Some(fame) = &view.fame_now {
            // The viewer's own by source, so a player sees what to build next.
            let each: Vec<String> = fame
                .iter()
                .enumerate()
                .map(|(s, f)| match view.viewer.seat() == Some(Seat(s as u8)) {
                    true => format!("{} {} ({})", Seat(s as u8), f.total, fame_sources(f)),
                    false => format!("{} {}", Seat(s as u8), f.total),
                })
                .collect();
            let _ = writeln!(out, "Fame if the game ended now: {}", each.join(", "));
        }
        if let Some(held) = state.holding {
            let value = if held.item.is_die() { format!(" {}", held.value) } else { String::new() };
            let _ = writeln!(out, "{} holds {}{value} to place", state.mover, held.item.name());
        }
        if let Viewer::Seat(me) = view.viewer {
            if me == state.mover {
                if let Some(why) = refusal::chest(c, state) {
                    let _ = writeln!(out, "No chest for you now: {why}.");
                }
            }
        }
        // The viewer's own island whole, every other in one line (`? P2` shows it whole): the board fits a
        // screen with the menu.
        for seat in Seat::all(state.players()) {
            if view.viewer.seat() == Some(seat) {
                // The viewer's own, marked as the terminal's start says ("P1*").
                out.push_str(&self.island_text(state, seat).replacen(&format!("{seat}:"), &format!("{seat}*:"), 1));
            } else {
                out.push_str(&self.island_line(state, seat));
            }
        }
        if view.viewer.seat().is_some() {
            let _ = writeln!(out, "Type ? and a player (? P2) to see their island whole, ? key for the symbols.");
        }
        if let Some(scores) = &view.scores {
            for (s, score) in scores.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "{}: {} Fame (Ships {}, Rum {}, Infrastructure {}, Statues {}, 1st {}{}; Food {}, Cannons {})",
                    Seat(s as u8),
                    score.total,
                    score.ships,
                    score.rum,
                    score.infrastructure,
                    score.statues,
                    score.first,
                    if score.catch_up > 0 { format!(", catch-up {}", score.catch_up) } else { String::new() },
                    score.food,
                    score.cannons
                );
            }
            let _ = writeln!(out, "{}", winners_line(winners(scores, scores.len())));
        }
        out
    }

    fn tell(&self, event: &Event) -> String {
        let c = self.content();
        match event {
            Event::RoundBegins { round, tiles, stack: _, order } => {
                let order = order.iter().map(Seat::to_string).collect::<Vec<_>>().join(", ");
                // The first round also says what every island starts with: the one thing on it before any move.
                let islands = if *round == 1 { format!(" {}", self.islands_start()) } else { String::new() };
                format!(
                    "Round {round} begins: {} are laid in a row as the map; the order, from the \
                     Turn track: {order}.{islands}",
                    count(*tiles as u32, "tile", "tiles")
                )
            }
            Event::TileLaid { round, slot, kind } => {
                let def = &c.tiles[*kind as usize];
                let waits = match (def.kind, def.offers) {
                    (TileType::Token, Some(token)) => format!("; a {} token waits on it", token.name()),
                    _ => String::new(),
                };
                format!("Slot {slot} of the map: {}, drawn from round {round}'s stack{waits}.", self.tile_words(*kind))
            }
            Event::DieRolled { slot, die, value } => {
                format!("A {} die from the pool is rolled onto the Die tile on slot {slot}: it shows {value}.", die.name())
            }
            Event::PoolEmpty { slot, die } => format!(
                "The pool has no {} die left, so the Die tile on slot {slot} stays empty.",
                die.name()
            ),
            Event::MapLaid { round, unused: 0 } => format!(
                "The map is laid: Die tiles hold a rolled die (a colour the pool ran out of stays empty), Token tiles \
                 their token; round {round}'s stack is used up."
            ),
            Event::MapLaid { round, unused } => format!(
                "The map is laid: Die tiles hold a rolled die (a colour the pool ran out of stays empty), Token tiles \
                 their token; the other {} of round {round}'s stack go back to the box unseen.",
                count(*unused as u32, "tile", "tiles")
            ),
            Event::ChestFaceUp { kind, below } => format!(
                "The top Treasure Chest is turned face up: the {}, for sale at {} Food ({} below it, hidden).",
                self.tile_name(*kind),
                c.chest_cost,
                count(*below as u32, "chest", "chests")
            ),
            Event::ChestsGone => "No Treasure Chest is left: none can be bought any more.".to_string(),
            Event::Turn { seat, pos: 0 } => {
                format!("{seat}'s turn: at the start, first of those there in the Turn track's order.")
            }
            Event::Turn { seat, pos } => format!("{seat}'s turn: furthest back on the map (closest to the Coup board), on slot {pos}."),
            Event::Travelled { seat, slot, kind, die } => {
                format!("{seat} travels to slot {slot}: {}.", self.lying(*kind, *die))
            }
            Event::Left { seat, place, forced, last_round } => format!(
                "{seat} leaves the map{}: {} on the Turn track ({}).",
                if *forced { " (no tile lies ahead)" } else { "" },
                ORDINALS.get(*place as usize).unwrap_or(&"last"),
                self.track_meaning(*place, *last_round)
            ),
            Event::Took { seat, slot, kind, die } => match c.tiles[*kind as usize].offers {
                Some(_) => format!(
                    "{seat} takes {} from slot {slot} to place it on their island now (the {} is discarded).",
                    self.lying(*kind, *die),
                    self.tile_name(*kind)
                ),
                None => format!(
                    "{seat} takes the {} from slot {slot} to place it on their island now.",
                    self.tile_words(*kind)
                ),
            },
            Event::Discarded { seat, slot, kind, die } => match (c.tiles[*kind as usize].offers, die) {
                (Some(_), Some(_)) => format!(
                    "{seat} discards {} on slot {slot}: the die goes back to the pool.",
                    self.lying(*kind, *die)
                ),
                _ => format!(
                    "{seat} discards {} on slot {slot}: it leaves the game for this round.",
                    self.lying(*kind, *die)
                ),
            },
            Event::TilePlaced { seat, kind, cell } => {
                format!("{seat} places the {} on {}.", self.tile_words(*kind), self.cell_words(*cell))
            }
            Event::ItemPlaced { seat, item, value, now, at, on, boosted_by } => {
                let raised = if now != value {
                    let (houses, verb) = self.houses(boosted_by, "the");
                    format!(": {houses} {verb} it to {now}")
                } else {
                    String::new()
                };
                format!("{seat} places the {} on {}{raised}.", piece(*item, *value), self.spot_on(*at, *on))
            }
            Event::Raised { seat, item, at, on, from, to, by } => match by {
                Raise::House { kind } => format!(
                    "{seat}'s new {} raises the {} die on {} from {from} to {to}.",
                    self.tile_name(*kind),
                    item.name(),
                    self.spot_on(*at, *on)
                ),
                Raise::CoupSpot { spot } => format!(
                    "{seat} raises the {} die on {} from {from} to {to}: the bonus of Coup spot {spot}.",
                    item.name(),
                    self.spot_on(*at, *on)
                ),
            },
            Event::ChestBought { seat, kind, cost } => format!(
                "{seat} buys the face-up Treasure Chest, the {}, for {} (paid pip by pip).",
                self.tile_name(*kind),
                count(*cost as u32, "Food pip", "Food pips")
            ),
            Event::Paid { seat, at, on, left, owed } => format!(
                "{seat} pays 1 Food pip for the Treasure Chest from the Food die on {}: {}; {}.",
                self.spot_on(*at, *on),
                die_left(*left),
                if *owed == 0 { "paid in full".to_string() } else { format!("{} to pay", count(*owed as u32, "more pip", "more pips")) }
            ),
            Event::ChestPlaced { seat, kind, cell } => {
                format!("{seat} places the {} on {}.", self.tile_name(*kind), self.cell_words(*cell))
            }
            Event::CoupAdvance { seat, why, free, bonus, bonus_from } => {
                let cause = match why {
                    Advance::Token { item } => format!("{seat}'s new {} token", item.name()),
                    Advance::Port { kind } => format!("{seat}'s {}", self.tile_name(*kind)),
                };
                let extra = if *bonus > 0 {
                    let houses: Vec<String> = dedup(bonus_from).iter().map(|&k| self.tile_name(k).to_string()).collect();
                    format!(" ({} from the {})", count(*bonus as u32, "step", "steps"), names(houses))
                } else {
                    String::new()
                };
                format!(
                    "{cause} moves them up the Coup track: {} free{extra}, then Food or Gold pips may buy more.",
                    count(*free as u32, "step", "steps")
                )
            }
            Event::Climbed { seat, to, step: Step::Free } => {
                format!("{seat} climbs the Coup track to spot {to} of {} (a free step).", c.top)
            }
            Event::Climbed { seat, to, step: Step::Paid { at, on, item, left: 0 } } => format!(
                "{seat} spends the last {} pip of the die on {}, which goes back to the pool, and climbs the Coup \
                 track to spot {to} of {}.",
                item.name(),
                self.spot_on(*at, *on),
                c.top
            ),
            Event::Climbed { seat, to, step: Step::Paid { at, on, item, left } } => format!(
                "{seat} spends 1 {} pip from the die on {}, which now shows {left}, and climbs the Coup track to \
                 spot {to} of {}.",
                item.name(),
                self.spot_on(*at, *on),
                c.top
            ),
            Event::CoupBonus { seat, spot, die, amount, raisable: true } => format!(
                "{seat} reaches Coup spot {spot} first this round: a bonus, {seat} raises one of their {} dice by {amount}.",
                die.name()
            ),
            Event::CoupBonus { seat, spot, die, raisable: false, .. } => format!(
                "{seat} reaches Coup spot {spot} first this round, but has no {} die to raise (none, or only 6s): no \
                 bonus.",
                die.name()
            ),
            Event::CoupStopped { seat, at } => format!("{seat} stops climbing at Coup spot {at}."),
            Event::CoupAtTop { seat, statue: true } => format!(
                "{seat} reaches the top of the Coup track first this round: the Coup! {seat} takes a Statue ({} Fame).",
                c.statue_fame
            ),
            Event::CoupAtTop { seat, statue: false } => format!(
                "{seat} reaches the top of the Coup track first this round: the Coup, but no Statue is left."
            ),
            Event::CoupAtRoundEnd { round, highest, height, statue } => {
                let seats = names(highest.iter().map(|s| s.to_string()).collect());
                if highest.len() > 1 {
                    format!(
                        "Nobody reached the top in round {round}: {seats} tie for highest on the Coup track (spot \
                         {height}), so nobody takes a Statue."
                    )
                } else if *statue {
                    format!(
                        "Nobody reached the top in round {round}: {seats} stands alone highest on the Coup track (spot \
                         {height}) and takes a Statue ({} Fame).",
                        c.statue_fame
                    )
                } else {
                    format!(
                        "Nobody reached the top in round {round}: {seats} stands highest (spot {height}), but no \
                         Statue is left."
                    )
                }
            }
            Event::RerollChosen { seat, port, at, on, item, value } => format!(
                "{seat} uses the {} to reroll the {} die showing {value} on {}.",
                self.tile_name(*port),
                item.name(),
                self.spot_on(*at, *on)
            ),
            Event::Rerolled { seat, at, on, item, from, to } => format!(
                "{seat}'s {} die on {} is rerolled: it shows {to} (it showed {from}).",
                item.name(),
                self.spot_on(*at, *on)
            ),
            Event::ItemMoved { seat, port, item, value, from, from_on, to, to_on } => format!(
                "{seat} uses the {} to move the {} from {} to {}.",
                self.tile_name(*port),
                piece(*item, *value),
                self.spot_on(*from, *from_on),
                self.spot_on(*to, *to_on)
            ),
            Event::TileMoved { seat, port, kind, from, to } => format!(
                "{seat} uses the {} to move the {}, with what it holds, from {from} to {}.",
                self.tile_name(*port),
                self.tile_name(*kind),
                self.cell_words(*to)
            ),
            Event::Declined { seat, port } => match c.tiles[*port as usize].reroll {
                Some(die) => format!(
                    "{seat} chooses not to reroll a {} die with the {}.",
                    die.name(),
                    self.tile_name(*port)
                ),
                None => format!("{seat} chooses to move nothing with the {}.", self.tile_name(*port)),
            },
            Event::Unusable { seat, port } => match c.tiles[*port as usize].reroll {
                Some(die) => {
                    format!("{seat} has no {} die for the {} to reroll.", die.name(), self.tile_name(*port))
                }
                None => format!("{seat} has nothing the {} could move.", self.tile_name(*port)),
            },
            Event::RoundEnds { round, leftovers, dice_back, last } => {
                let back = if *dice_back > 0 {
                    format!(" ({} back to the pool)", count(*dice_back as u32, "die", "dice"))
                } else {
                    String::new()
                };
                format!(
                    "Round {round} ends: everyone has left the map; {} discarded{back}; every Coup disk returns to \
                     spot 0.{}",
                    match leftovers {
                        0 => "no tile is left to be".to_string(),
                        1 => "1 leftover tile is".to_string(),
                        n => format!("{n} leftover tiles are"),
                    },
                    if *last { " That was the last round: the game is scored." } else { "" }
                )
            }
            Event::FinalScore { seat, score, ship_pips, ship_place, tiles, statues } => {
                let mut parts = Vec::new();
                if let Some(place) = ship_place {
                    parts.push(format!(
                        "Ships {} ({}, {})",
                        score.ships,
                        ORDINALS.get(*place as usize).unwrap_or(&"unplaced"),
                        count(*ship_pips, "pip", "pips")
                    ));
                }
                if score.rum > 0 {
                    parts.push(format!("Rum sets {}", score.rum));
                }
                for &(kind, fame) in tiles {
                    parts.push(format!("{} {fame}", self.tile_name(kind)));
                }
                if *statues > 0 {
                    parts.push(format!("Statues {} ({statues})", score.statues));
                }
                if score.first > 0 {
                    parts.push(format!("1st on the Turn track {}", score.first));
                }
                if score.catch_up > 0 {
                    parts.push(format!("catch-up Fame {}", score.catch_up));
                }
                format!(
                    "{seat} scores {} Fame{}. Tie-breaks: {}, {}.",
                    score.total,
                    if parts.is_empty() { String::new() } else { format!(": {}", parts.join(", ")) },
                    count(score.food, "Food pip", "Food pips"),
                    count(score.cannons as u32, "Cannon", "Cannons")
                )
            }
            Event::Won { winners, fame, by } => {
                let seats = names(winners.iter().map(|s| s.to_string()).collect());
                match by {
                    Decider::Fame => format!("{seats} wins with the most Fame: {fame}."),
                    Decider::Food => format!("{seats} wins: tied on {fame} Fame, with the most Food pips."),
                    Decider::Cannons => {
                        format!("{seats} wins: tied on {fame} Fame and on Food, with the most Cannons.")
                    }
                    Decider::Shared => format!("{seats} share the win: tied on {fame} Fame, Food and Cannons."),
                }
            }
        }
    }

    fn chance_label(&self, chance: &Chance) -> String {
        match *chance {
            Chance::Tile { slot, kind } => format!("slot {slot}: {}", self.tile_name(kind)),
            Chance::Roll { slot, value } => format!("slot {slot}: the die shows {value}"),
            Chance::Chest { kind } => format!("{} face up", self.tile_name(kind)),
            Chance::Reroll { value } => format!("the reroll shows {value}"),
        }
    }

    /// Leaving the map ends a player's round: it is never paged away behind the travel choices. Nor is the way
    /// out of an optional ability (a trial read 12 "move your ..." lines, "... and 18 more", and thought it had to
    /// move something: "skip" was the 30th). Nor is buying the chest face up, offered beside the travels (a browser
    /// trial found it under 15 of them).
    fn always_shown(&self, _view: &View, action: &Action) -> bool {
        matches!(action, Action::Leave | Action::Skip | Action::CoupStop | Action::BuyChest)
    }

    fn label(&self, action: &Action) -> String {
        action.to_string()
    }

    fn label_in_view(&self, view: &View, action: &Action) -> String {
        let state = &view.table;
        let piece = |at: Spot| format!("your {} on {}", self.piece_at(state, at), self.spot_words(state, at));
        match *action {
            Action::Travel { slot } => match (slot as usize).checked_sub(1).filter(|&i| i < state.map.len()) {
                // A tile the player could only discard is marked before the move, with the reason.
                Some(i) => match refusal::blocked(self.content(), state, slot) {
                    Some((_, why)) => {
                        format!(
                            "travel to slot {slot} ({}): you could only discard it ({why})",
                            self.slot_text(state, i)
                        )
                    }
                    None => match self.chest_needed(state, slot) {
                        Some(chest) => {
                            format!("travel to slot {slot} ({}): to take it, {chest}", self.slot_text(state, i))
                        }
                        None => format!("travel to slot {slot} ({}{})", self.slot_text(state, i), self.gist(state, i)),
                    },
                },
                None => action.to_string(),
            },
            Action::Discard => match refusal::blocked(self.content(), state, state.pos[state.mover.index()]) {
                Some((what, why)) => format!("discard: you cannot take {what} ({why})"),
                None => self.landed_on(state).map_or_else(|| action.to_string(), |what| format!("discard {what}")),
            },
            Action::Take => match (self.landed_on(state), self.chest_needed(state, state.pos[state.mover.index()])) {
                (Some(what), Some(chest)) => format!("take {what}: no spot on your island takes it, so {chest}"),
                (Some(what), None) => format!("take {what}"),
                (None, _) => action.to_string(),
            },
            Action::Leave => {
                let spot = state.track.iter().position(Option::is_none).unwrap_or(0);
                format!(
                    "leave the map, ending your round ({} on the Turn track)",
                    ORDINALS.get(spot).unwrap_or(&"next")
                )
            }
            Action::PlaceTile { cell } => {
                format!("place {} on {}{}", self.placed(state), cell_words(cell), self.placement_gains(state, action))
            }
            Action::PlaceItem { at } => {
                let (at, gains) = (self.spot_words(state, at), self.placement_gains(state, action));
                format!("place {} on {at}{gains}", self.placed(state))
            }
            Action::BuyChest => match state.chest_top {
                Some(k) => {
                    let gist = &self.content().tiles[k as usize].gist;
                    let gist = if gist.is_empty() { String::new() } else { format!(": {gist}") };
                    format!("buy the {} for {} Food{gist}", self.tile_name(k), self.content().chest_cost)
                }
                None => action.to_string(),
            },
            Action::Pay { at } => format!("pay a Food pip from {}{}", piece(at), self.pip_effects(state, action)),
            Action::PlaceChest { cell } => {
                format!("place the chest on {}{}", cell_words(cell), self.placement_gains(state, action))
            }
            Action::CoupSpend { at } => {
                format!("spend a pip of {} to climb the Coup track{}", piece(at), self.pip_effects(state, action))
            }
            Action::CoupStop => "stop climbing the Coup track".to_string(),
            Action::CoupRaise { at } => format!("raise {} by 1", piece(at)),
            Action::Reroll { at } => format!("reroll {}", piece(at)),
            Action::MoveItem { from, to } => {
                format!("move {} to {}{}", piece(from), self.spot_words(state, to), self.placement_gains(state, action))
            }
            Action::MoveTile { from, to } => format!(
                "move the {} from {} to {}{}",
                self.tile_at(state, from),
                from,
                cell_words(to),
                self.placement_gains(state, action)
            ),
            Action::Skip => match state.phase {
                Phase::Relocate { .. } => "skip: move nothing".to_string(),
                Phase::Reroll { .. } => "skip: reroll nothing".to_string(),
                _ => action.to_string(),
            },
        }
    }

    fn rules_summary(&self) -> String {
        let c = self.content();
        format!(
            "Pirate Haven: four rounds of building your pirate island; the most Fame after round 4 wins.\n\
             Each round a row of tiles is laid (the map: {}, {} or {} tiles for 2, 3 or 4 players); Die tiles get a rolled \
             die, Token tiles a token. The player furthest back on the map moves next: forward to any slot still \
             holding a tile, then take it (placing it on your island at once) or discard it; or leave the map for \
             the lowest free Turn track spot (next round's order). The round ends when everyone has left.\n\
             Tiles go on island spots of their colour (open spots take any); dice and tokens on tile spots that \
             accept them. Never more Ships than Cannons, nor Gold than Pirates. Houses boost dice, Ports act once \
             when placed, Infrastructure scores at the end; {} Food buys a Treasure Chest. A new Pirate or Cannon \
             token (not one printed on a tile) climbs the Coup track (Food and Gold buy more steps): the first to \
             the top, or the single highest at the round's end, takes a Statue.\n\
             Fame: Ship values ranked ({}), Rum sets, Infrastructure, {} per Statue, {} for 1st on the Turn track.",
            c.map_tiles[2],
            c.map_tiles[3],
            c.map_tiles[4],
            c.chest_cost,
            awards(&c.ship_awards),
            c.statue_fame,
            c.first_fame
        )
    }

    fn option_meanings(&self) -> Vec<(&'static str, &'static str)> {
        vec![
            ("players", "2 to 4 players"),
            ("first_player", "the seat on the Turn track's 1st spot in round 1, who moves first: 0 is P1, 1 is P2, ..."),
            (
                "catch_up_fame",
                "variant against the first player's edge: each player after the first in round 1 scores this much \
                 more Fame at the end per place (0 to 10; 2 gives 0, 2, 4)",
            ),
            (
                "catch_up_food",
                "variant against the first player's edge: each player after the first in round 1 starts with this many \
                 more Food pips per place (0 to 3; 1 gives Food 3, 4, 5)",
            ),
            ("tiles", "null: the tiles below; or your own tiles, the JSON itself, in the format of data/pirate-haven/tiles.json"),
            ("island", "null: the island below; or your own, in the format of data/pirate-haven/island.json"),
            ("coup", "null: the Coup board and numbers below; or your own, in the format of data/pirate-haven/coup.json"),
        ]
    }

    fn designed_content(&self) -> String {
        let c = self.content();
        let mut out =
            String::from("Island (4 x 4 spots, rows 1-4 from the north, columns a-d; the same for everyone):\n");
        for spot in self.spot_types() {
            let _ = writeln!(out, "  {}", spot.text);
        }
        let _ = writeln!(out, "  {}", self.tavern_line());
        let round: u32 = c.round_kinds.iter().map(|&k| c.tiles[k as usize].copies as u32).sum();
        let _ = writeln!(out, "Round tiles ({round}, in four stacks, one per round):");
        for &k in &c.round_kinds {
            let t = &c.tiles[k as usize];
            let _ = writeln!(out, "  {} × {}", t.copies, self.tile_line(t));
        }
        let _ = writeln!(out, "Treasure Chests (one stack, top face up, {} Food each) and Statues:", c.chest_cost);
        for t in c.tiles.iter().filter(|t| t.kind == TileType::Chest) {
            let _ = writeln!(out, "  {} × {}", t.copies, self.tile_line(t));
        }
        let _ = writeln!(out, "  {} × {}", c.statues, self.statue_line());
        let _ = writeln!(out, "Coup board:");
        for entry in self.coup_board().into_iter().skip(1) {
            let _ = writeln!(out, "  {}", entry.text);
        }
        out
    }

    fn explain(&self, view: &View, action: &Action) -> String {
        let state = &view.table;
        let c = self.content();
        match *action {
            Action::Travel { slot } => {
                let Some(landed) = (slot as usize).checked_sub(1).and_then(|i| state.map.get(i)) else {
                    return String::new();
                };
                let Some(def) = landed.tile.and_then(|k| c.tiles.get(k as usize)) else { return String::new() };
                // The label says why only discarding would be open: the meaning says what landing then does.
                let only_discard = refusal::blocked(c, state, slot).is_some();
                let thing = match (def.offers, landed.die) {
                    (Some(item), Some(value)) => format!("a {} die showing {value}", item.name()),
                    (Some(item), None) if item.is_die() => format!("an empty {}", def.name),
                    (Some(item), None) => format!("a {} token", item.name()),
                    (None, _) => def.name.clone(),
                };
                match def.kind {
                    _ if only_discard => format!(
                        "land on {thing} and discard it (it leaves the game for this round): taking needs a legal place"
                    ),
                    TileType::Die | TileType::Token => format!(
                        "land on {thing}: take it (placed on your island at once) or discard it{}",
                        if matches!(def.offers, Some(Item::Pirate | Item::Cannon)) {
                            "; taking it climbs the Coup track"
                        } else {
                            ""
                        }
                    ),
                    _ => format!("land on {}", self.tile_line(def)),
                }
            }
            Action::Leave => {
                let spot = state.track.iter().position(Option::is_none).unwrap_or(0);
                format!(
                    "your disk takes the {} Turn track spot ({})",
                    ORDINALS.get(spot).unwrap_or(&"next"),
                    self.track_meaning(spot as u8, state.round as usize >= ROUNDS)
                )
            }
            Action::Take => "place it on your island now".into(),
            // The label names what blocks the take; this adds only what a chest could not change.
            Action::Discard => match refusal::take(c, state) {
                Some(_) if state.phase == Phase::Resolve && state.chest_top.is_some() => {
                    "it leaves the game for this round: your only choice here, even counting a Treasure Chest you \
                     could buy now"
                        .into()
                }
                Some(_) if state.phase == Phase::Resolve => {
                    "it leaves the game for this round: your only choice here".into()
                }
                _ => "it leaves the game for this round".into(),
            },
            Action::PlaceTile { cell } => match state.phase {
                Phase::PlaceTile { kind } => format!("{} goes on {cell} for good", self.tile_name(kind)),
                _ => String::new(),
            },
            Action::PlaceItem { at } => match state.holding {
                Some(h) => format!(
                    "the {} goes on the {} on {}, spot {}",
                    h.item.name(),
                    self.tile_at(state, at.cell),
                    at.cell,
                    at.spot + 1
                ),
                None => String::new(),
            },
            Action::BuyChest => match state.chest_top {
                Some(k) => format!("spend {} Food pips for {}", c.chest_cost, self.tile_line(&c.tiles[k as usize])),
                None => String::new(),
            },
            Action::Pay { at } => format!(
                "pay one Food pip from the {} on {at} (a die at 0 leaves your island)",
                self.piece_at(state, at)
            ),
            Action::PlaceChest { cell } => format!("the chest goes on {cell} for good"),
            Action::CoupSpend { at } => format!(
                "spend one pip of the {} on {at} to climb to Coup spot {} of {}",
                self.piece_at(state, at),
                state.coup[state.mover.index()] + 1,
                c.top
            ),
            Action::CoupStop => format!("stay on Coup spot {}", state.coup[state.mover.index()]),
            Action::CoupRaise { at } => {
                format!("the Coup track bonus: raise the {} on {at} by 1", self.piece_at(state, at))
            }
            Action::Reroll { at } => format!("the Port's ability: reroll the {} on {at}", self.piece_at(state, at)),
            Action::MoveItem { from, to } => {
                format!("the Harbour Master: move the {} from {from} to {to}", self.piece_at(state, from))
            }
            Action::MoveTile { from, to } => {
                format!(
                    "the Harbour Master: move the {} with what it holds from {from} to {to}",
                    self.tile_at(state, from)
                )
            }
            Action::Skip => "use no ability now".into(),
        }
    }

    /// What the bot's choice gives by the end of this turn (the bot's own line: placing, climbing, paying), in
    /// a player's words; what makes it the only choice of its kind; or, when nothing changes at once, what the
    /// bot weighs instead.
    fn hint_reason(&self, view: &View, action: &Action) -> Option<String> {
        let state = &view.table;
        let me = state.mover;
        if view.viewer.seat() != Some(me) {
            return None;
        }
        let c = self.content();
        let mut legal = Vec::new();
        self.legal_actions(state, me, &mut legal);
        let mut why: Vec<String> = Vec::new();
        let same_kind = legal.iter().filter(|a| std::mem::discriminant(*a) == std::mem::discriminant(action)).count();
        match *action {
            Action::Travel { slot } => {
                let takeable: Vec<u8> = legal
                    .iter()
                    .filter_map(|a| match *a {
                        Action::Travel { slot } if state.could_take(c, slot) => Some(slot),
                        _ => None,
                    })
                    .collect();
                if takeable == [slot] {
                    why.push("the only tile ahead you can take".to_string());
                }
            }
            Action::PlaceTile { .. } | Action::PlaceItem { .. } | Action::PlaceChest { .. } if same_kind == 1 => {
                why.push("the only spot that takes it".to_string());
            }
            _ => {}
        }
        let end = super::bot::rest_of_turn(self, state, me, action);
        why.extend(self.fame_change(state, &end, me, false));
        let placed = match *action {
            Action::PlaceItem { at } => Some(at),
            _ => None,
        };
        why.extend(self.dice_raised(state, &end, me, placed));
        let (was, now) = (state.island(me), end.island(me));
        for item in [Item::Food, Item::Gold] {
            let (a, b) = (was.free_pips(item), now.free_pips(item));
            let pips = |n: u32| count(n, &format!("{} pip", item.name()), &format!("{} pips", item.name()));
            if b > a {
                why.push(format!("+{}", pips(b - a)));
            } else if a > b {
                why.push(format!("spends {}", pips(a - b)));
            }
        }
        let climbed = end.coup[me.index()].saturating_sub(state.coup[me.index()]);
        if end.round == state.round && climbed > 0 {
            why.push(format!("{} up the Coup track", count(climbed as u32, "spot", "spots")));
        }
        let last_round = state.round as usize >= ROUNDS;
        match *action {
            Action::Travel { slot } => {
                // Tiles passed are out of reach for the rest of the round: the bot counts each as a loss.
                let from = state.pos[me.index()] as usize;
                let passed = state.map[from..(slot as usize).saturating_sub(1)].iter().filter(|s| s.tile.is_some());
                if passed.count() == 0 {
                    why.push("it passes no tile, so every other tile stays ahead of you".to_string());
                }
                if end.round == state.round && end.mover == me && end.phase == Phase::Travel {
                    why.push("you stay furthest back on the map, so you move again".to_string());
                }
            }
            Action::Leave if !last_round => {
                let spot = state.track.iter().position(Option::is_none).unwrap_or(0);
                let ordinal = ORDINALS.get(spot).unwrap_or(&"next");
                why.push(format!("you take the {ordinal} Turn track spot: you move {ordinal} next round"));
            }
            _ => {}
        }
        let placing = matches!(action, Action::PlaceTile { .. } | Action::PlaceItem { .. } | Action::PlaceChest { .. });
        if why.is_empty() && placing {
            // The bot draws among equally good spots: say so rather than invent a reason.
            why.push("no spot here gives a House bonus or Fame now, so the bot picks one of them".to_string());
        }
        if why.is_empty() {
            why.push(
                "nothing changes at once; the bot weighs what it keeps for later (tiles ahead, open spots, Food and \
                 Gold)"
                    .to_string(),
            );
        }
        Some(why.join("; "))
    }

    fn look_up_in_view(&self, view: &View, name: &str) -> Option<String> {
        let players = view.table.players();
        let seat = name.trim().strip_prefix(['p', 'P']).and_then(|n| n.parse::<usize>().ok());
        match seat {
            Some(n) if (1..=players).contains(&n) => Some(self.island_text(&view.table, Seat(n as u8 - 1))),
            _ => self.look_up(name),
        }
    }

    fn look_up(&self, name: &str) -> Option<String> {
        glossary::find(&self.glossary(), name)
    }

    fn key(&self) -> Option<String> {
        Some(SPOT_LEGEND.to_string())
    }
}

/// An island cell in words, with its name: "b2 (row 2, column b)".
fn cell_words(cell: Cell) -> String {
    format!("{cell} (row {}, column {})", cell.index() / SIDE + 1, (b'a' + (cell.index() % SIDE) as u8) as char)
}

/// How to read the short names of island cells and spots: the islands' key.
pub const SPOT_LEGEND: &str = "Island spots: a cell is its column a-d (west to east) and row 1-4 (north to south), \
                               so b2 is row 2, column b; b2.1 is the first spot for a die or token on the tile on b2.\n\
                               Key: (R) printed on the tile, [F3] placed on a spot (a die with its value), {g/r} an \
                               empty spot and what it takes, {*} an empty spot for anything, ..infra.. an empty cell \
                               and the tiles it takes (infra: Infrastructure). F Food, G Gold, S Ship, R Rum, \
                               C Cannon, P Pirate.";

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
        Phase::Relocate { .. } => "move a piece or skip",
        Phase::Lay { .. } | Phase::Roll { .. } | Phase::Rerolling { .. } => "chance",
        Phase::Over => "over",
    }
}

/// A score's sources in words: "Ships 8, Rum 3, Infrastructure 4, Statues 0, Turn track 2".
fn fame_sources(score: &Score) -> String {
    let mut text = format!(
        "Ships {}, Rum {}, Infrastructure {}, Statues {}, Turn track {}",
        score.ships, score.rum, score.infrastructure, score.statues, score.first
    );
    if score.catch_up > 0 {
        let _ = write!(text, ", catch-up {}", score.catch_up);
    }
    text
}
