//! The unchecked path allocates nothing per step: a counting allocator watches random playouts of every
//! registered game (the games in `ALLOCATES` excepted, each with its reason).
//! (Its own test binary, because the allocator is global: `counting_alloc`.)
mod counting_alloc;

use plunder_core::{random_playout, Narrate, Rng, Roster};
use plunder_games::{game_ids, with_game, GameVisitor};

/// Games whose unchecked path still allocates, each with its reason. None today. The test fails if one of them
/// stops allocating, so this list (and ARCHITECTURE.md, which repeats it) stays exact.
const ALLOCATES: &[&str] = &[];

/// Enough steps that a per-step allocation cannot hide.
const MIN_STEPS: u64 = 10_000;
const PLAYOUTS_PER_BATCH: usize = 64;

/// Counts the allocations of random playouts after warm-up at the smallest and the largest table.
struct CountAllocations;

impl GameVisitor for CountAllocations {
    type Output = Vec<(usize, u64, u64)>;

    fn visit<G: Roster + Narrate>(self) -> Vec<(usize, u64, u64)> {
        let facts = G::new(G::Options::default()).expect("default options are valid").facts();
        let mut counts = Vec::new();
        for players in [facts.min_players, facts.max_players] {
            let game = G::new(G::options_for_players(players)).expect("every table size in the facts is valid");
            let mut rng = Rng::seeded(1);
            let mut legal = Vec::with_capacity(256);
            let mut state = game.initial_state();
            random_playout(&game, &mut state, &mut rng, &mut legal); // warm-up: the buffer grows once
            let (mut steps, mut allocations) = (0, 0);
            while steps < MIN_STEPS {
                // Starting states are made outside the count: a game may allocate once when it starts (a bid
                // history with room to grow, say); what must not allocate is each step.
                let mut states: Vec<G::State> = (0..PLAYOUTS_PER_BATCH).map(|_| game.initial_state()).collect();
                let before = counting_alloc::allocations();
                for state in &mut states {
                    steps += random_playout(&game, state, &mut rng, &mut legal);
                }
                allocations += counting_alloc::allocations() - before;
            }
            counts.push((players, allocations, steps));
        }
        counts
    }
}

#[test]
fn random_playouts_allocate_nothing_after_warm_up_except_in_listed_games() {
    for id in ALLOCATES {
        assert!(game_ids().contains(id), "{id} is listed as allocating but is not a game");
    }
    for id in game_ids() {
        for (players, allocations, steps) in with_game(id, CountAllocations).unwrap() {
            if ALLOCATES.contains(&id) {
                assert!(allocations > 0, "{id} no longer allocates: remove it from ALLOCATES and ARCHITECTURE.md");
            } else {
                assert_eq!(allocations, 0, "{id}, {players} players: {allocations} allocations in {steps} steps");
            }
        }
    }
}
