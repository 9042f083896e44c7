//! Pirate Haven: conformance, the rulebook's statements and Joan's example with scripted chance, one test per
//! tile of the data (and a test that fails if a tile has none), the leak twin, conservation and termination.
//! Positions are built with a small builder (islands, map, positions, Coup disks); "scripted" chance fixes
//! tiles, dice and chests. Every refused action is checked to change nothing.

mod content_refusal;
use content_refusal::{assert_plain, refusal};
use plunder_core::{
    conformance, Audience, ChanceMode, Game, Narrate, Rng, Seat, SeatSet, Session, Status, Step, Told, Viewer,
};
use plunder_games::pirate_haven::{
    rum_set, scores, Action, Cell, Chance, Event, Held, Item, Options, Phase, PirateHaven, Score, Slot, Spot, State,
};

fn game(players: u8) -> PirateHaven {
    PirateHaven::new(Options::for_players(players)).unwrap()
}

fn cell(name: &str) -> Cell {
    Cell::named(name).unwrap_or_else(|| panic!("no cell {name}"))
}

/// `b1.2`: the second spot of b1.
fn sp(name: &str) -> Spot {
    let (c, s) = name.split_once('.').unwrap();
    Spot { cell: cell(c), spot: s.parse::<u8>().unwrap() - 1 }
}

/// A position under construction and then played through the checked path, keeping what the rules tell.
struct T {
    g: PirateHaven,
    s: State,
    told: Vec<Told<Event>>,
}

impl T {
    /// Round 1, the map laid empty, nobody moved, no chest face up yet; `left` seats are already off the map.
    fn new(players: u8, left: &[u8]) -> T {
        let g = game(players);
        let mut s = g.start();
        s.reveal = false;
        s.phase = Phase::Travel;
        for (i, &seat) in left.iter().enumerate() {
            s.track[i] = Some(Seat(seat));
        }
        let mut t = T { g, s, told: Vec::new() };
        t.top("pirate-chest");
        t.s.mover = t.s.closest().unwrap();
        t
    }

    fn k(&self, id: &str) -> u8 {
        self.g.kind(id).unwrap_or_else(|| panic!("no tile {id}"))
    }

    /// Turns chest `id` face up (from the pile below).
    fn top(&mut self, id: &str) {
        if let Some(old) = self.s.chest_top.take() {
            let i = self.g.content().chest_kinds.iter().position(|&k| k == old).unwrap();
            self.s.chests[i] += 1;
        }
        let kind = self.k(id);
        let i = self.g.content().chest_kinds.iter().position(|&k| k == kind).unwrap();
        self.s.chests[i] -= 1;
        self.s.chest_top = Some(kind);
    }

    fn tile(&mut self, seat: u8, at: &str, id: &str) -> &mut T {
        let kind = self.k(id);
        self.s.islands[seat as usize].plots[cell(at).index()].tile = Some(kind);
        self
    }

    fn put(&mut self, seat: u8, at: &str, item: Item, value: u8) -> &mut T {
        let at = sp(at);
        self.s.islands[seat as usize].plots[at.cell.index()].spots[at.spot as usize] = Some(Held { item, value });
        self
    }

    fn held(&self, seat: u8, at: &str) -> Option<Held> {
        let at = sp(at);
        self.s.islands[seat as usize].plots[at.cell.index()].spots[at.spot as usize]
    }

    fn value(&self, seat: u8, at: &str) -> u8 {
        self.held(seat, at).unwrap_or_else(|| panic!("nothing on {at}")).value
    }

    /// Map slot `slot` holds tile `id` (with a die of `die` on a Die tile).
    fn slot(&mut self, slot: u8, id: &str, die: Option<u8>) -> &mut T {
        let kind = self.k(id);
        self.s.map[slot as usize - 1] = Slot { tile: Some(kind), die };
        self
    }

    fn legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if let Status::Decide(seats) = self.g.status(&self.s) {
            self.g.legal_actions(&self.s, seats.lowest().unwrap(), &mut out);
        }
        out
    }

    fn play(&mut self, action: Action) -> Result<(), plunder_core::PlayError> {
        let before = self.s.clone();
        let mover = self.s.mover;
        let told_before = self.told.len();
        let result = plunder_core::play_told(&self.g, &mut self.s, mover, &action, &mut self.told);
        if result.is_err() {
            assert_eq!(before, self.s, "a refused {action} changed nothing");
            assert_eq!(self.told.len(), told_before, "a refused {action} tells nothing");
        }
        result
    }

    fn ok(&mut self, action: Action) -> &mut T {
        let legal = self.legal();
        self.play(action).unwrap_or_else(|e| panic!("{action}: {e:?}; legal: {legal:?}"));
        self
    }

    fn refused(&mut self, action: Action) -> &mut T {
        assert!(self.play(action).is_err(), "{action} must be refused");
        self
    }

    /// The reason `action` is refused (it must be).
    fn refusal(&mut self, action: Action) -> String {
        match self.play(action) {
            Err(plunder_core::PlayError::Illegal { reason }) => reason,
            other => panic!("{action} must be refused as illegal: {other:?}"),
        }
    }

    fn chance(&mut self, outcome: Chance) -> &mut T {
        plunder_core::supply_chance_told(&self.g, &mut self.s, &outcome, &mut self.told)
            .unwrap_or_else(|e| panic!("{outcome}: {e:?}"));
        self
    }

    /// What was told since the last call, in words; every event of this game is public.
    fn said(&mut self) -> Vec<String> {
        let told = std::mem::take(&mut self.told);
        assert!(told.iter().all(|t| t.to == Audience::Everyone), "nothing in Pirate Haven is secret: {told:?}");
        told.iter().map(|t| self.g.tell(&t.event)).collect()
    }

    /// Asserts that the words told since the last call hold each of `lines` (as parts of lines).
    fn says(&mut self, lines: &[&str]) -> &mut T {
        let said = self.said();
        for line in lines {
            assert!(said.iter().any(|l| l.contains(line)), "told no line with {line:?}: {said:#?}");
        }
        self
    }

    /// Lands on `slot`, takes it and places it (a tile on a cell, an item on a spot).
    fn land_and_place(&mut self, slot: u8, at: &str) -> &mut T {
        self.ok(Action::Travel { slot }).ok(Action::Take);
        if at.contains('.') {
            self.ok(Action::PlaceItem { at: sp(at) })
        } else {
            self.ok(Action::PlaceTile { cell: cell(at) })
        }
    }

    fn score(&self, seat: u8) -> Score {
        scores(self.g.content(), &self.s)[seat as usize]
    }

    fn count(&self, seat: u8, item: Item) -> u8 {
        self.s.islands[seat as usize].count(self.g.content(), item)
    }
}

/// Settles every pending chance event with the first listed outcome, or a scripted one.
fn settle(t: &mut T, die: u8) {
    while t.g.status(&t.s) == Status::Chance {
        let mut outcomes = Vec::new();
        t.g.chance_outcomes(&t.s, &mut outcomes);
        let outcome = match outcomes[0].0 {
            Chance::Roll { slot, .. } => Chance::Roll { slot, value: die },
            Chance::Reroll { .. } => Chance::Reroll { value: die },
            other => other,
        };
        t.chance(outcome);
    }
}

// ---- Conformance and properties. ----

#[test]
fn conformance_at_every_table_size() {
    let config = conformance::Config { games: 4, determinize_every: 7, play_on_every: 60, ..Default::default() };
    for players in 2..=4 {
        conformance::check_with(&game(players), config);
    }
}

/// Dice in the pool, on the map and on the islands; chests; Statues.
fn totals(g: &PirateHaven, s: &State) -> ([u32; 3], u32, u32) {
    let mut dice = [0u32; 3];
    for (i, d) in dice.iter_mut().enumerate() {
        *d += s.pool[i] as u32;
    }
    for slot in &s.map[..s.map_len as usize] {
        if let (Some(k), Some(_)) = (slot.tile, slot.die) {
            dice[g.content().tiles[k as usize].offers.unwrap().index()] += 1;
        }
    }
    if let Some(h) = s.holding.filter(|h| h.item.is_die()) {
        dice[h.item.index()] += 1;
    }
    let mut chests = s.chests.iter().map(|&n| n as u32).sum::<u32>() + s.chest_top.is_some() as u32;
    if let Phase::PlaceChest { .. } = s.phase {
        chests += 1;
    }
    if let Phase::Pay { .. } = s.phase {
        chests += 0; // the chest being paid for is still the face-up one
    }
    for island in &s.islands[..s.players()] {
        for (_, h) in island.pieces() {
            if h.item.is_die() {
                dice[h.item.index()] += 1;
            }
        }
        chests += island
            .plots
            .iter()
            .filter(|p| {
                p.tile
                    .is_some_and(|k| g.content().tiles[k as usize].kind == plunder_games::pirate_haven::TileType::Chest)
            })
            .count() as u32;
    }
    let statues = s.statues_left as u32 + s.statues.iter().map(|&n| n as u32).sum::<u32>();
    (dice, chests, statues)
}

#[test]
fn dice_chests_and_statues_are_conserved_and_placed_pieces_stay_where_they_are() {
    for players in 2..=4u8 {
        let g = game(players);
        for seed in 0..12u64 {
            let mut s = g.initial_state();
            let mut rng = Rng::seeded(seed);
            let start = totals(&g, &s);
            assert_eq!(start, ([10, 8, 8], 8, 4), "the pool, 8 chests and 4 Statues");
            let mut legal = Vec::new();
            let mut steps = 0;
            loop {
                let before = s.clone();
                let action = match g.status(&s) {
                    Status::Over => break,
                    Status::Chance => {
                        let o = g.sample_chance(&s, &mut rng);
                        g.apply_chance_unchecked(&mut s, &o);
                        None
                    }
                    Status::Decide(seats) => {
                        legal.clear();
                        g.legal_actions(&s, seats.lowest().unwrap(), &mut legal);
                        let a = legal[rng.index(legal.len())];
                        g.apply_unchecked(&mut s, seats.lowest().unwrap(), &a);
                        Some(a)
                    }
                };
                steps += 1;
                assert!(steps <= g.facts().max_steps);
                assert_eq!(totals(&g, &s), start, "seed {seed}, after {action:?}");
                // Tiles are final: a placed tile never leaves its cell, an item never leaves its spot (except a
                // die spent to 0), unless the Harbour Master moves it.
                for seat in 0..s.players() {
                    for c in 0..16 {
                        let (was, now) = (&before.islands[seat].plots[c], &s.islands[seat].plots[c]);
                        let moved_tile = matches!(action, Some(Action::MoveTile { from, .. }) if from.index() == c);
                        if was.tile.is_some() && !moved_tile {
                            assert_eq!(was.tile, now.tile, "a tile stays");
                            for k in 0..2 {
                                let spot = Spot { cell: Cell(c as u8), spot: k as u8 };
                                let moved = matches!(action, Some(Action::MoveItem { from, .. }) if from == spot);
                                let spent =
                                    matches!(action, Some(Action::Pay { at } | Action::CoupSpend { at }) if at == spot);
                                if let (Some(h), false, false) = (was.spots[k], moved, spent) {
                                    assert_eq!(now.spots[k].map(|n| n.item), Some(h.item), "an item stays");
                                }
                            }
                        }
                    }
                }
            }
            assert!(g.outcome(&s).is_some());
        }
    }
}

#[test]
fn random_games_end_within_the_facts_bound_and_no_option_leaves_a_seat_without_a_move() {
    for players in 2..=4u8 {
        let g = game(players);
        let mut legal = Vec::new();
        let mut longest = 0;
        for seed in 0..100 {
            let mut state = g.initial_state();
            let steps = plunder_core::random_playout(&g, &mut state, &mut Rng::seeded(seed), &mut legal);
            longest = longest.max(steps);
            assert_eq!(g.status(&state), Status::Over);
            assert_eq!(g.round(&state), 4);
        }
        assert!(longest <= g.facts().max_steps, "{longest} steps against a bound of {}", g.facts().max_steps);
    }
}

#[test]
fn random_games_keep_the_invariants_after_every_step() {
    // `plunder soak` checks `check_invariants` after every step; Pirate Haven once had none (issue 26, item 7).
    for players in 2..=4u8 {
        let g = game(players);
        let mut legal = Vec::new();
        for seed in 0..10u64 {
            let mut s = g.initial_state();
            let mut rng = Rng::seeded(seed);
            loop {
                g.check_invariants(&s).unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"));
                match g.status(&s) {
                    Status::Over => break,
                    Status::Chance => {
                        let o = g.sample_chance(&s, &mut rng);
                        g.apply_chance_unchecked(&mut s, &o);
                    }
                    Status::Decide(seats) => {
                        let seat = seats.lowest().unwrap();
                        legal.clear();
                        g.legal_actions(&s, seat, &mut legal);
                        let a = legal[rng.index(legal.len())];
                        g.apply_unchecked(&mut s, seat, &a);
                    }
                }
            }
        }
    }
}

#[test]
fn invariants_catch_lost_dice_chests_statues_and_broken_limits() {
    let g = game(3);
    let mut s = g.initial_state();
    let mut rng = Rng::seeded(5);
    // Into round 1's play, the map laid.
    while g.status(&s) == Status::Chance {
        let o = g.sample_chance(&s, &mut rng);
        g.apply_chance_unchecked(&mut s, &o);
    }
    assert_eq!(g.check_invariants(&s), Ok(()));
    let caught = |change: &dyn Fn(&mut State), says: &str| {
        let mut bad = s.clone();
        change(&mut bad);
        let err = g.check_invariants(&bad).expect_err(says);
        assert!(err.contains(says), "{err}");
    };
    caught(&|b| b.pool[Item::Food.index()] += 1, "Food dice in the game");
    caught(&|b| b.islands[0].plots[cell("b2").index()].spots[0] = None, "Food dice in the game");
    caught(&|b| b.chests[0] -= 1, "Treasure Chests in the game");
    caught(&|b| b.statues[1] += 1, "Statues in the game");
    caught(&|b| b.stack[b.stack.iter().position(|&n| n > 0).unwrap()] -= 1, "the round's stack holds");
    caught(
        &|b| {
            let tile = g.kind("fishing-port").unwrap();
            b.islands[0].plots[cell("a4").index()].tile = Some(tile);
            b.islands[0].plots[cell("a4").index()].spots[0] = Some(Held { item: Item::Rum, value: 0 });
            b.islands[0].plots[cell("b2").index()].spots[0] = None;
            b.islands[0].plots[cell("a4").index()].spots[1] = Some(Held { item: Item::Ship, value: 2 });
            b.pool[Item::Food.index()] += 1;
            b.pool[Item::Ship.index()] -= 1;
        },
        "holds more Ship than Cannon",
    );
    caught(&|b| b.islands[1].plots[cell("b2").index()].spots[0] = Some(Held { item: Item::Food, value: 7 }), "shows 7");
    caught(&|b| b.track[..2].copy_from_slice(&[Some(Seat(1)), Some(Seat(1))]), "Turn track twice");
    caught(&|b| b.coup[2] = 99, "above the Coup track's top");
    caught(&|b| b.holding = Some(Held { item: Item::Rum, value: 0 }), "a taken piece is held");
}

#[test]
fn leak_twin_nothing_is_private_and_undrawn_tiles_are_not_in_any_view() {
    // Two games scripted alike until a draw that differs: every seat sees the same as the spectator, and the
    // two games look the same to everyone until the draw shows.
    let g = game(3);
    let mut a = Session::new(g.clone(), 0, ChanceMode::Scripted);
    let mut b = Session::new(g.clone(), 0, ChanceMode::Scripted);
    let chest = Chance::Chest { kind: g.kind("cannon-chest").unwrap() };
    a.supply_chance(chest).unwrap();
    b.supply_chance(chest).unwrap();
    for viewer in [Viewer::Spectator, Viewer::Seat(Seat(0)), Viewer::Seat(Seat(2))] {
        let (va, vb) = (a.view(viewer), b.view(viewer));
        assert_eq!(va, vb, "the next tiles are not in the view");
        assert_eq!(va.table, a.view(Viewer::Spectator).table, "a seat sees what the spectator sees");
    }
    a.supply_chance(Chance::Tile { slot: 1, kind: g.kind("farmhouse").unwrap() }).unwrap();
    b.supply_chance(Chance::Tile { slot: 1, kind: g.kind("fort").unwrap() }).unwrap();
    assert_ne!(a.view(Viewer::Spectator), b.view(Viewer::Spectator), "a laid tile is public");
    assert!(!g.facts().hidden_information);
}

#[test]
fn greedy_beats_random() {
    let g = game(3);
    let mut wins = 0;
    for seed in 0..6 {
        let mut bots: Vec<Box<dyn plunder_core::Bot<PirateHaven>>> = vec![
            plunder_core::make_bot::<PirateHaven>("greedy", seed).unwrap(),
            plunder_core::make_bot::<PirateHaven>("random", seed + 1).unwrap(),
            plunder_core::make_bot::<PirateHaven>("random", seed + 2).unwrap(),
        ];
        let finished = plunder_core::play_game(&g, &mut bots, &mut Rng::seeded(seed), 100_000).unwrap();
        if finished.outcome.winners.contains(Seat(0)) {
            wins += 1;
        }
    }
    assert!(wins >= 5, "greedy won {wins} of 6");
}

#[test]
fn describe_draws_the_island_grid_and_the_placement_and_its_boost_are_told() {
    let mut t = T::new(2, &[1]);
    t.slot(1, "farmhouse", None);
    t.land_and_place(1, "b1");
    let text = t.g.describe(&t.g.view(&t.s, Viewer::Seat(Seat(0))));
    assert!(text.contains("Farmhouse") && text.contains("Tavern") && text.contains("[F4]"), "{text}");
    assert!(text.contains("..infra..") && text.contains("{f/r}"), "{text}");
    // The first terminal trial: the grid's symbols had no key; the second: it was printed at every decision.
    assert!(t.g.key().unwrap().contains("Key: (R) printed on the tile, [F3] placed on a spot"));
    assert!(text.contains("? key for the symbols") && !text.contains("Key: (R)"), "{text}");
    t.says(&[
        "P1 travels to slot 1: the Farmhouse (House).",
        "P1 takes the Farmhouse (House) from slot 1",
        "P1 places the Farmhouse (House) on b1 (a House spot).",
        "P1's new Farmhouse raises the Food die on the Tavern on b2 from 3 to 4.",
        "P1's turn: furthest back on the map (closest to the Coup board), on slot 1.",
    ]);
}

/// The terminal trial: "Harbour Maste" on the island grid: every tile's name is shown whole.
#[test]
fn the_island_grid_shows_the_longest_tile_name_whole() {
    let mut t = T::new(2, &[1]);
    t.slot(1, "harbour-master", None);
    t.land_and_place(1, "d2");
    let text = t.g.describe(&t.g.view(&t.s, Viewer::Seat(Seat(0))));
    assert!(text.contains("| Harbour Master's Port |"), "{text}");
}

#[test]
fn every_tile_laid_and_die_rolled_is_an_event_and_the_map_is_told_in_two_lines() {
    let g = game(2);
    let k = |id: &str| g.kind(id).unwrap();
    let mut session = Session::new(g.clone(), 0, ChanceMode::Scripted);
    session.supply_chance(Chance::Chest { kind: k("gold-chest") }).unwrap();
    session.supply_chance(Chance::Tile { slot: 1, kind: k("farmhouse") }).unwrap();
    session.supply_chance(Chance::Tile { slot: 2, kind: k("food-die") }).unwrap();
    session.supply_chance(Chance::Roll { slot: 2, value: 5 }).unwrap();
    session.supply_chance(Chance::Tile { slot: 3, kind: k("rum-token") }).unwrap();
    let mut rng = Rng::seeded(3);
    while session.status() == Status::Chance {
        let outcome = g.sample_chance(session.state(), &mut rng);
        session.supply_chance(outcome).unwrap();
    }
    for viewer in [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(1)), Viewer::Spectator] {
        let events: Vec<&Event> = session.told_since(0, viewer).collect();
        let laid = events.iter().filter(|e| matches!(e, Event::TileLaid { .. })).count();
        assert_eq!(laid, session.state().map_len as usize, "every tile laid is an event of its own");
        assert!(events.contains(&&Event::TileLaid { round: 1, slot: 1, kind: k("farmhouse") }));
        assert!(events.contains(&&Event::DieRolled { slot: 2, die: Item::Food, value: 5 }));
        let rolls = events.iter().filter(|e| matches!(e, Event::DieRolled { .. })).count();
        let die_tiles = session.state().map.iter().filter(|s| s.die.is_some()).count();
        assert_eq!(rolls, die_tiles, "every die rolled onto the map is an event");
        // The new-player trial: laying the map took a line a tile and a die, 18 lines before the first move. In
        // words the map is told in two lines, the first saying what every island starts with.
        let said: Vec<String> = events.iter().filter(|e| !g.told_elsewhere(e)).map(|e| g.tell(e)).collect();
        assert_eq!(
            said,
            [
                "The top Treasure Chest is turned face up: the Gold Chest, for sale at 4 Food (7 chests below it, \
                 hidden).",
                "Round 1 begins: 14 tiles are laid in a row as the map; the order, from the Turn \
                 track: P1, P2. Every island starts the same: the Tavern on b2 with a Food die showing 3 and a \
                 printed Rum, and nothing else.",
                "The map is laid: Die tiles hold a rolled die (a colour the pool ran out of stays empty), Token \
                 tiles their token; the other 8 tiles of round 1's stack go back to the box unseen.",
                "P1's turn: at the start, first of those there in the Turn track's order.",
            ],
            "{viewer:?}"
        );
    }
}

#[test]
fn a_die_tile_the_pool_cannot_fill_is_told_empty() {
    let mut t = T::new(2, &[1]);
    t.s.pool[Item::Gold.index()] = 0;
    t.s.phase = Phase::Lay { slot: t.s.map_len };
    let gold = t.k("gold-die");
    t.chance(Chance::Tile { slot: t.s.map_len, kind: gold });
    // Told as an event; in words by the Map line ("Gold (none)") and the map's line, not one of its own.
    assert!(t.told.iter().any(|told| told.event == Event::PoolEmpty { slot: 14, die: Item::Gold }), "{:?}", t.told);
    t.says(&["a colour the pool ran out of stays empty"]);
    let view = t.g.view(&t.s, Viewer::Spectator);
    assert!(t.g.describe(&view).contains("14:Gold (none)"), "{}", t.g.describe(&view));
    assert_eq!(t.s.phase, Phase::Travel);
}

/// Whether `text` has a count with the wrong number: "1 pips", "2 die", "1 more pips".
fn plural_error(text: &str) -> Option<String> {
    const PLURAL: [&str; 7] = ["pips", "dice", "tiles", "chests", "steps", "Statues", "Cannons"];
    const SINGULAR: [&str; 7] = ["pip", "die", "tile", "chest", "step", "Statue", "Cannon"];
    let raw: Vec<&str> = text.split(' ').collect();
    let words: Vec<&str> = raw.iter().map(|w| w.trim_matches(|c: char| !c.is_alphanumeric())).collect();
    for (i, w) in words.iter().enumerate() {
        // A number closing a phrase ("Treasury 1, Statues 5") counts nothing after it.
        let Some(n) = w.parse::<u32>().ok().filter(|_| raw[i].ends_with(|c: char| c.is_alphanumeric())) else {
            continue;
        };
        let mut next = words.get(i + 1).copied().unwrap_or("");
        if ["Food", "Gold", "more", "leftover"].contains(&next) {
            next = words.get(i + 2).copied().unwrap_or("");
        }
        if (n == 1 && PLURAL.contains(&next)) || (n != 1 && SINGULAR.contains(&next)) {
            return Some(format!("{n} {next}"));
        }
    }
    None
}

/// Words that are no words for people: Rust names ("PlaceItem"), debug output, ids.
fn unfit_words(g: &PirateHaven, text: &str) -> Option<String> {
    if text.trim().is_empty() {
        return Some("empty".into());
    }
    for bad in ["_", "{", "}", "Some(", "None", "#", "  ", "?"] {
        if text.contains(bad) {
            return Some(format!("contains {bad:?}"));
        }
    }
    for word in text.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\'')) {
        let camel = word.chars().zip(word.chars().skip(1)).any(|(a, b)| a.is_lowercase() && b.is_uppercase());
        if camel || g.content().tiles.iter().any(|t| t.id == word) {
            return Some(format!("an internal name: {word}"));
        }
    }
    plural_error(text).map(|e| format!("a plural error: {e}"))
}

#[test]
fn the_words_checks_catch_what_they_look_for() {
    let g = game(2);
    for bad in ["P1 pays 1 Food pips.", "2 die", "CoupSpend", "the food-die", "Some(3)", "1 more pips to pay"] {
        assert!(unfit_words(&g, bad).is_some(), "{bad}");
    }
    for good in [
        "P1 pays 1 Food pip; 2 more pips to pay.",
        "P1's Harbour Master's Port",
        "0 Cannons",
        "Treasury 1, Statues 10 (2). Tie-breaks: 1 Food pip, 0 Cannons.",
    ] {
        assert_eq!(unfit_words(&g, good), None, "{good}");
    }
}

#[test]
fn random_games_tell_every_chance_outcome_and_the_end_to_every_viewer_in_words() {
    let mut rng = Rng::seeded(11);
    let mut kinds_seen = [false; 4];
    // At least six games, and on until every kind of chance outcome has been told (rerolls are rare).
    for (i, players) in [2usize, 3, 4].into_iter().cycle().take(24).enumerate() {
        if i >= 6 && kinds_seen == [true; 4] {
            break;
        }
        let options = PirateHaven::sample_options(players, &mut rng);
        let g = PirateHaven::new(options).unwrap();
        let mut session = Session::new(g.clone(), 100 + i as u64, ChanceMode::Sampled);
        while let Status::Decide(seats) = session.status() {
            let seat = seats.lowest().unwrap();
            let legal = session.legal_actions(seat);
            session.play(seat, legal[rng.index(legal.len())]).unwrap();
        }
        let viewers: Vec<Viewer> = Seat::all(players).map(Viewer::Seat).chain([Viewer::Spectator]).collect();
        for (index, step) in session.steps().iter().enumerate() {
            for &viewer in &viewers {
                let events: Vec<&Event> = session.told_at(index).iter().filter_map(|t| t.seen_by(viewer)).collect();
                let said: Vec<String> = events.iter().map(|e| g.tell(e)).collect();
                for (event, line) in events.iter().zip(&said) {
                    // The map's tiles and dice are told by the Map line and the map's own line, not one by one.
                    let map_piece =
                        matches!(event, Event::TileLaid { .. } | Event::DieRolled { .. } | Event::PoolEmpty { .. });
                    assert_eq!(g.told_elsewhere(event), map_piece, "step {index}: {event:?}");
                    assert_eq!(unfit_words(&g, line), None, "step {index}, {viewer:?}: {line}");
                }
                let Step::Chance(outcome) = step else { continue };
                kinds_seen[match outcome {
                    Chance::Tile { .. } => 0,
                    Chance::Roll { .. } => 1,
                    Chance::Chest { .. } => 2,
                    Chance::Reroll { .. } => 3,
                }] = true;
                // Each tile laid and die rolled is still an event of its own, told to everyone.
                let typed = match *outcome {
                    Chance::Tile { slot, kind } => events
                        .iter()
                        .any(|e| matches!(e, Event::TileLaid { slot: s, kind: k, .. } if *s == slot && *k == kind)),
                    Chance::Roll { slot, value } => events
                        .iter()
                        .any(|e| matches!(e, Event::DieRolled { slot: s, value: v, .. } if *s == slot && *v == value)),
                    _ => true,
                };
                assert!(typed, "step {index}: {viewer:?} was not told {outcome:?}: {events:?}");
                let expected = match *outcome {
                    Chance::Tile { .. } | Chance::Roll { .. } => continue,
                    Chance::Chest { kind } => format!("turned face up: the {},", g.tile_name(kind)),
                    Chance::Reroll { value } => format!("is rerolled: it shows {value} "),
                };
                assert!(
                    said.iter().any(|l| l.contains(&expected)),
                    "step {index}: {viewer:?} was not told {outcome:?} ({expected}): {said:#?}"
                );
            }
        }
        // The end: every seat's Fame as scored, then the winners the outcome names.
        let last = session.steps().len() - 1;
        let end: Vec<&Event> = session.told_at(last).iter().map(|t| &t.event).collect();
        let fame = scores(g.content(), session.state());
        for seat in Seat::all(players) {
            let told = end.iter().find_map(|e| match e {
                Event::FinalScore { seat: s, score, .. } if *s == seat => Some(*score),
                _ => None,
            });
            assert_eq!(told, Some(fame[seat.index()]), "{seat}'s final Fame is told as scored");
        }
        let winners = session.outcome().unwrap().winners;
        assert!(
            matches!(end.last(), Some(Event::Won { winners: w, .. }) if *w == winners),
            "the last word names the winners {winners:?}: {end:?}"
        );
    }
    assert_eq!(kinds_seen, [true; 4], "the games saw every kind of chance outcome: tiles, rolls, chests, rerolls");
}

#[test]
fn the_end_tells_why_the_winner_won_fame_then_food_then_cannons_or_a_shared_win() {
    // P3 left first (3 Fame); P1 and P2 each hold a Statue: 7 Fame each against P3's 5.
    let end = |setup: &dyn Fn(&mut T)| {
        let mut t = T::new(3, &[2]);
        t.s.round = 4;
        t.s.statues[..2].copy_from_slice(&[1, 1]);
        setup(&mut t);
        t.ok(Action::Leave).ok(Action::Leave);
        assert_eq!(t.g.status(&t.s), Status::Over);
        t.said()
    };
    let said = end(&|_| {});
    assert!(
        said.contains(&"P1 scores 7 Fame: Rum sets 2, Statues 5 (1). Tie-breaks: 3 Food pips, 0 Cannons.".to_string()),
        "{said:#?}"
    );
    assert!(
        said.contains(
            &"P3 scores 5 Fame: Rum sets 2, 1st on the Turn track 3. Tie-breaks: 3 Food pips, 0 Cannons.".to_string()
        ),
        "{said:#?}"
    );
    assert_eq!(said.last().unwrap(), "P1 and P2 share the win: tied on 7 Fame, Food and Cannons.");
    let said = end(&|t| {
        t.put(0, "b2.1", Item::Food, 4);
    });
    assert_eq!(said.last().unwrap(), "P1 wins: tied on 7 Fame, with the most Food pips.");
    let said = end(&|t| {
        t.tile(1, "d2", "cannon-chest");
    });
    assert_eq!(said.last().unwrap(), "P2 wins: tied on 7 Fame and on Food, with the most Cannons.");
    let said = end(&|t| {
        t.tile(1, "a1", "granary").tile(1, "a3", "cannon-chest").put(1, "a3.1", Item::Ship, 4);
    });
    assert!(
        said.contains(&"P2 scores 30 Fame: Ships 20 (1st, 4 pips), Rum sets 2, Granary 3, Statues 5 (1). Tie-breaks: 3 Food pips, 1 Cannon.".to_string()),
        "{said:#?}"
    );
    assert_eq!(said.last().unwrap(), "P2 wins with the most Fame: 30.");
}

#[test]
fn a_port_and_a_conspirator_tell_their_coup_steps() {
    let mut t = T::new(2, &[1]);
    t.tile(0, "d2", "cannon-chest").tile(0, "c2", "conspirators-house").slot(1, "naval-dock", None);
    t.land_and_place(1, "a4");
    t.says(&[
        "P1's Naval Dock moves them up the Coup track: 3 steps free (1 step from the Conspirator's House), then Food or Gold pips may buy more.",
        "P1 climbs the Coup track to spot 1 of 8 (a free step).",
        "P1 climbs the Coup track to spot 2 of 8 (a free step).",
        "P1 reaches Coup spot 2 first this round: a bonus, P1 raises one of their Food dice by 1.",
    ]);
    assert_eq!(t.s.coup[0], 2, "the bonus raise waits before the third step");
}

/// The catch-up Food variant (docs/balance/pirate-haven.md): the later in round 1's order, the more Food.
#[test]
fn catch_up_food_gives_each_later_player_more_food_and_is_bounded() {
    let g = PirateHaven::new(Options { first_player: 1, catch_up_food: 1, ..Options::for_players(3) }).unwrap();
    let s = g.initial_state();
    let food = |seat: usize| s.islands[seat].plots[5].spots[0].map(|h| (h.item, h.value));
    assert_eq!([food(1), food(2), food(0)], [Some((Item::Food, 3)), Some((Item::Food, 4)), Some((Item::Food, 5))]);
    let g = PirateHaven::new(Options { catch_up_food: 3, ..Options::for_players(4) }).unwrap();
    let s = g.initial_state();
    let values: Vec<u8> = (0..4).map(|seat| s.islands[seat].plots[5].spots[0].unwrap().value).collect();
    assert_eq!(values, [3, 6, 6, 6], "a die shows at most 6");
    g.check_invariants(&s).unwrap();
    let refused = PirateHaven::new(Options { catch_up_food: 4, ..Options::for_players(3) }).unwrap_err();
    assert!(refused.to_string().contains("catch_up_food must be from 0 to 3"), "{refused}");
}

/// The catch-up Fame variant: each later player in round 1's order scores more at the end, and is told so.
#[test]
fn catch_up_fame_is_scored_and_told_for_each_later_player() {
    let g = PirateHaven::new(Options { first_player: 2, catch_up_fame: 3, ..Options::for_players(3) }).unwrap();
    let s = g.initial_state();
    assert_eq!(s.catch_up_fame[..3], [3, 6, 0], "P3 first, then P1 (3), then P2 (6)");
    let plain = PirateHaven::new(Options { first_player: 2, ..Options::for_players(3) }).unwrap();
    let (with, without) = (scores(g.content(), &s), scores(plain.content(), &plain.initial_state()));
    for seat in 0..3 {
        assert_eq!(with[seat].total, without[seat].total + s.catch_up_fame[seat] as u32);
        assert_eq!(with[seat].catch_up, s.catch_up_fame[seat] as u32);
    }
    // A whole game: the final score says it.
    let mut session = Session::new(g.clone(), 5, ChanceMode::Sampled);
    let mut rng = Rng::seeded(5);
    while let Status::Decide(seats) = session.status() {
        let seat = seats.lowest().unwrap();
        let legal = session.legal_actions(seat);
        session.play(seat, legal[rng.index(legal.len())]).unwrap();
    }
    let last = session.steps().len() - 1;
    let said: Vec<String> = session.told_at(last).iter().map(|t| g.tell(&t.event)).collect();
    assert!(said.iter().any(|l| l.starts_with("P2 scores") && l.contains("catch-up Fame 6")), "{said:#?}");
    let refused = PirateHaven::new(Options { catch_up_fame: 11, ..Options::for_players(3) }).unwrap_err();
    assert!(refused.to_string().contains("catch_up_fame must be from 0 to 10"), "{refused}");
}

// ---- The rulebook's statements and example. ----

#[test]
fn rule_setup() {
    let g = PirateHaven::new(Options { first_player: 1, ..Options::for_players(3) }).unwrap();
    let mut s = g.initial_state();
    for seat in 0..3 {
        assert_eq!(s.islands[seat].plots[5].spots[0], Some(Held { item: Item::Food, value: 3 }), "Tavern b2: Food 3");
    }
    assert_eq!(s.order[..3], [Seat(1), Seat(2), Seat(0)], "clockwise from the 1st player");
    assert_eq!(s.coup, [0; 4]);
    assert_eq!(s.statues_left, 4);
    assert_eq!(g.status(&s), Status::Chance, "the top chest is turned face up first");
    let kind = g.kind("gold-chest").unwrap();
    plunder_core::supply_chance(&g, &mut s, &Chance::Chest { kind }).unwrap();
    assert_eq!(s.chest_top, Some(kind));
    assert_eq!(s.chests.iter().map(|&n| n as u32).sum::<u32>(), 7, "8 chests, one face up");
    assert!(PirateHaven::new(Options { first_player: 3, ..Options::for_players(3) }).is_err());
    assert!(PirateHaven::new(Options::for_players(5)).is_err());
}

#[test]
fn rule_map_size_by_players_and_dice_on_die_tiles() {
    for (players, tiles) in [(2u8, 14usize), (3, 18), (4, 22)] {
        let g = game(players);
        let mut t = T { s: g.initial_state(), g, told: Vec::new() };
        settle(&mut t, 1); // the chest, then the map with the first kind each time and dice of 1
        let _ = &t;
        let g = game(players);
        let mut s = g.initial_state();
        plunder_core::supply_chance(&g, &mut s, &Chance::Chest { kind: g.kind("pirate-chest").unwrap() }).unwrap();
        let first = g.kind("farmhouse").unwrap();
        let second = g.kind("gold-die").unwrap();
        plunder_core::supply_chance(&g, &mut s, &Chance::Tile { slot: 1, kind: first }).unwrap();
        plunder_core::supply_chance(&g, &mut s, &Chance::Tile { slot: 2, kind: second }).unwrap();
        plunder_core::supply_chance(&g, &mut s, &Chance::Roll { slot: 2, value: 5 }).unwrap();
        let mut rng = Rng::seeded(players as u64);
        while g.status(&s) == Status::Chance {
            let o = g.sample_chance(&s, &mut rng);
            plunder_core::supply_chance(&g, &mut s, &o).unwrap();
        }
        assert_eq!(s.map_len as usize, tiles);
        assert_eq!(s.map[0], Slot { tile: Some(first), die: None });
        assert_eq!(s.map[1], Slot { tile: Some(second), die: Some(5) });
        assert!(s.map[..tiles].iter().all(|slot| slot.tile.is_some()));
        for slot in &s.map[..tiles] {
            let def = &g.content().tiles[slot.tile.unwrap() as usize];
            assert_eq!(slot.die.is_some(), def.kind == plunder_games::pirate_haven::TileType::Die, "{}", def.name);
        }
        if players == 4 {
            for &k in &g.content().round_kinds {
                let laid = s.map[..tiles].iter().filter(|slot| slot.tile == Some(k)).count();
                assert_eq!(laid, g.content().tiles[k as usize].per_stack[0] as usize, "all of stack 1");
            }
        }
        assert_eq!(g.status(&s), Status::Decide(SeatSet::only(Seat(0))), "the 1st player moves first");
    }
}

/// Joan (seat 0) and Mark (seat 1), round 2, as in the rulebook's pictures.
fn joan(food: u8) -> T {
    let mut t = T::new(2, &[]);
    t.s.round = 2;
    t.put(0, "b2.1", Item::Food, food);
    t.slot(2, "shipwright", None).slot(4, "pirate-token", None).slot(5, "rum-token", None);
    t.s.pos = [1, 3, 0, 0];
    t.top("cannon-chest");
    t.s.mover = t.s.closest().unwrap();
    t
}

#[test]
fn rule_joans_example() {
    let mut t = joan(4);
    // (A) Joan is closest to the Coup board.
    assert_eq!(t.s.mover, Seat(0));
    t.land_and_place(2, "b1");
    assert_eq!(t.g.status(&t.s), Status::Decide(SeatSet::only(Seat(0))), "still the closest: Joan again");
    // (B) The Pirate: no spot takes it, but the face-up chest can be bought. The menu says so before the move and
    // on the take (a browser trial took a Rum and found it had to pay for a chest).
    let travel = t.g.label_in_view(&t.g.view(&t.s, Viewer::Seat(Seat(0))), &Action::Travel { slot: 4 });
    assert!(travel.ends_with(": to take it, you must buy the Cannon Chest for 4 Food"), "{travel}");
    t.ok(Action::Travel { slot: 4 });
    assert!(t.legal().contains(&Action::Take));
    let take = t.g.label_in_view(&t.g.view(&t.s, Viewer::Seat(Seat(0))), &Action::Take);
    assert_eq!(
        take,
        "take a Pirate token: no spot on your island takes it, so you must buy the Cannon Chest for 4 Food"
    );
    t.ok(Action::Take);
    assert_eq!(t.legal(), vec![Action::BuyChest], "no spot for a Pirate yet");
    let buy = t.g.label_in_view(&t.g.view(&t.s, Viewer::Seat(Seat(0))), &Action::BuyChest);
    assert_eq!(buy, "buy the Cannon Chest for 4 Food: a printed Cannon, a spot for anything", "what the chest holds");
    t.refused(Action::PlaceItem { at: sp("b1.1") });
    t.ok(Action::BuyChest);
    for _ in 0..4 {
        t.ok(Action::Pay { at: sp("b2.1") });
    }
    assert_eq!(t.held(0, "b2.1"), None, "the spent Food die is removed");
    t.ok(Action::PlaceChest { cell: cell("d2") });
    let next = t.k("pirate-chest");
    t.chance(Chance::Chest { kind: next });
    t.ok(Action::PlaceItem { at: sp("d2.1") });
    t.says(&[
        "P1 places the Shipwright's House on b1 (a House spot).",
        "P1's turn: furthest back on the map (closest to the Coup board), on slot 2.",
        "P1 travels to slot 4: a Pirate token.",
        "P1 takes a Pirate token from slot 4 to place it on their island now (the Pirate Token tile is discarded).",
        "P1 buys the face-up Treasure Chest, the Cannon Chest, for 4 Food pips (paid pip by pip).",
        "P1 pays 1 Food pip for the Treasure Chest from the Food die on the Tavern on b2: the die shows 3 now; 3 more pips to pay.",
        "the die shows 1 now; 1 more pip to pay.",
        "P1 pays 1 Food pip for the Treasure Chest from the Food die on the Tavern on b2: the die is used up and goes back to the pool; paid in full.",
        "P1 places the Cannon Chest on d2 (an Open spot).",
        "The top Treasure Chest is turned face up: the Pirate Chest, for sale at 4 Food (6 chests below it, hidden).",
        "P1 places the Pirate token on the Cannon Chest on d2.",
        "P1's new Pirate token moves them up the Coup track: 1 step free, then Food or Gold pips may buy more.",
        "P1 climbs the Coup track to spot 1 of 8 (a free step).",
        "P2's turn: furthest back on the map (closest to the Coup board), on slot 3.",
    ]);
    // The Coup: one free step; nothing to spend, so the advance ends.
    assert_eq!(t.s.coup[0], 1);
    assert_eq!(t.s.chest_top, Some(next));
    assert_eq!(t.s.islands[0].plots[cell("b1").index()].tile, Some(t.k("shipwright")));
    assert_eq!(t.s.islands[0].plots[cell("d2").index()].tile, Some(t.k("cannon-chest")));
    assert_eq!(t.held(0, "d2.1"), Some(Held { item: Item::Pirate, value: 0 }));
    assert_eq!(t.s.mover, Seat(1), "Mark travels next");
    assert_eq!(t.s.phase, Phase::Travel);
}

#[test]
fn rule_joans_example_with_three_food_cannot_take_the_pirate() {
    let mut t = joan(3);
    t.land_and_place(2, "b1").ok(Action::Travel { slot: 4 });
    assert_eq!(t.legal(), vec![Action::Discard]);
    let reason = t.refusal(Action::Take);
    assert!(reason.contains("the Pirate token: no empty spot on your island accepts it"), "{reason}");
}

#[test]
fn a_refused_take_names_what_blocks_it() {
    // Issue 26, item 7: the refusal once said only "take is not a legal action now".
    let landed = |id: &str, die: Option<u8>| {
        let mut t = T::new(2, &[1]);
        t.slot(1, id, die);
        t.ok(Action::Travel { slot: 1 });
        t
    };
    // A printed Ship counts for the limit: the Naval Dock needs a spare Cannon.
    let reason = landed("naval-dock", None).refusal(Action::Take);
    assert!(reason.contains("Naval Dock: its printed pieces would put more Ships than Cannons"), "{reason}");
    // Every Port spot of the island taken.
    let mut t = landed("fishing-port", None);
    let port = plunder_games::pirate_haven::TileType::Port.bit();
    let port_cells: Vec<Cell> = Cell::all().filter(|c| t.g.content().cells[c.index()].accepts & port != 0).collect();
    for c in port_cells {
        t.tile(0, &c.to_string(), "trading-port");
    }
    let reason = t.refusal(Action::Take);
    assert!(reason.contains("Fishing Port: no empty spot on your island takes a Port tile"), "{reason}");
    // A Die tile the pool ran out for.
    let reason = landed("ship-die", None).refusal(Action::Take);
    assert!(reason.contains("the Ship die: the tile holds none (the pool ran out of Ship dice)"), "{reason}");
    // Outside the resolve step the refusal stays the generic one.
    let reason = T::new(2, &[1]).refusal(Action::Take);
    assert_eq!(reason, "take is not a legal action now");
}

#[test]
fn the_travel_menu_marks_a_tile_that_could_only_be_discarded_and_the_discard_says_why() {
    // The terminal trial: "travel to slot 4 (Naval Dock)" read as a tile to take; on arrival only "discard" was
    // offered, with no reason.
    let mut t = T::new(2, &[1]);
    t.slot(1, "naval-dock", None).slot(2, "shipwright", None);
    let view = t.g.view(&t.s, Viewer::Seat(Seat(0)));
    let label = t.g.label_in_view(&view, &Action::Travel { slot: 1 });
    assert_eq!(
        label,
        "travel to slot 1 (Naval Dock): you could only discard it (its printed pieces would put more Ships than \
         Cannons on your island)"
    );
    let house = t.g.label_in_view(&view, &Action::Travel { slot: 2 });
    // What a building does comes with its name (a trial could not tell the tiles apart by their names).
    assert_eq!(house, "travel to slot 2 (Shipwright's House: your Ship dice beside it +1)", "a House can be taken");
    t.ok(Action::Travel { slot: 1 });
    assert_eq!(t.legal(), vec![Action::Discard]);
    let view = t.g.view(&t.s, Viewer::Seat(Seat(0)));
    let label = t.g.label_in_view(&view, &Action::Discard);
    assert_eq!(
        label,
        "discard: you cannot take the Naval Dock (its printed pieces would put more Ships than Cannons on your island)"
    );
    let meaning = t.g.explain(&view, &Action::Discard);
    assert!(meaning.contains("your only choice here"), "{meaning}");
    // A take that is possible: both choices name the tile, and leaving says it ends the round.
    let mut t = T::new(2, &[1]);
    t.slot(1, "shipwright", None);
    let view = t.g.view(&t.s, Viewer::Seat(Seat(0)));
    assert_eq!(t.g.label_in_view(&view, &Action::Leave), "leave the map, ending your round (2nd on the Turn track)");
    t.ok(Action::Travel { slot: 1 });
    let view = t.g.view(&t.s, Viewer::Seat(Seat(0)));
    assert_eq!(t.g.label_in_view(&view, &Action::Discard), "discard the Shipwright's House (House)");
    assert_eq!(t.g.label_in_view(&view, &Action::Take), "take the Shipwright's House (House)");
}

#[test]
fn menu_labels_name_spots_in_words_and_a_chest_not_offered_says_why() {
    // Issue 28, item 4: labels were grid codes ("spend b2.1"), and a chest missing from the menu said nothing.
    let mut t = T::new(2, &[1]);
    t.put(0, "b2.1", Item::Food, 2).slot(1, "rum-token", None);
    let cost = t.g.content().chest_cost;
    assert!(!t.legal().contains(&Action::BuyChest), "2 Food pips buy no chest");
    let reason = t.refusal(Action::BuyChest);
    assert!(reason.contains(&format!("it costs {cost} Food pips and your island holds 2")), "{reason}");
    let view = t.g.view(&t.s, Viewer::Seat(Seat(0)));
    let table = t.g.describe(&view);
    assert!(table.contains(&format!("No chest for you now: {reason}.")), "{table}");
    assert!(t.g.key().unwrap().contains("b2.1 is the first spot"), "the key to the short codes");
    let other = t.g.describe(&t.g.view(&t.s, Viewer::Seat(Seat(1))));
    assert!(!other.contains("No chest for you now"), "said to the mover only: {other}");
    let label = t.g.label_in_view(&view, &Action::Pay { at: sp("b2.1") });
    assert!(label.starts_with("pay a Food pip from your Food die (2) on the "), "{label}");
    assert!(label.ends_with(" on b2 (row 2, column b), spot 1"), "{label}");
    let label = t.g.label_in_view(&view, &Action::Travel { slot: 1 });
    assert_eq!(label, "travel to slot 1 (Rum): you could only discard it (no empty spot on your island accepts it)");
    let label = t.g.label_in_view(&view, &Action::PlaceTile { cell: cell("c3") });
    assert_eq!(label, "place it on c3 (row 3, column c)");
}

/// A trial: paying for a chest pip by pip lowered the Fame a Granary would give, and the choices did not say so.
/// Each pay says what it costs at the end; a pay that costs nothing says nothing.
#[test]
fn paying_a_pip_says_the_fame_it_costs() {
    let mut t = T::new(2, &[]);
    t.put(0, "b2.1", Item::Food, 6).tile(0, "b1", "granary").put(0, "b1.1", Item::Food, 5);
    t.ok(Action::BuyChest);
    let view = t.g.view(&t.s, Viewer::Seat(Seat(0)));
    let label = t.g.label_in_view(&view, &Action::Pay { at: sp("b2.1") });
    assert!(label.ends_with(": -1 Fame at the end (Infrastructure)"), "the Granary counts Food pips: {label}");
    let mut t = T::new(2, &[]);
    t.put(0, "b2.1", Item::Food, 6).tile(0, "b1", "farmhouse").put(0, "b1.1", Item::Food, 5);
    t.ok(Action::BuyChest);
    let view = t.g.view(&t.s, Viewer::Seat(Seat(0)));
    let label = t.g.label_in_view(&view, &Action::Pay { at: sp("b2.1") });
    assert!(label.ends_with(" on b2 (row 2, column b), spot 1"), "no Fame to lose: {label}");
}

#[test]
fn rule_closest_moves_consecutively_and_leaving_takes_the_lowest_free_spot() {
    let mut t = T::new(3, &[]);
    for slot in 1..=18 {
        t.slot(slot, "rum-token", None);
    }
    t.s.map[1].tile = None;
    t.s.map[4].tile = None;
    t.s.map[8].tile = None;
    t.s.pos = [2, 5, 9, 0];
    t.s.mover = t.s.closest().unwrap();
    assert_eq!(t.s.mover, Seat(0));
    t.ok(Action::Travel { slot: 4 }).ok(Action::Discard);
    assert_eq!(t.s.mover, Seat(0), "4 < 5: again");
    t.ok(Action::Travel { slot: 6 }).ok(Action::Discard);
    assert_eq!(t.s.mover, Seat(1), "passed: the player at 5 moves");
    t.refused(Action::Travel { slot: 5 });
    t.ok(Action::Leave);
    assert_eq!(t.s.track[0], Some(Seat(1)));
    for _ in 0..30 {
        assert_ne!(t.s.mover, Seat(1), "a player off the map never moves again this round");
        if t.s.phase != Phase::Travel || t.s.round != 1 {
            break;
        }
        let a = t.legal()[0];
        t.ok(a);
        if t.s.phase == Phase::Resolve {
            t.ok(Action::Discard);
        }
    }
    assert_eq!(t.s.round, 2);
    assert_eq!(t.s.order[0], Seat(1), "the first to leave starts round 2");
}

#[test]
fn rule_ships_never_outnumber_cannons() {
    let build = |top: &str| {
        let mut t = T::new(2, &[1]);
        t.tile(0, "a1", "armoury").put(0, "a1.2", Item::Cannon, 0);
        t.tile(0, "a4", "trading-port").put(0, "a4.1", Item::Ship, 2).put(0, "a4.2", Item::Cannon, 0);
        t.tile(0, "b4", "fishing-port").put(0, "b4.1", Item::Cannon, 0).put(0, "b4.2", Item::Ship, 3);
        t.tile(0, "c4", "dry-dock").put(0, "c4.1", Item::Ship, 4);
        t.put(0, "b2.1", Item::Food, 4);
        t.slot(1, "ship-die", Some(5));
        t.top(top);
        t
    };
    let mut t = build("pirate-chest");
    assert_eq!((t.count(0, Item::Ship), t.count(0, Item::Cannon)), (3, 3));
    t.ok(Action::Travel { slot: 1 });
    assert_eq!(t.legal(), vec![Action::Discard], "a free Ship spot, but no spare Cannon");
    let reason = t.refusal(Action::Take);
    assert!(reason.contains("the Ship die: your island would hold more Ships than Cannons"), "{reason}");
    assert!(reason.contains("counting a Treasure Chest you could buy now"), "{reason}");
    let mut t = build("cannon-chest");
    t.ok(Action::Travel { slot: 1 }).ok(Action::Take);
    assert_eq!(t.legal(), vec![Action::BuyChest], "the Cannon Chest makes room");
}

#[test]
fn rule_gold_never_outnumbers_pirates() {
    let build = |top: &str| {
        let mut t = T::new(2, &[1]);
        t.tile(0, "a1", "barracks").put(0, "a1.1", Item::Pirate, 0);
        t.tile(0, "b1", "farmhouse").put(0, "b1.2", Item::Gold, 2);
        t.tile(0, "c1", "market").put(0, "c1.1", Item::Gold, 3);
        t.tile(0, "c2", "goldsmith").put(0, "c2.2", Item::Pirate, 0);
        t.tile(0, "a2", "conspirators-house").put(0, "a2.2", Item::Pirate, 0);
        t.tile(0, "b3", "shipwright").put(0, "b3.1", Item::Gold, 4);
        t.put(0, "b2.1", Item::Food, 4);
        t.slot(1, "gold-die", Some(5));
        t.top(top);
        t
    };
    let mut t = build("gold-chest");
    assert_eq!((t.count(0, Item::Gold), t.count(0, Item::Pirate)), (3, 3));
    assert!(!t.legal().contains(&Action::BuyChest), "a Gold Chest's printed Gold would be a 4th Gold");
    t.ok(Action::Travel { slot: 1 });
    assert_eq!(t.legal(), vec![Action::Discard]);
    let reason = t.refusal(Action::Take);
    assert!(reason.contains("the Gold die: your island would hold more Gold than Pirates"), "{reason}");
    let mut t = build("pirate-chest");
    t.ok(Action::Travel { slot: 1 }).ok(Action::Take);
    assert_eq!(t.legal(), vec![Action::BuyChest], "the Pirate Chest's Pirate makes room for a Gold");
}

#[test]
fn rule_several_chests_in_one_turn() {
    let mut t = T::new(2, &[1]);
    t.put(0, "b2.1", Item::Food, 6).tile(0, "b1", "farmhouse").put(0, "b1.1", Item::Food, 5);
    let below = t.s.chests.iter().map(|&n| n as u32).sum::<u32>();
    t.ok(Action::BuyChest);
    for _ in 0..4 {
        t.ok(Action::Pay { at: sp("b2.1") });
    }
    t.ok(Action::PlaceChest { cell: cell("d2") });
    let cannon = t.k("cannon-chest");
    t.chance(Chance::Chest { kind: cannon });
    t.ok(Action::BuyChest);
    t.ok(Action::Pay { at: sp("b2.1") }).ok(Action::Pay { at: sp("b2.1") });
    assert_eq!(t.held(0, "b2.1"), None, "spent to 0: removed");
    t.ok(Action::Pay { at: sp("b1.1") }).ok(Action::Pay { at: sp("b1.1") });
    t.ok(Action::PlaceChest { cell: cell("c3") });
    settle(&mut t, 1);
    assert_eq!(t.s.islands[0].free_pips(Item::Food), 3);
    assert_eq!(t.s.islands[0].plots[cell("d2").index()].tile, Some(t.k("pirate-chest")));
    assert_eq!(t.s.islands[0].plots[cell("c3").index()].tile, Some(cannon));
    assert_eq!(t.s.chests.iter().map(|&n| n as u32).sum::<u32>(), below - 2, "two more chests turned up");
    assert!(!t.legal().contains(&Action::BuyChest), "3 Food buys no chest");
    assert_eq!(t.s.phase, Phase::Travel, "buying does not end the turn");
}

#[test]
fn the_last_chest_bought_is_told_and_none_is_turned_up() {
    let mut t = T::new(2, &[1]);
    t.put(0, "b2.1", Item::Food, 6);
    t.s.chests = Default::default();
    t.ok(Action::BuyChest);
    for _ in 0..4 {
        t.ok(Action::Pay { at: sp("b2.1") });
    }
    t.ok(Action::PlaceChest { cell: cell("d2") });
    t.says(&[
        "P1 places the Pirate Chest on d2 (an Open spot).",
        "No Treasure Chest is left: none can be bought any more.",
    ]);
    assert_eq!((t.s.reveal, t.s.chest_top), (false, None));
}

#[test]
fn rule_coup_advance_with_spending_and_the_food_bonus() {
    let mut t = T::new(2, &[1]);
    t.tile(0, "b1", "farmhouse").put(0, "b1.2", Item::Gold, 2).tile(0, "d2", "pirate-chest");
    t.slot(1, "cannon-token", None);
    t.land_and_place(1, "d2.1");
    assert_eq!((t.s.coup[0], t.s.phase), (1, Phase::CoupSpend), "one free step, then spending");
    t.says(&[
        "P1 places the Cannon token on the Pirate Chest on d2.",
        "P1's new Cannon token moves them up the Coup track: 1 step free",
    ]);
    t.ok(Action::CoupSpend { at: sp("b1.2") });
    assert_eq!(t.s.coup[0], 2);
    t.says(&[
        "P1 spends 1 Gold pip from the die on the Farmhouse on b1, which now shows 1, and climbs the Coup track to \
         spot 2 of 8.",
        "P1 reaches Coup spot 2 first this round: a bonus, P1 raises one of their Food dice by 1.",
    ]);
    assert_eq!(t.legal(), vec![Action::CoupRaise { at: sp("b2.1") }], "spot 2: raise a Food die");
    t.ok(Action::CoupRaise { at: sp("b2.1") });
    assert_eq!(t.value(0, "b2.1"), 4, "no Farmhouse boost: not a placement");
    t.says(&["P1 raises the Food die on the Tavern on b2 from 3 to 4: the bonus of Coup spot 2."]);
    t.ok(Action::CoupSpend { at: sp("b1.2") });
    assert_eq!(t.held(0, "b1.2"), None, "Gold spent to 0 is removed");
    t.says(&[
        "P1 spends the last Gold pip of the die on the Farmhouse on b1, which goes back to the pool, and climbs the \
         Coup track to spot 3 of 8.",
    ]);
    t.ok(Action::CoupSpend { at: sp("b2.1") });
    assert_eq!((t.s.coup[0], t.s.phase), (4, Phase::CoupSpend), "spot 4: no Gold die to raise");
    t.says(&["P1 reaches Coup spot 4 first this round, but has no Gold die to raise (none, or only 6s): no bonus."]);
    t.ok(Action::CoupStop);
    t.says(&[
        "P1 stops climbing at Coup spot 4.",
        "P1's turn: furthest back on the map (closest to the Coup board), on slot 1.",
    ]);
    assert_eq!(t.value(0, "b2.1"), 3);
    assert_eq!(t.count(0, Item::Gold), 0);
    assert_eq!(t.s.phase, Phase::Travel);
}

fn bonus_island(ship: u8) -> T {
    let mut t = T::new(2, &[1]);
    t.put(0, "b2.1", Item::Food, 2).tile(0, "b1", "farmhouse").put(0, "b1.2", Item::Gold, 3);
    t.tile(0, "d2", "pirate-chest").put(0, "d2.1", Item::Ship, ship).tile(0, "c3", "cannon-chest");
    t.s.coup[0] = 1;
    t.s.phase = Phase::CoupSpend;
    t
}

/// A terminal trial spent its last Food pip to reach Coup spot 2, whose bonus raises a Food die, and lost the
/// bonus unwarned. A spend says the bonus it reaches, or that it loses it.
#[test]
fn a_coup_spend_says_the_bonus_it_reaches_or_loses() {
    let mut t = T::new(2, &[1]);
    t.put(0, "b2.1", Item::Food, 1).tile(0, "b1", "farmhouse").put(0, "b1.2", Item::Gold, 3);
    t.s.coup[0] = 1;
    t.s.phase = Phase::CoupSpend;
    let view = t.g.view(&t.s, Viewer::Seat(Seat(0)));
    let last_food = t.g.label_in_view(&view, &Action::CoupSpend { at: sp("b2.1") });
    assert!(last_food.ends_with(": no Coup bonus: you have no Food die below 6 to raise"), "{last_food}");
    let gold = t.g.label_in_view(&view, &Action::CoupSpend { at: sp("b1.2") });
    assert!(gold.ends_with(": Coup bonus: a Food die +1"), "{gold}");
}

#[test]
fn rule_coup_bonuses_at_2_4_6_once_a_round_and_the_coup_at_the_top() {
    let mut t = bonus_island(4);
    t.ok(Action::CoupSpend { at: sp("b2.1") }).ok(Action::CoupRaise { at: sp("b2.1") });
    assert_eq!(t.value(0, "b2.1"), 2);
    t.ok(Action::CoupSpend { at: sp("b2.1") }).ok(Action::CoupSpend { at: sp("b2.1") });
    assert_eq!(t.held(0, "b2.1"), None);
    t.ok(Action::CoupRaise { at: sp("b1.2") });
    assert_eq!(t.value(0, "b1.2"), 4);
    t.ok(Action::CoupSpend { at: sp("b1.2") }).ok(Action::CoupSpend { at: sp("b1.2") });
    t.ok(Action::CoupRaise { at: sp("d2.1") });
    assert_eq!((t.s.coup[0], t.value(0, "b1.2"), t.value(0, "d2.1")), (6, 2, 5));
    t.ok(Action::CoupStop);
    // Later that round: a Pirate climbs 6 -> 7 (no second bonus), one pip 7 -> 8: the Coup.
    t.slot(1, "pirate-token", None);
    t.land_and_place(1, "c3.1");
    assert_eq!((t.s.coup[0], t.s.phase), (7, Phase::CoupSpend));
    t.ok(Action::CoupSpend { at: sp("b1.2") });
    assert_eq!((t.s.coup[0], t.s.statues[0], t.s.statues_left), (8, 1, 3), "the Coup: a Statue at once");
    t.says(&[
        "climbs the Coup track to spot 8 of 8.",
        "P1 reaches the top of the Coup track first this round: the Coup! P1 takes a Statue (5 Fame).",
    ]);
    assert!(t.s.coup_done);
    assert_eq!(t.s.phase, Phase::Travel, "nothing more to climb at the top");
}

#[test]
fn rule_coup_bonus_on_a_ship_at_6_raises_nothing() {
    let mut t = bonus_island(6);
    t.ok(Action::CoupSpend { at: sp("b2.1") }).ok(Action::CoupRaise { at: sp("b2.1") });
    t.ok(Action::CoupSpend { at: sp("b2.1") }).ok(Action::CoupSpend { at: sp("b2.1") });
    t.ok(Action::CoupRaise { at: sp("b1.2") });
    t.ok(Action::CoupSpend { at: sp("b1.2") }).ok(Action::CoupSpend { at: sp("b1.2") });
    assert_eq!((t.s.coup[0], t.s.phase), (6, Phase::CoupSpend), "no Ship below 6: no raise");
    t.says(&["P1 reaches Coup spot 6 first this round, but has no Ship die to raise (none, or only 6s): no bonus."]);
}

#[test]
fn rule_immediate_coup_once_a_round_then_the_reset() {
    let mut t = T::new(2, &[]);
    for seat in 0..2 {
        t.tile(seat, "a1", "armoury");
    }
    t.s.coup = [7, 7, 0, 0];
    t.slot(1, "cannon-token", None).slot(2, "cannon-token", None);
    t.land_and_place(1, "a1.2");
    assert_eq!((t.s.coup[0], t.s.statues[0]), (8, 1));
    assert_eq!(t.s.mover, Seat(1));
    t.land_and_place(2, "a1.2");
    assert_eq!((t.s.coup[1], t.s.statues[1]), (8, 0), "no second Coup this round");
    let said = t.said();
    assert_eq!(said.iter().filter(|l| l.contains("the Coup!")).count(), 1, "{said:#?}");
    t.ok(Action::Leave);
    t.ok(Action::Leave);
    t.says(&[
        "P1 leaves the map (no tile lies ahead): 1st on the Turn track (next round's order).",
        "P2 leaves the map (no tile lies ahead): 2nd on the Turn track (next round's order).",
        "Round 1 ends: everyone has left the map; no tile is left to be discarded; every Coup disk returns to spot 0.",
    ]);
    assert_eq!(t.s.statues[..2], [1, 0], "no end-of-round Coup either");
    assert_eq!(t.s.statues_left, 3);
    assert_eq!(t.s.coup, [0; 4], "the track resets");
    assert_eq!(t.s.round, 2);
}

#[test]
fn rule_end_of_round_coup_and_its_tie() {
    for (coup, statues, said) in [
        ([5, 3, 3], [1, 0, 0], "P1 stands alone highest on the Coup track (spot 5) and takes a Statue (5 Fame)."),
        ([5, 5, 1], [0, 0, 0], "P1 and P2 tie for highest on the Coup track (spot 5), so nobody takes a Statue."),
        ([0, 0, 0], [0, 0, 0], "P1, P2 and P3 tie for highest on the Coup track (spot 0), so nobody takes a Statue."),
    ] {
        let mut t = T::new(3, &[0, 1]);
        t.s.coup[..3].copy_from_slice(&coup);
        t.ok(Action::Leave);
        t.says(&[
            "P3 leaves the map (no tile lies ahead): 3rd on the Turn track",
            "Nobody reached the top in round 1: ",
            said,
        ]);
        assert_eq!(t.s.statues[..3], statues, "disks {coup:?}");
        assert_eq!(t.s.coup, [0; 4]);
    }
}

#[test]
fn rule_ships_scoring_ranks_by_sum_then_count_then_shares() {
    let ships = |sets: &[&[u8]]| {
        let mut t = T::new(sets.len() as u8, &[]);
        let cells = ["a1", "b1", "c1", "d1", "a2", "c2"];
        for (seat, values) in sets.iter().enumerate() {
            for (i, &v) in values.iter().enumerate() {
                t.tile(seat as u8, cells[i], "cannon-chest").put(seat as u8, &format!("{}.1", cells[i]), Item::Ship, v);
            }
        }
        (0..sets.len()).map(|s| t.score(s as u8).ships).collect::<Vec<_>>()
    };
    assert_eq!(ships(&[&[6, 4, 4], &[5, 3, 3, 3], &[5, 4], &[]]), vec![10, 20, 5, 0]);
    assert_eq!(ships(&[&[4, 4, 4], &[6, 3, 3], &[4, 3]]), vec![20, 20, 5]);
    let mut t = T::new(2, &[]);
    t.tile(0, "a4", "naval-dock");
    assert_eq!((t.s.islands[0].pips(t.g.content(), Item::Ship), t.count(0, Item::Ship)), (3, 1));
    assert_eq!(t.score(0).ships, 20, "the Naval Dock's printed Ship counts");
}

#[test]
fn rule_rum_example_four_rums_three_adjacent_is_11() {
    let mut t = T::new(2, &[]);
    t.tile(0, "c1", "fort").put(0, "c1.1", Item::Rum, 0);
    t.tile(0, "d1", "lighthouse").put(0, "d1.1", Item::Rum, 0);
    t.tile(0, "d2", "cannon-chest").put(0, "d2.1", Item::Rum, 0);
    assert_eq!(t.count(0, Item::Rum), 4, "three tokens and the Tavern's printed Rum");
    assert_eq!(t.score(0).rum, 11, "9 + 2");
}

#[test]
fn rule_rum_sets_over_5_start_a_new_set() {
    let c = game(2);
    assert_eq!([6, 7, 10].map(|n| rum_set(c.content(), n)), [22, 25, 40]);
    let mut t = T::new(2, &[]);
    t.tile(0, "b1", "gold-chest").put(0, "b1.1", Item::Rum, 0).put(0, "b1.2", Item::Rum, 0);
    t.tile(0, "c1", "gold-chest").put(0, "c1.1", Item::Rum, 0).put(0, "c1.2", Item::Rum, 0);
    t.tile(0, "a2", "cannon-chest").put(0, "a2.1", Item::Rum, 0);
    assert_eq!(t.score(0).rum, 22, "a connected group of 6 with the Tavern's Rum");
    let mut t = T::new(2, &[]);
    t.tile(0, "b1", "farmhouse").put(0, "b1.1", Item::Rum, 0);
    t.tile(0, "d3", "cannon-chest").put(0, "d3.1", Item::Rum, 0);
    t.tile(0, "d4", "cannon-chest").put(0, "d4.1", Item::Rum, 0);
    assert_eq!(t.score(0).rum, 10, "two groups of 2");
}

#[test]
fn rule_infrastructure_scores_each_tile() {
    let mut t = barracks();
    assert_eq!(t.score(0).infrastructure, 6);
    t.tile(0, "d4", "barracks");
    assert_eq!(t.score(0).infrastructure, 12, "two Barracks score twice");
}

#[test]
fn rule_first_spot_scores_3_and_the_turn_track_orders_the_next_round() {
    let mut t = T::new(2, &[]);
    t.s.mover = Seat(1);
    t.ok(Action::Leave).ok(Action::Leave);
    assert_eq!(t.s.order[..2], [Seat(1), Seat(0)]);
    settle(&mut t, 3);
    assert_eq!(t.s.mover, Seat(1), "round 2 starts with the 1st spot");
    let mut t = T::new(2, &[]);
    t.s.round = 4;
    t.s.mover = Seat(1);
    t.ok(Action::Leave).ok(Action::Leave);
    assert_eq!(t.g.status(&t.s), Status::Over);
    assert_eq!((t.score(0).first, t.score(1).first), (0, 3));
    assert_eq!(t.g.outcome(&t.s).unwrap().winners, SeatSet::only(Seat(1)), "2 + 3 against 2");
    t.says(&[
        "That was the last round: the game is scored.",
        "P1 scores 2 Fame: Rum sets 2. Tie-breaks: 3 Food pips, 0 Cannons.",
        "P2 scores 5 Fame: Rum sets 2, 1st on the Turn track 3. Tie-breaks: 3 Food pips, 0 Cannons.",
        "P2 wins with the most Fame: 5.",
    ]);
}

#[test]
fn rule_ties_go_to_food_then_cannons_then_are_shared() {
    let over = |t: &mut T| {
        t.s.phase = Phase::Over;
        t.g.outcome(&t.s).unwrap()
    };
    let mut t = T::new(2, &[]);
    t.put(1, "b2.1", Item::Food, 4);
    assert_eq!(over(&mut t).winners, SeatSet::only(Seat(1)), "equal Fame: more Food");
    let mut t = T::new(2, &[]);
    t.tile(0, "d2", "cannon-chest");
    assert_eq!(over(&mut t).winners, SeatSet::only(Seat(0)), "equal Food: more Cannons (printed too)");
    let mut t = T::new(2, &[]);
    let outcome = over(&mut t);
    assert_eq!(outcome.winners.len(), 2);
    assert_eq!(outcome.payoffs, vec![0.5, 0.5]);
}

// ---- One test per tile of the data. ----

#[test]
fn tile_food_die_() {
    let mut t = T::new(2, &[1]);
    t.tile(0, "b1", "farmhouse").slot(1, "food-die", Some(2));
    t.land_and_place(1, "b1.1");
    assert_eq!(t.value(0, "b1.1"), 3, "a Food die on the Farmhouse's own spot is boosted");
    t.says(&["P1 places the Food die showing 2 on the Farmhouse on b1: the Farmhouse raises it to 3."]);
    assert_eq!(t.s.coup[0], 0, "a die moves nobody on the Coup track");
    // Two Farmhouses raise it twice, and are said to (a trial read "the Farmhouse raises it" of a +2).
    let mut t = T::new(2, &[1]);
    t.tile(0, "b1", "farmhouse").tile(0, "a1", "farmhouse").slot(1, "food-die", Some(2));
    t.land_and_place(1, "b1.1");
    assert_eq!(t.value(0, "b1.1"), 4);
    t.says(&["P1 places the Food die showing 2 on the Farmhouse on b1: the two Farmhouses raise it to 4."]);
    // A Die tile whose colour the pool lacks gets no die and gives nothing.
    let g = game(2);
    let mut s = g.initial_state();
    s.pool[Item::Food.index()] = 0;
    plunder_core::supply_chance(&g, &mut s, &Chance::Chest { kind: g.kind("cannon-chest").unwrap() }).unwrap();
    plunder_core::supply_chance(&g, &mut s, &Chance::Tile { slot: 1, kind: g.kind("food-die").unwrap() }).unwrap();
    assert_eq!(s.phase, Phase::Lay { slot: 2 }, "no roll: the tile stays empty");
    assert_eq!(s.map[0].die, None);
}

#[test]
fn tile_gold_die_() {
    let mut t = T::new(2, &[1]);
    t.slot(1, "gold-die", Some(4));
    t.ok(Action::Travel { slot: 1 });
    assert_eq!(t.legal(), vec![Action::Discard], "no Pirate: no Gold");
    t.ok(Action::Discard);
    assert_eq!(t.s.pool[Item::Gold.index()], 9, "a discarded die goes back to the pool");
    let mut t = T::new(2, &[1]);
    t.tile(0, "a1", "treasury").slot(1, "gold-die", Some(4));
    t.land_and_place(1, "a1.1");
    assert_eq!(t.value(0, "a1.1"), 4);
}

#[test]
fn tile_ship_die_() {
    let mut t = T::new(2, &[1]);
    t.tile(0, "d2", "cannon-chest").slot(1, "ship-die", Some(6));
    t.land_and_place(1, "d2.1");
    assert_eq!(t.held(0, "d2.1"), Some(Held { item: Item::Ship, value: 6 }));
}

#[test]
fn tile_rum_token_() {
    let mut t = T::new(2, &[1]);
    t.tile(0, "b1", "farmhouse").slot(1, "rum-token", None);
    t.land_and_place(1, "b1.1");
    assert_eq!(t.s.coup[0], 0, "a Rum does not move you on the Coup track");
    assert_eq!(t.score(0).rum, 5, "adjacent to the Tavern's Rum");
}

#[test]
fn tile_cannon_token_() {
    let mut t = T::new(2, &[1]);
    t.tile(0, "a1", "armoury").slot(1, "cannon-token", None);
    t.ok(Action::Travel { slot: 1 }).ok(Action::Take);
    assert_eq!(t.legal(), vec![Action::PlaceItem { at: sp("a1.2") }]);
    t.ok(Action::PlaceItem { at: sp("a1.2") });
    assert_eq!(t.s.coup[0], 1);
    assert_eq!(t.s.phase, Phase::CoupSpend, "the Tavern's Food may be spent");
}

#[test]
fn tile_pirate_token_() {
    let mut t = T::new(2, &[1]);
    t.tile(0, "a1", "armoury").slot(1, "pirate-token", None);
    t.land_and_place(1, "a1.1").ok(Action::CoupStop);
    assert_eq!(t.s.coup[0], 1);
    assert_eq!(t.count(0, Item::Pirate), 1);
}

#[test]
fn tile_goldsmith_() {
    let build = || {
        let mut t = T::new(2, &[1]);
        t.tile(0, "a1", "treasury").tile(0, "d3", "pirate-chest");
        t.tile(0, "c2", "farmhouse").put(0, "c2.2", Item::Gold, 2);
        t.slot(1, "goldsmith", None);
        t.land_and_place(1, "d2");
        t
    };
    let mut t = build();
    assert_eq!(t.value(0, "c2.2"), 3, "Gold within reach +1 when placed");
    t.slot(2, "gold-die", Some(5)).land_and_place(2, "d3.1");
    assert_eq!(t.value(0, "d3.1"), 6, "a Gold placed within reach +1");
    let mut t = build();
    t.slot(2, "gold-die", Some(6)).land_and_place(2, "d3.1");
    assert_eq!(t.value(0, "d3.1"), 6, "never above 6");
    let mut t = build();
    t.slot(2, "gold-die", Some(5)).land_and_place(2, "a1.1");
    assert_eq!(t.value(0, "a1.1"), 5, "out of reach");
}

#[test]
fn tile_farmhouse_() {
    let mut t = T::new(2, &[1]);
    t.slot(1, "farmhouse", None).land_and_place(1, "b1");
    assert_eq!(t.value(0, "b2.1"), 4, "the Tavern's Food +1");
    t.slot(2, "food-die", Some(2)).land_and_place(2, "b1.1");
    assert_eq!(t.value(0, "b1.1"), 3, "on its own spot: +1");
    t.tile(0, "a4", "dry-dock").slot(3, "food-die", Some(2)).land_and_place(3, "a4.2");
    assert_eq!(t.value(0, "a4.2"), 2, "out of reach");
}

#[test]
fn tile_shipwright_() {
    let mut t = T::new(2, &[1]);
    t.tile(0, "c3", "cannon-chest").put(0, "c3.1", Item::Ship, 4);
    t.tile(0, "a1", "armoury").put(0, "a1.2", Item::Cannon, 0);
    t.tile(0, "d4", "dry-dock");
    t.slot(1, "shipwright", None).land_and_place(1, "d3");
    assert_eq!(t.value(0, "c3.1"), 5);
    t.slot(2, "ship-die", Some(2)).land_and_place(2, "d4.1");
    assert_eq!(t.value(0, "d4.1"), 3);
}

#[test]
fn tile_conspirators_house_() {
    let mut t = T::new(2, &[1]);
    t.tile(0, "a2", "conspirators-house").slot(1, "pirate-token", None);
    t.land_and_place(1, "a2.2");
    assert_eq!((t.s.coup[0], t.s.phase), (2, Phase::CoupRaise { die: Item::Food, amount: 1 }));
    t.ok(Action::CoupRaise { at: sp("b2.1") }).ok(Action::CoupSpend { at: sp("b2.1") });
    assert_eq!(t.s.coup[0], 3, "a paid step is not doubled");
    let mut t = T::new(2, &[1]);
    t.tile(0, "a2", "conspirators-house").tile(0, "c2", "conspirators-house").slot(1, "pirate-token", None);
    t.land_and_place(1, "a2.2").ok(Action::CoupRaise { at: sp("b2.1") });
    assert_eq!(t.s.coup[0], 3, "two Houses: 1 + 2");
    let mut t = T::new(2, &[1]);
    t.tile(0, "a2", "conspirators-house").tile(0, "d2", "cannon-chest").slot(1, "naval-dock", None);
    t.land_and_place(1, "a4").ok(Action::CoupRaise { at: sp("b2.1") });
    assert_eq!(t.s.coup[0], 3, "the Naval Dock's 2 + 1");
}

#[test]
fn tile_smugglers_den_() {
    let mut t = T::new(2, &[1]);
    t.tile(0, "c2", "smugglers-den").tile(0, "c1", "fort").tile(0, "a1", "fort");
    // The island shows the freed spot as taking anything (a trial saw its old restriction beside a Den).
    let island = t.g.describe(&t.g.view(&t.s, Viewer::Seat(Seat(0))));
    let spots = island.lines().find(|l| l.contains("{g/r}")).unwrap_or_else(|| panic!("{island}"));
    let at = |column: usize| spots.split('|').nth(column).unwrap_or("").trim().to_string();
    assert_eq!((at(1), at(3)), ("{g/r}".to_string(), "{*}".to_string()), "a1's Fort as printed, c1's freed: {island}");
    t.slot(1, "pirate-token", None).ok(Action::Travel { slot: 1 }).ok(Action::Take);
    let legal = t.legal();
    assert!(legal.contains(&Action::PlaceItem { at: sp("c1.1") }), "the Den frees the Fort's spot");
    assert!(!legal.contains(&Action::PlaceItem { at: sp("a1.1") }), "out of reach");
    t.ok(Action::PlaceItem { at: sp("c1.1") }).ok(Action::CoupStop);
    // A Ship needs a Cannon even on a free spot; the Den's printed Pirate allows a Gold.
    assert_eq!(t.count(0, Item::Pirate), 2);
    t.slot(2, "ship-die", Some(3)).ok(Action::Travel { slot: 2 });
    assert_eq!(t.legal(), vec![Action::Discard]);
    t.ok(Action::Discard);
    t.slot(3, "gold-die", Some(3)).ok(Action::Travel { slot: 3 });
    assert!(t.legal().contains(&Action::Take));
    t.ok(Action::Discard);
    // The Pirate stays when the Den moves away.
    t.slot(4, "harbour-master", None).land_and_place(4, "a4");
    t.ok(Action::MoveTile { from: cell("c2"), to: cell("b3") });
    assert_eq!(t.held(0, "c1.1"), Some(Held { item: Item::Pirate, value: 0 }));
}

#[test]
fn tile_naval_dock_() {
    let mut t = T::new(2, &[1]);
    t.tile(0, "d2", "cannon-chest").slot(1, "naval-dock", None);
    t.land_and_place(1, "a4");
    assert_eq!(t.s.coup[0], 2);
    t.ok(Action::CoupRaise { at: sp("b2.1") });
    assert_eq!(t.value(0, "b2.1"), 4);
    assert_eq!(t.s.phase, Phase::CoupSpend, "then spending is offered");
    assert_eq!((t.count(0, Item::Ship), t.s.islands[0].pips(t.g.content(), Item::Ship)), (1, 3));
    let mut t = T::new(2, &[1]);
    t.slot(1, "naval-dock", None).ok(Action::Travel { slot: 1 });
    assert_eq!(t.legal(), vec![Action::Discard], "no spare Cannon for its Ship");
}

#[test]
fn tile_harbour_master_() {
    let build = || {
        let mut t = T::new(2, &[1]);
        t.tile(0, "b1", "farmhouse").put(0, "b1.1", Item::Rum, 0);
        t.tile(0, "a4", "trading-port");
        t.tile(0, "d2", "cannon-chest").put(0, "d2.1", Item::Food, 2);
        t.slot(1, "harbour-master", None).land_and_place(1, "b4");
        t
    };
    let mut t = build();
    let legal = t.legal();
    assert!(legal.contains(&Action::MoveItem { from: sp("b1.1"), to: sp("a4.1") }));
    assert!(legal.contains(&Action::Skip));
    // The way out of the ability says what it does and is never paged away (a trial found it 30th of 30).
    let view = t.g.view(&t.s, Viewer::Seat(Seat(0)));
    assert_eq!(t.g.label_in_view(&view, &Action::Skip), "skip: move nothing");
    assert!(t.g.always_shown(&view, &Action::Skip));
    assert!(!legal.iter().any(|a| matches!(a, Action::MoveTile { from, .. } if *from == cell("b2"))), "the Tavern");
    t.said();
    t.ok(Action::MoveItem { from: sp("b1.1"), to: sp("a4.1") });
    assert_eq!((t.held(0, "b1.1"), t.held(0, "a4.1").map(|h| h.item)), (None, Some(Item::Rum)));
    t.says(&[
        "P1 uses the Harbour Master's Port to move the Rum token from the Farmhouse on b1 to the Trading Port on a4.",
    ]);
    let mut t = build();
    t.said();
    t.ok(Action::MoveTile { from: cell("b1"), to: cell("d3") });
    t.says(&["P1 uses the Harbour Master's Port to move the Farmhouse, with what it holds, from b1 to d3 ("]);
    assert_eq!(t.held(0, "d3.1").map(|h| h.item), Some(Item::Rum), "with its contents");
    assert_eq!(t.value(0, "d2.1"), 2, "moving is not placing: no boost");
    let mut t = build();
    let before = t.s.islands[0];
    t.said();
    t.ok(Action::Skip);
    assert_eq!(t.s.islands[0], before);
    t.says(&["P1 chooses to move nothing with the Harbour Master's Port."]);
    assert_eq!(t.count(0, Item::Cannon), 2, "its printed Cannon counts at once");
}

#[test]
fn tile_trading_port_() {
    let build = || {
        let mut t = T::new(2, &[1]);
        t.tile(0, "b1", "farmhouse").put(0, "b1.2", Item::Gold, 2);
        t.tile(0, "d2", "gold-chest").tile(0, "c3", "pirate-chest").tile(0, "a1", "treasury");
        t.slot(1, "trading-port", None).land_and_place(1, "a4");
        t
    };
    let mut t = build();
    assert_eq!(t.legal(), vec![Action::Reroll { at: sp("b1.2") }, Action::Skip], "never the printed Gold");
    t.said();
    t.ok(Action::Reroll { at: sp("b1.2") }).chance(Chance::Reroll { value: 6 });
    assert_eq!(t.value(0, "b1.2"), 6);
    t.says(&[
        "P1 uses the Trading Port to reroll the Gold die showing 2 on the Farmhouse on b1.",
        "P1's Gold die on the Farmhouse on b1 is rerolled: it shows 6 (it showed 2).",
    ]);
    let mut t = build();
    t.said();
    t.ok(Action::Skip);
    assert_eq!(t.value(0, "b1.2"), 2);
    t.says(&["P1 chooses not to reroll a Gold die with the Trading Port."]);
    let mut t = T::new(2, &[1]);
    t.slot(1, "trading-port", None).land_and_place(1, "a4");
    t.says(&["P1 has no Gold die for the Trading Port to reroll."]);
}

#[test]
fn tile_fishing_port_() {
    let mut t = T::new(2, &[1]);
    t.slot(1, "fishing-port", None).land_and_place(1, "a4");
    t.ok(Action::Reroll { at: sp("b2.1") }).chance(Chance::Reroll { value: 1 });
    assert_eq!(t.value(0, "b2.1"), 1, "a lower result stands");
}

#[test]
fn tile_dry_dock_() {
    let mut t = T::new(2, &[1]);
    t.tile(0, "d2", "cannon-chest").put(0, "d2.1", Item::Ship, 2).tile(0, "c3", "cannon-chest");
    t.slot(1, "dry-dock", None).land_and_place(1, "a4");
    t.ok(Action::Reroll { at: sp("d2.1") }).chance(Chance::Reroll { value: 5 });
    assert_eq!(t.value(0, "d2.1"), 5);
    t.slot(2, "ship-die", Some(4)).land_and_place(2, "a4.1");
    assert_eq!(t.value(0, "a4.1"), 4);
}

#[test]
fn tile_market_() {
    let mut t = T::new(2, &[]);
    t.tile(0, "a1", "market");
    t.tile(0, "b1", "farmhouse").tile(0, "a2", "farmhouse").tile(0, "c2", "goldsmith");
    t.tile(0, "a4", "fishing-port").tile(0, "b4", "dry-dock");
    assert_eq!(t.score(0).infrastructure, 8, "4 different names");
}

#[test]
fn tile_fort_() {
    let mut t = T::new(2, &[]);
    t.tile(0, "a1", "fort");
    t.tile(0, "b1", "goldsmith").put(0, "b1.1", Item::Cannon, 0).put(0, "b1.2", Item::Pirate, 0);
    t.tile(0, "d2", "cannon-chest").put(0, "d2.1", Item::Pirate, 0);
    t.tile(0, "c1", "conspirators-house").put(0, "c1.2", Item::Pirate, 0); // only a Pirate
    assert_eq!(t.score(0).infrastructure, 4);
}

#[test]
fn tile_granary_() {
    let mut t = T::new(2, &[]);
    t.tile(0, "a1", "granary").put(0, "b2.1", Item::Food, 4).tile(0, "b1", "farmhouse").put(0, "b1.1", Item::Food, 2);
    assert_eq!(t.score(0).infrastructure, 6);
    t.s.islands[0].plots[cell("b2").index()].spots[0] = None;
    t.s.islands[0].plots[cell("b1").index()].spots[0] = None;
    assert_eq!(t.score(0).infrastructure, 0);
}

fn barracks() -> T {
    let mut t = T::new(2, &[]);
    t.tile(0, "a1", "barracks");
    t.tile(0, "b1", "goldsmith").put(0, "b1.2", Item::Pirate, 0);
    t.tile(0, "c1", "pirate-chest").put(0, "c1.1", Item::Pirate, 0);
    t.tile(0, "a4", "fishing-port").put(0, "a4.2", Item::Pirate, 0);
    t
}

#[test]
fn tile_barracks_() {
    let t = barracks();
    assert_eq!(t.score(0).infrastructure, 6, "three mutually adjacent Pirates score 2 each; the lone one 0");
}

#[test]
fn tile_lighthouse_() {
    let mut t = T::new(2, &[]);
    t.tile(0, "c1", "lighthouse").put(0, "c1.1", Item::Rum, 0);
    t.tile(0, "b1", "goldsmith").put(0, "b1.1", Item::Cannon, 0).put(0, "b1.2", Item::Pirate, 0);
    t.tile(0, "c2", "farmhouse").put(0, "c2.1", Item::Food, 3);
    t.tile(0, "d1", "cannon-chest");
    assert_eq!(t.score(0).infrastructure, 5, "1 + 2 + 1 + 1; the Tavern is diagonal");
}

#[test]
fn tile_armoury_() {
    let mut t = T::new(2, &[]);
    t.tile(0, "a1", "armoury").put(0, "a1.2", Item::Cannon, 0);
    t.tile(0, "a4", "trading-port").put(0, "a4.2", Item::Cannon, 0);
    t.tile(0, "b4", "harbour-master");
    assert_eq!(t.score(0).infrastructure, 3);
}

#[test]
fn tile_treasury_() {
    let mut t = T::new(2, &[]);
    t.tile(0, "a1", "treasury");
    assert!(t.s.islands[0].can_place(t.g.content(), Item::Gold), "its printed Pirate allows a Gold");
    t.put(0, "a1.1", Item::Gold, 3).tile(0, "b1", "farmhouse").put(0, "b1.2", Item::Gold, 5);
    t.tile(0, "d2", "gold-chest");
    assert_eq!(t.score(0).infrastructure, 12);
}

#[test]
fn tile_cannon_chest_() {
    let mut t = T::new(2, &[1]);
    t.put(0, "b2.1", Item::Food, 4).slot(1, "ship-die", Some(3)).slot(2, "ship-die", Some(3));
    t.ok(Action::Travel { slot: 1 });
    assert_eq!(t.legal(), vec![Action::Discard], "no Cannon, and the Pirate Chest gives none");
    t.ok(Action::Discard);
    t.top("cannon-chest");
    t.ok(Action::BuyChest);
    for _ in 0..4 {
        t.ok(Action::Pay { at: sp("b2.1") });
    }
    t.ok(Action::PlaceChest { cell: cell("d2") });
    settle(&mut t, 1);
    assert_eq!(t.s.coup[0], 0, "a printed Cannon moves nobody");
    assert!(t.s.islands[0].accepts(t.g.content(), sp("d2.1"), Item::Rum), "any die or token");
    t.land_and_place(2, "d2.1");
    assert_eq!(t.count(0, Item::Ship), 1);
}

#[test]
fn tile_pirate_chest_() {
    let mut t = T::new(2, &[]);
    assert!(!t.s.islands[0].can_place(t.g.content(), Item::Gold));
    t.tile(0, "d2", "pirate-chest");
    assert!(t.s.islands[0].can_place(t.g.content(), Item::Gold), "its Pirate allows a Gold");
    assert_eq!(t.s.coup[0], 0);
}

#[test]
fn tile_gold_chest_() {
    let mut t = T::new(2, &[1]);
    t.put(0, "b2.1", Item::Food, 4).tile(0, "a1", "barracks").put(0, "a1.1", Item::Pirate, 0);
    t.top("gold-chest");
    assert!(t.legal().contains(&Action::BuyChest), "1 Pirate, no Gold");
    t.tile(0, "b1", "farmhouse").put(0, "b1.2", Item::Gold, 1);
    assert!(!t.legal().contains(&Action::BuyChest), "1 Pirate, 1 Gold");
    t.s.islands[0].plots[cell("b1").index()].spots[1] = None;
    t.ok(Action::BuyChest);
    for _ in 0..4 {
        t.ok(Action::Pay { at: sp("b2.1") });
    }
    t.ok(Action::PlaceChest { cell: cell("d2") });
    for item in Item::ALL {
        assert!(t.s.islands[0].accepts(t.g.content(), sp("d2.1"), item));
        assert!(t.s.islands[0].accepts(t.g.content(), sp("d2.2"), item));
    }
}

#[test]
fn tile_statue_() {
    let mut t = T::new(2, &[]);
    assert_eq!(t.score(0).total, 2, "a lone Tavern Rum scores 2");
    t.s.statues[0] = 2;
    assert_eq!((t.score(0).statues, t.score(0).total), (10, 12), "5 each, no island spot");
}

#[test]
fn tile_tavern_() {
    let t = T::new(2, &[]);
    let c = t.g.content();
    assert_eq!(t.s.islands[0].plots[c.tavern_cell as usize].tile, Some(c.tavern));
    assert_eq!(t.count(0, Item::Rum), 1, "its printed Rum");
    assert!(!t.s.islands[0].can_relocate(c), "the Tavern never moves; nothing else to move");
}

#[test]
fn every_tile_of_the_data_has_a_test_here() {
    let source = include_str!("pirate_haven.rs");
    for tile in &game(2).content().tiles {
        let name = format!("fn tile_{}_", tile.id.replace('-', "_"));
        assert!(source.contains(&name), "no test for the tile {}", tile.id);
    }
}

#[test]
fn designer_data_in_the_options_and_bad_data_is_refused_with_a_reason() {
    let coup: serde_json::Value = serde_json::from_str(plunder_games::pirate_haven::content::COUP_JSON).unwrap();
    let mut cheap = coup.clone();
    cheap["treasure_chest"]["effect"][0]["food"] = serde_json::json!(2);
    let g = PirateHaven::new(Options { coup: Some(cheap), ..Options::for_players(2) }).unwrap();
    assert_eq!(g.content().chest_cost, 2);
    let mut broken = coup;
    broken["coup_track"]["top"] = serde_json::json!(0);
    let error = PirateHaven::new(Options { coup: Some(broken), ..Options::for_players(2) }).unwrap_err();
    assert!(error.reason.contains("top"), "{}", error.reason);
    let error =
        PirateHaven::new(Options { tiles: Some(serde_json::json!({"format": "x"})), ..Options::for_players(2) })
            .unwrap_err();
    assert!(error.reason.contains("tiles"), "{}", error.reason);
}

#[test]
fn a_designers_misplaced_effect_is_refused_in_the_files_words() {
    use plunder_games::pirate_haven::content::{COUP_JSON, TILES_JSON};
    let limit = serde_json::json!({"kind": "count_limit", "item": "ship", "not_more_than": "cannon"});
    let mut tiles: serde_json::Value = serde_json::from_str(TILES_JSON).unwrap();
    let id = tiles["entries"][0]["id"].as_str().unwrap().to_string();
    tiles["entries"][0]["effect"] = serde_json::json!([limit]);
    let reason = refusal("pirate-haven", serde_json::json!({ "tiles": tiles }));
    assert!(reason.contains(&format!("'{id}': effect \"count_limit\" is not for tiles")), "{reason}");
    assert_plain(&reason);

    let mut coup: serde_json::Value = serde_json::from_str(COUP_JSON).unwrap();
    coup["limits"][0]["effect"] = serde_json::json!([{"kind": "score_flat", "fame": 1}]);
    let reason = refusal("pirate-haven", serde_json::json!({ "coup": coup.clone() }));
    assert!(reason.contains("limits: effect \"score_flat\" is not a limit (use \"count_limit\")"), "{reason}");
    assert_plain(&reason);

    coup["limits"][0]["effect"] = serde_json::json!([limit]);
    coup["coup_track"]["advance_on"][0]["effect"] = serde_json::json!([limit]);
    let reason = refusal("pirate-haven", serde_json::json!({ "coup": coup }));
    assert!(reason.contains("advance_on: effect \"count_limit\" does not advance"), "{reason}");
    assert_plain(&reason);
}

/// The new-player trial: in the last round, leaving still said "(next round's order)", and so did its choice.
#[test]
fn leaving_in_the_last_round_does_not_speak_of_a_next_round() {
    let leave_words = |round: u8| {
        let mut t = T::new(2, &[]);
        t.s.round = round;
        let view = t.g.view(&t.s, Viewer::Seat(t.s.mover));
        let meaning = t.g.explain(&view, &Action::Leave);
        t.ok(Action::Leave);
        let said = t.said();
        (meaning, said.into_iter().find(|l| l.contains("leaves the map")).expect("leaving is told"))
    };
    let (meaning, told) = leave_words(1);
    assert!(meaning.contains("(next round's order)"), "{meaning}");
    assert!(told.ends_with("1st on the Turn track (next round's order)."), "{told}");
    let (meaning, told) = leave_words(4);
    for words in [&meaning, &told] {
        assert!(!words.contains("next round"), "{words}");
        assert!(words.contains("the last round: 3 Fame at the end for 1st"), "{words}");
    }
    // The second to leave in the last round gets no Fame for its spot, and is told so.
    let mut t = T::new(2, &[]);
    t.s.round = 4;
    t.ok(Action::Leave);
    let view = t.g.view(&t.s, Viewer::Seat(t.s.mover));
    let meaning = t.g.explain(&view, &Action::Leave);
    assert!(meaning.contains("2nd Turn track spot (the last round: no round follows, and only 1st scores, 3 Fame)"));
    t.ok(Action::Leave);
    t.says(&["P2 leaves the map (no tile lies ahead): 2nd on the Turn track (the last round: no round follows"]);
}

/// The new-player trial: placement choices did not say which spot gives a House bonus. Each says what it gives
/// at once: a House's +1 on a die placed within its reach, the dice a House raises when placed, the Fame a Rum
/// set or an Infrastructure tile gains; a spot that gives nothing says nothing.
#[test]
fn placement_choices_say_what_each_spot_gives() {
    // A Food die of 2 with a Farmhouse on b1: its own spot (b1.1) is within reach, a Granary's... none; the
    // Goldsmith's House on d3 is out of reach.
    let mut t = T::new(2, &[1]);
    t.tile(0, "b1", "farmhouse").tile(0, "d3", "goldsmith").slot(1, "food-die", Some(2));
    t.ok(Action::Travel { slot: 1 }).ok(Action::Take);
    let view = t.g.view(&t.s, Viewer::Seat(Seat(0)));
    let near = t.g.label_in_view(&view, &Action::PlaceItem { at: sp("b1.1") });
    assert!(near.ends_with(", spot 1: House bonus: your Farmhouse raises it to 3"), "{near}");
    assert!(near.starts_with("place the Food 2 die on "), "names what is placed: {near}");
    let far = t.g.label_in_view(&view, &Action::PlaceItem { at: sp("d3.1") });
    assert!(far.ends_with("on d3 (row 3, column d), spot 1"), "nothing to say: {far}");

    // A Farmhouse placed next to the Tavern raises its Food die; placed away from it, nothing.
    let mut t = T::new(2, &[1]);
    t.slot(1, "farmhouse", None);
    t.ok(Action::Travel { slot: 1 }).ok(Action::Take);
    let view = t.g.view(&t.s, Viewer::Seat(Seat(0)));
    let near = t.g.label_in_view(&view, &Action::PlaceTile { cell: cell("b1") });
    assert_eq!(near, "place the Farmhouse on b1 (row 1, column b): House bonus: raises your Food die on b2 to 4");
    let far = t.g.label_in_view(&view, &Action::PlaceTile { cell: cell("d3") });
    assert_eq!(far, "place the Farmhouse on d3 (row 3, column d)");

    // A Rum next to the Tavern's printed Rum makes a set of 2 (5 Fame) of a lone Rum (2).
    let mut t = T::new(2, &[1]);
    t.tile(0, "b1", "farmhouse").tile(0, "d3", "farmhouse").slot(1, "rum-token", None);
    t.ok(Action::Travel { slot: 1 }).ok(Action::Take);
    let view = t.g.view(&t.s, Viewer::Seat(Seat(0)));
    let near = t.g.label_in_view(&view, &Action::PlaceItem { at: sp("b1.1") });
    assert!(near.ends_with(": +3 Fame at the end (Rum sets)"), "{near}");
    let far = t.g.label_in_view(&view, &Action::PlaceItem { at: sp("d3.1") });
    assert!(far.ends_with(": +2 Fame at the end (Rum sets)"), "a Rum set of its own: {far}");
}

/// The new-player trial: `hint` named the best bot's choice without a reason. The game gives one in a player's
/// words: what the choice gains by the end of the turn, or what makes it the only one.
#[test]
fn the_hint_says_why_in_a_players_words() {
    // Placing a Farmhouse by the Tavern: the House bonus and the Food it brings.
    let mut t = T::new(2, &[1]);
    t.slot(1, "farmhouse", None);
    t.ok(Action::Travel { slot: 1 }).ok(Action::Take);
    let view = t.g.view(&t.s, Viewer::Seat(Seat(0)));
    let why = t.g.hint_reason(&view, &Action::PlaceTile { cell: cell("b1") }).expect("a reason");
    assert!(why.contains("House bonus: raises your Food die on b2 to 4") && why.contains("+1 Food pip"), "{why}");
    assert_eq!(unfit_words(&t.g, &why), None, "{why}");
    let spectator = t.g.view(&t.s, Viewer::Spectator);
    assert_eq!(t.g.hint_reason(&spectator, &Action::PlaceTile { cell: cell("b1") }), None, "only for the mover");

    // The only tile ahead that can be taken (a Rum has no spot on a bare island), and it scores at the end.
    let mut t = T::new(2, &[1]);
    t.slot(1, "rum-token", None).slot(2, "granary", None);
    let view = t.g.view(&t.s, Viewer::Seat(Seat(0)));
    let why = t.g.hint_reason(&view, &Action::Travel { slot: 2 }).expect("a reason");
    assert!(why.starts_with("the only tile ahead you can take; +3 Fame at the end (Infrastructure)"), "{why}");

    // Every decision of a greedy game: the bot's choice has a reason, in plain words.
    let g = game(2);
    let mut session = Session::new(g.clone(), 5, ChanceMode::Sampled);
    let mut bots: Vec<_> = (0..2).map(plunder_games::pirate_haven::GreedyBot::new).collect();
    let mut reasons = 0;
    while let Status::Decide(seats) = session.status() {
        let seat = seats.lowest().unwrap();
        let view = session.view(Viewer::Seat(seat));
        let legal = session.legal_actions(seat);
        let action = plunder_core::Bot::act(
            &mut bots[seat.index()],
            &plunder_core::Turn::new(&g, session.state(), seat, &view, &legal),
        );
        let why = g.hint_reason(&view, &action).expect("every choice has a reason");
        assert_eq!(unfit_words(&g, &why), None, "{action}: {why}");
        reasons += 1;
        session.play(seat, action).unwrap();
    }
    assert!(reasons > 20, "{reasons}");
}

/// A browser trial could not tell who was winning: until the game is over every view gives each island's Fame
/// if the game ended now (the final scores' totals at the last step), and the board says it.
#[test]
fn every_view_gives_the_fame_each_island_would_score_now() {
    let g = game(3);
    let mut s = g.initial_state();
    let mut rng = Rng::seeded(4);
    let mut legal = Vec::new();
    let mut grew = false;
    while g.status(&s) != Status::Over {
        let view = g.view(&s, Viewer::Spectator);
        let now = &scores(g.content(), &s)[..3];
        assert_eq!(view.fame_now.as_deref(), Some(now));
        assert!(view.scores.is_none());
        grew |= now.iter().any(|f| f.total > 0);
        match g.status(&s) {
            Status::Chance => {
                let o = g.sample_chance(&s, &mut rng);
                g.apply_chance_unchecked(&mut s, &o);
            }
            Status::Decide(seats) => {
                let seat = seats.lowest().unwrap();
                legal.clear();
                g.legal_actions(&s, seat, &mut legal);
                g.apply_unchecked(&mut s, seat, &legal[rng.index(legal.len())]);
            }
            Status::Over => unreachable!(),
        }
    }
    assert!(grew, "some Fame was won during the game");
    let over = g.view(&s, Viewer::Seat(Seat(0)));
    assert!(over.fame_now.is_none() && over.scores.is_some(), "the final scores replace it");
    let mid = g.view(&g.initial_state(), Viewer::Seat(Seat(0)));
    // The viewer's own Fame by source, the others' totals.
    let line = g.describe(&mid).lines().find(|l| l.starts_with("Fame if the game ended now: ")).unwrap().to_string();
    assert!(line.contains("P1 2 (Ships 0, Rum 2, Infrastructure 0, Statues 0, Turn track 0)"), "{line}");
    assert!(line.ends_with(", P2 2, P3 2"), "{line}");
}

#[test]
fn the_help_tells_the_limits_and_a_chests_price_where_a_trial_looked() {
    let g = game(3);
    let limits = g.look_up("limits").expect("? limits");
    assert!(
        limits.contains("never more Ships than Cannons") && limits.contains("never more Gold than Pirates"),
        "{limits}"
    );
    let rum = g.look_up("rum").expect("? rum");
    assert!(!rum.contains("Limit"), "the Rum is in no limit: {rum}");
    let ship = g.look_up("ship").expect("? ship");
    assert!(ship.contains("Limit: never more Ships than Cannons"), "{ship}");
    let chest = g.look_up("chest").expect("? chest");
    assert!(chest.contains("bought for 4 Food pips"), "{chest}");
}
